// Starts Debian's Chromium through playwright-core (never a downloaded
// browser), headless, with no background networking.
//
// `launch` gives a context of its own (its own storage, cookies, caches and
// service workers) in one Chromium that everything in this process shares,
// started at the first `launch` and stopped when the last context closes.
// Under the test command every browser test file shares one Chromium
// (shared-browser.mjs serves it and names it in FEDERA_CHROMIUM): a browser
// started once, not once a file and once a player.
//
// `launchOwn` starts a Chromium of its own on a fresh profile on disk, for
// what a context in a shared browser is not: Chromium counts every context
// but a profile's own as incognito, where a page cannot be installed as an
// app; and a first visit's timing wants a browser started for it.
import { chromium } from 'playwright-core';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** The environment variable that names a shared Chromium's address (a Playwright browser server's). */
export const SHARED = 'FEDERA_CHROMIUM';

/** A phone's screen for `launch`: touch, 360 px wide. */
export const PHONE = { hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } };

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Every context's options unless a caller says otherwise. */
const DESKTOP = { viewport: { width: 1280, height: 860 } };

const LAUNCH = { executablePath: CHROMIUM, args: ARGS };

/** A Chromium for other processes to share: a Playwright browser server, its address `wsEndpoint()`. */
export function serveChromium() {
  return chromium.launchServer(LAUNCH);
}

/** @type {Promise<import('playwright-core').Browser> | undefined} */
let browser;
let users = 0;

/**
 * A context of its own in this process's Chromium (the shared one when
 * FEDERA_CHROMIUM names one), with `options` as `browser.newContext` takes them.
 * @param {import('playwright-core').BrowserContextOptions} [options]
 */
export async function launch(options = {}) {
  users += 1;
  let context;
  try {
    const shared = process.env[SHARED];
    browser ??= shared ? chromium.connect(shared) : chromium.launch(LAUNCH);
    context = await (await browser).newContext({ ...DESKTOP, ...options });
    if (shared) await downloadsHere(context);
  } catch (error) {
    await release();
    throw error;
  }
  return {
    context,
    async close() {
      await context.close();
      await downloads.get(context)?.();
      await release();
    },
  };
}

/** @type {WeakMap<import('playwright-core').BrowserContext, () => Promise<void>>} */
const downloads = new WeakMap();

/**
 * Over a browser server's connection a download has no `path()` (Playwright
 * keeps the file on the server's side and says to use `saveAs`); the server
 * runs on this machine, so `path()` saves a copy into a folder of this
 * context's and gives that, as it does in a browser of this process.
 * @param {import('playwright-core').BrowserContext} context
 */
async function downloadsHere(context) {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'federa-downloads-'));
  downloads.set(context, () => fs.rm(folder, { recursive: true, force: true }));
  let n = 0;
  context.on('page', (page) =>
    page.on('download', (download) => {
      const file = path.join(folder, `${(n += 1)}-${download.suggestedFilename()}`);
      let saved;
      download.path = () => (saved ??= download.saveAs(file).then(() => file));
    }),
  );
}

/** One user fewer; the last one closes the browser (a shared one is only disconnected), so that the process can end. */
async function release() {
  users -= 1;
  if (users > 0 || !browser) return;
  const last = browser;
  browser = undefined;
  await (await last.catch(() => undefined))?.close();
}

/**
 * A Chromium of its own on a fresh profile on disk, with `options` as
 * `launchPersistentContext` takes them.
 * @param {Parameters<typeof chromium.launchPersistentContext>[1]} [options]
 */
export async function launchOwn(options = {}) {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'federa-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...LAUNCH,
    ...DESKTOP,
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
