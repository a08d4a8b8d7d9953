import type { Company } from '@/lib/demo/companies';
import type { Fundamentals } from '@/lib/demo/market';
import type { Rng } from '@/lib/demo/random';
import { billions, change, pct, price } from '@/lib/demo/text';
import type { Sector } from '@/lib/reference/sectors';

/**
 * Paragraphs that talk about a company in its own industry's vocabulary: a bank post mentions net interest margin and
 * CET1, a REIT post mentions AFFO and occupancy. This is what keeps a post about Micron reading like one about memory.
 */
type SectorNote = (c: Company, f: Fundamentals, r: Rng, quarter: string) => string;

const prod = (c: Company, r: Rng) => r.pick(c.products);
const drv = (c: Company, r: Rng) => r.pick(c.drivers);

const NOTES: Record<Sector, SectorNote[]> = {
  semis: [
    (c, f, r, q) =>
      `The debate on ${c.short} comes down to ${drv(c, r)}. Data center sales were roughly ${pct(r.float(55, 88), 0)} of revenue in ${q}, and management said lead times are still stretched. Inventory days rose to ${r.int(95, 160)}, which in past cycles has been an early warning, but this time most of it is work in progress ahead of new product ramps rather than finished goods nobody wants.`,
    (c, f, r) =>
      `Supply, not demand, sets the pace. ${c.short} is capacity-constrained in ${prod(c, r)}, and gross margin of ${pct(f.grossMargin)} reflects how much pricing power that scarcity gives it. Capex across the foundry and memory supply chain is up about ${pct(r.float(15, 35), 0)} this year, so the bottleneck should ease gradually through next year.`,
    (c, f, r) =>
      `China remains the wild card. Export controls cap what ${c.short} can sell there, and China was about ${pct(r.float(8, 24), 0)} of revenue before the latest rules. The company has learned to model it at zero, which means any licence approval is upside rather than a risk to numbers.`,
  ],
  software: [
    (c, f, r) =>
      `Remaining performance obligations grew ${pct(f.growth + r.float(2, 8), 0)} year over year, ahead of revenue, which tells us bookings are holding up. Net revenue retention is around ${r.int(108, 124)}%, and ${c.short} says ${prod(c, r)} is showing up in larger renewals rather than as a separate line item yet.`,
    (c, f, r) =>
      `The AI question for ${c.short} is whether agents replace seats. So far the evidence points the other way: ${prod(c, r)} is priced on consumption, customers that adopt it expand faster, and operating margin reached ${pct(f.operatingMargin)} even with heavy investment in inference capacity.`,
    (c, f, r) =>
      `Billings were a little noisy because of contract duration changes, so we focus on current RPO, which rose about ${pct(f.growth + r.float(-2, 4), 0)}. Free cash flow margin above ${pct(r.float(28, 42), 0)} gives ${c.short} room to keep buying back stock while investing in ${prod(c, r)}.`,
  ],
  internet: [
    (c, f, r) =>
      `Advertising and engagement drive the numbers. ${c.short} grew ad impressions about ${pct(r.float(6, 14), 0)} and price per ad about ${pct(r.float(3, 11), 0)}, and ${prod(c, r)} is now large enough to move the consolidated growth rate by itself.`,
    (c, f, r) =>
      `Capital intensity is the new part of the story. ${c.short} spent about ${billions(f.revenue * r.float(0.15, 0.35))} on capex in the quarter, mostly servers and data centers, and guided higher for next year. The question is whether ${prod(c, r)} earns a return on that spending quickly enough to protect free cash flow.`,
    (c, f, r) =>
      `Regulation is the overhang. Antitrust remedies, app store rules and the EU's Digital Markets Act all touch ${c.short}, but so far the financial impact has been small relative to growth in ${prod(c, r)}.`,
  ],
  banks: [
    (c, f, r) =>
      `Net interest income rose ${pct(r.float(1, 9))} year over year and net interest margin came in at ${pct(r.float(2.3, 3.3), 2)}. Deposit costs have started to fall with policy rates while fixed-rate assets keep repricing higher, which is why ${c.short} raised its NII outlook. The CET1 ratio of ${pct(r.float(11.5, 14.8))} leaves ample excess capital.`,
    (c, f, r) =>
      `Fee businesses did the heavy lifting. Investment banking fees were up ${pct(r.float(10, 40), 0)}, trading revenue beat on strong equities volumes, and ${prod(c, r)} keeps growing. Provisions were modest: net charge-offs on card loans ticked up to about ${pct(r.float(3.2, 4.1))}, in line with guidance.`,
    (c, f, r) =>
      `Return on tangible common equity reached ${pct(r.float(12, 21))}, and ${c.short} trades at ${(r.float(1.2, 2.6)).toFixed(1)}x tangible book. With Basel III endgame rules softened, the bank has more room for buybacks than it expected a year ago, and ${prod(c, r)} gives it a growth angle beyond the rate cycle.`,
  ],
  payments: [
    (c, f, r) =>
      `Payments volume grew ${pct(r.float(6, 11))} in constant currency and cross-border volume about ${pct(r.float(10, 16))}. Consumer spending has slowed at the margin, but the mix shift from cash and checks to cards keeps volume growth ahead of nominal GDP, and ${prod(c, r)} adds a higher-margin layer on top.`,
    (c, f, r) =>
      `Take rates held steady and operating expenses grew slower than net revenue, so ${c.short} expanded operating margin to ${pct(f.operatingMargin)}. Stablecoins are the debate of the moment; our view is that ${prod(c, r)} positions ${c.short} to carry that volume rather than lose it.`,
  ],
  energy: [
    (c, f, r) =>
      `Production averaged about ${r.int(400, 4800).toLocaleString('en-US')} thousand barrels of oil equivalent a day, ${pct(r.float(1, 8))} higher year over year, helped by ${prod(c, r)}. At ${price(r.float(58, 72))} WTI, ${c.short} covers its dividend and maintenance capex with room left for buybacks.`,
    (c, f, r) =>
      `The break-even is what matters. ${c.short} says it can fund its capital program and dividend at around ${price(r.float(40, 55))} Brent, and cost cuts in ${prod(c, r)} should lower that further next year. Free cash flow of ${billions(f.fcf)} in the quarter funded ${billions(f.buyback)} of buybacks.`,
  ],
  clean_energy: [
    (c, f, r) =>
      `Policy is the swing factor for ${c.short}. The changes to the Inflation Reduction Act credits phase down some incentives faster than expected, but ${prod(c, r)} is still supported for projects that start construction in time, and the bookings backlog stands at roughly ${r.int(20, 75)} GW equivalent.`,
    (c, f, r) =>
      `Demand from data centers has changed the conversation. Utilities are signing power purchase agreements at higher prices, and ${c.short} expects ${prod(c, r)} to benefit as hyperscalers try to secure clean capacity. Interest rates still matter: every 100 basis points on financing costs moves project returns by about ${pct(r.float(1, 2))}.`,
  ],
  biotech: [
    (c, f, r) =>
      `The pipeline is where the value is. ${c.short}'s late-stage readout for ${prod(c, r)} showed a ${pct(r.float(12, 24))} placebo-adjusted effect in the Phase 3 trial, with discontinuation rates due to side effects around ${pct(r.float(4, 10), 0)}. A US filing is planned within ${r.int(3, 9)} months.`,
    (c, f, r) =>
      `Prescriptions tell the near-term story. Weekly scripts for ${prod(c, r)} are up about ${pct(r.float(20, 60), 0)} year over year according to IQVIA data, and net pricing has fallen less than feared despite the new direct-to-consumer channels.`,
    (c, f, r) =>
      `Patent expiries set the clock. Roughly ${pct(r.float(15, 45), 0)} of ${c.short}'s revenue faces loss of exclusivity by the end of the decade, and the Medicare price negotiation under the IRA adds pressure on older drugs. ${capitalizeFirst(prod(c, r))} is central to filling that gap.`,
  ],
  healthcare: [
    (c, f, r) =>
      `Utilization trends drive the quarter. ${c.short} said ${drv(c, r)} ran slightly above plan, with outpatient procedures and behavioral health the main sources of pressure. Medical cost trend for next year is being priced at about ${pct(r.float(7, 10))}.`,
    (c, f, r) =>
      `Volumes are healthy: revenue from ${prod(c, r)} grew ${pct(r.float(4, 18))} year over year, and management raised its outlook for the full year. Medicare Advantage rate notices for next year were better than expected, which helps sentiment across the group.`,
  ],
  industrials: [
    (c, f, r) =>
      `Orders are the cleanest signal. ${c.short} reported a book-to-bill of ${(r.float(1.02, 1.35)).toFixed(2)} and a backlog of roughly ${billions(f.revenue * r.float(2, 6))}, with ${prod(c, r)} the fastest-growing piece. Data center customers now account for a meaningful share of new orders.`,
    (c, f, r) =>
      `Pricing offsets costs for now. ${c.short} raised prices about ${pct(r.float(2, 5), 0)} this year, enough to cover tariffs on steel, aluminum and components, and margins in ${prod(c, r)} expanded by about ${r.int(50, 200)} basis points.`,
  ],
  defense: [
    (c, f, r) =>
      `Backlog hit a record of roughly ${billions(f.revenue * r.float(4, 9))}, driven by ${prod(c, r)} and munitions replenishment. The defense budget request keeps procurement growing in the mid single digits, with more money for missiles, space and shipbuilding.`,
    (c, f, r) =>
      `Execution is the risk, not demand. Fixed-price development work on programs such as ${prod(c, r)} has produced charges in recent years, and margins of about ${pct(r.float(9, 13))} leave little room for more. European orders are a growing share of new bookings.`,
  ],
  consumer: [
    (c, f, r) =>
      `Same-store sales were ${change(r.float(-2, 7))}, with traffic ${r.next() > 0.5 ? 'positive' : 'slightly negative'} and the average ticket doing most of the work. Management said ${prod(c, r)} is resonating with higher-income shoppers, while lower-income customers are trading down and buying more on promotion.`,
    (c, f, r) =>
      `Tariffs are the margin question for ${c.short}. The company expects a gross headwind of about ${r.int(50, 150)} basis points, offset partly by sourcing shifts and selective price increases. Inventory is up ${pct(r.float(2, 12), 0)} year over year, roughly in line with sales, so markdown risk looks contained.`,
    (c, f, r) =>
      `The brand is doing the work. ${c.short} says ${prod(c, r)} drove about ${pct(r.float(20, 45), 0)} of growth this year, and loyalty membership is up double digits. Gross margin of ${pct(f.grossMargin)} held up despite higher freight and wage costs.`,
  ],
  reits: [
    (c, f, r) =>
      `Core FFO per share rose ${pct(r.float(2, 9))} and occupancy held at ${pct(r.float(93, 98.5))}. Rent spreads on renewals remain positive at roughly ${pct(r.float(8, 40), 0)}, and ${prod(c, r)} keeps the growth story alive even as new supply delivers in several markets.`,
    (c, f, r) =>
      `Cost of capital is the key variable. ${c.short} trades at an implied cap rate of about ${pct(r.float(4.5, 6.8))}, and with the 10-year Treasury above 4% the spread to new investment yields is thin. The dividend yield of ${pct(f.dividendYield)} is well covered by AFFO, with a payout ratio near ${r.int(60, 80)}%.`,
  ],
  small_caps: [
    (c, f, r) =>
      `${c.short} is a classic operating leverage story. Revenue was ${change(f.growth)} and EBITDA margin expanded about ${r.int(100, 400)} basis points as ${prod(c, r)} scaled. Balance sheet: net cash, no refinancing needs before ${r.int(2028, 2031)}.`,
    (c, f, r) =>
      `Coverage is thin, which is the opportunity. Only ${r.int(5, 11)} sell-side analysts follow ${c.short}, and the stock moves on news about ${drv(c, r)} more than on fundamentals in any given week. Short interest is about ${pct(r.float(6, 22), 0)} of float.`,
  ],
  emerging_markets: [
    (c, f, r) =>
      `${c.short} is as much a macro bet as a company. Local currency moves swing reported growth by several points, and ${prod(c, r)} is exposed to household credit conditions. Even so, constant-currency growth of ${pct(f.growth + r.float(2, 10), 0)} is hard to find elsewhere at this valuation.`,
    (c, f, r) =>
      `Competition is intense. ${c.short} is spending heavily on ${prod(c, r)} to defend share, which holds back margins in the near term, but the company generated about ${billions(f.fcf)} of free cash flow in the quarter and continues to repurchase shares.`,
  ],
  macro_assets: [
    (c, f, r) =>
      `${c.ticker} is the simplest way to express this view. It holds ${prod(c, r)}, trades more than ${billions(r.float(1, 30))} a day, and charges a modest expense ratio, so the cost of being wrong is the market move rather than fees or tracking error.`,
  ],
};

function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function sectorNote(c: Company, f: Fundamentals, r: Rng, quarter: string): string {
  return r.pick(NOTES[c.sector])(c, f, r, quarter);
}

/** The index-th note of the sector (wrapping), for posts that cover several companies of one sector. */
export function sectorNoteAt(c: Company, f: Fundamentals, r: Rng, quarter: string, index: number): string {
  const notes = NOTES[c.sector];
  return (notes[index % notes.length] as SectorNote)(c, f, r, quarter);
}

/** A paragraph about an ETF: what it holds, flows and why it fits the view. */
export function etfNote(c: Company, r: Rng): string {
  const flows = r.float(0.3, 6);
  return r.pick([
    () =>
      `${c.name} (${c.ticker}) gives exposure to ${r.pick(c.keywords)} without single-stock risk. It took in about ${billions(flows)} of net inflows over the past month, and its top ten holdings make up roughly ${pct(r.float(35, 65), 0)} of assets.`,
    () =>
      `We use ${c.ticker} rather than individual names because the view is about ${r.pick(c.keywords)} as a group. The fund is liquid, trades near ${price(c.price * r.float(0.9, 1.1))} and is ${r.next() > 0.5 ? 'up' : 'down'} about ${pct(r.float(2, 25), 0)} this year.`,
  ])();
}

export const SECTOR_RISKS: Record<Sector, string[]> = {
  semis: [
    'an inventory correction if AI orders pause',
    'tighter export controls on China',
    'customers designing their own chips',
  ],
  software: [
    'AI agents cannibalizing seat-based pricing',
    'slower enterprise IT budgets',
    'rising stock-based compensation',
  ],
  internet: ['capex growing faster than revenue', 'antitrust remedies', 'a cyclical slowdown in advertising'],
  banks: ['a turn in the credit cycle', 'lower rates compressing net interest margin', 'commercial real estate losses'],
  payments: ['slower consumer spending', 'stablecoins bypassing card rails', 'regulatory caps on interchange'],
  energy: ['OPEC+ adding supply faster', 'a demand slowdown in China', 'cost inflation in the Permian'],
  clean_energy: ['faster phase-out of tax credits', 'higher financing costs', 'Chinese module oversupply'],
  biotech: ['a failed Phase 3 readout', 'drug price negotiation', 'manufacturing or supply problems'],
  healthcare: ['higher medical cost trend', 'Medicare Advantage rate pressure', 'policy changes in Washington'],
  industrials: ['a cyclical slowdown in orders', 'tariff-driven cost inflation', 'project delays in data centers'],
  defense: ['budget delays and continuing resolutions', 'charges on fixed-price programs', 'supply chain bottlenecks'],
  consumer: ['a weaker low-income consumer', 'tariff costs hitting gross margin', 'elevated promotional activity'],
  reits: ['higher-for-longer Treasury yields', 'new supply pressuring rents', 'tenant credit problems'],
  small_caps: ['refinancing risk on floating-rate debt', 'thin liquidity in a sell-off', 'customer concentration'],
  emerging_markets: ['a stronger dollar', 'political and currency risk', 'slower growth in China'],
  macro_assets: ['a sharp reversal in positioning', 'a policy surprise from the Fed'],
};
