/**
 * Who hears of a transfer (issue #30): the sub-account whose balance the main account topped up
 * (`allocation_received`) or took money back from (`allocation_reclaimed`). The main account made
 * the change itself and sees it in its allocation list, so it gets no notice. Inside the transfer's
 * transaction.
 */
import type { SQL } from 'bun';
import { notify } from '~/features/notifications';
import type { Row } from './model';

/** The sub-account's balance page, where the transfer shows as a ledger entry. */
export const SUB_BALANCE_LINK = '/user/account/balance';

export async function notifyTransfer(tx: SQL, transfer: Row, ownerName: string, at: number): Promise<void> {
  const reclaimed = String(transfer.direction) === 'reclaim';
  await notify(tx, {
    userId: Number(transfer.sub_id),
    kind: reclaimed ? 'allocation_reclaimed' : 'allocation_received',
    params: { owner: ownerName, amount: Number(transfer.amount), balance: Number(transfer.sub_after) },
    link: SUB_BALANCE_LINK,
    at,
  });
}
