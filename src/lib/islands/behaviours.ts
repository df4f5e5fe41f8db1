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

/**
 * The busy state of a behaviour's button while its request runs: `disabled` and `aria-busy` on
 * the button (when there is one), and `busy` to ignore a second click meanwhile.
 */
export function busyButton(button: HTMLButtonElement | null) {
  let busy = false;
  return {
    get busy() {
      return busy;
    },
    set(on: boolean) {
      busy = on;
      if (!button) return;
      button.disabled = on;
      if (on) button.setAttribute('aria-busy', 'true');
      else button.removeAttribute('aria-busy');
    },
  };
}
