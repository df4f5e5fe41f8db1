import type { Migration } from './migration';

/**
 * Migrations of a policy's premium account (issue "Money across a policy's whole life adds up").
 * Version 18 is reserved for it.
 *
 * - `premium_entry`: every premium movement of a policy (first premium, endorsement charges and
 *   refunds, reversals, surrender and refusal refunds), written in the same transaction as the
 *   ledger entry that moved the member's money (`ledger_request_id`). `amount` is signed from the
 *   member's side: + paid, − returned. Each entry counts against one invoice source
 *   (`source_type` order | endorse, `source_id`); a refund that spans several sources is several
 *   entries with one ledger request id. `people` is the per-person breakdown (JSON).
 * - `order_insured.premium`: what was paid for that row's cover (fen). Σ over a policy's rows =
 *   its net premium less the charges of endorsements still waiting for the insurer.
 * - Ledger entries carry `params` (JSON: a topic and its values) instead of prose; pages, CSVs
 *   and PDFs render them in the reader's language. Old memos are parsed where their shape is known.
 * - `policy_order.plan_name_en`: the order snapshot keeps the plan name in both languages.
 * - Credit (red-letter) invoices are invoices with `credit_of` = the original and negative items;
 *   "one active item per source" now counts positive items only.
 *
 * No page-cache trigger for premium_entry: it is only ever written beside a ledger entry, whose
 * own trigger moves the member's data version in the same transaction.
 */

const PREMIUM_ENTRY = `CREATE TABLE premium_entry (
  id {{id}},
  order_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  amount BIGINT NOT NULL,
  source_type TEXT NOT NULL,
  source_id INTEGER NOT NULL,
  endorsement_id INTEGER NULL,
  ledger_request_id TEXT NOT NULL,
  request_id TEXT NOT NULL,
  effective_date TEXT NOT NULL DEFAULT '',
  people TEXT NOT NULL DEFAULT '[]',
  created_at BIGINT NOT NULL
)`;

const COMMON_BEFORE = [
  PREMIUM_ENTRY,
  `CREATE UNIQUE INDEX premium_entry_request ON premium_entry (request_id)`,
  `CREATE INDEX premium_entry_order ON premium_entry (order_id, id)`,
  `CREATE INDEX premium_entry_source ON premium_entry (source_type, source_id)`,
  `ALTER TABLE order_insured ADD COLUMN premium BIGINT NOT NULL DEFAULT 0`,
  `ALTER TABLE user_money_log ADD COLUMN params TEXT NOT NULL DEFAULT '{}'`,
  `ALTER TABLE user_score_log ADD COLUMN params TEXT NOT NULL DEFAULT '{}'`,
  `ALTER TABLE policy_order ADD COLUMN plan_name_en TEXT NOT NULL DEFAULT ''`,
  // People per occupation class as bought (JSON {"class": people}); a mixed list is priced per class.
  `ALTER TABLE policy_order ADD COLUMN class_mix TEXT NOT NULL DEFAULT '{}'`,
  `ALTER TABLE invoice ADD COLUMN credit_of INTEGER NULL`,
  `CREATE INDEX invoice_credit_of ON invoice (credit_of)`,
  `DROP INDEX invoice_item_active`,
  `CREATE UNIQUE INDEX invoice_item_active ON invoice_item (source_type, source_id) WHERE active = 1 AND amount > 0`,
  `UPDATE policy_order SET plan_name_en = COALESCE((SELECT p.name_en FROM product_plan p WHERE p.id = policy_order.plan_id), '')`,
  // The premium account of what was paid before it existed.
  `INSERT INTO premium_entry (order_id, user_id, kind, amount, source_type, source_id, ledger_request_id, request_id, effective_date, created_at)
    SELECT id, payer_id, 'premium', premium, 'order', id, 'order-pay:' || id, 'order-pay:' || id, start_date, COALESCE(paid_at, created_at)
    FROM policy_order WHERE payer_id IS NOT NULL AND paid_at IS NOT NULL`,
  `INSERT INTO premium_entry (order_id, user_id, kind, amount, source_type, source_id, ledger_request_id, request_id, effective_date, created_at)
    SELECT id, payer_id, CASE WHEN status = 'refused' THEN 'refusal_refund' ELSE 'surrender_refund' END, -refunded, 'order', id,
      CASE WHEN status = 'refused' THEN 'order-refused:' ELSE 'order-surrendered:' END || id,
      CASE WHEN status = 'refused' THEN 'order-refused:' ELSE 'order-surrendered:' END || id, reason, COALESCE(closed_at, updated_at)
    FROM policy_order WHERE payer_id IS NOT NULL AND refunded > 0`,
  `INSERT INTO premium_entry (order_id, user_id, kind, amount, source_type, source_id, endorsement_id, ledger_request_id, request_id, effective_date, created_at)
    SELECT order_id, user_id, 'endorse_charge', charged, 'endorse', id, id, 'endorse-' || id || '-charge', 'endorse-' || id || '-charge', effective_date,
      COALESCE(submitted_at, created_at)
    FROM endorsement WHERE charged > 0`,
  `INSERT INTO premium_entry (order_id, user_id, kind, amount, source_type, source_id, endorsement_id, ledger_request_id, request_id, effective_date, created_at)
    SELECT order_id, user_id, CASE WHEN status = 'approved' THEN 'endorse_refund' ELSE 'endorse_reversal' END, -refunded,
      CASE WHEN status = 'approved' THEN 'order' ELSE 'endorse' END, CASE WHEN status = 'approved' THEN order_id ELSE id END, id,
      'endorse-' || id || '-refund', 'endorse-' || id || '-refund', effective_date, COALESCE(decided_at, updated_at)
    FROM endorsement WHERE refunded > 0`,
];

/** Ledger memos of known shapes → a topic and its values (everything else: the memo kept as `note`). */
function memoParams(json: (pairs: string) => string): string[] {
  return [
    `UPDATE user_money_log SET params = ${json(`'t', 'order.pay', 'plan', substr(memo, 1, length(memo) - 3), 'no', reference`)}
      WHERE kind = 'payment' AND memo LIKE '% 保费' AND memo NOT LIKE '批改%'`,
    `UPDATE user_money_log SET params = ${json(`'t', 'order.surrender', 'plan', substr(memo, 1, length(memo) - 5), 'no', reference`)}
      WHERE kind = 'refund' AND memo LIKE '% 退保退费'`,
    `UPDATE user_money_log SET params = ${json(`'t', 'order.refusal', 'plan', substr(memo, 1, length(memo) - 5), 'no', reference`)}
      WHERE kind = 'refund' AND memo LIKE '% 拒保退费'`,
    `UPDATE user_money_log SET params = ${json(`'t', 'endorse.charge', 'apply', substr(memo, 6), 'no', reference`)}
      WHERE kind = 'payment' AND memo LIKE '批改保费 %'`,
    `UPDATE user_money_log SET params = ${json(`'t', 'endorse.refund', 'apply', substr(memo, 6), 'no', reference`)}
      WHERE kind = 'refund' AND memo LIKE '批改退费 %'`,
    `UPDATE user_money_log SET params = ${json(`'t', 'endorse.reversal', 'apply', substr(memo, 8), 'no', reference`)}
      WHERE kind = 'refund' AND (memo LIKE '批改撤销退费 %' OR memo LIKE '批改拒绝退费 %')`,
    `UPDATE user_money_log SET params = ${json(`'t', 'topup', 'ref', substr(memo, 4)`)} WHERE kind = 'topup' AND memo LIKE '充值 %'`,
    `UPDATE user_money_log SET params = ${json(`'t', 'team.allocateTo', 'account', substr(memo, 8)`)}
      WHERE kind = 'allocation' AND memo LIKE '分配给子账号 %'`,
    `UPDATE user_money_log SET params = ${json(`'t', 'team.reclaimFrom', 'account', substr(memo, 6, length(memo) - 8)`)}
      WHERE kind = 'allocation' AND memo LIKE '从子账号 % 收回'`,
    `UPDATE user_money_log SET params = ${json(`'t', 'team.allocatedBy'`)} WHERE kind = 'allocation' AND memo = '主账号分配'`,
    `UPDATE user_money_log SET params = ${json(`'t', 'team.reclaimedBy'`)} WHERE kind = 'allocation' AND memo = '主账号收回'`,
    `UPDATE user_money_log SET params = ${json(`'note', memo`)} WHERE params = '{}' AND memo <> ''`,
    `UPDATE user_score_log SET params = ${json(`'note', memo`)} WHERE params = '{}' AND memo <> ''`,
  ];
}

/** Each row's share of its plan's term premium for the days it covers (P × days / D, half up). */
const ROW_PREMIUM_SQLITE = `UPDATE order_insured SET premium = COALESCE((
  SELECT CASE WHEN julianday(order_insured.active_to) < julianday(order_insured.active_from) THEN 0 ELSE
    (2 * (CAST(json_extract(o.plan_snapshot, '$.annual."' || order_insured.class || '"') AS INTEGER) * o.rate + 50) / 100
      * CAST(julianday(order_insured.active_to) - julianday(order_insured.active_from) + 1 AS INTEGER)
      + CAST(julianday(o.end_date) - julianday(o.start_date) + 1 AS INTEGER))
    / (2 * CAST(julianday(o.end_date) - julianday(o.start_date) + 1 AS INTEGER)) END
  FROM policy_order o WHERE o.id = order_insured.order_id), 0)`;

const ROW_PREMIUM_POSTGRES = `UPDATE order_insured SET premium = COALESCE((
  SELECT CASE WHEN order_insured.active_to::date < order_insured.active_from::date THEN 0 ELSE
    (2 * ((COALESCE((o.plan_snapshot::json -> 'annual' ->> order_insured.class::text)::bigint, 0) * o.rate + 50) / 100)
      * (order_insured.active_to::date - order_insured.active_from::date + 1)
      + (o.end_date::date - o.start_date::date + 1))
    / (2 * (o.end_date::date - o.start_date::date + 1)) END
  FROM policy_order o WHERE o.id = order_insured.order_id), 0)`;

export const premiumAccountMigrations: Migration[] = [
  {
    version: 18,
    name: 'premium account: premium entries per policy, row premiums, ledger params, plan names in English, credit invoices',
    sqlite: [
      ...COMMON_BEFORE,
      ROW_PREMIUM_SQLITE,
      `UPDATE policy_order SET class_mix = COALESCE((SELECT json_group_object(class, n) FROM (SELECT class, COUNT(*) AS n FROM order_insured
        WHERE order_id = policy_order.id AND source = 'order' GROUP BY class)), '{}') WHERE named_list = 1`,
      `UPDATE policy_order SET class_mix = json_object(CAST(class AS TEXT), insured_count) WHERE named_list = 0`,
      ...memoParams((pairs) => `json_object(${pairs})`),
    ],
    postgres: [
      ...COMMON_BEFORE,
      ROW_PREMIUM_POSTGRES,
      `UPDATE policy_order SET class_mix = COALESCE((SELECT json_object_agg(class, n)::text FROM (SELECT class, COUNT(*) AS n FROM order_insured
        WHERE order_id = policy_order.id AND source = 'order' GROUP BY class) x), '{}') WHERE named_list = 1`,
      `UPDATE policy_order SET class_mix = json_build_object(class::text, insured_count)::text WHERE named_list = 0`,
      ...memoParams((pairs) => `json_build_object(${pairs})::text`),
    ],
  },
];
