//! Games and their moves as stored, a player's games, and the posted board.
//!
//! The feature's SQL: `kiela-app`'s port of the same name, implemented
//! (`lib.rs` opens, migrates and changes games).

use crate::players::name_in_server_sql;
use async_trait::async_trait;
use kiela_app::store::*;

use crate::rows::*;
use crate::*;
use kiela_app::vocabulary::{GameId, UserId};

/// `$1`'s games, only the active ones if `$2` is not 0, at most `$3`
/// ([`Store::games_of`]).
pub(crate) fn games_of_sql() -> String {
    format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE (south_id = $1 OR north_id = $1) \
         AND ($2 = 0 OR status = '{ACTIVE}') \
         ORDER BY status = '{ACTIVE}' DESC, updated_at DESC, id DESC LIMIT $3"
    )
}

/// [`games_of_sql`] with what a game's choice shows besides its row
/// ([`Store::game_choices_of`]): the opponent's name in the game's server,
/// and whether it is a tournament game. One query however many games,
/// asked at every autocomplete keystroke.
pub(crate) fn game_choices_sql() -> String {
    format!(
        "SELECT {GAME_COLUMNS}, (SELECT {name} FROM players p WHERE p.id = \
           CASE WHEN games.south_id = $1 THEN games.north_id ELSE games.south_id END) \
           AS opponent_name, \
         CAST(CASE WHEN EXISTS (SELECT 1 FROM tournament_games tg \
           WHERE tg.game_id = games.id) THEN 1 ELSE 0 END AS BIGINT) AS in_tournament \
         FROM games WHERE (south_id = $1 OR north_id = $1) \
         AND ($2 = 0 OR status = '{ACTIVE}') \
         ORDER BY status = '{ACTIVE}' DESC, updated_at DESC, id DESC LIMIT $3",
        name = name_in_server_sql("games.guild_id", "p"),
    )
}

/// `$1`'s ongoing games, at most `$2` ([`Store::ongoing_games_of`]). The
/// status is compared as an expression (`status || ''`), not as an index
/// key: otherwise SQLite, without statistics, finds them among every
/// active game (`games_by_deadline`) instead of among the player's own
/// (`games_by_south`, `games_by_north`).
pub(crate) fn ongoing_games_of_sql() -> String {
    format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE (south_id = $1 OR north_id = $1) \
         AND status || '' = '{ACTIVE}' ORDER BY \
         CASE WHEN to_move_id = $1 THEN 0 ELSE 1 END, \
         CASE WHEN deadline IS NULL THEN 1 ELSE 0 END, deadline, updated_at DESC, id DESC \
         LIMIT $2"
    )
}

#[async_trait]
impl GamesStore for GamesSql {
    async fn game(&self, id: GameId) -> Result<Option<GameRow>> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| GameRow::from_row(&r)).transpose()
    }

    async fn moves(&self, game_id: GameId) -> Result<Vec<MoveRow>> {
        sqlx::query(
            "SELECT ply, notation, player_id, played_at FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(game_id.0)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(MoveRow::from_row)
        .collect()
    }

    async fn games_of(
        &self,
        player: UserId,
        active_only: bool,
        limit: i64,
    ) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(&games_of_sql())
            .bind(player.0)
            .bind(active_only as i64)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(GameRow::from_row).collect()
    }

    async fn game_choices_of(
        &self,
        player: UserId,
        active_only: bool,
        limit: i64,
    ) -> Result<Vec<(GameRow, String, bool)>> {
        let rows = sqlx::query(&game_choices_sql())
            .bind(player.0)
            .bind(active_only as i64)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                let game = GameRow::from_row(row)?;
                let name: Option<String> = col(row, "opponent_name")?;
                let in_tournament: i64 = col(row, "in_tournament")?;
                Ok((game, name.unwrap_or_default(), in_tournament != 0))
            })
            .collect()
    }

    async fn ongoing_games_of(&self, player: UserId, limit: i64) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(&ongoing_games_of_sql())
            .bind(player.0)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(GameRow::from_row).collect()
    }

    async fn replace_board_message(
        &self,
        game_id: GameId,
        board: BoardMessage,
    ) -> Result<Option<BoardMessage>> {
        loop {
            let Some(row) = self.game(game_id).await? else {
                return Ok(None);
            };
            let current = row.board;
            match current {
                Some(current) if current.message_id == board.message_id => return Ok(None),
                // Two boards of one ply (a draw offered, then accepted):
                // the later message is the newer board, and Discord's ids
                // grow with time.
                Some(current)
                    if (current.ply, current.message_id) > (board.ply, board.message_id) =>
                {
                    return Ok(Some(board))
                }
                _ => {}
            }
            let swapped = sqlx::query(
                "UPDATE games SET board_channel_id = $1, board_message_id = $2, board_ply = $3 \
                 WHERE id = $4 AND board_message_id IS NOT DISTINCT FROM $5",
            )
            .bind(board.channel_id.0)
            .bind(board.message_id.0)
            .bind(board.ply)
            .bind(game_id.0)
            .bind((current.map(|board| board.message_id)).map(|id| id.0))
            .execute(&self.pool)
            .await?
            .rows_affected();
            if swapped == 1 {
                return Ok(current);
            }
        }
    }
}
