//! Posted boards: which message is a game's board, and watching a turn
//! again.

use super::{
    AppError, BoardMessage, Format, GameRef, GameService, Name, Picture, Reply, Result, User,
};
use kiela_i18n::tr;
use kiela_i18n::Lang;
use kiela_render::{BoardView, LastMove, RenderError};
use kiela_rules::{Game, Move, Side, Variant};

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

    /// The channel game `game_id` is played in (where its boards go), or
    /// `None` for a game that does not exist.
    pub async fn game_channel(&self, game_id: i64) -> Result<Option<i64>> {
        Ok(self.store.game(game_id).await?.map(|row| row.channel_id))
    }

    /// The animation of the turn that led to ply `ply` of game `game_id`,
    /// privately (in `user`'s language). Anyone may watch: it only shows
    /// what the boards showed.
    pub async fn watch(&self, user: &User, game_id: i64, ply: i64) -> Result<Reply> {
        let lang = user.lang;
        let loaded = self.load(game_id).await?;
        let played = loaded.game.moves();
        if ply < 1 || ply as usize > played.len() {
            return Err(AppError::Refused(tr!(
                lang,
                "watch-no-turn",
                id = game_id,
                turn = ply,
                count = played.len()
            )));
        }
        let (variant, moves) = (loaded.game.variant(), played[..ply as usize].to_vec());
        let names = (
            self.name_of(loaded.row.south_id).await?,
            self.name_of(loaded.row.north_id).await?,
        );
        let (picture, path) =
            tokio::task::spawn_blocking(move || animate(game_id, variant, &moves, names, lang))
                .await
                .map_err(|e| AppError::Internal(format!("animating failed: {e}")))??;
        Ok(Reply {
            text: tr!(lang, "watch-text", id = game_id, turn = ply, path = path),
            picture: Some(picture),
            game: Some(GameRef {
                id: game_id,
                ply,
                active: false,
            }),
            private: true,
            lang,
            ..Reply::default()
        })
    }
}

/// The animation of the last of `moves` (a game's first plies), described
/// by its path in words (plain in the alt text; also returned for message
/// text, with the name escaped).
fn animate(
    game_id: i64,
    variant: Variant,
    moves: &[Move],
    (south, north): (Name, Name),
    lang: Lang,
) -> Result<(Picture, String)> {
    let (last, earlier) = moves.split_last().expect("at least one move");
    let before = Game::replay(variant, earlier)
        .map_err(|(ply, e)| AppError::Internal(format!("replaying ply {ply}: {e}")))?;
    let before = *before.position();
    let last_move = LastMove::new(&before, *last)
        .map_err(|e| AppError::Internal(format!("tracing the turn: {e}")))?;
    let mut after = before;
    after
        .play(last)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let mover = match before.turn() {
        Side::South => &south,
        Side::North => &north,
    };
    let alt_text = mover.plain_path(lang, &last_move.trace);
    let path = mover.path(lang, &last_move.trace);
    let view = BoardView {
        ply: moves.len(),
        last_move: Some(last_move),
        game_id: Some(game_id),
        lang,
        ..BoardView::new(&after, south.raw(), north.raw())
    };
    let gif = kiela_render::turn_gif(&view).map_err(|e| match e {
        RenderError::NothingToAnimate => AppError::Refused(tr!(lang, "watch-rearrangement")),
        e => AppError::Internal(e.to_string()),
    })?;
    Ok((
        Picture {
            bytes: gif,
            format: Format::Gif,
            alt_text,
        },
        path,
    ))
}
