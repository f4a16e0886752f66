// What other thresholds would make of the review's marks, without
// searching again: reads the drops that scripts/review-agreement.sh leaves
// in target/agreement/*.drops and prints, for each set of thresholds
// (inaccuracy, mistake, blunder; the mistake's at least the one the drops
// were taken with, since only the moves a first look marks a mistake get a
// second look), the marks per game and how many of the moves marked ? or
// ?? the eight times longer review still marks ?!. Each set is tried on
// the raw drop alone and on both drops, the raw and the calibrated one (a
// move's class the lower of the two; the calibrated drop's thresholds
// after a slash, else the same).
// Usage: node scripts/review-thresholds.mjs [directory of the drops] [i,m,b[/i,m,b] ...]
import fs from 'node:fs';
import path from 'node:path';

/** The class of a drop under `t`. */
const byDrop = (drop, t) => t.filter((x) => drop >= x).length;

/**
 * The class of one look under `t`: by the raw drop, or the lower of the
 * raw and the calibrated drop's; a blunder by proof (one below the blunder
 * threshold the drops were taken with) stays one.
 */
function classOf([raw, shown, name], [t, c], both, taken) {
  if (name === 'blunder' && +raw < taken[2]) return 3;
  const cls = byDrop(+raw, t);
  return both ? Math.min(cls, byDrop(+shown, c)) : cls;
}

/** A drops file's thresholds (its first line, the review's) and its moves. */
function read(file) {
  const [head, ...moves] = fs.readFileSync(file, 'utf8').trim().split('\n').map((line) => line.split(' '));
  if (head[0] !== 'thresholds') throw new Error(`${file}: no thresholds line`);
  return { taken: head.slice(1).map(Number), moves };
}

function judge({ taken, moves }, t, c, both) {
  if (t[1] < taken[1] || c[1] < taken[1]) throw new Error(`a mistake threshold under the ${taken[1]} the drops were taken with`);
  const games = new Set(moves.map((m) => m[0])).size;
  const marks = [0, 0, 0, 0];
  let serious = 0;
  let kept = 0;
  for (const m of moves) {
    const [first, review, long] = [m.slice(2, 5), m.slice(5, 8), m.slice(8, 11)];
    const glance = classOf(first, [t, c], both, taken);
    const cls = glance >= 2 ? classOf(review, [t, c], both, taken) : glance;
    marks[cls]++;
    if (cls >= 2) {
      serious++;
      if (classOf(long, [t, c], both, taken) >= 1) kept++;
    }
  }
  return { games, marks, serious, kept };
}

const args = process.argv.slice(2);
const dir = args[0] && !args[0].includes(',') ? args.shift() : 'target/agreement';
const sets = (args.length ? args : ['0.05,0.12,0.18']).map((s) => {
  const [t, c = t] = s.split('/').map((part) => part.split(',').map(Number));
  return [t, c];
});
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.drops')).sort().map((f) => [f, read(path.join(dir, f))]);
for (const [t, c] of sets) {
  for (const x of [t, c]) {
    if (x.length !== 3 || !(x[0] <= x[1] && x[1] <= x[2])) throw new Error(`${x}: thresholds i <= m <= b`);
  }
  for (const both of [false, true]) {
    console.log(`thresholds ${t.join(', ')}${both ? `, and ${c.join(', ')} on the calibrated drop` : ' on the raw drop alone'}`);
    let [all, allKept] = [0, 0];
    for (const [f, drops] of files) {
      const { games, marks, serious, kept } = judge(drops, t, c, both);
      all += serious;
      allKept += kept;
      const per = (n) => (n / games).toFixed(1);
      const share = (100 * kept) / Math.max(serious, 1);
      console.log(`  ${f.replace('.drops', '').padEnd(10)} marks per game ${per(marks[1])} ?!, ${per(marks[2])} ?, ${per(marks[3])} ?? (${per(marks[1] + marks[2] + marks[3])}); ${kept} of ${serious} still marked (${share.toFixed(1)}%)`);
    }
    console.log(`  in all ${allKept} of ${all} (${((100 * allKept) / Math.max(all, 1)).toFixed(1)}%)`);
  }
}
