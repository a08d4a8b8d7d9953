import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { defineJob } from '@/lib/jobs/definition';
import { configuredPriceProvider, NO_PROVIDER_REASON } from '@/lib/prices/configured';
import { fetchDailyPrices } from '@/lib/prices/fetch-daily';

/**
 * After each US trading day (23:30 UTC, Monday to Friday: past the 16:00 New York close in summer and winter time, once
 * the provider has the day's closes): fetches the closes each ticker with a call is missing, and the benchmark's
 * (lib/prices/fetch-daily.ts). Without a configured provider it fetches nothing and says so.
 */
export const fetchDailyPricesJob = defineJob({
  id: 'fetch-daily-prices',
  trigger: { cron: '30 23 * * 1-5' },
  retries: 2,
  concurrency: 1,
  singleton: {},
  async handler({ step }) {
    const provider = configuredPriceProvider(env());
    if (!provider) return { skipped: NO_PROVIDER_REASON };
    return step.run('fetch missing closes', async () => fetchDailyPrices(await getDb(), provider, new Date()));
  },
});
