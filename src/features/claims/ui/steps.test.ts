import { expect, test } from 'bun:test';
import { CLAIM_STEPS, claimStepAt } from './steps';

const key = (at: { current: number }) => CLAIM_STEPS[at.current]?.key;

test('each claim status stands at its step', () => {
  expect(key(claimStepAt('reported'))).toBe('documents');
  expect(key(claimStepAt('need_documents'))).toBe('documents');
  expect(key(claimStepAt('reviewing'))).toBe('review');
  expect(key(claimStepAt('approved'))).toBe('review');
  expect(claimStepAt('paid')).toEqual({ current: 3, failed: false, complete: true });
});

test('rejected ends after review; withdrawn after the step of the status it was withdrawn from', () => {
  expect(claimStepAt('rejected')).toMatchObject({ failed: true, current: 2 });
  expect(key(claimStepAt('withdrawn', ['reported', 'withdrawn']))).toBe('documents');
  expect(key(claimStepAt('withdrawn', ['reported', 'reviewing', 'withdrawn']))).toBe('review');
  expect(key(claimStepAt('withdrawn', ['reported', 'reviewing', 'need_documents', 'withdrawn']))).toBe('documents');
  expect(claimStepAt('withdrawn', ['reported', 'withdrawn']).failed).toBe(true);
});
