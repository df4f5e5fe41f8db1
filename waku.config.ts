import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'waku/config';

/**
 * The build id is chosen here rather than by Waku's build-id plugin (which steps aside when the
 * key is already defined): every bundle of the build gets it as `import.meta.env.WAKU_BUILD_ID`
 * (Waku's client compares it, the hourly check of src/lib/navigation/update-check.ts too), and
 * `dist/build-id.txt` hands it to scripts/post-build.ts for builds/latest.json.
 */
const BUILD_ID_KEY = 'import.meta.env.WAKU_BUILD_ID';
const BUILD_ID = randomBytes(6).toString('base64url');

function buildId(): Plugin {
  return {
    name: 'portal:build-id',
    config: (_config, env) => (env.command === 'build' ? { define: { [BUILD_ID_KEY]: JSON.stringify(BUILD_ID) } } : undefined),
    writeBundle() {
      mkdirSync('dist', { recursive: true });
      writeFileSync('dist/build-id.txt', BUILD_ID);
    },
  };
}

/**
 * Our code every page runs (the navigation runtime, the toast store, the root layout's client
 * components, valtio and nprogress) goes out as one chunk, `app-<hash>.js`, instead of four small
 * ones: one gzip stream, fewer requests. React, the RSC client and Waku's router stay in Waku's
 * entry chunk (moving them in makes a cycle with the entry; see git history of this file).
 */
const ALWAYS_MOUNTED =
  /(src[\\/](lib[\\/](navigation[\\/]|notify\.|member-centre-state\.|dropdowns\.|time-zone-cookie\.|prefs-(forms|cookie)\.)|ui[\\/](client-runtime|notifications)\.)|node_modules[\\/](valtio|nprogress|proxy-compare)[\\/])/;

/** Waku on Bun; the browser runs Waku's own client with React DOM (decision 0012). */
export default defineConfig({
  unstable_adapter: 'waku/adapters/bun',
  vite: {
    plugins: [buildId()],
    // `~/…` imports (tsconfig paths) in dev as well as in the build.
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
    optimizeDeps: { exclude: ['bun'] },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [{ name: 'app', includeDependenciesRecursively: false, test: (id: string) => ALWAYS_MOUNTED.test(id) }],
              },
            },
          },
        },
      },
    },
  },
});
