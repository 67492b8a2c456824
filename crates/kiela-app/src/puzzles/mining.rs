//! Puzzles from the bot's own games: when the daily puzzle's supply runs
//! low (few puzzles never chosen), the clock's pass mines the next
//! finished games with the rules of the shipped set
//! ([`kiela_learn::puzzles::mine_record`]) and stores what it finds; the
//! daily puzzle prefers them.

use kiela_learn::puzzles::{mine_record, shipped, Budgets, Collector, BUDGETS};
use kiela_rules::Record;

use super::MINED_FROM;
use crate::vocabulary::GameId;
use crate::{PuzzleService, Result};

/// Below this many puzzles never chosen as a daily puzzle (shipped and
/// mined), the bot mines its finished games.
pub const LOW_SUPPLY: usize = 30;

/// Finished games mined a pass at most (each takes seconds of search).
pub const GAMES_A_PASS: i64 = 2;

/// The budgets of quick mining (the AI's node budgets, in tests).
const QUICK: Budgets = Budgets {
    screen: 500,
    find: 2_000,
    verify: 6_000,
};

/// One mining at a time in a process (two processes take turns on the
/// store's mark).
static MINING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

impl PuzzleService {
    /// When fewer than [`LOW_SUPPLY`] puzzles were never a daily puzzle,
    /// mines the next [`GAMES_A_PASS`] finished games; returns how many
    /// puzzles it stored (0 when the supply is fine, or another pass is
    /// mining).
    pub async fn mine_when_low(&self) -> Result<usize> {
        let used = self.db.puzzles.used_daily_puzzles().await?;
        let mined = self.db.puzzles.mined_puzzles().await?;
        let fresh = (shipped().iter())
            .chain(mined.iter().map(|m| &m.puzzle))
            .filter(|p| !used.contains_key(&p.id))
            .count();
        if fresh >= LOW_SUPPLY {
            return Ok(0);
        }
        self.mine_games(GAMES_A_PASS).await
    }

    /// Mines the next `games` finished games after the store's mark, one
    /// at a time on the blocking pool (the search is long), and stores
    /// each game's puzzles with the mark past it. A game whose record does
    /// not replay gives none, and a search that panics is logged and its
    /// game skipped: the mark moves on either way. Returns how many
    /// puzzles were stored.
    pub async fn mine_games(&self, games: i64) -> Result<usize> {
        let Ok(_one) = MINING.try_lock() else {
            return Ok(0);
        };
        let budgets = match self.base.timing.ai_budget {
            kiela_ai::Budget::Nodes => QUICK,
            kiela_ai::Budget::Clock => BUDGETS,
        };
        let after = self.db.puzzles.mined_up_to().await?;
        let records = self.db.puzzles.finished_game_records(after, games).await?;
        let mut stored = 0;
        for (game, record) in records {
            let found = tokio::task::spawn_blocking(move || mine(game, &record, budgets)).await;
            let found = found.unwrap_or_else(|e| {
                tracing::error!(%game, "mining the game panicked: {e}");
                Vec::new()
            });
            let now = self.base.now();
            stored += (self.db.puzzles)
                .add_mined_puzzles(game, &found, MINED_FROM + 1, now)
                .await?;
        }
        Ok(stored)
    }
}

/// The puzzles of one finished game, by the shipped set's rules.
fn mine(game: GameId, record: &Record, budgets: Budgets) -> Vec<kiela_learn::puzzles::Puzzle> {
    let mut collector = Collector::single_game();
    mine_record(record, &format!("game {game}"), budgets, &mut collector)
}
