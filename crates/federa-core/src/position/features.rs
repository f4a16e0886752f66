//! Features of a move, for the learned move model (see `crate::learn`): a
//! few small facts about a placement or a change, seen from the mover's
//! side, that do not change under the board's rotations and reflections or
//! with the mover's colour. Each feature is one of a family's buckets; a
//! move has at most one feature per family.

use super::{BORDER, EMPTY, Position};
use crate::position::fast::{CHANGE_BASE, Code, SWAP};
use crate::types::{Color, attacker_code};

/// Most features a move has.
pub(crate) const MAX_ACTIVE: usize = 8;

/// A neighbour of a placement, as the placed piece sees it.
#[derive(Clone, Copy)]
#[repr(u8)]
enum Neighbour {
    Empty,
    Border,
    /// The same piece: the new piece joins its group.
    Same,
    /// The mover's other shape: the pair attack each other.
    Partner,
    /// The opponent's piece that the new piece attacks.
    Prey,
    /// The opponent's piece that attacks the new piece.
    Hunter,
}

const NEIGHBOUR_KINDS: usize = 6;
/// Multisets of 4 neighbours among 6 kinds: C(9, 4).
const NEIGHBOURHOODS: usize = 126;

/// The families of features and their sizes, in the order of the weights.
pub(crate) const FAMILIES: [(&str, usize); 12] = [
    ("neighbourhood", NEIGHBOURHOODS),
    ("encloses prey", 6),
    ("encloses partner", 6),
    ("encloses hunter", 4),
    ("own group enclosed", 4),
    ("edge distance", 5),
    ("joins", 4),
    ("change of opponent's group, size", 6),
    ("change of own group, size", 6),
    ("change margin", 8),
    ("change, board filled", 4),
    ("swap", 1),
];

/// Number of features.
pub(crate) const FEATURES: usize = {
    let mut n = 0;
    let mut k = 0;
    while k < FAMILIES.len() {
        n += FAMILIES[k].1;
        k += 1;
    }
    n
};

/// The first feature of each family.
const fn offsets() -> [u16; FAMILIES.len()] {
    let mut out = [0; FAMILIES.len()];
    let mut k = 1;
    while k < FAMILIES.len() {
        out[k] = out[k - 1] + FAMILIES[k - 1].1 as u16;
        k += 1;
    }
    out
}
const OFFSET: [u16; FAMILIES.len()] = offsets();

/// The index of the multiset of neighbour kinds with these counts (summing
/// to 4), in a fixed order of all 126.
const fn neighbourhood_index(counts: [u8; NEIGHBOUR_KINDS]) -> usize {
    // Rank among compositions of 4 into 6 parts, lexicographically.
    let mut rank = 0;
    let mut left = 4usize;
    let mut k = 0;
    while k < NEIGHBOUR_KINDS - 1 {
        let c = counts[k] as usize;
        // Compositions with a smaller count here: for each v < c, those of
        // left - v into the remaining parts.
        let mut v = 0;
        while v < c {
            rank += compositions(left - v, NEIGHBOUR_KINDS - 1 - k);
            v += 1;
        }
        left -= c;
        k += 1;
    }
    rank
}

/// The neighbourhood index of four neighbour kinds, by their base-6 number.
const NEIGHBOURHOOD: [u8; 1296] = {
    let mut table = [0u8; 1296];
    let mut key = 0;
    while key < 1296 {
        let mut counts = [0u8; NEIGHBOUR_KINDS];
        let mut rest = key;
        let mut k = 0;
        while k < 4 {
            counts[rest % NEIGHBOUR_KINDS] += 1;
            rest /= NEIGHBOUR_KINDS;
            k += 1;
        }
        table[key] = neighbourhood_index(counts) as u8;
        key += 1;
    }
    table
};

/// Ways to write `n` as an ordered sum of `parts` non-negative numbers.
const fn compositions(n: usize, parts: usize) -> usize {
    // C(n + parts - 1, parts - 1)
    let mut num = 1;
    let mut den = 1;
    let mut k = 0;
    while k + 1 < parts {
        num *= n + k + 1;
        den *= k + 1;
        k += 1;
    }
    num / den
}

/// The bucket of a size among thresholds (the first threshold above it).
fn bucket(value: usize, upper: &[usize]) -> u16 {
    upper.iter().position(|&u| value < u).unwrap_or(upper.len()) as u16
}

impl Position {
    /// The features of the legal move `code`, written to `out`; returns how
    /// many.
    pub(crate) fn move_features(&self, code: Code, out: &mut [u16; MAX_ACTIVE]) -> usize {
        let mut n = 0;
        let mut push = |family: usize, k: u16| {
            out[n] = OFFSET[family] + k;
            n += 1;
        };
        if code == SWAP {
            push(11, 0);
            return n;
        }
        let me = self.to_move;
        if code >= CHANGE_BASE {
            let root = usize::from(self.gid[usize::from(code - CHANGE_BASE)]);
            let size = usize::from(self.stones[root]);
            let enemy = Color::from_code_bit(self.cells[root]) != me;
            let sizes = [2, 3, 5, 9, 17];
            push(if enemy { 7 } else { 8 }, bucket(size, &sizes));
            let [mine, theirs] = [
                self.attackers[root][me.index()],
                self.attackers[root][me.other().index()],
            ];
            let margin = bucket(usize::from(mine.saturating_sub(theirs)), &[1, 2, 3]);
            push(9, margin + if enemy { 0 } else { 4 });
            let filled = usize::from(self.n_empty) * 4 / self.points().max(1);
            push(10, 3 - filled.min(3) as u16);
            return n;
        }
        let cell = usize::from(code >> 1);
        let piece = ((me as u8) << 1) | (code & 1) as u8;
        let nb = self.neighbours(cell);
        let gids = nb.map(|q| usize::from(self.gid[q]));
        let mut counts = [0u8; NEIGHBOUR_KINDS];
        // The four kinds in order, as a base-6 number (a table gives its
        // multiset's index, off the hot path).
        let mut key = 0u16;
        let mut encloses = [0usize; 3];
        let mut joins = 0;
        let mut joins_free = false;
        let hunter = attacker_code(piece, me.other());
        let partner = attacker_code(piece, me);
        for k in 0..4 {
            let c = self.cells[nb[k]];
            let kind = match c {
                EMPTY => Neighbour::Empty,
                BORDER => Neighbour::Border,
                _ if c == piece => Neighbour::Same,
                _ if c == partner => Neighbour::Partner,
                _ if c == hunter => Neighbour::Hunter,
                _ => Neighbour::Prey,
            };
            counts[kind as usize] += 1;
            key = key * NEIGHBOUR_KINDS as u16 + kind as u16;
            if c >= EMPTY {
                continue;
            }
            // Each neighbouring group once.
            let Some(enclosed) = self.encloses(&gids, k) else {
                continue;
            };
            let size = usize::from(self.stones[gids[k]]);
            match kind {
                Neighbour::Same => {
                    joins += size;
                    joins_free |= !enclosed;
                }
                Neighbour::Prey if enclosed => encloses[0] += size,
                Neighbour::Partner if enclosed => encloses[1] += size,
                Neighbour::Hunter if enclosed => encloses[2] += size,
                _ => {}
            }
        }
        push(0, u16::from(NEIGHBOURHOOD[usize::from(key)]));
        let sizes = [1, 2, 3, 5, 9];
        push(1, bucket(encloses[0], &sizes));
        push(2, bucket(encloses[1], &sizes));
        push(3, bucket(encloses[2], &[1, 2, 5]));
        let own = if counts[Neighbour::Empty as usize] > 0 || joins_free {
            0
        } else {
            let hunters = counts[Neighbour::Hunter as usize];
            let partners = counts[Neighbour::Partner as usize];
            1 + u16::from(hunters <= partners) + u16::from(hunters < partners)
        };
        push(4, own);
        let p = self.point(cell);
        let last = self.rules.size() - 1;
        let edge = p.col.min(p.row).min(last - p.col).min(last - p.row);
        push(5, u16::from(edge.min(4)));
        push(6, bucket(joins, &[1, 2, 4]));
        n
    }

    /// Points on the board.
    fn points(&self) -> usize {
        let n = usize::from(self.rules.size());
        n * n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::types::{Move, Piece, Point, Rules};
    use crate::{Position, Setup};

    /// The colour swap that keeps the attack table: one step along the
    /// cycle dark round → light square → dark square → light round.
    fn swap_colours(p: Piece) -> Piece {
        let shape = if p.color == Color::Dark {
            p.shape.other()
        } else {
            p.shape
        };
        Piece::new(p.color.other(), shape)
    }

    #[test]
    fn the_colour_swap_keeps_the_attack_table() {
        for a in Piece::ALL {
            for g in Piece::ALL {
                assert_eq!(
                    swap_colours(a).attacks(swap_colours(g)),
                    a.attacks(g),
                    "{a:?} {g:?}"
                );
            }
        }
    }

    /// A board symmetry: `map` moves points, `recolour` pieces.
    fn transform(pos: &Position, map: &dyn Fn(Point) -> Point, recolour: bool) -> Position {
        let setup = pos.to_setup();
        let n = usize::from(setup.rules.size());
        let mut out = Setup {
            cells: vec![None; n * n],
            ..setup.clone()
        };
        for (k, cell) in setup.cells.iter().enumerate() {
            let q = map(Point::new((k % n) as u8, (k / n) as u8));
            out.cells[usize::from(q.row) * n + usize::from(q.col)] =
                cell.map(|p| if recolour { swap_colours(p) } else { p });
        }
        if recolour {
            out.to_move = setup.to_move.other();
        }
        Position::try_from(&out).unwrap()
    }

    fn moved(m: Move, map: &dyn Fn(Point) -> Point, recolour: bool) -> Move {
        let re = |p: Piece| if recolour { swap_colours(p) } else { p };
        match m {
            Move::Place { piece, at } => Move::Place {
                piece: re(piece),
                at: map(at),
            },
            Move::Change { at, into } => Move::Change {
                at: map(at),
                into: re(into),
            },
            Move::Swap => Move::Swap,
        }
    }

    fn features(pos: &Position, m: Move) -> Vec<u16> {
        let mut f = [0; MAX_ACTIVE];
        let n = pos.move_features(pos.move_code(m), &mut f);
        let mut v = f[..n].to_vec();
        v.sort_unstable();
        v
    }

    #[test]
    fn a_move_s_features_do_not_change_with_the_board_s_symmetries_or_the_colours() {
        let n = 7u8;
        let last = n - 1;
        let mirror = |p: Point| Point::new(last - p.col, p.row);
        let transpose = |p: Point| Point::new(p.row, p.col);
        let same = |p: Point| p;
        let maps: [(&dyn Fn(Point) -> Point, bool); 3] =
            [(&mirror, false), (&transpose, false), (&same, true)];
        let mut rng = Rng::new(5);
        let mut checked = 0;
        for game in 0..30 {
            let mut pos = Position::new(Rules::with_pie(n, false).unwrap());
            for _ in 0..(game * 3) % 45 {
                if !pos.play_random(&mut rng) {
                    break;
                }
            }
            if pos.is_over() {
                continue;
            }
            for m in pos.legal_moves() {
                for (map, recolour) in maps {
                    let other = transform(&pos, map, recolour);
                    let m2 = moved(m, map, recolour);
                    assert!(other.is_legal(m2), "{pos} {m} -> {other} {m2}");
                    assert_eq!(
                        features(&pos, m),
                        features(&other, m2),
                        "{pos} {m} -> {other} {m2}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 3000, "{checked}");
    }

    #[test]
    fn every_neighbourhood_has_its_own_index() {
        let mut seen = [false; NEIGHBOURHOODS];
        let mut counts = [0u8; NEIGHBOUR_KINDS];
        for a in 0..NEIGHBOUR_KINDS {
            for b in a..NEIGHBOUR_KINDS {
                for c in b..NEIGHBOUR_KINDS {
                    for d in c..NEIGHBOUR_KINDS {
                        counts.fill(0);
                        for k in [a, b, c, d] {
                            counts[k] += 1;
                        }
                        let i = neighbourhood_index(counts);
                        assert!(!seen[i], "{counts:?}");
                        seen[i] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn the_families_add_up() {
        assert_eq!(FEATURES, 180);
        assert_eq!(usize::from(OFFSET[11]), FEATURES - 1);
    }
}
