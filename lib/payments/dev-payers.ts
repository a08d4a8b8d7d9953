import { Credential } from 'mppx';
import { type PaymentOutcome, refused } from './outcome';
import { devAccountAddresses } from './sandbox/accounts';

/**
 * Payers whose private keys are public (anvil's and Hardhat's development mnemonic, which the sandbox pays with).
 * Outside the sandbox a payment from one of them is refused: whatever chain it settles on, it is not a customer.
 */
export function isDevPayer(address: string | undefined | null): boolean {
  if (!address) return false;
  const lower = address.toLowerCase();
  return devAccountAddresses().some((dev) => dev.toLowerCase() === lower);
}

export const DEV_PAYER_REFUSAL: PaymentOutcome = refused(
  'This payment is signed by a well-known development key, whose private key is public; this service takes no payment from it. Pay from your own wallet.',
);

/**
 * The payer an MPP credential names (its `source`, did:pkh:eip155:<chain>:<address>), if any. mppx clients set it;
 * the settled transaction is what binds the money, so this only serves to refuse known development payers early.
 */
export function mppCredentialPayer(request: Request): string | null {
  try {
    const source = Credential.fromRequest(request).source;
    return source?.split(':').at(-1) ?? null;
  } catch {
    return null;
  }
}
