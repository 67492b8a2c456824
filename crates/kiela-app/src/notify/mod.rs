//! Direct messages: who wants which (`/kiela notify`), and the one way a
//! direct message about a game is made: a board post to a recipient, so it
//! carries the picture and, while it is that player's turn, the move menu
//! (a turn can be played from the DM; see `PlayService::act`).

mod store;
pub use store::*;

use serde::{Deserialize, Serialize};
use std::sync::Arc;

use crate::notice::Notice;
use crate::store::ports::*;
use crate::store::{NewPost, PlayerRow, PostTarget};
use kiela_i18n::Lang;

use super::players::spoken;
use super::{ConfirmMoves, Loaded, Notify, Reply, Result, User};
use crate::vocabulary::{ChannelId, GuildId, UserId};

/// What the direct-message settings and the direct messages say.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NotifyNotice {
    /// The user now gets the direct messages `0` says.
    Set(Notify),
    /// The user's settings: the direct messages they get, and whether a
    /// move picked in a menu is previewed first.
    Settings { dm: Notify, confirm: ConfirmMoves },
    /// A direct message about the game played in `channel`: what was
    /// said there (`says`).
    Dm {
        channel: ChannelId,
        says: Box<Notice>,
    },
}

crate::store::port_set! {
    /// The ports [`NotifyService`] reads and writes through.
    pub struct NotifyPorts {
        notify: NotifyStore,
        players: PlayersStore,
    }
}

/// Direct messages: who wants which, and the turn and event messages.
#[derive(Clone)]
pub struct NotifyService {
    pub(crate) base: crate::Base,
    pub(crate) db: NotifyPorts,
    pub(crate) players: Arc<crate::PlayerService>,
}

impl NotifyService {
    /// Sets which direct messages the user wants.
    pub async fn notify(&self, user: &User, choice: Notify) -> Result<Reply> {
        self.players.meet(user, GuildId::NONE).await?;
        self.db.notify.set_notify(user.id, choice).await?;
        let mut reply = Reply::private(NotifyNotice::Set(choice));
        reply.lang = user.lang;
        Ok(reply)
    }

    /// Which direct messages a player wants (`Off` for someone never seen).
    pub async fn notify_setting(&self, player: UserId) -> Result<Notify> {
        Ok(self
            .db
            .players
            .player(player)
            .await?
            .map_or(Notify::Off, |p| p.notify))
    }

    /// `player`, if they want a direct message each time it becomes their
    /// turn: never the bot, nor `actor`, who is answered there and then.
    /// `row` is the player's, if recorded.
    pub(crate) fn turn_dm(
        &self,
        player: UserId,
        row: Option<&PlayerRow>,
        actor: Option<UserId>,
    ) -> Option<DmTo> {
        let wants = row.is_some_and(|row| row.notify == Notify::EveryTurn);
        (player != self.base.bot.id && Some(player) != actor && wants).then(|| DmTo {
            player,
            lang: spoken(row),
        })
    }

    /// Those of `players` who want to hear of a reminder or an abort by
    /// direct message, in game `loaded`.
    pub(crate) fn event_dms(&self, loaded: &Loaded, players: &[UserId]) -> Vec<DmTo> {
        let mut to = Vec::new();
        for &player in players {
            let row = loaded.player_row(player);
            if player != self.base.bot.id && row.is_some_and(|row| row.notify != Notify::Off) {
                to.push(DmTo {
                    player,
                    lang: spoken(row),
                });
            }
        }
        to
    }
}

/// Someone to send a direct message about a game to, and the language
/// they last used (see [`PlayerService::lang_of`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct DmTo {
    pub player: UserId,
    pub lang: Lang,
}

impl DmTo {
    /// The direct message: `says` (in [`DmTo::lang`]) naming the game's
    /// channel, over the board at `ply` (the store fills in the game).
    /// Composed when sent, like every board post: the menu is there while
    /// that ply is the game's and it is the recipient's turn.
    pub fn post(self, channel_id: ChannelId, ply: i64, says: impl Into<Notice>) -> NewPost {
        let dm = NotifyNotice::Dm {
            channel: channel_id,
            says: Box::new(says.into()),
        };
        NewPost {
            to: PostTarget::Dm(self.player),
            ply: Some(ply),
            says: vec![dm.into()],
            lang: self.lang.locale().to_string(),
            ..NewPost::default()
        }
    }
}
