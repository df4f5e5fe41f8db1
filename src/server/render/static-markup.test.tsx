import { describe, expect, test } from 'bun:test';
import { Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml, renderStaticMarkup } from './static-markup';

function Row({ no, amount }: { no: string; amount: number }) {
  return (
    <tr data-order={no}>
      <td className="od-no nowrap">
        <a href={`/user/order/groupDetail?id=${no}`} data-nav="" aria-label={`查看 ${no}`}>
          {no}
        </a>
      </td>
      <td className="num">¥{amount.toFixed(2)}</td>
    </tr>
  );
}

const sample = (
  <div className="table-scroll" id="t" hidden={false} tabIndex={-1}>
    <table className="data-table">
      <tbody>
        {['A<1>', 'B&"2"'].map((no, i) => (
          <Row key={no} no={no} amount={i * 10.5} />
        ))}
      </tbody>
    </table>
    <label htmlFor="x">
      它's "quoted" & <b>not</b>
    </label>
    <input id="x" name="q" defaultValue="a&b" readOnly maxLength={50} disabled={false} required />
    <svg className="icon" width={18} height={18} aria-hidden focusable="false" viewBox="0 0 24 24">
      <path d="M4 6h16" strokeWidth={2} strokeLinecap="round" fill="none" />
      <use href="/icons.svg#menu" />
    </svg>
    {[null, false, 0, 'text', <Fragment key="f">{'in a fragment'}</Fragment>]}
    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: regions carry markup rendered on the server */}
    <p style={{ marginTop: 4, lineHeight: 1.5, color: 'red' }} dangerouslySetInnerHTML={{ __html: '<em>raw</em>' }} />
    <select name="status" defaultValue="paid">
      <option value="">全部</option>
      <option value="paid">已支付</option>
      <optgroup label="g">
        <option>expired</option>
      </optgroup>
    </select>
    <select name="limit" defaultValue="expired">
      <option>expired</option>
      <option value={20}>{20}</option>
    </select>
    <textarea name="remark" defaultValue={'a <b> & "c"'} rows={3} />
    <a href="/file.csv" download>
      CSV
    </a>
    <img src="/a.png" alt="" width={64} height={64} />
  </div>
);

/** The DOM a browser builds from `html` (attribute order, `/>` and attribute-name case do not matter to it). */
function parsed(html: string): DocumentFragment {
  const t = document.createElement('template');
  t.innerHTML = html;
  return t.content;
}

describe('renderStaticMarkup', () => {
  test('gives the browser the same DOM as React for the markup static regions use', () => {
    // React also hoists a preload for every <img>; the region's own markup is what is compared.
    const react = renderToStaticMarkup(sample).replace(/^<link rel="preload"[^>]*>/, '');
    const ours = renderStaticMarkup(sample);
    expect(parsed(ours).isEqualNode(parsed(react))).toBe(true);
    expect(parsed(ours).isEqualNode(parsed(react.replace('¥10.50', '¥10.51')))).toBe(false);
  });

  test('escapes text and attributes like React', () => {
    const hostile = '<script>alert("x")</script>&\'';
    const node = <span title={hostile}>{hostile}</span>;
    expect(renderStaticMarkup(node)).toBe(renderToStaticMarkup(node));
    expect(escapeHtml('<&>"\'')).toBe('&lt;&amp;&gt;&quot;&#x27;');
  });

  test('refuses what needs React in the browser', () => {
    expect(() => renderStaticMarkup(<button type="button" onClick={() => {}} />)).toThrow(/event handler/);
    async function Later() {
      return <p>later</p>;
    }
    expect(() => renderStaticMarkup(<Later />)).toThrow(/async/);
    const island = Object.assign(() => null, { $$typeof: Symbol.for('react.client.reference') });
    expect(() => renderStaticMarkup(<div>{Object.assign({}, <p />, { type: island })}</div>)).toThrow(/island/);
  });
});
