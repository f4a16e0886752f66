//! `federa calibrate fit`: a logistic map per board size from the search's
//! raw value and the board's fullness to the side to move's chance of
//! winning, written as the core's table, and its calibration on held-out
//! games (expected calibration error over ten bins and the Brier score, raw
//! against calibrated) with a reliability diagram.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;

use federa_core::Color;
use federa_core::search::calibration::{
    FILL_POINTS, FITTED, RAW_POINTS, TABLES, Table, chance_in, fingerprint_of, win_chance,
};

use super::{CheckConfig, FitConfig};

/// One analysed position of a data file.
struct Row {
    /// The data file it came from.
    file: usize,
    game: u32,
    size: u8,
    occupied: usize,
    iterations: u32,
    raw: f32,
    proven: bool,
    won: bool,
    /// The side to move.
    to_move: Color,
}

impl Row {
    fn cells(&self) -> usize {
        usize::from(self.size) * usize::from(self.size)
    }

    /// The game's quarter (0 to 3), picked by a hash of its number, so
    /// that every size has about a quarter of its games in each whatever
    /// order sizes come in.
    fn fold(&self) -> u64 {
        u64::from(self.game).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 62
    }

    /// The last quarter is held out of the fit.
    fn held_out(&self) -> bool {
        self.fold() == 3
    }
}

/// Raw values are kept this far from 0 and 1 before their logit (a raw
/// value of 0 or 1 unproven is a thin search's, not a certainty).
const EDGE: f64 = 0.005;
/// Bins of the expected calibration error and the diagram.
const BINS: usize = 10;

/// Fits a table for each size in the data at the budget asked for; the
/// core's other tables (other sizes or budgets) are written back as they
/// are, so that each budget's fit can run on its own data.
pub fn run(config: &FitConfig) -> Result<(), String> {
    let rows = read(&config.data)?;
    let sizes: BTreeSet<u8> = rows.iter().map(|r| r.size).collect();
    let budget = u32::try_from(config.budget).map_err(|_| "--budget is too big".to_string())?;
    let mut tables: Vec<((u8, u32), Table)> = FITTED
        .iter()
        .zip(TABLES.iter())
        .filter(|((size, b), _)| *b != budget || !sizes.contains(size))
        .map(|(&k, &t)| (k, t))
        .collect();
    for &size in &sizes {
        let train: Vec<&Row> = rows
            .iter()
            .filter(|r| r.size == size && !r.held_out() && !r.proven)
            .filter(|r| r.iterations == budget)
            .collect();
        if train.len() < 100 {
            return Err(format!(
                "{size}x{size}: {} unproven positions of {} iterations to fit, too few",
                train.len(),
                budget
            ));
        }
        let (table, models) = fit_table(&train);
        let rows: Vec<String> = models
            .iter()
            .enumerate()
            .map(|(j, (a, b))| {
                let fill = 100 * j / (FILL_POINTS - 1);
                format!("{fill}% full: {a:+.2} {b:+.2}·x")
            })
            .collect();
        println!(
            "{size}x{size}: fitted on {} positions of {} games; logit p by the share filled: {}",
            train.len(),
            games(&train),
            rows.join(", ")
        );
        tables.push(((size, budget), table));
    }
    tables.sort_by_key(|&(k, _)| k);
    fs::write(&config.table, source(&tables)).map_err(|e| format!("{}: {e}", config.table))?;
    let fitted: Vec<(u8, u32)> = tables.iter().map(|&(k, _)| k).collect();
    let all: Vec<Table> = tables.iter().map(|&(_, t)| t).collect();
    let digest = format!("{:016x}\n", fingerprint_of(&fitted, &all));
    fs::write(&config.fingerprint, &digest).map_err(|e| format!("{}: {e}", config.fingerprint))?;
    let held: Vec<&Row> = rows.iter().filter(|r| r.held_out()).collect();
    let chance = |r: &Row| {
        f64::from(chance_in(
            &fitted,
            &all,
            r.raw,
            r.size,
            r.occupied,
            r.iterations,
        ))
    };
    println!("\nOn the held-out games:");
    let panels = report(&held, chance, budget);
    if let Some(path) = &config.diagram {
        fs::write(path, diagram(&panels, budget)).map_err(|e| format!("{path}: {e}"))?;
    }
    cross_validate(&rows, &sizes, budget);
    Ok(())
}

/// The calibration with every game held out once: for each quarter of the
/// games, a table fitted on the other three (a steadier figure than one
/// quarter's, as a game's positions share its result).
fn cross_validate(rows: &[Row], sizes: &BTreeSet<u8>, budget: u32) {
    let at_budget = |r: &&Row| r.iterations == budget && sizes.contains(&r.size);
    let mut folds = BTreeMap::new();
    for &size in sizes {
        for fold in 0..4 {
            let train: Vec<&Row> = rows
                .iter()
                .filter(at_budget)
                .filter(|r| r.size == size && r.fold() != fold && !r.proven)
                .collect();
            folds.insert((size, fold), fit_table(&train).0);
        }
    }
    let every: Vec<&Row> = rows.iter().filter(|r| sizes.contains(&r.size)).collect();
    println!(
        "\nEvery game held out once (four quarters, each by a table fitted on the other three):"
    );
    report(
        &every,
        |r| {
            let table = folds[&(r.size, r.fold())];
            let fitted = [(r.size, budget)];
            f64::from(chance_in(
                &fitted,
                &[table],
                r.raw,
                r.size,
                r.occupied,
                budget,
            ))
        },
        budget,
    );
}

/// `federa calibrate check`: how the map the core ships holds on other
/// games, at every budget they were analysed at.
pub fn check(config: &CheckConfig) -> Result<(), String> {
    let rows = read(&config.data)?;
    let all: Vec<&Row> = rows.iter().collect();
    println!("The map the core ships, on these games:");
    report(
        &all,
        |r| f64::from(win_chance(r.raw, r.size, r.occupied, r.iterations)),
        0,
    );
    Ok(())
}

/// The number of games `rows` come from, games of different files told
/// apart (files of different runs may number their games alike).
fn games(rows: &[&Row]) -> usize {
    rows.iter()
        .map(|r| (r.file, r.game))
        .collect::<BTreeSet<_>>()
        .len()
}

/// Reads the data files.
fn read(paths: &[String]) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for (file, path) in paths.iter().enumerate() {
        let text = fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (k, line) in text.lines().enumerate() {
            rows.push(parse(line, file).map_err(|e| format!("{path}:{}: {e}", k + 1))?);
        }
    }
    Ok(rows)
}

/// Prints the calibration of `rows` by size and budget, then apart for
/// each side to move (the map does not read whose turn it is, and errors
/// of the two sides may cancel in the first table), the proven ones shown
/// as certain and left out, raw against `chance`; returns the diagram's
/// panels of the analyses of `budget` iterations.
fn report(rows: &[&Row], chance: impl Fn(&Row) -> f64, budget: u32) -> Vec<Panel> {
    let mut groups: BTreeMap<(u8, u32), Vec<&Row>> = BTreeMap::new();
    for &r in rows.iter().filter(|r| !r.proven) {
        groups.entry((r.size, r.iterations)).or_default().push(r);
    }
    const FIGURES: &str =
        "games | positions | ECE raw | ECE calibrated | Brier raw | Brier calibrated |";
    println!("\n| size | iterations | {FIGURES}");
    println!("|---|---|---|---|---|---|---|---|");
    let mut panels = Vec::new();
    for (&(size, iterations), group) in &groups {
        let (raw, cal) = report_line(&format!("{size}×{size} | {iterations}"), group, &chance);
        if iterations == budget {
            panels.push((size, bins(&raw), bins(&cal)));
        }
    }
    println!("\nBy the side to move:\n\n| size | iterations | to move | {FIGURES}");
    println!("|---|---|---|---|---|---|---|---|---|");
    for (&(size, iterations), group) in &groups {
        for side in [Color::Dark, Color::Light] {
            let part: Vec<&Row> = group
                .iter()
                .copied()
                .filter(|r| r.to_move == side)
                .collect();
            if !part.is_empty() {
                report_line(
                    &format!("{size}×{size} | {iterations} | {side}"),
                    &part,
                    &chance,
                );
            }
        }
    }
    let proven = rows.iter().filter(|r| r.proven).count();
    println!("\n(proven, shown as certain and left out above: {proven} positions)");
    panels
}

/// Chances, each with whether its side went on to win.
type Scored = Vec<(f64, bool)>;

/// Prints one line of [`report`]'s tables, `label` its first cells, and
/// returns the raw and calibrated chances with their results.
fn report_line(label: &str, group: &[&Row], chance: impl Fn(&Row) -> f64) -> (Scored, Scored) {
    let raw: Scored = group.iter().map(|r| (f64::from(r.raw), r.won)).collect();
    let cal: Scored = group.iter().map(|r| (chance(r), r.won)).collect();
    println!(
        "| {label} | {} | {} | {:.1} | {:.1} | {:.4} | {:.4} |",
        games(group),
        group.len(),
        100.0 * ece(&raw),
        100.0 * ece(&cal),
        brier(&raw),
        brier(&cal)
    );
    (raw, cal)
}

fn parse(line: &str, file: usize) -> Result<Row, String> {
    let f: Vec<&str> = line.split('\t').collect();
    let [
        game,
        size,
        _ply,
        occupied,
        iterations,
        raw,
        proven,
        won,
        to_move,
        swapped,
    ] = f[..]
    else {
        return Err(format!(
            "expected 10 tab-separated fields, found {}",
            f.len()
        ));
    };
    let num = |name: &str, text: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("{name} `{text}` is not a number"))
    };
    let flag = |name: &str, text: &str| match text {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(format!("{name} `{text}` is not 0 or 1")),
    };
    let raw: f32 = raw
        .parse()
        .ok()
        .filter(|v| (0.0..=1.0).contains(v))
        .ok_or_else(|| format!("raw value `{raw}` is not in 0..1"))?;
    let size = u8::try_from(num("size", size)?)
        .ok()
        .filter(|s| (2..=25).contains(s))
        .ok_or_else(|| format!("size `{size}` is not 2 to 25"))?;
    let occupied = num("occupied", occupied)? as usize;
    // Not read yet, but checked: a file is whole or refused.
    flag("swapped", swapped)?;
    if occupied > usize::from(size) * usize::from(size) {
        return Err(format!("{occupied} points occupied on {size}x{size}"));
    }
    Ok(Row {
        file,
        game: u32::try_from(num("game", game)?).map_err(|_| format!("game `{game}`"))?,
        size,
        occupied,
        iterations: u32::try_from(num("iterations", iterations)?)
            .map_err(|_| format!("iterations `{iterations}` is too big"))?,
        raw,
        proven: flag("proven", proven)?,
        won: flag("won", won)?,
        to_move: to_move
            .parse()
            .ok()
            .and_then(Color::from_record_char)
            .ok_or_else(|| format!("side to move `{to_move}` is not B or W"))?,
    })
}

/// The raw value's logit, kept finite.
fn logit(raw: f64) -> f64 {
    let v = raw.clamp(EDGE, 1.0 - EDGE);
    (v / (1.0 - v)).ln()
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// A size's table: for each row (a share filled), `logit p = a + b·x`
/// (`x` the raw value's logit) fitted to the positions near that share,
/// each weighted as the table's interpolation weighs that row for it; `b`
/// is kept from falling below 0, so that a better value never reads as a
/// smaller chance. Returns the table and each row's (a, b).
fn fit_table(rows: &[&Row]) -> (Table, Vec<(f64, f64)>) {
    let gaps = (FILL_POINTS - 1) as f64;
    let mut table = [[0; RAW_POINTS]; FILL_POINTS];
    let mut models = Vec::new();
    for (j, out) in table.iter_mut().enumerate() {
        let data: Vec<(f64, f64, f64)> = rows
            .iter()
            .filter_map(|r| {
                let fill = r.occupied as f64 / r.cells() as f64;
                let weight = 1.0 - (fill * gaps - j as f64).abs();
                (weight > 0.0)
                    .then(|| (logit(f64::from(r.raw)), f64::from(u8::from(r.won)), weight))
            })
            .collect();
        let (a, b) = logistic(&data);
        for (i, v) in out.iter_mut().enumerate() {
            let raw = i as f64 / (RAW_POINTS - 1) as f64;
            *v = (sigmoid(a + b * logit(raw)) * f64::from(u16::MAX)).round() as u16;
        }
        models.push((a, b));
    }
    (table, models)
}

/// Weighted logistic regression `logit p = a + b·x` by Newton's method,
/// with `b ≥ 0` (if the best `b` is negative, `a` alone is fitted). No
/// data gives the identity map.
fn logistic(data: &[(f64, f64, f64)]) -> (f64, f64) {
    if data.is_empty() {
        return (0.0, 1.0);
    }
    let newton = |slope: bool| {
        let (mut a, mut b) = (0.0, if slope { 1.0 } else { 0.0 });
        for _ in 0..100 {
            let (mut ga, mut gb, mut haa, mut hab, mut hbb) = (0.0, 0.0, 0.0, 0.0, 0.0);
            for &(x, y, w) in data {
                let p = sigmoid(a + b * x);
                let h = w * p * (1.0 - p);
                ga += w * (p - y);
                gb += w * (p - y) * x;
                haa += h;
                hab += h * x;
                hbb += h * x * x;
            }
            // A touch of ridge keeps the steps finite.
            haa += 1e-9;
            hbb += 1e-9;
            let (da, db) = if slope {
                let det = haa * hbb - hab * hab;
                ((hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det)
            } else {
                (ga / haa, 0.0)
            };
            a -= da;
            b -= db;
            if da.abs() < 1e-10 && db.abs() < 1e-10 {
                break;
            }
        }
        (a, b)
    };
    let (a, b) = newton(true);
    if b >= 0.0 { (a, b) } else { newton(false) }
}

/// The table file's text.
fn source(tables: &[((u8, u32), Table)]) -> String {
    let mut out = String::from(
        "//! Generated by `federa calibrate fit` (scripts/calibrate.sh); do not edit.\n\n\
         use super::Table;\n\n/// The board sizes and search budgets (iterations) calibrated, by size,\n\
         /// then budget.\n",
    );
    let fitted: Vec<String> = tables
        .iter()
        .map(|((s, b), _)| format!("({s}, {b})"))
        .collect();
    let _ = writeln!(
        out,
        "pub const FITTED: [(u8, u32); {}] = [{}];\n\n/// The table of each (see [`Table`]).\npub const TABLES: [Table; {}] = [",
        tables.len(),
        fitted.join(", "),
        tables.len()
    );
    for (_, t) in tables {
        out.push_str("    [\n");
        for row in t {
            let values: Vec<String> = row.iter().map(u16::to_string).collect();
            let _ = writeln!(out, "        [{}],", values.join(", "));
        }
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
    out
}

/// A bin of the predicted chance: positions, mean predicted, share won.
type Bin = (usize, f64, f64);

/// A size's panel of the diagram: the size, the raw and calibrated bins.
type Panel = (u8, Vec<Bin>, Vec<Bin>);

/// The bins of the predicted chance.
fn bins(rows: &[(f64, bool)]) -> Vec<Bin> {
    let mut sums = vec![(0usize, 0.0, 0.0); BINS];
    for &(p, won) in rows {
        let k = ((p * BINS as f64) as usize).min(BINS - 1);
        sums[k].0 += 1;
        sums[k].1 += p;
        sums[k].2 += f64::from(u8::from(won));
    }
    sums.into_iter()
        .map(|(n, p, w)| (n, p / n.max(1) as f64, w / n.max(1) as f64))
        .collect()
}

/// The expected calibration error: the bins' gaps between mean predicted
/// and share won, weighted by their positions.
fn ece(rows: &[(f64, bool)]) -> f64 {
    let total = rows.len().max(1) as f64;
    bins(rows)
        .iter()
        .map(|&(n, p, w)| n as f64 / total * (p - w).abs())
        .sum()
}

/// The mean squared gap between predicted chance and result.
fn brier(rows: &[(f64, bool)]) -> f64 {
    let sum: f64 = rows
        .iter()
        .map(|&(p, won)| (p - f64::from(u8::from(won))).powi(2))
        .sum();
    sum / rows.len().max(1) as f64
}

/// The reliability diagram: a panel per size, share won against chance
/// predicted, raw (grey) and calibrated (blue), each bin's dot as big as
/// its share of the positions.
fn diagram(panels: &[Panel], budget: u32) -> String {
    const SIDE: f64 = 220.0;
    const PAD: f64 = 50.0;
    let width = panels.len() as f64 * (SIDE + PAD) + PAD;
    let height = SIDE + 2.5 * PAD;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    for (k, (size, raw, cal)) in panels.iter().enumerate() {
        let x0 = PAD + k as f64 * (SIDE + PAD);
        let y0 = PAD;
        let at = |p: f64, w: f64| (x0 + p * SIDE, y0 + (1.0 - w) * SIDE);
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{size}×{size}, {budget} iterations (held out)</text>\n\
             <rect x=\"{x0}\" y=\"{y0}\" width=\"{SIDE}\" height=\"{SIDE}\" fill=\"none\" stroke=\"#888\"/>\n\
             <line x1=\"{x0}\" y1=\"{}\" x2=\"{}\" y2=\"{y0}\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>\n\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">chance shown</text>\n\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" transform=\"rotate(-90 {} {})\">share won</text>",
            x0 + SIDE / 2.0,
            y0 - 12.0,
            y0 + SIDE,
            x0 + SIDE,
            x0 + SIDE / 2.0,
            y0 + SIDE + 28.0,
            x0 - 30.0,
            y0 + SIDE / 2.0,
            x0 - 30.0,
            y0 + SIDE / 2.0
        );
        for tick in [0.0, 0.5, 1.0] {
            let (x, y) = at(tick, tick);
            let label = format!("{}%", 100.0 * tick);
            let _ = writeln!(
                svg,
                "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#666\">{label}</text>\n\
                 <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#666\">{label}</text>",
                y0 + SIDE + 14.0,
                x0 - 3.0,
                y + 4.0
            );
        }
        for (series, colour) in [(raw, "#999"), (cal, "#1f5fbf")] {
            let total: usize = series.iter().map(|b| b.0).sum();
            let points: Vec<String> = series
                .iter()
                .filter(|b| b.0 > 0)
                .map(|&(_, p, w)| {
                    let (x, y) = at(p, w);
                    format!("{x:.1},{y:.1}")
                })
                .collect();
            let _ = writeln!(
                svg,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.5\"/>",
                points.join(" ")
            );
            for &(n, p, w) in series.iter().filter(|b| b.0 > 0) {
                let (x, y) = at(p, w);
                let r = 2.0 + 8.0 * (n as f64 / total.max(1) as f64).sqrt();
                let _ = writeln!(
                    svg,
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{colour}\" fill-opacity=\"0.6\"/>"
                );
            }
        }
    }
    let _ = writeln!(
        svg,
        "<text x=\"{PAD}\" y=\"{}\" fill=\"#999\">● raw value</text>\n\
         <text x=\"{}\" y=\"{}\" fill=\"#1f5fbf\">● calibrated chance</text>\n</svg>",
        height - 8.0,
        PAD + 110.0,
        height - 8.0
    );
    svg
}
