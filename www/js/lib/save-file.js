// @ts-check
// Saves data as a file the browser downloads (a record, a diagram).

/**
 * @param {Blob} blob
 * @param {string} name the file's name
 * @param {HTMLElement} [parent] where the link is put for its click (a shadow root's frame, for an embedded board)
 */
export function saveFile(blob, name, parent = document.body) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  parent.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
