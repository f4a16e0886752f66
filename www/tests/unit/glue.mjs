// For unit tests under Node: lets the modules of www/js import the wasm
// package's glue ('../federa-wasm.js', which the page loads from beside
// them) from dist/, where scripts/build-web.sh puts it. Import this first,
// then the modules under test with `await import(...)`; `engine()` gives
// the instantiated engine.
import fs from 'node:fs/promises';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DIST = path.resolve(here, '../../../dist');
const GLUE = pathToFileURL(path.join(DIST, 'federa-wasm.js')).href;

register('./glue-hooks.mjs', import.meta.url, { data: { glue: GLUE } });

let loaded = null;

/** The engine, instantiated from dist's wasm. */
export function engine() {
  loaded ??= import(GLUE).then(async (glue) => {
    await glue.default({ module_or_path: await fs.readFile(path.join(DIST, 'federa-wasm_bg.wasm')) });
    return glue;
  });
  return loaded;
}
