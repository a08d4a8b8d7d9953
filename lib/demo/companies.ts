/**
 * The listed companies and ETFs the demo posts write about. Real tickers and names so searches behave as they would on
 * real content; the figures (price, quarterly revenue, margins, growth, multiple) are rough anchors that the
 * generator jitters per post, not data.
 */

export type Sector =
  | 'semis'
  | 'software'
  | 'internet'
  | 'banks'
  | 'payments'
  | 'energy'
  | 'clean_energy'
  | 'biotech'
  | 'healthcare'
  | 'industrials'
  | 'defense'
  | 'consumer'
  | 'reits'
  | 'small_caps'
  | 'emerging_markets'
  | 'macro_assets';

export const SECTOR_LABELS: Record<Sector, string> = {
  semis: 'semiconductors',
  software: 'software',
  internet: 'internet platforms',
  banks: 'banks',
  payments: 'payments',
  energy: 'energy',
  clean_energy: 'clean energy',
  biotech: 'pharma and biotech',
  healthcare: 'healthcare services',
  industrials: 'industrials',
  defense: 'defense',
  consumer: 'consumer',
  reits: 'REITs',
  small_caps: 'small caps',
  emerging_markets: 'emerging markets',
  macro_assets: 'rates, gold and crypto',
};

export interface Company {
  ticker: string;
  name: string;
  short: string;
  sector: Sector;
  exchange: 'NASDAQ' | 'NYSE' | 'NYSE Arca';
  type: 'EQUITY' | 'ETF';
  /** What the company sells: noun phrases that read well after "demand for" or "revenue from". */
  products: string[];
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

function eq(ticker: string, name: string, short: string, sector: Sector, exchange: Company['exchange'], products: string[], drivers: string[], a: Anchors): Company {
  return { ticker, name, short, sector, exchange, type: 'EQUITY', products, drivers, keywords: [...products, ...drivers], price: a[0], revenue: a[1], grossMargin: a[2], growth: a[3], forwardPe: a[4] };
}

function etf(ticker: string, name: string, sector: Sector, exchange: Company['exchange'], holdings: string[], price: number): Company {
  return { ticker, name, short: ticker, sector, exchange, type: 'ETF', products: holdings, drivers: holdings, keywords: holdings, price, revenue: 0, grossMargin: 0, growth: 0, forwardPe: 0 };
}

export const COMPANIES: readonly Company[] = [
  // Semiconductors
  eq('NVDA', 'NVIDIA Corporation', 'Nvidia', 'semis', 'NASDAQ', ['Blackwell GPUs', 'data center GPUs', 'NVLink networking', 'the Rubin platform', 'CUDA software'], ['hyperscaler capex', 'China export policy', 'Blackwell supply'], [180, 57, 73, 55, 32]),
  eq('AMD', 'Advanced Micro Devices', 'AMD', 'semis', 'NASDAQ', ['MI350 accelerators', 'EPYC server CPUs', 'Ryzen PC chips', 'ROCm software'], ['AI GPU share', 'server CPU share gains'], [220, 9.2, 54, 32, 36]),
  eq('AVGO', 'Broadcom Inc.', 'Broadcom', 'semis', 'NASDAQ', ['custom AI ASICs', 'Tomahawk switches', 'VMware subscriptions'], ['the XPU customer count', 'the VMware conversion'], [350, 17, 78, 22, 34]),
  eq('MU', 'Micron Technology', 'Micron', 'semis', 'NASDAQ', ['HBM', 'DRAM', 'NAND', 'HBM4'], ['DRAM pricing', 'memory supply discipline'], [200, 13, 45, 46, 11]),
  eq('TSM', 'Taiwan Semiconductor Manufacturing', 'TSMC', 'semis', 'NYSE', ['N2 wafers', 'CoWoS packaging', '3nm capacity'], ['foundry pricing', 'Arizona fab costs'], [290, 33, 59, 38, 22]),
  eq('ASML', 'ASML Holding', 'ASML', 'semis', 'NASDAQ', ['EUV lithography systems', 'High-NA EUV tools', 'installed base services'], ['the order backlog', 'China export rules'], [1000, 8.5, 52, 15, 31]),
  eq('INTC', 'Intel Corporation', 'Intel', 'semis', 'NASDAQ', ['the 18A process', 'Intel Foundry', 'Xeon server chips', 'Core Ultra PC chips'], ['foundry customer wins', 'cost cutting'], [37, 13.7, 38, 1, 48]),
  eq('QCOM', 'Qualcomm Incorporated', 'Qualcomm', 'semis', 'NASDAQ', ['Snapdragon chips', 'automotive chips', 'PC processors'], ['handset demand', 'licensing', 'the Apple modem transition'], [165, 11, 56, 8, 15]),
  etf('SMH', 'VanEck Semiconductor ETF', 'semis', 'NASDAQ', ['chip stocks', 'semiconductor leaders'], 330),
  // Software
  eq('MSFT', 'Microsoft Corporation', 'Microsoft', 'software', 'NASDAQ', ['Azure', 'Microsoft 365 Copilot', 'GitHub Copilot'], ['Azure growth', 'AI capacity', 'the OpenAI partnership'], [500, 77, 69, 16, 31]),
  eq('CRM', 'Salesforce, Inc.', 'Salesforce', 'software', 'NYSE', ['Agentforce', 'Data Cloud', 'Slack'], ['seat growth', 'the margin target'], [240, 10.3, 77, 9, 21]),
  eq('NOW', 'ServiceNow, Inc.', 'ServiceNow', 'software', 'NYSE', ['Now Assist', 'IT service management', 'the workflow platform'], ['federal deal timing', 'subscription growth'], [850, 3.4, 79, 21, 48]),
  eq('SNOW', 'Snowflake Inc.', 'Snowflake', 'software', 'NYSE', ['Cortex AI', 'the data warehouse', 'Iceberg tables'], ['consumption growth', 'product revenue growth'], [250, 1.2, 67, 29, 160]),
  eq('PLTR', 'Palantir Technologies', 'Palantir', 'software', 'NASDAQ', ['AIP', 'Foundry', 'Gotham'], ['US commercial growth', 'government demand'], [180, 1.2, 81, 63, 190]),
  eq('ADBE', 'Adobe Inc.', 'Adobe', 'software', 'NASDAQ', ['Firefly', 'Creative Cloud', 'Acrobat'], ['digital media ARR', 'AI disruption risk'], [340, 6.2, 89, 10, 16]),
  eq('CRWD', 'CrowdStrike Holdings', 'CrowdStrike', 'software', 'NASDAQ', ['the Falcon platform', 'Flex licensing bundles', 'cloud security modules'], ['net new ARR', 'module adoption'], [500, 1.2, 75, 22, 110]),
  // Internet
  eq('GOOGL', 'Alphabet Inc.', 'Alphabet', 'internet', 'NASDAQ', ['Google Search', 'Google Cloud', 'YouTube', 'Gemini', 'TPUs'], ['search share', 'the cloud backlog', 'the antitrust case'], [290, 102, 59, 16, 25]),
  eq('META', 'Meta Platforms', 'Meta', 'internet', 'NASDAQ', ['Reels', 'WhatsApp business messaging', 'Llama models', 'Ray-Ban smart glasses'], ['ad pricing', 'Reality Labs spending', 'capex guidance'], [650, 51, 82, 26, 24]),
  eq('AMZN', 'Amazon.com, Inc.', 'Amazon', 'internet', 'NASDAQ', ['AWS', 'Trainium chips', 'retail media ads', 'Prime'], ['AWS growth', 'North America retail margin'], [230, 180, 50, 13, 31]),
  eq('NFLX', 'Netflix, Inc.', 'Netflix', 'internet', 'NASDAQ', ['the ad tier', 'live sports', 'games'], ['paid sharing', 'pricing power', 'engagement'], [110, 11.5, 47, 17, 38]),
  eq('UBER', 'Uber Technologies', 'Uber', 'internet', 'NYSE', ['Mobility', 'Uber Eats', 'robotaxi partnerships'], ['gross bookings growth', 'the take rate'], [95, 13.5, 40, 20, 27]),
  eq('SHOP', 'Shopify Inc.', 'Shopify', 'internet', 'NASDAQ', ['Shop Pay', 'merchant solutions', 'Shopify Plus'], ['GMV growth', 'enterprise merchant wins'], [160, 2.8, 48, 32, 95]),
  // Banks
  eq('JPM', 'JPMorgan Chase & Co.', 'JPMorgan', 'banks', 'NYSE', ['investment banking', 'the card business', 'asset and wealth management'], ['net interest income', 'excess capital', 'deposit pricing'], [310, 47, 0, 6, 15]),
  eq('BAC', 'Bank of America', 'Bank of America', 'banks', 'NYSE', ['consumer banking', 'Merrill wealth management', 'global markets'], ['net interest income', 'deposit pricing', 'the securities book'], [52, 28, 0, 9, 13]),
  eq('WFC', 'Wells Fargo & Company', 'Wells Fargo', 'banks', 'NYSE', ['consumer lending', 'commercial banking', 'wealth and investment management'], ['the asset cap removal', 'expense discipline', 'capital return'], [85, 21, 0, 4, 14]),
  eq('GS', 'Goldman Sachs Group', 'Goldman Sachs', 'banks', 'NYSE', ['M&A advisory', 'equities trading', 'asset and wealth management', 'IPO underwriting'], ['the investment banking recovery', 'returns on equity'], [800, 15, 0, 18, 17]),
  eq('MS', 'Morgan Stanley', 'Morgan Stanley', 'banks', 'NYSE', ['wealth management', 'E*Trade', 'equity underwriting'], ['net new asset growth', 'fee-based flows'], [160, 18, 0, 16, 18]),
  eq('C', 'Citigroup Inc.', 'Citi', 'banks', 'NYSE', ['treasury and trade services', 'the markets business', 'US cards'], ['the restructuring', 'the ROTCE target', 'the Banamex sale'], [100, 22, 0, 9, 11]),
  eq('DB', 'Deutsche Bank AG', 'Deutsche Bank', 'banks', 'NYSE', ['the corporate bank', 'FIC trading', 'DWS asset management'], ['capital return', 'euro deposit margin'], [35, 8.5, 0, 8, 10]),
  eq('HSBC', 'HSBC Holdings plc', 'HSBC', 'banks', 'NYSE', ['the Hong Kong franchise', 'wealth management in Asia', 'global payments'], ['the structural hedge', 'capital return', 'China commercial property'], [70, 17, 0, 5, 9]),
  etf('KRE', 'SPDR S&P Regional Banking ETF', 'banks', 'NYSE Arca', ['regional banks', 'commercial real estate lenders'], 60),
  // Payments
  eq('V', 'Visa Inc.', 'Visa', 'payments', 'NYSE', ['Visa Direct', 'value-added services', 'tokenized payments'], ['payments volume growth', 'cross-border travel'], [340, 10.7, 80, 11, 27]),
  eq('MA', 'Mastercard Incorporated', 'Mastercard', 'payments', 'NYSE', ['value-added services', 'Mastercard Move', 'agentic commerce tools'], ['cross-border travel', 'transaction growth'], [560, 8.6, 77, 14, 32]),
  eq('PYPL', 'PayPal Holdings', 'PayPal', 'payments', 'NASDAQ', ['branded checkout', 'Venmo', 'Braintree', 'PayPal Pay Later'], ['transaction margin', 'branded checkout growth'], [62, 8.4, 46, 5, 11]),
  eq('AXP', 'American Express', 'Amex', 'payments', 'NYSE', ['the Platinum card', 'the merchant network', 'small business cards'], ['card member spending', 'card fee growth', 'credit quality'], [360, 18.4, 62, 9, 21]),
  eq('COIN', 'Coinbase Global', 'Coinbase', 'payments', 'NASDAQ', ['USDC', 'the Base network', 'ETF custody', 'derivatives trading'], ['retail trading activity', 'stablecoin revenue'], [260, 1.9, 85, 25, 45]),
  // Energy
  eq('XOM', 'Exxon Mobil Corporation', 'Exxon', 'energy', 'NYSE', ['Permian production', 'Guyana barrels', 'refining', 'chemicals'], ['the refining margin', 'the Pioneer integration'], [115, 85, 32, -3, 15]),
  eq('CVX', 'Chevron Corporation', 'Chevron', 'energy', 'NYSE', ['Tengiz', 'Permian production', 'the Hess assets in Guyana'], ['dividend coverage', 'cost cutting'], [150, 49, 33, -2, 16]),
  eq('OXY', 'Occidental Petroleum', 'Occidental', 'energy', 'NYSE', ['Delaware Basin production', 'OxyChem', 'direct air capture'], ['debt paydown', 'the CrownRock integration'], [42, 6.7, 35, -5, 14]),
  eq('COP', 'ConocoPhillips', 'ConocoPhillips', 'energy', 'NYSE', ['Lower 48 production', 'LNG projects', 'Alaska Willow'], ['capital return', 'the Marathon Oil integration'], [90, 15, 38, 2, 13]),
  eq('SLB', 'SLB N.V.', 'SLB', 'energy', 'NYSE', ['international drilling services', 'digital services', 'production chemicals'], ['offshore activity', 'Middle East spending'], [35, 8.9, 20, -3, 11]),
  etf('XLE', 'Energy Select Sector SPDR Fund', 'energy', 'NYSE Arca', ['oil majors', 'US energy stocks'], 90),
  // Clean energy
  eq('ENPH', 'Enphase Energy', 'Enphase', 'clean_energy', 'NASDAQ', ['IQ8 microinverters', 'IQ batteries', 'commercial microinverters'], ['the 25D credit phase-out', 'channel inventory'], [32, 0.41, 44, -10, 14]),
  eq('FSLR', 'First Solar, Inc.', 'First Solar', 'clean_energy', 'NASDAQ', ['thin-film modules', 'Series 7 modules', 'US-made panels'], ['bookings momentum', '45X credit value'], [250, 1.6, 40, 25, 12]),
  eq('NEE', 'NextEra Energy', 'NextEra', 'clean_energy', 'NYSE', ['Florida Power & Light', 'NextEra Energy Resources', 'battery storage'], ['the renewables backlog', 'data center power demand', 'rate base growth'], [80, 7.9, 60, 6, 20]),
  etf('ICLN', 'iShares Global Clean Energy ETF', 'clean_energy', 'NASDAQ', ['clean energy stocks', 'solar and wind names'], 16),
  // Pharma and biotech
  eq('LLY', 'Eli Lilly and Company', 'Eli Lilly', 'biotech', 'NYSE', ['Mounjaro', 'Zepbound', 'orforglipron', 'Kisunla'], ['GLP-1 supply', 'obesity drug pricing'], [1000, 17.6, 83, 45, 38]),
  eq('NVO', 'Novo Nordisk A/S', 'Novo Nordisk', 'biotech', 'NYSE', ['Wegovy', 'Ozempic', 'CagriSema', 'oral Wegovy'], ['GLP-1 pricing', 'US market share'], [48, 11.5, 84, 8, 13]),
  eq('PFE', 'Pfizer Inc.', 'Pfizer', 'biotech', 'NYSE', ['the Seagen oncology drugs', 'Eliquis', 'Vyndaqel'], ['the patent cliff', 'cost cutting'], [25, 16.7, 72, -2, 8]),
  eq('MRK', 'Merck & Co.', 'Merck', 'biotech', 'NYSE', ['Keytruda', 'subcutaneous Keytruda', 'Gardasil', 'Winrevair'], ['the Keytruda patent expiry', 'Gardasil demand in China'], [95, 17.3, 78, 2, 10]),
  eq('VRTX', 'Vertex Pharmaceuticals', 'Vertex', 'biotech', 'NASDAQ', ['Trikafta', 'Alyftrek', 'Journavx', 'Casgevy'], ['pain franchise uptake', 'pipeline news flow'], [430, 3.1, 87, 11, 25]),
  eq('AMGN', 'Amgen Inc.', 'Amgen', 'biotech', 'NASDAQ', ['MariTide', 'Repatha', 'biosimilars', 'Tepezza'], ['the MariTide data', 'biosimilar erosion'], [330, 9.6, 72, 8, 15]),
  etf('XBI', 'SPDR S&P Biotech ETF', 'biotech', 'NYSE Arca', ['small and mid-cap biotech', 'clinical-stage biotech'], 115),
  // Healthcare services and devices
  eq('UNH', 'UnitedHealth Group', 'UnitedHealth', 'healthcare', 'NYSE', ['Medicare Advantage plans', 'Optum Health', 'Optum Rx'], ['the medical cost ratio', 'utilization'], [330, 113, 21, 10, 17]),
  eq('ISRG', 'Intuitive Surgical', 'Intuitive', 'healthcare', 'NASDAQ', ['the da Vinci 5', 'Ion bronchoscopy', 'instruments and accessories'], ['procedure growth', 'system placement growth'], [560, 2.5, 66, 21, 70]),
  eq('HCA', 'HCA Healthcare', 'HCA', 'healthcare', 'NYSE', ['acute care hospitals', 'outpatient surgery centers', 'emergency rooms'], ['admissions growth', 'exchange enrollment', 'payer mix'], [480, 19, 40, 8, 16]),
  // Industrials
  eq('CAT', 'Caterpillar Inc.', 'Caterpillar', 'industrials', 'NYSE', ['power generation equipment', 'mining trucks', 'construction machinery'], ['dealer destocking', 'backlog growth'], [580, 17.6, 35, 4, 26]),
  eq('GE', 'GE Aerospace', 'GE Aerospace', 'industrials', 'NYSE', ['LEAP engines', 'aftermarket services', 'GE9X engines'], ['shop visit growth', 'spare parts pricing'], [300, 12, 37, 22, 48]),
  eq('DE', 'Deere & Company', 'Deere', 'industrials', 'NYSE', ['large ag equipment', 'precision ag technology', 'construction and forestry equipment'], ['farm income', 'used equipment pricing'], [470, 12, 38, -8, 25]),
  eq('ETN', 'Eaton Corporation', 'Eaton', 'industrials', 'NYSE', ['switchgear', 'data center power systems', 'aerospace components'], ['the electrical backlog', 'data center orders'], [360, 7, 38, 10, 32]),
  eq('VRT', 'Vertiv Holdings', 'Vertiv', 'industrials', 'NYSE', ['liquid cooling', 'thermal management systems', 'power distribution units'], ['book-to-bill', 'data center orders'], [170, 2.7, 36, 29, 38]),
  // Defense
  eq('LMT', 'Lockheed Martin', 'Lockheed', 'defense', 'NYSE', ['the F-35', 'missiles and fire control', 'space systems'], ['F-35 delivery timing', 'classified program risk'], [470, 18.6, 11, 4, 17]),
  eq('RTX', 'RTX Corporation', 'RTX', 'defense', 'NYSE', ['Pratt & Whitney engines', 'Patriot missiles', 'Collins avionics'], ['the GTF inspection program', 'missile demand'], [175, 22.5, 20, 9, 25]),
  eq('NOC', 'Northrop Grumman', 'Northrop', 'defense', 'NYSE', ['the B-21 Raider', 'the Sentinel ICBM', 'space systems', 'munitions'], ['B-21 profitability', 'munitions capacity'], [570, 10.4, 20, 3, 21]),
  // Consumer
  eq('COST', 'Costco Wholesale', 'Costco', 'consumer', 'NASDAQ', ['Kirkland Signature', 'membership', 'e-commerce'], ['membership fee income', 'the renewal rate', 'comparable sales'], [900, 70, 13, 8, 48]),
  eq('WMT', 'Walmart Inc.', 'Walmart', 'consumer', 'NASDAQ', ['Walmart+', 'the advertising business', 'grocery', 'the online marketplace'], ['US comp growth', 'grocery share'], [110, 179, 25, 5, 38]),
  eq('NKE', 'Nike, Inc.', 'Nike', 'consumer', 'NYSE', ['running shoes', 'the Jordan brand', 'direct-to-consumer sales'], ['the wholesale reset', 'China demand', 'inventory cleanup'], [63, 11.7, 42, -5, 32]),
  eq('SBUX', 'Starbucks Corporation', 'Starbucks', 'consumer', 'NASDAQ', ['cold beverages', 'the rewards program', 'the China business'], ['US traffic', 'labor investment', 'the Back to Starbucks plan'], [85, 9.6, 70, 3, 33]),
  eq('MCD', "McDonald's Corporation", "McDonald's", 'consumer', 'NYSE', ['the value menu', 'McCafé', 'the loyalty program', 'chicken offerings'], ['US comp growth', 'franchisee profitability'], [300, 7.1, 57, 3, 24]),
  eq('TSLA', 'Tesla, Inc.', 'Tesla', 'consumer', 'NASDAQ', ['the Model Y', 'the robotaxi service', 'Megapack energy storage', 'FSD software'], ['delivery growth', 'auto gross margin'], [430, 28, 18, 6, 190]),
  eq('LULU', 'Lululemon Athletica', 'Lululemon', 'consumer', 'NASDAQ', ["women's leggings", 'menswear', 'footwear'], ['Americas comp growth', 'China growth', 'markdown risk'], [180, 2.6, 57, 5, 13]),
  // REITs
  eq('PLD', 'Prologis, Inc.', 'Prologis', 'reits', 'NYSE', ['logistics warehouses', 'data center development', 'rooftop solar'], ['occupancy', 'rent growth', 'core FFO growth'], [125, 2.2, 75, 6, 22]),
  eq('O', 'Realty Income Corporation', 'Realty Income', 'reits', 'NYSE', ['net lease properties', 'European acquisitions', 'the monthly dividend'], ['AFFO growth', 'cost of capital'], [57, 1.5, 92, 9, 13]),
  eq('EQIX', 'Equinix, Inc.', 'Equinix', 'reits', 'NASDAQ', ['xScale data centers', 'interconnection', 'colocation'], ['AFFO growth', 'power capacity'], [770, 2.3, 50, 6, 21]),
  eq('AMT', 'American Tower Corporation', 'American Tower', 'reits', 'NYSE', ['tower leasing', 'CoreSite data centers', 'international towers'], ['carrier churn', 'AFFO growth'], [180, 2.7, 74, 3, 17]),
  etf('VNQ', 'Vanguard Real Estate ETF', 'reits', 'NYSE Arca', ['REITs', 'listed real estate'], 90),
  // Small caps
  etf('IWM', 'iShares Russell 2000 ETF', 'small_caps', 'NYSE Arca', ['the Russell 2000', 'small-cap stocks'], 245),
  eq('CELH', 'Celsius Holdings', 'Celsius', 'small_caps', 'NASDAQ', ['Celsius energy drinks', 'Alani Nu', 'international expansion'], ['scanner data', 'PepsiCo distribution'], [45, 0.72, 51, 80, 30]),
  eq('BOOT', 'Boot Barn Holdings', 'Boot Barn', 'small_caps', 'NYSE', ['western wear', 'work boots', 'exclusive brands'], ['new store growth', 'same-store sales growth', 'merchandise margin'], [190, 0.5, 38, 17, 27]),
  // Emerging markets
  etf('EEM', 'iShares MSCI Emerging Markets ETF', 'emerging_markets', 'NYSE Arca', ['emerging markets stocks', 'EM equities'], 54),
  etf('FXI', 'iShares China Large-Cap ETF', 'emerging_markets', 'NYSE Arca', ['China large caps', 'Hong Kong listings'], 40),
  eq('BABA', 'Alibaba Group', 'Alibaba', 'emerging_markets', 'NYSE', ['Taobao and Tmall', 'Alibaba Cloud', 'Qwen models', 'quick commerce'], ['customer management revenue', 'cloud growth'], [160, 34, 40, 5, 14]),
  eq('PDD', 'PDD Holdings', 'PDD', 'emerging_markets', 'NASDAQ', ['Temu', 'Pinduoduo', 'merchant programs'], ['the de minimis change', 'merchant support spending'], [115, 15, 57, 9, 10]),
  eq('MELI', 'MercadoLibre, Inc.', 'MercadoLibre', 'emerging_markets', 'NASDAQ', ['Mercado Pago', 'the credit book', 'Mercado Envios', 'advertising'], ['the Brazil shipping push', 'Argentina', 'credit quality'], [2000, 7.4, 45, 34, 38]),
  // Rates, gold, crypto and broad indexes: the instruments macro pieces recommend
  etf('TLT', 'iShares 20+ Year Treasury Bond ETF', 'macro_assets', 'NASDAQ', ['long-duration Treasuries', 'duration'], 89),
  etf('GLD', 'SPDR Gold Shares', 'macro_assets', 'NYSE Arca', ['gold bullion', 'physical gold'], 380),
  etf('IBIT', 'iShares Bitcoin Trust ETF', 'macro_assets', 'NASDAQ', ['spot bitcoin', 'bitcoin'], 55),
  etf('SPY', 'SPDR S&P 500 ETF Trust', 'macro_assets', 'NYSE Arca', ['the S&P 500', 'US large caps'], 680),
  etf('QQQ', 'Invesco QQQ Trust', 'macro_assets', 'NASDAQ', ['the Nasdaq 100', 'megacap tech'], 610),
  etf('HYG', 'iShares iBoxx High Yield Corporate Bond ETF', 'macro_assets', 'NYSE Arca', ['high-yield bonds', 'junk credit'], 80),
];

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
