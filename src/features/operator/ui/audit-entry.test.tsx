import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AuditItem } from '../audit-log';
import { operatorText } from '../texts';
import { AuditEntry, eventOptions } from './audit-entry';

const names = { members: new Map([[7, { name: '运营专员', username: 'operator' }]]) };
const entry = (action: string, detail: Record<string, unknown>): AuditItem => ({
  id: 1,
  actor: { id: 7, username: 'operator' },
  action,
  target_type: action.startsWith('product.') ? 'product' : '',
  target_id: '',
  detail,
  ip: '',
  created_at: 0,
});

describe('audit log: readable event names and price changes', () => {
  test('the filter offers every event by its sentence, grouped by area, never a raw key', () => {
    for (const locale of ['zh-cn', 'en'] as const) {
      const tx = operatorText(locale);
      const groups = eventOptions(tx);
      const all = groups.flatMap((g) => g.options);
      for (const [value, label] of all) {
        expect(label).not.toContain('{');
        expect(label).not.toBe(value);
        expect(label).not.toMatch(/[a-z]+\.[a-z]/); // no event key in the text
      }
      const values = all.map(([v]) => v);
      expect(values).toContain('claim.approve');
      expect(values).toContain('claim.*');
      expect(values).toContain('operator.member.adjust');
      expect(values).toContain('product.prices');
      expect(new Set(values).size).toBe(values.length);
    }
    const en = eventOptions(operatorText('en'));
    expect(en.find((g) => g.group === 'claim')?.options).toContainEqual(['claim.approve', 'Someone approved claim …']);
    expect(en.find((g) => g.group === 'claim')?.label).toBe('Claims');
    const zh = eventOptions(operatorText('zh-cn'));
    expect(zh.find((g) => g.group === 'claim')?.options).toContainEqual(['claim.approve', '某人 通过了理赔 …']);
  });

  test('a price-grid entry reads as a sentence with a before/after table in yuan per plan and class', () => {
    const a = entry('product.prices', {
      cells: [
        { plan_id: 3, plan: '基础版', plan_en: 'Basic', class: 2, before: 12000, after: 13350 },
        { plan_id: 3, plan: '基础版', plan_en: 'Basic', class: 6, before: 98000, after: 0 },
      ],
    });
    const en = renderToStaticMarkup(<AuditEntry a={a} names={names} tx={operatorText('en')} locale="en" />);
    expect(en).toContain('changed the product price grid');
    expect(en).toContain('<span translate="no">Basic</span> · Class 2 annual premium');
    expect(en).toContain('¥120.00');
    expect(en).toContain('¥133.50');
    expect(en).toContain('(empty)');
    const zh = renderToStaticMarkup(<AuditEntry a={a} names={names} tx={operatorText('zh-cn')} locale="zh-cn" />);
    expect(zh).toContain('修改了产品价格表');
    expect(zh).toContain('<span translate="no">基础版</span> · 2 类年保费');
  });

  test("a plan edit's annual prices show per class in yuan; an edit without price changes shows no table", () => {
    const a = entry('product.plan_update', { plan_id: 3, before: { 1: 12000, 2: 15000 }, after: { 1: 12500, 2: 15000 } });
    const html = renderToStaticMarkup(<AuditEntry a={a} names={names} tx={operatorText('en')} locale="en" />);
    expect(html).toContain('changed product plan');
    expect(html).toContain('Class 1 annual premium');
    expect(html).toContain('¥125.00');
    expect(html).not.toContain('Class 2 annual premium');
    const same = entry('product.plan_update', { plan_id: 3, before: { 1: 12000 }, after: { 1: 12000 } });
    expect(renderToStaticMarkup(<AuditEntry a={same} names={names} tx={operatorText('en')} locale="en" />)).not.toContain('<table');
  });
});
