// Keys whose text may (or must) read the same in every language as in
// English: the name, notation, and words Dutch shares with English
// (editor, ring, label, pixels).
export const SAME_AS_ENGLISH = new Set([
  'app.title',
  'moves.number',
  'newGame.sizeOption',
  'load.placeholder',
  'nav.editor',
  'editor.tool.highlight',
  'editor.tool.label',
  'editor.pngSize',
]);
