//! What this feature reads and writes: its port to the database,
//! implemented by `kiela-store` (`crates/kiela-store/src/game.rs`).

use async_trait::async_trait;

use crate::store::*;
use crate::vocabulary::*;

#[async_trait]
pub trait GamesStore: Send + Sync {
    async fn game(&self, id: GameId) -> Result<Option<GameRow>>;

    /// The moves of a game in order.
    async fn moves(&self, game_id: GameId) -> Result<Vec<MoveRow>>;

    /// Games of `player`, the active ones first, most recent first.
    async fn games_of(&self, player: UserId, active_only: bool, limit: i64)
        -> Result<Vec<GameRow>>;

    /// [`Store::games_of`], each with its opponent's name (in the game's
    /// server) and whether it is a tournament game: what a list of games
    /// to pick from shows.
    async fn game_choices_of(
        &self,
        player: UserId,
        active_only: bool,
        limit: i64,
    ) -> Result<Vec<(GameRow, String, bool)>>;

    /// The ongoing games of `player`, those waiting for them first, then by
    /// deadline, soonest first, and the most recently changed.
    async fn ongoing_games_of(&self, player: UserId, limit: i64) -> Result<Vec<GameRow>>;

    /// Makes `board` game `game_id`'s board, unless the game already has a
    /// later board (of a later ply, or of the same ply posted later). Returns the board that is no longer the
    /// game's (the one before, or `board` itself when it came late), whose
    /// menus should go. Boards are posted after their answers, so two can
    /// race: the compare-and-swap keeps the latest whatever the order.
    async fn replace_board_message(
        &self,
        game_id: GameId,
        board: BoardMessage,
    ) -> Result<Option<BoardMessage>>;
}
