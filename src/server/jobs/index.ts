/** The scheduler (core): jobs that run once per cluster through leases in `job_lease`. */
export {
  claimJob,
  defaultInstanceId,
  defineJob,
  type JobDefinition,
  type JobLease,
  jobsEnabled,
  listJobLeases,
  registerJobs,
  type Scheduler,
  type SchedulerOptions,
  startScheduler,
} from './scheduler';
