//! A small exact solver: proves a forced win or loss for the player to move
//! within a node budget, or says it could not.
//!
//! It looks at results only (no evaluation): a player with no legal move at
//! their turn loses. Iterative deepening over a plain AND/OR search, so the
//! first proof found is the shortest. It is meant for small positions
//! (endings, a few plies to the end) and stays sound where it is unsure:
//!
//! - a repeated position (on the path, or already seen in the game) is
//!   "unknown", never a win or a loss (repetition may draw);
//! - a sowing still running after [`RELAY_LIMIT`] relays is an unknown
//!   move: it may be legal, so it blocks a proof of loss;
//! - Expert positions where a player may still rearrange are not solved.

use kiela_rules::{Hole, Move, Position};

use super::RELAY_LIMIT;

/// What [`solve`] proved, from the view of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The player to move wins in at most `plies` plies (odd: the last is
    /// theirs) by playing `first`, whatever the opponent does.
    Win { plies: u32, first: Move },
    /// The player to move loses within `plies` plies (even; 0: they have no
    /// legal move now) whatever they do.
    Loss { plies: u32 },
}

/// Proves the result of `position` for the player to move within
/// `max_nodes` positions visited, looking at most `max_plies` plies ahead;
/// `None` when neither a win nor a loss is proven. `history` holds the
/// game's earlier placement hashes (as for [`super::best_move`]); positions
/// in it count as unknown. Deterministic.
///
/// ```
/// use kiela_ai::{solve, Proof};
/// use kiela_rules::{Position, Side, Variant};
/// // North holds single stones only: any sowing of South's wins at once.
/// let mut board = [0u8; 40];
/// board[0] = 2; // A1
/// board[30] = 1; // A4
/// let position = Position::from_board(Variant::Standard, board, Side::South);
/// assert!(matches!(solve(&position, &[], 1_000, 9), Some(Proof::Win { plies: 1, .. })));
/// ```
pub fn solve(
    position: &Position,
    history: &[u64],
    max_nodes: u64,
    max_plies: u32,
) -> Option<Proof> {
    if position.may_rearrange(position.turn()) || position.may_rearrange(position.turn().opponent())
    {
        return None;
    }
    // The current position may end the history (as for the search).
    let earlier = match history.split_last() {
        Some((&last, rest)) if last == position.placement_hash() => rest,
        _ => history,
    };
    let mut solver = Solver {
        nodes: 0,
        max_nodes,
        seen: earlier.to_vec(),
    };
    for depth in 1..=max_plies.max(1) {
        solver.seen.truncate(earlier.len());
        match solver.prove(position, depth) {
            Some(Outcome::Loss(plies)) => return Some(Proof::Loss { plies }),
            Some(Outcome::Win(first, plies)) => return Some(Proof::Win { plies, first }),
            None if solver.nodes >= max_nodes => return None,
            None => {}
        }
    }
    None
}

/// A proven result and its length in plies.
enum Outcome {
    Win(Move, u32),
    Loss(u32),
}

struct Solver {
    nodes: u64,
    max_nodes: u64,
    /// Placement hashes of the game before the root and of the current path.
    seen: Vec<u64>,
}

impl Solver {
    /// The result within `depth` plies for the player to move, if proven.
    fn prove(&mut self, position: &Position, depth: u32) -> Option<Outcome> {
        self.nodes += 1;
        if self.nodes >= self.max_nodes {
            return None;
        }
        let side = position.turn();
        let min = position.variant().min_stones();
        let mut children = Vec::with_capacity(20);
        let mut unknown_move = false;
        for hole in Hole::all().filter(|h| h.owner() == side && position.stones(*h) >= min) {
            let mv = Move::Sow(hole);
            let mut next = *position;
            match next.play_bounded(&mv, RELAY_LIMIT) {
                Ok(Some(_)) => children.push((mv, next)),
                Ok(None) => unknown_move = true,
                Err(_) => {} // endless: not a move
            }
        }
        if children.is_empty() && !unknown_move {
            return Some(Outcome::Loss(0));
        }
        if depth <= 1 {
            // One ply left: only a move that leaves the opponent stuck wins.
            return children
                .iter()
                .find(|(_, next)| !has_sowing(next))
                .map(|&(mv, _)| Outcome::Win(mv, 1));
        }
        let hash = position.placement_hash();
        if self.seen.contains(&hash) {
            return None;
        }
        self.seen.push(hash);
        let mut all_lose = !unknown_move;
        let mut longest = 0;
        let mut win = None;
        for (mv, next) in &children {
            match self.prove(next, depth - 1) {
                Some(Outcome::Loss(plies)) => {
                    win = Some(Outcome::Win(*mv, plies + 1));
                    break;
                }
                Some(Outcome::Win(_, plies)) => longest = longest.max(plies + 1),
                None => all_lose = false,
            }
            if self.nodes >= self.max_nodes {
                all_lose = false;
                break;
            }
        }
        self.seen.pop();
        match win {
            Some(win) => Some(win),
            None if all_lose => Some(Outcome::Loss(longest)),
            None => None,
        }
    }
}

/// Whether the player to move has a sowing that may be legal (a sowing
/// too long to decide counts as one).
fn has_sowing(position: &Position) -> bool {
    let side = position.turn();
    let min = position.variant().min_stones();
    Hole::all()
        .filter(|h| h.owner() == side && position.stones(*h) >= min)
        .any(|h| {
            { *position }
                .play_bounded(&Move::Sow(h), RELAY_LIMIT)
                .is_ok()
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_rules::{Side, Variant};

    #[test]
    fn a_player_without_a_move_has_lost() {
        let mut board = [0u8; 40];
        board[0] = 1;
        board[30] = 2;
        let position = Position::from_board(Variant::Standard, board, Side::South);
        assert_eq!(
            solve(&position, &[], 100, 5),
            Some(Proof::Loss { plies: 0 })
        );
    }

    #[test]
    fn the_start_is_not_solved_in_a_small_budget() {
        let position = Position::new(Variant::Standard);
        assert_eq!(solve(&position, &[], 5_000, 9), None);
    }

    #[test]
    fn a_proven_win_agrees_with_the_search() {
        // North's last two-stone hole stands where South's sowing captures it.
        let mut board = [0u8; 40];
        board[0] = 2; // A1
        board[30] = 1; // A4
        board[35] = 2; // F4: North can still move unless South wins first
        let position = Position::from_board(Variant::Standard, board, Side::South);
        if let Some(Proof::Win { first, .. }) = solve(&position, &[], 100_000, 7) {
            let result = crate::best_move(&position, &[], &crate::Level::Hard.fixed_settings(), 0);
            assert!(
                result.score > crate::WIN_BOUND,
                "{first} wins, the search says {result:?}"
            );
        }
    }
}
