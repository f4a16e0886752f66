// @ts-check
// Loads the engine (federa-core compiled to wasm) once per page or worker.
// Relative URLs only, so the build works from any path.
import init, * as engine from '../../federa-wasm.js';

/** The engine's module, once instantiated. @typedef {typeof engine} Engine */

/** @type {Promise<Engine> | null} */
let ready = null;

/** The engine, once loaded. */
export function loadEngine() {
  ready ??= init({ module_or_path: new URL('../../federa-wasm_bg.wasm', import.meta.url) }).then(() => engine);
  return ready;
}
