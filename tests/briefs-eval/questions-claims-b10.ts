import type { RealQuestion } from './question-types';

/**
 * Batch 10 of the claim-judged real-text questions: written blind on 2026-12-07, from the corpus alone (a JSONL dump of
 * loadRealCorpus() grepped by hand), without reading the brief, search or AI code, the earlier batches, their readings
 * or any run. 40 questions: 24 answerable, over 18 feeds (news, blogs, podcasts, newsletters, a mail), and 16 traps
 * whose words occur in the corpus in another sense, in passing, or for a related but different question.
 *
 * Frozen: never edited after its commit; later readings go to claim-judgments.json.
 */
const Q = (q: Omit<RealQuestion, 'corpus' | 'batch'>): RealQuestion => ({ ...q, corpus: 'real', batch: 10 });

const ANSWERABLE: RealQuestion[] = [
  Q({
    id: 'b10-stackoverflow-ai-pay',
    question: "Will companies building AI models have to pay to use Stack Overflow's content?",
    relevant: { 'feeds/slashdot.rdf#12': 2 },
    answers: [
      'Stack Overflow To Charge LLM Developers For Access To Its Coding Content',
      "And it will cost money to use the site's content.",
    ],
    note: 'Grepped "stack overflow": google-cloud-blog#13 (BigQuery tag clustering), and-now-its-all-this#11, coding-blocks#39 (salaries) name the site in passing.',
  }),
  Q({
    id: 'b10-yelp-remote-applicants',
    question: 'How much did job applications to Yelp rise after it switched to remote-first work?',
    relevant: { 'feeds/slashdot.rdf#5': 2 },
    answers: [
      'Yelp Says Remote-First Policy Boosted Job Apps By 43%, Led To a More Satisfied Workforce',
      "Last year, the total number of job applicants was 43% higher compared to 2021, according to Yelp's 2024 Remote Work Report released earlier this month.",
    ],
    note: 'Grepped yelp: giant-bombcast#400 and se-radio#26 mention Yelp in passing.',
  }),
  Q({
    id: 'b10-ibm-savings-target',
    question: 'What annual savings is IBM targeting from its restructuring by the end of 2024?',
    relevant: { 'feeds/slashdot.rdf#9': 2 },
    answers: [
      'Insiders told us this latest process is not considered to be financial but "transformative," although IBM was quite clear in January when CFO James Kavanaugh discussed achieving "$3 billion annual run rate in savings by the end of 2024."',
      'This is a third bigger than the initial ambition.',
    ],
    note: 'Grepped IBM near sav|cut|layoff|job: only this post; nixers-newsletter#12 links the Red Hat acquisition.',
  }),
  Q({
    id: 'b10-angies-list-ipo-value',
    question: "What would Angie's List be worth at the top of its IPO price range?",
    relevant: { 'feeds/techcrunch.xml#0': 2 },
    answers: ['At the high end of the range, Angie’s List would be valued at nearly $700 million.'],
    note: 'Grepped angie: the-daily-nyt#135/#141 are about a farmer named Angie Provost. The title says "Valued At Over $600M", the body nearly $700 million at the high end.',
  }),
  Q({
    id: 'b10-india-fdi-fy19',
    question: 'Did foreign direct investment into India grow in 2018-19?',
    relevant: { 'feeds/livemint.xml#14': 2, 'feeds/livemint.xml#4': 2 },
    answers: [
      'FDI declined for the first time in the last six years in 2018-19, falling by 1% to $44.37 billion as overseas fund inflows subsided in telecom, pharma and other sectors.',
      'FY19 saw FDI equity inflows falling 1% to $44.4 bn in fresh policy challenge.',
    ],
    note: 'Grepped FDI|foreign direct: livemint#6 names Singapore as an FDI contributor (tax treaties), nixers-newsletter hits are a URL and fdisk.',
  }),
  Q({
    id: 'b10-india-currency-watchlist',
    question: "Is the US Treasury still monitoring India's currency practices?",
    relevant: { 'feeds/livemint.xml#1': 2 },
    answers: ['US takes India off watchlist for currency practices'],
    note: 'Grepped watchlist|currency manipulat|rupee: only this post.',
  }),
  Q({
    id: 'b10-rosneft-financing',
    question: "Who put up the money to get Rosneft's privatization started?",
    relevant: { 'feeds/moscow-times.xml#20': 2 },
    answers: [
      'Russian State Bank Loaned $11.6 Bln to Start Rosneft Privatization Deal',
      'Kremlin-owned Russian bank VTB provided a loan needed to kick-started the privatization of Russian energy giant Rosneft, the RBC news outlet has revealed.',
    ],
    note: 'Grepped rosneft: only this post.',
  }),
  Q({
    id: 'b10-ghana-tax-cuts',
    question: "Is Ghana's new government going to lower taxes?",
    relevant: { 'feeds/reuters-world.xml#5': 2 },
    answers: [
      "Ghana's new President Akufo-Addo says will cut taxes",
      "ACCRA (Reuters) - Ghana's new President Nana Akufo-Addo pledged to cut taxes to boost the economy at his swearing in ceremony on Saturday, whilst also promising to protect the public purse by getting value for money on services.",
    ],
    note: 'Grepped ghana: nixers-newsletter#48 only matches inside a word.',
  }),
  Q({
    id: 'b10-stock-records-jan-2017',
    question: 'What pushed US stock indexes to record highs in early January 2017?',
    relevant: { 'feeds/breakingnews-ie-business.xml#0': 2 },
    answers: [
      'Higher wages push stocks to records, but Dow misses 20,000 mark',
      'The Dow Jones industrial average missed the 20,000 mark by a fraction of a point on Friday as US stock indexes rose after the government said wages jumped in December, but two other major indexes set records.',
    ],
    note: 'Grepped dow jones|20,000|stock market: planet-money#345 is an older episode on the hype around Dow 20,000, not its cause; nytimes-home#6 gives the wage figures but not the market.',
  }),
  Q({
    id: 'b10-jamie-oliver-closures',
    question: "Why is Jamie Oliver's restaurant business shutting sites?",
    relevant: { 'feeds/breakingnews-ie-business.xml#4': 2 },
    answers: ['Jamie Oliver closes six restaurants because of tough trading and Brexit'],
    note: 'Grepped jamie oliver: only this post.',
  }),
  Q({
    id: 'b10-wdc-bmo-target',
    question: 'What share price does BMO now see for Western Digital?',
    relevant: { 'feeds/finanzen-net-analysen.xml#3': 2 },
    answers: [
      'Der Analyst BMO Capital Markets hat Western Digital Corp. von Market Perform auf "Outperform" hochgestuft und das Kursziel von 66 auf 90 USD angehoben.',
    ],
    note: 'Grepped western digital: only this post (German). The other BMO ratings in the feed are other companies.',
  }),
  Q({
    id: 'b10-99pi-buyer',
    question: 'Who acquired the 99% Invisible podcast?',
    relevant: { 'feeds/podnews.xml#31': 2 },
    answers: ['99% Invisible bought by SiriusXM'],
    note: 'Grepped 99% invisible|99pi|siriusxm: podnews#29 (SiriusXM revenue) and podnews#1 (Sawdust shows) are other SiriusXM news.',
  }),
  Q({
    id: 'b10-nyt-podcast-ads-2020',
    question: 'How much did The New York Times make from podcast advertising in 2020?',
    relevant: { 'feeds/podnews.xml#88': 2 },
    answers: ['The New York Times made $36m from podcast ads in 2020'],
    note: 'Grepped "podcast ad": podnews#19 is the US-wide ad revenue growth, not the Times.',
  }),
  Q({
    id: 'b10-car-loan-delinquency',
    question: 'How many Americans are seriously behind on their auto loans?',
    relevant: { 'feeds/planet-money.xml#34': 2 },
    answers: ['7 million Americans are at least 3 months behind on car payments.'],
    note: 'Grepped car loan|auto loan|car payment: only this episode.',
  }),
  Q({
    id: 'b10-farmer-trade-war-aid',
    question: 'How much money is Washington giving farmers hurt by the trade war?',
    relevant: { 'feeds/the-daily-nyt.xml#453': 2, 'feeds/the-daily-nyt.xml#247': 1 },
    answers: ['President Trump announced a $12 billion bailout for American farmers hurt by tariffs.'],
    note: 'Grepped bailout|farmers: the-daily-nyt#247 says another bailout is being considered (no amount); planet-money#347 is a bank bailout; the-ruminant hits are farm practice.',
  }),
  Q({
    id: 'b10-btc-miner-losses',
    question: 'Why are US bitcoin mining companies losing money?',
    relevant: { 'feeds/heise-online-de.xml#62': 2 },
    answers: [
      'Gesunkener Bitcoinkurs, gestiegener Strompreis und hohe Inflation: Die großen Unternehmen der US-Miningbranche schreiben dicke rote Zahlen.',
    ],
    note: "Grepped bitcoin near miner|mining: changing-the-tide#5 and cre-de#25 discuss mining in general, not the miners' losses.",
  }),
  Q({
    id: 'b10-waymo-remote-staff',
    question: 'How many remote helpers does Waymo need to keep its robotaxi fleet running?',
    relevant: { 'mail/substack-waymo.eml#0': 2 },
    answers: [
      'At any moment, just 70 people oversee Waymo’s 3,000-vehicle fleet.',
      'But on Tuesday, Waymo provided an important clue, revealing that “at any given time, there are approximately 70 Remote Assistance agents on duty worldwide.”',
    ],
    note: 'Grepped waymo|remote assist|robotaxi: slashdot#7 is the California approval of Waymo service areas.',
  }),
  Q({
    id: 'b10-us-pay-growth-2016',
    question: 'How fast did average hourly pay grow in the US in 2016?',
    relevant: { 'feeds/nytimes-home.xml#6': 2, 'feeds/breakingnews-ie-business.xml#0': 1 },
    answers: [
      'Average hourly earnings rose by 2.9 percent last year, the best performance since the recession, even as job growth tapered off in December.',
    ],
    note: 'Grepped hourly earnings|wages: breakingnews-ie-business#0 says only that wages jumped in December; other hits (Ivory Coast soldiers, NCAA, farm interns) are other wages.',
  }),
  Q({
    id: 'b10-cbo-mandate-savings',
    question: "How much would the government save by scrapping Obamacare's individual mandate?",
    relevant: { 'feeds/talking-points-memo.atom#3': 2 },
    answers: ['According to the CBO, repealing the individual mandate would save $338 billion between 2018 and 2027.'],
    note: 'Grepped individual mandate|CBO: the-daily-nyt#614 is about the tax bill killing the mandate, without a savings figure.',
  }),
  Q({
    id: 'b10-att-doj-demand',
    question: 'What does the Justice Department want from AT&T before it approves the Time Warner takeover?',
    relevant: { 'feeds/talking-points-memo.atom#7': 2, 'feeds/talking-points-memo.atom#9': 2 },
    answers: [
      'The Department of Justice told AT&T that it would need to sell off CNN or offer other concessions in order to have its acquisition of Time Warner approved, according to several reports Wednesday.',
      'The Financial Times has just reported (sub req) that the DOJ is now telling AT&T that it needs to sell CNN if it wants the acquisition approved.',
    ],
    note: 'Grepped time warner|AT&T: katie-floyd#9 (Time Warner buys into Hulu), sam-ruby (Time Warner Cable) and AT&T mail/phone-plan hits are other stories.',
  }),
  Q({
    id: 'b10-sbab-rate-rise',
    question: 'Why did SBAB put up its mortgage rates?',
    relevant: { 'feeds/cornucopia-se.atom#10': 2 },
    answers: [
      'SBAB höjde i dagarna sin listränta för tvååriga bolån.',
      'SBAB hävdade att upplåningskostnaden stigit och höjde därför sina oprutade listräntor för tvååriga obligationer.',
    ],
    note: 'Grepped bolån|bolåne|SBAB: utdelningsseglaren#7 (Avanza) and #19 (mortgage advice) are other lenders or general advice.',
  }),
  Q({
    id: 'b10-avanza-mortgage-rate',
    question: 'What interest rate is Avanza offering on its new home loans?',
    relevant: { 'feeds/utdelningsseglaren-se.atom#7': 2 },
    answers: [
      'Bolån med 1,29% i ränta',
      'Det är inte riktigt lika bra deal som för oss med private banking med 0,79% men med en rörlig 3-månaders ränta om 1,29% har de nog stora möjligheter att få många nya kunder på detta.',
    ],
    note: 'Grepped avanza: only this post.',
  }),
  Q({
    id: 'b10-luckin-sec-settlement',
    question: "How much is Luckin Coffee paying to settle the SEC's accounting fraud charges?",
    relevant: { 'feeds/geekpark-zh.xml#3': 2 },
    answers: [
      '瑞幸咖啡同意向美 SEC 支付 1.8 亿美元罚款，以了结会计欺诈指控',
      '瑞幸咖啡则已同意支付 1.8 亿美元的罚款，以了结该委员会的这一指控。',
    ],
    note: 'Grepped luckin|瑞幸: only this daily round-up (Chinese).',
  }),
  Q({
    id: 'b10-labour-top-tax-rate',
    question: 'Would a Labour government bring back the 45p top rate of income tax?',
    relevant: { 'feeds/guardian-world.xml#42': 2 },
    answers: [
      'Labour would keep 19% basic rate but reinstate 45% top rate of income tax, says Keir Starmer – UK politics live',
    ],
    note: 'Grepped top rate|45p|45%: the other hits are test flakiness tables and fantasy-baseball ownership.',
  }),
];

const TRAPS: RealQuestion[] = [
  Q({
    id: 'b10-trap-stackoverflow-api-price',
    question: 'How much per request will Stack Overflow charge AI developers for its API?',
    relevant: {},
    answers: [],
    note: 'Grepped "stack overflow": slashdot#12 says access will cost money but gives no price; the other hits name the site in passing.',
  }),
  Q({
    id: 'b10-trap-buywithme-price',
    question: 'How much did Gilt pay for BuyWithMe?',
    relevant: {},
    answers: [],
    note: 'Grepped buywithme|gilt: techcrunch#16 reports the acquisition but says "Terms of the acquisition were not disclosed."',
  }),
  Q({
    id: 'b10-trap-triton-price',
    question: 'What price did iHeartMedia agree to pay for Triton Digital?',
    relevant: {},
    answers: [],
    note: 'Grepped triton|iheart: podnews#79 is a title-only item ("iHeartMedia to buy Triton Digital"), no price; podnews#63 and #1 are Triton research and marketplace news; other iHeart items are charts, awards and 3D audio.',
  }),
  Q({
    id: 'b10-trap-wdc-ubs-target',
    question: "What is UBS's price target for Western Digital?",
    relevant: {},
    answers: [],
    note: 'Grepped "western digital" and "UBS AG": finanzen-net-analysen#3 is BMO\'s target for Western Digital; UBS\'s targets in #0/#1 are for NVIDIA and Goldman Sachs.',
  }),
  Q({
    id: 'b10-trap-betterhelp-feb-2021',
    question: 'How much did BetterHelp spend on podcast advertising in February 2021?',
    relevant: {},
    answers: [],
    note: 'Grepped betterhelp: podnews#74 gives January ($4.4m), not February; history-1865#15 carries a BetterHelp ad read.',
  }),
  Q({
    id: 'b10-trap-toyota-airbag-recall',
    question: 'How many cars is Toyota recalling to replace Takata airbags?',
    relevant: {},
    answers: [],
    note: 'Grepped takata|recall|toyota: ctv-news#7 is a Fiat Chrysler recall; Toyota appears only for its CES concept car and nursing robots; other "recall" hits are the verb.',
  }),
  Q({
    id: 'b10-trap-mexican-peso',
    question: 'Is the Mexican peso likely to weaken against the dollar?',
    relevant: {},
    answers: [],
    note: 'Grepped peso|mexican: the-daily-nyt#108 quotes "30 pesos" in Chile; uhh-yeah-dude#122 only matches inside a word; "Mexican" is soap stars, the border and vanilla soda; Mexico posts are about the border wall and fuel theft.',
  }),
  Q({
    id: 'b10-trap-ghana-cedi',
    question: "Why has Ghana's currency been falling?",
    relevant: {},
    answers: [],
    note: 'Grepped ghana|cedi: reuters-world#5 is about the new president\'s tax cuts; "cedi" only matches inside words (preceding, succeding).',
  }),
  Q({
    id: 'b10-trap-yelp-revenue',
    question: "How fast is Yelp's advertising revenue growing?",
    relevant: {},
    answers: [],
    note: 'Grepped yelp and yelp near revenue: slashdot#5 gives job-application growth after going remote, not revenue.',
  }),
  Q({
    id: 'b10-trap-luckin-stores',
    question: 'How many stores does Luckin Coffee run in China?',
    relevant: {},
    answers: [],
    note: 'Grepped luckin|瑞幸|门店: geekpark-zh#3 reports the SEC fine and fabricated sales, no store count.',
  }),
  Q({
    id: 'b10-trap-ibm-headcount-cut',
    question: 'How many employees is IBM laying off in its 2024 job cuts?',
    relevant: {},
    answers: [],
    note: 'Grepped IBM|layoffs|redundanc: slashdot#9 says "The sources we spoke to did not reveal the total population in scope for redundancies" and IBM did not confirm numbers; it gives shares by region only.',
  }),
  Q({
    id: 'b10-trap-rosneft-stake-buyer',
    question: 'Which investors bought the Rosneft stake the Kremlin sold?',
    relevant: {},
    answers: [],
    note: 'Grepped rosneft|glencore|qatar: moscow-times#20 names only VTB as the lender that started the deal, not the buyers; Glencore (the-daily-nyt#473, an employer in a discrimination case) and Qatar (peace talks, planet-money#298) are other stories.',
  }),
  Q({
    id: 'b10-trap-brent-2025',
    question: 'Where are Brent crude prices heading in 2025?',
    relevant: {},
    answers: [],
    note: 'Grepped brent|crude|oil price: Brent is only a first name (Brent Simmons, Brent Jackson); moscow-times#9 (2017) and planet-money#2 (2020) mention oil prices of their day, not 2025.',
  }),
  Q({
    id: 'b10-trap-aol-buyback-size',
    question: 'How much stock did AOL buy back in the third quarter of 2011?',
    relevant: {},
    answers: [],
    note: 'Grepped repurchase|buyback|buy back: techcrunch#18 gives AOL\'s revenue, loss and cash, and only quotes "Our share repurchases underlie our belief" without an amount.',
  }),
  Q({
    id: 'b10-trap-helium-price',
    question: 'What is the market price of helium right now?',
    relevant: {},
    answers: [],
    note: 'Grepped helium: slashdot#4 is a Minnesota discovery (concentration, feasibility study) and planet-money#61 the dwindling US stockpile; neither gives a price.',
  }),
  Q({
    id: 'b10-trap-avanza-fixed-5y',
    question: 'What does Avanza charge for a five-year fixed-rate mortgage?',
    relevant: {},
    answers: [],
    note: "Grepped avanza|bunden|5-års: utdelningsseglaren#7 gives Avanza's variable 3-month rate (1,29%); cornucopia#10 discusses 5-year fixing in general and SBAB's 2-year rate.",
  }),
];

export const BATCH10_QUESTIONS = [...ANSWERABLE, ...TRAPS];
