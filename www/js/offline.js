// Registers the service worker (relative to this file, so any sub-path
// works) and reloads the page once when a new build takes over.
import { VERSION } from './build.js';

export function registerOffline(onUpdate) {
  if (!('serviceWorker' in navigator) || VERSION === 'dev') return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    onUpdate?.();
    location.reload();
  });
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url)).catch(() => {
    // No offline copy this time (private mode, or an insecure origin).
  });
}
