//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/puzzles.rs`).

use std::collections::{HashMap, HashSet};

use async_trait::async_trait;
use kiela_learn::puzzles::Puzzle;
use kiela_rules::Record;
use skillratings::glicko2::Glicko2Rating;

use crate::store::*;
use crate::vocabulary::*;

/// A solver's puzzle rating and record.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolverRating {
    pub glicko: Glicko2Rating,
    /// First attempts finished, and solved.
    pub attempts: i64,
    pub solved: i64,
    /// First attempts solved in a row, now and at best.
    pub streak: i64,
    pub best_streak: i64,
}

impl Default for SolverRating {
    /// A newcomer: 1500, unsure (Glicko-2's own start).
    fn default() -> SolverRating {
        SolverRating {
            glicko: Glicko2Rating::new(),
            attempts: 0,
            solved: 0,
            streak: 0,
            best_streak: 0,
        }
    }
}

/// A puzzle's rating and how often it was tried and solved first time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleRating {
    pub glicko: Glicko2Rating,
    pub attempts: i64,
    pub solved: i64,
}

impl PuzzleRating {
    /// Before anyone tried it: the miner's guess, fairly sure (a puzzle's
    /// difficulty is guessed better than a stranger's strength).
    pub fn guess(puzzle: &Puzzle) -> PuzzleRating {
        PuzzleRating {
            glicko: Glicko2Rating {
                rating: f64::from(puzzle.rating),
                deviation: 250.0,
                volatility: 0.06,
            },
            attempts: 0,
            solved: 0,
        }
    }
}

/// A puzzle mined from the bot's own games, by its number (after
/// [`MINED_FROM`](super::MINED_FROM)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinedPuzzle {
    pub number: usize,
    pub puzzle: Puzzle,
}

/// A server whose daily puzzle is due: where, and in which language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyPostDue {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    /// The server's chosen locale, if it chose one.
    pub language: Option<String>,
}

#[async_trait]
pub trait PuzzlesStore: Send + Sync {
    /// The finished games after game `after` (all of them from `None`), at
    /// most `limit`, oldest first, each as its record (variant, moves,
    /// result and reason; no names): what `kiela puzzles mine --database`
    /// mines. Aborted games are left out (they have no result, and at most
    /// one move each side). A stored move that does not parse is
    /// [`StoreError::Corrupt`].
    async fn finished_game_records(
        &self,
        after: Option<GameId>,
        limit: i64,
    ) -> Result<Vec<(GameId, Record)>>;

    /// The puzzles mined from the bot's games, by number. A stored puzzle
    /// that does not read is [`StoreError::Corrupt`].
    async fn mined_puzzles(&self) -> Result<Vec<MinedPuzzle>>;

    /// Mined puzzle `number`, if there is one.
    async fn mined_puzzle(&self, number: usize) -> Result<Option<Puzzle>>;

    /// The last finished game the mining has read (`None` before it
    /// starts).
    async fn mined_up_to(&self) -> Result<Option<GameId>>;

    /// Stores `puzzles`, mined from the finished games up to `game`, and
    /// moves the mining's mark to `game`, in one transaction that holds
    /// the mark (two processes mine one after the other); numbers follow
    /// the last one, from `first` on; a puzzle already stored (same id),
    /// or a mark already at `game` or past it, stores nothing. Returns how
    /// many were stored.
    async fn add_mined_puzzles(
        &self,
        game: GameId,
        puzzles: &[Puzzle],
        first: usize,
        now: i64,
    ) -> Result<usize>;

    /// `player`'s puzzle rating (a newcomer's if they never finished one).
    async fn solver_rating(&self, player: UserId) -> Result<SolverRating>;

    /// The puzzles `player` has finished an attempt at.
    async fn tried_puzzles(&self, player: UserId) -> Result<HashSet<String>>;

    /// Every puzzle someone has tried, with its rating.
    async fn puzzle_ratings(&self) -> Result<HashMap<String, PuzzleRating>>;

    /// Puzzle `id`'s rating, once someone has tried it.
    async fn puzzle_rating(&self, id: &str) -> Result<Option<PuzzleRating>>;

    /// The id of day `day`'s puzzle, if it is chosen.
    async fn daily_puzzle_of(&self, day: i64) -> Result<Option<String>>;

    /// Every puzzle that was some day's puzzle, with the last such day.
    async fn used_daily_puzzles(&self) -> Result<HashMap<String, i64>>;

    /// Makes `puzzle` day `day`'s puzzle, unless another process chose one
    /// first; returns the day's puzzle either way. A puzzle may be the
    /// puzzle of several days (when every one has been used).
    async fn choose_daily_puzzle(&self, day: i64, puzzle: &str) -> Result<String>;

    /// Forgets that `puzzle` is day `day`'s puzzle (a re-mined set no
    /// longer has it), unless another process already did.
    async fn forget_daily_puzzle(&self, day: i64, puzzle: &str) -> Result<()>;

    /// How many players solved `puzzle` at their first attempt.
    async fn puzzle_solvers(&self, puzzle: &str) -> Result<i64>;

    /// The servers whose daily puzzle is due on day `day` at hour `hour`
    /// (UTC) and not posted yet.
    async fn daily_posts_due(&self, day: i64, hour: i64) -> Result<Vec<DailyPostDue>>;

    /// Server `guild`'s post of day `day`, made once: the day is marked
    /// and `post` put in the outbox together, unless another process (or
    /// an earlier pass) did; returns the post's id if this call made it.
    async fn make_daily_post(
        &self,
        guild: GuildId,
        day: i64,
        post: NewPost,
        now: i64,
    ) -> Result<Option<PostId>>;

    /// Forgets daily posts of days before `day` (their outbox posts are
    /// pruned with the outbox); returns how many went.
    async fn prune_daily_posts(&self, day: i64) -> Result<u64>;

    /// Records `player`'s finished attempt at `puzzle` (`guess` is its
    /// rating if nobody tried it yet). Only the first is rated: `rate`
    /// gives the solver's and the puzzle's new ratings, stored with the
    /// streak in the same transaction; returns the solver before and
    /// after, or `None` for a later attempt (nothing changes).
    async fn rate_attempt(
        &self,
        player: UserId,
        puzzle: &str,
        solved: bool,
        guess: PuzzleRating,
        now: i64,
        rate: &(dyn for<'r> Fn(&'r Glicko2Rating, &'r Glicko2Rating) -> (Glicko2Rating, Glicko2Rating)
              + Send
              + Sync),
    ) -> Result<Option<(SolverRating, SolverRating)>>;
}
