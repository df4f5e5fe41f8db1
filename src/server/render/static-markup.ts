/**
 * Server-only markup to an HTML string, for the parts of a page that never change in the browser
 * (the member sidebar, list tables): see docs/decisions/0008-static-regions.md. Such a subtree
 * costs React four passes in Waku (RSC render, flight decode, HTML render, and the payload inlined
 * into the page for hydration); as a string it is one pass and travels once.
 *
 * It renders what those subtrees use: host elements, synchronous function components, fragments,
 * arrays, text and numbers, `dangerouslySetInnerHTML`. A client component (island), an async
 * component, an event handler or an element type it does not know throws, so a subtree that
 * needs React in the browser cannot be frozen by mistake.
 */
import type { ReactNode } from 'react';

const ELEMENT = Symbol.for('react.transitional.element');
const LEGACY_ELEMENT = Symbol.for('react.element');
const FRAGMENT = Symbol.for('react.fragment');
const CLIENT_REFERENCE = Symbol.for('react.client.reference');

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** HTML attributes whose presence is the value (React writes `attr=""` for true, nothing for false). */
const BOOLEAN = new Set([
  'allowfullscreen',
  'async',
  'autofocus',
  'autoplay',
  'checked',
  'controls',
  'default',
  'defer',
  'disabled',
  'formnovalidate',
  'hidden',
  'inert',
  'loop',
  'multiple',
  'muted',
  'nomodule',
  'novalidate',
  'open',
  'playsinline',
  'readonly',
  'required',
  'reversed',
  'selected',
]);

/** React prop names that are not the lower-cased attribute name. */
const RENAMED: Record<string, string> = {
  className: 'class',
  htmlFor: 'for',
  httpEquiv: 'http-equiv',
  acceptCharset: 'accept-charset',
  defaultValue: 'value',
  defaultChecked: 'checked',
  xlinkHref: 'xlink:href',
};

/** SVG presentation attributes React writes with dashes (`strokeWidth` → `stroke-width`). */
const SVG_DASHED =
  /^(stroke|fill|clip|font|text|dominant|alignment|stop|color|flood|lighting|marker|shape|word|letter|baseline|pointer|vector|image|paint|writing|glyph)[A-Z]/;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const NEEDS_ESCAPE = /[&<>"']/;
/** React's text and attribute escaping (most strings need none: checked first, as React does). */
export const escapeHtml = (s: string): string => (NEEDS_ESCAPE.test(s) ? s.replace(/[&<>"']/g, (c) => ESCAPES[c] as string) : s);

const UNITLESS = /^(flex|flexGrow|flexShrink|fontWeight|lineHeight|opacity|order|zIndex|zoom|gridRow|gridColumn)$/;

function styleText(style: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(style)) {
    if (v === null || v === undefined || v === '' || typeof v === 'boolean') continue;
    const name = k.startsWith('--') ? k : k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const value = typeof v === 'number' && v !== 0 && !k.startsWith('--') && !UNITLESS.test(k) ? `${v}px` : String(v);
    parts.push(`${name}:${value}`);
  }
  return parts.join(';');
}

function attributeName(prop: string, svg: boolean): string {
  const renamed = RENAMED[prop];
  if (renamed) return renamed;
  if (prop.startsWith('data-') || prop.startsWith('aria-')) return prop;
  if (svg) return SVG_DASHED.test(prop) ? prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`) : prop;
  return prop.toLowerCase();
}

function attributes(tag: string, props: Record<string, unknown>, svg: boolean): string {
  let out = '';
  for (const prop in props) {
    const value = props[prop];
    if (prop === 'children' || prop === 'dangerouslySetInnerHTML' || prop === 'key' || prop === 'ref') continue;
    if (prop === 'suppressHydrationWarning' || prop === 'suppressContentEditableWarning') continue;
    if (value === null || value === undefined) continue;
    if (typeof value === 'function') throw new Error(`static markup: <${tag} ${prop}> is an event handler; use an island`);
    if (prop === 'style') {
      const css = styleText(value as Record<string, unknown>);
      if (css) out += ` style="${escapeHtml(css)}"`;
      continue;
    }
    const name = attributeName(prop, svg);
    if (typeof value === 'boolean') {
      if (name.startsWith('data-') || name.startsWith('aria-')) out += ` ${name}="${value}"`;
      else if (BOOLEAN.has(name) || name === 'download') {
        if (value) out += ` ${name}=""`;
      } else if (svg || name === 'draggable' || name === 'spellcheck' || name === 'contenteditable') out += ` ${name}="${value}"`;
      continue;
    }
    out += ` ${name}="${escapeHtml(String(value))}"`;
  }
  return out;
}

function render(node: unknown, svg: boolean): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string') return escapeHtml(node);
  if (typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) {
    let out = '';
    for (const child of node) out += render(child, svg);
    return out;
  }
  if (typeof node !== 'object') throw new Error(`static markup: cannot render a ${typeof node}`);
  const el = node as { $$typeof?: symbol; type?: unknown; props?: Record<string, unknown> };
  if (el.$$typeof !== ELEMENT && el.$$typeof !== LEGACY_ELEMENT) {
    if (typeof (node as Promise<unknown>).then === 'function')
      throw new Error('static markup: a promise (async component or data) cannot be frozen');
    throw new Error('static markup: not a React element');
  }
  const props = el.props ?? {};
  const type = el.type;
  if (type === FRAGMENT) return render(props.children, svg);
  if (typeof type === 'function') {
    if ((type as { $$typeof?: symbol }).$$typeof === CLIENT_REFERENCE)
      throw new Error('static markup: a client component (island) cannot be frozen');
    const out = (type as (p: Record<string, unknown>) => unknown)(props);
    if (out && typeof (out as Promise<unknown>).then === 'function')
      throw new Error(`static markup: ${type.name || 'a component'} is async`);
    return render(out, svg);
  }
  if (typeof type === 'object' && type !== null && (type as { $$typeof?: symbol }).$$typeof === CLIENT_REFERENCE) {
    throw new Error('static markup: a client component (island) cannot be frozen');
  }
  if (typeof type !== 'string') throw new Error('static markup: unsupported element type');
  if (type === 'select' || type === 'textarea') return formControl(type, props);
  let attrs = props;
  if (type === 'option' && selectedValue !== undefined) {
    const value = props.value !== undefined ? String(props.value) : textOf(props.children);
    attrs = { ...props, selected: value === selectedValue };
  }
  const inSvg = svg || type === 'svg';
  const open = `<${type}${attributes(type, attrs, inSvg)}>`;
  if (VOID.has(type)) return open;
  const inner = props.dangerouslySetInnerHTML as { __html?: string } | undefined;
  const body = inner ? String(inner.__html ?? '') : render(props.children, inSvg && type !== 'foreignObject');
  return `${open}${body}</${type}>`;
}

/** The value `<option>`s of the `<select>` being rendered compare with (React marks the match `selected`). */
let selectedValue: string | undefined;

function textOf(children: unknown): string {
  if (children === null || children === undefined || typeof children === 'boolean') return '';
  if (Array.isArray(children)) return children.map(textOf).join('');
  return typeof children === 'object' ? '' : String(children);
}

/** `<select defaultValue>` marks its option; `<textarea defaultValue>` holds it as text (as React writes them). */
function formControl(type: 'select' | 'textarea', props: Record<string, unknown>): string {
  const value = props.value ?? props.defaultValue;
  const { value: _v, defaultValue: _d, children, ...rest } = props;
  const open = `<${type}${attributes(type, rest, false)}>`;
  if (type === 'textarea')
    return `${open}${escapeHtml(value === undefined || value === null ? textOf(children) : String(value))}</textarea>`;
  if (Array.isArray(value)) throw new Error('static markup: a multiple <select> is not supported');
  const outer = selectedValue;
  selectedValue = value === undefined || value === null ? undefined : String(value);
  try {
    return `${open}${render(children, false)}</select>`;
  } finally {
    selectedValue = outer;
  }
}

/** The HTML of a server-only subtree (see the module comment for what it accepts). */
export function renderStaticMarkup(node: ReactNode): string {
  return render(node, false);
}
