import { fileURLToPath } from 'node:url';
import { defineConfig } from 'waku/config';

/** Waku on Bun; the browser runs Waku's own client with React DOM (decision 0012). */
export default defineConfig({
  unstable_adapter: 'waku/adapters/bun',
  vite: {
    // `~/…` imports (tsconfig paths) in dev as well as in the build.
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
    optimizeDeps: { exclude: ['bun'] },
  },
});
