import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The solc standard-JSON input for a set of our contracts (contracts/batch-settlement by default; the sandbox's
 * TIP-1034 escrow emulation, contracts/tempo-session, is compiled as a set of its own), with every import
 * (OpenZeppelin's included) resolved to its file's text, and a hash of it together with the compiler version. The
 * build script (`npm run build:contracts`) compiles this input and stores the hash beside the bytecode; a unit test
 * recomputes the hash, so a contract edited (or an OpenZeppelin or solc upgrade) without rebuilding fails CI.
 */
export const CONTRACT_FILES = [
  'contracts/batch-settlement/BatchSettlementEscrow.sol',
  'contracts/batch-settlement/Erc3009DepositCollector.sol',
] as const;

/** The sandbox-only emulation of Tempo's TIP-1034 channel escrow precompile (see its header). */
export const TEMPO_SESSION_CONTRACT_FILES = ['contracts/tempo-session/Tip20ChannelEscrowEmulation.sol'] as const;

const IMPORT = /^\s*import\s+(?:\{[^}]*\}\s+from\s+)?"([^"]+)"\s*;/gm;

export interface StandardJsonInput {
  language: 'Solidity';
  sources: Record<string, { content: string }>;
  settings: {
    optimizer: { enabled: boolean; runs: number };
    evmVersion: string;
    outputSelection: Record<string, Record<string, string[]>>;
  };
}

function resolveImport(from: string, specifier: string): string {
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  }
  return specifier;
}

function readSource(root: string, unit: string): string {
  if (unit.startsWith('@openzeppelin/')) {
    const require = createRequire(path.join(root, 'package.json'));
    return readFileSync(require.resolve(unit), 'utf8');
  }
  return readFileSync(path.join(root, unit), 'utf8');
}

export function contractInput(
  root: string = process.cwd(),
  files: readonly string[] = CONTRACT_FILES,
): StandardJsonInput {
  const sources: Record<string, { content: string }> = {};
  const pending: string[] = [...files];
  while (pending.length > 0) {
    const unit = pending.pop() as string;
    if (sources[unit]) continue;
    const content = readSource(root, unit);
    sources[unit] = { content };
    for (const match of content.matchAll(IMPORT)) pending.push(resolveImport(unit, match[1] as string));
  }
  // Sorted, so the hash does not depend on the order imports were met.
  const sorted = Object.fromEntries(Object.entries(sources).sort(([a], [b]) => a.localeCompare(b)));
  return {
    language: 'Solidity',
    sources: sorted,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
}

export function installedSolcVersion(root: string = process.cwd()): string {
  const require = createRequire(path.join(root, 'package.json'));
  return (require('solc/package.json') as { version: string }).version;
}

export function contractInputHash(input: StandardJsonInput, solcVersion: string): string {
  return createHash('sha256').update(`solc ${solcVersion}\n`).update(JSON.stringify(input)).digest('hex');
}
