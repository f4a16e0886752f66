// The service worker: after one visit the game loads and plays offline.
// scripts/postbuild.mjs fills in VERSION and ASSETS for each build, so the
// cache name changes with every build. Pages are network-first (a new build
// shows at once when online); everything else is served from this build's
// cache. A new worker takes over at once and removes older caches; the pages
// reload themselves when it does (js/offline.js).
const VERSION = '__VERSION__';
const ASSETS = __ASSETS__;
const CACHE = `federa-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(ASSETS.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('federa-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        })
        .catch(() =>
          caches
            .open(CACHE)
            .then((cache) => cache.match(request, { ignoreSearch: true }).then((hit) => hit ?? cache.match('./'))),
        ),
    );
    return;
  }
  // The opening books are not fetched at install, only when the explorer
  // first opens on their size; from then on they are kept for offline play.
  const book = new URL(request.url).pathname.includes('/book/');
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(request, { ignoreSearch: true }).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            if (book && response.ok) cache.put(request, response.clone());
            return response;
          }),
      ),
    ),
  );
});
