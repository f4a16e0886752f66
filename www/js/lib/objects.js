// @ts-check
// Checks of values read back from storage, files and links, before they are trusted.

/** A plain object (not null, not an array). @param {unknown} v @returns {v is Record<string, unknown>} */
export const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
