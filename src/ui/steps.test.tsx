import { afterEach, describe, expect, test } from 'bun:test';
import { cleanup, render } from '@testing-library/react';
import { type LifecycleStep, LifecycleSteps, Steps, stepAt, stepStates } from './steps';

afterEach(cleanup);

const LIFE: LifecycleStep[] = [
  { key: 'a', statuses: ['new'] },
  { key: 'b', statuses: ['working', 'waiting'] },
  { key: 'c', statuses: ['done'] },
];
const FAIL = { refused: 'b', dropped: null };

describe('stepAt', () => {
  test('a status stands at the step that lists it; the last step is complete', () => {
    expect(stepAt(LIFE, 'new', FAIL)).toEqual({ current: 0, failed: false, complete: false });
    expect(stepAt(LIFE, 'waiting', FAIL)).toEqual({ current: 1, failed: false, complete: false });
    expect(stepAt(LIFE, 'done', FAIL)).toEqual({ current: 2, failed: false, complete: true });
  });
  test('an unknown status stands at the first step', () => {
    expect(stepAt(LIFE, 'what', FAIL).current).toBe(0);
  });
  test('a failure ends after its fixed step, or after the step of the last status before it', () => {
    expect(stepAt(LIFE, 'refused', FAIL)).toEqual({ current: 1, failed: true, complete: false });
    expect(stepAt(LIFE, 'dropped', FAIL, ['new', 'working', 'dropped'])).toEqual({ current: 1, failed: true, complete: false });
    expect(stepAt(LIFE, 'dropped', FAIL, ['new', 'dropped']).current).toBe(0);
    expect(stepAt(LIFE, 'dropped', FAIL, []).current).toBe(0);
  });
});

test('stepStates: done before the current step, to do after; a failure replaces the steps never reached', () => {
  expect(stepStates(3, { current: 1, failed: false, complete: false })).toEqual(['done', 'current', 'todo']);
  expect(stepStates(3, { current: 2, failed: false, complete: true })).toEqual(['done', 'done', 'done']);
  expect(stepStates(3, { current: 0, failed: true, complete: false })).toEqual(['done', 'failed']);
});

describe('Steps', () => {
  const steps = [
    { key: 'a', label: 'Ordered', date: '2026-01-02' },
    { key: 'b', label: 'Paid', date: null },
    { key: 'c', label: 'Ended', date: '2027-01-01' },
  ];
  test('an ordered list named by its label, the current step marked aria-current="step", dates only under reached steps', () => {
    const { container, getByRole } = render(<Steps label="Progress" steps={steps} at={{ current: 1, failed: false, complete: false }} />);
    const list = getByRole('list', { name: 'Progress' });
    expect(list.tagName).toBe('OL');
    const items = [...container.querySelectorAll('li')];
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual(['done', 'current', 'todo']);
    expect(container.querySelector('[aria-current="step"]')?.textContent).toContain('Paid');
    expect(container.querySelectorAll('[aria-current]')).toHaveLength(1);
    expect(items[0]?.textContent).toContain('2026-01-02');
    // The last step has a date but is not reached: no date shown.
    expect(items[2]?.textContent).not.toContain('2027-01-01');
  });
  test('a failure shows the steps reached, then the failure as the current step', () => {
    const { container } = render(
      <Steps
        label="Progress"
        steps={steps}
        at={{ current: 0, failed: true, complete: false }}
        failure={{ key: 'cancelled', label: 'Cancelled', date: '2026-01-03' }}
      />,
    );
    const items = [...container.querySelectorAll('li')];
    expect(items.map((li) => li.textContent?.replace(/[✓✕\d-]/g, ''))).toEqual(['Ordered', 'Cancelled']);
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(items[1]?.getAttribute('data-state')).toBe('failed');
    expect(items[1]?.textContent).toContain('2026-01-03');
  });
  test('a complete record: every step done, the last one current', () => {
    const { container } = render(<Steps label="Progress" steps={steps} at={{ current: 2, failed: false, complete: true }} />);
    expect([...container.querySelectorAll('li')].every((li) => li.getAttribute('data-state') === 'done')).toBe(true);
    expect(container.querySelector('[aria-current="step"]')?.getAttribute('data-step')).toBe('c');
  });
});

describe('LifecycleSteps', () => {
  const words = { label: 'Progress', a: 'Ordered', b: 'Working', c: 'Done' };
  const dates = { a: '2026-01-02', b: '2026-01-05', c: null };
  test('each step named and dated by its key; the failure asked for only when the status is one', () => {
    let asked = 0;
    const failure = () => {
      asked++;
      return { label: 'Refused', date: '2026-01-09' };
    };
    const open = render(
      <LifecycleSteps steps={LIFE} words={words} dates={dates} at={stepAt(LIFE, 'working', FAIL)} status="working" failure={failure} />,
    );
    expect(open.getByRole('list', { name: 'Progress' })).toBeTruthy();
    const items = [...open.container.querySelectorAll('li')];
    expect(items.map((li) => li.getAttribute('data-step'))).toEqual(['a', 'b', 'c']);
    expect(items[0]?.textContent).toBe('✓Ordered2026-01-02');
    expect(items[1]?.textContent).toBe('2Working2026-01-05');
    expect(asked).toBe(0);
    cleanup();
    const { container } = render(
      <LifecycleSteps steps={LIFE} words={words} dates={dates} at={stepAt(LIFE, 'refused', FAIL)} status="refused" failure={failure} />,
    );
    const failed = [...container.querySelectorAll('li')];
    expect(failed.map((li) => li.getAttribute('data-step'))).toEqual(['a', 'b', 'refused']);
    expect(failed[2]?.textContent).toBe('✕Refused2026-01-09');
    expect(asked).toBe(1);
  });
});
