/** A member's status badge (the members list, the member's details). */
import type { OperatorText } from '../texts';

export const MemberStatus = ({ status, tx }: { status: string; tx: OperatorText }) => (
  <span className={`op-status op-status-${status}`}>{status === 'enable' ? tx.enable : tx.disable}</span>
);
