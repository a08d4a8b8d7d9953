import type { Company } from './companies';
import type { Rng } from './random';

/**
 * Market levels on a given day. They follow smooth curves whose phases come from the seed, so two posts written on the
 * same day quote roughly the same 10-year yield or S&P 500 level instead of contradicting each other.
 */
export interface MarketSnapshot {
  fedLow: number;
  fedHigh: number;
  /** Whether the most recent Fed meeting in the window cut rates (posts after the cut say so). */
  afterCut: boolean;
  tenYear: number;
  twoYear: number;
  cpiMoM: number;
  coreCpiYoY: number;
  unemployment: number;
  payrollsK: number;
  spx: number;
  nasdaq100: number;
  russell2000: number;
  dxy: number;
  wti: number;
  brent: number;
  gold: number;
  bitcoin: number;
  hySpreadBp: number;
  igSpreadBp: number;
  usdJpy: number;
  mortgage30: number;
  chinaPmi: number;
  vix: number;
}

export interface MarketModel {
  snapshot(at: Date): MarketSnapshot;
}

const DAY_MS = 86_400_000;

export function createMarketModel(rng: Rng, now: Date): MarketModel {
  const phases = Array.from({ length: 16 }, () => rng.float(0, Math.PI * 2));
  const ph = (i: number) => phases[i % phases.length] ?? 0;
  const nowDay = Math.floor(now.getTime() / DAY_MS);
  // The Fed cut once, some 40-70 days before "now"; everything earlier quotes the higher range.
  const cutDay = nowDay - rng.int(40, 70);
  const wave = (day: number, period: number, i: number) => Math.sin(day / period + ph(i));

  return {
    snapshot(at: Date): MarketSnapshot {
      const day = Math.floor(at.getTime() / DAY_MS);
      const month = at.getUTCFullYear() * 12 + at.getUTCMonth();
      const drift = (day - nowDay) / 365;
      const afterCut = day >= cutDay;
      const fedHigh = afterCut ? 3.5 : 3.75;
      const tenYear = 4.12 + 0.22 * wave(day, 23, 0) + 0.08 * wave(day, 6, 1);
      const spx = 6750 * (1 + 0.045 * wave(day, 37, 2) + 0.09 * drift);
      const wti = 64 + 7 * wave(day, 29, 5);
      return {
        fedLow: fedHigh - 0.25,
        fedHigh,
        afterCut,
        tenYear,
        twoYear: tenYear - (0.38 + 0.14 * wave(day, 41, 3)),
        cpiMoM: round(0.24 + 0.13 * Math.sin(month * 2.3 + ph(4)), 1),
        coreCpiYoY: round(2.9 + 0.25 * Math.sin(month * 1.7 + ph(6)), 1),
        unemployment: round(4.4 + 0.2 * Math.sin(month * 1.3 + ph(7)), 1),
        payrollsK: Math.round(95 + 110 * Math.sin(month * 2.9 + ph(8))),
        spx,
        nasdaq100: spx * 3.62 * (1 + 0.02 * wave(day, 17, 9)),
        russell2000: 2480 * (1 + 0.06 * wave(day, 31, 10) + 0.05 * drift),
        dxy: 99.5 + 2.8 * wave(day, 47, 11),
        wti,
        brent: wti + 3.6 + 0.6 * wave(day, 11, 12),
        gold: 4050 + 260 * wave(day, 53, 13) + 400 * drift,
        bitcoin: 98_000 + 17_000 * wave(day, 19, 14),
        hySpreadBp: Math.round(305 + 55 * wave(day, 27, 15)),
        igSpreadBp: Math.round(82 + 12 * wave(day, 27, 15)),
        usdJpy: 151 + 5 * wave(day, 33, 1),
        mortgage30: tenYear + 2.05 + 0.1 * wave(day, 13, 2),
        chinaPmi: round(49.8 + 0.7 * Math.sin(month * 1.9 + ph(3)), 1),
        vix: 16.5 + 4.5 * wave(day, 9, 4),
      };
    },
  };
}

/** One quarter's reported numbers for a company, jittered around its anchors. */
export interface Fundamentals {
  price: number;
  revenue: number;
  revenueConsensus: number;
  growth: number;
  grossMargin: number;
  grossMarginChangeBp: number;
  operatingMargin: number;
  eps: number;
  epsConsensus: number;
  guide: number;
  guideConsensus: number;
  forwardPe: number;
  fcf: number;
  buyback: number;
  target: number;
  moveAfterPrint: number;
  ytd: number;
  dividendYield: number;
}

export function fundamentalsFor(company: Company, rng: Rng): Fundamentals {
  const price = company.price * rng.float(0.82, 1.18);
  const revenue = Math.max(0.05, company.revenue * rng.float(0.93, 1.07));
  const beat = rng.weighted([-0.03, -0.01, 0.01, 0.02, 0.04], (x) => (x > 0 ? 3 : 1));
  const growth = company.growth + rng.float(-6, 6);
  const forwardPe = Math.max(6, company.forwardPe * rng.float(0.85, 1.15));
  // Forward P/E ties quarterly EPS to the price, so the two never disagree by an order of magnitude.
  const eps = (price / forwardPe / 4) * rng.float(0.9, 1.05);
  const epsBeat = beat * rng.float(1.5, 4);
  const guideConsensus = revenue * (1 + growth / 400) * rng.float(0.99, 1.03);
  const guideSurprise = rng.float(-0.04, 0.05);
  return {
    price,
    revenue,
    revenueConsensus: revenue / (1 + beat),
    growth,
    grossMargin: Math.min(95, Math.max(8, company.grossMargin + rng.float(-2.5, 2.5))),
    grossMarginChangeBp: rng.int(-180, 220),
    operatingMargin: Math.max(2, company.grossMargin * rng.float(0.35, 0.7)),
    eps,
    epsConsensus: eps / (1 + epsBeat),
    guide: guideConsensus * (1 + guideSurprise),
    guideConsensus,
    forwardPe,
    fcf: Math.max(0.02, revenue * rng.float(0.08, 0.35)),
    buyback: Math.max(0.1, revenue * rng.float(0.05, 0.4)),
    target: price * rng.float(1.12, 1.45),
    moveAfterPrint: beat > 0 ? rng.float(-3, 12) : rng.float(-14, 2),
    ytd: rng.float(-25, 60),
    dividendYield: rng.float(0.5, 4.5),
  };
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
