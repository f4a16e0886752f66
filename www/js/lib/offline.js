// @ts-check
// Registers the service worker (relative to this file, so any sub-path
// works) and reloads the page once when a new build takes over.
import { VERSION } from './build.js';

// Set across the reload, so the new build can say that it arrived.
const UPDATED = 'federa.updated';

/**
 * `onUpdated` is called on the first load of a new build that took over
 * from an older one.
 * @param {() => void} [onUpdated]
 */
export function registerOffline(onUpdated) {
  if (!('serviceWorker' in navigator) || VERSION === 'dev') return;
  const tab = session();
  if (tab?.getItem(UPDATED)) {
    tab.removeItem(UPDATED);
    onUpdated?.();
  }
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    session()?.setItem(UPDATED, VERSION);
    location.reload();
  });
  navigator.serviceWorker.register(new URL('../../sw.js', import.meta.url)).catch(() => {
    // No offline copy this time (private mode, or an insecure origin).
  });
}

function session() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
