import { describe, expect, it } from 'vitest';
import { contractInput, contractInputHash, installedSolcVersion } from '@/lib/payments/batch-settlement/contract-input';
import { BATCH_SETTLEMENT_CONTRACTS } from '@/lib/payments/batch-settlement/contracts.generated';

/**
 * The committed bytecode of our batch-settlement contracts must come from the sources in contracts/batch-settlement
 * as they are now, with the OpenZeppelin and solc versions installed now. Hashing the compiler input takes
 * milliseconds; compiling takes tens of seconds, so CI checks the hash and `npm run build:contracts` compiles.
 */
describe('batch-settlement contract artifact', () => {
  it('was built from the current sources, OpenZeppelin and solc (else run npm run build:contracts)', () => {
    const solcVersion = installedSolcVersion();
    expect(BATCH_SETTLEMENT_CONTRACTS.solcVersion).toBe(solcVersion);
    expect(BATCH_SETTLEMENT_CONTRACTS.inputHash).toBe(contractInputHash(contractInput(), solcVersion));
  });

  it('resolves every import, OpenZeppelin included', () => {
    const units = Object.keys(contractInput().sources);
    expect(units).toContain('contracts/batch-settlement/BatchSettlementEscrow.sol');
    expect(units).toContain('@openzeppelin/contracts/utils/cryptography/EIP712.sol');
    expect(units).toContain('@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol');
  });
});
