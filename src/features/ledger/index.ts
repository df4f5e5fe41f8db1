/** Balance and points ledgers (issue #8): append-only entries, changed only through these functions. */
export { seedDemoLedger, seedLedgerDemo } from './demo';
export { ledgerRouter } from './router';
export { LEDGER_KINDS, LEDGER_PAGE_SIZES, type LedgerKind, type LedgerQuery, ledgerQuerySchema } from './schemas';
export {
  type ChangeResult,
  changeBalance,
  changeLedger,
  changeScore,
  dayStart,
  type Ledger,
  type LedgerChange,
  type LedgerEntry,
  type LedgerPage,
  type LedgerItemView,
  type LedgerParams,
  listLedger,
  viewLedgerPage,
} from './service';
export {
  allocateRefund,
  movePremium,
  netPremium,
  onPremiumRefund,
  PREMIUM_KINDS,
  type PremiumEntry,
  type PremiumKind,
  type PremiumMove,
  type PremiumPerson,
  type PremiumSource,
  type PremiumSourceType,
  premiumHistory,
  type RefundListener,
  sourceNets,
  sourceTotals,
  toPremiumEntry,
} from './premium';
export { describeEntry, entryData, visibleReference } from './describe';
export { premiumByMonth } from './desk';
