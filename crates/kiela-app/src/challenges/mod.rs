//! Starting games: challenges between users (addressed to someone, or open
//! to anyone in the channel), rematches, and games against the AI.

mod store;
pub use store::*;

use crate::limits::{MAX_AI_GAMES, MAX_OPEN_CHALLENGES};
use crate::store::ports::*;
use crate::store::Quota;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

use crate::notice::Notice;
use crate::store::{ChallengeRow, NewChallenge, NewGame, NewPost, NotStored, PostTarget};
use crate::vocabulary::{ChallengeId, ChallengeStatus, ChannelId, GameId, GuildId, PostId, UserId};
use kiela_ai::Level;
use kiela_i18n::Lang;

use kiela_rules::Variant;

use super::game::GameRefusal;
use super::limits::over_quota;
use super::players::named;
use super::threads::thread_name;
use super::{AppError, BotPermissions, FirstMover, Name, Place, Refusal, Reply, Result, User, DAY};
use std::ops::RangeInclusive;

/// Why a challenge, its answer, a rematch or a game against the AI was
/// refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeRefusal {
    /// The user challenged themselves.
    Yourself,
    /// The one challenged (`name`) is a bot other than ours.
    ABot { name: Name },
    /// Between people, a challenge is made in a server (or a group DM).
    NeedsServer,
    /// No challenge has this id.
    NoSuchChallenge(ChallengeId),
    /// An open challenge someone else (`by`) took first, starting `game`.
    Taken { by: Name, game: Option<GameId> },
    /// The challenge is addressed to someone else.
    NotForYou,
    /// Only its challenger withdraws a challenge.
    OnlyChallenger,
    /// The challenge is closed: answered, withdrawn or expired.
    Closed(ChallengeStatus),
    /// The challenge's time ran out (it is closed now).
    Expired,
    /// No challenge waits for the user's answer.
    NobodyChallenged,
    /// The user has no challenge of their own waiting.
    NoOpenChallenge,
    /// Several challenges could be meant: these.
    Several(Vec<ChallengeId>),
    /// Someone answered the challenge first.
    Answered,
    /// An open challenge is accepted or withdrawn, never declined.
    OpenNoDecline,
    /// The challenge belongs to another server.
    OtherServer(ChallengeId),
    /// A rematch waits for the end of game `0`.
    RematchNotOver(GameId),
    /// A rematch of game `0` was asked for or started already.
    RematchExists(GameId),
    /// The time per move is outside [`DAYS_PER_MOVE`].
    BadDays(i64),
    /// The user has `max` challenges waiting already; a challenge waits
    /// `days` days.
    TooManyChallenges { max: usize, days: i64 },
    /// The user plays `max` games against the AI already.
    TooManyAiGames { max: usize },
}

/// What a challenge and its answers tell people.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChallengeNotice {
    /// `by` challenges `to` (named `opponent`), on `terms`.
    Challenged {
        by: Name,
        to: UserId,
        opponent: Name,
        terms: Terms,
    },
    /// `by` challenges anyone in the channel, on `terms`.
    Open { by: Name, terms: Terms },
    /// `by` asks `to` (named `opponent`) for a rematch of `game`, on `terms`.
    Rematch {
        by: Name,
        to: UserId,
        opponent: Name,
        game: GameId,
        terms: Terms,
    },
    /// `by` declined the challenge of `challenger`.
    Declined { by: Name, challenger: UserId },
    /// `by` withdrew their challenge to `opponent` (none: an open one).
    Withdrawn { by: Name, opponent: Option<UserId> },
    /// `challenger`'s challenge to `opponent` (none: an open one) expired.
    Expired {
        challenger: UserId,
        opponent: Option<Name>,
    },
    /// `to` is reminded that `challenger`'s challenge closes at `until`
    /// (Unix seconds).
    Reminder {
        to: UserId,
        challenger: Name,
        until: i64,
    },
    /// The line added to a challenge's message when it closes.
    Closed(ChallengeClosed),
    /// `by` accepted a challenge: `game` of `variant` begins.
    Accepted {
        by: Name,
        game: GameId,
        variant: Variant,
    },
    /// `by` plays `game` of `variant` against the AI (`bot`) at `level`.
    AiGame {
        by: Name,
        game: GameId,
        bot: Name,
        level: Level,
        variant: Variant,
    },
}

/// A challenge's terms, as its message states them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    pub variant: Variant,
    /// Who moves first, from the challenger's point of view.
    pub first: FirstMover,
    pub days_per_move: i64,
    /// Days the challenge waits for an answer.
    pub within: i64,
}

/// How a challenge closed, noted on its message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChallengeClosed {
    /// `by` accepted it: `game` began.
    Accepted {
        by: Name,
        game: GameId,
    },
    /// `by` declined it.
    Declined {
        by: Name,
    },
    Withdrawn,
    /// Nobody answered in time.
    Expired,
}

/// How many days a challenge waits for an answer when its server does
/// not say: long enough for once-a-day players across time zones.
pub const CHALLENGE_DAYS: i64 = 3;

/// A challenge about to be stored.
struct Offer {
    /// `None`: open to anyone in the channel.
    opponent: Option<UserId>,
    /// With their days per move settled.
    options: GameOptions,
    rematch_of: Option<GameId>,
    /// Days it waits for an answer.
    within: i64,
}

crate::store::port_set! {
    /// The ports [`ChallengeService`] reads and writes through.
    pub struct ChallengePorts {
        challenges: ChallengesStore,
        core: CoreStore,
        games: GamesStore,
        settings: SettingsStore,
    }
}

/// Challenges, open challenges, rematches and games against the AI.
#[derive(Clone)]
pub struct ChallengeService {
    pub(crate) base: crate::Base,
    pub(crate) db: ChallengePorts,
    pub(crate) games: Arc<crate::GameService>,
    pub(crate) notify: Arc<crate::NotifyService>,
    pub(crate) outbox: Arc<crate::OutboxService>,
    pub(crate) playing: Arc<crate::PlayService>,
    pub(crate) players: Arc<crate::PlayerService>,
    pub(crate) settings: Arc<crate::SettingsService>,
    pub(crate) threads: Arc<crate::ThreadService>,
}

impl ChallengeService {
    /// `user` challenges `opponent`. Challenging the bot starts an AI game.
    pub async fn challenge(
        &self,
        user: &User,
        place: Place,
        opponent: &User,
        options: GameOptions,
    ) -> Result<Reply> {
        if opponent.id == self.base.bot.id {
            return self
                .start_ai_game(user, place, Level::Medium, options)
                .await;
        }
        if opponent.id == user.id {
            return Err(ChallengeRefusal::Yourself.into());
        }
        if opponent.is_bot {
            let name = opponent.name.clone();
            return Err(ChallengeRefusal::ABot { name }.into());
        }
        check_server(place)?;
        let days = self.settings.days_in(place, options.days).await?;
        check_days(days)?;
        // Refused now, not when the game cannot be posted.
        self.threads.home(place, place.channel_id).await?;
        self.players.meet(user, place.guild_id).await?;
        self.players.know(opponent, place.guild_id).await?;
        let within = self.settings.challenge_days(place).await?;
        let text = ChallengeNotice::Challenged {
            by: user.name.clone(),
            to: opponent.id,
            opponent: opponent.name.clone(),
            terms: Terms {
                variant: options.variant,
                first: options.first,
                days_per_move: days,
                within,
            },
        };
        let options = GameOptions {
            days: Some(days),
            ..options
        };
        let offer = Offer {
            opponent: Some(opponent.id),
            options,
            rematch_of: None,
            within,
        };
        self.offer(user, (place, place), offer, text).await
    }

    /// `user` challenges anyone in the channel: the first to accept plays.
    pub async fn open_challenge(
        &self,
        user: &User,
        place: Place,
        options: GameOptions,
    ) -> Result<Reply> {
        check_server(place)?;
        let days = self.settings.days_in(place, options.days).await?;
        check_days(days)?;
        self.threads.home(place, place.channel_id).await?;
        self.players.meet(user, place.guild_id).await?;
        let within = self.settings.challenge_days(place).await?;
        let text = ChallengeNotice::Open {
            by: user.name.clone(),
            terms: Terms {
                variant: options.variant,
                first: options.first,
                days_per_move: days,
                within,
            },
        };
        let options = GameOptions {
            days: Some(days),
            ..options
        };
        let offer = Offer {
            opponent: None,
            options,
            rematch_of: None,
            within,
        };
        self.offer(user, (place, place), offer, text).await
    }

    /// Stores `offer`, a challenge from `user` asked for in `asked` and
    /// made in `place` (its server's channel), with the post that
    /// announces it there, `text`.
    async fn offer(
        &self,
        user: &User,
        (asked, place): (Place, Place),
        offer: Offer,
        text: ChallengeNotice,
    ) -> Result<Reply> {
        let Offer {
            opponent,
            options,
            rematch_of,
            within,
        } = offer;
        let now = self.base.now();
        let post = NewPost {
            pings: opponent.into_iter().collect(),
            ..self.outbox.post_in(place, text)
        };
        let challenge = NewChallenge {
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            challenger_id: user.id,
            opponent_id: opponent,
            variant: options.variant,
            first_mover: options.first,
            days_per_move: options.days.unwrap_or_default(),
            created_at: now,
            expires_at: now + within * DAY,
            rematch_of,
        };
        let (id, post_id) = self
            .db
            .challenges
            .insert_challenge(&challenge, self.challenge_quota(user), post.clone())
            .await?
            .map_err(|why| not_stored(why, rematch_of, Some(within)))?;
        let post = NewPost {
            challenge_id: Some(id),
            ..post
        };
        self.outbox.answer(asked, &[(post_id, post)], None).await
    }

    /// The challenge meant by an accept/decline (`received`) or a
    /// withdrawal: the one given, or the user's only open one.
    async fn pick_challenge(
        &self,
        user: &User,
        challenge: Option<ChallengeId>,
        received: bool,
    ) -> Result<ChallengeRow> {
        let now = self.base.now();
        if let Some(id) = challenge {
            let Some(row) = self.db.challenges.challenge(id).await? else {
                return Err(ChallengeRefusal::NoSuchChallenge(id).into());
            };
            let taker = row.opponent_id.filter(|&taker| taker != user.id);
            if let (ChallengeStatus::Accepted, true, Some(taker)) = (row.status, received, taker) {
                // An open challenge someone else was quicker to take.
                let by = self.players.name_in(row.guild_id, taker).await?;
                let game = row.game_id;
                return Err(ChallengeRefusal::Taken { by, game }.into());
            }
            let mine = if received {
                row.is_for(user.id)
            } else {
                row.challenger_id == user.id
            };
            if !mine {
                return Err(if received {
                    ChallengeRefusal::NotForYou
                } else {
                    ChallengeRefusal::OnlyChallenger
                }
                .into());
            }
            if row.status != ChallengeStatus::Pending {
                return Err(ChallengeRefusal::Closed(row.status).into());
            }
            if row.expires_at <= now {
                self.expire(&row).await?;
                return Err(ChallengeRefusal::Expired.into());
            }
            return Ok(row);
        }
        let open: Vec<ChallengeRow> = self
            .db
            .challenges
            .open_challenges(user.id, now)
            .await?
            .into_iter()
            .filter(|c| {
                if received {
                    c.is_for(user.id)
                } else {
                    c.challenger_id == user.id
                }
            })
            .collect();
        match open.as_slice() {
            [one] => Ok(one.clone()),
            [] => Err(if received {
                ChallengeRefusal::NobodyChallenged
            } else {
                ChallengeRefusal::NoOpenChallenge
            }
            .into()),
            many => Err(ChallengeRefusal::Several(many.iter().map(|c| c.id).collect()).into()),
        }
    }

    /// Accepts a challenge and starts the game.
    pub async fn accept(
        &self,
        user: &User,
        place: Place,
        challenge: Option<ChallengeId>,
    ) -> Result<Reply> {
        let c = self.pick_challenge(user, challenge, true).await?;
        let at = self.challenge_place(user, place, &c).await?;
        self.players.meet(user, c.guild_id).await?;
        let challenger_south = c.first_mover.challenger_is_south();
        let (south, north) = if challenger_south {
            (c.challenger_id, user.id)
        } else {
            (user.id, c.challenger_id)
        };
        let home = self.threads.home(at, c.channel_id).await?;
        let now = self.base.now();
        let mut game = NewGame {
            guild_id: c.guild_id,
            channel_id: home.channel_id,
            variant: c.variant,
            south_id: south,
            north_id: north,
            ai_level: None,
            seconds_per_move: c.days_per_move * DAY,
            deadline: None,
            created_at: now,
            lobby_channel_id: home.lobby(),
            rematch_of: c.rematch_of,
            rated: true,
        };
        let players = self.players.players_in(c.guild_id, south, north).await?;
        game.deadline = self
            .base
            .deadline_for(game.seconds_per_move, players.0.as_ref());
        // South's first turn starts: a direct message if they want one
        // every turn (unless South is the one accepting, answered now).
        let dm = self
            .notify
            .turn_dm(south, players.0.as_ref(), Some(user.id));
        let names = (
            named(south, players.0.as_ref()),
            named(north, players.1.as_ref()),
        );
        let lang = at.lang;
        let headline = |id: GameId| ChallengeNotice::Accepted {
            by: user.name.clone(),
            game: id,
            variant: c.variant,
        };
        let original = self.db.challenges.challenge_post(c.id).await?;
        let Ok((_, posts)) = self
            .db
            .core
            .create_game(&game, Some((c.id, user.id)), None, &|id| {
                let thread = thread_name(id, (&names.0, &names.1));
                let status = ChallengeClosed::Accepted {
                    by: user.name.clone(),
                    game: id,
                };
                let edit = original
                    .as_ref()
                    .map(|post| self.unbutton(post, lang, status));
                let start = headline(id);
                let mut posts =
                    self.threads
                        .start_posts(home, lang, start, thread, vec![c.challenger_id]);
                let dm = dm.map(|to| to.post(home.channel_id, 0, headline(id)));
                posts.extend(dm);
                posts.extend(edit);
                posts
            })
            .await?
        else {
            return Err(ChallengeRefusal::Answered.into());
        };
        self.outbox.answer(place, &posts, None).await
    }

    /// Declines a challenge addressed to the user; its challenger is told.
    pub async fn decline(
        &self,
        user: &User,
        place: Place,
        challenge: Option<ChallengeId>,
    ) -> Result<Reply> {
        let c = self.pick_challenge(user, challenge, true).await?;
        if c.is_open() {
            return Err(ChallengeRefusal::OpenNoDecline.into());
        }
        let at = self.challenge_place(user, place, &c).await?;
        let text = ChallengeNotice::Declined {
            by: user.name.clone(),
            challenger: c.challenger_id,
        };
        let status = ChallengeClosed::Declined {
            by: user.name.clone(),
        };
        self.close_challenge(
            (place, at),
            &c,
            ChallengeStatus::Declined,
            (text, vec![c.challenger_id]),
            status,
        )
        .await
    }

    /// Closes challenge `c` as `status`, asked for in `asked`, announcing
    /// it in `place` (the challenge's, see [`Self::challenge_place`]) with
    /// `said` (a text and whom it pings); its message loses its buttons and
    /// says `note`.
    async fn close_challenge(
        &self,
        (asked, place): (Place, Place),
        c: &ChallengeRow,
        status: ChallengeStatus,
        said: (ChallengeNotice, Vec<UserId>),
        note: ChallengeClosed,
    ) -> Result<Reply> {
        let post = NewPost {
            pings: said.1,
            ..self.outbox.post_in(place, said.0)
        };
        let edit = self.challenge_edit(c, place.lang, note).await?;
        let posts = [post.clone()].into_iter().chain(edit).collect();
        let Some(ids) = self
            .db
            .challenges
            .close_challenge(c.id, status, posts, self.base.now())
            .await?
        else {
            return Err(ChallengeRefusal::Answered.into());
        };
        self.outbox.answer(asked, &[(ids[0], post)], None).await
    }

    /// The edit that takes the buttons off challenge `c`'s message and
    /// adds `note` (none if the challenge was never posted).
    async fn challenge_edit(
        &self,
        c: &ChallengeRow,
        lang: Lang,
        note: ChallengeClosed,
    ) -> Result<Option<NewPost>> {
        let original = self.db.challenges.challenge_post(c.id).await?;
        Ok(original.map(|post| self.unbutton(&post, lang, note)))
    }

    /// An outbox edit of `post`'s message: its text and `note`, no buttons.
    /// Delivered by the delivery loop, at once.
    fn unbutton(
        &self,
        post: &crate::store::ChallengePost,
        lang: Lang,
        note: ChallengeClosed,
    ) -> NewPost {
        NewPost {
            to: PostTarget::Channel(post.channel_id),
            edits: Some(post.id),
            says: (post.says.iter().cloned())
                .chain([ChallengeNotice::Closed(note).into()])
                .collect(),
            lang: lang.locale().to_string(),
            hold: 0,
            ..NewPost::default()
        }
    }

    /// Closes a pending challenge whose time ran out: its message loses its
    /// buttons and the challenger is told. False if it was no longer
    /// pending (answered meanwhile, or another process expired it).
    pub(crate) async fn expire(&self, c: &ChallengeRow) -> Result<bool> {
        let lang = match self.db.settings.guild_settings(c.guild_id).await?.language {
            Some(chosen) => Lang::from_locale(&chosen),
            None => self.players.lang_of(c.challenger_id).await?,
        };
        let opponent = match c.opponent_id {
            Some(opponent) => Some(self.players.name_in(c.guild_id, opponent).await?),
            None => None,
        };
        let text = ChallengeNotice::Expired {
            challenger: c.challenger_id,
            opponent,
        };
        let announcement = NewPost {
            to: PostTarget::Channel(c.channel_id),
            says: vec![Notice::from(text)],
            pings: vec![c.challenger_id],
            lang: lang.locale().to_string(),
            ..NewPost::default()
        };
        let edit = (self.challenge_edit(c, lang, ChallengeClosed::Expired)).await?;
        let posts = [announcement].into_iter().chain(edit).collect();
        Ok(self
            .db
            .challenges
            .close_challenge(c.id, ChallengeStatus::Expired, posts, self.base.now())
            .await?
            .is_some())
    }

    /// Reminds the person challenged by `c`, halfway through its time, in
    /// its channel (once: false if it was reminded or closed meanwhile).
    pub(crate) async fn remind(&self, c: &ChallengeRow) -> Result<bool> {
        let Some(opponent) = c.opponent_id else {
            return Ok(false);
        };
        let lang = match self.db.settings.guild_settings(c.guild_id).await?.language {
            Some(chosen) => Lang::from_locale(&chosen),
            None => self.players.lang_of(opponent).await?,
        };
        let challenger = self.players.name_in(c.guild_id, c.challenger_id).await?;
        let text = ChallengeNotice::Reminder {
            to: opponent,
            challenger,
            until: c.expires_at,
        };
        let post = NewPost {
            to: PostTarget::Channel(c.channel_id),
            says: vec![Notice::from(text)],
            pings: vec![opponent],
            lang: lang.locale().to_string(),
            ..NewPost::default()
        };
        Ok(self
            .db
            .challenges
            .remind_challenge(c.id, post, self.base.now())
            .await?
            .is_some())
    }

    /// The Decline button of challenge `id`: its challenger withdraws it,
    /// anyone else declines it (refused unless it is addressed to them).
    pub async fn say_no(&self, user: &User, place: Place, id: ChallengeId) -> Result<Reply> {
        match self.db.challenges.challenge(id).await? {
            Some(c) if c.challenger_id == user.id => self.cancel(user, place, Some(id)).await,
            _ => self.decline(user, place, Some(id)).await,
        }
    }

    /// Withdraws a challenge the user sent.
    pub async fn cancel(
        &self,
        user: &User,
        place: Place,
        challenge: Option<ChallengeId>,
    ) -> Result<Reply> {
        let c = self.pick_challenge(user, challenge, false).await?;
        let at = self.challenge_place(user, place, &c).await?;
        let text = ChallengeNotice::Withdrawn {
            by: user.name.clone(),
            opponent: c.opponent_id,
        };
        let said = (text, Vec::new());
        let places = (place, at);
        let note = ChallengeClosed::Withdrawn;
        self.close_challenge(places, &c, ChallengeStatus::Withdrawn, said, note)
            .await
    }

    /// The Rematch button under a finished game: the same variant and time
    /// per move with the seats swapped; a new challenge to the other player
    /// (who accepts or declines it as any other), or against the AI a new
    /// game at the same level. Once per game, whoever presses first.
    pub async fn rematch(&self, user: &User, place: Place, game: GameId) -> Result<Reply> {
        let row = self
            .db
            .games
            .game(game)
            .await?
            .ok_or(AppError::NoSuchGame(game))?;
        let was_south = if user.id == row.south_id {
            true
        } else if user.id == row.north_id {
            false
        } else {
            return Err(AppError::NotYourGame);
        };
        if row.is_active() {
            return Err(ChallengeRefusal::RematchNotOver(game).into());
        }
        // Asked for from a direct message, it is made in the game's server,
        // beside the game (see `home`).
        let other = GameRefusal::OtherServer(game).into();
        let lobby = row.lobby_channel_id.unwrap_or(row.channel_id);
        let at = (self.server_place(user, place, row.guild_id, lobby, other)).await?;
        let options = GameOptions {
            variant: row.variant,
            // The seats swap: South (who moved first) moves second now.
            first: if was_south {
                FirstMover::Them
            } else {
                FirstMover::Me
            },
            days: Some((row.seconds_per_move / DAY).clamp(1, 14)),
        };
        if let Some(level) = row.ai_level {
            return self
                .new_ai_game(user, (place, at), level, options, Some(game))
                .await;
        }
        check_server(at)?;
        let opponent = if was_south {
            row.north_id
        } else {
            row.south_id
        };
        self.threads.home(at, at.channel_id).await?;
        self.players.meet(user, at.guild_id).await?;
        let name = self.players.name_in(at.guild_id, opponent).await?;
        let within = self.settings.challenge_days(at).await?;
        let text = ChallengeNotice::Rematch {
            by: user.name.clone(),
            to: opponent,
            opponent: name,
            game,
            terms: Terms {
                variant: options.variant,
                first: options.first,
                days_per_move: options.days.unwrap_or_default(),
                within,
            },
        };
        let offer = Offer {
            opponent: Some(opponent),
            options,
            rematch_of: Some(game),
            within,
        };
        self.offer(user, (place, at), offer, text).await
    }

    /// Starts a game against the built-in AI; if the AI moves first, its
    /// move is in the reply.
    pub async fn start_ai_game(
        &self,
        user: &User,
        place: Place,
        level: Level,
        options: GameOptions,
    ) -> Result<Reply> {
        self.new_ai_game(user, (place, place), level, options, None)
            .await
    }

    /// A game against the AI, perhaps the rematch of game `rematch_of`,
    /// asked for in `asked` and played in `place`.
    async fn new_ai_game(
        &self,
        user: &User,
        (asked, place): (Place, Place),
        level: Level,
        options: GameOptions,
        rematch_of: Option<GameId>,
    ) -> Result<Reply> {
        // No time limit unless asked for: nobody waits for the human.
        if let Some(days) = options.days {
            check_days(days)?;
        }
        let home = self.threads.home(place, place.channel_id).await?;
        self.players.meet(user, place.guild_id).await?;
        self.players.know(&self.base.bot, GuildId::NONE).await?;
        let human_south = options.first.challenger_is_south();
        let (south, north) = if human_south {
            (user.id, self.base.bot.id)
        } else {
            (self.base.bot.id, user.id)
        };
        let seconds_per_move = options.days.map_or(0, |days| days * DAY);
        let players = self
            .players
            .players_in(place.guild_id, south, north)
            .await?;
        let names = (
            named(south, players.0.as_ref()),
            named(north, players.1.as_ref()),
        );
        let game = NewGame {
            guild_id: place.guild_id,
            channel_id: home.channel_id,
            variant: options.variant,
            south_id: south,
            north_id: north,
            ai_level: Some(level),
            seconds_per_move,
            deadline: self.base.deadline_for(seconds_per_move, players.0.as_ref()),
            created_at: self.base.now(),
            lobby_channel_id: home.lobby(),
            rematch_of,
            rated: false,
        };
        let lang = place.lang;
        let headline = |id: GameId| ChallengeNotice::AiGame {
            by: user.name.clone(),
            game: id,
            bot: self.base.bot.name.clone(),
            level,
            variant: options.variant,
        };
        let (id, mut posts) = self
            .db
            .core
            .create_game(&game, None, Some(self.ai_quota(user)), &|id| {
                let thread = thread_name(id, (&names.0, &names.1));
                self.threads
                    .start_posts(home, lang, headline(id), thread, Vec::new())
            })
            .await?
            .map_err(|why| not_stored(why, rematch_of, None))?;
        // Its opening move, if it moves first.
        let mut loaded = self.games.load(id).await?;
        // The game's posts stay held for the answer while the AI thinks.
        let held: Vec<PostId> = posts.iter().map(|(id, _)| *id).collect();
        let opening = self.playing.ai_turn(&mut loaded, lang, Some(user.id));
        if let Some(post) = self.outbox.while_held(&held, opening).await? {
            posts.push(post);
        }
        self.outbox.answer(asked, &posts, Some(&loaded)).await
    }

    /// Where an answer to challenge `c`, asked for in `place`, is made (see
    /// [`Self::server_place`]): in its own channel.
    async fn challenge_place(&self, user: &User, place: Place, c: &ChallengeRow) -> Result<Place> {
        let other = ChallengeRefusal::OtherServer(c.id).into();
        (self.server_place(user, place, c.guild_id, c.channel_id, other)).await
    }

    /// Where something about server `guild` (a challenge, a finished game)
    /// asked for in `place` is done: `place` itself in that server; from a
    /// direct message, `channel` of that server, in the server's chosen
    /// language (else the user's), as if asked there; from another
    /// server, nowhere (refused with `other`). What was made outside any
    /// server stays there.
    async fn server_place(
        &self,
        user: &User,
        place: Place,
        guild: GuildId,
        channel: ChannelId,
        other: Refusal,
    ) -> Result<Place> {
        if guild.is_none() || place.guild_id == guild {
            return Ok(place);
        }
        if !place.guild_id.is_none() {
            return Err(other.into());
        }
        let lang = match self.db.settings.guild_settings(guild).await?.language {
            Some(chosen) => Lang::from_locale(&chosen),
            None => user.lang,
        };
        // Discord tells the bot's permissions in the interaction's channel
        // only: a missing one shows when posting (see `home`).
        Ok(Place::new(guild, channel, lang).allowing(BotPermissions::ALL))
    }

    /// At most [`MAX_OPEN_CHALLENGES`] of `user`'s challenges wait for an
    /// answer (each one pings its target). Checked as the challenge is
    /// stored ([`Store::insert_challenge`]), so racing requests cannot
    /// both pass.
    pub(super) fn challenge_quota(&self, user: &User) -> Quota {
        Quota::OpenChallenges {
            challenger: user.id,
            now: self.base.now(),
            max: MAX_OPEN_CHALLENGES,
        }
    }

    /// At most [`MAX_AI_GAMES`] games of `user` against the AI at once.
    pub(super) fn ai_quota(&self, user: &User) -> Quota {
        Quota::AiGames {
            player: user.id,
            max: MAX_AI_GAMES,
        }
    }
}

/// Games between people belong to a server or a group DM, where both
/// players are: a challenge (or a rematch) in a direct message with the
/// app is refused. Against the bot, a direct message will do.
fn check_server(place: Place) -> Result<()> {
    if place.guild_id.is_none() && place.kind != crate::PlaceKind::GroupDm {
        return Err(ChallengeRefusal::NeedsServer.into());
    }
    Ok(())
}

/// Why a new challenge (waiting `within` days) or game (perhaps the
/// rematch of game `rematch_of`) was not stored.
fn not_stored(why: NotStored, rematch_of: Option<GameId>, within: Option<i64>) -> AppError {
    match (why, rematch_of) {
        (NotStored::OverQuota(quota), _) => over_quota(quota, within).into(),
        (NotStored::Taken, Some(game)) => ChallengeRefusal::RematchExists(game).into(),
        // Only a rematch is ever taken (one per game).
        (NotStored::Taken, None) => AppError::Internal("a new game was taken".into()),
    }
}

/// The days per move a game may have.
pub const DAYS_PER_MOVE: RangeInclusive<i64> = 1..=14;

pub(super) fn check_days(days: i64) -> Result<()> {
    if !DAYS_PER_MOVE.contains(&days) {
        return Err(ChallengeRefusal::BadDays(days).into());
    }
    Ok(())
}

/// The options of a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOptions {
    pub variant: Variant,
    pub first: FirstMover,
    /// Time per move in days, 1 to 14. Not given: the server's default
    /// between people; no time limit against the AI.
    pub days: Option<i64>,
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions {
            variant: Variant::Standard,
            first: FirstMover::Random,
            days: None,
        }
    }
}
