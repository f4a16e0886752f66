// Draws the app icon (the same picture as www/icon.svg) as PNG files for
// the web app manifest: node scripts/icons.mjs  → www/icon-192.png, www/icon-512.png
import fs from 'node:fs';
import zlib from 'node:zlib';

const SS = 4; // samples per pixel side, for smooth edges

function inRoundRect(x, y, x0, y0, w, h, r) {
  const cx = Math.max(x0 + r, Math.min(x, x0 + w - r));
  const cy = Math.max(y0 + r, Math.min(y, y0 + h - r));
  return x >= x0 && x <= x0 + w && y >= y0 && y <= y0 + h && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/// The colour at (x, y) in the 64×64 design, or null outside the tile.
function colour(x, y) {
  if (!inRoundRect(x, y, 0, 0, 64, 64, 12)) return null;
  const dark = [29, 29, 34];
  const ivory = [247, 242, 228];
  const edge = [42, 42, 42];
  const piece = (inside, border, fill) => (inside ? fill : border ? edge : null);
  const circle = (cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2;
  const d1 = circle(16, 16, 10);
  if (d1 <= 100) return dark;
  const d2 = circle(48, 16, 10);
  const light = piece(d2 <= 81, d2 <= 110, ivory);
  if (light) return light;
  if (inRoundRect(x, y, 6.6, 38.6, 18.8, 18.8, 2.3)) return dark;
  const sq = piece(inRoundRect(x, y, 39.6, 39.6, 16.8, 16.8, 1.8), inRoundRect(x, y, 37.6, 37.6, 20.8, 20.8, 2.8), ivory);
  if (sq) return sq;
  const line = (v) => [16, 32, 48].some((g) => Math.abs(v - g) <= 1);
  if ((line(x) && y >= 8 && y <= 56) || (line(y) && x >= 8 && x <= 56)) return [59, 42, 20];
  return [217, 163, 89];
}

function png(size) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0;
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const c = colour(((px + (sx + 0.5) / SS) * 64) / size, ((py + (sy + 0.5) / SS) * 64) / size);
          if (c) { r += c[0]; g += c[1]; b += c[2]; a += 1; }
        }
      }
      const o = py * (size * 4 + 1) + 1 + px * 4;
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((255 * a) / (SS * SS));
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) fs.writeFileSync(new URL(`../www/icon-${size}.png`, import.meta.url), png(size));
