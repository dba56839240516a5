// Makes sure Debian's Chromium is there for the browser tests: installs it when we are
// root, otherwise stops with a one-line instruction.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    console.log('Chromium is missing: installing Debian chromium (apt-get) ...');
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
      {
        stdio: 'inherit',
        shell: '/bin/bash',
      },
    );
    if (existsSync(CHROMIUM)) return;
  }
  console.error('Browser tests need Chromium: run `sudo apt-get install -y chromium` and try again.');
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
