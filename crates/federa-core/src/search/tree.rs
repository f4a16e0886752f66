//! The search tree: nodes in one arena, each node's children side by side,
//! under a hard cap on memory.

use crate::position::codes::Code;
use crate::types::Color;

/// Proven win for the node's beneficiary.
pub(super) const WIN: i8 = 1;
/// Proven loss for the node's beneficiary.
pub(super) const LOSS: i8 = -1;

/// One move of the tree and what is known about it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Node {
    /// Index of the first child; 0 while the node is a leaf (the root, at
    /// index 0, is nobody's child).
    pub first_child: u32,
    /// Simulations through this node.
    pub visits: u32,
    /// Of those, wins for the beneficiary.
    pub wins: f32,
    /// Simulations from the parent in which the beneficiary played this move
    /// later on (all moves as first).
    pub amaf_visits: u32,
    /// Of those, wins for the beneficiary.
    pub amaf_wins: f32,
    /// Virtual wins from the move's prior (out of the search's prior visits).
    pub prior_wins: f32,
    /// The move from the parent.
    pub code: Code,
    /// Number of children.
    pub n_children: u16,
    /// Slots reserved for children at `first_child` (at least `n_children`):
    /// a node that gains children one at a time grows its block by doubling.
    pub capacity: u16,
    /// The colour whose result this node's statistics count (the mover; for
    /// the swap, Dark, as the swapper takes Dark).
    pub beneficiary: u8,
    /// `WIN`, `LOSS` or 0 (unknown), for the beneficiary.
    pub proof: i8,
}

impl Node {
    pub(super) fn new(code: Code, beneficiary: Color) -> Node {
        Node {
            code,
            beneficiary: beneficiary.index() as u8,
            ..Node::default()
        }
    }
}

/// The arena.
pub(super) struct Tree {
    nodes: Vec<Node>,
    /// Scratch for `reroot`: each node's new index.
    remap: Vec<u32>,
    max_nodes: usize,
}

/// Marks in `remap` while rerooting: a node to drop, one kept, and the end
/// of the stack of nodes still to visit.
const DROPPED: u32 = u32::MAX;
const KEPT: u32 = u32::MAX - 1;
const END: u32 = u32::MAX - 2;

impl Tree {
    /// An empty tree that will never use more than `max_bytes`, its nodes
    /// and the scratch space for moving them together.
    pub(super) fn new(max_bytes: usize) -> Tree {
        Tree {
            nodes: Vec::new(),
            remap: Vec::new(),
            max_nodes: max_bytes / (std::mem::size_of::<Node>() + std::mem::size_of::<u32>()),
        }
    }

    /// Bytes the tree may use at most.
    #[cfg(test)]
    pub(super) fn max_bytes(&self) -> usize {
        self.max_nodes * (std::mem::size_of::<Node>() + std::mem::size_of::<u32>())
    }

    /// Bytes reserved now.
    #[cfg(test)]
    pub(super) fn bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.remap.capacity() * std::mem::size_of::<u32>()
    }

    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The most nodes the tree may hold.
    pub(super) fn max_nodes(&self) -> usize {
        self.max_nodes
    }

    pub(super) fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub(super) fn clear(&mut self) {
        self.nodes.clear();
    }

    /// Starts the tree with a root whose beneficiary is the side that moved
    /// last.
    pub(super) fn push_root(&mut self, last_mover: Color) {
        if self.nodes.capacity() < self.max_nodes {
            // All at once: growing a big arena would copy it in the middle
            // of a search. Pages are only touched as nodes are used.
            self.nodes.reserve_exact(self.max_nodes - self.nodes.len());
        }
        self.nodes.push(Node::new(0, last_mover));
    }

    pub(super) fn node(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }

    /// The children of the node `n`, side by side.
    pub(super) fn children(&self, n: &Node) -> &[Node] {
        &self.nodes[n.first_child as usize..][..usize::from(n.n_children)]
    }

    pub(super) fn children_mut(&mut self, n: &Node) -> &mut [Node] {
        &mut self.nodes[n.first_child as usize..][..usize::from(n.n_children)]
    }

    pub(super) fn node_mut(&mut self, i: u32) -> &mut Node {
        &mut self.nodes[i as usize]
    }

    /// Room for `n` children in a row; `None` if that would pass the cap.
    fn allocate(&mut self, n: usize) -> Option<u32> {
        if n == 0 || self.nodes.len() + n > self.max_nodes {
            return None;
        }
        let first = self.nodes.len() as u32;
        self.nodes.resize(self.nodes.len() + n, Node::default());
        Some(first)
    }

    /// Gives the leaf `node` the children `make(k)` for `k` in `0..n`, side
    /// by side; false if that would pass the cap.
    pub(super) fn expand(
        &mut self,
        node: u32,
        n: usize,
        mut make: impl FnMut(usize) -> Node,
    ) -> bool {
        let Some(first) = self.allocate(n) else {
            return false;
        };
        for k in 0..n {
            self.nodes[first as usize + k] = make(k);
        }
        let parent = self.node_mut(node);
        parent.first_child = first;
        parent.n_children = n as u16;
        parent.capacity = n as u16;
        true
    }

    /// Adds one child to `node` (which may have at most `most` children) and
    /// returns its index. A full block moves to the end of the arena with
    /// twice the room; the old one is left unused until the next `reroot`.
    /// `None` if that would pass the cap.
    pub(super) fn add_child(&mut self, node: u32, child: Node, most: usize) -> Option<u32> {
        let n = *self.node(node);
        let count = usize::from(n.n_children);
        if count >= usize::from(n.capacity) {
            let room = (2 * count).max(4).min(most.max(count + 1));
            let first = self.allocate(room)?;
            if count > 0 {
                let old = n.first_child as usize;
                self.nodes.copy_within(old..old + count, first as usize);
            }
            let parent = self.node_mut(node);
            parent.first_child = first;
            parent.capacity = room as u16;
        }
        let parent = self.node_mut(node);
        let at = parent.first_child + u32::from(parent.n_children);
        parent.n_children += 1;
        *self.node_mut(at) = child;
        Some(at)
    }

    /// The child of `node` reached by `code`, if expanded.
    pub(super) fn child_with(&self, node: u32, code: Code) -> Option<u32> {
        let n = self.node(node);
        if n.first_child == 0 {
            return None;
        }
        (n.first_child..n.first_child + u32::from(n.n_children))
            .find(|&i| self.node(i).code == code)
    }

    /// Makes `new_root`'s subtree the whole tree, packed at the front of the
    /// arena (unused slots and the rest dropped) with `new_root` at index 0.
    /// Kept nodes keep their order, so sliding each down to its new index in
    /// index order never overwrites one still to be moved: every new index
    /// is at most the old one, as the old root (index 0) is always dropped.
    pub(super) fn reroot(&mut self, new_root: u32) {
        self.remap.clear();
        self.remap.reserve_exact(self.nodes.len());
        self.remap.resize(self.nodes.len(), DROPPED);
        // Mark the subtree depth first, with the stack threaded through
        // `remap` itself (each node is in one block, reached once).
        let mut top = new_root;
        self.remap[new_root as usize] = END;
        while top != END {
            let i = top as usize;
            top = self.remap[i];
            self.remap[i] = KEPT;
            let n = self.nodes[i];
            for c in n.first_child..n.first_child + u32::from(n.n_children) {
                self.remap[c as usize] = top;
                top = c;
            }
        }
        // New indices: the new root first, then the rest in order.
        self.remap[new_root as usize] = 0;
        let mut kept = 1u32;
        for (i, slot) in self.remap.iter_mut().enumerate() {
            if *slot == KEPT && i != new_root as usize {
                *slot = kept;
                kept += 1;
            }
        }
        let root = self.nodes[new_root as usize];
        for i in 0..self.nodes.len() {
            let to = self.remap[i];
            if to == DROPPED || i == new_root as usize {
                continue;
            }
            self.nodes[to as usize] = self.packed(self.nodes[i]);
        }
        self.nodes[0] = self.packed(root);
        self.nodes.truncate(kept as usize);
    }

    /// A kept node with its children's new place (their block, now exactly
    /// as long as the children).
    fn packed(&self, mut n: Node) -> Node {
        if n.n_children > 0 {
            n.first_child = self.remap[n.first_child as usize];
        } else {
            n.first_child = 0;
        }
        n.capacity = n.n_children;
        n
    }

    /// The proof of an expanded node from its children's proofs: the side
    /// `to_move` there wins if one child is a proven win for it, and loses if
    /// every child is a proven loss. The result is for the node's own
    /// beneficiary, which is the same player as `to_move` exactly when their
    /// colours agree (the swap's beneficiary, Dark, is Light's opponent).
    pub(super) fn children_proof(&self, node: u32, to_move: Color) -> i8 {
        let n = self.node(node);
        let children = n.first_child..n.first_child + u32::from(n.n_children);
        let chooser = if children.clone().any(|i| self.node(i).proof == WIN) {
            WIN
        } else if children.clone().all(|i| self.node(i).proof == LOSS) {
            LOSS
        } else {
            return 0;
        };
        if usize::from(n.beneficiary) == to_move.index() {
            chooser
        } else {
            -chooser
        }
    }
}
