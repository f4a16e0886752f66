//! A puzzle's themes: what its line turns on, told from the line itself.
//!
//! ```
//! use federa_core::Position;
//! use federa_core::puzzle::{Puzzle, Solver, Theme};
//!
//! // The only win is a change: nothing quiet, nothing at the edge.
//! let pos = Position::parse_with_pie("sss/sCs/sss b 16", false).unwrap();
//! let puzzle = Puzzle::find(&pos, 5, &mut Solver::new()).unwrap().unwrap();
//! assert!(puzzle.themes.is_empty());
//! assert_eq!(Theme::from_name("race"), Some(Theme::Race));
//! ```

use crate::position::Position;
use crate::types::{Move, Point};

/// What a puzzle turns on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Theme {
    /// The answer places a piece (no change is the way in).
    Quiet,
    /// The answer places a piece that fills a group's last empty
    /// neighbour, and the solver's next move changes that group.
    Enclosure,
    /// Both sides change groups on the way to the win.
    Race,
    /// The answer places a piece on the board's edge.
    Edge,
}

impl Theme {
    /// Every theme, in the order a puzzle file lists them.
    pub const ALL: [Theme; 4] = [Theme::Quiet, Theme::Enclosure, Theme::Race, Theme::Edge];

    /// The theme's name in a puzzle file and on the page.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Theme::Quiet => "quiet",
            Theme::Enclosure => "enclosure",
            Theme::Race => "race",
            Theme::Edge => "edge",
        }
    }

    /// The theme with this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The themes of the line `line` from `pos` (the answer first), in the
    /// order of [`Theme::ALL`].
    #[must_use]
    pub fn of(pos: &Position, line: &[Move]) -> Vec<Theme> {
        let me = pos.to_move();
        let n = pos.size();
        let mut themes = Vec::new();
        let Some(&Move::Place { at, .. }) = line.first() else {
            if changes_by_both(pos, line) {
                themes.push(Theme::Race);
            }
            return themes;
        };
        themes.push(Theme::Quiet);
        let mut answered = pos.clone();
        answered.play_unchecked(line[0]);
        let mut after = answered.clone();
        let next_own = line[1..].iter().find_map(|&m| {
            let mine = after.to_move() == me;
            let group = match m {
                Move::Change { at, .. } => after.group_at(at).map(|g| g.points),
                _ => None,
            };
            after.play_unchecked(m);
            mine.then_some(group)
        });
        if let Some(Some(changed)) = next_own
            && changed.iter().any(|&p| enclosed_by(pos, &answered, p))
        {
            themes.push(Theme::Enclosure);
        }
        if changes_by_both(pos, line) {
            themes.push(Theme::Race);
        }
        if at.col == 0 || at.row == 0 || at.col + 1 == n || at.row + 1 == n {
            themes.push(Theme::Edge);
        }
        themes
    }
}

/// Whether the group at `p` was open in `before` and is enclosed in
/// `after` (the position once the answer is played).
fn enclosed_by(before: &Position, after: &Position, p: Point) -> bool {
    let open = before.group_at(p).is_some_and(|g| !g.enclosed());
    open && after.group_at(p).is_some_and(|g| g.enclosed())
}

/// Whether each side changes a group somewhere in the line.
fn changes_by_both(pos: &Position, line: &[Move]) -> bool {
    let mut at = pos.clone();
    let mut changed = [false; 2];
    for &m in line {
        if matches!(m, Move::Change { .. }) {
            changed[at.to_move() as usize] = true;
        }
        at.play_unchecked(m);
    }
    changed == [true, true]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Token;

    /// The line of `tokens` from `pos`, each read in the position it is
    /// played in.
    fn line(pos: &Position, tokens: &str) -> Vec<Move> {
        let mut at = pos.clone();
        tokens
            .split(' ')
            .map(|t| {
                let m = t.parse::<Token>().unwrap().to_move(&at).unwrap();
                at.play(m);
                m
            })
            .collect()
    }

    #[test]
    fn an_answer_that_fills_a_group_s_last_empty_neighbour_is_an_enclosure() {
        // The light ring's last empty neighbour is b2: Dark's round there
        // encloses and attacks it, Light has no move, and Dark changes it.
        let pos = Position::parse_with_pie("sss/s.s/sss b 8", false).unwrap();
        let themes = Theme::of(&pos, &line(&pos, "BCb2 BFCa1"));
        assert_eq!(themes, [Theme::Quiet, Theme::Enclosure]);
    }

    #[test]
    fn a_group_the_other_side_encloses_is_not_the_answer_s_enclosure() {
        // Dark's round at c1 attacks the ring, but b2 stays empty until
        // Light fills it: the ring Dark then changes was not enclosed by
        // the answer.
        let pos = Position::parse_with_pie("sss/s.s/ss. b 7", false).unwrap();
        let themes = Theme::of(&pos, &line(&pos, "BCc1 WSb2 BFCa1"));
        assert_eq!(themes, [Theme::Quiet, Theme::Edge]);
    }
}
