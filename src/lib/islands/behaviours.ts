/**
 * Behaviours (decision 0011): plain-DOM enhancers of server markup, for interaction too small or
 * too entangled with server-rendered children to be an island (a button that calls the API, a
 * form around server-rendered fields). The markup says `data-behaviour="<name>"`; the page then
 * loads `src/behaviours/<name>.ts`, whose `enhance(el)` wires each such element once. No UI
 * library is loaded for them.
 */
import { pageSettled } from './ready';

/** Enhances every `[data-behaviour=name]` element of `doc` not enhanced yet; returns how many. */
export function enhanceAll(name: string, enhance: (el: HTMLElement) => unknown, doc: Document = document): number {
  let count = 0;
  for (const el of doc.querySelectorAll<HTMLElement>(`[data-behaviour="${name}"]:not([data-enhanced])`)) {
    el.dataset.enhanced = '';
    enhance(el);
    count++;
  }
  pageSettled(doc);
  return count;
}
