// A static file server for the tests: serves dist/ under a sub-path (as a
// project page would be), and optionally other folders under other paths,
// with the MIME types a static host sends; records every request it sees.
// `overrides` (path → body) replaces files while a test needs it; `cors`
// sends Access-Control-Allow-Origin: * with every file.
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

export async function serve(root, prefix = '/', others = {}, { cors = false } = {}) {
  // A host that lets other sites load its files sends this with each (GitHub Pages does).
  const allow = cors ? { 'access-control-allow-origin': '*' } : {};
  const requests = [];
  const overrides = new Map();
  const mounts = [[prefix, root], ...Object.entries(others)];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    requests.push(url.pathname);
    if (overrides.has(url.pathname)) {
      res.writeHead(200, { 'content-type': TYPES[path.extname(url.pathname)], 'cache-control': 'no-store', ...allow });
      res.end(overrides.get(url.pathname));
      return;
    }
    const mount = mounts.find(([p]) => url.pathname.startsWith(p));
    if (!mount) {
      res.writeHead(404).end('not found');
      return;
    }
    const [base, dir] = mount;
    let rel = decodeURIComponent(url.pathname.slice(base.length));
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = path.join(dir, rel);
    if (!file.startsWith(path.resolve(dir))) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await fs.readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        ...allow,
      });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    overrides,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
