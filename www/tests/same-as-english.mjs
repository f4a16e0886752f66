// Keys whose text may (or must) read the same as in English: in every
// language the name, notation and the size option; in Dutch also the words
// it shares with English (editor, ring, label, pixels, coach).
const EVERYWHERE = ['app.title', 'moves.number', 'newGame.sizeOption', 'load.placeholder'];
const BY_LANGUAGE = {
  nl: ['nav.editor', 'editor.tool.highlight', 'editor.tool.label', 'editor.pngSize', 'coach.last'],
};

/** Whether `key` may read in `lang` as it does in English. */
export const sameAsEnglish = (lang, key) => EVERYWHERE.includes(key) || (BY_LANGUAGE[lang] ?? []).includes(key);
