// What other thresholds would make of the review's marks, without
// searching again: reads the drops that scripts/review-agreement.sh leaves
// in target/agreement/*.drops and prints, for each set of thresholds
// (inaccuracy, mistake, blunder), the marks per game and how many of the
// moves marked ? or ?? the eight times longer review still marks ?!. The
// inaccuracy threshold must be the one the drops were taken with (it
// decides which moves a review sets against the best one) and the
// mistake's at least that one's (only the moves a first look marks a
// mistake get a second look). Each set is tried on the drop in the
// calibrated chance, which the review classes by, and on the drop in the
// search's raw value; the second is no review's (the second look follows
// the calibrated class), only a comparison.
// Usage: node scripts/review-thresholds.mjs [directory of the drops] [i,m,b ...]
import fs from 'node:fs';
import path from 'node:path';

/** The class of a drop under `t`. */
const byDrop = (drop, t) => t.filter((x) => drop >= x).length;

/**
 * The class of one look under `t`, by the calibrated drop or the raw one;
 * a blunder by proof (one below the blunder threshold the drops were taken
 * with) stays one.
 */
function classOf([raw, shown, name], t, calibrated, taken) {
  if (name === 'blunder' && +shown < taken[2]) return 3;
  return byDrop(calibrated ? +shown : +raw, t);
}

/** A drops file's thresholds (its first line, the review's) and its moves. */
function read(file) {
  const [head, ...moves] = fs.readFileSync(file, 'utf8').trim().split('\n').map((line) => line.split(' '));
  if (head[0] !== 'thresholds') throw new Error(`${file}: no thresholds line`);
  return { taken: head.slice(1).map(Number), moves };
}

function judge({ taken, moves }, t, calibrated) {
  if (t[0] !== taken[0]) throw new Error(`an inaccuracy threshold other than the ${taken[0]} the drops were taken with`);
  if (t[1] < taken[1]) throw new Error(`a mistake threshold under the ${taken[1]} the drops were taken with`);
  const games = new Set(moves.map((m) => m[0])).size;
  const marks = [0, 0, 0, 0];
  let serious = 0;
  let kept = 0;
  for (const m of moves) {
    const [first, review, long] = [m.slice(2, 5), m.slice(5, 8), m.slice(8, 11)];
    const glance = classOf(first, t, calibrated, taken);
    const cls = glance >= 2 ? classOf(review, t, calibrated, taken) : glance;
    marks[cls]++;
    if (cls >= 2) {
      serious++;
      if (classOf(long, t, calibrated, taken) >= 1) kept++;
    }
  }
  return { games, marks, serious, kept };
}

const args = process.argv.slice(2);
const dir = args[0] && !args[0].includes(',') ? args.shift() : 'target/agreement';
const sets = (args.length ? args : ['0.05,0.12,0.18']).map((s) => s.split(',').map(Number));
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.drops')).sort().map((f) => [f, read(path.join(dir, f))]);
for (const t of sets) {
  if (t.length !== 3 || !(t[0] <= t[1] && t[1] <= t[2])) throw new Error(`${t}: thresholds i <= m <= b`);
  for (const calibrated of [true, false]) {
    console.log(`thresholds ${t.join(', ')} on the ${calibrated ? 'calibrated' : 'raw'} drop`);
    let [all, allKept] = [0, 0];
    for (const [f, drops] of files) {
      const { games, marks, serious, kept } = judge(drops, t, calibrated);
      all += serious;
      allKept += kept;
      const per = (n) => (n / games).toFixed(1);
      const share = (100 * kept) / Math.max(serious, 1);
      console.log(`  ${f.replace('.drops', '').padEnd(10)} marks per game ${per(marks[1])} ?!, ${per(marks[2])} ?, ${per(marks[3])} ?? (${per(marks[1] + marks[2] + marks[3])}); ${kept} of ${serious} still marked (${share.toFixed(1)}%)`);
    }
    console.log(`  in all ${allKept} of ${all} (${((100 * allKept) / Math.max(all, 1)).toFixed(1)}%)`);
  }
}
