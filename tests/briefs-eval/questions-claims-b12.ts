import type { RealQuestion } from './question-types';

/**
 * Batch 12 of the claim-judged real-text questions: written blind on 2026-12-08, from the corpus alone (a JSONL dump of
 * loadRealCorpus() grepped by hand), without reading the brief, search or AI code, docs/briefs.md, the earlier batches
 * (beyond the format of batch 11's first questions), their readings in claim-judgments.json or any run. 40 questions:
 * 24 answerable, over 19 feeds (news, business news, tech news, blogs, podcasts, a newsletter, two mails; English,
 * German, Swedish, Slovak, Portuguese and Chinese), and 16 traps whose words occur in the corpus in another sense, in
 * passing, for a related but different question (another company, year or figure), or with the subject but not the
 * asked fact.
 *
 * Frozen: never edited after its commit; later readings go to claim-judgments.json.
 */
const Q = (q: Omit<RealQuestion, 'corpus' | 'batch'>): RealQuestion => ({ ...q, corpus: 'real', batch: 12 });

const ANSWERABLE: RealQuestion[] = [
  Q({
    id: 'b12-india-fdi-fy19',
    question: 'Did foreign direct investment into India grow or shrink in 2018-19, and by how much?',
    relevant: { 'feeds/livemint.xml#14': 2, 'feeds/livemint.xml#4': 2 },
    answers: [
      'FDI inflows record 1st decline in six years in FY19',
      'FDI declined for the first time in the last six years in 2018-19, falling by 1% to $44.37 billion as overseas fund inflows subsided in telecom, pharma and other sectors.',
      'FY19 saw FDI equity inflows falling 1% to $44.4 bn in fresh policy challenge.',
    ],
    note: 'Grepped FDI|foreign direct: livemint#14 and #4 both give the FY19 fall (1%, $44.37bn / $44.4bn equity). livemint#6 names Singapore as an FDI contributor without a total; the nixers hits are URLs (fdi-lodz) and fdisk.',
  }),
  Q({
    id: 'b12-singapore-tops-competitiveness',
    question:
      'Which country is now ranked the most competitive economy in the world, and why did the United States lose the top spot?',
    relevant: { 'feeds/livemint.xml#2': 2 },
    answers: [
      "Singapore dethrones US as world's most competitive economy",
      "Singapore's advanced technological infrastructure, availability of skilled workers, favorable immigration laws, and efficiency for starting businesses supported its rise to the No. 1 spot.",
      'The US fell two spots as the confidence boost from tax cuts faded and high-technology exports weakened',
    ],
    note: 'Grepped competitive econom|competitiveness|Singapore: only livemint#2 ranks economies; livemint#6 names Singapore only as an FDI source under a tax treaty.',
  }),
  Q({
    id: 'b12-adm-bmo-downgrade',
    question: 'Has BMO turned more cautious on Archer Daniels Midland, and what price target does it now have?',
    relevant: { 'feeds/finanzen-net-analysen.xml#6': 2 },
    answers: [
      'Der Analyst BMO Capital Markets hat Archer Daniels Midland Co. (ADM) von Outperform auf "Market Perform" abgestuft und das Kursziel von 51 auf 48 USD gesenkt.',
    ],
    note: 'Grepped archer daniels|ADM|BMO: only finanzen-net#6 (downgrade to Market Perform, target 51 -> 48 USD). BMO also keeps PayPal at Outperform (#10), another stock; the "ADM" hits elsewhere are inside words (administration, admitted).',
  }),
  Q({
    id: 'b12-ghana-taxes',
    question: "Is Ghana's new government going to raise or lower taxes?",
    relevant: { 'feeds/reuters-world.xml#5': 2 },
    answers: [
      "Ghana's new President Akufo-Addo says will cut taxes",
      "ACCRA (Reuters) - Ghana's new President Nana Akufo-Addo pledged to cut taxes to boost the economy at his swearing in ceremony on Saturday, whilst also promising to protect the public purse by getting value for money on services.",
    ],
    note: 'Grepped ghana|akufo: only reuters-world#5; the nixers#48 hit is a URL.',
  }),
  Q({
    id: 'b12-rosneft-privatization-loan',
    question: 'Who put up the money to get the Rosneft privatization going, and how much was it?',
    relevant: { 'feeds/moscow-times.xml#20': 2 },
    answers: [
      'Russian State Bank Loaned $11.6 Bln to Start Rosneft Privatization Deal',
      'Kremlin-owned Russian bank VTB provided a loan needed to kick-started the privatization of Russian energy giant Rosneft, the RBC news outlet has revealed.',
    ],
    note: 'Grepped rosneft|VTB|privati: only moscow-times#20 (the title gives the $11.6 bn, the teaser names VTB).',
  }),
  Q({
    id: 'b12-jamie-oliver-closures',
    question: 'Why is Jamie Oliver shutting some of his restaurants?',
    relevant: { 'feeds/breakingnews-ie-business.xml#4': 2 },
    answers: [
      'Jamie Oliver closes six restaurants because of tough trading and Brexit',
      'The company is focusing on new overseas branches.',
    ],
    note: 'Grepped jamie oliver|restaurant: only breakingnews-ie-business#4 is about his chain; the Moscow Times restaurant posts are reviews.',
  }),
  Q({
    id: 'b12-goldman-us-growth-forecast',
    question: 'Why did Goldman Sachs raise its forecast for US economic growth?',
    relevant: { 'feeds/aktuality-sk.rss#0': 2 },
    answers: [
      'Analytici Goldman Sachs zvýšili odhad rastu ekonomiky USA',
      'Očakávajú totiž, že plán fiškálnych stimulov novozvoleného prezidenta Joea Bidena urýchli zotavovanie hospodárstva po pandémii ochorenia COVID-19.',
    ],
    note: "Grepped goldman: aktuality-sk#0 (Slovak) gives the reason, Biden's fiscal stimulus plan. finanzen-net#1 is UBS's price target on Goldman Sachs shares, and the Daily hits are the reporter Adam Goldman: not answers.",
  }),
  Q({
    id: 'b12-angies-list-ipo-terms',
    question: "How much is Angie's List trying to raise in its IPO, and at what price per share?",
    relevant: { 'feeds/techcrunch.xml#0': 2 },
    answers: [
      'Angie’s List Sets Price Range IPO At $11 To $13 Per Share; Valued At Over $600M',
      'In a new filing, the company revealed that it aims to raise as much as $131.4 million in the offering and has priced its IPO in the range of $11 to $13 per share.',
    ],
    note: 'Grepped angie|IPO: only techcrunch#0; the Daily hits on "Angie" are Angie Provost, a person in the 1619 series.',
  }),
  Q({
    id: 'b12-sweden-surplus-2016',
    question: "Was Sweden's 2016 central government surplus really as large as reported?",
    relevant: { 'feeds/cornucopia-se.atom#7': 2 },
    answers: [
      'Statens överskott endast 10 miljarder - sparande på skattekonto förklaringen',
      'Statens överskott 2016 var inte alls 60 miljarder enligt finansutskottets Jan Ericson (m).',
      '50 miljarder av "överskottet" beror på att företag och privatpersoner använde skattekontot som bank.',
    ],
    note: 'Grepped överskott|surplus|statsbudget: only cornucopia#7 (of the reported 60 bn kronor, 50 bn were tax-account deposits, so about 10 bn).',
  }),
  Q({
    id: 'b12-nordic-hospital-beds',
    question: 'How does Sweden compare with the other Nordic countries in hospital beds per person?',
    relevant: { 'feeds/cornucopia-se.atom#18': 2 },
    answers: [
      'Sverige har dock lägst antal bäddar per capita i Norden, men undantaget Finland är skillnaden inte speciellt stor.',
      '2012 hade Sverige 2.7 bäddar per 1 000 invånare.',
      'Norge ligger på 3.3, Danmark på 3.5 och Finland sticker ut med 5.5.',
    ],
    note: 'Grepped sjukhusbädd|hospital bed: cornucopia#18 gives the per-country figures. cornucopia#17 (the follow-up) explains the psychiatric and elderly-care reforms and only captions a chart, no comparison figures: not an answer.',
  }),
  Q({
    id: 'b12-avanza-mortgage-rate',
    question: 'What interest rate is Avanza offering on its new home loans?',
    relevant: { 'feeds/utdelningsseglaren-se.atom#7': 2 },
    answers: [
      'Bolån med 1,29% i ränta',
      'Igår kom nyheten att Avanza lanserar bolån med låg ränta för den stora massan.',
      'Det är inte riktigt lika bra deal som för oss med private banking med 0,79% men med en rörlig 3-månaders ränta om 1,29% har de nog stora möjligheter att få många nya kunder på detta.',
    ],
    note: 'Grepped avanza|bolån: only utdelningsseglaren#7 names Avanza. cornucopia#10 is SBAB raising its two-year list rate, another lender.',
  }),
  Q({
    id: 'b12-milken-fate',
    question: 'What became of junk-bond financier Michael Milken?',
    relevant: { 'feeds/planet-money.xml#7': 2 },
    answers: [
      'Michael Milken once made $550 million in one year.',
      'Then, he went to prison.',
      'This week, the President pardoned him.',
    ],
    note: 'Grepped milken|junk bond|pardon: only planet-money#7.',
  }),
  Q({
    id: 'b12-dollar-bill-paper',
    question: 'Where is the paper for US dollar bills made?',
    relevant: { 'feeds/planet-money.xml#56': 2 },
    answers: ['Every dollar bill in the world comes from the same paper mill in Massachusetts.'],
    note: 'Grepped dollar bill|paper mill|currency paper: planet-money#56. planet-money#294 (The Money Fixers) is about where damaged bills are replaced, and one-foot-tsunami#13 mentions an animation of dollar bills: not answers.',
  }),
  Q({
    id: 'b12-us-podcast-ad-growth-2020',
    question: 'By how much did podcast advertising revenue in the US grow in 2020?',
    relevant: { 'feeds/podnews.xml#19': 2 },
    answers: ['US Podcast Ad Revenues grew 19% in 2020'],
    note: 'Grepped ad revenue|advertising: podnews#19 has the figure in its title (its body only links to the archive). podnews#3-5 are about podcast ads versus TV ads and ad length, podnews#12 Samsung entering podcast advertising: no growth figure.',
  }),
  Q({
    id: 'b12-99pi-buyer',
    question: 'Who acquired the design podcast 99% Invisible?',
    relevant: { 'feeds/podnews.xml#31': 2 },
    answers: ['99% Invisible bought by SiriusXM'],
    note: 'Grepped 99% invisible|99pi|siriusxm: podnews#31. podnews#1 has SiriusXM distributing Sawdust network shows and podnews#29 SiriusXM revenue: other deals.',
  }),
  Q({
    id: 'b12-waymo-remote-staff',
    question: 'How many humans does Waymo need to watch over its driverless fleet?',
    relevant: { 'mail/substack-waymo.eml#0': 2 },
    answers: [
      'At any moment, just 70 people oversee Waymo’s 3,000-vehicle fleet.',
      'That works out to around 40 vehicles per agent — far too many for one person to monitor in real time.',
    ],
    note: 'Grepped waymo|remote assistance: the Substack mail gives the 70 agents for 3,000 vehicles. slashdot#7 is the California approval for LA and the Peninsula, no staffing figure.',
  }),
  Q({
    id: 'b12-vfl-bochum-loan-signing',
    question: 'Which midfielder has VfL Bochum brought in, and on what terms?',
    relevant: { 'mail/vfl-bochum-de.eml#0': 2 },
    answers: [
      'Auf Leihbasis: VfL holt Kunde Malong',
      'Pierre Kunde Malong wechselt bis zum 30.06.2023 auf Leihbasis zu den Blau-Weißen.',
      'Die Leihe des kamerunischen Nationalspielers (35 Einsätze) beinhaltet zudem eine Kaufoption.',
    ],
    note: 'Grepped bochum|malong|leihe: only the club mail.',
  }),
  Q({
    id: 'b12-bird-losses',
    question: 'How much money did the scooter company Bird lose?',
    relevant: { 'feeds/heise-online-de.xml#87': 2 },
    answers: [
      'Mikromobilitätsanbieter Bird schreibt millionenschwere Verluste',
      'Rund 310 Millionen US-Dollar Verlust belasten Bird.',
    ],
    note: 'Grepped bird|scooter|mikromobil: heise#87. heise#58 names Bird in a news round-up title only (its text is a generic teaser); the other "bird" hits are bird flu, a farewell gesture and "early bird" pricing.',
  }),
  Q({
    id: 'b12-germany-gas-vat',
    question: 'Is Germany cutting the sales tax on natural gas, and for how long?',
    relevant: { 'feeds/heise-online-de.xml#70': 2 },
    answers: [
      'Energiekrise: Mehrwertsteuer auf Erdgas sinkt vorübergehend auf 7 Prozent',
      'Angesichts rapide steigender Preise und der Einführung der Gasumlage soll die Mehrwertsteuer auf Erdgas bis Anfang 2024 sinken.',
    ],
    note: 'Grepped erdgas|mehrwertsteuer|gasumlage: heise#70. The REWE and NORMA mails say only that their prices include the statutory VAT.',
  }),
  Q({
    id: 'b12-apple-austin-campus',
    question: 'How much is Apple spending on its new campus in Texas?',
    relevant: { 'feeds/golem-de.xml#36': 2 },
    answers: [
      'Expansion: Apple investiert 1 Milliarde US-Dollar für texanischen Campus',
      'Apple will in den nächsten fünf Jahren 20.000 Arbeitsplätze in den USA schaffen und hat angekündigt, für eine Milliarde US-Dollar einen neuen Campus in Austin im Bundesstaat Texas zu bauen.',
    ],
    note: "Grepped austin|texas|campus: golem#36. The other Austin hits are daily-deal cities (techcrunch#16), a talk (daveverse#8), Tesla safety monitors (Waymo mail) and a producer's name.",
  }),
  Q({
    id: 'b12-luckin-sec-penalty',
    question: 'What penalty did Luckin Coffee agree to pay US regulators over its accounting fraud?',
    relevant: { 'feeds/geekpark-zh.xml#3': 2 },
    answers: [
      '瑞幸咖啡同意向美 SEC 支付 1.8 亿美元罚款，以了结会计欺诈指控',
      '瑞幸咖啡则已同意支付 1.8 亿美元的罚款，以了结该委员会的这一指控。',
    ],
    note: 'Grepped luckin|瑞幸: only geekpark#3 (a Chinese morning digest; the Luckin item leads it).',
  }),
  Q({
    id: 'b12-cbo-mandate-uninsured',
    question:
      "How many more Americans would go without health insurance if Obamacare's individual mandate were scrapped?",
    relevant: { 'feeds/talking-points-memo.atom#3': 2 },
    answers: [
      'CBO: 13 Million More Uninsured By 2027 If Individual Mandate Repealed',
      'Repealing Obamacare’s individual mandate would increase the number of uninsured people by 13 million by 2027, the Congressional Budget Office said in a new estimate Wednesday.',
    ],
    note: "Grepped uninsured|individual mandate|CBO: TPM#3. the-daily-nyt#614 tells the mandate's history without a coverage figure.",
  }),
  Q({
    id: 'b12-horn-of-africa-school-dropouts',
    question: 'How many children could be forced out of school by the drought in East Africa?',
    relevant: { 'feeds/guardian-world.xml#3': 2 },
    answers: [
      'Horn of Africa drought puts 3.6m children at risk of dropping out of school',
      'According to new figures shared with the Guardian, Unicef now estimates that 3.6 million children in Kenya, Somalia and Ethiopia are in danger of leaving school as a result of the cumulative pressure on households caused by the unrelenting drought.',
    ],
    note: 'Grepped drought|horn of africa|unicef: guardian-world#3; the other drought hits are plant-science abstracts.',
  }),
  Q({
    id: 'b12-uber-softbank-discount',
    question: 'At what discount did Uber investors sell shares to SoftBank?',
    relevant: { 'feeds/jornal-de-noticias-pt.rss#29': 2 },
    answers: [
      'Acionistas Uber vendem ações com desconto mas alguns ganham 10000%',
      'Os investidores na plataforma de serviços de transporte Uber venderam parte das ações ao conglomerado japonês Softbank com 30% de desconto em relação a 2016, mas em alguns casos com uma valorização de 10000% em relação ao início.',
    ],
    note: 'Grepped softbank|uber: jornal-de-noticias#29 (Portuguese). katie-floyd#16 is SoftBank buying ARM, another deal.',
  }),
];

const TRAPS: RealQuestion[] = [
  Q({
    id: 'b12-trap-goldman-nvidia-target',
    question: 'What price target does Goldman Sachs have on Nvidia?',
    relevant: {},
    note: 'finanzen-net#0 is UBS raising its Nvidia target (95 -> 120 USD) and finanzen-net#1 is UBS raising its target on Goldman Sachs shares; aktuality-sk#0 is Goldman on US growth. Every word is there, but no post has Goldman rating Nvidia.',
  }),
  Q({
    id: 'b12-trap-india-fdi-fy20',
    question: 'How much foreign direct investment did India attract in 2019-20?',
    relevant: {},
    note: 'livemint#4 and #14 give FY19 (2018-19: down 1% to $44.37bn) and call FY18 a record; nothing covers 2019-20 (grepped FY20|2019-20: no hit). Right subject, other year.',
  }),
  Q({
    id: 'b12-trap-angies-list-first-day',
    question: "How did Angie's List shares trade on their first day on the Nasdaq?",
    relevant: {},
    note: 'techcrunch#0 sets the IPO price range ($11-$13) and the ticker ANGI before the listing; no post reports the debut or a trading price.',
  }),
  Q({
    id: 'b12-trap-jamie-oliver-losses',
    question: "How much money is Jamie Oliver's restaurant business losing?",
    relevant: {},
    note: 'breakingnews-ie-business#4 says six restaurants close because of tough trading and Brexit, with no loss figure; no other post names Jamie Oliver.',
  }),
  Q({
    id: 'b12-trap-ghana-deficit',
    question: "How large is Ghana's budget deficit?",
    relevant: {},
    note: 'reuters-world#5 (tax cuts, "protect the public purse") is the only Ghana post and has no deficit; the "deficit" hits are the US federal deficit (the-daily-nyt#577), Angie\'s List\'s accumulated deficit, a "democratic deficit" in Iran and plant water deficits.',
  }),
  Q({
    id: 'b12-trap-zoox-remote-operators',
    question: 'How many remote operators does Zoox need per robotaxi?',
    relevant: {},
    note: "The Waymo mail names Zoox among companies Sen. Markey asked and says \"We don't have comparable figures for Waymo’s competitors\"; geekpark#8 reports the Zoox robotaxi's unveiling. The subject is there, the figure is not (only Waymo's and Cruise's).",
  }),
  Q({
    id: 'b12-trap-euromillions-winner',
    question: 'Did anyone win the £31 million EuroMillions jackpot drawn on January 6?',
    relevant: {},
    note: 'mirror-world#20 is a results page before the draw ("have you just become a multi-millionaire? Check your numbers"), with no winner; ctv-news#9 is a Lotto Max jackpot won in Quebec, another lottery.',
  }),
  Q({
    id: 'b12-trap-natural-rate-unemployment',
    question: 'What do economists estimate the natural rate of unemployment in the US to be?',
    relevant: {},
    note: 'planet-money#174 lists "unemployment rates" among listener questions in passing; "natural" occurs as natural gas (heise#70), natural brassinosteroids (biorxiv) and the Department of Natural Resources (guardian-world#19). No post gives an estimate (grepped natural rate|NAIRU: no hit).',
  }),
  Q({
    id: 'b12-trap-stockholm-congestion-revenue',
    question: "How much money does Stockholm's congestion charge bring in each year?",
    relevant: {},
    note: 'cornucopia#21 reports the rise on the Essingeleden (30 -> 35 kronor) and says the money goes to a tram line and the metro, calling it a revenue source, but gives no yearly revenue; nixers#78 "congestion" is TCP congestion control.',
  }),
  Q({
    id: 'b12-trap-russia-reserve-fund-size',
    question: "How much money is in Russia's reserve fund?",
    relevant: {},
    note: 'moscow-times#9 says Russia starts saving as oil rises, money "set aside for a rainy day", with no amount; moscow-times#20 has $11.6 bn, but that is VTB\'s Rosneft loan, not reserves.',
  }),
  Q({
    id: 'b12-trap-spotify-podcast-ad-revenue',
    question: "How much did Spotify's podcast advertising revenue grow in 2020?",
    relevant: {},
    note: 'podnews#19 has the 19% growth for US podcast ad revenues as a whole, and podnews#29 "Spotify back in profit" has only its title; no post gives Spotify\'s own podcast ad figure. Related number, different subject.',
  }),
  Q({
    id: 'b12-trap-bird-layoff-count',
    question: 'How many jobs is Bird cutting?',
    relevant: {},
    note: 'heise#87 says "Entlassungen sollen die Wende bringen" (layoffs are to turn it round) without a number; the other layoff hits are IBM (slashdot#9) and BuyWithMe (techcrunch#16).',
  }),
  Q({
    id: 'b12-trap-us-30yr-mortgage-rate',
    question: 'What is the average 30-year fixed mortgage rate in the US right now?',
    relevant: {},
    note: 'the-daily-nyt#191 says the Fed\'s quarter-point cut "is unlikely to get you a better mortgage rate" without a rate; utdelningsseglaren#7 (Avanza 1.29%) and cornucopia#10 (SBAB) are Swedish mortgages; "30-year" hits are a reign, a court plan and a study. Rates of refresh (cowboy-programmer) are another sense.',
  }),
  Q({
    id: 'b12-trap-penny-cost',
    question: 'How much does it cost the US Mint to make a penny?',
    relevant: {},
    note: 'planet-money#134 "What\'s A Penny Worth?" has only "We try to figure out what makes cents."; "mint" occurs all over livemint.xml (the feed) and the other "penny" hits are Penny Arcade and penny-farthing. No cost figure anywhere.',
  }),
  Q({
    id: 'b12-trap-milken-fine',
    question: 'How much did Michael Milken pay in fines and settlements?',
    relevant: {},
    note: 'planet-money#7 says he once made $550 million in one year, went to prison and was pardoned; the $550 million is earnings, not a fine, and no post gives a fine.',
  }),
  Q({
    id: 'b12-trap-horn-of-africa-appeal',
    question: 'How much money has Unicef appealed for to keep children in school in the Horn of Africa?',
    relevant: {},
    note: "guardian-world#3 gives Unicef's estimate of 3.6 million children at risk (a count of children, not money) and no appeal amount; no other post covers it.",
  }),
];

export const BATCH12_QUESTIONS: RealQuestion[] = [...ANSWERABLE, ...TRAPS];
