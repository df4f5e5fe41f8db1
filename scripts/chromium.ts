/**
 * The headless Debian chromium the e2e tests (playwright.config.ts) and the screenshots
 * (scripts/screens.ts) launch: one list of flags, so both see the pages the same way.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
