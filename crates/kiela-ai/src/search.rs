//! Iterative-deepening principal variation search (negamax alpha-beta with
//! null windows) over rules positions.
//!
//! - Children are generated with [`Position::play_bounded`] and
//!   [`RELAY_LIMIT`]: a sowing still running after that many relays is "not
//!   a move" inside the search (it would take seconds to prove it endless).
//! - Ordering: the transposition-table move, then killers, then captures
//!   (by captured stones) and the history heuristic.
//! - Repetition: the game's earlier positions and the search path are known;
//!   a third occurrence, or any repetition inside the search path, scores as
//!   a draw.
//! - Limits: nodes (deterministic), depth, wall-clock time, a stop flag.
//!   Depth 1 always completes. Under a node budget an unfinished iteration
//!   is discarded; on the clock alone the search uses its whole time, and
//!   keeps from the unfinished iteration a root move that beat the previous
//!   best in a finished search.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::eval::{evaluate, noise};
use super::layout::candidate_layouts;
use super::tt::{Bound, Table, NO_MOVE};
use super::{Info, SearchResult, Settings, RELAY_LIMIT, WIN, WIN_BOUND};
use kiela_rules::{Hole, Layout, Move, Position, Side};

const INFINITY: i32 = WIN + 1;
const MAX_PLY: usize = 128;
/// Move codes at or above this are layout indices (code - LAYOUT_BASE).
const LAYOUT_BASE: u8 = 32;

/// An inner node of the search, as its children's loop needs it.
#[derive(Clone, Copy)]
struct Node {
    hash: u64,
    key: u64,
    side: Side,
    depth: u32,
    ply: usize,
}

/// A child of a node: the position after the move, its code, its order key.
#[derive(Clone, Copy)]
struct Child {
    position: Position,
    code: u8,
    key: i32,
}

/// A reusable searcher: keeps its transposition table between searches (for
/// the engine protocol, where consecutive positions share subtrees). Call
/// [`Searcher::clear`] between games for reproducible results.
pub struct Searcher {
    settings: Settings,
    seed: u64,
    tt: Table,
    nodes: u64,
    started: Instant,
    aborted: bool,
    can_abort: bool,
    killers: [[u8; 2]; MAX_PLY],
    history: [[i32; 20]; 2],
    /// Placement hashes from the root to the current node.
    path: Vec<u64>,
    /// Placements seen at least twice earlier in the game (root excluded):
    /// a third occurrence is a draw. Sorted.
    twice: Vec<u64>,
    /// One list of children per ply, reused (no allocation per node).
    lists: Vec<Vec<Child>>,
}

fn tt_bits(settings: &Settings) -> u32 {
    // About one entry per node budgeted, between 2^12 and 2^21 (32 MiB).
    let nodes = settings.limits.nodes.unwrap_or(1 << 21);
    (64 - nodes.max(1).leading_zeros()).clamp(12, 21)
}

impl Searcher {
    pub fn new(settings: Settings, seed: u64) -> Searcher {
        let tt = Table::new(tt_bits(&settings));
        Searcher {
            settings,
            seed,
            tt,
            nodes: 0,
            started: Instant::now(),
            aborted: false,
            can_abort: false,
            killers: [[NO_MOVE; 2]; MAX_PLY],
            history: [[0; 20]; 2],
            path: Vec::with_capacity(MAX_PLY),
            twice: Vec::new(),
            lists: (0..MAX_PLY).map(|_| Vec::with_capacity(24)).collect(),
        }
    }

    /// Changes the limits, noise or weights; keeps the table if its size fits.
    pub fn set_settings(&mut self, settings: Settings) {
        if tt_bits(&settings) as usize != self.tt.len().trailing_zeros() as usize {
            self.tt = Table::new(tt_bits(&settings));
        }
        self.settings = settings;
    }

    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Forgets everything learnt (transposition table, history heuristic).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history = [[0; 20]; 2];
    }

    /// Searches `root` within the settings' limits, calling `on_info` after
    /// every finished iteration. See [`super::best_move`].
    pub fn search(
        &mut self,
        root: &Position,
        history: &[u64],
        on_info: impl FnMut(&Info),
    ) -> SearchResult {
        self.search_excluding(root, history, &[], on_info)
            .expect("with no move excluded a search always returns a move")
    }

    /// Like [`Searcher::search`], but never considers the root moves in
    /// `excluded`: the best of the remaining moves and its value, or `None`
    /// when no other move is left. Searching again with the best move
    /// excluded gives the second-best move (see [`super::top_moves`]).
    pub fn search_excluding(
        &mut self,
        root: &Position,
        history: &[u64],
        excluded: &[Move],
        mut on_info: impl FnMut(&Info),
    ) -> Option<SearchResult> {
        self.nodes = 0;
        self.started = Instant::now();
        self.aborted = false;
        self.can_abort = false;
        self.killers = [[NO_MOVE; 2]; MAX_PLY];
        for row in &mut self.history {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }
        let root_hash = root.placement_hash();
        let earlier = match history.split_last() {
            Some((&last, rest)) if last == root_hash => rest,
            _ => history,
        };
        let mut counts: HashMap<u64, u8> = HashMap::new();
        for &h in earlier {
            *counts.entry(h).or_default() += 1;
        }
        self.twice = counts
            .into_iter()
            .filter(|&(_, n)| n >= 2)
            .map(|(h, _)| h)
            .collect();
        self.twice.sort_unstable();
        self.path.clear();
        self.path.push(root_hash);

        let layouts = candidate_layouts(root, self.seed);
        let mut moves = Vec::new();
        self.children(&mut moves, root, &layouts, NO_MOVE, 0);
        if moves.is_empty() {
            // Only when nothing is excluded: the fallback's move may be one.
            return excluded.is_empty().then(|| self.fallback(root));
        }
        if !excluded.is_empty() {
            moves.retain(|c| !excluded.contains(&decode(root, c.code, &layouts)));
            if moves.is_empty() {
                return None;
            }
        }
        sort_children(&mut moves);

        let max_depth = self.settings.limits.depth.unwrap_or(MAX_PLY as u32 - 8);
        let max_depth = max_depth.clamp(1, MAX_PLY as u32 - 8);
        let mut result = SearchResult {
            best: decode(root, moves[0].code, &layouts),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        for depth in 1..=max_depth {
            self.can_abort = depth > 1;
            let mut alpha = -INFINITY;
            let beta = INFINITY;
            let mut best = 0;
            for (i, entry) in moves.iter_mut().enumerate() {
                let child = entry.position;
                let score = if i == 0 {
                    -self.negamax(&child, depth - 1, -beta, -alpha, 1)
                } else {
                    let s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                    if s > alpha && !self.aborted {
                        -self.negamax(&child, depth - 1, -beta, -alpha, 1)
                    } else {
                        s
                    }
                };
                if self.aborted {
                    break;
                }
                entry.key = score;
                if score > alpha {
                    alpha = score;
                    best = i;
                }
            }
            if self.aborted {
                // On the clock, a move that beat the previous best in a
                // finished search of this unfinished iteration is the
                // better choice (it was searched deeper than the last
                // iteration saw). A node budget keeps its last full
                // iteration, so that its levels play as measured.
                if best != 0 && self.settings.limits.nodes.is_none() {
                    let chosen = moves[best];
                    result.best = decode(root, chosen.code, &layouts);
                    result.score = alpha;
                    result.pv = self.principal_variation(root, chosen.code, &layouts, depth);
                }
                break;
            }
            // Best first; the rest keep their order (stable).
            let chosen = moves.remove(best);
            moves.insert(0, chosen);
            self.tt
                .store(self.key(root), 0, depth, alpha, Bound::Exact, chosen.code);
            result.best = decode(root, chosen.code, &layouts);
            result.score = alpha;
            result.depth = depth;
            result.nodes = self.nodes;
            result.pv = self.principal_variation(root, chosen.code, &layouts, depth);
            on_info(&Info {
                depth,
                score: alpha,
                nodes: self.nodes,
                elapsed: self.started.elapsed(),
                pv: &result.pv,
            });
            let decided = alpha.abs() > WIN_BOUND && (WIN - alpha.abs()) as u32 <= depth;
            if decided || moves.len() == 1 && depth >= 2 || self.out_of_budget() {
                break;
            }
        }
        result.nodes = self.nodes;
        Some(result)
    }

    /// No sowing finished within the relay bound: decide them exactly.
    fn fallback(&mut self, root: &Position) -> SearchResult {
        let hole = *root
            .legal_moves()
            .first()
            .expect("best_move needs a position with a legal move");
        let best = Move::Sow(hole);
        SearchResult {
            best,
            score: 0,
            depth: 0,
            nodes: self.nodes,
            pv: vec![best],
        }
    }

    fn out_of_budget(&self) -> bool {
        let limits = &self.settings.limits;
        limits.nodes.is_some_and(|n| self.nodes >= n)
            || limits.time.is_some_and(|t| self.started.elapsed() >= t)
            || limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    #[inline]
    fn key(&self, position: &Position) -> u64 {
        let mut key = position.placement_hash();
        if position.may_rearrange(Side::South) {
            key ^= 0x5E1F_0D1C_A7B2_9E31;
        }
        if position.may_rearrange(Side::North) {
            key ^= 0x2D4C_6A8B_1F3E_5D71;
        }
        key ^ (position.variant() as u64).wrapping_mul(0xA24B_AED4_963E_E407)
    }

    /// Whether a position reached inside the search is drawn by repetition.
    fn is_repetition(&self, hash: u64) -> bool {
        let in_path = self.path.iter().filter(|&&h| h == hash).count();
        in_path >= 1 || !self.twice.is_empty() && self.twice.binary_search(&hash).is_ok()
    }

    /// The legal children of `position` (sowings that end within the relay
    /// bound, and the candidate layouts), with order keys, into `out`.
    fn children(
        &self,
        out: &mut Vec<Child>,
        position: &Position,
        layouts: &[Layout],
        tt_move: u8,
        ply: usize,
    ) {
        out.clear();
        let side = position.turn();
        let min = position.variant().min_stones();
        let killers = self.killers.get(ply).copied().unwrap_or([NO_MOVE; 2]);
        for p in 0..20u8 {
            let hole = Hole::from_relative(side, p as usize);
            if position.stones(hole) < min {
                continue;
            }
            let mut next = *position;
            if let Ok(Some(effect)) = next.play_bounded(&Move::Sow(hole), RELAY_LIMIT) {
                let key = if p == tt_move {
                    1 << 28
                } else if p == killers[0] {
                    1 << 26
                } else if p == killers[1] {
                    1 << 25
                } else {
                    ((effect.captured_stones as i32) << 16) + self.history[side.index()][p as usize]
                };
                out.push(Child {
                    position: next,
                    code: p,
                    key,
                });
            }
        }
        for (i, layout) in layouts.iter().enumerate() {
            let mut next = *position;
            if next.play(&Move::Arrange(*layout)).is_ok() {
                let code = LAYOUT_BASE + i as u8;
                out.push(Child {
                    position: next,
                    code,
                    key: if code == tt_move { 1 << 28 } else { -1 },
                });
            }
        }
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.can_abort {
            if self.settings.limits.nodes.is_some_and(|n| self.nodes >= n) {
                self.aborted = true;
            }
            if self.nodes & 1023 == 0 && self.out_of_budget() {
                self.aborted = true;
            }
            if self.aborted {
                return 0;
            }
        }
        let hash = position.placement_hash();
        if self.is_repetition(hash) {
            return 0;
        }
        let side = position.turn();
        let may_rearrange = position.may_rearrange(side);
        if depth == 0 || ply >= MAX_PLY - 1 {
            let min = position.variant().min_stones();
            let any = may_rearrange
                || Hole::all().any(|h| h.owner() == side && position.stones(h) >= min);
            if !any {
                return -(WIN - ply as i32);
            }
            if self.settings.quiescence > 0 && !may_rearrange && ply < MAX_PLY - 1 {
                return self.quiesce(position, hash, alpha, beta, ply, self.settings.quiescence);
            }
            return self.leaf(position, hash);
        }
        let key = self.key(position);
        let mut tt_move = NO_MOVE;
        if let Some(entry) = self.tt.probe(key, ply as u32) {
            tt_move = entry.mv;
            if entry.depth as u32 >= depth && beta - alpha == 1 {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.score >= beta,
                    Bound::Upper => entry.score <= alpha,
                };
                if cut {
                    return entry.score;
                }
            }
        }
        let layouts = if may_rearrange {
            candidate_layouts(position, self.seed)
        } else {
            Vec::new()
        };
        let mut children = std::mem::take(&mut self.lists[ply]);
        self.children(&mut children, position, &layouts, tt_move, ply);
        let node = Node {
            hash,
            key,
            side,
            depth,
            ply,
        };
        let score = self.search_children(&mut children, node, alpha, beta);
        self.lists[ply] = children;
        score
    }

    /// The moves of [`Searcher::negamax`]'s `node`, searched in order.
    fn search_children(
        &mut self,
        children: &mut [Child],
        node: Node,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let Node {
            hash,
            key,
            side,
            depth,
            ply,
        } = node;
        if children.is_empty() {
            return -(WIN - ply as i32);
        }
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_code = NO_MOVE;
        self.path.push(hash);
        for i in 0..children.len() {
            // Selection sort: the best remaining key first.
            let pick = (i..children.len())
                .max_by_key(|&j| (children[j].key, std::cmp::Reverse(j)))
                .expect("non-empty");
            children.swap(i, pick);
            let child = children[i];
            let score = if i == 0 {
                -self.negamax(&child.position, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let s = -self.negamax(&child.position, depth - 1, -alpha - 1, -alpha, ply + 1);
                if s > alpha && s < beta && !self.aborted {
                    -self.negamax(&child.position, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            if self.aborted {
                self.path.pop();
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_code = child.code;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if child.code < LAYOUT_BASE {
                    let k = &mut self.killers[ply];
                    if k[0] != child.code {
                        k[1] = k[0];
                        k[0] = child.code;
                    }
                    let h = &mut self.history[side.index()][child.code as usize];
                    *h = (*h + (depth * depth) as i32).min(60_000);
                }
                break;
            }
        }
        self.path.pop();
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, ply as u32, depth, best_score, bound, best_code);
        best_score
    }

    #[inline]
    fn leaf(&self, position: &Position, hash: u64) -> i32 {
        evaluate(position, &self.settings.weights) + noise(hash, self.seed, self.settings.noise)
    }

    /// Capture-only search below the horizon: the player to move may stand
    /// pat on the evaluation or make a capture.
    fn quiesce(
        &mut self,
        position: &Position,
        hash: u64,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        left: u32,
    ) -> i32 {
        let stand = self.leaf(position, hash);
        if stand >= beta || left == 0 || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut children = std::mem::take(&mut self.lists[ply]);
        self.children(&mut children, position, &[], NO_MOVE, MAX_PLY);
        let score = self.quiesce_children(&mut children, stand, alpha, beta, ply, left);
        self.lists[ply] = children;
        score
    }

    /// The captures of [`Searcher::quiesce`]'s node, best first.
    fn quiesce_children(
        &mut self,
        children: &mut Vec<Child>,
        stand: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        left: u32,
    ) -> i32 {
        if children.is_empty() {
            return -(WIN - ply as i32);
        }
        children.retain(|c| c.key >= 1 << 16);
        sort_children(children);
        let mut best = stand;
        for child in children.iter() {
            self.nodes += 1;
            let h = child.position.placement_hash();
            let score = -self.quiesce(&child.position, h, -beta, -alpha, ply + 1, left - 1);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The best line, following the transposition table from the root.
    fn principal_variation(
        &self,
        root: &Position,
        first: u8,
        layouts: &[Layout],
        depth: u32,
    ) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut position = *root;
        let mut mv = decode(root, first, layouts);
        let mut seen = vec![root.placement_hash()];
        loop {
            let mut after = position;
            if !matches!(after.play_bounded(&mv, RELAY_LIMIT), Ok(Some(_))) {
                break;
            }
            position = after;
            pv.push(mv);
            let hash = position.placement_hash();
            if pv.len() >= depth as usize || seen.contains(&hash) {
                break;
            }
            seen.push(hash);
            let Some(entry) = self.tt.probe(self.key(&position), 0) else {
                break;
            };
            if entry.mv == NO_MOVE {
                break;
            }
            let layouts = candidate_layouts(&position, self.seed);
            if entry.mv >= LAYOUT_BASE && (entry.mv - LAYOUT_BASE) as usize >= layouts.len() {
                break;
            }
            mv = decode(&position, entry.mv, &layouts);
        }
        pv
    }
}

/// The move of `code` in `position` (a relative hole of the mover, or a
/// layout index).
fn decode(position: &Position, code: u8, layouts: &[Layout]) -> Move {
    if code >= LAYOUT_BASE {
        Move::Arrange(layouts[(code - LAYOUT_BASE) as usize])
    } else {
        Move::Sow(Hole::from_relative(position.turn(), code as usize))
    }
}

fn sort_children(children: &mut [Child]) {
    children.sort_by_key(|c| std::cmp::Reverse(c.key));
}
