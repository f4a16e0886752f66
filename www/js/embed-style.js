// The embedded board's styles, inside its shadow root: nothing leaks in or
// out, and inherited page styles are reset at the host. The colours come
// from palette.css.
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
.board {
  width: 100%;
  aspect-ratio: 1;
  border-radius: 6px;
  overflow: hidden;
  touch-action: manipulation;
  user-select: none;
  -webkit-user-select: none;
}
.board:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.board-canvas { display: block; }
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
.badge {
  position: absolute;
  transform: translate(-50%, -100%);
  max-width: 16rem;
  padding: 0.25rem 0.5rem;
  border-radius: 6px;
  background: var(--panel);
  border: 1px solid var(--line);
  box-shadow: 0 2px 8px rgb(0 0 0 / 0.25);
  font-size: 0.85em;
  pointer-events: none;
  z-index: 2;
}
.badge.below { transform: translate(-50%, 0); }
.badge .head { font-weight: 700; }
.badge .tail { color: var(--error); }
.badge.ok .tail { color: var(--win); }
`;
