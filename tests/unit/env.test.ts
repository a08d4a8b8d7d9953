import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';

describe('parseEnv', () => {
  it('needs no variable at all: embedded database with demo data', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ DATA_DIR: '.data', PORT: 3000, DEMO_POSTS: 1500, seedDemoData: true });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('does not seed a configured PostgreSQL unless asked', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h/db' }).seedDemoData).toBe(false);
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' })).toMatchObject({ PORT: 3000, seedDemoData: true });
  });

  it('names every invalid variable in one clear message', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x', PORT: 'abc', OPERATOR_TOKEN: 'short' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/.*\n.*PORT.*\n.*OPERATOR_TOKEN: must be at least 32 characters/s,
    );
  });
});

describe('payment configuration', () => {
  it('runs the test-money sandbox when no wallet method is configured', () => {
    expect(parseEnv({}).paymentSandbox).toBe(true);
    expect(parseEnv({ PAYMENT_SANDBOX: 'false' }).paymentSandbox).toBe(false);
  });

  it('never runs the sandbox on a real database unless PAYMENT_SANDBOX=true names it', () => {
    const database = { DATABASE_URL: 'postgres://u@h/db' };
    expect(parseEnv(database).paymentSandbox).toBe(false);
    expect(parseEnv({ ...database, NODE_ENV: 'production' }).paymentSandbox).toBe(false);
    expect(parseEnv({ ...database, PAYMENT_SANDBOX: 'true' }).paymentSandbox).toBe(true);
  });

  it('uses real methods when configured, and never both', () => {
    const x402 = { X402_PAY_TO: `0x${'1'.repeat(40)}`, X402_FACILITATOR_URL: 'https://facilitator.example' };
    expect(parseEnv(x402)).toMatchObject({ paymentSandbox: false, X402_NETWORK: 'eip155:8453' });
    expect(() => parseEnv({ ...x402, PAYMENT_SANDBOX: 'true' })).toThrow(/PAYMENT_SANDBOX/);
  });

  it('names what is missing from a half-configured method', () => {
    expect(() => parseEnv({ X402_PAY_TO: `0x${'1'.repeat(40)}` })).toThrow(
      /X402_FACILITATOR_URL: required to enable x402/,
    );
    expect(() => parseEnv({ MPP_SECRET_KEY: 'x'.repeat(32) })).toThrow(/no MPP method is configured/);
    expect(() => parseEnv({ MPP_SECRET_KEY: 'x'.repeat(32), TEMPO_RPC_URL: 'http://127.0.0.1:1' })).toThrow(
      /TEMPO_RECIPIENT, TEMPO_CURRENCY: required to enable MPP tempo/,
    );
    expect(() => parseEnv({ MPP_SECRET_KEY: 'short' })).toThrow(/MPP_SECRET_KEY: must be at least 32/);
    expect(() => parseEnv({ X402_PAY_TO: 'nope' })).toThrow(/X402_PAY_TO: must be a 0x-prefixed 20-byte address/);
    expect(() => parseEnv({ DEFAULT_POST_PRICE_CENTS: '5' })).toThrow(/DEFAULT_POST_PRICE_CENTS/);
    expect(() => parseEnv({ X402_RECEIVER_AUTHORIZER_KEY: `0x${'ab'.repeat(32)}` })).toThrow(
      /X402_RECEIVER_AUTHORIZER_KEY: set, but x402 is not configured/,
    );
    expect(() => parseEnv({ X402_RECEIVER_AUTHORIZER_KEY: '0x12' })).toThrow(
      /must be a 0x-prefixed 32-byte private key/,
    );
    expect(() => parseEnv({ X402_BATCH_CLAIM_AGE_SECONDS: '900' })).toThrow(/X402_BATCH_CLAIM_AGE_SECONDS/);
  });

  it('sells credit packs with a Stripe key alone, and takes cards over MPP only with a network id and MPP key', () => {
    expect(parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toMatchObject({ STRIPE_SECRET_KEY: 'sk_test_x' });
    const card = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_NETWORK_ID: 'profile_x' };
    expect(() => parseEnv(card)).toThrow(/MPP_SECRET_KEY: required for MPP payments/);
    expect(parseEnv({ ...card, MPP_SECRET_KEY: 'x'.repeat(32) })).toMatchObject({ paymentSandbox: false });
    expect(() => parseEnv({ STRIPE_NETWORK_ID: 'profile_x', MPP_SECRET_KEY: 'x'.repeat(32) })).toThrow(
      /STRIPE_SECRET_KEY: required to enable MPP card/,
    );
  });
});

describe('dashboard sign-in and billing configuration', () => {
  it('turns the local sign-in on for the embedded default only, unless asked for', () => {
    expect(parseEnv({}).localSignIn).toBe(true);
    expect(parseEnv({ DATABASE_URL: 'postgres://db/x' }).localSignIn).toBe(false);
    expect(parseEnv({ DATABASE_URL: 'postgres://db/x', AUTH_LOCAL_SIGNIN: 'true' }).localSignIn).toBe(true);
    expect(parseEnv({ AUTH_LOCAL_SIGNIN: 'false' }).localSignIn).toBe(false);
  });

  it('wants providers whole, and magic links only with a fixed public address', () => {
    expect(() => parseEnv({ GITHUB_ID: 'id' })).toThrow(/GITHUB_ID, GITHUB_SECRET: set both or neither/);
    const email = { EMAIL_SERVER: 'smtp://u:p@mail.example:587', EMAIL_FROM: 'login@example.com' };
    expect(() => parseEnv(email)).toThrow(/PUBLIC_BASE_URL: required for e-mail sign-in links/);
    expect(parseEnv({ ...email, PUBLIC_BASE_URL: 'https://research.example' })).toMatchObject(email);
    expect(parseEnv({ OPERATOR_EMAILS: ' Ops@Example.com, b@example.com' }).OPERATOR_EMAILS).toEqual([
      'ops@example.com',
      'b@example.com',
    ]);
    expect(() => parseEnv({ OPERATOR_EMAILS: 'not-an-address' })).toThrow(/OPERATOR_EMAILS/);
  });

  it('sells packs of at least Stripe minimum', () => {
    expect(parseEnv({}).CREDIT_PACKS_CENTS).toEqual([500, 1000, 2500]);
    expect(parseEnv({ CREDIT_PACKS_CENTS: '1000, 5000' }).CREDIT_PACKS_CENTS).toEqual([1000, 5000]);
    expect(() => parseEnv({ CREDIT_PACKS_CENTS: '25' })).toThrow(/at least 50 cents/);
    expect(() => parseEnv({ CREDIT_PACKS_CENTS: '10.5' })).toThrow(/CREDIT_PACKS_CENTS/);
  });
});
