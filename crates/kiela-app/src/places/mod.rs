//! Games follow their place. When Discord refuses for good to let the bot
//! post where a game is played (its thread or channel deleted, or the bot's
//! access or permission there taken away: [`ChannelRefusal`]), the game does not
//! go silent:
//!
//! - it moves back to its lobby (the channel it was challenged in, where
//!   its thread was opened), which is told why, once, over the game's
//!   board; its posts not sent yet follow it there;
//! - with no such place (no lobby, or the lobby refused too), its clock
//!   pauses ([`crate::store::GameRow::paused_at`]: no deadline, no
//!   reminder, no loss on time) and both players are told by direct
//!   message. The next action on it by a player from a channel of its
//!   server (`/kiela board`, `/kiela move`) makes that channel its place
//!   and gives the player to move the full time per move
//!   ([`PlaceService::resume_here`]).
//!
//! A refused channel is remembered (with the code and when): the delivery
//! loop sends nothing more there; other games' posts there move or pause
//! the same way, others are given up. A channel where the bot is seen to
//! work again (a user's action answered there) is forgotten.
//!
//! A place that only answers ([`PlaceKind::answers_only`]: a group DM, a
//! server without the bot, where a user's install of the app is used) is
//! known before anything is refused: it is recorded when an interaction
//! comes from it ([`PlaceService::seen`]), and the delivery loop never
//! sends there. A post the loop gets for it (a reminder, a loss on time,
//! an answer that failed) goes to its game's players by direct message at
//! once and waits for the next answer there, which shows it
//! ([`PlaceService::backlog`]).

mod store;
pub use store::*;

use crate::notice::Notice;
use crate::store::{NewPost, PostTarget};
use crate::vocabulary::{ChannelId, ChannelRefusal, GameId, PostId, UserId};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

use super::players::spoken;
use super::{Loaded, Place, PlaceKind, Reply, Result, User};
use crate::vocabulary::GuildId;

/// What a game following its place tells people.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlaceNotice {
    /// `game` moved here, to its lobby, because its place refused the bot.
    MovedHere { game: GameId, why: ChannelRefusal },
    /// `game` has no place left (`why`): its clock pauses (a direct message).
    Paused { game: GameId, why: ChannelRefusal },
    /// The paused `game` resumes here.
    ResumedHere { game: GameId },
}

/// Why a game cannot be acted on where it was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceRefusal {
    /// Game `0` is paused (its place refused the bot): it resumes from a
    /// channel of its server only.
    Paused(GameId),
    /// What was asked needs the bot in this server (settings,
    /// tournaments), which only a user's install of the app reaches: a
    /// manager can add `bot`.
    BotNotInServer { bot: UserId },
}

/// A server's own features (settings, tournaments) need a server the bot
/// is a member of: in direct messages and group DMs they are refused with
/// `outside`, in a server without the bot as
/// [`PlaceRefusal::BotNotInServer`].
pub(crate) fn in_bot_server(
    place: Place,
    bot: UserId,
    outside: impl Into<super::AppError>,
) -> Result<()> {
    match place.kind {
        _ if place.guild_id.is_none() => Err(outside.into()),
        PlaceKind::Server => Ok(()),
        PlaceKind::ServerWithoutBot => Err(PlaceRefusal::BotNotInServer { bot }.into()),
        PlaceKind::AppDm | PlaceKind::GroupDm => Err(outside.into()),
    }
}

crate::store::port_set! {
    /// The ports [`PlaceService`] reads and writes through.
    pub struct PlacePorts {
        places: PlacesStore,
    }
}

/// Where games are played, and where they go when Discord refuses a channel.
#[derive(Clone)]
pub struct PlaceService {
    pub(crate) base: crate::Base,
    pub(crate) db: PlacePorts,
    pub(crate) games: Arc<crate::GameService>,
    pub(crate) outbox: Arc<crate::OutboxService>,
    pub(crate) settings: Arc<crate::SettingsService>,
}

impl PlaceService {
    /// Discord refused post `id` for good, for `refusal`, when it was sent
    /// to `channel`: the channel is remembered, and the post's game (if it
    /// has one) follows its place (see the module's comment).
    pub async fn place_refused(
        &self,
        id: PostId,
        channel: ChannelId,
        refusal: ChannelRefusal,
    ) -> Result<()> {
        tracing::warn!(post = %id, %channel, %refusal, "Discord refuses a channel");
        self.db
            .places
            .refuse_channel(channel, refusal, self.base.now())
            .await?;
        self.follow_place(id, channel, refusal).await
    }

    /// Discord refused for good a request about `channel` that was no
    /// post (an edit of an old board): it is remembered, so that nothing
    /// more is sent there and the posts for it follow their games.
    pub async fn channel_refused(&self, channel: ChannelId, refusal: ChannelRefusal) -> Result<()> {
        tracing::warn!(%channel, %refusal, "Discord refuses a channel");
        Ok(self
            .db
            .places
            .refuse_channel(channel, refusal, self.base.now())
            .await?)
    }

    /// The channels Discord refused, by id.
    pub async fn refused_channels(&self) -> Result<Vec<RefusedChannel>> {
        Ok(self.db.places.refused_channels().await?)
    }

    /// The bot's answer was posted in `channel`: if it was refused, it is
    /// not any more.
    pub async fn place_works(&self, channel: ChannelId) -> Result<()> {
        if self.db.places.refused_channel(channel).await?.is_some()
            && self.db.places.clear_refused_channel(channel).await?
        {
            tracing::info!(%channel, "a refused channel works again");
        }
        Ok(())
    }

    /// Post `id`, for `channel`, which Discord refuses (`refusal`): a
    /// game's post moves the game to its lobby, or pauses it, and goes
    /// with it; another post is given up.
    pub(crate) async fn follow_place(
        &self,
        id: PostId,
        channel: ChannelId,
        refusal: ChannelRefusal,
    ) -> Result<()> {
        let why = format!("{refusal} (channel {channel})");
        let Some(row) = self.db.places.post_row(id).await? else {
            return Ok(());
        };
        let post = row.post;
        let game = match (post.game_id, post.to, post.edits) {
            (Some(game), PostTarget::Channel(_) | PostTarget::GameChannel, None) => game,
            _ => return self.outbox.give_up(id, &why).await,
        };
        let loaded = self.games.load(game).await?;
        let game_row = &loaded.row;
        if game_row.channel_id != channel {
            // Not the game's place: a line for its lobby (given up, the
            // lobby refuses it), or a post made before the game moved.
            let place = game_row.channel_id;
            let lobby = game_row.lobby_channel_id == Some(channel);
            if lobby || self.db.places.refusal_of(place).await?.is_some() {
                return self.outbox.give_up(id, &why).await;
            }
            let now = self.base.now();
            return Ok(self
                .db
                .places
                .redirect_posts(game, (channel, place), now)
                .await?);
        }
        let lobby = match game_row.lobby_channel_id.filter(|&l| l != channel) {
            Some(lobby) if self.db.places.refusal_of(lobby).await?.is_none() => Some(lobby),
            _ => None,
        };
        match lobby {
            Some(lobby) => {
                self.move_to(&loaded, id, &post, (channel, lobby), refusal)
                    .await
            }
            None => self.pause(&loaded, channel, refusal, &why).await,
        }
    }

    /// Moves game `loaded` from `channel` (refused) to `lobby`, told there
    /// once: post `id` (`post`), the first refused, says why over its board
    /// if it is a board post; otherwise a board post of the game as it
    /// stands does, after the posts that follow the game there.
    async fn move_to(
        &self,
        loaded: &Loaded,
        id: PostId,
        post: &NewPost,
        (channel, lobby): (ChannelId, ChannelId),
        refusal: ChannelRefusal,
    ) -> Result<()> {
        let game = loaded.row.id;
        let notice = PlaceNotice::MovedHere { game, why: refusal };
        let (says, extra) = match post.ply {
            Some(_) => {
                let mut says = vec![Notice::from(notice)];
                says.extend(post.says.iter().cloned());
                (Some(says), None)
            }
            None => {
                let to_move = loaded.row.to_move_id.unwrap_or(loaded.row.south_id);
                let lang = self.settings.public_lang(loaded, to_move).await?;
                let mut board = self
                    .outbox
                    .board_post(loaded, loaded.ply(), notice, lang, false);
                board.to = PostTarget::Channel(lobby);
                (None, Some(board))
            }
        };
        let notice = says.as_deref().map(|says| (id, says));
        let now = self.base.now();
        let moved = (self.db.places)
            .move_game(game, (channel, lobby), notice, extra, now)
            .await?;
        if moved {
            tracing::warn!(%game, from = %channel, to = %lobby, "a game moves to its lobby");
        }
        Ok(())
    }

    /// Game `loaded` has no place left (`channel` refused): its clock
    /// pauses and both players are told by direct message; its posts for
    /// the place are given up (the board shown when it resumes is the
    /// game as it stands then).
    async fn pause(
        &self,
        loaded: &Loaded,
        channel: ChannelId,
        refusal: ChannelRefusal,
        why: &str,
    ) -> Result<()> {
        let game = loaded.row.id;
        let dms = loaded
            .people(self.base.bot.id)
            .into_iter()
            .map(|player| {
                let lang = spoken(loaded.player_row(player));
                NewPost {
                    to: PostTarget::Dm(player),
                    says: vec![PlaceNotice::Paused { game, why: refusal }.into()],
                    lang: lang.locale().to_string(),
                    ..NewPost::default()
                }
            })
            .collect();
        let paused = (self.db.places)
            .pause_game(game, channel, why, dms, self.base.now())
            .await?;
        if paused {
            tracing::warn!(%game, %channel, "a game has no place left, its clock pauses");
        }
        Ok(())
    }

    /// An interaction came from `place`: if the app only answers there, the
    /// delivery loop is to know it.
    pub async fn seen(&self, place: Place) -> Result<()> {
        if place.kind.answers_only() {
            (self.db.places)
                .answer_place_seen(place.channel_id, place.guild_id, self.base.now())
                .await?;
        }
        Ok(())
    }

    /// The bot is a member of `guild` now (a manager added it): it posts
    /// in its channels like anywhere else.
    pub async fn bot_joined(&self, guild: GuildId) -> Result<()> {
        let now_posts = self.db.places.bot_joined(guild).await?;
        if now_posts > 0 {
            tracing::info!(%guild, channels = now_posts, "the bot joined a server its users played in");
        }
        Ok(())
    }

    /// Post `id` (`post`) is for `channel`, where the app only answers: it
    /// waits for the next answer there, and its game's players are told
    /// now, by direct message. An edit of a message there cannot be made
    /// (the bot edits only through an interaction): it is given up.
    pub(crate) async fn await_answer(
        &self,
        id: PostId,
        post: &NewPost,
        channel: ChannelId,
    ) -> Result<()> {
        if post.edits.is_some() {
            return self
                .outbox
                .give_up(id, "edit-where-the-app-only-answers")
                .await;
        }
        let dms = match post.game_id {
            Some(game) => {
                let loaded = self.games.load(game).await?;
                loaded
                    .people(self.base.bot.id)
                    .into_iter()
                    .map(|player| NewPost {
                        to: PostTarget::Dm(player),
                        lang: spoken(loaded.player_row(player)).locale().to_string(),
                        pings: Vec::new(),
                        hold: 0,
                        thread_name: None,
                        ..post.clone()
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        let now = self.base.now();
        (self.db.places).await_answer(id, channel, dms, now).await?;
        Ok(())
    }

    /// What waits to be shown in `place` (a place that only answers: see
    /// the module's comment), composed, oldest first, held for the answer
    /// showing it for [`crate::outbox::ANSWER_TOKEN_LIFE`]. A post that
    /// cannot be composed any more is dropped, with the reason logged.
    pub async fn backlog(&self, place: Place) -> Result<Vec<(PostId, Reply)>> {
        if !place.kind.answers_only() {
            return Ok(Vec::new());
        }
        let now = self.base.now();
        let until = now + crate::outbox::ANSWER_TOKEN_LIFE;
        let claimed = (self.db.places)
            .claim_backlog(place.channel_id, now, until)
            .await?;
        tracing::debug!(channel = %place.channel_id, posts = claimed.len(), "a place's backlog");
        let mut shown = Vec::new();
        for (id, post) in claimed {
            let composed = match post {
                Ok(post) => self.outbox.compose(&[(id, post)], None).await,
                Err(e) => Err(e.into()),
            };
            match composed {
                Ok(reply) => shown.push((id, reply)),
                Err(e) => {
                    tracing::warn!(post = %id, "cannot show a post where the app only answers: {e}");
                    self.db.places.backlog_shown(&[id]).await?;
                }
            }
        }
        Ok(shown)
    }

    /// Posts `ids` of a place's backlog were shown there.
    pub async fn backlog_shown(&self, ids: &[PostId]) -> Result<()> {
        Ok(self.db.places.backlog_shown(ids).await?)
    }

    /// `user` acts on game `loaded` from `place`: if the game is paused and
    /// `place` is a channel of its server, the game is played there from
    /// now on, its clock running again with the full time per move, and
    /// the game as it is then is returned (with the words that say so).
    /// A paused game cannot be played from elsewhere (`strict`): the user
    /// is told how to resume it.
    pub(crate) async fn resume_here(
        &self,
        user: &User,
        place: Place,
        loaded: Loaded,
        strict: bool,
    ) -> Result<(Loaded, Option<Notice>)> {
        let row = &loaded.row;
        if row.paused_at.is_none() || !loaded.row.is_active() {
            return Ok((loaded, None));
        }
        let here = !place.guild_id.is_none() && place.guild_id == row.guild_id;
        if !here || loaded.side_of(user.id).is_none() {
            if strict {
                return Err(PlaceRefusal::Paused(row.id).into());
            }
            return Ok((loaded, None));
        }
        let to_move: Option<UserId> = row.to_move_id;
        let deadline = self.base.deadline_for(
            row.seconds_per_move,
            to_move.and_then(|p| loaded.player_row(p)),
        );
        let (id, version) = (row.id, row.version);
        let now = self.base.now();
        let resumed = (self.db.places)
            .resume_game(id, version, place.channel_id, deadline, now)
            .await?;
        if !resumed {
            return Err(super::AppError::Conflict);
        }
        tracing::info!(game = %id, channel = %place.channel_id, "a paused game resumes");
        self.place_works(place.channel_id).await?;
        let note = PlaceNotice::ResumedHere { game: id }.into();
        Ok((self.games.load(id).await?, Some(note)))
    }
}
