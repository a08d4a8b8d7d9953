import type { Company } from '@/lib/demo/companies';
import type { Fundamentals } from '@/lib/demo/market';
import { billions, billionsPair, change, usd } from '@/lib/demo/text';

/**
 * Number phrases about one company's quarter. Bodies and summaries both use these, so a summary never quotes a
 * figure the body does not contain.
 */

export function revenueFact(c: Company, f: Fundamentals, quarter: string): string {
  return `${quarter} revenue of ${billions(f.revenue)}, ${change(f.growth)} year over year`;
}

/** Banks have no gross margin; they are judged on efficiency instead. */
export function marginFact(c: Company, f: Fundamentals): string {
  if (c.sector === 'banks')
    return `an efficiency ratio of ${(100 - f.operatingMargin * 1.2 > 40 ? 100 - f.operatingMargin * 1.2 : 55).toFixed(1)}%`;
  return `gross margin of ${f.grossMargin.toFixed(1)}%`;
}

export function epsFact(f: Fundamentals): string {
  const verb = f.eps >= f.epsConsensus ? 'beating' : 'missing';
  return `adjusted EPS of ${usd(f.eps)}, ${verb} the ${usd(f.epsConsensus)} consensus`;
}

export function guideFact(f: Fundamentals, nextQuarter: string): string {
  const vs = f.guide >= f.guideConsensus ? 'above' : 'below';
  const [guide, consensus] = billionsPair(f.guide, f.guideConsensus);
  return `${nextQuarter} revenue guidance of ${guide}, ${vs} the ${consensus} the Street expected`;
}

export function peFact(f: Fundamentals): string {
  return `a forward P/E of ${Math.round(f.forwardPe)}x`;
}
