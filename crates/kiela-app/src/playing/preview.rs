//! Try before you sow: a hole picked in a game's menu is shown first,
//! privately, as the board after the move with its path (computed by the
//! rules alone), with Play and Cancel, when the player wants it
//! ([`ConfirmMoves`]); otherwise it is played at once. `/kiela move`,
//! typed by hand, always plays at once.

use crate::notify::NotifyNotice;
use crate::vocabulary::Notify;
use kiela_render::LastMove;
use kiela_rules::{GameError, Hole, Move};

use super::super::game::{app_ply, board_picture, BoardParts};
use super::super::{
    AppError, ConfirmMoves, Loaded, MovePreview, Place, PlayService, Reply, Result, User,
};
use super::{PlayNotice, PlayRefusal};
use crate::vocabulary::{GameId, GuildId};

impl PlayService {
    /// `/kiela notify`: sets the direct messages `user` wants and whether
    /// a move they pick in a menu is previewed first, those given; with
    /// neither, says what they are now.
    pub async fn my_settings(
        &self,
        user: &User,
        dm: Option<Notify>,
        confirm_moves: Option<ConfirmMoves>,
    ) -> Result<Reply> {
        let mut said = Vec::new();
        if let Some(dm) = dm {
            said.extend(self.notify.notify(user, dm).await?.says);
        }
        if let Some(choice) = confirm_moves {
            said.extend(self.set_confirm_moves(user, choice).await?.says);
        }
        if said.is_empty() {
            let dm = self.notify.notify_setting(user.id).await?;
            let confirm = self.confirm_moves(user).await?;
            said.push(NotifyNotice::Settings { dm, confirm }.into());
        }
        Ok(Reply {
            says: said,
            private: true,
            lang: user.lang,
            ..Reply::default()
        })
    }

    /// `user` picked `hole` in the menu under game `game`'s board at
    /// `ply`: a private preview with Play and Cancel if they want one for
    /// this game, else the move played.
    pub async fn pick_move(
        &self,
        user: &User,
        place: Place,
        game: GameId,
        hole: Hole,
        ply: i64,
    ) -> Result<Reply> {
        // Refused now, not at Play, if they may not act on it. The game
        // is loaded once: played at once, the move acts on it.
        self.players.meet(user, place.guild_id).await?;
        let (loaded, _) = self.games.load_to_act(user, place, game).await?;
        self.check_turn(&loaded, user, Some(ply))?;
        let wanted = self.confirm_moves(user).await?;
        if !previewed(wanted, &loaded) {
            let played = Move::Sow(hole);
            return self.act_on(user, place, loaded, played, Some(ply)).await;
        }
        self.preview_move(user, &loaded, hole).await
    }

    /// The board of `loaded` after `user` sows `hole`, privately, with
    /// its path: nothing is played.
    async fn preview_move(&self, user: &User, loaded: &Loaded, hole: Hole) -> Result<Reply> {
        let (id, ply, lang) = (loaded.row.id, loaded.ply(), user.lang);
        let mv = Move::Sow(hole);
        let before = *loaded.game.position();
        let mut game = loaded.game.clone();
        // Off the async threads: playing computes the next exact legal moves.
        let (game, played) = tokio::task::spawn_blocking(move || {
            let played = before.trace(&mv).map_err(GameError::from);
            let played = played.and_then(|trace| game.play(&mv).map(|_| trace));
            (game, played)
        })
        .await
        .map_err(|e| AppError::Internal(format!("previewing the move failed: {e}")))?;
        let trace = match played {
            Ok(trace) => trace,
            Err(error) => {
                let legal = loaded.game.legal_moves().to_vec();
                return Err(PlayRefusal::Illegal { error, legal }.into());
            }
        };
        let side = loaded.game.turn();
        let (south, north) = (
            loaded.name(kiela_rules::Side::South),
            loaded.name(kiela_rules::Side::North),
        );
        let picture = board_picture(
            BoardParts {
                south: south.raw().to_string(),
                north: north.raw().to_string(),
                ply: app_ply(game.ply()),
                last: LastMove::new(&before, mv).ok(),
                outcome: game.outcome(),
                game_id: Some(id.0),
            },
            *game.position(),
            lang,
        )
        .await?;
        Ok(Reply {
            says: vec![PlayNotice::MovePreview {
                game: id,
                turn: ply + 1,
                hole,
                by: loaded.name(side),
                path: trace,
            }
            .into()],
            picture: Some(picture),
            preview: Some(MovePreview {
                game: id,
                ply,
                hole,
            }),
            private: true,
            lang,
            ..Reply::default()
        })
    }

    /// Cancel under a preview of game `game` at `ply`: nothing was played,
    /// and nothing is.
    pub async fn cancel_preview(&self, user: &User, game: GameId, ply: i64) -> Result<Reply> {
        let loaded = self.games.load(game).await?;
        loaded.side_of(user.id).ok_or(AppError::NotYourGame)?;
        let late = loaded.ply() != ply || loaded.is_over();
        let mut reply = Reply::private(PlayNotice::PreviewCancelled { game, late });
        reply.lang = user.lang;
        Ok(reply)
    }

    /// Whether `user` wants a move picked in a menu previewed first.
    pub async fn confirm_moves(&self, user: &User) -> Result<ConfirmMoves> {
        Ok((self.db.players.player(user.id).await?)
            .map_or_else(ConfirmMoves::default, |p| p.confirm_moves))
    }

    /// Sets whether `user` wants a move picked in a menu previewed first.
    pub async fn set_confirm_moves(&self, user: &User, choice: ConfirmMoves) -> Result<Reply> {
        self.players.meet(user, GuildId::NONE).await?;
        self.db.playing.set_confirm_moves(user.id, choice).await?;
        let mut reply = Reply::private(PlayNotice::ConfirmMovesSet(choice));
        reply.lang = user.lang;
        Ok(reply)
    }
}

/// Whether a move picked in `loaded`'s menu is previewed for a player who
/// chose `wanted`: a correspondence game is one between people with a
/// clock of days (games against the AI, or without a clock, are not).
fn previewed(wanted: ConfirmMoves, loaded: &Loaded) -> bool {
    match wanted {
        ConfirmMoves::Always => true,
        ConfirmMoves::Never => false,
        ConfirmMoves::Correspondence => {
            loaded.ai_level().is_none() && loaded.row.seconds_per_move > 0
        }
    }
}
