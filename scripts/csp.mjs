// The site's content security policy. Static hosts send no headers, so it
// goes into each page as a <meta>: everything from the site's own origin,
// wasm compiled by the engine's loader, and no inline script but those the
// page holds at build time, allowed by their hashes.
import crypto from 'node:crypto';

export function policy(scriptHashes = []) {
  const scripts = ["'self'", "'wasm-unsafe-eval'", ...scriptHashes.map((h) => `'sha256-${h}'`)];
  return [
    "default-src 'none'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

/// `html` with the policy right after its `<meta charset>` (or in place of
/// a policy it already has, so a second run changes nothing).
export function withPolicy(html, name = 'the page') {
  const hashes = [...html.matchAll(/<script\b(?![^>]*(?<![-\w])src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    crypto.createHash('sha256').update(m[1]).digest('base64'),
  );
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy(hashes)}">`;
  const old = /<meta http-equiv="Content-Security-Policy"[^>]*>/;
  if (old.test(html)) return html.replace(old, meta);
  const charset = /<meta charset="utf-8">\n?/i;
  if (!charset.test(html)) throw new Error(`${name} has no <meta charset="utf-8"> to put the policy after`);
  return html.replace(charset, (m) => `${m}${meta}\n`);
}
