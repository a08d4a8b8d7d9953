import { bp, level, pct } from './text';
import type { Theme } from './theme-types';

/** Rates, inflation, labour and currency themes. Each paragraph quotes the scene's market levels. */
export const RATE_THEMES: Theme[] = [
  {
    id: 'fed-rate-cuts',
    label: 'Fed rate cuts',
    keywords: ['Fed rate cuts', 'FOMC', 'dot plot', 'federal funds rate', 'Powell'],
    trades: [
      { ticker: 'TLT', direction: 'LONG' },
      { ticker: 'IWM', direction: 'LONG' },
    ],
    sectors: ['small_caps', 'reits', 'banks'],
    titles: [
      ({ sector }) => `Fed rate cuts: what the dot plot means for ${sector}`,
      ({ m }) => `The FOMC at ${pct(m.fedLow, 2)}-${pct(m.fedHigh, 2)}: how many more cuts are really coming?`,
      () => `Rate cuts into a soft landing have a mixed track record`,
      ({ sector }) => `Who actually benefits from Fed easing? Start with ${sector}`,
    ],
    paragraphs: [
      ({ m }) =>
        `The federal funds target now sits at ${pct(m.fedLow, 2)} to ${pct(m.fedHigh, 2)}${m.afterCut ? ' after the latest quarter-point cut' : ', unchanged at the last meeting'}. Futures price roughly ${m.afterCut ? 'two' : 'three'} more cuts over the next twelve months, while the median dot in the Summary of Economic Projections implies fewer. That gap between the dot plot and the market is where most of the trading opportunity in rates sits right now.`,
      ({ m, sector }) =>
        `Lower policy rates matter most for borrowers who reprice quickly. Roughly a third of Russell 2000 debt is floating rate, which is why ${sector} tend to react more to each FOMC statement than megacaps do. With the 2-year Treasury at ${pct(m.twoYear, 2)}, the market is already pulling forward part of the easing cycle.`,
      ({ m }) =>
        `Powell's press conference framed cuts as "recalibration" rather than a response to weakness. With core CPI still running at ${pct(m.coreCpiYoY)} year over year and unemployment at ${pct(m.unemployment)}, the committee can afford to move slowly, and every strong payrolls print pushes the next cut further out.`,
    ],
    thesis: ({ m }) =>
      `the easing cycle from ${pct(m.fedHigh, 2)} will be slower than futures imply, but still supports duration and rate-sensitive equities`,
    risk: 'a re-acceleration in inflation that forces the Fed to pause',
  },
  {
    id: 'cpi-inflation',
    label: 'CPI and inflation',
    keywords: ['CPI', 'inflation', 'core CPI', 'shelter inflation', 'PCE'],
    trades: [
      { ticker: 'TLT', direction: 'LONG' },
      { ticker: 'GLD', direction: 'LONG' },
    ],
    sectors: ['consumer', 'reits'],
    titles: [
      ({ month, m }) => `${month} CPI: a ${pct(m.cpiMoM)} month-over-month print and what sits under the hood`,
      () => `Inflation is sticky where it matters: shelter, services and insurance`,
      ({ sector }) => `What a hot core CPI would do to ${sector}`,
      ({ m }) => `Core inflation at ${pct(m.coreCpiYoY)}: the last mile is the hardest`,
    ],
    paragraphs: [
      ({ m, lastMonth }) =>
        `Headline CPI rose ${pct(m.cpiMoM)} month over month in ${lastMonth}, and core CPI is running at ${pct(m.coreCpiYoY)} year over year. Shelter is still the largest single contributor, but the more worrying detail is services ex-housing, where car insurance and medical care keep printing above 0.3% a month.`,
      ({ m }) =>
        `Goods inflation is the swing factor. Tariff pass-through has started to show up in apparel, furniture and household appliances, and the core goods index has turned positive again. If that persists, the Fed's preferred PCE measure will stay near ${pct(m.coreCpiYoY - 0.3)} well into next year.`,
      ({ m }) =>
        `Breakevens tell the same story: 5-year inflation expectations have drifted back toward 2.5%, and the real yield on the 10-year Treasury is close to ${pct(m.tenYear - 2.3, 2)}. Bond investors are not pricing a return of 2022-style inflation, but they are no longer pricing a clean path to 2% either.`,
    ],
    thesis: ({ m }) =>
      `core inflation near ${pct(m.coreCpiYoY)} is sticky enough to limit how far and how fast the Fed can cut`,
    risk: 'tariff pass-through lifting goods prices for longer',
  },
  {
    id: 'treasury-yields',
    label: 'Treasury yields and the curve',
    keywords: ['10-year Treasury yield', 'yield curve', '2s10s', 'term premium', 'bond auctions'],
    trades: [
      { ticker: 'TLT', direction: 'LONG' },
      { ticker: 'TLT', direction: 'SHORT' },
    ],
    sectors: ['reits', 'banks', 'clean_energy'],
    titles: [
      ({ m }) => `The 10-year at ${pct(m.tenYear, 2)}: term premium is back`,
      () => `The curve is steepening for the wrong reasons`,
      ({ sector }) => `Treasury yields and ${sector}: the math of duration`,
      () => `Bond auctions, deficits and the long end: a field guide`,
    ],
    paragraphs: [
      ({ m }) =>
        `The 10-year Treasury yield closed the week at ${pct(m.tenYear, 2)}, with the 2-year at ${pct(m.twoYear, 2)}. That leaves the 2s10s curve at ${bp((m.tenYear - m.twoYear) * 100)} positive, the steepest since the inversion ended. Most of the move came from the long end, which points to term premium rather than growth optimism.`,
      () =>
        `Supply is the part the market keeps underestimating. Treasury's refunding schedule keeps coupon auction sizes at record levels, and the last 10-year and 30-year auctions both tailed, meaning dealers had to absorb more than usual. Deficits near 6% of GDP outside a recession require a higher clearing yield.`,
      ({ m, sector }) =>
        `For equity investors the level matters more than the shape. Every 25 basis points on the 10-year moves the fair multiple of long-duration assets, and ${sector} carry the most duration in their valuations. A 30-year mortgage rate near ${pct(m.mortgage30, 2)} shows how much of that has already reached the real economy.`,
    ],
    thesis: ({ m }) =>
      `a 10-year yield around ${pct(m.tenYear, 2)} reflects rising term premium, and the curve should keep steepening`,
    risk: 'a growth scare that sends investors back into the long end',
  },
  {
    id: 'us-dollar',
    label: 'the US dollar',
    keywords: ['dollar', 'DXY', 'dollar index', 'currency', 'FX'],
    trades: [
      { ticker: 'EEM', direction: 'LONG' },
      { ticker: 'GLD', direction: 'LONG' },
    ],
    sectors: ['emerging_markets', 'industrials'],
    titles: [
      ({ m }) => `The dollar index at ${m.dxy.toFixed(1)}: is the weak-dollar trade done?`,
      ({ sector }) => `A softer dollar is a tailwind for ${sector}. How big?`,
      () => `Currency check: why the DXY matters for your earnings estimates`,
    ],
    paragraphs: [
      ({ m }) =>
        `The DXY dollar index is trading at ${m.dxy.toFixed(1)}, well off its highs, as rate differentials with Europe and Japan narrow. Positioning data from the CFTC show speculators close to flat on the dollar, so the next big move depends on whether US growth keeps outperforming.`,
      ({ sector }) =>
        `For US multinationals a weaker dollar is a quiet earnings tailwind: roughly 40% of S&P 500 revenue comes from abroad, and every 10% move in the dollar shifts index EPS by about 3%. ${sector.charAt(0).toUpperCase() + sector.slice(1)} with large overseas sales should see the translation benefit in next quarter's guidance.`,
      () =>
        `Emerging markets are the other beneficiary. A softer dollar eases the burden of dollar-denominated debt, gives local central banks room to cut, and historically has lined up with EM equities outperforming the S&P 500.`,
    ],
    thesis: ({ m }) => `the dollar index near ${m.dxy.toFixed(1)} has further to fall as rate differentials narrow`,
    risk: 'US growth outperforming again and reviving the dollar',
  },
  {
    id: 'jobs-report',
    label: 'the jobs report',
    keywords: ['jobs report', 'nonfarm payrolls', 'unemployment rate', 'labor market', 'wage growth'],
    trades: [
      { ticker: 'TLT', direction: 'LONG' },
      { ticker: 'SPY', direction: 'LONG' },
    ],
    sectors: ['consumer', 'small_caps'],
    titles: [
      ({ m }) => `Payrolls ${m.payrollsK >= 0 ? '+' : ''}${m.payrollsK}k: the labor market is cooling, not cracking`,
      ({ m }) => `Unemployment at ${pct(m.unemployment)}: reading the jobs report without the noise`,
      ({ sector }) => `What a softer labor market means for ${sector}`,
    ],
    paragraphs: [
      ({ m, lastMonth }) =>
        `Nonfarm payrolls ${m.payrollsK >= 0 ? 'rose' : 'fell'} by ${Math.abs(m.payrollsK)}k in ${lastMonth}, and the unemployment rate came in at ${pct(m.unemployment)}. Revisions to the prior two months were negative again, which matters more than the headline: the three-month average is now running well below the pace needed to keep unemployment flat.`,
      () =>
        `Wage growth is the good news. Average hourly earnings are rising about 3.7% year over year, ahead of inflation, so real incomes are still growing. That is why consumer spending has held up even as hiring slows: people who have jobs are keeping them, and layoffs remain low.`,
      ({ m }) =>
        `The Fed reads a cooling labor market as permission to keep cutting. With unemployment at ${pct(m.unemployment)}, the Sahm rule is not triggered, but the margin is thin enough that one or two weak reports would change the conversation from insurance cuts to a genuine slowdown.`,
    ],
    thesis: ({ m }) =>
      `a labor market with unemployment at ${pct(m.unemployment)} is cooling gradually, which keeps the Fed easing without signalling recession`,
    risk: 'a jump in layoffs that turns a slowdown into a recession',
  },
  {
    id: 'housing',
    label: 'the housing market',
    keywords: ['housing', 'mortgage rates', 'home prices', 'existing home sales', 'homebuilders'],
    trades: [{ ticker: 'VNQ', direction: 'LONG' }],
    sectors: ['reits', 'consumer'],
    titles: [
      ({ m }) => `Mortgage rates at ${pct(m.mortgage30, 2)}: housing is frozen, not falling`,
      () => `Existing home sales and the lock-in effect, one year later`,
      ({ sector }) => `The housing thaw and what it means for ${sector}`,
    ],
    paragraphs: [
      ({ m }) =>
        `The 30-year fixed mortgage rate is around ${pct(m.mortgage30, 2)}, down from last year's peak but still far above the 3-4% rates most existing owners locked in. Existing home sales are running near a 4 million annualized pace, close to thirty-year lows, because sellers who move would have to give up a cheap loan.`,
      () =>
        `Prices have held up because supply is scarce. Inventory of existing homes is rising but remains below 2019 levels in most of the Northeast and Midwest, while Florida and Texas now have more listings than before the pandemic and are seeing price cuts. National averages hide a market that is splitting in two.`,
      () =>
        `Builders have been the winners, using mortgage rate buydowns to sell new homes to buyers who cannot find existing ones. That support costs them margin: incentives now run at 7-8% of the sale price at the large public builders, and gross margins have come down two to three points from the peak.`,
    ],
    thesis: ({ m }) =>
      `housing turnover stays depressed until mortgage rates fall well below ${pct(m.mortgage30, 1)}, even if prices hold`,
    risk: 'mortgage rates falling faster than expected and unlocking supply',
  },
  {
    id: 'recession-risk',
    label: 'recession risk',
    keywords: ['recession', 'soft landing', 'leading indicators', 'earnings recession', 'hard landing'],
    trades: [
      { ticker: 'TLT', direction: 'LONG' },
      { ticker: 'SPY', direction: 'SHORT' },
      { ticker: 'GLD', direction: 'LONG' },
    ],
    sectors: ['consumer', 'industrials', 'small_caps'],
    titles: [
      () => `Recession odds: what the leading indicators actually say`,
      () => `Soft landing or slow bleed? Five charts on recession risk`,
      ({ sector }) => `If a recession comes, ${sector} will feel it first`,
    ],
    paragraphs: [
      ({ m }) =>
        `The Conference Board's leading index has fallen for most of the past year, yet GDP keeps growing near trend. That divergence is why recession calls have failed since 2022. Our composite of ISM new orders, jobless claims, building permits and the yield curve puts twelve-month recession odds near 30%, above the base rate but far from certain, with unemployment at ${pct(m.unemployment)}.`,
      ({ m }) =>
        `Markets are not priced for a downturn. The S&P 500 trades around ${level(m.spx)}, high-yield spreads are near ${m.hySpreadBp} basis points, and the VIX sits around ${m.vix.toFixed(0)}. In past recessions spreads widened past 600 basis points and earnings fell 15-20%, so even modest odds justify some protection.`,
      () =>
        `The first cracks would show up in cyclical hiring, freight volumes and lower-income consumer credit. Trucking tonnage is flat, temporary help employment keeps shrinking, and subprime auto delinquencies are at their highest in more than a decade. None of that is decisive, but the direction is consistent.`,
    ],
    thesis: () =>
      `recession odds around 30% are not priced into equities or credit, so some protection is cheap insurance`,
    risk: 'a soft landing that makes defensive positioning a drag on returns',
  },
  {
    id: 'yen-carry-trade',
    label: 'the yen carry trade',
    keywords: ['yen carry trade', 'Bank of Japan', 'USD/JPY', 'JGB yields', 'deleveraging'],
    trades: [
      { ticker: 'QQQ', direction: 'SHORT' },
      { ticker: 'GLD', direction: 'LONG' },
    ],
    sectors: ['semis', 'emerging_markets'],
    titles: [
      ({ m }) => `USD/JPY at ${m.usdJpy.toFixed(0)}: the yen carry trade is back, and so is the risk`,
      () => `The Bank of Japan is the central bank to watch this quarter`,
      ({ sector }) => `Why a yen squeeze would hit ${sector} hardest`,
    ],
    paragraphs: [
      ({ m }) =>
        `USD/JPY is trading near ${m.usdJpy.toFixed(1)}, and the carry trade that blew up in August 2024 has been rebuilt. Borrowing in yen at near-zero rates to buy higher-yielding assets works as long as the yen is stable; when the Bank of Japan hikes or US yields fall, the unwind is violent.`,
      () =>
        `The Bank of Japan has raised its policy rate in small steps and 10-year JGB yields are at their highest since 2008. Each hike narrows the rate differential that makes the trade work, and Japanese life insurers have started to bring money home, which adds a slow but steady bid for the yen.`,
      ({ sector }) =>
        `The 2024 unwind showed where the pain lands: crowded momentum trades in ${sector} and megacap tech fell 10-20% in days as leveraged funds sold whatever was liquid. Positioning in those names is heavy again, which is why we watch the yen more closely than the S&P 500 itself.`,
    ],
    thesis: ({ m }) =>
      `a rebuilt yen carry trade with USD/JPY near ${m.usdJpy.toFixed(0)} leaves crowded growth trades exposed to a Bank of Japan surprise`,
    risk: 'the Bank of Japan staying on hold for longer than expected',
  },
];
