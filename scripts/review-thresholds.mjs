// What other thresholds would make of the review's marks, without
// searching again: reads the raw drops that scripts/review-agreement.sh
// leaves in target/agreement/*.drops and prints, for each set of
// thresholds (inaccuracy, mistake, blunder; the mistake's at least the
// 0.10 the drops were taken with, since only the moves a first look marks
// a mistake get a second look), the marks per game and how many of the
// moves marked ? or ?? the eight times longer review still marks ?!.
// Usage: node scripts/review-thresholds.mjs [i,m,b ...]
import fs from 'node:fs';
import path from 'node:path';

const DIR = 'target/agreement';
const TAKEN = [0.05, 0.1, 0.15];

/** The class of a drop under `t`; a blunder by proof (a blunder below the blunder threshold the drops were taken with) stays one. */
function classOf(drop, name, t) {
  if (name === 'blunder' && drop < TAKEN[2]) return 3;
  return t.filter((x) => drop >= x).length;
}

function judge(file, t) {
  const moves = fs.readFileSync(file, 'utf8').trim().split('\n').map((line) => line.split(' '));
  const games = new Set(moves.map((m) => m[0])).size;
  const marks = [0, 0, 0, 0];
  let serious = 0;
  let kept = 0;
  for (const [, , first, firstName, review, reviewName, long, longName] of moves) {
    const glance = classOf(+first, firstName, t);
    const rechecked = glance >= 2;
    const cls = rechecked ? classOf(+review, reviewName, t) : glance;
    marks[cls]++;
    if (cls >= 2) {
      serious++;
      if (classOf(+long, longName, t) >= 1) kept++;
    }
  }
  return { games, marks, serious, kept };
}

const sets = (process.argv.slice(2).length ? process.argv.slice(2) : ['0.05,0.10,0.15', '0.06,0.10,0.15', '0.07,0.11,0.16', '0.08,0.12,0.18', '0.10,0.15,0.20']).map((s) => s.split(',').map(Number));
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.drops')).sort();
for (const t of sets) {
  if (t.length !== 3 || t[1] < TAKEN[1] || !(t[0] <= t[1] && t[1] <= t[2])) throw new Error(`${t}: thresholds i <= m <= b, m at least ${TAKEN[1]}`);
  console.log(`thresholds ${t.join(', ')}`);
  let [all, allKept] = [0, 0];
  for (const f of files) {
    const { games, marks, serious, kept } = judge(path.join(DIR, f), t);
    all += serious;
    allKept += kept;
    const per = (n) => (n / games).toFixed(1);
    console.log(`  ${f.replace('.drops', '').padEnd(10)} marks per game ${per(marks[1])} ?!, ${per(marks[2])} ?, ${per(marks[3])} ?? (${per(marks[1] + marks[2] + marks[3])}); ${kept} of ${serious} still marked (${((100 * kept) / Math.max(serious, 1)).toFixed(1)}%)`);
  }
  console.log(`  in all ${allKept} of ${all} (${((100 * allKept) / Math.max(all, 1)).toFixed(1)}%)`);
}
