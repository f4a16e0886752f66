//! A reviewed game written into its tree (`[%eval]`, glyphs, `[%best]`,
//! the preferred lines) and summed per player.

use super::{MoveClass, MoveReview};
use crate::annotated::{GameTree, NodeId, eval_text};
use crate::game::Game;
use crate::types::{Color, Move};

/// The reviewed game as a tree: each move with its `[%eval]` (Dark's chance
/// after it), a glyph for an inaccuracy or worse with `[%best]` and the
/// preferred line as a variation.
#[must_use]
pub fn annotate(game: &Game, reviews: &[MoveReview]) -> GameTree {
    let mut tree = GameTree::from_game(game);
    let mut at = NodeId::ROOT;
    for r in reviews {
        let Some(node) = tree
            .children(at)
            .first()
            .copied()
            .filter(|&n| tree.move_at(n) == Some(r.played))
        else {
            break;
        };
        let best = r.best.first().copied().filter(|&b| b != r.played);
        mark(&mut tree, node, r.dark, r.class, best);
        if r.class.glyph().is_some() && best.is_some() {
            let mut v = at;
            for &m in &r.best {
                match tree.play(v, m) {
                    Ok(next) => v = next,
                    Err(_) => break,
                }
            }
        }
        at = node;
    }
    tree
}

/// Writes one move's judgement into the tree: `[%eval]` (Dark's chance
/// after it, 0 to 1), the class's glyph and, for an inaccuracy or worse,
/// `[%best]` (if `best` is legal before the move). The rest of the comment
/// (words, other commands) stays after them; a fine move keeps the glyph it
/// had.
pub fn mark(tree: &mut GameTree, node: NodeId, dark: f32, class: MoveClass, best: Option<Move>) {
    let Some(before) = tree.parent(node) else {
        return;
    };
    let eval = eval_text((dark.clamp(0.0, 1.0) * 1000.0).round() as u16);
    let mut comment = format!("[%eval {eval}]");
    if let Some(glyph) = class.glyph() {
        tree.set_glyph(node, Some(glyph));
        if let Some(best) = best.filter(|&b| tree.position(before).check(b).is_ok()) {
            comment.push_str(&format!(" [%best {}]", tree.position(before).token(best)));
        }
    }
    let rest = tree.comment_without(node, &["eval", "best"]);
    if !rest.is_empty() {
        comment.push(' ');
        comment.push_str(&rest);
    }
    // An evaluation, a legal move and words that were a comment: no error,
    // and none to format (which would weigh on the wasm).
    let written = tree.set_comment(node, &comment).is_ok();
    debug_assert!(written, "a comment that does not read: {comment}");
}

/// Per player: inaccuracies, mistakes and blunders, and the mean accuracy.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Moves of each class: fine, inaccuracy, mistake, blunder.
    pub classes: [usize; 4],
    /// The mean of the moves' accuracies (100 with no move).
    pub accuracy: f32,
}

/// The summary of `reviews` for the player who plays `player` (after any
/// swap).
#[must_use]
pub fn summary(reviews: &[MoveReview], player: Color) -> Summary {
    let mine: Vec<&MoveReview> = reviews.iter().filter(|r| r.player == player).collect();
    let mut classes = [0; 4];
    for r in &mine {
        classes[r.class as usize] += 1;
    }
    let accuracy = if mine.is_empty() {
        100.0
    } else {
        mine.iter().map(|r| r.accuracy()).sum::<f32>() / mine.len() as f32
    };
    Summary { classes, accuracy }
}
