import { type Hex, toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/**
 * The sandbox chains use anvil's well-known development mnemonic (passed to anvil explicitly, so the keys we derive
 * are the keys anvil funds). These keys are public knowledge: they only ever hold test money on loopback chains.
 */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEV_ACCOUNT_COUNT = 10;

let cached: Hex[] | undefined;
let cachedAddresses: string[] | undefined;

/** Addresses of the dev accounts, index 0..9 (checksummed), derived once per process. */
export function devAccountAddresses(): string[] {
  cachedAddresses ??= Array.from(
    { length: DEV_ACCOUNT_COUNT },
    (_, addressIndex) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex }).address,
  );
  return cachedAddresses;
}

/** Private keys of the dev accounts, index 0..9 (derivation is ~30 ms each, so it is done once per process). */
export function devPrivateKeys(): Hex[] {
  cached ??= Array.from({ length: DEV_ACCOUNT_COUNT }, (_, addressIndex) => {
    const key = mnemonicToAccount(DEV_MNEMONIC, { addressIndex }).getHdKey().privateKey;
    if (!key) throw new Error('could not derive a dev private key');
    return toHex(key);
  });
  return cached;
}

/**
 * Role assignment. x402 chain: 0 deploys and administers USDC, 1 is the facilitator (pays gas), 2 receives payments,
 * 3..9 pay. Tempo chain: 0 receives payments, 1..9 pay (each prefunded with pathUSD by anvil).
 */
export const X402_ROLES = { admin: 0, facilitator: 1, payTo: 2, firstPayer: 3 } as const;
export const TEMPO_ROLES = { recipient: 0, firstPayer: 1 } as const;
