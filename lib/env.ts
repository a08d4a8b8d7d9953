import { z } from 'zod';
import { AuthEnv, checkAuthEnv, localSignInEnabled } from './auth/env';
import { BillingEnv } from './billing/env';
import { ContentEnv } from './content/env';
/**
 * The only reader of process.env. Every variable is optional: with none set the service runs on the
 * embedded PGlite database under DATA_DIR and loads the demo corpus on first start.
 */
import { DatabaseEnv } from './db/env';
import { booleanText } from './env-values';
import { checkPaymentEnv, PaymentEnv } from './payments/env';
import { PriceEnv } from './prices/env';
import { RateLimitEnv } from './rate-limits/env';

/** The demo generator's default seed; the benchmark seeds with it too, so its corpus is the one `npm start` loads. */
export const DEFAULT_DEMO_SEED = 20261122;

const EnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Set by Next and npm scripts: 'production' for the built service.
  NODE_ENV: z.string().optional(),
  // Behind a reverse proxy that sets X-Forwarded-Host/-Proto (and strips clients' own): only then are they read.
  TRUST_PROXY: booleanText.optional(),
  SEED_DEMO_DATA: booleanText.optional(),
  DEMO_POSTS: z.coerce.number().int().min(0).max(2_000_000).default(1500),
  DEMO_SEED: z.coerce.number().int().default(DEFAULT_DEMO_SEED),
  OPERATOR_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  // The operator endpoint answers only loopback connections unless this is set.
  OPERATOR_REMOTE: booleanText.optional(),
  EMBEDDINGS_PROVIDER: z.enum(['local', 'openai', 'none']).default('local'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Unset means the provider's default model (DEFAULT_OPENAI_EMBEDDING_MODEL in lib/search/embeddings/openai.ts).
  OPENAI_EMBEDDING_MODEL: z.string().min(1).optional(),
  // The briefs' index of what each post is about (lib/briefs/lead-meaning.ts), built in the background: on unless false.
  BRIEFS_LEAD_INDEX: booleanText.optional(),
  ...PaymentEnv,
  ...AuthEnv,
  ...BillingEnv,
  ...ContentEnv,
  ...RateLimitEnv,
  ...DatabaseEnv,
  ...PriceEnv,
});

export type Env = z.infer<typeof EnvSchema> & {
  seedDemoData: boolean;
  paymentSandbox: boolean;
  /** Where jobs run: Inngest (production, or its dev server) or this process. */
  jobsEngine: 'inngest' | 'local';
  /** The dashboard's offline sign-in by e-mail address alone (lib/auth). */
  localSignIn: boolean;
};

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset", as they do in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  if (parsed.EMBEDDINGS_PROVIDER === 'openai' && !parsed.OPENAI_API_KEY) {
    throw new Error('Invalid environment configuration:\n  OPENAI_API_KEY: required when EMBEDDINGS_PROVIDER=openai');
  }
  checkPaymentEnv(parsed);
  const authProblems = checkAuthEnv(parsed);
  if (authProblems.length > 0) throw new Error(`Invalid environment configuration:\n${authProblems.join('\n')}`);
  // Demo data goes into the embedded database by default, never into a configured server unless asked.
  return {
    ...parsed,
    seedDemoData: parsed.SEED_DEMO_DATA ?? parsed.DATABASE_URL === undefined,
    // Test money on local chains (lib/payments/sandbox) only on the embedded default, or when asked for by name: a
    // service on a real database with no wallet configured sells through credits and session tokens alone.
    paymentSandbox:
      parsed.PAYMENT_SANDBOX ??
      (parsed.DATABASE_URL === undefined && parsed.X402_PAY_TO === undefined && parsed.MPP_SECRET_KEY === undefined),
    jobsEngine: parsed.INNGEST_EVENT_KEY !== undefined || parsed.INNGEST_DEV !== undefined ? 'inngest' : 'local',
    localSignIn: localSignInEnabled(parsed),
  };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
