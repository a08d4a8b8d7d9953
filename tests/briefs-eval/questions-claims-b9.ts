import type { RealQuestion } from './question-types';

/**
 * Batch 9 of the claim-judged real-text questions: written blind on 2026-12-07 from the real-text fixtures
 * (tests/fixtures/real-text) by a writer who read neither the briefs' rules (lib/briefs, lib/search, lib/ai) nor the
 * other batches, and who ran no brief. Frozen: never edited after its commit; later readings go to
 * claim-judgments.json.
 *
 * 40 questions: 24 answerable (relevant posts graded 2 = answers it, 1 = answers part of it or touches it; `answers`
 * copied verbatim from those posts' stored titles or text), 16 traps (no post answers them, though their words occur in
 * the corpus in other senses, in passing, or about a related but different question). Each note says what was grepped
 * over the whole corpus (5,525 posts) and why the other hits do not answer.
 */
const Q = (q: Omit<RealQuestion, 'corpus' | 'batch'>): RealQuestion => ({ ...q, corpus: 'real', batch: 9 });

const ANSWERABLE: RealQuestion[] = [
  Q({
    id: 'b9-india-currency-watch',
    question: 'Is the US Treasury still keeping India under scrutiny for its exchange-rate practices?',
    relevant: { 'feeds/livemint.xml#1': 2 },
    answers: [
      'US takes India off watchlist for currency practices',
      'Apart from India, the Trump administration has also removed Switzerland from the list',
    ],
    note: 'Grepped treasury|watchlist|currency manipulat/practices: the only other hit is a Treasury Department rule on Cuba travel (talking-points-memo#18).',
  }),
  Q({
    id: 'b9-india-fuel-prices',
    question: 'Why have petrol and diesel prices in India started climbing again in late May 2019, and by how much?',
    relevant: { 'feeds/livemint.xml#12': 2 },
    answers: [
      'Now that elections are over, fuel prices are again on the rise',
      'Prices have been on the rise since May 20, a day after the final phase of polling for the Lok Sabha elections ended.',
      'The price of petrol has risen by 83 paise per litre in the nine days and diesel by 73 paise',
    ],
    note: 'Grepped petrol|diesel|fuel price: the other hits are a petrol-station forecourt (mirror), fuel-price protests in Iran (the-daily#89), Vin Diesel and a sponsor joke.',
  }),
  Q({
    id: 'b9-ghana-fiscal-pledge',
    question: "What fiscal policy is Ghana's new government promising?",
    relevant: { 'feeds/reuters-world.xml#5': 2 },
    answers: [
      "Ghana's new President Nana Akufo-Addo pledged to cut taxes to boost the economy at his swearing in ceremony on Saturday, whilst also promising to protect the public purse by getting value for money on services.",
    ],
    note: 'Grepped Ghana|Akufo: the only other hit is a substring in a nixers newsletter link list.',
  }),
  Q({
    id: 'b9-fca-airbag-recall',
    question: 'How many vehicles is Fiat Chrysler calling back over faulty airbags?',
    relevant: { 'feeds/ctv-news.xml#7': 2 },
    answers: [
      'Fiat Chrysler is recalling more than 100,000 older trucks and SUVs worldwide to replace potentially dangerous Takata air bag inflators.',
    ],
    note: 'Grepped recall|Chrysler|air bag|Takata: every other hit uses "recall" as remembering (or Total Recall, troop recall, Barber boom).',
  }),
  Q({
    id: 'b9-rosneft-privatisation-funding',
    question: "Where did the money to kick off Rosneft's privatisation come from?",
    relevant: { 'feeds/moscow-times.xml#20': 2 },
    answers: [
      'Russian State Bank Loaned $11.6 Bln to Start Rosneft Privatization Deal',
      'Kremlin-owned Russian bank VTB provided a loan needed to kick-started the privatization of Russian energy giant Rosneft, the RBC news outlet has revealed.',
    ],
    note: 'Grepped Rosneft|VTB|privati[sz]: the other privatised/Privatize hits are health systems (the-daily#90) and a side project name (design-details#72).',
  }),
  Q({
    id: 'b9-russia-food-import-ban',
    question: 'Is Russia going to lift its ban on Western food imports?',
    relevant: { 'feeds/moscow-times.xml#28': 2 },
    answers: [
      'Russia Hopes to End Agricultural Counter Sanctions by 2017',
      '“The time has come to understand that sanctions or counter sanctions will soon end,” said First Deputy Prime Minister Igor Shuvalov, speaking at the Gaidar Forum in Moscow.',
    ],
    note: 'Worded unlike the post (food import ban vs agricultural counter sanctions). Grepped counter sanction|import substitution|food import|embargo: the only other hit is the 1980s oil embargo (mike-neumann-show#31).',
  }),
  Q({
    id: 'b9-buywithme-fate',
    question: 'What became of the daily-deals site BuyWithMe?',
    relevant: { 'feeds/techcrunch.xml#16': 2 },
    answers: [
      'Confirming earlier reports, luxury deals site Gilt City, a subsidiary of Gilt Groupe, Inc., is acquiring the assets of failed daily deals site BuyWithMe, after the latter saw massive layoffs following its failure to raise additional funding.',
      'Terms of the acquisition were not disclosed.',
    ],
    note: 'Worded unlike the post (what became of it vs acquired by Gilt City). Grepped BuyWithMe|Gilt: other "gilt" hits are the German verb (heise, golem, mails).',
  }),
  Q({
    id: 'b9-kushner-china-conflict',
    question: "Do Jared Kushner's business talks with a Chinese company raise conflict-of-interest concerns?",
    relevant: { 'feeds/nytimes-home.xml#10': 2 },
    answers: [
      'As Donald J. Trump’s son-in-law prepares for a White House role, his undisclosed talks with a secretive Chinese company highlight potential conflicts of interest.',
    ],
    note: 'Grepped Kushner|Anbang: the-daily#721 (Kushner denies collusion) and #794 (Bannon feud) are about other matters.',
  }),
  Q({
    id: 'b9-cdc-director-exit',
    question: "Why did the head of America's disease-control agency step down?",
    relevant: { 'feeds/guardian-us-politics.rss#9': 2 },
    answers: [
      'The director of US Centers for Disease Control and Prevention has resigned because of financial conflicts of interest, government officials announced on Wednesday.',
      'Dr Brenda Fitzgerald’s financial interests had caused conflicts of interest that made it difficult to do her job, a statement said',
    ],
    note: 'Worded unlike the post (step down vs resigned over conflicts of interest). Grepped CDC|Centers for Disease|Fitzgerald: the-daily#234 only links the CDC PrEP page; uhh-yeah-dude#116 names a musician FitzGerald.',
  }),
  Q({
    id: 'b9-facebook-crypto-ads',
    question: 'Can crypto token sales still be promoted with paid ads on Facebook?',
    relevant: { 'feeds/guardian-us-politics.rss#36': 2 },
    answers: [
      'Facebook has banned all advertising for cryptocurrencies because they are “frequently associated with misleading or deceptive promotional practices”.',
      'Social network blocks initial coin offering ads as they are ‘frequently associated with misleading or deceptive promotional practices’',
    ],
    note: "Worded unlike the post (token sales, paid ads vs ICO adverts banned). Grepped cryptocurrenc* near ad/advert|ICO|initial coin: Hodl Hodl's own feature posts and Atari's cryptocurrency (giant-bombcast#95) say nothing on Facebook ads.",
  }),
  Q({
    id: 'b9-mandate-repeal-uninsured',
    question:
      'How many more Americans would end up without health coverage if the penalty for not having insurance were scrapped?',
    relevant: { 'feeds/talking-points-memo.atom#3': 2, 'feeds/the-daily-nyt.xml#614': 1 },
    answers: [
      'Repealing Obamacare’s individual mandate would increase the number of uninsured people by 13 million by 2027, the Congressional Budget Office said in a new estimate Wednesday.',
      'Four million more people would be uninsured by 2019 as a result of the mandate’s repeal, the CBO said.',
    ],
    note: 'Worded unlike the posts (penalty scrapped, without coverage vs individual mandate repealed, uninsured). Grepped individual mandate|uninsured: the-daily#614 is about Congress killing the mandate in the tax bill, without the coverage estimate (1).',
  }),
  Q({
    id: 'b9-att-time-warner-cnn',
    question: "What is the Justice Department demanding before it approves AT&T's purchase of Time Warner?",
    relevant: { 'feeds/talking-points-memo.atom#7': 2, 'feeds/talking-points-memo.atom#9': 2 },
    answers: [
      'The Department of Justice told AT&T that it would need to sell off CNN or offer other concessions in order to have its acquisition of Time Warner approved, according to several reports Wednesday.',
      'The Financial Times has just reported (sub req) that the DOJ is now telling AT&T that it needs to sell CNN if it wants the acquisition approved.',
    ],
    note: "Grepped Time Warner|AT&T|Turner: the other hits are Time Warner's Hulu stake (katie-floyd#9), Time Warner Cable service (sam-ruby), AT&T phone plans, Unix history and Turner Networks as a Gigya customer.",
  }),
  Q({
    id: 'b9-pharmacy-ransomware',
    question: "How badly has the hack of UnitedHealth's Change Health unit disrupted US pharmacies?",
    relevant: { 'feeds/slashdot.rdf#0': 2 },
    answers: [
      "UnitedHealth estimated that more than 90 percent of the nation's 70,000-plus pharmacies have had to alter how they process electronic claims as a result of the Change Health outage.",
      'Some pharmacies are requiring customers to pay full price for their prescriptions when they cannot tell if they are covered by insurance.',
    ],
    note: 'Grepped Change Health|UnitedHealth|pharmacies|ransomware: the only other hit is a storage conference on ransomware protection (heise#131).',
  }),
  Q({
    id: 'b9-stackoverflow-ai-fees',
    question: "Will AI model makers have to pay to use Stack Overflow's question-and-answer content?",
    relevant: { 'feeds/slashdot.rdf#12': 2 },
    answers: [
      'Stack Overflow has launched an API that will require all AI models trained on its coding question-and-answer content to attribute sources linking back to its posts.',
      "And it will cost money to use the site's content.",
    ],
    note: 'Grepped Stack Overflow: the other hits only link a Stack Overflow tag-clustering demo (google-cloud-blog#13) or a discussion a blogger found helpful.',
  }),
  Q({
    id: 'b9-nvidia-ubs-view',
    question: "Has UBS become more bullish on Nvidia's stock?",
    relevant: { 'feeds/finanzen-net-analysen.xml#0': 2 },
    answers: [
      'Der Analyst UBS AG hat das Kursziel fÃ¼r NVIDIA Corp. von 95 auf 120 USD angehoben, aber die Einstufung auf "Buy" belassen.',
    ],
    note: 'Worded unlike the post (German: price target raised from 95 to 120 USD, rating kept at Buy; the text is stored with its mojibake). Grepped nvidia: the other hits are GPU sales hit by the crypto winter (heise#149, no analyst view), the Shield TV box, drivers and podcast topics.',
  }),
  Q({
    id: 'b9-hodlhodl-backers',
    question: 'Did the bitcoin exchange Hodl Hodl take venture capital when it raised money?',
    relevant: { 'feeds/hodl-hodl-medium.rss#0': 2 },
    answers: [
      'In retrospect, we don’t really think VC funding would’ve been the right fit for a Bitcoin-company like ours.',
      'So today, we’re proud to announce that WhalePanda, Ambroid, Marsmensch and two more undisclosed persons became the first investors of Hodl Hodl.',
    ],
    note: "Worded unlike the post (venture capital vs bitcoiners as first investors). Grepped funding round|raised|invest in Hodl: the other hits are TechCrunch startups' rounds (Agari, Asana, Womply, Angie's List).",
  }),
  Q({
    id: 'b9-s3-requester-pays',
    question:
      'On Amazon S3, can someone publishing a large data set make the people downloading it pay the transfer costs?',
    relevant: { 'feeds/aws-blog-2008.xml#7': 2 },
    answers: [
      "If the bucket's owner flags it as Requester Pays, then all data transfer and request costs are paid by the party accessing the data.",
      'First, by simply marking a bucket as Requester Pays, data owners can provide access to large data sets without incurring charges for data transfer or requests.',
    ],
    note: 'Worded unlike the post (downloaders pay vs Requester Pays). Grepped Requester Pays|data transfer: the other hits are sports-watch spec tables (dc-rainmaker) and a GDPR ruling on US clouds (nextcloud-blog#5).',
  }),
  Q({
    id: 'b9-sweden-hospital-beds',
    question: 'How much has Sweden cut its hospital bed capacity since 1990, and why?',
    relevant: { 'feeds/cornucopia-se.atom#18': 2, 'feeds/cornucopia-se.atom#17': 1 },
    answers: [
      'Antalet sjukhusbäddar per capita i Sverige har sedan 1990 minskat med 78% och 83% sedan början av 70-talet.',
      'Men den stora anledningen till neddragningarna handlar om modernisering av sjukvården.',
    ],
    note: 'Answered in Swedish. Grepped sjukhusb|hospital beds|vårdplats: cornucopia#17 adds the psychiatric and elderly-care reforms as further reasons, without the figure (1).',
  }),
  Q({
    id: 'b9-avanza-mortgage-rate',
    question: 'What interest rate is Avanza charging on its new home loans?',
    relevant: { 'feeds/utdelningsseglaren-se.atom#7': 2 },
    answers: [
      'Bolån med 1,29% i ränta',
      'Igår kom nyheten att Avanza lanserar bolån med låg ränta för den stora massan.',
      'med en rörlig 3-månaders ränta om 1,29% har de nog stora möjligheter att få många nya kunder på detta.',
    ],
    note: "Answered in Swedish. Grepped Avanza|bolån|mortgage: the other hits are SBAB's list rate (cornucopia#10), general mortgage advice (utdelningsseglaren#19), Portuguese mortgage payments and a Fed cut's effect on US rates.",
  }),
  Q({
    id: 'b9-high-sierra-root-flaw',
    question: 'What was the macOS High Sierra login flaw that let anyone into a Mac?',
    relevant: { 'feeds/macworld.rss#2': 2, 'feeds/accidental-tech-podcast.rss#61': 1 },
    answers: [
      'On Tuesday, a macOS 10.13.1 security issue was revealed—a flaw that allows root access to a Mac without the need for a password.',
      'Developer Lemi Orhan Ergin tweeted that anyone can log into a Mac by entering the user name root without a password.',
    ],
    note: 'Grepped High Sierra near root/password: accidental-tech-podcast#61 lists the "root" security issue and its fixes as a topic without describing it (1).',
  }),
  Q({
    id: 'b9-car-loan-arrears',
    question: 'How many Americans have fallen seriously behind on their auto loans?',
    relevant: { 'feeds/planet-money.xml#34': 2 },
    answers: ['7 million Americans are at least 3 months behind on car payments.', "It's a record but is it a crisis?"],
    note: 'Grepped car loan|auto loan|car payment|subprime auto: no other post.',
  }),
  Q({
    id: 'b9-aer-lingus-cornwall',
    question: 'Is Aer Lingus adding flights between Ireland and Cornwall?',
    relevant: { 'feeds/breakingnews-ie-business.xml#7': 2 },
    answers: [
      'Aer Lingus launches new Cork-Cornwall route',
      'Aer Lingus Regional, operated by Stobart Air, is to launch a new service to Newquay in Cornwall.',
    ],
    note: 'Grepped Aer Lingus|Stobart|Newquay|Cornwall: the other Cornwall hits are a school camp memory (guardian) and a novel set there (sentimental-garbage#97).',
  }),
  Q({
    id: 'b9-cargill-pollution-history',
    question: 'Has Cargill faced legal action over farm pollution before the River Wye case?',
    relevant: { 'feeds/guardian-world.xml#51': 2 },
    answers: [
      'Cargill was taken to court 20 years ago in Oklahoma over the same pollution issue it is now linked to in UK',
      'Chicken farm giant linked to River Wye decline was sued over water blight in US',
    ],
    note: 'Grepped Cargill|Wye|poultry: the other Cargill hits are a podcast host, Natalie Cargill (80000-hours); poultry hits are bird flu and farming episodes.',
  }),
  Q({
    id: 'b9-podcast-vs-tv-ads',
    question: 'Do audiences respond better to podcast advertising than to TV commercials?',
    relevant: { 'feeds/podnews.xml#3': 2 },
    answers: [
      'Consumers prefer podcast ads to TV ads',
      'Consumers are more receptive to podcast advertising than TV advertisements, says a new study from media intelligence company MAGNA and Spotify.',
    ],
    note: 'Grepped podcast ad near TV|receptive|podcast advertising|MAGNA: podnews#5 (ad copy) and #12 (Samsung buys podcast ads) are archived stubs with no comparison; other MAGNA hits are a novel house and a car-parts maker.',
  }),
];

const TRAPS: RealQuestion[] = [
  Q({
    id: 'b9-trap-rupee-devaluation',
    question: 'Is India devaluing the rupee to make its exports cheaper?',
    relevant: {},
    note: 'Right country, different question: livemint#1 only says the US took India off its currency watchlist. "rupee" occurs nowhere; "devaluation" only in a general podcast chat (mike-neumann-show#2).',
  }),
  Q({
    id: 'b9-trap-takata-bankruptcy',
    question: 'Is Takata heading for bankruptcy over its airbag liabilities?',
    relevant: {},
    note: "Takata occurs only as the maker of the inflators in Fiat Chrysler's recall (ctv-news#7); bankruptcy hits are Trump's companies, Meyer Optik, hospital patients and a Planet Money episode on bankruptcy law.",
  }),
  Q({
    id: 'b9-trap-rosneft-dividend',
    question: 'How much will Rosneft pay its shareholders in dividends for 2016?',
    relevant: {},
    note: 'Rosneft occurs only in the VTB loan for its privatisation (moscow-times#20); dividend hits are a Swedish dividend blog and the idiom "pays dividends".',
  }),
  Q({
    id: 'b9-trap-agari-buyer',
    question: 'Who acquired the email security company Agari, and for how much?',
    relevant: {},
    note: 'Agari occurs only in its $2.5M Series A (techcrunch#9); the other "agari" hits are substrings (Devanagari, vagaries).',
  }),
  Q({
    id: 'b9-trap-cargill-profit',
    question: "How did Cargill's annual profit change last year?",
    relevant: {},
    note: 'Cargill occurs only in the River Wye pollution story (guardian-world#51) and as a podcast host, Natalie Cargill (80000-hours); no earnings.',
  }),
  Q({
    id: 'b9-trap-avanza-stock',
    question: "Is Avanza's stock a buy now that it has moved into mortgages?",
    relevant: {},
    note: 'Avanza occurs only in a blog post on its 1.29% mortgage rate (utdelningsseglaren#7), which says nothing about its shares.',
  }),
  Q({
    id: 'b9-trap-nvidia-datacenter',
    question: "How fast is Nvidia's data-center revenue growing?",
    relevant: {},
    note: "Nvidia occurs in UBS's price target (finanzen#0), GPU sales hit by the crypto winter (heise#149, not data centers), the Shield TV box, drivers and podcast topics; data-center hits are Google's, AWS's and hobbyists' own.",
  }),
  Q({
    id: 'b9-trap-tesla-deliveries',
    question: 'How many cars did Tesla deliver last quarter?',
    relevant: {},
    note: "Tesla occurs in passing: Model Y cell chemistry (heise#100), BMW following its cell format (heise#124), truck charging (golem#3), Chris Lattner's stint, podcast hosts' own cars; no delivery figures.",
  }),
  Q({
    id: 'b9-trap-border-wall-cost',
    question: "What is Trump's border wall estimated to cost?",
    relevant: {},
    note: 'Right subject, different question: reuters#1 and nytimes#11 say Mexico would repay or pay; talking-points-memo#4 says a wall sea to sea is unlikely. None gives a cost.',
  }),
  Q({
    id: 'b9-trap-change-ransom-paid',
    question: 'Did UnitedHealth pay the ransom to the hackers behind the Change Health attack, and how much?',
    relevant: {},
    note: 'Right subject, different question: slashdot#0 says the hackers demanded money and describes the pharmacy disruption, not whether or what was paid; the only other ransom hit is Planet Money on kidnapping ransoms.',
  }),
  Q({
    id: 'b9-trap-cocoa-prices',
    question: 'How far have cocoa prices risen, and are chocolate makers passing the cost on?',
    relevant: {},
    note: "Cocoa occurs as Apple's Cocoa framework (cocoa-dom, tenderlove, launched, accidental-tech-podcast); jornal-de-noticias#17 says climate change threatens cacao plantations and chocolate by 2050, without prices or chocolate makers.",
  }),
  Q({
    id: 'b9-trap-copper-ev-demand',
    question: 'Is demand from electric vehicles pushing copper prices up?',
    relevant: {},
    note: 'Copper occurs only as wire in Bell Labs memory (research-rsc#15) and copper phone lines (cre-de#16, Kupferleitung); the electric-car posts (heise, golem) do not mention copper.',
  }),
  Q({
    id: 'b9-trap-lithium-prices',
    question: 'Where are lithium prices heading as battery makers change cell chemistries?',
    relevant: {},
    note: "Lithium occurs only in a homelab UPS battery question (reddit-homelab#1); heise#100 reports Tesla's new cell chemistry without any price.",
  }),
  Q({
    id: 'b9-trap-tenbagger-picks',
    question: 'Which stocks do analysts see as potential tenbaggers?',
    relevant: {},
    note: "Tenbagger occurs only as the name of Hodl Hodl's OTC broker (hodl-hodl#3); the analyst ratings (finanzen-net-analysen) give targets and ratings, never a tenfold call.",
  }),
  Q({
    id: 'b9-trap-shell-dividend',
    question: 'Is Shell going to raise its dividend?',
    relevant: {},
    note: 'Shell occurs only as a command shell (nixers, blogs, accidental-tech-podcast) or "shell out"; dividend only in a Swedish dividend blog and the idiom "pays dividends". No post mentions the oil company.',
  }),
  Q({
    id: 'b9-trap-aer-lingus-owner-guidance',
    question: "Has Aer Lingus's parent IAG raised its profit guidance?",
    relevant: {},
    note: 'Aer Lingus occurs only in its new Cork-Newquay route (breakingnews-ie#7); the IAG hits are substrings (e.g. marriage, Santiago).',
  }),
];

/** Batch 9: 24 answerable questions, then 16 traps. */
export const BATCH9_QUESTIONS: RealQuestion[] = [...ANSWERABLE, ...TRAPS];
