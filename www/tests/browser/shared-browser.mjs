// Runs a command with one Chromium for all of it, then stops it, and exits
// as the command did. Every process the command starts that calls
// browser.mjs's `launch` gets its contexts in that Chromium (a Playwright
// browser server, named in FEDERA_CHROMIUM), files side by side too: each
// connection sees only its own contexts.
//   node www/tests/browser/shared-browser.mjs node --test www/tests/browser/*.test.mjs
import { spawn } from 'node:child_process';
import os from 'node:os';
import { SHARED, serveChromium } from './browser.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: node www/tests/browser/shared-browser.mjs <command> [arguments]');

const server = await serveChromium();
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, [SHARED]: server.wsEndpoint() } });
const code = await new Promise((resolve) => {
  child.on('error', (error) => {
    console.error(`${command}: ${error.message}`);
    resolve(1);
  });
  // Killed by a signal: the shell's status for it.
  child.on('exit', (status, signal) => resolve(status ?? 128 + (signal ? os.constants.signals[signal] : 0)));
});
await server.close();
process.exit(code);
