/**
 * The companies and ETFs the demo posts write about: the listed universe (lib/reference/companies.ts) with what each
 * stock debate turns on and rough figures (price, quarterly revenue, margins, growth, multiple). The figures are
 * anchors that the generator jitters per post, not data.
 */
import { LISTED_COMPANIES, type ListedCompany } from '@/lib/reference/companies';
import type { Sector } from '@/lib/reference/sectors';

export interface Company extends ListedCompany {
  /** What the stock debate turns on: metrics and issues that read well after "the debate comes down to". */
  drivers: string[];
  /** products and drivers together, for code that only needs some topical words. */
  keywords: string[];
  /** Approximate share price in USD. */
  price: number;
  /** Approximate quarterly revenue in USD billions (0 for ETFs). */
  revenue: number;
  grossMargin: number;
  growth: number;
  forwardPe: number;
}

type Anchors = [price: number, revenue: number, grossMargin: number, growth: number, forwardPe: number];

/** Per ticker: an equity's drivers and anchors; an ETF's price (its drivers are its holdings). */
const FIGURES: Record<string, { drivers: string[]; anchors: Anchors } | number> = {
  // Semiconductors
  NVDA: { drivers: ['hyperscaler capex', 'China export policy', 'Blackwell supply'], anchors: [180, 57, 73, 55, 32] },
  AMD: { drivers: ['AI GPU share', 'server CPU share gains'], anchors: [220, 9.2, 54, 32, 36] },
  AVGO: { drivers: ['the XPU customer count', 'the VMware conversion'], anchors: [350, 17, 78, 22, 34] },
  MU: { drivers: ['DRAM pricing', 'memory supply discipline'], anchors: [200, 13, 45, 46, 11] },
  TSM: { drivers: ['foundry pricing', 'Arizona fab costs'], anchors: [290, 33, 59, 38, 22] },
  ASML: { drivers: ['the order backlog', 'China export rules'], anchors: [1000, 8.5, 52, 15, 31] },
  INTC: { drivers: ['foundry customer wins', 'cost cutting'], anchors: [37, 13.7, 38, 1, 48] },
  QCOM: { drivers: ['handset demand', 'licensing', 'the Apple modem transition'], anchors: [165, 11, 56, 8, 15] },
  SMH: 330,
  // Software
  MSFT: { drivers: ['Azure growth', 'AI capacity', 'the OpenAI partnership'], anchors: [500, 77, 69, 16, 31] },
  CRM: { drivers: ['seat growth', 'the margin target'], anchors: [240, 10.3, 77, 9, 21] },
  NOW: { drivers: ['federal deal timing', 'subscription growth'], anchors: [850, 3.4, 79, 21, 48] },
  SNOW: { drivers: ['consumption growth', 'product revenue growth'], anchors: [250, 1.2, 67, 29, 160] },
  PLTR: { drivers: ['US commercial growth', 'government demand'], anchors: [180, 1.2, 81, 63, 190] },
  ADBE: { drivers: ['digital media ARR', 'AI disruption risk'], anchors: [340, 6.2, 89, 10, 16] },
  CRWD: { drivers: ['net new ARR', 'module adoption'], anchors: [500, 1.2, 75, 22, 110] },
  // Internet
  GOOGL: { drivers: ['search share', 'the cloud backlog', 'the antitrust case'], anchors: [290, 102, 59, 16, 25] },
  META: { drivers: ['ad pricing', 'Reality Labs spending', 'capex guidance'], anchors: [650, 51, 82, 26, 24] },
  AMZN: { drivers: ['AWS growth', 'North America retail margin'], anchors: [230, 180, 50, 13, 31] },
  NFLX: { drivers: ['paid sharing', 'pricing power', 'engagement'], anchors: [110, 11.5, 47, 17, 38] },
  UBER: { drivers: ['gross bookings growth', 'the take rate'], anchors: [95, 13.5, 40, 20, 27] },
  SHOP: { drivers: ['GMV growth', 'enterprise merchant wins'], anchors: [160, 2.8, 48, 32, 95] },
  // Banks
  JPM: { drivers: ['net interest income', 'excess capital', 'deposit pricing'], anchors: [310, 47, 0, 6, 15] },
  BAC: { drivers: ['net interest income', 'deposit pricing', 'the securities book'], anchors: [52, 28, 0, 9, 13] },
  WFC: { drivers: ['the asset cap removal', 'expense discipline', 'capital return'], anchors: [85, 21, 0, 4, 14] },
  GS: { drivers: ['the investment banking recovery', 'returns on equity'], anchors: [800, 15, 0, 18, 17] },
  MS: { drivers: ['net new asset growth', 'fee-based flows'], anchors: [160, 18, 0, 16, 18] },
  C: { drivers: ['the restructuring', 'the ROTCE target', 'the Banamex sale'], anchors: [100, 22, 0, 9, 11] },
  DB: { drivers: ['capital return', 'euro deposit margin'], anchors: [35, 8.5, 0, 8, 10] },
  HSBC: {
    drivers: ['the structural hedge', 'capital return', 'China commercial property'],
    anchors: [70, 17, 0, 5, 9],
  },
  KRE: 60,
  // Payments
  V: { drivers: ['payments volume growth', 'cross-border travel'], anchors: [340, 10.7, 80, 11, 27] },
  MA: { drivers: ['cross-border travel', 'transaction growth'], anchors: [560, 8.6, 77, 14, 32] },
  PYPL: { drivers: ['transaction margin', 'branded checkout growth'], anchors: [62, 8.4, 46, 5, 11] },
  AXP: { drivers: ['card member spending', 'card fee growth', 'credit quality'], anchors: [360, 18.4, 62, 9, 21] },
  COIN: { drivers: ['retail trading activity', 'stablecoin revenue'], anchors: [260, 1.9, 85, 25, 45] },
  // Energy
  XOM: { drivers: ['the refining margin', 'the Pioneer integration'], anchors: [115, 85, 32, -3, 15] },
  CVX: { drivers: ['dividend coverage', 'cost cutting'], anchors: [150, 49, 33, -2, 16] },
  OXY: { drivers: ['debt paydown', 'the CrownRock integration'], anchors: [42, 6.7, 35, -5, 14] },
  COP: { drivers: ['capital return', 'the Marathon Oil integration'], anchors: [90, 15, 38, 2, 13] },
  SLB: { drivers: ['offshore activity', 'Middle East spending'], anchors: [35, 8.9, 20, -3, 11] },
  XLE: 90,
  // Clean energy
  ENPH: { drivers: ['the 25D credit phase-out', 'channel inventory'], anchors: [32, 0.41, 44, -10, 14] },
  FSLR: { drivers: ['bookings momentum', '45X credit value'], anchors: [250, 1.6, 40, 25, 12] },
  NEE: {
    drivers: ['the renewables backlog', 'data center power demand', 'rate base growth'],
    anchors: [80, 7.9, 60, 6, 20],
  },
  ICLN: 16,
  // Pharma and biotech
  LLY: { drivers: ['GLP-1 supply', 'obesity drug pricing'], anchors: [1000, 17.6, 83, 45, 38] },
  NVO: { drivers: ['GLP-1 pricing', 'US market share'], anchors: [48, 11.5, 84, 8, 13] },
  PFE: { drivers: ['the patent cliff', 'cost cutting'], anchors: [25, 16.7, 72, -2, 8] },
  MRK: { drivers: ['the Keytruda patent expiry', 'Gardasil demand in China'], anchors: [95, 17.3, 78, 2, 10] },
  VRTX: { drivers: ['pain franchise uptake', 'pipeline news flow'], anchors: [430, 3.1, 87, 11, 25] },
  AMGN: { drivers: ['the MariTide data', 'biosimilar erosion'], anchors: [330, 9.6, 72, 8, 15] },
  XBI: 115,
  // Healthcare services and devices
  UNH: { drivers: ['the medical cost ratio', 'utilization'], anchors: [330, 113, 21, 10, 17] },
  ISRG: { drivers: ['procedure growth', 'system placement growth'], anchors: [560, 2.5, 66, 21, 70] },
  HCA: { drivers: ['admissions growth', 'exchange enrollment', 'payer mix'], anchors: [480, 19, 40, 8, 16] },
  // Industrials
  CAT: { drivers: ['dealer destocking', 'backlog growth'], anchors: [580, 17.6, 35, 4, 26] },
  GE: { drivers: ['shop visit growth', 'spare parts pricing'], anchors: [300, 12, 37, 22, 48] },
  DE: { drivers: ['farm income', 'used equipment pricing'], anchors: [470, 12, 38, -8, 25] },
  ETN: { drivers: ['the electrical backlog', 'data center orders'], anchors: [360, 7, 38, 10, 32] },
  VRT: { drivers: ['book-to-bill', 'data center orders'], anchors: [170, 2.7, 36, 29, 38] },
  // Defense
  LMT: { drivers: ['F-35 delivery timing', 'classified program risk'], anchors: [470, 18.6, 11, 4, 17] },
  RTX: { drivers: ['the GTF inspection program', 'missile demand'], anchors: [175, 22.5, 20, 9, 25] },
  NOC: { drivers: ['B-21 profitability', 'munitions capacity'], anchors: [570, 10.4, 20, 3, 21] },
  // Consumer
  COST: { drivers: ['membership fee income', 'the renewal rate', 'comparable sales'], anchors: [900, 70, 13, 8, 48] },
  WMT: { drivers: ['US comp growth', 'grocery share'], anchors: [110, 179, 25, 5, 38] },
  NKE: { drivers: ['the wholesale reset', 'China demand', 'inventory cleanup'], anchors: [63, 11.7, 42, -5, 32] },
  SBUX: { drivers: ['US traffic', 'labor investment', 'the Back to Starbucks plan'], anchors: [85, 9.6, 70, 3, 33] },
  MCD: { drivers: ['US comp growth', 'franchisee profitability'], anchors: [300, 7.1, 57, 3, 24] },
  TSLA: { drivers: ['delivery growth', 'auto gross margin'], anchors: [430, 28, 18, 6, 190] },
  LULU: { drivers: ['Americas comp growth', 'China growth', 'markdown risk'], anchors: [180, 2.6, 57, 5, 13] },
  // REITs
  PLD: { drivers: ['occupancy', 'rent growth', 'core FFO growth'], anchors: [125, 2.2, 75, 6, 22] },
  O: { drivers: ['AFFO growth', 'cost of capital'], anchors: [57, 1.5, 92, 9, 13] },
  EQIX: { drivers: ['AFFO growth', 'power capacity'], anchors: [770, 2.3, 50, 6, 21] },
  AMT: { drivers: ['carrier churn', 'AFFO growth'], anchors: [180, 2.7, 74, 3, 17] },
  VNQ: 90,
  // Small caps
  IWM: 245,
  CELH: { drivers: ['scanner data', 'PepsiCo distribution'], anchors: [45, 0.72, 51, 80, 30] },
  BOOT: {
    drivers: ['new store growth', 'same-store sales growth', 'merchandise margin'],
    anchors: [190, 0.5, 38, 17, 27],
  },
  // Emerging markets
  EEM: 54,
  FXI: 40,
  BABA: { drivers: ['customer management revenue', 'cloud growth'], anchors: [160, 34, 40, 5, 14] },
  PDD: { drivers: ['the de minimis change', 'merchant support spending'], anchors: [115, 15, 57, 9, 10] },
  MELI: { drivers: ['the Brazil shipping push', 'Argentina', 'credit quality'], anchors: [2000, 7.4, 45, 34, 38] },
  // Rates, gold, crypto and broad indexes: the instruments macro pieces recommend
  TLT: 89,
  GLD: 380,
  IBIT: 55,
  SPY: 680,
  QQQ: 610,
  HYG: 80,
};

function withFigures(listed: ListedCompany): Company {
  const figures = FIGURES[listed.ticker];
  if (figures === undefined) throw new Error(`no demo figures for ${listed.ticker}`);
  if (typeof figures === 'number') {
    const holdings = listed.products;
    return {
      ...listed,
      drivers: holdings,
      keywords: holdings,
      price: figures,
      revenue: 0,
      grossMargin: 0,
      growth: 0,
      forwardPe: 0,
    };
  }
  const [price, revenue, grossMargin, growth, forwardPe] = figures.anchors;
  return {
    ...listed,
    drivers: figures.drivers,
    keywords: [...listed.products, ...figures.drivers],
    price,
    revenue,
    grossMargin,
    growth,
    forwardPe,
  };
}

export const COMPANIES: readonly Company[] = LISTED_COMPANIES.map(withFigures);

const BY_TICKER = new Map(COMPANIES.map((company) => [company.ticker, company]));

export function company(ticker: string): Company {
  const found = BY_TICKER.get(ticker);
  if (!found) throw new Error(`unknown demo ticker ${ticker}`);
  return found;
}

export function companiesIn(sector: Sector): Company[] {
  return COMPANIES.filter((c) => c.sector === sector);
}

export function equitiesIn(sector: Sector): Company[] {
  return COMPANIES.filter((c) => c.sector === sector && c.type === 'EQUITY');
}
