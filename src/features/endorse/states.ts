/**
 * The endorsement's states and transitions (issue #10), as data: the transitions' conditional updates,
 * the detail's `actions` and the tests all read this one table.
 */

export const ENDORSE_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'cancelled', 'voided'] as const;
export type EndorseStatus = (typeof ENDORSE_STATUSES)[number];

/** Statuses that hold the policy's one open endorsement. */
export const OPEN_STATUSES: readonly EndorseStatus[] = ['draft', 'submitted'];

/** Transition → the statuses it starts from and the one it ends in. */
export const ENDORSE_TRANSITIONS = {
  submit: { from: ['draft'], to: 'submitted' },
  approve: { from: ['submitted'], to: 'approved' },
  reject: { from: ['submitted'], to: 'rejected' },
  cancel: { from: ['draft', 'submitted'], to: 'cancelled' },
  /** The member takes a submitted endorsement back before the insurer (or its staff) decides: the charge is refunded. */
  withdraw: { from: ['submitted'], to: 'cancelled' },
  /** The policy was surrendered before the endorsement took effect: its people never join. */
  void: { from: ['approved'], to: 'voided' },
} as const satisfies Record<string, { from: readonly EndorseStatus[]; to: EndorseStatus }>;
export type EndorseTransition = keyof typeof ENDORSE_TRANSITIONS;

/** Whether a transition may start from a status. */
export const canEndorse = (status: string, t: EndorseTransition): boolean =>
  (ENDORSE_TRANSITIONS[t].from as readonly string[]).includes(status);

/**
 * What the member may do in a status (edits are draft-only; approve/reject are the insurer's or an
 * operator's): a draft is cancelled, a submitted endorsement is withdrawn (until someone decides it).
 */
export function memberActions(status: string): string[] {
  const actions: string[] = [];
  if (status === 'draft') actions.push('edit', 'submit', 'cancel');
  if (canEndorse(status, 'withdraw')) actions.push('withdraw');
  return actions;
}
