/** The ledger area's screens, for the account area's balance and points pages. Server code only. */
export { LedgerList, LedgerLoading } from './list';
