import { afterEach, expect, test } from 'bun:test';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { FilterFold } from './filter-fold';

afterEach(cleanup);

test('the set filters show as chips with their labels; the button opens the form', () => {
  const { container } = render(
    <FilterFold label="Filter" removeLabel="Remove filter {name}">
      <form action="/user/claim/list">
        <div className="field">
          <label htmlFor="s">Status</label>
          <select id="s" name="status" defaultValue="paid">
            <option value="">All</option>
            <option value="paid">Paid</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="k">Keyword</label>
          <input id="k" name="keyword" defaultValue="" />
        </div>
        <div className="field">
          <label htmlFor="l">Per page</label>
          <select id="l" name="limit" defaultValue="20">
            <option value="20">20</option>
          </select>
        </div>
      </form>
    </FilterFold>,
  );
  const fold = container.querySelector('.filter-fold')!;
  expect(fold.hasAttribute('data-folding')).toBe(true);
  const chips = [...container.querySelectorAll('.filter-chip')].map((c) => c.getAttribute('aria-label'));
  expect(chips).toEqual(['Remove filter Status: Paid']);
  expect(container.querySelector('.filter-fold-count')?.textContent).toBe('1');
  const toggle = container.querySelector('.filter-fold-toggle')!;
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(fold.hasAttribute('data-open')).toBe(true);
});
