// @ts-check
// The panel of a link game (friends/link-game-ctrl.js): who plays whom,
// whose move and the time left, that every move is signed and checked, the
// link to send (share, copy, QR code), the join form for an invitation, and
// the verbs — take-back asked and answered, a claim of a win on time, a
// reminder. Names come from links: they are only ever set as text.

/**
 * @typedef {import('../game/archive.js').LinkFacts} Facts
 * @typedef {import('../i18n/words.js').Translate} Translate
 * @typedef {import('../friends/check.js').Verbs} Verbs
 */

import { friendStatus, opponentName } from './friend-status.js';
import { $, appear } from '../lib/dom.js';


/**
 * Draws the panel.
 * @param {{ t: Translate, locale: string, now: number, facts: Facts | null, verbs: Verbs, url: string,
 *   canShare: boolean, qr: boolean, livePending: boolean }} state
 * livePending: a live invitation or answer is the link to send now
 */
export function renderLinkGame({ t, locale, now, facts, verbs, url, canShare, qr, livePending }) {
  $('friend').hidden = facts === null;
  if (!facts) return;
  $('friend-status').textContent = friendStatus(t, locale, facts, now);
  $('friend-verified').textContent = facts.me === null ? t('friend.watching') : t('friend.verified');
  const last = facts.lastBy;
  // The link is for the other player when this side made the last change (or the invitation).
  const send = facts.me !== null && (last === facts.me || (last === null && facts.me === 0)) && !livePending;
  $('friend-send').hidden = !send;
  $('friend-send-text').textContent = facts.joined || facts.names[1] !== null ? t('friend.sendTo', { name: opponentName(t, facts) }) : t('friend.sendInvitation');
  if ($('friend-link').value !== url) $('friend-link').value = url;
  $('friend-share').hidden = !canShare;
  $('friend-qr').hidden = !qr || !send;
  $('friend-qr-btn').setAttribute('aria-expanded', String(qr && send));
  appear($('friend-join'), facts.me === null && !facts.joined);
  $('friend-join-text').textContent = t('friend.joinAs', { name: facts.names[0], size: facts.size });
  $('friend-offer').hidden = !verbs.offer;
  $('friend-accept').hidden = !verbs.answer;
  $('friend-decline').hidden = !verbs.answer;
  $('friend-offered').hidden = !(facts.offer !== null && facts.result === null);
  $('friend-offered').textContent = facts.offer === null ? '' : facts.offer === facts.me ? t('friend.offerSent') : t('friend.offerReceived', { name: opponentName(t, facts) });
  $('friend-claim').hidden = !verbs.claim;
  $('friend-remind').hidden = !verbs.remind;
  $('friend-honour').hidden = facts.days === 0;
}

/**
 * The QR code of `text` drawn as an SVG path (no markup from strings).
 * @param {HTMLElement} box
 * @param {string} text
 * @param {string} label
 */
export async function drawQr(box, text, label) {
  const { encode } = await import('../vendor/uqr.js');
  const { data, size } = encode(text, { ecc: 'L', border: 2 });
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  const path = document.createElementNS(ns, 'path');
  let d = '';
  data.forEach((row, y) => row.forEach((on, x) => (d += on ? `M${x} ${y}h1v1h-1z` : '')));
  path.setAttribute('d', d);
  svg.append(path);
  box.replaceChildren(svg);
}

/**
 * A calendar file reminding of a move's deadline, an hour before it.
 * @param {{ title: string, description: string, deadline: number, uid: string, now: number }} event
 */
export function reminder({ title, description, deadline, uid, now }) {
  const stamp = (/** @type {number} */ s) => new Date(s * 1000).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  // RFC 5545 text: backslash, semicolon, comma and newline escaped.
  const text = (/** @type {string} */ s) => s.replace(/[\\;,]/g, (c) => '\\' + c).replace(/\n/g, '\\n');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Federa//Link games//EN',
    'BEGIN:VEVENT',
    `UID:${uid}@federa`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(deadline - 3600)}`,
    `DTEND:${stamp(deadline)}`,
    `SUMMARY:${text(title)}`,
    `DESCRIPTION:${text(description)}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${text(title)}`,
    'TRIGGER:-PT0M',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
