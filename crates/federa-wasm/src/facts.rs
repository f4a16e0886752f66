//! Facts the page needs before the engine has loaded (to draw a stored
//! board at once): wasm-bindgen writes these enums into the JavaScript glue
//! as plain objects, usable before the module is instantiated. Their
//! discriminants must be literals; tests check them against federa-core.

use federa_core::Piece;
use wasm_bindgen::prelude::*;

/// A cell of `GameHandle.board`: empty or one of the four pieces.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty = 0,
    DarkRound = 1,
    DarkSquare = 2,
    LightRound = 3,
    LightSquare = 4,
}

impl Cell {
    pub(crate) const PIECES: [Cell; 4] = [
        Cell::DarkRound,
        Cell::DarkSquare,
        Cell::LightRound,
        Cell::LightSquare,
    ];

    pub(crate) fn of(piece: Option<Piece>) -> Cell {
        piece.map_or(Cell::Empty, |p| {
            Cell::PIECES[usize::from(2 * (p.color as u8) + p.shape as u8)]
        })
    }

    pub(crate) fn piece(self) -> Option<Piece> {
        Cell::PIECES
            .iter()
            .position(|&c| c == self)
            .map(|k| Piece::ALL[k])
    }
}

/// The board sizes the rules allow, and the size of a new game.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub enum BoardSize {
    Smallest = 2,
    Default = 13,
    Largest = 25,
}

/// The AI's strength levels, weakest first; a level's name is its variant's
/// name in lower case.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub enum AiLevel {
    Novice = 1,
    Casual = 2,
    Club = 3,
    Strong = 4,
    Master = 5,
}

/// A reviewed move's class, best first; its name is the variant's in lower
/// case, as `MoveClass::name` of the review writes it.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub enum MoveClass {
    Fine = 0,
    Inaccuracy = 1,
    Mistake = 2,
    Blunder = 3,
}

/// A move's glyph in an annotated record, best first; the move list's
/// `glyphName` is the variant's name in lower case (`Glyph::name`).
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub enum Glyph {
    Brilliant = 0,
    Good = 1,
    Interesting = 2,
    Inaccuracy = 3,
    Mistake = 4,
    Blunder = 5,
}

/// Whether a piece of type `attacker` attacks groups of type `group` (the
/// attack table of the rules); false for an empty cell or a code out of range.
#[wasm_bindgen]
pub fn attacks(attacker: u8, group: u8) -> bool {
    let piece = |code: u8| {
        Cell::PIECES
            .get(usize::from(code).wrapping_sub(1))
            .and_then(|c| c.piece())
    };
    matches!((piece(attacker), piece(group)), (Some(a), Some(g)) if a.attacks(g))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece_name;
    use federa_core::review;
    use federa_core::search::Level;
    use federa_core::{MAX_SIZE, MIN_SIZE};

    #[test]
    fn cells_name_the_pieces_of_the_core() {
        for (k, piece) in Piece::ALL.into_iter().enumerate() {
            let cell = Cell::of(Some(piece));
            assert_eq!(cell as usize, k + 1);
            assert_eq!(cell.piece(), Some(piece));
            assert_eq!(
                format!("{cell:?}").to_lowercase(),
                piece_name(piece).to_lowercase()
            );
        }
        assert_eq!(Cell::of(None), Cell::Empty);
    }

    #[test]
    fn the_size_range_is_the_core_s() {
        assert_eq!(BoardSize::Smallest as u8, MIN_SIZE);
        assert_eq!(BoardSize::Default as u8, federa_core::DEFAULT_SIZE);
        assert_eq!(BoardSize::Largest as u8, MAX_SIZE);
    }

    #[test]
    fn move_classes_are_the_review_s_in_order() {
        let ours = [
            MoveClass::Fine,
            MoveClass::Inaccuracy,
            MoveClass::Mistake,
            MoveClass::Blunder,
        ];
        for (k, class) in ours.into_iter().enumerate() {
            assert_eq!(class as usize, k);
            let name = format!("{class:?}").to_lowercase();
            let core = review::MoveClass::from_name(&name).expect("a class of the review");
            assert_eq!(core.name(), name);
        }
        assert_eq!(review::MoveClass::from_name("brilliant"), None);
    }

    #[test]
    fn glyphs_are_the_annotated_record_s_in_order() {
        let ours = [
            Glyph::Brilliant,
            Glyph::Good,
            Glyph::Interesting,
            Glyph::Inaccuracy,
            Glyph::Mistake,
            Glyph::Blunder,
        ];
        for (k, (core, glyph)) in federa_core::Glyph::ALL.into_iter().zip(ours).enumerate() {
            assert_eq!(glyph as usize, k);
            assert_eq!(format!("{glyph:?}").to_lowercase(), core.name());
            assert_eq!(format!("{core:?}").to_lowercase(), core.name());
        }
    }

    #[test]
    fn ai_levels_are_the_search_s_levels_in_order() {
        let levels = [
            AiLevel::Novice,
            AiLevel::Casual,
            AiLevel::Club,
            AiLevel::Strong,
            AiLevel::Master,
        ];
        for (k, (level, ours)) in Level::ALL.into_iter().zip(levels).enumerate() {
            assert_eq!(ours as usize, k + 1);
            assert_eq!(format!("{ours:?}").to_lowercase(), level.name());
        }
    }

    #[test]
    fn attacks_is_the_rules_table() {
        for (a, attacker) in Piece::ALL.into_iter().enumerate() {
            for (g, group) in Piece::ALL.into_iter().enumerate() {
                assert_eq!(attacks(a as u8 + 1, g as u8 + 1), attacker.attacks(group));
            }
        }
        assert!(!attacks(0, 1) && !attacks(1, 0) && !attacks(5, 1) && !attacks(255, 255));
    }
}
