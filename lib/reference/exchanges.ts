/**
 * Listings outside the US, recognized by the exchange suffix of their ticker ("6758.T", "0700.HK", "ASML.AS") or by an
 * exchange prefix ("TSX: RY", "LON: SHEL"). The suffix names the exchange reported as `tickerExchange`.
 */
export const EXCHANGE_SUFFIXES: Record<string, string> = {
  T: 'TSE',
  HK: 'HKEX',
  L: 'LSE',
  AS: 'Euronext Amsterdam',
  PA: 'Euronext Paris',
  BR: 'Euronext Brussels',
  LS: 'Euronext Lisbon',
  IR: 'Euronext Dublin',
  MI: 'Borsa Italiana',
  MC: 'BME',
  DE: 'XETRA',
  F: 'Frankfurt',
  SW: 'SIX',
  TO: 'TSX',
  V: 'TSXV',
  AX: 'ASX',
  NZ: 'NZX',
  KS: 'KRX',
  KQ: 'KOSDAQ',
  SS: 'SSE',
  SZ: 'SZSE',
  TW: 'TWSE',
  SI: 'SGX',
  NS: 'NSE',
  BO: 'BSE',
  CO: 'Nasdaq Copenhagen',
  ST: 'Nasdaq Stockholm',
  HE: 'Nasdaq Helsinki',
  OL: 'Oslo Bors',
  VI: 'Wiener Borse',
  WA: 'GPW',
  JO: 'JSE',
  SA: 'B3',
  MX: 'BMV',
  TA: 'TASE',
};

/** Exchange prefixes as posts write them ("NYSE: PG", "TSX: RY"): a US exchange name, or the suffix of a foreign one. */
export const EXCHANGE_PREFIXES: Record<string, { exchange: string; suffix: string | null }> = {
  NYSE: { exchange: 'NYSE', suffix: null },
  'NYSE ARCA': { exchange: 'NYSE Arca', suffix: null },
  'NYSE AMERICAN': { exchange: 'NYSE American', suffix: null },
  NASDAQ: { exchange: 'NASDAQ', suffix: null },
  NASDAQGS: { exchange: 'NASDAQ', suffix: null },
  AMEX: { exchange: 'NYSE American', suffix: null },
  CBOE: { exchange: 'Cboe', suffix: null },
  OTC: { exchange: 'OTC', suffix: null },
  OTCMKTS: { exchange: 'OTC', suffix: null },
  TSX: { exchange: 'TSX', suffix: 'TO' },
  'TSX-V': { exchange: 'TSXV', suffix: 'V' },
  TSXV: { exchange: 'TSXV', suffix: 'V' },
  LSE: { exchange: 'LSE', suffix: 'L' },
  LON: { exchange: 'LSE', suffix: 'L' },
  TYO: { exchange: 'TSE', suffix: 'T' },
  TSE: { exchange: 'TSE', suffix: 'T' },
  HKEX: { exchange: 'HKEX', suffix: 'HK' },
  HKG: { exchange: 'HKEX', suffix: 'HK' },
  SEHK: { exchange: 'HKEX', suffix: 'HK' },
  ASX: { exchange: 'ASX', suffix: 'AX' },
  AMS: { exchange: 'Euronext Amsterdam', suffix: 'AS' },
  EPA: { exchange: 'Euronext Paris', suffix: 'PA' },
  ETR: { exchange: 'XETRA', suffix: 'DE' },
  XETRA: { exchange: 'XETRA', suffix: 'DE' },
  FRA: { exchange: 'Frankfurt', suffix: 'F' },
  SIX: { exchange: 'SIX', suffix: 'SW' },
  SWX: { exchange: 'SIX', suffix: 'SW' },
  BIT: { exchange: 'Borsa Italiana', suffix: 'MI' },
  BME: { exchange: 'BME', suffix: 'MC' },
  KRX: { exchange: 'KRX', suffix: 'KS' },
  NSE: { exchange: 'NSE', suffix: 'NS' },
};

const SUFFIXED = new RegExp(
  `^(?:\\d{3,6}|[A-Z][A-Z0-9&]{0,9}(?:[.-][A-Z])?)\\.(${Object.keys(EXCHANGE_SUFFIXES).join('|')})$`,
  'u',
);

/** The exchange of a suffixed listing ("6758.T" → TSE), or null when the ticker has no known exchange suffix. */
export function suffixedListing(ticker: string): { ticker: string; exchange: string } | null {
  const m = SUFFIXED.exec(ticker);
  if (!m) return null;
  // Hong Kong codes are four digits ("700.HK" is written "0700.HK").
  const fixed = m[1] === 'HK' && /^\d{3}\.HK$/u.test(ticker) ? `0${ticker}` : ticker;
  return { ticker: fixed, exchange: EXCHANGE_SUFFIXES[m[1]!]! };
}

/** "RY" listed on TSX → "RY.TO"; "700" on HKEX → "0700.HK". */
export function withSuffix(symbol: string, suffix: string): string {
  const base = suffix === 'HK' ? symbol.padStart(4, '0') : symbol;
  return `${base}.${suffix}`;
}
