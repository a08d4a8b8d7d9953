import { price } from './text';
import type { Theme } from './theme-types';

/** Commodity, credit, equity-market and regional themes. */
export const MARKET_THEMES: Theme[] = [
  {
    id: 'oil-opec',
    label: 'oil and OPEC+',
    keywords: ['oil prices', 'OPEC+', 'Brent crude', 'WTI', 'production cuts'],
    trades: [
      { ticker: 'XLE', direction: 'LONG' },
      { ticker: 'XOM', direction: 'LONG' },
    ],
    sectors: ['energy'],
    titles: [
      ({ m }) => `Brent at ${price(m.brent)}: OPEC+ is adding barrels into a soft market`,
      () => `Oil's floor and ceiling: shale breakevens versus OPEC+ spare capacity`,
      ({ sector }) => `What cheaper crude means for ${sector}`,
    ],
    paragraphs: [
      ({ m }) =>
        `Brent crude is trading around ${price(m.brent)} a barrel and WTI near ${price(m.wti)}. OPEC+ has been unwinding its voluntary cuts faster than expected, returning more than two million barrels a day to the market, and the cartel now looks more interested in market share than in defending price.`,
      () =>
        `US shale is the other side of the balance. Most Permian operators need roughly $60-65 WTI to fund maintenance capex and their dividends, and rig counts have drifted lower all year. At current prices we expect flat to slightly lower US output next year, which sets a soft floor under crude.`,
      () =>
        `Demand is fine but not exciting. Global consumption is growing around one million barrels a day, with India and petrochemical feedstocks doing the work while Chinese gasoline demand has peaked as electric vehicles pass half of new car sales. Inventories in the OECD are edging up, which usually caps rallies.`,
    ],
    thesis: ({ m }) =>
      `OPEC+ supply additions keep Brent capped near ${price(m.brent + 8)}, with shale breakevens setting the floor`,
    risk: 'a supply disruption in the Middle East or a sudden OPEC+ reversal',
  },
  {
    id: 'china-stimulus',
    label: 'China stimulus',
    keywords: ['China stimulus', 'PBOC', 'property sector', 'Beijing', 'Chinese consumer'],
    trades: [
      { ticker: 'FXI', direction: 'LONG' },
      { ticker: 'BABA', direction: 'LONG' },
    ],
    sectors: ['emerging_markets', 'consumer'],
    titles: [
      () => `China stimulus, round three: bigger words than numbers`,
      ({ m }) => `A ${m.chinaPmi.toFixed(1)} PMI and another PBOC cut: is Beijing finally serious?`,
      ({ sector }) => `China's stimulus and ${sector}: who gets the read-through`,
    ],
    paragraphs: [
      ({ m }) =>
        `The official manufacturing PMI came in at ${m.chinaPmi.toFixed(1)}, ${m.chinaPmi >= 50 ? 'barely in expansion' : 'still in contraction'}, and the PBOC answered with another cut to the reserve requirement ratio. Beijing has also expanded the consumer trade-in subsidy program, but the headline packages remain small relative to the hole left by the property sector.`,
      () =>
        `Property is still the core problem. New home sales are down more than 40% from their peak, developers are stuck in restructuring, and local governments have lost the land-sale revenue that funded infrastructure. Until housing stabilizes, households keep saving rather than spending, whatever the central bank does.`,
      () =>
        `Markets have been quicker than the economy. Chinese internet stocks rallied hard on each stimulus headline and on enthusiasm for domestic AI models, and valuations have moved from distressed to merely cheap. Foreign investors remain underweight, which is the best argument for the trade.`,
    ],
    thesis: () =>
      `Chinese stimulus is incremental rather than a bazooka, but cheap valuations and light positioning make the equities tradeable`,
    risk: 'a deeper property downturn or renewed trade restrictions',
  },
  {
    id: 'ai-capex',
    label: 'AI capex',
    keywords: ['AI capex', 'hyperscalers', 'data centers', 'GPU demand', 'power constraints'],
    trades: [
      { ticker: 'SMH', direction: 'LONG' },
      { ticker: 'NVDA', direction: 'LONG' },
      { ticker: 'VRT', direction: 'LONG' },
    ],
    sectors: ['semis', 'industrials', 'internet'],
    titles: [
      () => `AI capex: the hyperscalers just raised the bar again`,
      () => `Follow the power: the AI buildout's real bottleneck`,
      ({ sector }) => `Is the AI capex cycle peaking? The view from ${sector}`,
      () => `$500 billion and counting: who gets paid in the AI capex boom`,
    ],
    paragraphs: [
      () =>
        `Microsoft, Alphabet, Amazon and Meta together guided to more than $450 billion of capital spending next year, most of it for AI data centers. Each of them said demand still exceeds capacity, and none signalled a pause. For suppliers of GPUs, networking, memory and power equipment, that is a visible order book for another four to six quarters.`,
      () =>
        `The binding constraint has moved from chips to electricity. New data center campuses need 1-2 gigawatts each, utility interconnection queues stretch years, and gas turbines are sold out into the next decade. That is why orders for switchgear, transformers and liquid cooling have grown faster than GPU shipments this year.`,
      () =>
        `The bear case is about returns, not demand. Depreciation on this spending will cut into hyperscaler margins from next year, and AI revenue, while growing fast, is still a fraction of what is being invested. If enterprise adoption stalls, the first place it shows up will be capex guidance, and suppliers trade on the second derivative.`,
    ],
    thesis: () =>
      `AI capex keeps rising into next year, with power and cooling now the bottleneck and the best-positioned suppliers`,
    risk: 'hyperscalers cutting capex guidance if AI monetization disappoints',
  },
  {
    id: 'tariffs',
    label: 'tariffs and trade policy',
    keywords: ['tariffs', 'trade war', 'Section 232', 'import duties', 'supply chains'],
    trades: [
      { ticker: 'WMT', direction: 'LONG' },
      { ticker: 'CAT', direction: 'LONG' },
    ],
    sectors: ['consumer', 'industrials', 'semis'],
    titles: [
      () => `Tariffs, round two: who is absorbing the cost?`,
      ({ sector }) => `The tariff bill is coming due for ${sector}`,
      () => `Section 232, de minimis and the new trade map`,
    ],
    paragraphs: [
      () =>
        `The effective US tariff rate is now above 15%, the highest since the 1930s. So far the cost has been split: foreign exporters cut prices a little, importers compressed margins, and consumers paid the rest through higher prices on goods. Each earnings season tells us more about who is still absorbing it.`,
      ({ sector }) =>
        `Management commentary in ${sector} has shifted from "we are studying it" to specific numbers. Companies now quantify tariff headwinds in basis points of gross margin and describe price increases, sourcing moves from China to Vietnam and Mexico, and inventory pulled forward ahead of deadlines.`,
      () =>
        `Courts and negotiations add uncertainty. Sector-specific Section 232 duties on semiconductors, pharmaceuticals and heavy trucks are harder to challenge than the broad emergency tariffs, and exemptions keep changing. For investors the practical answer is to favor companies with pricing power and domestic supply chains.`,
    ],
    thesis: () =>
      `tariff costs are increasingly landing on margins and prices, rewarding companies with pricing power and domestic supply chains`,
    risk: 'an escalation in trade policy that hits demand, not just margins',
  },
  {
    id: 'credit-spreads',
    label: 'credit spreads',
    keywords: ['credit spreads', 'high yield', 'investment grade', 'default rates', 'junk bonds'],
    trades: [
      { ticker: 'HYG', direction: 'SHORT' },
      { ticker: 'HYG', direction: 'LONG' },
    ],
    sectors: ['banks', 'small_caps'],
    titles: [
      ({ m }) => `High-yield spreads at ${m.hySpreadBp} basis points: priced for perfection`,
      () => `Credit spreads are tight. Here is why that can last, and what would break it`,
      ({ sector }) => `What tight credit means for ${sector}`,
    ],
    paragraphs: [
      ({ m }) =>
        `High-yield spreads are near ${m.hySpreadBp} basis points over Treasuries and investment-grade spreads around ${m.igSpreadBp}, close to the tightest levels of the past two decades. Yield buyers such as insurers and pension funds keep absorbing new issuance because all-in yields are still attractive even when spreads are not.`,
      () =>
        `Defaults are low but rising at the margins. The trailing default rate including distressed exchanges is around 4% for leveraged loans, well above the high-yield bond rate, because floating-rate borrowers felt the full impact of higher rates. Recoveries on those restructurings have been poor.`,
      () =>
        `The quality of the market has improved, which argues for tighter spreads than in the past: more BB issuers, fewer CCCs, and more secured debt. But there is little cushion for a growth shock. We prefer to own credit through higher-quality names and keep some dry powder for the first proper widening.`,
    ],
    thesis: ({ m }) =>
      `credit spreads near ${m.hySpreadBp} basis points leave little cushion, even if strong technicals keep them tight for now`,
    risk: 'a growth shock that triggers a fast widening in spreads',
  },
  {
    id: 'private-credit',
    label: 'private credit',
    keywords: ['private credit', 'direct lending', 'BDCs', 'PIK interest', 'leveraged loans'],
    trades: [
      { ticker: 'GS', direction: 'LONG' },
      { ticker: 'HYG', direction: 'SHORT' },
    ],
    sectors: ['banks'],
    titles: [
      () => `Private credit cracks: PIK income is the number to watch`,
      () => `Direct lending has a marking problem`,
      ({ sector }) => `Private credit's growing overlap with ${sector}`,
    ],
    paragraphs: [
      () =>
        `Private credit has grown to roughly $1.7 trillion, and the asset class is facing its first real credit cycle. Non-accruals at listed BDCs have risen for several quarters, and the share of income paid in kind (PIK) rather than cash is above 8% at several large lenders, a sign that borrowers are struggling to service floating-rate debt.`,
      () =>
        `Marks are the controversy. Loans held in private funds are valued by the managers and their valuation agents, and the same loan often sits at 95 cents in one vehicle and 80 in another. Redemption queues at non-traded BDCs would force price discovery quickly if retail inflows slowed.`,
      () =>
        `Banks are not bystanders. They lend to private credit funds through subscription lines and back leverage facilities, and several large banks have launched their own direct lending partnerships. Exposure is mostly senior and well collateralized, but it links the two systems more closely than the "shadow banking" label suggests.`,
    ],
    thesis: () =>
      `private credit losses are rising from low levels, and rising PIK income and stale marks are early warnings`,
    risk: 'a broader default cycle that exposes optimistic private marks',
  },
  {
    id: 'buybacks',
    label: 'buybacks',
    keywords: ['buybacks', 'share repurchases', 'capital return', 'shareholder yield', 'dividends'],
    trades: [
      { ticker: 'SPY', direction: 'LONG' },
      { ticker: 'JPM', direction: 'LONG' },
    ],
    sectors: ['banks', 'energy', 'internet'],
    titles: [
      () => `Buybacks are on pace for a record year. Does it matter?`,
      ({ sector }) => `Shareholder yield in ${sector}: the quiet compounding story`,
      () => `The buyback bid and why it keeps dips shallow`,
    ],
    paragraphs: [
      () =>
        `S&P 500 companies are on pace to repurchase more than $1 trillion of stock this year, a record. Technology and financials account for more than half of it, and announced authorizations are running ahead of last year, so the corporate bid should remain the largest single source of equity demand.`,
      ({ sector }) =>
        `Buybacks only create value when the price is right. The best allocators in ${sector} repurchase more when shares fall and pull back after rallies; the worst do the opposite. Tracking net share count reduction, not the headline authorization, separates the two.`,
      () =>
        `The 1% excise tax on buybacks has not changed behaviour, and proposals to raise it have stalled. What could change it is a squeeze on free cash flow: hyperscalers have slowed repurchases as AI capex absorbs their cash, which is a shift worth watching for index-level demand.`,
    ],
    thesis: () =>
      `record buybacks keep a steady corporate bid under equities, but only disciplined repurchasers create lasting value`,
    risk: 'free cash flow diverted to capex, shrinking the buyback bid',
  },
  {
    id: 'ipo-market',
    label: 'the IPO market',
    keywords: ['IPO market', 'IPOs', 'listings', 'underwriting', 'first-day pop'],
    trades: [
      { ticker: 'GS', direction: 'LONG' },
      { ticker: 'MS', direction: 'LONG' },
    ],
    sectors: ['banks', 'software'],
    titles: [
      () => `The IPO window is open. Here is who is walking through it`,
      () => `First-day pops are back, and that is not entirely good news`,
      ({ sector }) => `An IPO revival and what it means for ${sector}`,
    ],
    paragraphs: [
      () =>
        `US IPO proceeds are running at their best pace since 2021, helped by a handful of large technology and fintech listings. Deals are pricing at or above the top of their ranges, and the average first-day gain is above 20%, which tells issuers they left money on the table and will bring more supply.`,
      () =>
        `The backlog is large. Venture-backed companies have delayed listings for three years, and private equity owners need exits to return cash to limited partners. Confidential filings have picked up sharply, so the next two quarters should bring a steady calendar unless volatility spikes.`,
      ({ sector }) =>
        `The direct beneficiaries are the underwriters: equity capital markets fees at Goldman Sachs and Morgan Stanley are up strongly year over year. For ${sector}, new listings also reset public comparables and can pull capital away from incumbents trading at rich multiples.`,
    ],
    thesis: () =>
      `a reopened IPO window brings a heavy calendar of supply and a fee tailwind for the large underwriters`,
    risk: 'a volatility spike that shuts the window again',
  },
  {
    id: 'bitcoin-etfs',
    label: 'bitcoin ETFs',
    keywords: ['bitcoin ETFs', 'spot bitcoin', 'ETF inflows', 'crypto', 'stablecoins'],
    trades: [
      { ticker: 'IBIT', direction: 'LONG' },
      { ticker: 'COIN', direction: 'LONG' },
    ],
    sectors: ['payments', 'macro_assets'],
    titles: [
      ({ m }) => `Bitcoin at ${price(m.bitcoin)}: who is buying the ETFs now?`,
      () => `Spot bitcoin ETFs, two years in: flows, holders and what comes next`,
      ({ sector }) => `Stablecoins, bitcoin ETFs and ${sector}`,
    ],
    paragraphs: [
      ({ m }) =>
        `Bitcoin trades around ${price(m.bitcoin)}, and the US spot ETFs now hold well over a million coins. BlackRock's IBIT alone manages more than the rest of the category combined. Daily flows have become the best real-time indicator of institutional demand.`,
      () =>
        `The holder base is changing. Quarterly 13F filings show advisers and wealth platforms steadily adding, while hedge funds running basis trades have reduced exposure. Adviser money tends to be stickier, which should dampen the drawdowns that used to follow ETF outflows.`,
      () =>
        `Regulation has moved from hostile to accommodating. Stablecoin legislation gives issuers a federal framework, and banks can now custody digital assets. That matters for Coinbase and the payment networks, which are all building stablecoin settlement into their products.`,
    ],
    thesis: () => `bitcoin ETF demand is shifting to steadier adviser money while regulation turns supportive`,
    risk: 'a sharp drawdown in bitcoin that triggers ETF outflows',
  },
  {
    id: 'gold',
    label: 'gold',
    keywords: ['gold', 'central bank buying', 'real yields', 'bullion', 'safe haven'],
    trades: [{ ticker: 'GLD', direction: 'LONG' }],
    sectors: ['macro_assets', 'emerging_markets'],
    titles: [
      ({ m }) => `Gold at ${price(m.gold)}: central banks keep buying`,
      () => `Why gold stopped caring about real yields`,
      () => `Gold's next leg: debasement trade or crowded hedge?`,
    ],
    paragraphs: [
      ({ m }) =>
        `Gold is trading near ${price(m.gold)} an ounce. The old link to real yields broke in 2022: gold kept rising even as inflation-adjusted Treasury yields climbed, because central banks, led by China, Poland, India and Turkey, were buying more than 1,000 tonnes a year to diversify reserves away from the dollar.`,
      () =>
        `Western investors have joined late. Holdings in gold ETFs such as GLD rose for several consecutive months after years of outflows, and futures positioning is now long but not extreme. That combination tends to extend trends rather than end them.`,
      () =>
        `Gold miners have lagged the metal, which is unusual at these prices. All-in sustaining costs are around $1,500 an ounce at the large producers, so margins are the widest on record, yet the stocks trade at discounts to their own history.`,
    ],
    thesis: ({ m }) =>
      `central bank demand keeps supporting gold near ${price(m.gold)}, with Western ETF buying as a second leg`,
    risk: 'a stronger dollar and higher real yields if the Fed stops cutting',
  },
  {
    id: 'european-banks',
    label: 'European banks',
    keywords: ['European banks', 'ECB', 'euro area', 'bank buybacks', 'Stoxx banks'],
    trades: [
      { ticker: 'DB', direction: 'LONG' },
      { ticker: 'HSBC', direction: 'LONG' },
    ],
    sectors: ['banks'],
    titles: [
      () => `European banks: the best-performing sector nobody owns`,
      () => `After the ECB cuts, can European bank earnings hold up?`,
      ({ sector }) => `European banks versus US ${sector}: where the value is`,
    ],
    paragraphs: [
      () =>
        `European bank stocks have more than doubled over three years, yet they still trade near 1x tangible book and 8-9x earnings. Returns on tangible equity are in the low teens for the better franchises, and capital return through dividends and buybacks runs at 8-10% of market value.`,
      () =>
        `The worry was that ECB rate cuts would crush net interest income. It has not happened: structural hedges lock in higher yields for years, deposit costs came down with policy rates, and loan growth in Germany and Spain has picked up. Fee income from wealth management and trading has filled the rest.`,
      () =>
        `Consolidation is the next catalyst. Cross-border deals in Italy, Germany and Spain are back on the table, and regulators in Frankfurt have become more open to them. Each deal brings cost synergies that the market has not priced.`,
    ],
    thesis: () =>
      `European banks still trade near 1x tangible book despite low-teens returns and generous capital return`,
    risk: 'a euro-area recession that lifts loan losses',
  },
  {
    id: 'emerging-markets',
    label: 'emerging markets',
    keywords: ['emerging markets', 'EM equities', 'India', 'Brazil', 'local currency bonds'],
    trades: [
      { ticker: 'EEM', direction: 'LONG' },
      { ticker: 'MELI', direction: 'LONG' },
    ],
    sectors: ['emerging_markets'],
    titles: [
      () => `Emerging markets are finally outperforming. Is it different this time?`,
      ({ m }) => `EM equities with the dollar at ${m.dxy.toFixed(0)}: a checklist`,
      () => `India, Brazil, Korea: where we would put new EM money`,
    ],
    paragraphs: [
      ({ m }) =>
        `The MSCI Emerging Markets index is ahead of the S&P 500 this year, helped by a weaker dollar near ${m.dxy.toFixed(1)} on the DXY and a rally in Korean and Taiwanese technology stocks. Valuations remain around 12-13x forward earnings, a discount of more than 40% to US equities.`,
      () =>
        `The dispersion inside EM is large. India is expensive but has the most reliable earnings growth; Brazil offers double-digit real rates and a cheap market; Korea's corporate governance reforms are lifting payout ratios. China is the wild card and now a much smaller part of the index than it was five years ago.`,
      () =>
        `Local-currency bonds are the quieter opportunity. Several central banks cut rates ahead of the Fed and still have high real yields, so a stable dollar lets investors collect carry plus some currency appreciation.`,
    ],
    thesis: () =>
      `a weaker dollar and cheap valuations support emerging markets, with India, Brazil and Korea the preferred exposures`,
    risk: 'a renewed dollar rally or a shock from China',
  },
];
