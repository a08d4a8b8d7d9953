import { describe, expect, it } from 'vitest';
import {
  contractInput,
  contractInputHash,
  installedSolcVersion,
  TEMPO_SESSION_CONTRACT_FILES,
} from '@/lib/payments/batch-settlement/contract-input';
import { TEMPO_SESSION_CONTRACTS } from '@/lib/payments/tempo-session/contracts.generated';

/**
 * The committed bytecode of the sandbox's TIP-1034 escrow emulation must come from contracts/tempo-session as it is
 * now, with the OpenZeppelin and solc versions installed now (else run `npm run build:contracts`).
 */
describe('TIP-1034 escrow emulation artifact', () => {
  it('was built from the current source, OpenZeppelin and solc', () => {
    const solcVersion = installedSolcVersion();
    expect(TEMPO_SESSION_CONTRACTS.solcVersion).toBe(solcVersion);
    const input = contractInput(process.cwd(), TEMPO_SESSION_CONTRACT_FILES);
    expect(TEMPO_SESSION_CONTRACTS.inputHash).toBe(contractInputHash(input, solcVersion));
  });

  it('compiles the emulation alone, with its OpenZeppelin imports', () => {
    const units = Object.keys(contractInput(process.cwd(), TEMPO_SESSION_CONTRACT_FILES).sources);
    expect(units).toContain('contracts/tempo-session/Tip20ChannelEscrowEmulation.sol');
    expect(units).toContain('@openzeppelin/contracts/utils/cryptography/ECDSA.sol');
    expect(units).not.toContain('contracts/batch-settlement/BatchSettlementEscrow.sol');
  });
});
