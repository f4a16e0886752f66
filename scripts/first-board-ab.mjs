// Times the first drawn board of two builds of the web game in one sitting,
// alternating fresh browsers (the machine's speed moves between hours, so
// only loads side by side compare): node scripts/first-board-ab.mjs <dist A> <dist B> [loads]
import path from 'node:path';
import { serve } from '../www/tests/browser/server.mjs';
import { launchOwn } from '../www/tests/browser/browser.mjs';

const [a, b, loads = '7'] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: node scripts/first-board-ab.mjs <dist A> <dist B> [loads]');
const builds = [a, b].map((dist) => path.resolve(dist));
const servers = await Promise.all(builds.map((dist) => serve(dist, '/sub/federa/')));
const times = builds.map(() => /** @type {number[]} */ ([]));
for (let k = 0; k < Number(loads); k++) {
  for (const [i, server] of servers.entries()) {
    const fresh = await launchOwn();
    try {
      const page = await fresh.context.newPage();
      await page.goto(server.url);
      await page.waitForFunction(() => performance.getEntriesByName('federa-board-drawn').length);
      times[i].push(Math.round(await page.evaluate(() => performance.getEntriesByName('federa-board-drawn')[0].startTime)));
    } finally {
      await fresh.close();
    }
  }
}
for (const [i, dist] of builds.entries()) {
  const sorted = [...times[i]].sort((x, y) => x - y);
  console.log(`${dist}: ${times[i].join(', ')} ms; median ${sorted[Math.floor(sorted.length / 2)]} ms`);
}
for (const server of servers) await server.close();
