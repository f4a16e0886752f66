// Module hooks for glue.mjs: '../federa-wasm.js' from www/js resolves to
// dist's glue, read as an ES module.
let glue = '';

export function initialize(data) {
  glue = data.glue;
}

export async function resolve(specifier, context, next) {
  if (specifier.endsWith('/federa-wasm.js') && context.parentURL?.includes('/www/js/')) {
    return { url: glue, format: 'module', shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (url === glue) return next(url, { ...context, format: 'module' });
  return next(url, context);
}
