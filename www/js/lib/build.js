// @ts-check
// The build's version; scripts/postbuild.mjs writes the real one into dist/.
export const VERSION = 'dev';
