//! Features of a move, for the learned move model (see `crate::learn`): a
//! few small facts about a placement or a change, seen from the mover's
//! side, that do not change under the board's rotations and reflections or
//! with the mover's colour. Each feature is one of a family's buckets; a
//! move has at most one feature per family.

use super::weights::GAMMA;
use super::{BORDER, EMPTY, Position};
use crate::position::codes::{CHANGE_BASE, Code, SWAP};
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

/// The neighbour kind of a cell's code (a piece 0–3, `EMPTY`, `BORDER`) as
/// the mover's new piece `piece` sees it: `KIND[piece][cell]`.
const KIND: [[u8; 6]; 4] = {
    let mut table = [[0u8; 6]; 4];
    let mut piece = 0;
    while piece < 4 {
        let me = Color::from_code_bit(piece as u8);
        let mut c = 0;
        while c < 6 {
            table[piece][c] = if c == EMPTY as usize {
                Neighbour::Empty as u8
            } else if c == BORDER as usize {
                Neighbour::Border as u8
            } else if c == piece {
                Neighbour::Same as u8
            } else if c as u8 == attacker_code(piece as u8, me) {
                Neighbour::Partner as u8
            } else if c as u8 == attacker_code(piece as u8, me.other()) {
                Neighbour::Hunter as u8
            } else {
                Neighbour::Prey as u8
            };
            c += 1;
        }
        piece += 1;
    }
    table
};

/// The bucket of each value below `N` among the thresholds `upper` (the
/// last entry stands for every value beyond): `bucket` as a table.
const fn buckets<const N: usize>(upper: &[usize]) -> [u8; N] {
    let mut out = [0; N];
    let mut v = 0;
    while v < N {
        let mut b = 0;
        while b < upper.len() && v >= upper[b] {
            b += 1;
        }
        out[v] = b as u8;
        v += 1;
    }
    out
}

/// Buckets of the sizes a placement encloses (values up to 9), of the
/// hunters' it encloses (up to 5) and of the sizes it joins (up to 4).
const SIZE_BUCKET: [u8; 10] = buckets(&[1, 2, 3, 5, 9]);
const HUNTER_BUCKET: [u8; 6] = buckets(&[1, 2, 5]);
const JOINS_BUCKET: [u8; 5] = buckets(&[1, 2, 4]);

/// The families a placement has a feature of (the first seven).
const PLACEMENT_FAMILIES: usize = 7;

impl Position {
    /// The learned model's factor of placing `piece` (the mover's) on the
    /// empty `cell`: the product of its features' factors, in their order
    /// (the playouts' hottest call).
    #[inline]
    pub(crate) fn placement_gamma(&self, cell: usize, piece: u8) -> f32 {
        let mut g = 1.0;
        for (family, b) in self.placement_buckets(cell, piece).into_iter().enumerate() {
            g *= GAMMA[usize::from(OFFSET[family]) + usize::from(b)];
        }
        g
    }

    /// The bucket of each placement family for placing `piece` (the
    /// mover's) on the empty `cell`: branch-free where random play makes
    /// the tests coin flips, with tables for the kinds and the buckets.
    #[inline(always)]
    fn placement_buckets(&self, cell: usize, piece: u8) -> [u8; PLACEMENT_FAMILIES] {
        let nb = self.neighbours(cell);
        // Empty and border cells have group id 0, which has no stones.
        let gids = nb.map(|q| usize::from(self.gid[q]));
        let kinds = nb.map(|q| KIND[usize::from(piece)][usize::from(self.cells[q])]);
        // The four kinds in order as a base-6 number; a table gives its
        // multiset's index.
        let key = ((usize::from(kinds[0]) * 6 + usize::from(kinds[1])) * 6 + usize::from(kinds[2]))
            * 6
            + usize::from(kinds[3]);
        // Per kind: the sizes of the neighbouring groups, each once, that
        // the piece encloses (the sizes it joins, enclosed or not, for Same).
        let mut sizes = [0usize; NEIGHBOUR_KINDS];
        let mut joins_free = false;
        let mut count = [0u8; NEIGHBOUR_KINDS];
        for k in 0..4 {
            let kind = usize::from(kinds[k]);
            count[kind] += 1;
            let g = gids[k];
            let mut first = true;
            let mut touching = 0;
            for (j, &h) in gids.iter().enumerate() {
                first &= !(j < k && h == g);
                touching += u16::from(j >= k && h == g);
            }
            let enclosed = self.libs[g] == touching;
            let same = kind == Neighbour::Same as usize;
            let counted = first & (kind > Neighbour::Border as usize);
            joins_free |= counted & same & !enclosed;
            sizes[kind] += usize::from(self.stones[g]) * usize::from(counted & (same | enclosed));
        }
        // Is the new piece's group enclosed at once, and how do the
        // hunters around it compare with the partners?
        // Without a branch: random play makes it a coin flip.
        let enclosed = u8::from(count[Neighbour::Empty as usize] == 0 && !joins_free);
        let hunters = count[Neighbour::Hunter as usize];
        let partners = count[Neighbour::Partner as usize];
        let own = enclosed * (1 + u8::from(hunters <= partners) + u8::from(hunters < partners));
        [
            NEIGHBOURHOOD[key],
            SIZE_BUCKET[sizes[Neighbour::Prey as usize].min(9)],
            SIZE_BUCKET[sizes[Neighbour::Partner as usize].min(9)],
            HUNTER_BUCKET[sizes[Neighbour::Hunter as usize].min(5)],
            own,
            self.edge[cell].min(4),
            JOINS_BUCKET[sizes[Neighbour::Same as usize].min(4)],
        ]
    }

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
        for (family, b) in self.placement_buckets(cell, piece).into_iter().enumerate() {
            push(family, u16::from(b));
        }
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
    fn a_placement_s_factor_by_lookup_is_the_product_of_its_features_factors() {
        let mut rng = Rng::new(11);
        let mut checked = 0;
        for game in 0..40 {
            let n = [5, 7, 9, 13][game % 4];
            let mut pos = Position::new(Rules::with_pie(n, false).unwrap());
            let plies = (game * 7) % (usize::from(n) * usize::from(n) + 20);
            for _ in 0..plies {
                if !pos.play_random(&mut rng) {
                    break;
                }
            }
            let mut codes = Vec::new();
            pos.move_codes(&mut codes);
            for code in codes.into_iter().filter(|&c| c < CHANGE_BASE) {
                let mut f = [0; MAX_ACTIVE];
                let k = pos.move_features(code, &mut f);
                let product = f[..k]
                    .iter()
                    .fold(1.0f32, |g, &i| g * GAMMA[usize::from(i)]);
                let piece = ((pos.to_move() as u8) << 1) | (code & 1) as u8;
                let lookup = pos.placement_gamma(usize::from(code >> 1), piece);
                assert_eq!(lookup.to_bits(), product.to_bits(), "{pos} {code}");
                checked += 1;
            }
        }
        assert!(checked > 5000, "{checked}");
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
