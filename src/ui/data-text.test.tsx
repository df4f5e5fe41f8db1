import { afterEach, expect, test } from 'bun:test';
import { cleanup, render } from '@testing-library/react';
import { DataText } from './data-text';

afterEach(cleanup);

test('the values inside a text are marked as data, the rest stays text', () => {
  const { container } = render(
    <p>
      <DataText text="Your claim CL1 is now Approved. Note: 材料齐全 (CL1)" values={['CL1', '材料齐全', '']} />
    </p>,
  );
  const marked = [...container.querySelectorAll('[translate="no"]')].map((e) => e.textContent);
  expect(marked).toEqual(['CL1', '材料齐全', 'CL1']);
  expect(container.textContent).toBe('Your claim CL1 is now Approved. Note: 材料齐全 (CL1)');
});

test('a longer value wins over a value inside it, and special characters match literally', () => {
  const { container } = render(<DataText text="a.b (a.b.c)" values={['a.b', 'a.b.c']} />);
  expect([...container.querySelectorAll('[translate="no"]')].map((e) => e.textContent)).toEqual(['a.b', 'a.b.c']);
});
