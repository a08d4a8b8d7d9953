import { z } from 'zod';
import { booleanText } from '@/lib/env-values';

const emails = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses')));

/**
 * Dashboard sign-in (lib/env.ts is the reader). Each provider is on when its variables are set; the local sign-in
 * (an e-mail address and nothing else) is on by default only on the embedded database, where nobody but the person
 * running it can reach it.
 */
export const AuthEnv = {
  // Encrypts sign-in cookies; unset, the service generates one and keeps it in the database (shared by instances).
  NEXTAUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GITHUB_ID: z.string().min(1).optional(),
  GITHUB_SECRET: z.string().min(1).optional(),
  // Another GitHub host for both github.com and api.github.com (tests point it at a loopback OAuth server).
  GITHUB_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  GOOGLE_ID: z.string().min(1).optional(),
  GOOGLE_SECRET: z.string().min(1).optional(),
  // Magic links: an SMTP URL (smtp://user:pass@host:587) and the sender address.
  EMAIL_SERVER: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  EMAIL_FROM: z.string().min(3).optional(),
  AUTH_LOCAL_SIGNIN: booleanText.optional(),
  // Who sees every publication's sales on the dashboard.
  OPERATOR_EMAILS: emails.optional(),
};

type Parsed = z.infer<z.ZodObject<typeof AuthEnv>> & { PUBLIC_BASE_URL?: string; DATABASE_URL?: string };

/** Providers come in pairs; a half-configured one is a start-up error, as is a magic link with no fixed origin. */
export function checkAuthEnv(parsed: Parsed): string[] {
  const problems: string[] = [];
  const pairs: Array<[keyof Parsed, keyof Parsed]> = [
    ['GITHUB_ID', 'GITHUB_SECRET'],
    ['GOOGLE_ID', 'GOOGLE_SECRET'],
    ['EMAIL_SERVER', 'EMAIL_FROM'],
  ];
  for (const [a, b] of pairs) {
    if ((parsed[a] === undefined) !== (parsed[b] === undefined)) problems.push(`  ${a}, ${b}: set both or neither`);
  }
  // The link in a sign-in e-mail must not be built from the requester's Host header (anyone could point it at
  // their own site and collect the token), so magic links need the service's public address.
  if (parsed.EMAIL_SERVER && !parsed.PUBLIC_BASE_URL)
    problems.push('  PUBLIC_BASE_URL: required for e-mail sign-in links (EMAIL_SERVER)');
  return problems;
}

/** The local sign-in: on for the embedded default, off on a configured database unless AUTH_LOCAL_SIGNIN=true. */
export function localSignInEnabled(parsed: Parsed): boolean {
  return parsed.AUTH_LOCAL_SIGNIN ?? parsed.DATABASE_URL === undefined;
}
