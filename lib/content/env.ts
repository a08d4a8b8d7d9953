import { z } from 'zod';
import { booleanText, httpUrl } from '@/lib/env-values';

/**
 * Configuration of content ingestion, AI generation and the job engine (lib/env.ts is the reader). Every variable is
 * optional: the embedded default syncs feeds, keeps raw sources under DATA_DIR, summarizes and extracts picks offline,
 * and runs its jobs in-process.
 */
export const ContentEnv = {
  // Host names or IP addresses exempt from the refusal of private addresses (tests serve feeds on loopback).
  INGEST_ALLOW_HOSTS: z.string().default(''),
  INGEST_USER_AGENT: z.string().min(1).max(200).optional(),
  // Article pages one feed sync may fetch for items whose feed text is a teaser (lib/ingest/article); 0 fetches none.
  INGEST_ARTICLE_PAGES_PER_SYNC: z.coerce.number().int().min(0).max(1000).default(20),
  // Raw sources (e-mail MIME, transcripts, images) go to Supabase Storage when both are set, else to DATA_DIR/raw.
  SUPABASE_URL: httpUrl().optional(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
  RAW_SOURCES_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{1,62}$/, 'must be a storage bucket name')
    .optional(),
  // Encrypts private feed credentials at rest; unset, the embedded default generates DATA_DIR/feed-credentials.key.
  FEED_CREDENTIALS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Inbound e-mail: the webhook answers 404 unless one of these is set.
  INBOUND_EMAIL_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(16).optional(),
  // AI generation: with OPENAI_API_KEY the OpenAI generators run, without it the offline ones.
  OPENAI_SUMMARY_MODEL: z.string().min(1).default('gpt-4.1-mini'),
  OPENAI_PICKS_MODEL: z.string().min(1).default('gpt-4.1-mini'),
  OPENAI_TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  // New and changed posts get their summary and picks right away; false waits for the first paid request.
  AI_GENERATE_ON_INGEST: booleanText.default(true),
  AI_MAX_REQUESTS_PER_RUN: z.coerce.number().int().min(1).max(100_000).default(200),
  AI_MAX_TOKENS_PER_RUN: z.coerce.number().int().min(1000).max(100_000_000).default(2_000_000),
  // Jobs: Inngest when a key or the dev server is configured, else the in-process engine (JOBS_LOCAL=false stops it).
  INNGEST_EVENT_KEY: z.string().min(1).optional(),
  INNGEST_SIGNING_KEY: z.string().min(1).optional(),
  INNGEST_DEV: z.string().min(1).optional(),
  JOBS_LOCAL: booleanText.optional(),
  FEED_SYNC_CRON: z.string().min(9).default('*/5 * * * *'),
};
