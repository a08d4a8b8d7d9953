import { Session } from 'mppx/tempo';
import { createPublicClient, http } from 'viem';

/**
 * Whether the TIP-1034 channel escrow has code where mppx's `tempo.session` calls it, asked of the Tempo chain once
 * at start (eth_getCode). A payer's deposit into an address without code would be lost or revert, so sessions are
 * only set up where it is found, never on the assumption that it is there.
 */
export async function sessionEscrowPresent(rpcUrl: string): Promise<boolean> {
  const chain = createPublicClient({ transport: http(rpcUrl, { retryCount: 1, timeout: 5000 }) });
  const code = await chain.getCode({ address: Session.Precompile.Constants.tip20ChannelEscrow });
  return code !== undefined && code !== '0x';
}
