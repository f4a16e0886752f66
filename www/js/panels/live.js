// @ts-check
// The live part of a link game's panel (friends/link-game-ctrl.js): how the
// direct connection stands, the live invitation or the answer to send (its QR
// code for a phone to read), the box for the answer that comes back, where a
// direct connection works, and the clocks a live invitation offers (the
// setting, shown).
// Names and codes come from links: they are only ever set as text.
import { opponentName } from './friend-status.js';
import { clockName } from './clock-faces.js';
import { $, appear } from '../lib/dom.js';

/**
 * @typedef {import('../game/archive.js').LinkFacts} Facts
 * @typedef {import('../i18n/words.js').Translate} Translate
 */


/**
 * Draws the live part.
 * @param {{ t: Translate, state: import('../friends/peer.js').LiveState, facts: Facts | null, sent: string,
 *   problem: string, stun: string, clock: import('../game/clock.js').ClockControl | null, choice: string, canStart: boolean, qr: boolean }} state
 * clock: the connection's time control (null for none); choice: the
 * clocks a new invitation offers (the setting); qr: whether the QR code of
 * the link to send is shown
 */
export function renderLive({ t, state, facts, sent, problem, stun, clock, choice, canStart, qr }) {
  const name = facts ? opponentName(t, facts) : '';
  const status = {
    idle: '',
    gathering: t('live.gathering'),
    offering: '',
    answering: sent ? '' : t('live.waiting'),
    open: clock ? `${t('live.open', { name })} ${t('live.clocks', { clock: clockName(t, clock) })}` : t('live.open', { name }),
    dropped: t('live.dropped'),
    failed: t('live.failed', { reason: problem }),
  }[state];
  $('live-status').textContent = status;
  $('live-status').hidden = !status;
  $('live-status').classList.toggle('error', state === 'failed');
  const where = state !== 'idle' && state !== 'open';
  $('live-where').hidden = !where;
  $('live-where').textContent = stun ? t('live.stun', { server: stun }) : t('live.where');
  appear($('live-send'), Boolean(sent));
  $('live-send-text').textContent = state === 'offering' ? t('live.offering', { name }) : t('live.reply', { name });
  if ($('live-link').value !== sent) $('live-link').value = sent;
  $('live-qr').hidden = !qr;
  $('live-qr-btn').setAttribute('aria-expanded', String(qr));
  $('live-answer').hidden = state !== 'offering';
  const start = $('live-start');
  start.hidden = !canStart || !['idle', 'dropped', 'failed'].includes(state);
  $('live-clock-row').hidden = start.hidden;
  if ($('live-clock').value !== choice) $('live-clock').value = choice;
  start.textContent = t(state === 'idle' ? 'live.start' : 'live.again');
  // Connected, the links go by themselves: none to send by hand.
  if (state === 'open') $('friend-send').hidden = true;
}
