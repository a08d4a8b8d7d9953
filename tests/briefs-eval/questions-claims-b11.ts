import type { RealQuestion } from './question-types';

/**
 * Batch 11 of the claim-judged real-text questions: written blind on 2026-12-07, from the corpus alone (a JSONL dump of
 * loadRealCorpus() grepped by hand), without reading the brief, search or AI code, the earlier batches (beyond the
 * format of batch 10's first questions), their readings or any run. 40 questions: 24 answerable, over 17 feeds (news,
 * business news, blogs, podcasts, a newsletter, a mail; English, German and Swedish), and 16 traps whose words occur in
 * the corpus in another sense, in passing, or for a related but different question.
 *
 * Frozen: never edited after its commit; later readings go to claim-judgments.json.
 */
const Q = (q: Omit<RealQuestion, 'corpus' | 'batch'>): RealQuestion => ({ ...q, corpus: 'real', batch: 11 });

const ANSWERABLE: RealQuestion[] = [
  Q({
    id: 'b11-us-hourly-earnings-2016',
    question: 'How fast did average hourly earnings grow in the US over 2016?',
    relevant: { 'feeds/nytimes-home.xml#6': 2, 'feeds/breakingnews-ie-business.xml#0': 1 },
    answers: [
      'Average hourly earnings rose by 2.9 percent last year, the best performance since the recession, even as job growth tapered off in December.',
      'Recovery Finally Yields Big Gains for Average Worker’s Pay',
    ],
    note: 'Grepped hourly earnings|wage growth|jobs report: only nytimes-home#6 gives the figure (published January 2017, "last year"); breakingnews-ie-business#0 says only that wages jumped in December. nytimes-home#7 (Obama jobs record) names no pay figure.',
  }),
  Q({
    id: 'b11-fca-takata-recall',
    question: "How big is Fiat Chrysler's latest recall over Takata air bags?",
    relevant: { 'feeds/ctv-news.xml#7': 2 },
    answers: [
      'Fiat Chrysler recalls 100K vehicles to fix Takata air bags',
      'Fiat Chrysler is recalling more than 100,000 older trucks and SUVs worldwide to replace potentially dangerous Takata air bag inflators.',
    ],
    note: 'Grepped takata|air ?bag|fiat|chrysler: only this post; the other "fiat" hits are fiat money (hodl-hodl) and fiat-crypto.',
  }),
  Q({
    id: 'b11-teva-downgrade',
    question: 'Has any analyst changed their rating on Teva lately, and where is the price target now?',
    relevant: { 'feeds/finanzen-net-analysen.xml#2': 2 },
    answers: [
      'Der Analyst Maxim Group hat Teva Pharmaceutical Industries Ltd. (spons. ADRs) von Buy auf "Hold" abgestuft und das Kursziel von 49 auf 41 USD gesenkt.',
    ],
    note: 'Grepped teva|abgestuft: the other downgrade is Archer Daniels Midland (finanzen-net-analysen#6); "teva" also matches Kristeva (cre-de#15) and a URL in nixers-newsletter#42.',
  }),
  Q({
    id: 'b11-cigarette-prices-youth',
    question: 'Do higher cigarette prices actually reduce smoking among young people in Europe?',
    relevant: { 'feeds/medscape-family-medicine.rss#5': 2 },
    answers: [
      'Youth smoking in the EU has shown a decrease from 2012 to 2023, but many still smoke; a rise in cigarette prices is linked to a decline in youth smoking in males, and age-of-sale laws show no effect.',
    ],
    note: 'Grepped cigarette|youth smoking: the-daily-nyt#122/#124 (vaping, Juul) and #207 (lawsuits against cigarette makers) mention cigarettes without prices or youth uptake in Europe.',
  }),
  Q({
    id: 'b11-fda-overrules-reviewers',
    question: 'Has the FDA recently approved a drug over the objections of its own reviewers?',
    relevant: { 'feeds/medscape-family-medicine.rss#11': 2 },
    answers: [
      'US FDA Cleared Pricey Rare Disease Drug Over Reviewer Objections',
      'The U.S. FDA approved a pricey rare disease drug in September despite findings by its data reviewers that the treatment, while safe, was no more effective than a placebo',
    ],
    note: 'Grepped FDA|placebo: geekpark-zh#8 (FDA approves gene-edited pigs) and #13 (vaccine rollout) are other FDA approvals, not over reviewer objections; aws-blog-2008#6 names FDA validation.',
  }),
  Q({
    id: 'b11-cbo-mandate-uninsured',
    question:
      'According to the CBO, how many more people would be uninsured if the ACA individual mandate were repealed?',
    relevant: { 'feeds/talking-points-memo.atom#3': 2, 'feeds/the-daily-nyt.xml#614': 1 },
    answers: [
      'CBO: 13 Million More Uninsured By 2027 If Individual Mandate Repealed',
      'Repealing Obamacare’s individual mandate would increase the number of uninsured people by 13 million by 2027, the Congressional Budget Office said in a new estimate Wednesday.',
      'Four million more people would be uninsured by 2019 as a result of the mandate’s repeal, the CBO said.',
    ],
    note: 'Grepped individual mandate|uninsured|CBO: the-daily-nyt#614 is an episode on the tax bill killing the mandate, without the CBO figures. "CBO" also matches MacBook in many posts.',
  }),
  Q({
    id: 'b11-att-cnn-divestiture',
    question: 'Is the Justice Department making AT&T sell CNN to get the Time Warner deal approved?',
    relevant: { 'feeds/talking-points-memo.atom#7': 2, 'feeds/talking-points-memo.atom#9': 2 },
    answers: [
      'The Department of Justice told AT&T that it would need to sell off CNN or offer other concessions in order to have its acquisition of Time Warner approved, according to several reports Wednesday.',
      'The Financial Times has just reported (sub req) that the DOJ is now telling AT&T that it needs to sell CNN if it wants the acquisition approved.',
      'On Wednesday, responding to a reported Justice Department claim that he had offered to sell CNN,\u00a0AT&T’s CEO,\u00a0Randall Stephenson, refuted the claim and said “throughout this process, I have never offered to sell CNN and have no intention of doing so,” according to CNN’s Brian Stelter and Politico’s Michael Calderone.',
    ],
    note: 'Grepped time warner|CNN sale: katie-floyd#9 (Time Warner buys a Hulu stake) and sam-ruby#0/#4 (Time Warner Cable service) are other Time Warner stories.',
  }),
  Q({
    id: 'b11-pentagon-climate-bases',
    question: 'How exposed are US military bases to climate change, according to the Defense Department?',
    relevant: { 'feeds/guardian-us-politics.rss#6': 2 },
    answers: [
      'Climate change threatens half of US bases worldwide, Pentagon report finds',
      'Nearly half of US military sites are threatened by wild weather linked to climate change, according to a new Pentagon study whose findings run contrary to White House views on global warming.',
      'Drought, wind and flooding that occurs due to reasons other than storms topped the list of natural disasters that endanger 1,700 military sites worldwide, from large bases to outposts, said the US Department of Defense (DoD).',
    ],
    note: 'Grepped pentagon|climate near military|bases: the-daily-nyt hits name Helene Cooper as Pentagon correspondent on other topics; talking-points-memo#4 is about the DHS pick and climate change.',
  }),
  Q({
    id: 'b11-facebook-crypto-ads',
    question: 'Can crypto projects still advertise their coin offerings on Facebook?',
    relevant: { 'feeds/guardian-us-politics.rss#36': 2 },
    answers: [
      'Facebook bans cryptocurrency adverts because so many are scams',
      'Facebook has banned all advertising for cryptocurrencies because they are “frequently associated with misleading or deceptive promotional practices”.',
      'Social network blocks initial coin offering ads as they are ‘frequently associated with misleading or deceptive promotional practices’',
    ],
    note: 'Grepped facebook near crypto|ICO|advert: only this post; hodl-hodl posts mention cryptocurrency as a payment type.',
  }),
  Q({
    id: 'b11-hodl-hodl-investors',
    question: 'Who backed Hodl Hodl when it took outside money?',
    relevant: { 'feeds/hodl-hodl-medium.rss#0': 2 },
    answers: [
      'So today, we’re proud to announce that WhalePanda, Ambroid, Marsmensch and two more undisclosed persons became the first investors of Hodl\u00a0Hodl.',
      'Instead, we were very lucky to be approached by a number of bitcoiners who attended our “Baltic Honeybadger” conference, know us personally and decided that they wanted to invest in Hodl Hodl.',
    ],
    note: 'Grepped hodl hodl near invest|funding|raise: only #0; hodl-hodl#3 (OTC desk Tenbagger) and #7 (Baltic Honeybadger highlights) are other company news.',
  }),
  Q({
    id: 'b11-nextcloud-growth',
    question: 'How fast is Nextcloud growing its business?',
    relevant: { 'feeds/nextcloud-blog.rss#4': 2 },
    answers: [
      'Nextcloud keeps growth up with 75% more revenue and 10x userbase',
      'From 2020 to 2021, showing a continued strong growth for the market leading digitally sovereign content collaboration vendor, Nextcloud grew revenue by 75% and net income by 133%.',
      'Several multi-million-user deployments combined with the long tail of dozens of 100K+ and thousands of smaller installations grew our customer user base more than 10X in a single year.',
    ],
    note: 'Grepped nextcloud near revenue|growth: only #4; the other nextcloud-blog posts are product, GDPR and contest news.',
  }),
  Q({
    id: 'b11-s3-requester-pays',
    question: "With Amazon S3's Requester Pays option, who covers the download and request costs?",
    relevant: { 'feeds/aws-blog-2008.xml#7': 2 },
    answers: [
      "If the bucket's owner flags it as Requester Pays, then all data transfer and request costs are paid by the party accessing the data.",
      'First, by simply marking a bucket as Requester Pays, data owners can provide access to large data sets without incurring charges for data transfer or requests.',
    ],
    note: 'Grepped requester|devpay: only this post; aws-blog-2008#3/#4 (CloudFront tools, EC2 console) are other AWS news.',
  }),
  Q({
    id: 'b11-sweden-defence-shortfall',
    question: 'How much money is the Swedish armed forces short of, according to its supreme commander?',
    relevant: { 'feeds/cornucopia-se.atom#19': 2, 'feeds/cornucopia-se.atom#11': 2 },
    answers: [
      'ÖB: Försvarsmakten saknar 6.5 miljarder kronor - anskaffning luftvärn skjuts upp',
      'Försvarsmakten saknar enligt ÖB Micael Bydén 6.5 miljarder kronor och måste dra ner på och försena ett antal projekt och förmågor.',
      'Genom att dagen efter Försvarsmakten och ÖB lämnat sitt budgetunderlag och konstaterat att det saknas 6.5 miljarder kronor i anslag, så väljer regeringen att återinföra värnpliktsutbildning.',
    ],
    note: 'Grepped 6[.,]5 miljard|Försvarsmakten: #19 reports the shortfall, #11 restates it while arguing about conscription; cornucopia#12 (conscription decision) and #1 are defence posts without the figure.',
  }),
  Q({
    id: 'b11-sweden-hospital-beds',
    question: 'By how much has Sweden cut hospital beds per capita since 1990?',
    relevant: { 'feeds/cornucopia-se.atom#18': 2, 'feeds/cornucopia-se.atom#17': 1 },
    answers: [
      'Antalet sjukhusbäddar ner 78% sedan 1990',
      'Antalet sjukhusbäddar per capita i Sverige har\u00a0sedan 1990 minskat med 78% och 83% sedan början av 70-talet.',
      '2012 hade Sverige 2.7 bäddar per 1 000 invånare.',
    ],
    note: 'Grepped sjukhusbädd|hospital bed: #17 follows #18 up with the reasons (psychiatric and elderly-care reforms) but no figure; ctv-news#6 (UK hospital crowding) is another country.',
  }),
  Q({
    id: 'b11-waymo-remote-assistance',
    question: 'How many remote assistance staff does Waymo need to support its driverless fleet?',
    relevant: { 'mail/substack-waymo.eml#0': 2 },
    answers: [
      'At any moment, just 70 people oversee Waymo’s 3,000-vehicle fleet.',
      'But on Tuesday, Waymo provided an important clue, revealing that “at any given time, there are approximately 70 Remote Assistance agents on duty worldwide.”',
      'That works out to around 40 vehicles per agent — far too many for one person to monitor in real time.',
    ],
    note: 'Grepped waymo|remote assist|teleoperat: slashdot#7 (CPUC approves Waymo in LA) names Waymo without staffing.',
  }),
  Q({
    id: 'b11-coke-nickel',
    question: 'Why did a Coca-Cola cost a nickel for so many decades?',
    relevant: { 'feeds/planet-money.xml#92': 2, 'feeds/planet-money.xml#139': 1 },
    answers: [
      'For 70 years, the price of a bottle of Coca-Cola stayed a nickel.',
      'The answer includes a half a million vending machines and a 7.5 cent coin.',
    ],
    note: 'Grepped coca-cola|coke|nickel: #139 (the video) asks the same question without the answer; techcrunch#6 names The Coca-Cola Company as a customer, giant-bombcast#387 a Coke Freestyle machine.',
  }),
  Q({
    id: 'b11-milken-pardon',
    question: 'Has Michael Milken been pardoned?',
    relevant: { 'feeds/planet-money.xml#7': 2 },
    answers: ['This week, the President pardoned him.'],
    note: 'Grepped milken|pardon: the-daily-nyt#442 (new path for pardons), #695 (Arpaio), #546/#722 (pardoning advisers) are other pardons.',
  }),
  Q({
    id: 'b11-nyt-podcast-ad-revenue',
    question: 'How much does the New York Times make from podcast advertising?',
    relevant: { 'feeds/podnews.xml#88': 2 },
    answers: ['The New York Times made $36m from podcast ads in 2020'],
    note: 'Grepped podcast ad revenue|\\$36m: podnews#19 (US podcast ad revenues grew 19%) and #57 (a billion-dollar US market) are the market as a whole; the-daily-nyt posts are the show itself.',
  }),
  Q({
    id: 'b11-germany-gas-vat',
    question: 'Is Germany cutting VAT on natural gas, and until when?',
    relevant: { 'feeds/heise-online-de.xml#70': 2 },
    answers: [
      'Energiekrise: Mehrwertsteuer auf Erdgas sinkt vorübergehend auf 7 Prozent',
      'Angesichts rapide steigender Preise und der Einführung der Gasumlage soll die Mehrwertsteuer auf Erdgas bis Anfang 2024 sinken.',
    ],
    note: 'Grepped Mehrwertsteuer|\\bVAT\\b|Erdgas|Gasumlage: rewe-de and norma-de mails say "inkl. gesetzlicher Mehrwertsteuer" under their prices; heise#42 is about electricity prices.',
  }),
  Q({
    id: 'b11-bsi-huawei',
    question: "Does Germany's cyber-security agency BSI support a boycott of Huawei equipment?",
    relevant: { 'feeds/golem-de.xml#18': 2 },
    answers: [
      'Keine Beweise: BSI spricht sich gegen Huawei-Boykott aus',
      'Derweil besorgt sich das BSI Huawei-Bauteile auf der ganzen Welt, um sie auf Hintertüren zu untersuchen.',
      'Alles ohne Ergebnis.',
    ],
    note: 'Grepped huawei: golem-de#17 (US makes the Sprint deal depend on Telekom dropping Huawei), livemint#5 (Trump’s Huawei ban), planet-money#133 and nixers-newsletter#2 are other Huawei stories, not the BSI’s view.',
  }),
  Q({
    id: 'b11-malpass-world-bank',
    question: "Is the World Bank president's job at risk over his remarks on climate science?",
    relevant: { 'feeds/guardian-world.xml#48': 2 },
    answers: [
      'David Malpass, president of the World Bank, faces an uncertain future this week, after the White House joined a chorus of influential figures in condemning his apparent climate denialism.',
      'Malpass remains in post for now but under severe pressure, despite issuing an apology and trying to explain his refusal last week to publicly acknowledge the human role in the climate crisis.',
    ],
    note: 'Grepped malpass|world bank: guardian-world#33 cites the World Bank on Lebanon, 80000-hours#35 names Paul Romer as a World Bank president.',
  }),
  Q({
    id: 'b11-hybrid-work-careers',
    question: "Does working from home hold back people's careers, women's in particular?",
    relevant: { 'feeds/guardian-world.xml#46': 2, 'feeds/trotter-cashion.xml#10': 1 },
    answers: [
      'The shift towards hybrid working could be holding back women’s career progression, as research suggests employers are overlooking people who spend more time working from home.',
      'Male managers are significantly more likely to mostly or completely work from the office (48% v 38%), according to a survey of 1,300 managers from the Chartered Management Institute (CMI).',
      'It’s difficult to advance in the company if you’re not visible.',
    ],
    note: 'Grepped hybrid work|work(ing)? from home|remote: trotter-cashion#10 is one remote worker on being out of the loop (no women, no data); slashdot#5 (Yelp applications), nextcloud-blog#4 and the-daily-nyt coronavirus episodes mention working from home in passing.',
  }),
  Q({
    id: 'b11-wework-job-cuts',
    question: 'How many jobs is WeWork cutting?',
    relevant: { 'feeds/the-daily-nyt.xml#106': 2 },
    answers: [
      'WeWork is preparing to eliminate at least 4,000 employees, cutting nearly a third of its work force in an effort to staunch further financial losses.',
    ],
    note: 'Grepped wework: planet-money#47 (the investor behind WeWork) has no job cuts.',
  }),
  Q({
    id: 'b11-boeing-knew-737max',
    question: 'Did Boeing know about safety problems with the 737 Max before the first crash?',
    relevant: {
      'feeds/the-daily-nyt.xml#121': 2,
      'feeds/the-daily-nyt.xml#62': 1,
      'feeds/the-daily-nyt.xml#193': 1,
      'feeds/the-daily-nyt.xml#264': 1,
      'feeds/the-daily-nyt.xml#290': 1,
    },
    answers: [
      'Evidence presented to House investigators on Wednesday revealed that Boeing was aware of potentially “catastrophic” concerns about the 737 Max’s safety before the first crash.',
      'In testimony before a House committee on Wednesday, Dennis A. Muilenburg, Boeing’s chief executive, said, “If we knew everything back then that we know now, we would have made a different decision.”',
    ],
    note: 'Grepped boeing|737: #121 answers; #62 (whistle-blower, "a congressional investigation asked what Boeing knew"), #193 (what the FAA knew), #264 (systemic problems) and #290 (avoiding pilot training) touch it. cornucopia-se#9 (a Boeing WC-135) and mike-neumann-show#4 (Boeing vs SpaceX) are other senses.',
  }),
];

const TRAPS: RealQuestion[] = [
  Q({
    id: 'b11-trap-hulu-stake-price',
    question: 'How much did Time Warner pay for its stake in Hulu?',
    relevant: {},
    note: 'katie-floyd#9 reports the 10% stake and the channels it brings, not a price; grepped hulu: the-daily-nyt#212 and giant-bombcast#575 name Hulu in passing.',
  }),
  Q({
    id: 'b11-trap-directv-price',
    question: 'What did AT&T pay to acquire DirecTV?',
    relevant: {},
    note: 'talking-points-memo#7 says only that AT&T bought DirecTV in 2015 and might sell it; no other post names DirecTV.',
  }),
  Q({
    id: 'b11-trap-nextcloud-revenue-eur',
    question: "What was Nextcloud's total revenue in 2021, in euros?",
    relevant: {},
    note: 'nextcloud-blog#4 gives growth rates (75% revenue, 133% net income), never an amount; the only euros in the feed are a 500 euro app-contest prize (#7).',
  }),
  Q({
    id: 'b11-trap-tesla-austin-fleet',
    question: 'How many robotaxis is Tesla running in Austin?',
    relevant: {},
    note: 'The Waymo mail says Tesla still has safety monitors in most of its Austin vehicles, with no count; slashdot#7 is Waymo’s California approval, geekpark-zh#8 an Amazon/Zoox robotaxi.',
  }),
  Q({
    id: 'b11-trap-hodl-hodl-round-size',
    question: 'How much did Hodl Hodl raise in its funding round, and at what valuation?',
    relevant: {},
    note: 'hodl-hodl#0 names the investors but neither an amount nor a valuation.',
  }),
  Q({
    id: 'b11-trap-99pi-price',
    question: 'How much did SiriusXM pay for 99% Invisible?',
    relevant: {},
    note: 'podnews#31 is a headline ("99% Invisible bought by SiriusXM") with an archived body; podnews#29 (SiriusXM revenue up) and #1 name SiriusXM otherwise.',
  }),
  Q({
    id: 'b11-trap-wework-peak-valuation',
    question: 'What was WeWork valued at before its IPO fell apart?',
    relevant: {},
    note: 'the-daily-nyt#106 calls it "one of the most valuable start-ups" with no figure; planet-money#47 is about its investor. Grepped valuat|valued at: Angie’s List and Uber are the only company valuations.',
  }),
  Q({
    id: 'b11-trap-germany-power-vat',
    question: 'Is Germany lowering VAT on electricity bills?',
    relevant: {},
    note: 'heise#70 is the VAT cut on natural gas only; heise#42 says electricity prices are rising, with no tax change; heise#62 mentions higher power prices for US bitcoin miners.',
  }),
  Q({
    id: 'b11-trap-milken-fines',
    question: 'How much did Michael Milken pay in fines and settlements?',
    relevant: {},
    note: 'planet-money#7 says he made $550 million in one year, went to prison and was pardoned; no fines.',
  }),
  Q({
    id: 'b11-trap-takata-deaths',
    question: 'How many deaths have been linked to faulty Takata air bags?',
    relevant: {},
    note: 'ctv-news#7 is Fiat Chrysler’s recall of 100,000 vehicles; nothing counts deaths.',
  }),
  Q({
    id: 'b11-trap-uk-huawei-5g',
    question: 'Has Britain banned Huawei from its 5G networks?',
    relevant: {},
    note: 'Huawei posts: golem-de#18 (German BSI against a boycott), golem-de#17 (US terms for T-Mobile/Sprint), livemint#5 (US ban, Apple and Nike exposure), planet-money#133; none about the UK.',
  }),
  Q({
    id: 'b11-trap-pentagon-climate-cost',
    question: 'How much will it cost to protect US military bases against climate change?',
    relevant: {},
    note: 'guardian-us-politics#6 counts threatened sites (half of them, 1,700) but gives no cost.',
  }),
  Q({
    id: 'b11-trap-world-bank-successor',
    question: 'Who is set to replace David Malpass as World Bank president?',
    relevant: {},
    note: 'guardian-world#48 says Malpass remains in post under pressure; no successor is named anywhere (grepped successor|banga).',
  }),
  Q({
    id: 'b11-trap-bird-flu-cattle',
    question: 'Has bird flu spread to dairy cattle in Ireland?',
    relevant: {},
    note: 'medscape#8 is a housing order for poultry and captive birds after an outbreak; grepped bird flu|avian|H5N1: the rest are "avian" in URLs and IP over Avian Carriers.',
  }),
  Q({
    id: 'b11-trap-us-unemployment-dec2016',
    question: 'What was the US unemployment rate in December 2016?',
    relevant: {},
    note: 'nytimes-home#6 (hourly earnings, job growth tapered) and breakingnews-ie-business#0 (wages jumped, Dow misses 20,000) are the same jobs report without the rate; planet-money#174 lists "unemployment rates" among listener questions.',
  }),
  Q({
    id: 'b11-trap-fda-drug-price',
    question: 'What is the list price of the rare disease drug the FDA approved over its reviewers’ objections?',
    relevant: {},
    note: 'medscape#11 calls the drug "pricey" in a truncated teaser, with neither its name nor its price.',
  }),
];

export const BATCH11_QUESTIONS = [...ANSWERABLE, ...TRAPS];
