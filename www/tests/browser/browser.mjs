// Starts Debian's Chromium through playwright-core (never a downloaded
// browser), headless, with a fresh profile and no background networking.
import { chromium } from 'playwright-core';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** A phone's screen for `launch`: touch, 360 px wide. */
export const PHONE = { hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } };

export async function launch(options = {}) {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'federa-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
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
    viewport: { width: 1280, height: 860 },
    ...options,
  });
  return {
    context,
    async close() {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}
