import { expect, test } from 'bun:test';
import { ENDORSE_STEPS, endorseStepAt } from './steps';

const key = (at: { current: number }) => ENDORSE_STEPS[at.current]?.key;

test('each endorsement status stands at its step', () => {
  expect(key(endorseStepAt('draft'))).toBe('submitted');
  expect(key(endorseStepAt('submitted'))).toBe('insurer');
  expect(endorseStepAt('approved')).toEqual({ current: 2, failed: false, complete: true });
});

test('rejected ends with the insurer, withdrawn where it was, voided after approval', () => {
  expect(endorseStepAt('rejected')).toMatchObject({ failed: true, current: 1 });
  expect(key(endorseStepAt('cancelled', ['draft', 'cancelled']))).toBe('submitted');
  expect(key(endorseStepAt('cancelled', ['draft', 'submitted', 'cancelled']))).toBe('insurer');
  expect(endorseStepAt('voided')).toMatchObject({ failed: true, current: 2 });
});
