import { defineConfig } from 'waku/config';

export default defineConfig({
  unstable_adapter: 'waku/adapters/bun',
  vite: {
    optimizeDeps: { exclude: ['bun'] },
  },
});
