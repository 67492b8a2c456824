//! Tournaments, as correspondence clubs play them: a server's event with a
//! sign-up message (Join, Leave, Start), its games started round by round
//! (a round-robin all at once), results read from the games themselves,
//! and standings. Who plays whom and who is ahead is the kiela-tournament
//! crate's answer; this module keeps the event in the store and moves it
//! on, each step once (see [`queries`]).
//!
//! A game's end moves its tournament on at once
//! ([`TournamentService::game_ended`], from `PlayService::apply`): the
//! standings, the next round once the last game of a round has ended, the
//! end. The clock's look ([`TournamentService::advance_tournaments`])
//! reads only the tournaments due: a start at its hour, an expiry, and a
//! running event with a game ended since its standings were posted. So a
//! crash between a game's end and the next pairing delays it by one look,
//! never loses it.

mod notice;
mod store;
pub use notice::*;
pub use store::*;

use kiela_i18n::Lang;
use kiela_rules::{GameResult, Variant};
use kiela_tournament as event;
use std::sync::Arc;

use crate::notice::Notice;
use crate::store::ports::*;
use crate::store::{NewGame, NewPost};
use crate::vocabulary::{
    ChannelId, GameId, GameState, PostId, ThreadsSetting, TournamentFormat, TournamentId,
    TournamentStatus, UserId,
};
use crate::Name;

use super::outbox::Made;
use super::threads::{BotPermissions, ThreadName};
use super::{AppError, Format, Picture, Place, Reply, Result, User, DAY};

/// Open or running tournaments a server may have at once.
pub const MAX_LIVE_TOURNAMENTS: usize = 5;
/// Open or running tournaments one member may organise at once.
pub const MAX_LIVE_PER_ORGANISER: usize = 2;
/// An open tournament without a start time is cancelled this many days
/// after its creation, if its organiser never started it.
pub const EXPIRE_DAYS: i64 = 30;
/// Fewer cannot make a tournament.
pub const MIN_PLAYERS: usize = 3;
/// Round-robin: every pairing at once, so few players.
pub const MAX_ROUND_ROBIN: i64 = 12;
pub const MAX_SWISS: i64 = 64;
/// The most rounds a Swiss event may be asked for.
pub const MAX_ROUNDS: i64 = 20;
/// A round-robin of up to this many players plays every pairing twice.
pub const DOUBLE_ROUND_ROBIN: usize = kiela_tournament::DOUBLE_ROUND_ROBIN;

/// What the default rounds of a Swiss event are, for a message.
pub fn swiss_rounds() -> Vec<(&'static str, kiela_i18n::Arg)> {
    use kiela_tournament::{LARGE_SWISS_ROUNDS, SMALL_SWISS_FIELD, SMALL_SWISS_ROUNDS};
    vec![
        ("small", SMALL_SWISS_ROUNDS.into()),
        ("threshold", SMALL_SWISS_FIELD.into()),
        ("large", LARGE_SWISS_ROUNDS.into()),
    ]
}

/// A tournament's name is shown whole, as a player's is (and fits a
/// thread's name with the round and the players).
const NAME_CHARS: usize = crate::players::MAX_CHARS;
/// Ended tournaments `/kiela tournaments` lists.
const RECENT: i64 = 5;

/// A tournament as asked for with `/kiela tournament create`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTournament {
    pub name: String,
    pub format: TournamentFormat,
    pub variant: Variant,
    /// Days per move; by default the server's.
    pub days: Option<i64>,
    /// Swiss only; by default from the number of players at the start.
    pub rounds: Option<i64>,
    pub max_players: Option<i64>,
    /// Started by the clock this many hours from now.
    pub starts_in_hours: Option<i64>,
    /// Its games change ratings (the default).
    pub rated: bool,
    /// Refuses players who lost more than [`STRICT_PERCENT`]% of their
    /// games on time in the last [`STRICT_DAYS`] days.
    pub strict: bool,
}

/// A strict tournament's entry rule, as chess.com's daily tournaments have
/// it: at most this share of games lost on time …
pub const STRICT_PERCENT: i64 = 10;
/// … over this many days.
pub const STRICT_DAYS: i64 = 90;

/// One player's line in a tournament's standings, for tools (`kiela
/// tournament simulate`): the tie-breaks in the event's order (Swiss:
/// Buchholz Cut-1, Sonneborn–Berger, direct encounter; round-robin:
/// Sonneborn–Berger, direct encounter, wins), direct encounter `None`
/// where it does not apply.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingLine {
    pub rank: u32,
    pub player: UserId,
    pub name: String,
    pub points: f64,
    pub tiebreaks: Vec<Option<f64>>,
    pub games_played: u32,
    pub withdrawn: bool,
}

/// Why a tournament action was refused. A tournament's `name` is as its
/// organiser typed it (checked at creation, shown as is).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentRefusal {
    /// Asked outside a server (in direct messages).
    OnlyInServers,
    /// The name is empty or longer than `max` characters.
    BadName { max: usize },
    /// The players asked for are outside `min..=max` (the format's cap).
    BadSize { min: usize, max: i64 },
    /// Rounds asked for a round-robin, which plays every pairing.
    RoundsSwissOnly,
    /// A Swiss event's rounds are outside `1..=max`.
    BadRounds { max: i64 },
    /// The server already has `max` tournaments open or running.
    TooMany { max: usize },
    /// The user already organises `max` tournaments open or running.
    TooManyOfYours { max: usize },
    /// Strict tournament `name` refuses the user: `lost` of their `games`
    /// in the last `days` days were lost on time, more than `percent`%.
    Strict {
        name: Name,
        percent: i64,
        days: i64,
        lost: i64,
        games: i64,
    },
    /// The user already plays in tournament `name`.
    AlreadyIn { name: Name },
    /// Tournament `name` has all the players it takes.
    Full { name: Name },
    /// Tournament `name` takes no more players (or has started, or ended).
    Closed { name: Name },
    /// The user is not playing in tournament `name`.
    NotIn { name: Name },
    /// Tournament `name` has already started.
    AlreadyStarted { name: Name },
    /// Tournament `name` has ended (`status`: finished or cancelled), for
    /// good: nothing about it can change.
    Over {
        name: Name,
        status: TournamentStatus,
    },
    /// Only the organiser or a manager may do that.
    OrganiserOnly,
    /// `count` players signed up; a tournament needs `min`.
    TooFew { min: usize, count: usize },
    /// No tournament with this id in this server.
    Unknown(TournamentId),
    /// The server has no tournament the action could apply to.
    NoneHere,
}

/// Who may start or cancel a tournament: its organiser, or a manager.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Authority {
    pub is_manager: bool,
}

crate::store::port_set! {
    /// The ports [`TournamentService`] reads and writes through.
    pub struct TournamentPorts {
        outbox: OutboxStore,
        ratings: RatingsStore,
        settings: SettingsStore,
        tournaments: TournamentsStore,
    }
}

/// Correspondence tournaments: sign-up, rounds, pairings and results.
#[derive(Clone)]
pub struct TournamentService {
    pub(crate) base: crate::Base,
    pub(crate) db: TournamentPorts,
    pub(crate) notify: Arc<crate::NotifyService>,
    pub(crate) outbox: Arc<crate::OutboxService>,
    pub(crate) players: Arc<crate::PlayerService>,
    pub(crate) settings: Arc<crate::SettingsService>,
    pub(crate) standings: Arc<crate::StandingsPosts>,
    pub(crate) threads: Arc<crate::ThreadService>,
}

impl TournamentService {
    /// Creates a tournament in `place` (its lobby), announced with a
    /// sign-up message that carries Join, Leave and Start.
    pub async fn create_tournament(
        &self,
        user: &User,
        place: Place,
        new: NewTournament,
    ) -> Result<Reply> {
        crate::places::in_bot_server(place, self.base.bot.id, TournamentRefusal::OnlyInServers)?;
        let name = new.name.trim();
        if name.is_empty() || name.chars().count() > NAME_CHARS {
            return Err(TournamentRefusal::BadName { max: NAME_CHARS }.into());
        }
        let days = self.settings.days_in(place, new.days).await?;
        super::challenges::check_days(days)?;
        let cap = match new.format {
            TournamentFormat::RoundRobin => MAX_ROUND_ROBIN,
            TournamentFormat::Swiss => MAX_SWISS,
        };
        let max_players = new.max_players.unwrap_or(cap);
        if !(MIN_PLAYERS as i64..=cap).contains(&max_players) {
            return Err(TournamentRefusal::BadSize {
                min: MIN_PLAYERS,
                max: cap,
            }
            .into());
        }
        let rounds = match (new.format, new.rounds) {
            (TournamentFormat::RoundRobin, Some(_)) => {
                return Err(TournamentRefusal::RoundsSwissOnly.into())
            }
            (_, Some(rounds)) if !(1..=MAX_ROUNDS).contains(&rounds) => {
                return Err(TournamentRefusal::BadRounds { max: MAX_ROUNDS }.into())
            }
            (_, rounds) => rounds,
        };
        self.players.meet(user, place.guild_id).await?;
        let now = self.base.now();
        let starts_at = new.starts_in_hours.map(|hours| now + hours * 3600);
        let id = self
            .db
            .tournaments
            .insert_tournament(
                &store::NewTournamentRow {
                    guild_id: place.guild_id,
                    channel_id: place.channel_id,
                    name,
                    format: new.format,
                    variant: new.variant,
                    seconds_per_move: days * DAY,
                    rounds,
                    max_players,
                    lang: place.lang,
                    organiser_id: user.id,
                    starts_at,
                    rated: new.rated,
                    strict: new.strict,
                },
                now,
            )
            .await?
            .map_err(|over| match over {
                TooManyLive::InServer => TournamentRefusal::TooMany {
                    max: MAX_LIVE_TOURNAMENTS,
                },
                TooManyLive::OfOrganiser => TournamentRefusal::TooManyOfYours {
                    max: MAX_LIVE_PER_ORGANISER,
                },
            })?;
        let t = self.standings.tournament(id).await?;
        let post = NewPost {
            tournament_id: Some(id),
            ..self.outbox.post_in(place, sign_up(&t, &[]))
        };
        let ids = self.db.outbox.insert_posts(vec![post.clone()], now).await?;
        let made: Vec<Made> = ids.into_iter().zip([post]).collect();
        self.outbox.answer(place, &made, None).await
    }

    /// Joins a tournament that takes players: an open one, or a Swiss one
    /// before half its rounds have started (½ point for each round
    /// missed). Private; the sign-up message shows the new list.
    pub async fn join_tournament(
        &self,
        user: &User,
        place: Place,
        id: Option<TournamentId>,
    ) -> Result<Reply> {
        let t = self
            .pick_tournament(user, place, id, Pick::Joinable)
            .await?;
        if t.strict {
            let since = self.base.now() - STRICT_DAYS * DAY;
            let (games, lost) = self.db.tournaments.lost_on_time(user.id, since).await?;
            if lost * 100 > games * STRICT_PERCENT {
                return Err(TournamentRefusal::Strict {
                    name: t.title(),
                    percent: STRICT_PERCENT,
                    days: STRICT_DAYS,
                    lost,
                    games,
                }
                .into());
            }
        }
        self.players.meet(user, t.guild_id).await?;
        let joined = (self.db.tournaments)
            .join_tournament(t.id, user.id, joined_round, self.base.now())
            .await?;
        let missed = match joined {
            Ok(round) => round,
            Err(store::JoinRefused::AlreadyIn) => {
                return Err(TournamentRefusal::AlreadyIn { name: t.title() }.into())
            }
            Err(store::JoinRefused::Full) => {
                return Err(TournamentRefusal::Full { name: t.title() }.into())
            }
            Err(store::JoinRefused::Closed) => {
                return Err(TournamentRefusal::Closed { name: t.title() }.into())
            }
        };
        self.refresh_sign_up(&t).await?;
        let said = match missed {
            0 => TournamentNotice::Joined { name: t.title() },
            missed => TournamentNotice::JoinedLate {
                name: t.title(),
                missed,
            },
        };
        Ok(told(user, said))
    }

    /// Leaves a tournament: off the list while it is open; once it runs,
    /// withdrawn (games under way go on to their end, no more pairings).
    pub async fn leave_tournament(
        &self,
        user: &User,
        place: Place,
        id: Option<TournamentId>,
    ) -> Result<Reply> {
        let t = self.pick_tournament(user, place, id, Pick::Mine).await?;
        let Some(left) = self.db.tournaments.leave_tournament(t.id, user.id).await? else {
            return Err(TournamentRefusal::NotIn { name: t.title() }.into());
        };
        self.refresh_sign_up(&t).await?;
        let said = match left {
            Left::Removed => TournamentNotice::Left { name: t.title() },
            Left::Withdrawn => TournamentNotice::Withdrawn { name: t.title() },
        };
        Ok(told(user, said))
    }

    /// Starts an open tournament (its organiser, or a manager): its rounds
    /// are fixed and its first round paired.
    pub async fn start_tournament(
        &self,
        user: &User,
        place: Place,
        authority: Authority,
        id: Option<TournamentId>,
    ) -> Result<Reply> {
        let t = self.pick_tournament(user, place, id, Pick::Open).await?;
        if t.organiser_id != user.id && !authority.is_manager {
            return Err(TournamentRefusal::OrganiserOnly.into());
        }
        // Counted again as it starts: a player who joins or leaves
        // meanwhile makes it count once more.
        let mut tries = 0;
        loop {
            let entrants = self.db.tournaments.entrants(t.id).await?;
            if entrants.len() < MIN_PLAYERS {
                return Err(TournamentRefusal::TooFew {
                    min: MIN_PLAYERS,
                    count: entrants.len(),
                }
                .into());
            }
            match self.start(&t, &entrants).await? {
                Ok(_) => break,
                Err(NotMoved::Players(_)) if tries < 3 => tries += 1,
                Err(NotMoved::Players(_)) => return Err(AppError::Conflict),
                Err(NotMoved::Status(now)) => return Err(not_from(&t, now)),
            }
        }
        self.advance(t.id).await?;
        // The news and the games' boards are many messages: the delivery
        // loop posts them (an answer is one message).
        Ok(told(
            user,
            TournamentNotice::StartedElsewhere { name: t.title() },
        ))
    }

    /// Cancels an open or running tournament (its organiser, or a
    /// manager). Games under way go on as ordinary games.
    pub async fn cancel_tournament(
        &self,
        user: &User,
        place: Place,
        authority: Authority,
        id: Option<TournamentId>,
    ) -> Result<Reply> {
        let t = self.pick_tournament(user, place, id, Pick::Live).await?;
        if t.organiser_id != user.id && !authority.is_manager {
            return Err(TournamentRefusal::OrganiserOnly.into());
        }
        let said = TournamentNotice::Cancelled {
            id: t.id,
            name: t.title(),
        };
        if let Err(moved) = self.call_off(&t, said, None, Vec::new()).await? {
            let now = match moved {
                NotMoved::Status(now) => now,
                NotMoved::Players(_) => t.status,
            };
            return Err(not_from(&t, now));
        }
        Ok(told(
            user,
            TournamentNotice::CancelledByYou { name: t.title() },
        ))
    }

    /// The standings of a tournament, privately.
    pub async fn tournament_standings(
        &self,
        user: &User,
        place: Place,
        id: Option<TournamentId>,
    ) -> Result<Reply> {
        let t = self.pick_tournament(user, place, id, Pick::Any).await?;
        let standings = self.standings_notice(&t).await?;
        let picture = match t.status {
            TournamentStatus::Open => None,
            _ => Some(self.standings.standings_picture(&t, user.lang).await?),
        };
        Ok(Reply {
            picture,
            ..told(user, standings)
        })
    }

    /// Tournament `id`'s standings as they stand, line by line.
    pub async fn tournament_table(&self, id: TournamentId) -> Result<Vec<StandingLine>> {
        let t = self.standings.tournament(id).await?;
        let entrants = self.db.tournaments.entrants(t.id).await?;
        let paired = self.db.tournaments.paired(t.id).await?;
        let state = Event::of(&t, &entrants, &paired)?;
        let standings = event::standings(&state.event).map_err(|e| corrupt(&t, e))?;
        Ok(standings
            .iter()
            .map(|s| {
                let direct = s.direct_encounter.map(|p| p.as_f64());
                let sb = Some(s.sonneborn_berger.as_f64());
                StandingLine {
                    rank: s.rank,
                    player: state.user(s.key),
                    name: state.name(s.key).to_string(),
                    points: s.points.as_f64(),
                    tiebreaks: match s.buchholz_cut1 {
                        Some(bh) => vec![Some(bh.as_f64()), sb, direct],
                        None => vec![sb, direct, Some(f64::from(s.wins))],
                    },
                    games_played: s.games_played,
                    withdrawn: s.withdrawn,
                }
            })
            .collect())
    }

    /// This server's tournaments: open, running, and the last few ended.
    pub async fn tournaments(&self, user: &User, place: Place) -> Result<Reply> {
        crate::places::in_bot_server(place, self.base.bot.id, TournamentRefusal::OnlyInServers)?;
        let all = self
            .db
            .tournaments
            .tournaments_of(place.guild_id, RECENT)
            .await?;
        if all.is_empty() {
            return Ok(told(user, TournamentNotice::NoTournaments));
        }
        let mut lines = Vec::new();
        for t in &all {
            lines.push(TournamentLine {
                id: t.id,
                name: t.title(),
                stage: TournamentStage::of(t),
                format: t.format,
                variant: t.variant,
                players: self.db.tournaments.entrants(t.id).await?.len(),
            });
        }
        Ok(told(user, TournamentNotice::Listed(lines)))
    }

    /// Moves on the tournaments due (the clock's look): starts those
    /// whose hour has come (or cancels them, short of players), expires
    /// those left open [`EXPIRE_DAYS`] days without a start time, and
    /// pairs the next round or ends those with a game ended since their
    /// standings were posted (a game's end does it at once,
    /// [`TournamentService::game_ended`]: this catches what a failure
    /// left). The others are not read. One that fails is logged and left
    /// for the next look; the others go on. Returns how many posts were
    /// made.
    pub async fn advance_tournaments(&self) -> Result<usize> {
        let now = self.base.now();
        let due = (self.db.tournaments)
            .due_tournaments(now, now - EXPIRE_DAYS * DAY)
            .await?;
        let mut made = 0;
        for id in due {
            match self.advance_one(id).await {
                Ok(posts) => made += posts,
                Err(e) => tracing::warn!(tournament = %id, "cannot move a tournament on: {e}"),
            }
        }
        Ok(made)
    }

    /// Game `game` has ended: if a tournament plays it, the tournament
    /// moves on now (its standings, its next round, its end). A failure is
    /// logged, never the game's: the clock's next look tries again.
    pub(crate) async fn game_ended(&self, game: GameId) {
        let moved = async {
            if let Some(id) = self.db.tournaments.tournament_of_game(game).await? {
                self.advance(id).await?;
            }
            Ok::<_, AppError>(())
        };
        if let Err(e) = moved.await {
            tracing::warn!(%game, "cannot move a tournament on after its game: {e}");
        }
    }

    async fn advance_one(&self, id: TournamentId) -> Result<usize> {
        let t = self.standings.tournament(id).await?;
        if t.status == TournamentStatus::Open {
            let now = self.base.now();
            let entrants = self.db.tournaments.entrants(id).await?;
            match t.starts_at {
                Some(at) if at <= now => {}
                None if t.created_at <= now - EXPIRE_DAYS * DAY => {
                    // Never started: it ends, and everyone in it is told.
                    let said = TournamentNotice::Expired {
                        id: t.id,
                        name: t.title(),
                        days: EXPIRE_DAYS,
                        organiser: t.organiser_id,
                    };
                    let mut pings = vec![t.organiser_id];
                    let players = entrants.iter().map(|e| e.player_id);
                    pings.extend(players.filter(|&p| p != t.organiser_id));
                    let moved = self.call_off(&t, said, None, pings).await?;
                    return Ok(moved.map_or(0, |ids| ids.len()));
                }
                _ => return Ok(0),
            }
            if entrants.len() < MIN_PLAYERS {
                let said = TournamentNotice::CancelledShort {
                    name: t.title(),
                    min: MIN_PLAYERS,
                };
                let moved = self
                    .call_off(&t, said, Some(entrants.len()), Vec::new())
                    .await?;
                return Ok(moved.map_or(0, |ids| ids.len()));
            }
            // Not started if someone joined or left meanwhile: the next
            // look counts again.
            let started = self
                .start(&t, &entrants)
                .await?
                .map_or(0, |made| made.len());
            return Ok(started + self.advance(id).await?.len());
        }
        Ok(self.advance(id).await?.len())
    }

    /// Cancels tournament `t` (open or running), telling its lobby `said`
    /// and closing its sign-up message, if it still stands as read (and
    /// has `players` players, when given); the posts' ids, or why not.
    async fn call_off(
        &self,
        t: &TournamentRow,
        said: TournamentNotice,
        players: Option<usize>,
        pings: Vec<UserId>,
    ) -> Result<std::result::Result<Vec<PostId>, NotMoved>> {
        let cancelled = TournamentStatus::Cancelled;
        if !t.status.may_become(cancelled) {
            return Ok(Err(NotMoved::Status(t.status)));
        }
        let mut posts = vec![NewPost {
            pings,
            ..self.lobby_post(t, said)
        }];
        let status = TournamentNotice::SignUpCancelled;
        posts.extend(self.sign_up_edit(t, status).await?);
        let change = StatusChange {
            from: t.status,
            to: cancelled,
            rounds: None,
            winner: None,
            first: Vec::new(),
            players,
        };
        (self.db.tournaments)
            .move_tournament(t.id, change, posts, self.base.now())
            .await
            .map_err(Into::into)
    }

    /// Moves open tournament `t` to running with `entrants`, fixing its
    /// rounds; the posts saying so, or why not (it was no longer open, or
    /// its players changed).
    async fn start(
        &self,
        t: &TournamentRow,
        entrants: &[Entrant],
    ) -> Result<std::result::Result<Vec<Made>, NotMoved>> {
        // A Swiss never has more rounds than players - 1 (everyone meets
        // everyone once at most): fixed now, said if fewer than asked.
        let rounds = match t.format {
            TournamentFormat::Swiss => Some(i64::from(event::swiss_rounds(
                t.rounds.map(|r| r as u32),
                entrants.len(),
            ))),
            TournamentFormat::RoundRobin => None,
        };
        let said = TournamentNotice::Started {
            name: t.title(),
            rounds_cut: t.rounds.filter(|&asked| Some(asked) > rounds).zip(rounds),
            players: names(entrants),
        };
        // The news of the start opens the tournament's own thread (unless
        // the server wants no threads), where the rest of its news goes.
        let threads = self.db.settings.guild_settings(t.guild_id).await?.threads;
        let thread_name = (threads != Some(ThreadsSetting::Off)).then(|| ThreadName::Tournament {
            name: t.name.clone(),
            tournament: t.id,
        });
        let mut posts = vec![NewPost {
            thread_name,
            ..self.news(t, said)
        }];
        posts.extend(
            self.sign_up_edit(t, TournamentNotice::SignUpStarted)
                .await?,
        );
        let change = StatusChange {
            from: TournamentStatus::Open,
            to: TournamentStatus::Running,
            rounds,
            winner: None,
            first: Vec::new(),
            players: Some(entrants.len()),
        };
        let ids = (self.db.tournaments)
            .move_tournament(t.id, change, posts.clone(), self.base.now())
            .await?;
        Ok(ids.map(|ids| ids.into_iter().zip(posts).collect()))
    }

    /// Pairs tournament `id`'s next round if the last one is over, or ends
    /// it once every round is played. The posts made (none if nothing was
    /// due, or another process did it first).
    async fn advance(&self, id: TournamentId) -> Result<Vec<Made>> {
        let t = self.standings.tournament(id).await?;
        if t.status != TournamentStatus::Running {
            return Ok(Vec::new());
        }
        let entrants = self.db.tournaments.entrants(id).await?;
        let paired = self.db.tournaments.paired(id).await?;
        let mut state = Event::of(&t, &entrants, &paired)?;
        // Round 1 is seeded by this server's ratings (provisional ones
        // count as unrated, ranked last).
        for (player, entrant) in state.event.players.iter_mut().zip(&entrants) {
            let rating = self
                .db
                .ratings
                .rating(t.guild_id, entrant.player_id)
                .await?;
            player.rating = (!rating.is_provisional()).then_some(rating.rating.round() as i32);
        }
        match event::next_round(&state.event).map_err(|e| corrupt(&t, e))? {
            // The final standings say the last results.
            event::NextRound::Finished => self.end_tournament(&t, &state).await,
            event::NextRound::InProgress => self.post_results(&t, &paired).await,
            // The standings after the round's last result, with the
            // pairings of the next, in one transaction.
            event::NextRound::Pairing(pairing) => {
                let (results, standings) = self.results_post(&t, &paired);
                self.pair(&t, &state, pairing, (results, standings)).await
            }
        }
    }

    /// Pairs `t`'s next round, after `standings`: the post of the
    /// standings after the results so far (their number, and the post if
    /// they were not shown yet).
    async fn pair(
        &self,
        t: &TournamentRow,
        state: &Event,
        pairing: event::Pairing,
        standings: (i64, Option<NewPost>),
    ) -> Result<Vec<Made>> {
        let lang = t.lang;
        let round = i64::from(pairing.round);
        let place = Place::new(t.guild_id, t.channel_id, lang).allowing(BotPermissions::ALL);
        let home = self.threads.home(place, t.channel_id).await?;
        let now = self.base.now();
        let mut games = Vec::new();
        let mut dms = Vec::new();
        let mut pairings = Vec::new();
        for &(south, north) in &pairing.games {
            let (south, north) = (state.user(south), state.user(north));
            let players = self.players.players_in(t.guild_id, south, north).await?;
            games.push(NewGame {
                guild_id: t.guild_id,
                channel_id: home.channel_id,
                variant: t.variant,
                south_id: south,
                north_id: north,
                ai_level: None,
                seconds_per_move: t.seconds_per_move,
                deadline: self
                    .base
                    .deadline_for(t.seconds_per_move, players.0.as_ref()),
                created_at: now,
                rematch_of: None,
                lobby_channel_id: home.lobby(),
                rated: t.rated,
            });
            // South's first turn: a direct message if they want one each
            // turn.
            dms.push(self.notify.turn_dm(south, players.0.as_ref(), None));
            // Mentions, not names: they call each player into the thread.
            pairings.push(Pairing { south, north });
        }
        let bye = pairing.bye.map(|key| state.user(key));
        // In the tournament's thread, calling everyone paired (which
        // brings them into it): the mentions above may ping them.
        let mut pings: Vec<UserId> = games
            .iter()
            .flat_map(|g| [g.south_id, g.north_id])
            .collect();
        pings.extend(bye);
        let news = NewPost {
            pings,
            ..self.news(
                t,
                TournamentNotice::Round {
                    name: t.title(),
                    round,
                    pairings,
                    bye,
                },
            )
        };
        let posts = |i: usize, game: crate::vocabulary::GameId| {
            let g: &NewGame = &games[i];
            let headline = || TournamentNotice::GameStarted {
                name: t.title(),
                round,
                game,
                variant: t.variant,
            };
            let thread = ThreadName::TournamentGame {
                name: t.name.clone(),
                round,
                game,
            };
            // Made by the clock or for several games: never an answer. The
            // line the thread opens from calls both players; the board,
            // South, who is to move.
            let mut posts: Vec<NewPost> = self
                .threads
                .start_posts(home, lang, headline(), thread, vec![g.south_id, g.north_id])
                .into_iter()
                .map(|post| NewPost { hold: 0, ..post })
                .collect();
            // Its board by direct message too, to a South who wants one.
            posts.extend(dms[i].map(|to| to.post(home.channel_id, 0, headline())));
            posts
        };
        let made = self
            .db
            .tournaments
            .pair_round(
                t.id,
                (t.rounds_paired, standings.0),
                &games,
                bye,
                &posts,
                standings.1.into_iter().chain([news]).collect(),
                now,
            )
            .await?;
        Ok(made.unwrap_or_default())
    }

    async fn end_tournament(&self, t: &TournamentRow, state: &Event) -> Result<Vec<Made>> {
        let standings = event::standings(&state.event).map_err(|e| corrupt(t, e))?;
        let first = standings.first().map(|s| s.key);
        let winner: Name = first
            .map(|key| Name::new(state.name(key)))
            .unwrap_or_default();
        // Equal on points and every tie-break: they share the place.
        let shared_with: Vec<Name> = (standings.iter().skip(1))
            .take_while(|s| s.rank == 1)
            .map(|s| Name::new(state.name(s.key)))
            .collect();
        let table = self.standings_notice(t).await?;
        let said = TournamentNotice::Won {
            name: t.title(),
            winner: winner.clone(),
            shared_with: shared_with.clone(),
        };
        // The winner in the lobby; the final standings, as a picture, in
        // the tournament's thread.
        let last = NewPost {
            standings: true,
            ..self.news(
                t,
                TournamentNotice::FinalStandings {
                    name: t.title(),
                    winner,
                    shared_with,
                },
            )
        };
        let mut won = self.lobby_post(t, said);
        won.says.push(table.into());
        let posts = vec![won, last];
        let change = StatusChange {
            from: TournamentStatus::Running,
            to: TournamentStatus::Finished,
            rounds: None,
            winner: first.map(|key| state.user(key)),
            first: (standings.iter())
                .take_while(|s| s.rank == 1)
                .map(|s| state.user(s.key))
                .collect(),
            players: None,
        };
        let ids = (self.db.tournaments)
            .move_tournament(t.id, change, posts.clone(), self.base.now())
            .await?;
        Ok(ids
            .map(|ids| ids.into_iter().zip(posts).collect())
            .unwrap_or_default())
    }

    /// Tournament `t`'s standings: who signed up before the start, then
    /// a line per player, best first.
    async fn standings_notice(&self, t: &TournamentRow) -> Result<TournamentNotice> {
        let entrants = self.db.tournaments.entrants(t.id).await?;
        let paired = self.db.tournaments.paired(t.id).await?;
        let table = if entrants.len() < MIN_PLAYERS || t.status == TournamentStatus::Open {
            StandingsTable::Players(names(&entrants))
        } else {
            let state = Event::of(t, &entrants, &paired)?;
            let standings = event::standings(&state.event).map_err(|e| corrupt(t, e))?;
            StandingsTable::Ranked(
                standings
                    .iter()
                    .map(|s| Ranked {
                        rank: s.rank,
                        name: Name::new(state.name(s.key)),
                        points: s.points.into(),
                        tiebreaks: match s.buchholz_cut1 {
                            Some(bh) => Tiebreaks::Swiss {
                                buchholz_cut1: bh.into(),
                                sonneborn_berger: s.sonneborn_berger.into(),
                            },
                            None => Tiebreaks::RoundRobin {
                                sonneborn_berger: s.sonneborn_berger.into(),
                                wins: s.wins,
                            },
                        },
                        games_played: s.games_played,
                        withdrawn: s.withdrawn,
                    })
                    .collect(),
            )
        };
        Ok(TournamentNotice::Standings {
            id: t.id,
            name: t.title(),
            stage: TournamentStage::of(t),
            table,
        })
    }

    /// The tournament a command means: the one named (in this server), or
    /// the latest of this server's that fits `pick`.
    async fn pick_tournament(
        &self,
        user: &User,
        place: Place,
        id: Option<TournamentId>,
        pick: Pick,
    ) -> Result<TournamentRow> {
        crate::places::in_bot_server(place, self.base.bot.id, TournamentRefusal::OnlyInServers)?;
        if let Some(id) = id {
            let t = match self.db.tournaments.tournament(id).await? {
                Some(t) if t.guild_id == place.guild_id => t,
                _ => return Err(TournamentRefusal::Unknown(id).into()),
            };
            return match (pick, t.status) {
                (Pick::Any, _) => Ok(t),
                (_, status) if status.is_final() => Err(not_from(&t, status)),
                (Pick::Open, TournamentStatus::Running) => {
                    Err(TournamentRefusal::AlreadyStarted { name: t.title() }.into())
                }
                _ => Ok(t),
            };
        }
        let all = self
            .db
            .tournaments
            .tournaments_of(place.guild_id, RECENT)
            .await?;
        for t in all {
            let fits = match pick {
                Pick::Any => true,
                Pick::Live => {
                    matches!(t.status, TournamentStatus::Open | TournamentStatus::Running)
                }
                Pick::Open => t.status == TournamentStatus::Open,
                Pick::Joinable => {
                    matches!(t.status, TournamentStatus::Open | TournamentStatus::Running)
                }
                Pick::Mine => {
                    matches!(t.status, TournamentStatus::Open | TournamentStatus::Running)
                        && self
                            .db
                            .tournaments
                            .entrants(t.id)
                            .await?
                            .iter()
                            .any(|e| e.player_id == user.id)
                }
            };
            if fits {
                return Ok(t);
            }
        }
        Err(TournamentRefusal::NoneHere.into())
    }

    /// A line in tournament `t`'s lobby, for the delivery loop.
    fn lobby_post(&self, t: &TournamentRow, said: impl Into<Notice>) -> NewPost {
        NewPost {
            hold: 0,
            ..self
                .outbox
                .post_in(Place::new(t.guild_id, t.channel_id, t.lang), said)
        }
    }

    /// A line of tournament `t`'s news, for the delivery loop: in its
    /// thread once that is open, in its lobby until then.
    fn news(&self, t: &TournamentRow, said: TournamentNotice) -> NewPost {
        NewPost {
            news_of: Some(t.id),
            ..self.lobby_post(t, said)
        }
    }

    /// Tournament `id`'s thread is open (and has the id `thread_id`): its
    /// news goes there from now on.
    pub async fn tournament_thread_opened(
        &self,
        id: TournamentId,
        thread_id: ChannelId,
    ) -> Result<()> {
        Ok(self
            .db
            .tournaments
            .set_tournament_thread(id, thread_id)
            .await?)
    }

    /// The games of `t` ended so far, and the post of the standings in
    /// its thread if some ended since they were last posted.
    fn results_post(&self, t: &TournamentRow, paired: &[Paired]) -> (i64, Option<NewPost>) {
        let ended = paired
            .iter()
            .filter(|p| p.game.is_some_and(|(state, _)| state != GameState::Active))
            .count() as i64;
        let said = TournamentNotice::ResultsStandings {
            name: t.title(),
            round: t.rounds_paired,
            results: ended,
        };
        let post = (ended > t.results_posted).then(|| NewPost {
            standings: true,
            ..self.news(t, said)
        });
        (ended, post)
    }

    /// Posts the standings in `t`'s thread if games have ended since they
    /// were last posted (once: the count moves on in the same transaction).
    async fn post_results(&self, t: &TournamentRow, paired: &[Paired]) -> Result<Vec<Made>> {
        let (ended, Some(post)) = self.results_post(t, paired) else {
            return Ok(Vec::new());
        };
        let posts = vec![post];
        let ids = (self.db.tournaments)
            .post_results(
                t.id,
                t.results_posted,
                ended,
                posts.clone(),
                self.base.now(),
            )
            .await?;
        Ok(ids
            .map(|ids| ids.into_iter().zip(posts).collect())
            .unwrap_or_default())
    }

    /// Shows the current list of players on `t`'s sign-up message, which
    /// keeps its buttons while the tournament takes players.
    async fn refresh_sign_up(&self, t: &TournamentRow) -> Result<()> {
        let t = self.standings.tournament(t.id).await?;
        let entrants = self.db.tournaments.entrants(t.id).await?;
        let Some(original) = self.db.tournaments.sign_up_post(t.id).await? else {
            return Ok(());
        };
        let edit = NewPost {
            to: crate::store::PostTarget::Channel(original.channel_id),
            edits: Some(original.id),
            says: vec![sign_up(&t, &entrants).into()],
            lang: t.lang.locale().to_string(),
            tournament_id: Some(t.id),
            ..NewPost::default()
        };
        self.db
            .outbox
            .insert_posts(vec![edit], self.base.now())
            .await?;
        Ok(())
    }

    /// The edit that closes `t`'s sign-up message (its buttons go),
    /// saying `status` under it.
    async fn sign_up_edit(
        &self,
        t: &TournamentRow,
        status: TournamentNotice,
    ) -> Result<Option<NewPost>> {
        let entrants = self.db.tournaments.entrants(t.id).await?;
        let Some(original) = self.db.tournaments.sign_up_post(t.id).await? else {
            return Ok(None);
        };
        Ok(Some(NewPost {
            to: crate::store::PostTarget::Channel(original.channel_id),
            edits: Some(original.id),
            says: vec![sign_up(t, &entrants).into(), status.into()],
            lang: t.lang.locale().to_string(),
            ..NewPost::default()
        }))
    }
}

crate::store::port_set! {
    /// The ports [`StandingsPosts`] reads and writes through.
    pub struct StandingsPostsPorts {
        tournaments: TournamentsStore,
    }
}

/// Composes a tournament's standings when their post is delivered.
#[derive(Clone)]
pub struct StandingsPosts {
    pub(crate) db: StandingsPostsPorts,
}

impl StandingsPosts {
    /// The standings as a picture (with a round-robin's crosstable), in
    /// `lang`, its alt text naming every player's rank and points; drawn
    /// off the async threads, as every picture is. Names are drawn and
    /// described as written ([`Name::plain`]: neither is markdown).
    pub(crate) async fn standings_picture(&self, t: &TournamentRow, lang: Lang) -> Result<Picture> {
        use kiela_render::{CrossCell, CrossResult, StandingRow, StandingsFormat, StandingsView};
        let entrants = self.db.tournaments.entrants(t.id).await?;
        let paired = self.db.tournaments.paired(t.id).await?;
        let state = Event::of(t, &entrants, &paired)?;
        let standings = event::standings(&state.event).map_err(|e| corrupt(t, e))?;
        let title = format!("{} · {}", t.title().plain(), status_words(lang, t));
        let names: Vec<String> = (standings.iter())
            .map(|s| Name::new(state.name(s.key)).plain())
            .collect();
        let crosstable = (t.format == TournamentFormat::RoundRobin).then(|| {
            let order: Vec<event::PlayerKey> = standings.iter().map(|s| s.key).collect();
            let games: Vec<&event::Game> =
                state.event.rounds.iter().flat_map(|r| &r.games).collect();
            let cell = |me: event::PlayerKey, them: event::PlayerKey| {
                let results: Vec<CrossResult> = games
                    .iter()
                    .filter_map(|g| {
                        let south = match (g.south, g.north) {
                            (s, n) if s == me && n == them => true,
                            (s, n) if s == them && n == me => false,
                            _ => return None,
                        };
                        use event::Outcome::*;
                        Some(match (g.outcome?, south) {
                            (Draw, _) => CrossResult::Draw,
                            (SouthWins, true) | (NorthWins, false) => CrossResult::Win,
                            (SouthWins, false) | (NorthWins, true) => CrossResult::Loss,
                            (NorthForfeits, true) | (SouthForfeits, false) => {
                                CrossResult::ForfeitWin
                            }
                            (NorthForfeits, false) | (SouthForfeits, true) => {
                                CrossResult::ForfeitLoss
                            }
                        })
                    })
                    .collect();
                (!results.is_empty()).then_some(CrossCell { results })
            };
            order
                .iter()
                .map(|&me| order.iter().map(|&them| cell(me, them)).collect())
                .collect()
        });
        let format = match t.format {
            TournamentFormat::Swiss => StandingsFormat::Swiss,
            TournamentFormat::RoundRobin => StandingsFormat::RoundRobin,
        };
        tokio::task::spawn_blocking(move || {
            let rows = (standings.iter().zip(&names))
                .map(|(s, name)| StandingRow {
                    rank: s.rank,
                    name,
                    points: s.points.as_f64(),
                    tiebreaks: match s.buchholz_cut1 {
                        Some(bh) => vec![bh.as_f64(), s.sonneborn_berger.as_f64()],
                        None => vec![s.sonneborn_berger.as_f64(), f64::from(s.wins)],
                    },
                    games_played: s.games_played,
                    withdrawn: s.withdrawn,
                })
                .collect();
            let view = StandingsView {
                title: &title,
                lang,
                format,
                rows,
                crosstable,
            };
            let bytes = kiela_render::standings_png(&view)
                .map_err(|e| AppError::Internal(format!("cannot draw the standings: {e}")))?;
            Ok(Picture {
                bytes,
                format: Format::Png,
                alt_text: kiela_render::standings_alt_text(&view).into(),
            })
        })
        .await
        .map_err(|e| AppError::Internal(format!("the standings picture failed: {e}")))?
    }

    /// Tournament `id`, which must exist.
    pub(crate) async fn tournament(&self, id: TournamentId) -> Result<TournamentRow> {
        self.db
            .tournaments
            .tournament(id)
            .await?
            .ok_or_else(|| AppError::Internal(format!("no tournament #{id}")))
    }

    /// A post of tournament `id`'s standings: what it `says` over the standings
    /// picture as they are now, in `lang`.
    pub(crate) async fn standings_post_reply(
        &self,
        id: TournamentId,
        says: Vec<Notice>,
        lang: Lang,
    ) -> Result<Reply> {
        let t = self.tournament(id).await?;
        Ok(Reply {
            says,
            picture: Some(self.standings_picture(&t, lang).await?),
            lang,
            ..Reply::default()
        })
    }
}

/// Which of a server's tournaments a command without one means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    Any,
    Live,
    Open,
    Joinable,
    /// Live, and the user plays in it.
    Mine,
}

/// The round a player joining `t` now joins at: 0 while it is open, the
/// rounds paired so far while a running Swiss still takes late players;
/// `None` when it takes nobody. Asked in the join's transaction, so it
/// reads the tournament as the join finds it.
fn joined_round(t: &TournamentRow) -> Option<i64> {
    match (t.status, t.format, t.rounds) {
        (TournamentStatus::Open, _, _) => Some(0),
        (TournamentStatus::Running, TournamentFormat::Swiss, Some(rounds)) => {
            let format = event::Format::Swiss {
                rounds: rounds as u32,
            };
            event::late_join_open(format, t.rounds_paired as u32).then_some(t.rounds_paired)
        }
        _ => None,
    }
}

/// The refusal of a change tournament `t` could not make, being `now`:
/// ended for good, or moved on meanwhile (asked again, it is answered
/// from where it stands).
fn not_from(t: &TournamentRow, now: TournamentStatus) -> AppError {
    match now.is_final() {
        true => TournamentRefusal::Over {
            name: t.title(),
            status: now,
        }
        .into(),
        false => AppError::Conflict,
    }
}

/// A tournament in the crate's terms, with the way back to users.
struct Event {
    event: event::Event,
    /// By player key (the join order).
    entrants: Vec<Entrant>,
}

impl Event {
    fn of(t: &TournamentRow, entrants: &[Entrant], paired: &[Paired]) -> Result<Event> {
        let key = |user: UserId| -> Result<event::PlayerKey> {
            entrants
                .iter()
                .position(|e| e.player_id == user)
                .map(|i| event::PlayerKey(i as u32))
                .ok_or_else(|| corrupt(t, format!("player {user} is paired but not entered")))
        };
        let format = match (t.format, t.rounds) {
            (TournamentFormat::RoundRobin, _) => event::Format::RoundRobin,
            (TournamentFormat::Swiss, Some(rounds)) => event::Format::Swiss {
                rounds: rounds as u32,
            },
            (TournamentFormat::Swiss, None) => {
                return Err(corrupt(t, "a running Swiss event without rounds"))
            }
        };
        let players = entrants
            .iter()
            .enumerate()
            .map(|(i, e)| event::Player {
                key: event::PlayerKey(i as u32),
                rating: None,
                joined_round: e.joined_round as u32,
                withdrawn: e.withdrawn,
            })
            .collect();
        let mut rounds: Vec<event::Round> = Vec::new();
        for p in paired {
            let index = (p.round - 1) as usize;
            while rounds.len() <= index {
                rounds.push(event::Round::default());
            }
            let round = &mut rounds[index];
            match p.north_id {
                None => round.bye = Some(key(p.south_id)?),
                Some(north) => round.games.push(event::Game {
                    south: key(p.south_id)?,
                    north: key(north)?,
                    outcome: p
                        .game
                        .and_then(|(state, south_to_move)| outcome(state, south_to_move)),
                }),
            }
        }
        Ok(Event {
            event: event::Event {
                format,
                players,
                rounds,
            },
            entrants: entrants.to_vec(),
        })
    }

    fn user(&self, key: event::PlayerKey) -> UserId {
        self.entrants[key.0 as usize].player_id
    }

    fn name(&self, key: event::PlayerKey) -> &str {
        &self.entrants[key.0 as usize].name
    }
}

/// A game's state as the tournament counts it: an aborted game (its first
/// mover never moved) is a forfeit by the player who was to move.
fn outcome(state: GameState, south_to_move: bool) -> Option<event::Outcome> {
    match state {
        GameState::Active => None,
        GameState::Finished(outcome) => Some(match outcome.result {
            GameResult::SouthWins => event::Outcome::SouthWins,
            GameResult::NorthWins => event::Outcome::NorthWins,
            GameResult::Draw => event::Outcome::Draw,
        }),
        GameState::Aborted if south_to_move => Some(event::Outcome::SouthForfeits),
        GameState::Aborted => Some(event::Outcome::NorthForfeits),
    }
}

fn corrupt(t: &TournamentRow, problem: impl std::fmt::Display) -> AppError {
    AppError::Internal(format!("tournament #{}: {problem}", t.id))
}

/// The sign-up message: the event's rules and its players so far.
fn sign_up(t: &TournamentRow, entrants: &[Entrant]) -> TournamentNotice {
    TournamentNotice::SignUp(SignUp {
        id: t.id,
        name: t.title(),
        format: t.format,
        variant: t.variant,
        days_per_move: t.seconds_per_move / DAY,
        rounds: t.rounds,
        rated: t.rated,
        strict: t.strict,
        start: match t.starts_at {
            Some(at) => TournamentStart::At(at),
            None => TournamentStart::ByOrganiser(t.organiser_id),
        },
        entrants: entrants.iter().map(|e| e.player_id).collect(),
        max_players: t.max_players,
    })
}

/// A private reply to `user`, in their language.
fn told(user: &User, said: TournamentNotice) -> Reply {
    Reply {
        lang: user.lang,
        ..Reply::private(said)
    }
}

/// The players' names, in join order.
fn names(entrants: &[Entrant]) -> Vec<Name> {
    entrants
        .iter()
        .map(|e| Name::new(e.name.as_str()))
        .collect()
}

/// The stage in the standings picture's title (drawn: worded here).
fn status_words(lang: Lang, t: &TournamentRow) -> String {
    use kiela_render::words::{stage, Stage};
    let drawn = match TournamentStage::of(t) {
        TournamentStage::Open => Stage::Open,
        TournamentStage::Running { round } => Stage::Running { round },
        TournamentStage::Finished => Stage::Finished,
        TournamentStage::Cancelled => Stage::Cancelled,
    };
    stage(lang, drawn)
}

#[async_trait::async_trait]
impl crate::ComposePost for StandingsPosts {
    fn composes(&self, post: &NewPost) -> bool {
        post.standings && post.news_of.is_some()
    }

    async fn compose(&self, post: &NewPost, says: Vec<Notice>, lang: Lang) -> Result<Reply> {
        let id = (post.news_of)
            .ok_or_else(|| AppError::Internal("standings of no tournament".into()))?;
        self.standings_post_reply(id, says, lang).await
    }
}
