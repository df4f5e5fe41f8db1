/** Whether a link to `to` is the current page (`aria-current="page"`), shared by server and browser. */
export type LinkMatch = 'exact' | 'prefix' | 'none';

export function isCurrentLink(path: string, to: string, match: LinkMatch = 'exact'): boolean {
  if (match === 'none') return false;
  return path === to || (match === 'prefix' && to !== '/' && path.startsWith(`${to}/`));
}
