// @ts-check
// Everything this browser keeps of its games, as one file to move to
// another device: every archive entry (link games with their links), the
// keys that sign link games, each handed over to a new key for the file
// (friend/keys.js), and the puzzle progress (puzzles/progress.js). Restoring never overwrites a newer game: a link
// game is newer by the events its link holds, any other by when it was
// last saved; a link game is checked whole (friend/game.js) before any of
// the file is kept, as a link received is. Loaded only when a backup is
// made or restored.
import { decodeLink } from '../../friends/codec.js';
import { checkLink } from '../../friends/check.js';
import { adopt, portable } from '../../friends/identities.js';
import { isObject } from '../../lib/objects.js';
import { saveFile } from '../../lib/save-file.js';
import { readEntry, safeStorage, writeEntry } from '../../lib/store.js';
import { PROGRESS_KEY, kept as keptProgress, progressOf, progressProblem } from '../puzzles/progress.js';

const FORMAT = 'federa-backup';
const ID = /^[0-9a-z]+$/;

/** @param {string} problem */
const badFile = (problem) => ({ kind: 'backup', problem });

/**
 * How far a stored entry has got: a link game's events, else its last save.
 * @param {any} entry
 */
function progress(entry) {
  if (entry.kind === 'friend' && isObject(entry.friend)) {
    try {
      return decodeLink(String(entry.friend.text)).events.length;
    } catch {
      return -1;
    }
  }
  return Number(entry.updated) || 0;
}

/**
 * Saves the backup file.
 * @param {import('../../game/archive.js').Archive} archive
 */
export async function backUp(archive) {
  const games = archive.list().flatMap((s) => archive.read(s.id)?.value ?? []);
  const puzzles = readEntry(safeStorage(), PROGRESS_KEY, progressProblem).value ?? null;
  const file = { format: FORMAT, version: 1, saved: Date.now(), games, identities: await portable(), puzzles };
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  saveFile(new Blob([JSON.stringify(file)], { type: 'application/json' }), `federa-backup-${stamp}.json`);
}

/**
 * Restores a backup file's games and keys. Throws `{ kind: 'backup' }` for
 * a file that is not one, and `{ kind: 'backupLink' }` for one holding a
 * link game that does not check, keeping nothing of it.
 * @param {import('../../game/archive.js').Archive} archive
 * @param {import('../../friends/check.js').Engine} engine
 * @param {string} text
 * @returns {Promise<{ games: number, kept: number, current: boolean, puzzles: boolean }>} games: how
 * many came in; kept: how many stayed as they were, being newer here;
 * current: whether the game the page plays was replaced (the page opens it
 * again); puzzles: whether the file's puzzle progress replaced this browser's
 */
export async function restoreBackup(archive, engine, text) {
  let file;
  try {
    file = JSON.parse(text);
  } catch {
    throw badFile('json');
  }
  if (!isObject(file) || file.format !== FORMAT || !Array.isArray(file.games)) throw badFile('format');
  const games = file.games.filter((g) => isObject(g) && typeof g.id === 'string' && ID.test(g.id) && typeof g.record === 'string');
  if (games.length !== file.games.length) throw badFile('game');
  if (file.puzzles != null && progressProblem(file.puzzles)) throw badFile('puzzles');
  for (const [index, game] of games.entries()) {
    if (game.kind !== 'friend') continue;
    try {
      (await checkLink(engine, String(game.friend?.text))).state.game.free();
    } catch (cause) {
      throw { kind: 'backupLink', index: index + 1, cause };
    }
  }
  try {
    await adopt(file.identities ?? []);
  } catch {
    throw badFile('keys');
  }
  let count = 0;
  let kept = 0;
  let current = false;
  for (const game of games) {
    const here = archive.summaries.has(game.id) ? archive.read(game.id)?.value : null;
    if (here && progress(here) >= progress(game)) {
      kept++;
      continue;
    }
    if (!archive.restore({ id: game.id, text: JSON.stringify(game) })) continue;
    count++;
    current ||= game.id === archive.current;
  }
  const storage = safeStorage();
  const here = readEntry(storage, PROGRESS_KEY, progressProblem);
  const theirs = file.puzzles == null ? null : progressOf(file.puzzles);
  // A stored entry that does not read was copied aside by readEntry.
  const puzzles = theirs !== null && keptProgress(progressOf(here.value), theirs) === theirs && writeEntry(storage, PROGRESS_KEY, theirs);
  return { games: count, kept, current, puzzles };
}
