// @ts-check
// The embed's public entry: <federa-board> and mount() (pages/embed/element.js;
// their types are embed.d.ts). Its path is stable: pages load it by name.
export { mount, FederaBoard } from './pages/embed/element.js';
