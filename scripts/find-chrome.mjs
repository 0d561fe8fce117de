// Finds a Chrome/Chromium binary for the test runner and the benchmarks.
// Order: $CHROME_PATH, then the usual system locations. Never downloads a browser.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** @returns {string | undefined} the path of a usable Chrome/Chromium, or undefined */
export function findChrome() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  for (const candidate of CANDIDATES) if (existsSync(candidate)) return candidate;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    try {
      const found = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not on PATH
    }
  }
  return undefined;
}

export const NO_CHROME_MESSAGE = [
  'No Chrome or Chromium found.',
  process.env.CHROME_PATH ? `CHROME_PATH is set to "${process.env.CHROME_PATH}", which does not exist.` : '',
  'Install one, for example on Debian/Ubuntu:  sudo apt-get install -y chromium',
  'or point CHROME_PATH at an existing Chrome/Chromium binary.',
]
  .filter(Boolean)
  .join('\n');

/** Flags for headless Chromium on a closed network, as root (CI containers). */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
