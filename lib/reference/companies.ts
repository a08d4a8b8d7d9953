/**
 * The listed companies and ETFs the service knows by ticker: real tickers, names and what each sells (for an ETF, what
 * it holds). Search reads them to map "$NVDA" to "Nvidia" (lib/search/embeddings/tickers.ts); the demo corpus writes
 * about exactly these and adds its own invented figures (lib/demo/companies.ts). The order is the demo generator's
 * draw order: append, do not reorder.
 */
import type { Sector } from './sectors';

export interface ListedCompany {
  ticker: string;
  name: string;
  short: string;
  sector: Sector;
  exchange: 'NASDAQ' | 'NYSE' | 'NYSE Arca';
  type: 'EQUITY' | 'ETF';
  /** What the company sells (an ETF: what it holds): noun phrases that read well after "demand for". */
  products: string[];
}

function equity(
  ticker: string,
  name: string,
  short: string,
  sector: Sector,
  exchange: ListedCompany['exchange'],
  products: string[],
): ListedCompany {
  return { ticker, name, short, sector, exchange, type: 'EQUITY', products };
}

/** An ETF goes by its ticker. */
function etf(
  ticker: string,
  name: string,
  sector: Sector,
  exchange: ListedCompany['exchange'],
  holdings: string[],
): ListedCompany {
  return { ticker, name, short: ticker, sector, exchange, type: 'ETF', products: holdings };
}

export const LISTED_COMPANIES: readonly ListedCompany[] = [
  // Semiconductors
  equity('NVDA', 'NVIDIA Corporation', 'Nvidia', 'semis', 'NASDAQ', [
    'Blackwell GPUs',
    'data center GPUs',
    'NVLink networking',
    'the Rubin platform',
    'CUDA software',
  ]),
  equity('AMD', 'Advanced Micro Devices', 'AMD', 'semis', 'NASDAQ', [
    'MI350 accelerators',
    'EPYC server CPUs',
    'Ryzen PC chips',
    'ROCm software',
  ]),
  equity('AVGO', 'Broadcom Inc.', 'Broadcom', 'semis', 'NASDAQ', [
    'custom AI ASICs',
    'Tomahawk switches',
    'VMware subscriptions',
  ]),
  equity('MU', 'Micron Technology', 'Micron', 'semis', 'NASDAQ', ['HBM', 'DRAM', 'NAND', 'HBM4']),
  equity('TSM', 'Taiwan Semiconductor Manufacturing', 'TSMC', 'semis', 'NYSE', [
    'N2 wafers',
    'CoWoS packaging',
    '3nm capacity',
  ]),
  equity('ASML', 'ASML Holding', 'ASML', 'semis', 'NASDAQ', [
    'EUV lithography systems',
    'High-NA EUV tools',
    'installed base services',
  ]),
  equity('INTC', 'Intel Corporation', 'Intel', 'semis', 'NASDAQ', [
    'the 18A process',
    'Intel Foundry',
    'Xeon server chips',
    'Core Ultra PC chips',
  ]),
  equity('QCOM', 'Qualcomm Incorporated', 'Qualcomm', 'semis', 'NASDAQ', [
    'Snapdragon chips',
    'automotive chips',
    'PC processors',
  ]),
  etf('SMH', 'VanEck Semiconductor ETF', 'semis', 'NASDAQ', ['chip stocks', 'semiconductor leaders']),
  // Software
  equity('MSFT', 'Microsoft Corporation', 'Microsoft', 'software', 'NASDAQ', [
    'Azure',
    'Microsoft 365 Copilot',
    'GitHub Copilot',
  ]),
  equity('CRM', 'Salesforce, Inc.', 'Salesforce', 'software', 'NYSE', ['Agentforce', 'Data Cloud', 'Slack']),
  equity('NOW', 'ServiceNow, Inc.', 'ServiceNow', 'software', 'NYSE', [
    'Now Assist',
    'IT service management',
    'the workflow platform',
  ]),
  equity('SNOW', 'Snowflake Inc.', 'Snowflake', 'software', 'NYSE', [
    'Cortex AI',
    'the data warehouse',
    'Iceberg tables',
  ]),
  equity('PLTR', 'Palantir Technologies', 'Palantir', 'software', 'NASDAQ', ['AIP', 'Foundry', 'Gotham']),
  equity('ADBE', 'Adobe Inc.', 'Adobe', 'software', 'NASDAQ', ['Firefly', 'Creative Cloud', 'Acrobat']),
  equity('CRWD', 'CrowdStrike Holdings', 'CrowdStrike', 'software', 'NASDAQ', [
    'the Falcon platform',
    'Flex licensing bundles',
    'cloud security modules',
  ]),
  // Internet
  equity('GOOGL', 'Alphabet Inc.', 'Alphabet', 'internet', 'NASDAQ', [
    'Google Search',
    'Google Cloud',
    'YouTube',
    'Gemini',
    'TPUs',
  ]),
  equity('META', 'Meta Platforms', 'Meta', 'internet', 'NASDAQ', [
    'Reels',
    'WhatsApp business messaging',
    'Llama models',
    'Ray-Ban smart glasses',
  ]),
  equity('AMZN', 'Amazon.com, Inc.', 'Amazon', 'internet', 'NASDAQ', [
    'AWS',
    'Trainium chips',
    'retail media ads',
    'Prime',
  ]),
  equity('NFLX', 'Netflix, Inc.', 'Netflix', 'internet', 'NASDAQ', ['the ad tier', 'live sports', 'games']),
  equity('UBER', 'Uber Technologies', 'Uber', 'internet', 'NYSE', ['Mobility', 'Uber Eats', 'robotaxi partnerships']),
  equity('SHOP', 'Shopify Inc.', 'Shopify', 'internet', 'NASDAQ', ['Shop Pay', 'merchant solutions', 'Shopify Plus']),
  // Banks
  equity('JPM', 'JPMorgan Chase & Co.', 'JPMorgan', 'banks', 'NYSE', [
    'investment banking',
    'the card business',
    'asset and wealth management',
  ]),
  equity('BAC', 'Bank of America', 'Bank of America', 'banks', 'NYSE', [
    'consumer banking',
    'Merrill wealth management',
    'global markets',
  ]),
  equity('WFC', 'Wells Fargo & Company', 'Wells Fargo', 'banks', 'NYSE', [
    'consumer lending',
    'commercial banking',
    'wealth and investment management',
  ]),
  equity('GS', 'Goldman Sachs Group', 'Goldman Sachs', 'banks', 'NYSE', [
    'M&A advisory',
    'equities trading',
    'asset and wealth management',
    'IPO underwriting',
  ]),
  equity('MS', 'Morgan Stanley', 'Morgan Stanley', 'banks', 'NYSE', [
    'wealth management',
    'E*Trade',
    'equity underwriting',
  ]),
  equity('C', 'Citigroup Inc.', 'Citi', 'banks', 'NYSE', [
    'treasury and trade services',
    'the markets business',
    'US cards',
  ]),
  equity('DB', 'Deutsche Bank AG', 'Deutsche Bank', 'banks', 'NYSE', [
    'the corporate bank',
    'FIC trading',
    'DWS asset management',
  ]),
  equity('HSBC', 'HSBC Holdings plc', 'HSBC', 'banks', 'NYSE', [
    'the Hong Kong franchise',
    'wealth management in Asia',
    'global payments',
  ]),
  etf('KRE', 'SPDR S&P Regional Banking ETF', 'banks', 'NYSE Arca', [
    'regional banks',
    'commercial real estate lenders',
  ]),
  // Payments
  equity('V', 'Visa Inc.', 'Visa', 'payments', 'NYSE', ['Visa Direct', 'value-added services', 'tokenized payments']),
  equity('MA', 'Mastercard Incorporated', 'Mastercard', 'payments', 'NYSE', [
    'value-added services',
    'Mastercard Move',
    'agentic commerce tools',
  ]),
  equity('PYPL', 'PayPal Holdings', 'PayPal', 'payments', 'NASDAQ', [
    'branded checkout',
    'Venmo',
    'Braintree',
    'PayPal Pay Later',
  ]),
  equity('AXP', 'American Express', 'Amex', 'payments', 'NYSE', [
    'the Platinum card',
    'the merchant network',
    'small business cards',
  ]),
  equity('COIN', 'Coinbase Global', 'Coinbase', 'payments', 'NASDAQ', [
    'USDC',
    'the Base network',
    'ETF custody',
    'derivatives trading',
  ]),
  // Energy
  equity('XOM', 'Exxon Mobil Corporation', 'Exxon', 'energy', 'NYSE', [
    'Permian production',
    'Guyana barrels',
    'refining',
    'chemicals',
  ]),
  equity('CVX', 'Chevron Corporation', 'Chevron', 'energy', 'NYSE', [
    'Tengiz',
    'Permian production',
    'the Hess assets in Guyana',
  ]),
  equity('OXY', 'Occidental Petroleum', 'Occidental', 'energy', 'NYSE', [
    'Delaware Basin production',
    'OxyChem',
    'direct air capture',
  ]),
  equity('COP', 'ConocoPhillips', 'ConocoPhillips', 'energy', 'NYSE', [
    'Lower 48 production',
    'LNG projects',
    'Alaska Willow',
  ]),
  equity('SLB', 'SLB N.V.', 'SLB', 'energy', 'NYSE', [
    'international drilling services',
    'digital services',
    'production chemicals',
  ]),
  etf('XLE', 'Energy Select Sector SPDR Fund', 'energy', 'NYSE Arca', ['oil majors', 'US energy stocks']),
  // Clean energy
  equity('ENPH', 'Enphase Energy', 'Enphase', 'clean_energy', 'NASDAQ', [
    'IQ8 microinverters',
    'IQ batteries',
    'commercial microinverters',
  ]),
  equity('FSLR', 'First Solar, Inc.', 'First Solar', 'clean_energy', 'NASDAQ', [
    'thin-film modules',
    'Series 7 modules',
    'US-made panels',
  ]),
  equity('NEE', 'NextEra Energy', 'NextEra', 'clean_energy', 'NYSE', [
    'Florida Power & Light',
    'NextEra Energy Resources',
    'battery storage',
  ]),
  etf('ICLN', 'iShares Global Clean Energy ETF', 'clean_energy', 'NASDAQ', [
    'clean energy stocks',
    'solar and wind names',
  ]),
  // Pharma and biotech
  equity('LLY', 'Eli Lilly and Company', 'Eli Lilly', 'biotech', 'NYSE', [
    'Mounjaro',
    'Zepbound',
    'orforglipron',
    'Kisunla',
  ]),
  equity('NVO', 'Novo Nordisk A/S', 'Novo Nordisk', 'biotech', 'NYSE', [
    'Wegovy',
    'Ozempic',
    'CagriSema',
    'oral Wegovy',
  ]),
  equity('PFE', 'Pfizer Inc.', 'Pfizer', 'biotech', 'NYSE', ['the Seagen oncology drugs', 'Eliquis', 'Vyndaqel']),
  equity('MRK', 'Merck & Co.', 'Merck', 'biotech', 'NYSE', [
    'Keytruda',
    'subcutaneous Keytruda',
    'Gardasil',
    'Winrevair',
  ]),
  equity('VRTX', 'Vertex Pharmaceuticals', 'Vertex', 'biotech', 'NASDAQ', [
    'Trikafta',
    'Alyftrek',
    'Journavx',
    'Casgevy',
  ]),
  equity('AMGN', 'Amgen Inc.', 'Amgen', 'biotech', 'NASDAQ', ['MariTide', 'Repatha', 'biosimilars', 'Tepezza']),
  etf('XBI', 'SPDR S&P Biotech ETF', 'biotech', 'NYSE Arca', ['small and mid-cap biotech', 'clinical-stage biotech']),
  // Healthcare services and devices
  equity('UNH', 'UnitedHealth Group', 'UnitedHealth', 'healthcare', 'NYSE', [
    'Medicare Advantage plans',
    'Optum Health',
    'Optum Rx',
  ]),
  equity('ISRG', 'Intuitive Surgical', 'Intuitive', 'healthcare', 'NASDAQ', [
    'the da Vinci 5',
    'Ion bronchoscopy',
    'instruments and accessories',
  ]),
  equity('HCA', 'HCA Healthcare', 'HCA', 'healthcare', 'NYSE', [
    'acute care hospitals',
    'outpatient surgery centers',
    'emergency rooms',
  ]),
  // Industrials
  equity('CAT', 'Caterpillar Inc.', 'Caterpillar', 'industrials', 'NYSE', [
    'power generation equipment',
    'mining trucks',
    'construction machinery',
  ]),
  equity('GE', 'GE Aerospace', 'GE Aerospace', 'industrials', 'NYSE', [
    'LEAP engines',
    'aftermarket services',
    'GE9X engines',
  ]),
  equity('DE', 'Deere & Company', 'Deere', 'industrials', 'NYSE', [
    'large ag equipment',
    'precision ag technology',
    'construction and forestry equipment',
  ]),
  equity('ETN', 'Eaton Corporation', 'Eaton', 'industrials', 'NYSE', [
    'switchgear',
    'data center power systems',
    'aerospace components',
  ]),
  equity('VRT', 'Vertiv Holdings', 'Vertiv', 'industrials', 'NYSE', [
    'liquid cooling',
    'thermal management systems',
    'power distribution units',
  ]),
  // Defense
  equity('LMT', 'Lockheed Martin', 'Lockheed', 'defense', 'NYSE', [
    'the F-35',
    'missiles and fire control',
    'space systems',
  ]),
  equity('RTX', 'RTX Corporation', 'RTX', 'defense', 'NYSE', [
    'Pratt & Whitney engines',
    'Patriot missiles',
    'Collins avionics',
  ]),
  equity('NOC', 'Northrop Grumman', 'Northrop', 'defense', 'NYSE', [
    'the B-21 Raider',
    'the Sentinel ICBM',
    'space systems',
    'munitions',
  ]),
  // Consumer
  equity('COST', 'Costco Wholesale', 'Costco', 'consumer', 'NASDAQ', [
    'Kirkland Signature',
    'membership',
    'e-commerce',
  ]),
  equity('WMT', 'Walmart Inc.', 'Walmart', 'consumer', 'NASDAQ', [
    'Walmart+',
    'the advertising business',
    'grocery',
    'the online marketplace',
  ]),
  equity('NKE', 'Nike, Inc.', 'Nike', 'consumer', 'NYSE', [
    'running shoes',
    'the Jordan brand',
    'direct-to-consumer sales',
  ]),
  equity('SBUX', 'Starbucks Corporation', 'Starbucks', 'consumer', 'NASDAQ', [
    'cold beverages',
    'the rewards program',
    'the China business',
  ]),
  equity('MCD', "McDonald's Corporation", "McDonald's", 'consumer', 'NYSE', [
    'the value menu',
    'McCafé',
    'the loyalty program',
    'chicken offerings',
  ]),
  equity('TSLA', 'Tesla, Inc.', 'Tesla', 'consumer', 'NASDAQ', [
    'the Model Y',
    'the robotaxi service',
    'Megapack energy storage',
    'FSD software',
  ]),
  equity('LULU', 'Lululemon Athletica', 'Lululemon', 'consumer', 'NASDAQ', [
    "women's leggings",
    'menswear',
    'footwear',
  ]),
  // REITs
  equity('PLD', 'Prologis, Inc.', 'Prologis', 'reits', 'NYSE', [
    'logistics warehouses',
    'data center development',
    'rooftop solar',
  ]),
  equity('O', 'Realty Income Corporation', 'Realty Income', 'reits', 'NYSE', [
    'net lease properties',
    'European acquisitions',
    'the monthly dividend',
  ]),
  equity('EQIX', 'Equinix, Inc.', 'Equinix', 'reits', 'NASDAQ', [
    'xScale data centers',
    'interconnection',
    'colocation',
  ]),
  equity('AMT', 'American Tower Corporation', 'American Tower', 'reits', 'NYSE', [
    'tower leasing',
    'CoreSite data centers',
    'international towers',
  ]),
  etf('VNQ', 'Vanguard Real Estate ETF', 'reits', 'NYSE Arca', ['REITs', 'listed real estate']),
  // Small caps
  etf('IWM', 'iShares Russell 2000 ETF', 'small_caps', 'NYSE Arca', ['the Russell 2000', 'small-cap stocks']),
  equity('CELH', 'Celsius Holdings', 'Celsius', 'small_caps', 'NASDAQ', [
    'Celsius energy drinks',
    'Alani Nu',
    'international expansion',
  ]),
  equity('BOOT', 'Boot Barn Holdings', 'Boot Barn', 'small_caps', 'NYSE', [
    'western wear',
    'work boots',
    'exclusive brands',
  ]),
  // Emerging markets
  etf('EEM', 'iShares MSCI Emerging Markets ETF', 'emerging_markets', 'NYSE Arca', [
    'emerging markets stocks',
    'EM equities',
  ]),
  etf('FXI', 'iShares China Large-Cap ETF', 'emerging_markets', 'NYSE Arca', [
    'China large caps',
    'Hong Kong listings',
  ]),
  equity('BABA', 'Alibaba Group', 'Alibaba', 'emerging_markets', 'NYSE', [
    'Taobao and Tmall',
    'Alibaba Cloud',
    'Qwen models',
    'quick commerce',
  ]),
  equity('PDD', 'PDD Holdings', 'PDD', 'emerging_markets', 'NASDAQ', ['Temu', 'Pinduoduo', 'merchant programs']),
  equity('MELI', 'MercadoLibre, Inc.', 'MercadoLibre', 'emerging_markets', 'NASDAQ', [
    'Mercado Pago',
    'the credit book',
    'Mercado Envios',
    'advertising',
  ]),
  // Rates, gold, crypto and broad indexes: the instruments macro pieces recommend
  etf('TLT', 'iShares 20+ Year Treasury Bond ETF', 'macro_assets', 'NASDAQ', ['long-duration Treasuries', 'duration']),
  etf('GLD', 'SPDR Gold Shares', 'macro_assets', 'NYSE Arca', ['gold bullion', 'physical gold']),
  etf('IBIT', 'iShares Bitcoin Trust ETF', 'macro_assets', 'NASDAQ', ['spot bitcoin', 'bitcoin']),
  etf('SPY', 'SPDR S&P 500 ETF Trust', 'macro_assets', 'NYSE Arca', ['the S&P 500', 'US large caps']),
  etf('QQQ', 'Invesco QQQ Trust', 'macro_assets', 'NASDAQ', ['the Nasdaq 100', 'megacap tech']),
  etf('HYG', 'iShares iBoxx High Yield Corporate Bond ETF', 'macro_assets', 'NYSE Arca', [
    'high-yield bonds',
    'junk credit',
  ]),
];
