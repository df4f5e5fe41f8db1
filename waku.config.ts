import { fileURLToPath } from 'node:url';
import { defineConfig } from 'waku/config';

export default defineConfig({
  unstable_adapter: 'waku/adapters/bun',
  vite: {
    // `~/…` imports (tsconfig paths) in dev as well as in the build.
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
    optimizeDeps: { exclude: ['bun'] },
  },
});
