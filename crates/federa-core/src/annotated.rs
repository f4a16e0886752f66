//! A game with variations, comments and glyphs: the annotated record of
//! notation.md ("Annotated records"), read, edited and written.
//!
//! ```
//! use federa_core::GameTree;
//!
//! let text = "5x5 BCc3 WSb3 (WCb3 {calmer}) BCc2?! {[%eval 0.41]}";
//! let tree = GameTree::from_annotated(text, true).unwrap();
//! assert_eq!(tree.main_line_record(), "5x5 BCc3 WSb3 BCc2");
//! assert_eq!(tree.to_annotated(), text);
//! let end = *tree.main_line().last().unwrap();
//! assert_eq!(tree.eval(end), Some(410));
//! ```

use std::fmt;

use crate::game::{Game, canonical, start_position};
use crate::notation::{
    End, EndError, RecordError, Tags, Termination, TimeControl, TimeControlError,
    TimeControlProblem, Token, TokenError, end_of, parse_head, set_end, set_tag, set_time_control,
    time_control_of, write_tag,
};
use crate::position::{IllegalMove, Position};
use crate::types::{Color, Move};

/// A move's mark of quality.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// `!!`
    Brilliant,
    /// `!`
    Good,
    /// `!?`
    Interesting,
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

impl Glyph {
    /// Every glyph, best first.
    pub const ALL: [Glyph; 6] = [
        Glyph::Brilliant,
        Glyph::Good,
        Glyph::Interesting,
        Glyph::Inaccuracy,
        Glyph::Mistake,
        Glyph::Blunder,
    ];

    /// The glyph as written after a token.
    #[must_use]
    pub fn symbol(self) -> &'static str {
        match self {
            Glyph::Brilliant => "!!",
            Glyph::Good => "!",
            Glyph::Interesting => "!?",
            Glyph::Inaccuracy => "?!",
            Glyph::Mistake => "?",
            Glyph::Blunder => "??",
        }
    }

    /// What the glyph means, in lower case: `brilliant`, `good`,
    /// `interesting`, `inaccuracy`, `mistake` or `blunder` (a review's
    /// marked classes keep the same names).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Glyph::Brilliant => "brilliant",
            Glyph::Good => "good",
            Glyph::Interesting => "interesting",
            Glyph::Inaccuracy => "inaccuracy",
            Glyph::Mistake => "mistake",
            Glyph::Blunder => "blunder",
        }
    }

    /// The glyph written `s`, if any.
    #[must_use]
    pub fn from_symbol(s: &str) -> Option<Glyph> {
        Glyph::ALL.into_iter().find(|g| g.symbol() == s)
    }
}

impl fmt::Display for Glyph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// A node of a [`GameTree`]: the start, or the position after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(usize);

impl NodeId {
    /// The start of the game.
    pub const ROOT: NodeId = NodeId(0);

    /// The node's number, stable while the tree lives (a deleted node's
    /// number is not reused).
    #[must_use]
    pub fn index(self) -> usize {
        self.0
    }

    /// The node with this number (check it with [`GameTree::contains`]).
    #[must_use]
    pub fn from_index(index: usize) -> NodeId {
        NodeId(index)
    }
}

#[derive(Clone, Debug)]
struct Node {
    /// The move that led here (`None` at the root).
    mv: Option<Move>,
    parent: NodeId,
    /// The main continuation first, then the variations in order.
    children: Vec<NodeId>,
    comment: String,
    glyph: Option<Glyph>,
    position: Position,
    removed: bool,
}

/// A game as a tree of lines: the main line and its variations, each move
/// with an optional glyph and comment.
///
/// Every move in the tree is legal where it stands; a node has at most one
/// child per move.
#[derive(Clone, Debug)]
pub struct GameTree {
    nodes: Vec<Node>,
    set_up: bool,
    tags: Tags,
}

impl GameTree {
    /// A tree holding the game's whole line (also the moves after its
    /// current ply) and its tags.
    #[must_use]
    pub fn from_game(game: &Game) -> GameTree {
        let mut tree = GameTree::new(game.start().clone());
        tree.tags = game.tags().to_vec();
        let mut at = NodeId::ROOT;
        for &m in game.moves() {
            at = tree
                .play(at, m)
                .unwrap_or_else(|e| unreachable!("a game's moves are legal: {e}"));
        }
        tree
    }

    /// A tree with no moves, starting from `start`.
    #[must_use]
    pub fn new(start: Position) -> GameTree {
        let set_up = start != Position::new(start.rules());
        GameTree {
            nodes: vec![Node {
                mv: None,
                parent: NodeId::ROOT,
                children: Vec::new(),
                comment: String::new(),
                glyph: None,
                position: start,
                removed: false,
            }],
            set_up,
            tags: Vec::new(),
        }
    }

    /// Reads an annotated record (a plain record is one too), checking every
    /// move of every variation. On any error nothing is returned but the
    /// first problem.
    pub fn from_annotated(text: &str, pie: bool) -> Result<GameTree, AnnotatedError> {
        let (tags, size, body) = parse_head(text).map_err(AnnotatedError::Record)?;
        let start = start_position(&tags, size, pie).map_err(AnnotatedError::Record)?;
        let mut tree = GameTree::new(start);
        tree.set_up = tags.iter().any(|(k, _)| k == "Position");
        tree.tags = tags.into_iter().filter(|(k, _)| k != "Position").collect();
        tree.read_body(body)?;
        Ok(tree)
    }

    fn read_body(&mut self, body: &str) -> Result<(), AnnotatedError> {
        // The node the next move follows, and the last move read in the
        // current line (a comment or a variation refers to it).
        let mut at = NodeId::ROOT;
        let mut last: Option<NodeId> = None;
        let mut open: Vec<(usize, NodeId, Option<NodeId>)> = Vec::new();
        let mut index = 0;
        let mut rest = body;
        loop {
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else {
                break;
            };
            index += 1;
            let fail = |problem| AnnotatedError::Element { index, problem };
            match c {
                '(' => {
                    let Some(m) = last else {
                        return Err(fail(ElementProblem::VariationWithoutMove));
                    };
                    open.push((index, at, last));
                    at = self.nodes[m.0].parent;
                    last = None;
                    rest = &rest[1..];
                }
                ')' => {
                    let Some((_, outer_at, outer_last)) = open.pop() else {
                        return Err(fail(ElementProblem::UnopenedVariation));
                    };
                    if last.is_none() {
                        return Err(fail(ElementProblem::EmptyVariation));
                    }
                    at = outer_at;
                    last = outer_last;
                    rest = &rest[1..];
                }
                '{' => {
                    let inner = &rest[1..];
                    let end = inner
                        .find(['{', '}'])
                        .filter(|&e| inner.as_bytes()[e] == b'}')
                        .ok_or_else(|| {
                            fail(if inner.contains('}') {
                                ElementProblem::BraceInComment
                            } else {
                                ElementProblem::UnterminatedComment
                            })
                        })?;
                    let text = inner[..end].trim();
                    let node = match last {
                        Some(m) => m,
                        None if at == NodeId::ROOT && open.is_empty() => NodeId::ROOT,
                        None => return Err(fail(ElementProblem::CommentWithoutMove)),
                    };
                    // Several comments after one move join into one, checked
                    // as a whole, as it will be written.
                    let mut comment = self.nodes[node.0].comment.clone();
                    if !comment.is_empty() && !text.is_empty() {
                        comment.push(' ');
                    }
                    comment.push_str(text);
                    self.check_commands(node, &comment).map_err(fail)?;
                    self.nodes[node.0].comment = comment;
                    rest = &inner[end + 1..];
                }
                '}' => return Err(fail(ElementProblem::BraceInComment)),
                _ => {
                    let end = rest
                        .find(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '{' | '}'))
                        .unwrap_or(rest.len());
                    let word = &rest[..end];
                    let cut = word.trim_end_matches(['!', '?']).len();
                    let (token, glyph) = word.split_at(cut);
                    let glyph = match glyph {
                        "" => None,
                        g => Some(
                            Glyph::from_symbol(g)
                                .ok_or_else(|| fail(ElementProblem::Glyph(g.to_owned())))?,
                        ),
                    };
                    let token: Token = token.parse().map_err(|e| fail(ElementProblem::Token(e)))?;
                    let illegal = |error| {
                        fail(ElementProblem::Illegal {
                            token: token.to_string(),
                            error,
                        })
                    };
                    let m = token.to_move(&self.nodes[at.0].position).map_err(illegal)?;
                    if last.is_none()
                        && let Some(&(_, _, Some(alternative))) = open.last()
                        && self.nodes[alternative.0].mv
                            == Some(canonical(&self.nodes[at.0].position, m))
                    {
                        return Err(fail(ElementProblem::RepeatedMove));
                    }
                    let node = self.play(at, m).map_err(illegal)?;
                    if glyph.is_some() {
                        self.nodes[node.0].glyph = glyph;
                    }
                    at = node;
                    last = Some(node);
                    rest = &rest[end..];
                }
            }
        }
        match open.first() {
            Some(&(index, ..)) => Err(AnnotatedError::Element {
                index,
                problem: ElementProblem::UnclosedVariation,
            }),
            None => Ok(()),
        }
    }

    /// Checks a comment's `[%eval]` and `[%best]` commands for `node`.
    fn check_commands(&self, node: NodeId, text: &str) -> Result<(), ElementProblem> {
        for (name, arg) in commands(text) {
            match name {
                "eval" => {
                    parse_eval(arg).ok_or_else(|| ElementProblem::Eval(arg.to_owned()))?;
                }
                "best" => {
                    let before = &self.nodes[self.nodes[node.0].parent.0].position;
                    let bad = || ElementProblem::Best(arg.to_owned());
                    if node == NodeId::ROOT {
                        return Err(bad());
                    }
                    let token: Token = arg.parse().map_err(|_| bad())?;
                    let m = token.to_move(before).map_err(|_| bad())?;
                    before.check(m).map_err(|_| bad())?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Whether `id` is a node of this tree (not deleted).
    #[must_use]
    pub fn contains(&self, id: NodeId) -> bool {
        self.nodes.get(id.0).is_some_and(|n| !n.removed)
    }

    fn node(&self, id: NodeId) -> &Node {
        let node = &self.nodes[id.0];
        assert!(!node.removed, "node {} was deleted", id.0);
        node
    }

    /// The position at `id`.
    ///
    /// # Panics
    /// If `id` is not in the tree (see [`GameTree::contains`]), as for every
    /// method taking a node.
    #[must_use]
    pub fn position(&self, id: NodeId) -> &Position {
        &self.node(id).position
    }

    /// The position the game starts from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.nodes[0].position
    }

    /// The move that led to `id` (`None` at the root).
    #[must_use]
    pub fn move_at(&self, id: NodeId) -> Option<Move> {
        self.node(id).mv
    }

    /// The node before `id` (`None` at the root).
    #[must_use]
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        (id != NodeId::ROOT).then(|| self.node(id).parent)
    }

    /// The moves from `id`: the main continuation first.
    #[must_use]
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.node(id).children
    }

    /// The comment of the move at `id` (at the root: of the whole game).
    #[must_use]
    pub fn comment(&self, id: NodeId) -> &str {
        &self.node(id).comment
    }

    /// Replaces the comment of `id`. Refused if it holds a brace or a
    /// malformed `[%eval]` or `[%best]`.
    pub fn set_comment(&mut self, id: NodeId, text: &str) -> Result<(), ElementProblem> {
        if text.contains(['{', '}']) {
            return Err(ElementProblem::BraceInComment);
        }
        let text = text.trim();
        self.check_commands(id, text)?;
        self.nodes[id.0].comment = text.to_owned();
        Ok(())
    }

    /// The comment of `id` without its `[%…]` commands: the words a reader
    /// sees.
    #[must_use]
    pub fn comment_text(&self, id: NodeId) -> String {
        strip_commands(self.comment(id), |_| true)
    }

    /// The comment of `id` without the commands `names` lists; the rest,
    /// other commands and words, as it was.
    pub(crate) fn comment_without(&self, id: NodeId, names: &[&str]) -> String {
        strip_commands(self.comment(id), |name| names.contains(&name))
    }

    /// The glyph of the move at `id`.
    #[must_use]
    pub fn glyph(&self, id: NodeId) -> Option<Glyph> {
        self.node(id).glyph
    }

    /// Sets or clears the glyph of the move at `id` (the root has none).
    pub fn set_glyph(&mut self, id: NodeId, glyph: Option<Glyph>) {
        if id != NodeId::ROOT {
            self.nodes[id.0].glyph = glyph;
        }
    }

    /// The evaluation after the move at `id`, from its comment's
    /// `[%eval X]`: Dark's chance of winning in thousandths.
    #[must_use]
    pub fn eval(&self, id: NodeId) -> Option<u16> {
        commands(self.comment(id))
            .find(|&(name, _)| name == "eval")
            .and_then(|(_, arg)| parse_eval(arg))
    }

    /// The move the analysis preferred to the one at `id`, from its
    /// comment's `[%best TOKEN]`.
    #[must_use]
    pub fn best(&self, id: NodeId) -> Option<Move> {
        let before = self.position(self.parent(id)?);
        let (_, arg) = commands(self.comment(id)).find(|&(name, _)| name == "best")?;
        arg.parse::<Token>().ok()?.to_move(before).ok()
    }

    /// Plays `m` after `id`: the child with that move if there is one, else
    /// a new one after the others (a new variation, or the main line's next
    /// move if `id` had none). An illegal move changes nothing.
    pub fn play(&mut self, id: NodeId, m: Move) -> Result<NodeId, IllegalMove> {
        let before = &self.node(id).position;
        before.check(m)?;
        let m = canonical(before, m);
        if let Some(&child) = self
            .node(id)
            .children
            .iter()
            .find(|&&c| self.nodes[c.0].mv == Some(m))
        {
            return Ok(child);
        }
        let mut position = before.clone();
        position.play_unchecked(m);
        let child = NodeId(self.nodes.len());
        self.nodes.push(Node {
            mv: Some(m),
            parent: id,
            children: Vec::new(),
            comment: String::new(),
            glyph: None,
            position,
            removed: false,
        });
        self.nodes[id.0].children.push(child);
        Ok(child)
    }

    /// The main line's nodes after the root, in order.
    #[must_use]
    pub fn main_line(&self) -> Vec<NodeId> {
        self.line_from(NodeId::ROOT)
    }

    /// The main continuation from `id` (not including it) to its end.
    #[must_use]
    pub fn line_from(&self, id: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = id;
        while let Some(&next) = self.children(at).first() {
            line.push(next);
            at = next;
        }
        line
    }

    /// The nodes from the root's first move down to `id`.
    #[must_use]
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(parent) = self.parent(at) {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The moves from the start to `id`.
    #[must_use]
    pub fn moves_to(&self, id: NodeId) -> Vec<Move> {
        self.path_to(id)
            .into_iter()
            .filter_map(|n| self.node(n).mv)
            .collect()
    }

    /// Moves the variation holding `id` one place up among its siblings,
    /// where it branches off: the first place is the main line. False if
    /// `id` is on the main line already.
    pub fn promote(&mut self, id: NodeId) -> bool {
        let Some(branch) = self
            .path_to(id)
            .into_iter()
            .rev()
            .find(|&n| self.nodes[self.node(n).parent.0].children[0] != n)
        else {
            return false;
        };
        let parent = self.nodes[branch.0].parent;
        let siblings = &mut self.nodes[parent.0].children;
        let k = siblings.iter().position(|&c| c == branch).expect("a child");
        siblings.swap(k, k - 1);
        true
    }

    /// Promotes the line through `id` until it is the main line.
    pub fn make_main_line(&mut self, id: NodeId) {
        while self.promote(id) {}
    }

    /// Deletes the move at `id` and everything after it; false at the root.
    pub fn delete(&mut self, id: NodeId) -> bool {
        let Some(parent) = self.parent(id) else {
            return false;
        };
        self.nodes[parent.0].children.retain(|&c| c != id);
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            let node = &mut self.nodes[n.0];
            node.removed = true;
            node.comment.clear();
            stack.append(&mut node.children);
        }
        true
    }

    /// The game's tags, in order (a `Position` tag is not among them).
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Sets a tag (replacing one of the same key); `Position` is written
    /// from the start and cannot be set.
    pub fn set_tag(&mut self, key: &str, value: &str) {
        set_tag(&mut self.tags, key, value);
    }

    /// How the game ended outside the rules, as its `[Result]` and
    /// `[Termination]` tags record it ([`Game::ended`]); the board that
    /// decides is the main line's end.
    #[must_use]
    pub fn ended(&self) -> Option<End> {
        end_of(&self.tags).filter(|_| self.main_winner().is_none())
    }

    /// Ends the game outside the rules, as [`Game::end`] does; refused
    /// when the main line ends in a win on the board.
    pub fn end(&mut self, winner: Color, how: Termination) -> Result<(), EndError> {
        let on_board = self.main_winner();
        set_end(&mut self.tags, on_board, winner, how)
    }

    /// The winner on the board at the main line's end: the game is over
    /// there, whichever line or position is shown.
    #[must_use]
    pub fn main_winner(&self) -> Option<Color> {
        let end = self.main_line().last().copied().unwrap_or(NodeId::ROOT);
        self.position(end).winner()
    }

    /// The time control of the `[TimeControl]` tag ([`Game::time_control`]).
    pub fn time_control(&self) -> Result<Option<TimeControl>, TimeControlError> {
        time_control_of(&self.tags)
    }

    /// Sets the `[TimeControl]` tag ([`Game::set_time_control`]).
    pub fn set_time_control(&mut self, tc: TimeControl) -> Result<(), TimeControlProblem> {
        set_time_control(&mut self.tags, tc)
    }

    /// The main line as a [`Game`], with the tags, at its end.
    #[must_use]
    pub fn main_game(&self) -> Game {
        let mut game = Game::from_position(self.start().clone());
        for (k, v) in &self.tags {
            game.set_tag(k, v);
        }
        for n in self.main_line() {
            if let Err(e) = game.play(self.node(n).mv.expect("a move")) {
                unreachable!("the tree's moves are legal: {e}");
            }
        }
        game
    }

    /// The plain record of the main line (what the designer's tool reads).
    #[must_use]
    pub fn main_line_record(&self) -> String {
        self.main_game().record()
    }

    /// The annotated record: tags, size, the game's comment, then the main
    /// line with every variation, glyph and comment.
    #[must_use]
    pub fn to_annotated(&self) -> String {
        let mut out = String::new();
        if self.set_up {
            write_tag(&mut out, "Position", &self.start().to_string());
        }
        for (k, v) in &self.tags {
            write_tag(&mut out, k, v);
        }
        let n = self.start().size();
        out.push_str(&format!("{n}x{n}"));
        self.write_comment(&mut out, NodeId::ROOT);
        self.write_from(&mut out, NodeId::ROOT);
        out
    }

    fn write_from(&self, out: &mut String, id: NodeId) {
        let mut at = id;
        while let Some((&main, variations)) = self.children(at).split_first() {
            self.write_move(out, main);
            for &v in variations {
                out.push_str(" (");
                let mark = out.len();
                self.write_move(out, v);
                // No space after the opening parenthesis.
                out.remove(mark);
                self.write_from(out, v);
                out.push(')');
            }
            at = main;
        }
    }

    fn write_move(&self, out: &mut String, id: NodeId) {
        let node = self.node(id);
        out.push(' ');
        out.push_str(&node.mv.expect("a move").to_string());
        if let Some(glyph) = node.glyph {
            out.push_str(glyph.symbol());
        }
        self.write_comment(out, id);
    }

    fn write_comment(&self, out: &mut String, id: NodeId) {
        let comment = self.comment(id);
        if !comment.is_empty() {
            out.push_str(" {");
            out.push_str(comment);
            out.push('}');
        }
    }
}

/// `text` without the `[%name …]` commands `drop` picks by name (and the
/// space after each); a `[%` never closed stays as text.
fn strip_commands(text: &str, drop: impl Fn(&str) -> bool) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = command_start(rest) {
        let after = &rest[start + 2..];
        // As `commands` reads it: a command closes before the next `[%`.
        let close = after
            .find(']')
            .filter(|&c| command_start(after).is_none_or(|o| c < o));
        let Some(len) = close else {
            out.push_str(&rest[..start + 2]);
            rest = after;
            continue;
        };
        let end = start + 2 + len + 1;
        let name = after[..len].split(' ').next().unwrap_or("");
        if drop(name) {
            out.push_str(&rest[..start]);
            rest = rest[end..].strip_prefix(' ').unwrap_or(&rest[end..]);
        } else {
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        }
    }
    out.push_str(rest);
    out.trim().to_owned()
}

/// Where the first `[%` of `text` starts. (A scan of the bytes: a string
/// pattern's searcher would add kilobytes to the wasm.)
fn command_start(text: &str) -> Option<usize> {
    text.as_bytes().windows(2).position(|w| w == b"[%")
}

/// The `[%name arg]` commands of a comment: what follows each `[%` up to a
/// `]` before the next `[%`.
fn commands(text: &str) -> impl Iterator<Item = (&str, &str)> {
    let mut rest = text;
    std::iter::from_fn(move || {
        loop {
            let after = &rest[command_start(rest)? + 2..];
            let part = &after[..command_start(after).unwrap_or(after.len())];
            rest = &after[part.len()..];
            if let Some(close) = part.find(']') {
                let inner = &part[..close];
                let (name, arg) = inner.split_once(' ').unwrap_or((inner, ""));
                return Some((name, arg.trim()));
            }
        }
    })
}

/// `0` to `1` with at most three decimals, in thousandths.
fn parse_eval(arg: &str) -> Option<u16> {
    let (whole, fraction) = arg.split_once('.').unwrap_or((arg, ""));
    if !matches!(whole, "0" | "1")
        || fraction.len() > 3
        || (arg.contains('.') && fraction.is_empty())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let thousandths = fraction
        .bytes()
        .chain(std::iter::repeat(b'0'))
        .take(3)
        .fold(0u16, |n, b| n * 10 + u16::from(b - b'0'));
    let value = if whole == "1" { 1000 } else { 0 } + thousandths;
    (value <= 1000).then_some(value)
}

/// Writes thousandths as `[%eval]` does: `0.413`, `1`, `0.5`.
#[must_use]
pub fn eval_text(thousandths: u16) -> String {
    let t = thousandths.min(1000);
    if t.is_multiple_of(1000) {
        return (t / 1000).to_string();
    }
    let digits = format!("{:03}", t % 1000);
    format!("0.{}", digits.trim_end_matches('0'))
}

/// Why an annotated record was rejected. Nothing from it is applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnnotatedError {
    /// The tags, the size token or the `[Position]` tag, as for a plain
    /// record.
    Record(RecordError),
    /// An element after the size token: a move, a parenthesis or a comment.
    Element {
        /// Which element (1-based).
        index: usize,
        /// What is wrong with it.
        problem: ElementProblem,
    },
}

/// What is wrong with an element of an annotated record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ElementProblem {
    /// Not a move token.
    Token(TokenError),
    /// A move that is illegal where it stands.
    Illegal {
        /// The token as read.
        token: String,
        /// Why.
        error: IllegalMove,
    },
    /// Text after a token that is not one of the six glyphs.
    Glyph(String),
    /// `(` with no move before it in its line.
    VariationWithoutMove,
    /// `)` with no `(` open.
    UnopenedVariation,
    /// `(` never closed.
    UnclosedVariation,
    /// `()` with no move.
    EmptyVariation,
    /// A variation that starts with the very move it is an alternative to.
    RepeatedMove,
    /// `{` with no `}`.
    UnterminatedComment,
    /// A brace inside a comment, or `}` alone.
    BraceInComment,
    /// A comment that follows no move (only the game's comment may stand
    /// first).
    CommentWithoutMove,
    /// `[%eval X]` where X is not a number from 0 to 1 with at most three
    /// decimals.
    Eval(String),
    /// `[%best X]` where X is not a move legal before the commented one.
    Best(String),
}

impl fmt::Display for ElementProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElementProblem::Token(e) => e.fmt(f),
            ElementProblem::Illegal { token, error } => write!(f, "`{token}` is illegal: {error}"),
            ElementProblem::Glyph(g) => write!(
                f,
                "`{g}` is not a glyph (one of !! ! !? ?! ? ??, right after the move)"
            ),
            ElementProblem::VariationWithoutMove => {
                f.write_str("a variation `(` must follow a move of its line")
            }
            ElementProblem::UnopenedVariation => f.write_str("`)` closes no variation"),
            ElementProblem::UnclosedVariation => f.write_str("this `(` is never closed"),
            ElementProblem::EmptyVariation => f.write_str("a variation holds at least one move"),
            ElementProblem::RepeatedMove => {
                f.write_str("a variation starts with the move it is an alternative to")
            }
            ElementProblem::UnterminatedComment => f.write_str("this `{` is never closed"),
            ElementProblem::BraceInComment => f.write_str("a comment cannot hold a brace"),
            ElementProblem::CommentWithoutMove => {
                f.write_str("a comment must follow a move (or stand first, for the game)")
            }
            ElementProblem::Eval(x) => write!(
                f,
                "`[%eval {x}]`: the evaluation is a number from 0 to 1 with at most three decimals"
            ),
            ElementProblem::Best(x) => write!(
                f,
                "`[%best {x}]` is not a move legal before the commented one"
            ),
        }
    }
}

impl fmt::Display for AnnotatedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnnotatedError::Record(e) => e.fmt(f),
            AnnotatedError::Element { index, problem } => write!(f, "element {index}: {problem}"),
        }
    }
}

impl std::error::Error for AnnotatedError {}
impl std::error::Error for ElementProblem {}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> GameTree {
        GameTree::from_annotated(text, true).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn the_notation_example_reads_and_writes_back() {
        let text =
            "9x9 BCe5 WSd5 (WCd5 BSe4 {calmer}) (swap WCd5) BCe4?! {[%eval 0.41]} WSd4 BSf5!";
        let tree = read(text);
        assert_eq!(tree.to_annotated(), text);
        assert_eq!(tree.main_line_record(), "9x9 BCe5 WSd5 BCe4 WSd4 BSf5");
        let first = tree.children(NodeId::ROOT)[0];
        let alternatives: Vec<String> = tree
            .children(first)
            .iter()
            .map(|&c| tree.move_at(c).unwrap().to_string())
            .collect();
        assert_eq!(alternatives, ["WSd5", "WCd5", "swap"]);
        let line = tree.main_line();
        assert_eq!(tree.glyph(line[2]), Some(Glyph::Inaccuracy));
        assert_eq!(tree.glyph(line[4]), Some(Glyph::Good));
        assert_eq!(tree.eval(line[2]), Some(410));
        let calmer = tree.line_from(tree.children(first)[1]);
        assert_eq!(tree.comment(calmer[0]), "calmer");
    }

    #[test]
    fn variations_nest_and_a_game_comment_stands_first() {
        let text = "[Dark \"Ann\"]\n5x5 {a short game} BCc3 WSb3 (WCb3 BSc2 (BCc2 WSd3?? (WCd3)) WSa1) BCc2";
        let tree = read(text);
        assert_eq!(tree.comment(NodeId::ROOT), "a short game");
        assert_eq!(tree.tags(), [("Dark".to_owned(), "Ann".to_owned())]);
        assert_eq!(tree.to_annotated(), text);
        let plain = Game::from_record(&tree.main_line_record(), true).unwrap();
        assert_eq!(plain.record(), "[Dark \"Ann\"]\n5x5 BCc3 WSb3 BCc2");
    }

    #[test]
    fn a_plain_record_is_an_annotated_one() {
        let record = "3x3 BCb2 WSa3 BSa2 WCb3 BCc3 WSc2 BSb1 WCa1 BCc1 WFSb3";
        let tree = read(record);
        assert_eq!(tree.to_annotated(), record);
        assert_eq!(tree.main_line_record(), record);
        let from_game = GameTree::from_game(&Game::from_record(record, true).unwrap());
        assert_eq!(from_game.to_annotated(), record);
    }

    #[test]
    fn a_set_up_start_keeps_its_position_tag() {
        let tree = read("[Position \"sc./c../... b 4\"]\n3x3 BCc3 {here}");
        assert_eq!(
            tree.to_annotated(),
            "[Position \"sc./c2/3 b 4\"]\n3x3 BCc3 {here}"
        );
        assert_eq!(
            tree.main_line_record(),
            "[Position \"sc./c2/3 b 4\"]\n3x3 BCc3"
        );
    }

    #[test]
    fn changes_are_written_at_their_canonical_point_and_read_without_the_shape() {
        let tree = read("3x3 BCb2 WSa3 BSa2 WCb3 BCc3 WSc2 BSb1 WCa1 BCc1 WFb3");
        assert!(tree.main_line_record().ends_with("WFSb3"));
    }

    #[test]
    fn stuck_together_elements_read_like_spaced_ones() {
        let tree = read("5x5{game}BCc3(BCb2{x})WSd4!?{[%eval 0.5] [%best WSb4]}");
        assert_eq!(
            tree.to_annotated(),
            "5x5 {game} BCc3 (BCb2 {x}) WSd4!? {[%eval 0.5] [%best WSb4]}"
        );
        let last = tree.main_line()[1];
        assert_eq!(tree.eval(last), Some(500));
        assert_eq!(
            tree.best(last).map(|m| m.to_string()).as_deref(),
            Some("WSb4")
        );
    }

    #[test]
    fn variations_with_the_same_first_move_share_it() {
        let tree = read("5x5 BCc3 WSd4 (WSb3 BCb2) (WSb3 BCd2)");
        let first = tree.main_line()[0];
        assert_eq!(tree.children(first).len(), 2);
        assert_eq!(tree.to_annotated(), "5x5 BCc3 WSd4 (WSb3 BCb2 (BCd2))");
    }

    #[test]
    fn every_malformed_element_is_named_with_its_index() {
        let cases = [
            ("5x5 (BCc3)", 1, "must follow a move"),
            ("5x5 BCc3 )", 2, "closes no variation"),
            ("5x5 BCc3 (BCd4", 2, "never closed"),
            ("5x5 BCc3 ()", 3, "at least one move"),
            (
                "5x5 BCc3 (BCc3 WSb3)",
                3,
                "the move it is an alternative to",
            ),
            ("5x5 BCc3 {open", 2, "never closed"),
            ("5x5 BCc3 {a {b}}", 2, "brace"),
            ("5x5 BCc3 }", 2, "brace"),
            ("5x5 BCc3 ({x} WSd4)", 3, "must follow a move"),
            ("5x5 BCc3?? WSd4?x", 2, "not a move token"),
            ("5x5 BCc3!!! WSd4", 1, "not a glyph"),
            ("5x5 BCc3 WSd4 WCd3", 3, "illegal"),
            ("5x5 BCc3 (WSd4)", 3, "illegal"),
            ("5x5 BCc3 {[%eval 1.2]}", 2, "[%eval 1.2]"),
            ("5x5 BCc3 {[%eval 0.4135]}", 2, "at most three decimals"),
            ("5x5 BCc3 {[%eval .5]}", 2, "eval"),
            ("5x5 BCc3 {[%best WSd4]}", 2, "not a move legal"),
            ("5x5 {[%best BCc3]} BCc3", 1, "not a move legal"),
        ];
        for (text, index, needle) in cases {
            match GameTree::from_annotated(text, true) {
                Err(e @ AnnotatedError::Element { index: i, .. }) => {
                    assert_eq!(i, index, "{text}: {e}");
                    assert!(e.to_string().contains(needle), "{text}: {e}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
        for (text, needle) in [
            ("", "no size token"),
            ("5x6 BCc3", "5x6"),
            ("[Dark x]\n5x5", "tag 1"),
        ] {
            let e = GameTree::from_annotated(text, true).unwrap_err();
            assert!(matches!(e, AnnotatedError::Record(_)), "{text}");
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn comments_after_one_move_join_and_are_checked_together() {
        let tree = read("5x5 BCc3 {[%best} {BCd4]} {} { }");
        assert_eq!(tree.to_annotated(), "5x5 BCc3 {[%best BCd4]}");
        let e = GameTree::from_annotated("5x5 {[%best} {BCc3]}", true).unwrap_err();
        assert!(
            e.to_string().starts_with("element 2: `[%best BCc3]`"),
            "{e}"
        );
    }

    #[test]
    fn other_commands_are_kept() {
        let tree = read("5x5 BCc3 {[%clk 0:01:00] fine}");
        assert_eq!(tree.to_annotated(), "5x5 BCc3 {[%clk 0:01:00] fine}");
    }

    #[test]
    fn evaluations_are_written_with_at_most_three_decimals() {
        for (t, text) in [
            (0, "0"),
            (1000, "1"),
            (500, "0.5"),
            (413, "0.413"),
            (40, "0.04"),
        ] {
            assert_eq!(eval_text(t), text);
            assert_eq!(parse_eval(text), Some(t));
        }
        for bad in [
            "", "2", "0.", "-0.1", "1.001", "0.1234", "01", "0,5", "0.5e1",
        ] {
            assert_eq!(parse_eval(bad), None, "{bad}");
        }
    }

    #[test]
    fn promoting_a_variation_makes_it_the_main_line_step_by_step() {
        let mut tree = read("5x5 BCc3 WSb3 (WCb3) (WSd4 BCd3) BCc2");
        let first = tree.main_line()[0];
        let d4 = tree.children(first)[2];
        let d3 = tree.children(d4)[0];
        assert!(tree.promote(d3));
        assert_eq!(tree.to_annotated(), "5x5 BCc3 WSb3 (WSd4 BCd3) (WCb3) BCc2");
        tree.make_main_line(d3);
        assert_eq!(tree.to_annotated(), "5x5 BCc3 WSd4 (WSb3 BCc2) (WCb3) BCd3");
        assert!(!tree.promote(d3));
        assert_eq!(tree.moves_to(d3).len(), 3);
    }

    #[test]
    fn deleting_a_move_drops_what_follows_it() {
        let mut tree = read("5x5 BCc3 WSb3 (WCb3 BCd3) BCc2");
        let first = tree.main_line()[0];
        let b3 = tree.children(first)[1];
        let d3 = tree.children(b3)[0];
        assert!(tree.delete(b3));
        assert!(!tree.contains(b3) && !tree.contains(d3));
        assert_eq!(tree.to_annotated(), "5x5 BCc3 WSb3 BCc2");
        assert!(!tree.delete(NodeId::ROOT));
    }

    #[test]
    fn playing_an_illegal_move_or_a_bad_comment_changes_nothing() {
        let mut tree = read("5x5 BCc3");
        let first = tree.main_line()[0];
        let before = tree.to_annotated();
        assert!(tree.play(first, "BCd4".parse().unwrap()).is_err());
        assert!(tree.set_comment(first, "a } b").is_err());
        assert!(tree.set_comment(first, "[%eval 3]").is_err());
        assert_eq!(tree.to_annotated(), before);
        tree.set_comment(first, " good [%eval 0.61] ").unwrap();
        assert_eq!(tree.eval(first), Some(610));
    }

    #[test]
    fn a_trees_end_is_its_main_lines_and_round_trips() {
        let mut tree =
            GameTree::from_annotated("5x5 BCc3 WSb3 (WCb3 {calmer}) BCc2", true).unwrap();
        tree.end(Color::Dark, Termination::Time).unwrap();
        tree.set_time_control(TimeControl::ByoYomi {
            main: 0,
            periods: 3,
            period: 10,
        })
        .unwrap();
        let text = tree.to_annotated();
        assert!(text.starts_with(
            "[Result \"B\"]\n[Termination \"time\"]\n[TimeControl \"0/byo 3x10\"]\n5x5"
        ));
        let read = GameTree::from_annotated(&text, true).unwrap();
        let end = Some(End {
            winner: Color::Dark,
            how: Termination::Time,
        });
        assert_eq!(read.ended(), end);
        assert_eq!(read.main_game().ended(), end);
        assert_eq!(read.time_control(), tree.time_control());

        let text =
            "[Result \"W\"]\n[Termination \"resign\"]\n[Position \"CCC/CCC/CC. b\"]\n3x3 BCc1";
        let mut won = GameTree::from_annotated(text, true).unwrap();
        assert_eq!(won.ended(), None, "a tag never overrides the board");
        assert_eq!(
            won.end(Color::Light, Termination::Resign),
            Err(EndError::Won {
                winner: Color::Dark
            })
        );
    }
}
