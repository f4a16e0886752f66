// The static import graph of the built site's modules, for postbuild.mjs
// (preload links) and npm-pack.mjs (what the package ships).
import fs from 'node:fs/promises';
import path from 'node:path';

/// Every module `rel` (a path from `root`) imports statically, directly or not.
export async function imports(root, rel, seen = new Set()) {
  const text = await fs.readFile(path.join(root, rel), 'utf8');
  // A statement starts a line, or follows another statement or a block
  // (minified code is one line).
  for (const [, spec] of text.matchAll(/(?:^|[;}])\s*(?:import|export)\b[^'"();]*?(?:from\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    const dep = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
    if (seen.has(dep)) continue;
    seen.add(dep);
    await imports(root, dep, seen);
  }
  return seen;
}
