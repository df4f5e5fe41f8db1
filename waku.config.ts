import { fileURLToPath } from 'node:url';
import { defineConfig } from 'waku/config';

/**
 * The browser does not run Waku's client bundle (decision 0011: pages load the page script and
 * their islands' scripts, built by scripts/build-client.ts); Waku still builds it, and its
 * server render and the build id come from this build.
 */
export default defineConfig({
  unstable_adapter: 'waku/adapters/bun',
  vite: {
    // `~/…` imports (tsconfig paths) in dev as well as in the build.
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
    optimizeDeps: { exclude: ['bun'] },
  },
});
