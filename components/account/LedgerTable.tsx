import Link from 'next/link';
import { formatDateTime, formatPrice } from '@/components/format';
import type { LedgerItem, LedgerLine } from '@/lib/credits/list-ledger';
import { ScrollTable } from './ScrollTable';
import { TD } from './styles';

/** A ledger line's "What": the post a summary was of, the day of stock picks, the pack bought. */
function What({ item, refund }: { item: LedgerItem; refund: boolean }) {
  const prefix = refund ? 'Refunded, not delivered: ' : '';
  switch (item.type) {
    case 'summary':
      return (
        <>
          {prefix}Summary of{' '}
          <Link
            href={`/publications/${item.publicationSlug}#post-${item.postSlug}`}
            className="text-indigo-700 hover:underline"
          >
            {item.title}
          </Link>
        </>
      );
    case 'stock_picks':
      return <>{`${prefix}Stock picks${item.day ? ` of ${item.day}` : ''}`}</>;
    case 'credit_pack':
      return <>Credit pack</>;
    case 'operator_grant':
      return <>Granted by the operator</>;
    case 'reversal':
      return <>Credit pack refunded or disputed</>;
    default:
      return <>{`${prefix}${item.description ?? 'Credit movement'}`}</>;
  }
}

/** One of the two ledgers (purchased credits, or the weekly allowance), newest first, with its own balance. */
export function LedgerTable({
  label,
  balanceHeading,
  lines,
}: {
  label: string;
  balanceHeading: string;
  lines: LedgerLine[];
}) {
  return (
    <ScrollTable label={label} headings={['When', 'What', 'Amount', balanceHeading]}>
      {lines.map((line) => (
        <tr key={line.id} data-testid="ledger-row">
          <td className={`${TD} sm:whitespace-nowrap`}>{formatDateTime(new Date(line.createdAt))}</td>
          <td className={TD}>
            <span>
              <What item={line.item} refund={line.kind === 'refund'} />
            </span>
          </td>
          <td className={`${TD} tabular-nums ${line.deltaCents < 0 ? 'text-red-800' : 'text-emerald-800'}`}>
            {line.deltaCents < 0 ? '−' : '+'}
            {formatPrice(Math.abs(line.deltaCents))}
          </td>
          <td data-testid="ledger-balance" className={`${TD} tabular-nums`}>
            {formatPrice(line.balanceAfterCents)}
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}
