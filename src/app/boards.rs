//! Posted boards: which message is a game's board, and watching a turn
//! again.

use super::{AppError, BoardMessage, Format, GameRef, GameService, Picture, Reply, Result};
use crate::render;
use crate::rules::{Game, Move};

impl GameService {
    /// Makes `board` game `game_id`'s board, unless a board of a later ply
    /// is already. Returns the board whose menus should go: the one before,
    /// or `board` itself when it came late.
    pub async fn replace_board(
        &self,
        game_id: i64,
        board: BoardMessage,
    ) -> Result<Option<BoardMessage>> {
        Ok(self.store.replace_board_message(game_id, board).await?)
    }

    /// The animation of the turn that led to ply `ply` of game `game_id`,
    /// privately. Anyone may watch: it only shows what the boards showed.
    pub async fn watch(&self, game_id: i64, ply: i64) -> Result<Reply> {
        let loaded = self.load(game_id).await?;
        let played = loaded.game.moves();
        if ply < 1 || ply as usize > played.len() {
            return Err(AppError::Refused(format!(
                "game #{game_id} has no turn {ply}: it has {} so far",
                played.len()
            )));
        }
        let (variant, moves) = (loaded.game.variant(), played[..ply as usize].to_vec());
        let names = (
            self.name_of(loaded.row.south_id).await?,
            self.name_of(loaded.row.north_id).await?,
        );
        let picture = tokio::task::spawn_blocking(move || animate(variant, &moves, names))
            .await
            .map_err(|e| AppError::Internal(format!("animating failed: {e}")))??;
        Ok(Reply {
            text: format!("Game #{game_id}, turn {ply}: {}", picture.alt_text),
            picture: Some(picture),
            game: Some(GameRef {
                id: game_id,
                ply,
                active: false,
            }),
            private: true,
            ..Reply::default()
        })
    }
}

/// The animation of the last of `moves` (a game's first plies).
fn animate(
    variant: crate::rules::Variant,
    moves: &[Move],
    (south, north): (String, String),
) -> Result<Picture> {
    let (last, earlier) = moves.split_last().expect("at least one move");
    let before = Game::replay(variant, earlier)
        .map_err(|(ply, e)| AppError::Internal(format!("replaying ply {ply}: {e}")))?;
    let position = *before.position();
    let trace = position
        .trace(last)
        .map_err(|e| AppError::Internal(format!("tracing the turn: {e}")))?;
    let mover = if position.turn() == crate::rules::Side::South {
        south
    } else {
        north
    };
    let _ = trace;
    // Placeholder until the turn animation lands: the board after the turn.
    let mut after = position;
    after
        .play(last)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let view = render::BoardView::new(&after, "", "");
    let png = render::render_png(&view).map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(Picture {
        bytes: png,
        format: Format::Png,
        alt_text: format!("{mover} sowed {last}. {}", render::alt_text(&view)),
    })
}
