// @ts-check
// One include puts <federa-board> on any page: this stable name loads the
// element from ./js/ (relative to this file, wherever it is hosted).
import './js/embed.js';
