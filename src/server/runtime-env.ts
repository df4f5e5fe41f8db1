/**
 * The process environment as it is when the server runs. Runtime switches (NODE_ENV, PORTAL_*) are
 * read through this, never as the literal expression `process.env.NODE_ENV`: the production build
 * replaces that expression with "production", which would bake the build's mode into the app.
 */
export function runtimeEnv(): Record<string, string | undefined> {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return proc?.env ?? {};
}

/** NODE_ENV=production in the running process (not at build time). */
export const isProductionRun = (): boolean => runtimeEnv().NODE_ENV === 'production';
