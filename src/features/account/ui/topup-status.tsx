/** A top-up request's status badge and the operator's reason for a refusal (the member's list and the review queue). */
import type { ReactNode } from 'react';
import type { TopupStatus as Status } from '../schemas';

export function TopupStatus({
  status,
  reason,
  text,
  children,
}: {
  status: Status;
  reason: string;
  text: Record<Status, string>;
  children?: ReactNode;
}) {
  return (
    <>
      <span className={`account-status account-status-${status}`}>{text[status]}</span>
      {reason ? <span className="ledger-ref">{reason}</span> : null}
      {children}
    </>
  );
}
