/** The rule tree flattened for the rules page's table and parent picker, and the API its forms post to. */
import type { Locale } from '~/lib/types';
import type { RuleItem } from '../rules';

/** Where the rules page's forms post (`/save`, `/sort`, `/delete`). */
export const RULE_API = '/userapi/v1/operator/rule';

/** One rule in display order: its depth, its siblings and its place among them (for up/down). */
export interface FlatRule {
  item: RuleItem;
  depth: number;
  siblings: RuleItem[];
  index: number;
}

/** The tree depth-first, each rule before its children. */
export function flatten(items: RuleItem[], depth = 0, out: FlatRule[] = []) {
  items.forEach((item, index) => {
    out.push({ item, depth, siblings: items, index });
    flatten(item.children, depth + 1, out);
  });
  return out;
}

/** A rule's title in the page's language (the Chinese title when there is no English one). */
export const titleOf = (r: { title: string; title_en: string }, locale: Locale) => (locale === 'en' && r.title_en ? r.title_en : r.title);
