/**
 * Balance runway (issue #31, item 5): how many days each account's balance — and the company's,
 * a main account's with all its sub-accounts' — lasts at the daily premium of the people it covers
 * today, on the overview and the allocation page, and a `balance_runway` notice once per crossing
 * under the operator's threshold (`runwayAlertDays`, default 14).
 *
 * - {@link loadRunway}`(db, userId)`: what a member sees; GET /runway answers it.
 * - {@link sendRunwayAlerts}`(db, now)`: the notices due now; {@link runwayAlertJob} is the scheduler's job object.
 */
export { type RunwayAlertRun, runwayAlertJob, sendRunwayAlerts } from './alerts';
/** The area's API messages per language (the notice's texts). */
export { default as runwayMessages } from './messages';
export {
  type AccountRunway,
  allRunways,
  coverToday,
  DEFAULT_RUNWAY_DAYS,
  loadRunway,
  RUNWAY_DAYS_KEY,
  type RunwayView,
  runwayThreshold,
} from './queries';
export { runwayRouter } from './router';
export { companyRunway, type CoverStretch, coverByAccount, dailyFen, isLow, type Runway, runwayDays, runwayOf } from './runway';
