/**
 * The step indicator (the kit's, issue #29): where a record is in its life — an ordered list of
 * steps, those reached marked done with their date where known, the current one highlighted
 * (`aria-current="step"`), and a terminal failure (refused, rejected, withdrawn, surrendered) shown
 * in place of the steps it never reached. Horizontal on a wide screen, vertical on a phone
 * (src/styles/steps.css). The area says which step a status stands at (`stepAt`) and gives the words.
 */

/** One stage of a record's life as the area defines it: the statuses that stand at it. */
export interface LifecycleStep {
  key: string;
  statuses: readonly string[];
}

/** Where a status stands: the index of its step, or for a failure status, of the last step reached. */
export interface StepPosition {
  current: number;
  /** The status ended the record's life before the last step (refused, rejected, …). */
  failed: boolean;
  /** The record reached its last step and ends there (settled, issued, ended). */
  complete: boolean;
}

/**
 * Which step a status stands at. `failures` maps a failure status to the step it ended after — a
 * fixed key, or found from the statuses the record went through (`history`, oldest first): the step of
 * the last status before it. An unknown status stands at the first step.
 */
export function stepAt(
  steps: readonly LifecycleStep[],
  status: string,
  failures: Readonly<Record<string, string | null>> = {},
  history: readonly string[] = [],
): StepPosition {
  const last = steps.length - 1;
  const indexOf = (s: string) => steps.findIndex((step) => step.statuses.includes(s));
  if (status in failures) {
    const fixed = failures[status];
    let current = fixed ? steps.findIndex((s) => s.key === fixed) : -1;
    if (current < 0) {
      const before = history.filter((s) => s !== status && indexOf(s) >= 0).at(-1);
      current = before === undefined ? 0 : indexOf(before);
    }
    return { current, failed: true, complete: false };
  }
  const current = Math.max(0, indexOf(status));
  return { current, failed: false, complete: current === last };
}

/** The state each shown step is drawn in. */
export type StepState = 'done' | 'current' | 'todo' | 'failed';

/** The states of `count` steps at a position; a failure shows the reached steps done and then the failure. */
export function stepStates(count: number, at: StepPosition): StepState[] {
  if (at.failed) return [...Array.from({ length: at.current + 1 }, () => 'done' as const), 'failed'];
  return Array.from({ length: count }, (_, i) =>
    i < at.current || (i === at.current && at.complete) ? 'done' : i === at.current ? 'current' : 'todo',
  );
}

export interface StepsProps {
  /** The list's accessible name (e.g. "Progress"). */
  label: string;
  /** The steps' words, in order; `date` under a reached step where known. */
  steps: readonly { key: string; label: string; date?: string | null }[];
  at: StepPosition;
  /** The failure's words and date when `at.failed`. */
  failure?: { key: string; label: string; date?: string | null };
  className?: string;
}

export function Steps({ label, steps, at, failure, className }: StepsProps) {
  const states = stepStates(steps.length, at);
  const shown = at.failed ? [...steps.slice(0, at.current + 1), failure ?? { key: 'failed', label: '—' }] : steps;
  // The step the record stands at now: the failure, the current one, or the last when complete.
  const now = at.failed ? shown.length - 1 : at.current;
  return (
    <ol
      className={`lifecycle${className ? ` ${className}` : ''}`}
      aria-label={label}
      data-steps-state={at.failed ? 'failed' : at.complete ? 'complete' : 'open'}
    >
      {shown.map((s, i) => {
        const state = states[i] ?? 'todo';
        return (
          <li
            key={s.key}
            className={`lifecycle-step lifecycle-${state}`}
            data-step={s.key}
            data-state={state}
            aria-current={i === now ? 'step' : undefined}
          >
            <span className="lifecycle-mark" aria-hidden="true">
              {state === 'done' ? '✓' : state === 'failed' ? '✕' : i + 1}
            </span>
            <span className="lifecycle-body">
              <span className="lifecycle-label">{s.label}</span>
              {s.date && state !== 'todo' ? <span className="lifecycle-date">{s.date}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export interface LifecycleStepsProps {
  /** The area's steps, in order. */
  steps: readonly LifecycleStep[];
  /** The words: `label` names the list, and each step's key its step. */
  words: Readonly<Record<string, string>> & { label: string };
  /** The date under each step reached, by step key (null where not known). */
  dates: Readonly<Record<string, string | null>>;
  at: StepPosition;
  /** The record's status, the failure's key when `at.failed`. */
  status: string;
  /** The failure's words and date, asked for only when `at.failed`. */
  failure: () => { label: string; date: string | null };
}

/** `Steps` for an area's lifecycle: each step with its words and date, and the failure in place of the steps never reached. */
export function LifecycleSteps({ steps, words, dates, at, status, failure }: LifecycleStepsProps) {
  return (
    <Steps
      label={words.label}
      at={at}
      steps={steps.map((x) => ({ key: x.key, label: words[x.key], date: dates[x.key] }))}
      failure={at.failed ? { key: status, ...failure() } : undefined}
    />
  );
}
