// The embedded board's styles, inside its shadow root: nothing leaks in or
// out, and inherited page styles are reset at the host. The colours come
// from palette.css, the board and its badge from board.css.
export const EMBED_CSS = `
:host {
  all: initial;
  display: block;
  max-width: 32rem;
}
/* Set on our own elements, not inherited from the host, which the page's
   styles may reach. */
.frame, .problem {
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif;
  font-size: 15px;
  font-style: normal;
  font-weight: normal;
  line-height: 1.4;
  letter-spacing: normal;
  text-align: left;
  color: var(--fg);
}
* { box-sizing: border-box; }
.frame { display: flex; flex-direction: column; gap: 0.4rem; }
.frame.failed .board-host, .frame.failed .bar, .frame.failed .status { display: none; }
.board-host { position: relative; }
p { margin: 0; }
.status { font-weight: 600; }
.caption { color: var(--muted); font-size: 0.9em; }
.message:empty { display: none; }
.message.error { color: var(--error); }
.message.ok { color: var(--win); }
.message.win { color: var(--win); font-weight: 700; }
.problem { padding: 0.6rem 0.8rem; border: 1px solid var(--error); border-radius: 6px; }
.bar { display: flex; flex-wrap: wrap; gap: 0.35rem; }
.bar[hidden], [hidden] { display: none !important; }
button {
  font: inherit;
  color: inherit;
  padding: 0.25rem 0.6rem;
  border-radius: 6px;
  border: 1px solid var(--line);
  background: var(--panel);
  cursor: pointer;
}
button:hover { border-color: var(--accent); }
button:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
`;
