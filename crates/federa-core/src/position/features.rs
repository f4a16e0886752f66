//! Features of a move, for the learned move model (see `crate::learn`): a
//! few small facts about a placement or a change, seen from the mover's
//! side, that do not change under the board's rotations and reflections or
//! with the mover's colour. Each feature is one of a family's buckets; a
//! move has at most one feature per family.

use super::weights::GAMMA;
use super::{BORDER, CELLS, EMPTY, NOBODY, Position, entitled, group_stones};
use crate::position::fast::{CHANGE_BASE, Code, SWAP};
use crate::types::{Color, attacker_code};

/// Most features a move has.
pub(crate) const MAX_ACTIVE: usize = PLACEMENT_FAMILIES;

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

/// The families of features and their sizes, in the order of the weights:
/// a placement's first (`PLACEMENT_FAMILIES` of them, one feature each),
/// then a change's, then the swap.
pub(crate) const FAMILIES: [(&str, usize); 16] = [
    ("neighbourhood", NEIGHBOURHOODS),
    ("encloses prey", 6),
    ("encloses partner", 6),
    ("encloses hunter", 4),
    (
        "own group enclosed: free, opponent, mover or nobody may change it",
        4,
    ),
    ("edge distance", 5),
    ("joins", 4),
    ("encloses groups the mover may then change, size", 6),
    ("encloses groups the opponent may then change, size", 6),
    ("liberties of the new piece's group", 4),
    ("opponent's groups left one liberty", 3),
    ("change of opponent's group, size", 6),
    ("change of own group, size", 6),
    ("change margin", 8),
    ("change, board filled", 4),
    ("swap", 1),
];

/// The families a placement has a feature of.
const PLACEMENT_FAMILIES: usize = 11;
/// The first family of a change's features, and the swap's family.
const CHANGE_FAMILY: usize = PLACEMENT_FAMILIES;
const SWAP_FAMILY: usize = CHANGE_FAMILY + 4;

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

/// Buckets of the sizes a placement encloses (up to 9 and more), of the
/// hunters' it encloses (up to 5) and of the sizes it joins (up to 4).
const SIZE_BUCKET: [u8; 10] = buckets(&[1, 2, 3, 5, 9]);
const HUNTER_BUCKET: [u8; 6] = buckets(&[1, 2, 5]);
const JOINS_BUCKET: [u8; 5] = buckets(&[1, 2, 4]);

/// Cells marked once each, for counting distinct attackers.
struct Marks([u64; CELLS.div_ceil(64)]);

impl Marks {
    /// Marks `q`; true if it was not marked before.
    #[inline]
    fn first(&mut self, q: usize) -> bool {
        let (word, bit) = (q / 64, 1u64 << (q % 64));
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        new
    }
}

/// Calls `out` with each (cell, piece code) beside a stone of the group
/// `g`, as the board will be with `piece` placed on `cell`.
fn group_stones_of(
    pos: &Position,
    g: usize,
    cell: usize,
    piece: u8,
    out: &mut dyn FnMut(usize, u8),
) {
    for s in group_stones(&pos.next, g) {
        for q in pos.neighbours(s) {
            out(q, if q == cell { piece } else { pos.cells[q] });
        }
    }
}

impl Position {
    /// The learned model's factor of placing `piece` (the mover's) on the
    /// empty `cell`: the product of its features' factors, in their order.
    #[inline]
    pub(crate) fn placement_gamma(&self, cell: usize, piece: u8) -> f32 {
        let buckets = self.placement_buckets(cell, piece);
        let mut g = 1.0;
        for (family, &b) in buckets.iter().enumerate() {
            g *= GAMMA[usize::from(OFFSET[family] + b)];
        }
        g
    }

    /// The bucket of each placement family for placing `piece` (the
    /// mover's) on the empty `cell`. The playouts' hottest call: branch-free
    /// where random play makes the tests coin flips, with tables for the
    /// buckets; only a placement that encloses a group counts attackers.
    #[inline]
    fn placement_buckets(&self, cell: usize, piece: u8) -> [u16; PLACEMENT_FAMILIES] {
        let me = Color::from_code_bit(piece);
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
        let mut count = [0u8; NEIGHBOUR_KINDS];
        // Liberties (adjacencies to empty points) of the new piece's group.
        let mut libs = 0usize;
        let mut one_left = 0usize;
        // Sizes of the enclosed groups the mover and the opponent may change.
        let mut changers = [0usize; 2];
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
            let counted = first & (kind > Neighbour::Border as usize);
            let left = usize::from(self.libs[g].wrapping_sub(touching));
            let enclosed = left == 0;
            let same = kind == Neighbour::Same as usize;
            let size = usize::from(self.stones[g]);
            sizes[kind] += size * usize::from(counted & (same | enclosed));
            libs += left * usize::from(counted & same);
            one_left += usize::from(counted & (kind == Neighbour::Prey as usize) & (left == 1));
            if counted && enclosed && !same {
                let who = self.changer(me, self.cells[g], |out| {
                    group_stones_of(self, g, cell, piece, out);
                });
                if let Some(who) = who {
                    changers[who] += size;
                }
            }
        }
        libs += usize::from(count[Neighbour::Empty as usize]);
        let own = if libs > 0 {
            0
        } else {
            // The new piece's group is enclosed at once: who may change it?
            let who = self.changer(me, piece, |out| {
                for q in nb {
                    out(q, self.cells[q]);
                }
                for k in 0..4 {
                    if usize::from(kinds[k]) == Neighbour::Same as usize
                        && !gids[..k].contains(&gids[k])
                    {
                        group_stones_of(self, gids[k], cell, piece, out);
                    }
                }
            });
            match who {
                Some(1) => 1,
                Some(_) => 2,
                None => 3,
            }
        };
        [
            u16::from(NEIGHBOURHOOD[key]),
            u16::from(SIZE_BUCKET[sizes[Neighbour::Prey as usize].min(9)]),
            u16::from(SIZE_BUCKET[sizes[Neighbour::Partner as usize].min(9)]),
            u16::from(HUNTER_BUCKET[sizes[Neighbour::Hunter as usize].min(5)]),
            own,
            u16::from(self.edge[cell].min(4)),
            u16::from(JOINS_BUCKET[sizes[Neighbour::Same as usize].min(4)]),
            u16::from(SIZE_BUCKET[changers[0].min(9)]),
            u16::from(SIZE_BUCKET[changers[1].min(9)]),
            libs.min(3) as u16,
            one_left.min(2) as u16,
        ]
    }

    /// Who may change an enclosed group of type `code` once the mover
    /// `me` has placed: 0 the mover, 1 the opponent, `None` nobody.
    /// `neighbours` gives every (cell, piece) beside the group's stones; each
    /// cell counts once.
    fn changer(
        &self,
        me: Color,
        code: u8,
        neighbours: impl FnOnce(&mut dyn FnMut(usize, u8)),
    ) -> Option<usize> {
        let attackers = [
            attacker_code(code, Color::Dark),
            attacker_code(code, Color::Light),
        ];
        let mut marks = Marks([0; CELLS.div_ceil(64)]);
        let mut counts = [0u16; 2];
        neighbours(&mut |q, c| {
            if (c == attackers[0] || c == attackers[1]) && marks.first(q) {
                counts[usize::from(c >> 1)] += 1;
            }
        });
        match entitled(counts, code >> 1) {
            NOBODY => None,
            who => Some(usize::from(who != me as u8)),
        }
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
            push(SWAP_FAMILY, 0);
            return n;
        }
        let me = self.to_move;
        if code >= CHANGE_BASE {
            let root = usize::from(self.gid[usize::from(code - CHANGE_BASE)]);
            let size = usize::from(self.stones[root]);
            let enemy = Color::from_code_bit(self.cells[root]) != me;
            let sizes = [2, 3, 5, 9, 17];
            push(CHANGE_FAMILY + usize::from(!enemy), bucket(size, &sizes));
            let [mine, theirs] = [
                self.attackers[root][me.index()],
                self.attackers[root][me.other().index()],
            ];
            let margin = bucket(usize::from(mine.saturating_sub(theirs)), &[1, 2, 3]);
            push(CHANGE_FAMILY + 2, margin + if enemy { 0 } else { 4 });
            let filled = usize::from(self.n_empty) * 4 / self.points().max(1);
            push(CHANGE_FAMILY + 3, 3 - filled.min(3) as u16);
            return n;
        }
        let cell = usize::from(code >> 1);
        let piece = ((me as u8) << 1) | (code & 1) as u8;
        for (family, b) in self.placement_buckets(cell, piece).into_iter().enumerate() {
            push(family, b);
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

    /// The buckets of a placement: the position, then the move.
    fn placement(position: &str, m: &str) -> [u16; PLACEMENT_FAMILIES] {
        let pos: Position = position.parse().unwrap();
        let code = pos.move_code(m.parse().unwrap());
        let piece = ((pos.to_move() as u8) << 1) | (code & 1) as u8;
        pos.placement_buckets(usize::from(code >> 1), piece)
    }

    /// Families 4 and 7 to 10: who may change what a placement encloses,
    /// and the liberties it leaves.
    fn consequences(b: [u16; PLACEMENT_FAMILIES]) -> [u16; 5] {
        [b[4], b[7], b[8], b[9], b[10]]
    }

    #[test]
    fn a_placement_s_features_say_who_may_change_what_it_encloses() {
        // The light round on a1 enclosed by two dark squares: Dark's, 2-0.
        // The new piece keeps two liberties.
        assert_eq!(
            consequences(placement("3/S2/c2 b", "BSb1")),
            [0, 1, 0, 2, 0]
        );
        // Beside a light square instead: 1-1, so its owner's.
        assert_eq!(
            consequences(placement("3/s2/c2 b", "BSb1")),
            [0, 0, 1, 2, 0]
        );
        // Enclosed at once between two light rounds: Light may change it.
        assert_eq!(
            consequences(placement("3/c2/.c1 b", "BCa1")),
            [1, 0, 0, 0, 0]
        );
        // A dark square and a light round: 1-1, the mover's own.
        assert_eq!(
            consequences(placement("3/S2/.c1 b", "BCa1")),
            [2, 0, 0, 0, 0]
        );
        // Light squares do not attack a dark round: nobody may.
        assert_eq!(
            consequences(placement("3/s2/.s1 b", "BCa1")),
            [3, 0, 0, 0, 0]
        );
        // Joining the dark rounds on a1 and a2 with c1's liberty left; then
        // with none, enclosed with them by three light rounds.
        assert_eq!(
            consequences(placement("c2/Cc1/C2 b", "BCb1")),
            [0, 0, 0, 1, 0]
        );
        assert_eq!(
            consequences(placement("c2/Cc1/C.c b", "BCb1")),
            [1, 0, 0, 0, 0]
        );
        // The light round on a1 left one liberty (b1).
        assert_eq!(consequences(placement("3/3/c2 b", "BSa2")), [0, 0, 0, 2, 1]);
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
        assert_eq!(FEATURES, 199);
        assert_eq!(usize::from(OFFSET[SWAP_FAMILY]), FEATURES - 1);
        assert_eq!(SWAP_FAMILY, FAMILIES.len() - 1);
    }
}
