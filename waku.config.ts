import { fileURLToPath } from 'node:url';
import { defineConfig } from 'waku/config';

/**
 * Our client code that every hydrated page runs, as one chunk (`app-<hash>.js`) instead of eight
 * small ones: the navigation runtime, the toast store, the root layout's islands, the language and
 * theme switch listener and the static-region island, with @vitejs/plugin-rsc's modules that
 * re-export them (and Waku's own client components). One gzip stream and fewer requests (when
 * introduced: 103.6 → 102.5 kB gzip, 10 → 5 files on /user/order/guzhu, #15). Page-specific islands
 * keep their own chunks.
 *
 * React, the RSC client and Waku's router stay in the entry chunk: moved into this group they import
 * the island loader map back from the entry, and that cycle runs Waku's client before the RSC
 * client's namespace exists (TypeError at start); `strictExecutionOrder` fixes it but costs 2 kB more.
 */
const ALWAYS_MOUNTED =
  /src[\\/](lib[\\/](navigation[\\/]|notify\.|http[\\/]messages\.|dropdowns\.|time-zone-cookie\.|prefs-(forms|cookie)\.|static-html[\\/])|islands[\\/](client-runtime|collapse-on-navigate|notifications|time-zone-sync|static-html)\.)|i18n[\\/][^\\/]+[\\/]request\./;
const ALWAYS_MOUNTED_REFERENCES =
  /client-references\/group\/(facade:src\/pages\/_layout\.tsx|shared:node_modules\/waku\/dist\/minimal\/client\.js|shared:src\/islands\/static-html\.tsx)$/;

export default defineConfig({
  unstable_adapter: 'waku/adapters/bun',
  vite: {
    // `~/…` imports (tsconfig paths) in dev as well as in the build.
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
    optimizeDeps: { exclude: ['bun'] },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'app',
                    // Only the listed modules: React and the rest of their imports stay where they were.
                    includeDependenciesRecursively: false,
                    test: (id: string) => ALWAYS_MOUNTED.test(id) || ALWAYS_MOUNTED_REFERENCES.test(id),
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
