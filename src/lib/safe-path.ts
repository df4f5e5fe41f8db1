/**
 * Returns `target` when it is a same-origin absolute path, else null. Refuses protocol-relative
 * (`//evil`), backslash tricks and control characters, so a `?to=` value can never send the
 * member off-site. The one check for every post-login or post-form target, server and browser.
 */
export function safeLocalPath(target: unknown): string | null {
  if (!target || typeof target !== 'string') return null;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;
  try {
    const u = new URL(target, 'http://local.invalid');
    if (u.origin !== 'http://local.invalid') return null;
    return u.pathname + u.search + u.hash;
  } catch {
    return null;
  }
}
