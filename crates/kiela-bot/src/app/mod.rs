//! The game service: every use case of a player, without Discord.
//!
//! It takes who acts, where, and what, and returns a [`Reply`] (text, the
//! board picture with its alt text, the moves to offer, who to ping) or an
//! [`AppError`] whose message tells the user what to do. Every game is
//! rebuilt from the database on each call, so a restart loses nothing, and
//! every change goes through one version-guarded transaction
//! ([`crate::store::Store::apply`]).

mod analysis;
mod boards;
mod challenges;
mod choices;
mod clock;
mod games;
mod hints;
mod info;
mod limits;
mod names;
mod notify;
mod outbox;
mod replays;
mod settings;
mod threads;
mod timers;
mod vacation;
mod words;

pub use analysis::Progress;
pub use choices::GameChoice;
pub use clock::{Clock, ManualClock, SystemClock};
pub use info::rules_summary;
pub use limits::{
    clip_message, Document, SearchPool, AI_SEARCHES, MAX_AI_GAMES, MAX_OPEN_CHALLENGES,
    MESSAGE_CHARS,
};
pub use names::Name;
pub use outbox::{Delivery, Destination};
pub use settings::{GamesChannel, LanguageSetting, Settings, DEFAULT_DAYS};
pub use threads::BotPermissions;
pub use timers::DueEvent;
pub use vacation::VACATION_DAYS_PER_YEAR;

use std::sync::Arc;

use thiserror::Error;

pub use crate::store::BoardMessage;
use crate::store::{GameRow, Store, StoreError};
use crate::vocabulary::GameState;
pub use crate::vocabulary::{FirstMover, Notify, ThreadsSetting};
use kiela_ai::Level;
use kiela_i18n::tr;
use kiela_i18n::Lang;
use kiela_render::{BoardView, LastMove};
use kiela_rules::{Game, Hole, Move, Position, Side, Variant};
use replays::Replayed;

pub use words::{describe_game_error, describe_layout_error};

/// Seconds in a day: the unit of time per move.
pub const DAY: i64 = 24 * 60 * 60;

/// A Discord user (or the bot itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    /// As Discord gave it; see [`Name`] for how it becomes text.
    pub name: Name,
    pub is_bot: bool,
    /// The language of their Discord client: their private replies, and
    /// (remembered) their reminders and direct messages.
    pub lang: Lang,
}

impl User {
    pub fn new(id: i64, name: &str) -> User {
        User {
            id,
            name: Name::from(name),
            is_bot: false,
            lang: Lang::En,
        }
    }

    /// The same user, speaking `lang`.
    pub fn speaking(mut self, lang: Lang) -> User {
        self.lang = lang;
        self
    }
}

/// Where an action happens: the server (0 outside one) and the channel,
/// and the language of public posts there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub guild_id: i64,
    pub channel_id: i64,
    /// The server's language: Discord's `guild_locale`, unless the server
    /// chose one with `/kiela settings` (see [`GameService::localise`]).
    pub lang: Lang,
    /// What the bot may do in this channel.
    pub bot_may: BotPermissions,
}

impl Place {
    /// A place where the bot may post, but not open threads.
    pub fn new(guild_id: i64, channel_id: i64, lang: Lang) -> Place {
        Place {
            guild_id,
            channel_id,
            lang,
            bot_may: BotPermissions::NO_THREADS,
        }
    }

    /// The same place, where the bot may do only `may`.
    pub fn allowing(self, may: BotPermissions) -> Place {
        Place {
            bot_may: may,
            ..self
        }
    }
}

/// The picture of a reply: the board, or a turn's animation.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub bytes: Vec<u8>,
    pub format: Format,
    /// Plain-text description for screen readers (at most 1,024 characters).
    pub alt_text: String,
}

/// A picture's file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Png,
    Gif,
}

impl Format {
    /// The file name extension, `png` or `gif`.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Gif => "gif",
        }
    }
}

/// What to show after an action. Game progress is public; lists and
/// personal information are private (ephemeral on Discord).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    pub text: String,
    pub picture: Option<Picture>,
    /// The game and ply this reply shows, for the buttons and menus under it.
    pub game: Option<GameRef>,
    /// Legal sowings of the player to move, with their stones, to offer.
    pub moves: Vec<(Hole, u8)>,
    /// Users to mention (in a new message, so they are notified).
    pub ping: Vec<i64>,
    /// A pending challenge to put Accept / Decline buttons on.
    pub challenge: Option<i64>,
    /// A draw offer waits for an answer: Accept draw / Decline draw buttons.
    pub draw_offered: bool,
    /// The player to move may rearrange their stones (Expert): an Arrange
    /// button.
    pub may_arrange: bool,
    /// A person plays the AI and is to move: a Hint button.
    pub may_hint: bool,
    /// A step of a finished game's review: buttons to the first, the
    /// previous, the next and the last move.
    pub review: Option<ReviewStep>,
    /// Only for the user who acted.
    pub private: bool,
    /// The language of the text, for the buttons and menus under it.
    pub lang: Lang,
    /// The outbox posts this reply is (see [`outbox`]): sent publicly as
    /// the interaction's answer, it delivers them; otherwise the delivery
    /// loop posts them.
    pub posts: Vec<i64>,
    /// A text sent as a file beside the message (a record too long for the
    /// message itself).
    pub document: Option<Document>,
    /// Once this is posted, a thread is to be opened from it for a game
    /// (see [`threads`]): report it with [`GameService::thread_opened`].
    pub thread: Option<NewThread>,
    /// More posts wait for this one to be delivered (the delivery loop
    /// posts them; wake it then).
    pub followed: bool,
}

/// Where a review stands: at move `ply` of game `game`'s `last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewStep {
    pub game: i64,
    pub ply: i64,
    pub last: i64,
}

/// A thread to open from a posted message, in which a game is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewThread {
    pub game_id: i64,
    pub name: String,
}

impl Reply {
    fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            private: true,
            ..Reply::default()
        }
    }
}

/// A game at a ply: what components carry, so a stale one is recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRef {
    pub id: i64,
    pub ply: i64,
    /// Whether the game is still going on (components are offered).
    pub active: bool,
}

/// Why an action was refused. Each message says what to do instead; it is
/// written in a language by [`AppError::message`] (`Display` is English,
/// for logs).
#[derive(Debug, Error)]
pub enum AppError {
    /// A refusal already worded in the user's language.
    #[error("{0}")]
    Refused(String),
    #[error("{}", self.message(Lang::En))]
    NotYourGame,
    #[error("{}", self.message(Lang::En))]
    NotYourTurn(Side),
    #[error("{}", self.message(Lang::En))]
    OutOfDate { game_id: i64 },
    #[error("{}", self.message(Lang::En))]
    Conflict,
    #[error("{}", self.message(Lang::En))]
    NoSuchGame(i64),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{}", self.message(Lang::En))]
    Internal(String),
    /// Replaying game `0` takes longer than a request may (it goes on in
    /// the background, so the next try is quick).
    #[error("{}", self.message(Lang::En))]
    Busy(i64),
}

impl AppError {
    /// What to tell the user, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            AppError::Refused(message) => message.clone(),
            AppError::NotYourGame => tr!(lang, "error-not-your-game"),
            AppError::NotYourTurn(side) => {
                tr!(lang, "error-not-your-turn", side = words::side(lang, *side))
            }
            AppError::OutOfDate { .. } => tr!(lang, "error-out-of-date"),
            AppError::Conflict => tr!(lang, "error-conflict"),
            AppError::NoSuchGame(id) => tr!(lang, "error-no-such-game", id = *id),
            AppError::Store(e) => tr!(lang, "error-internal", detail = e.to_string()),
            AppError::Internal(detail) => tr!(lang, "error-internal", detail = detail),
            AppError::Busy(id) => tr!(lang, "error-busy", id = *id),
        }
    }
}

pub type Result<T, E = AppError> = std::result::Result<T, E>;

fn refused<T>(message: impl Into<String>) -> Result<T> {
    Err(AppError::Refused(message.into()))
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

/// How long the service waits for work another task or process may still
/// be doing (seconds). The defaults suit Discord; tests shorten them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// A post waits this long for the interaction answering it before the
    /// delivery loop posts it: longer than the slowest answer (an expert
    /// reply queued behind others), short enough that a crash delays a
    /// post by minutes, not days.
    pub answer_lease: i64,
    /// An AI turn waits this long for the interaction that made it due
    /// before the timers play it themselves.
    pub ai_turn_grace: i64,
    /// The longest a request waits for a game's replay (which may have to
    /// prove long relay cycles endless) before saying it is busy.
    pub replay_bound: std::time::Duration,
    /// How the AI's levels are bounded: by the clock in play (`expert`
    /// uses its whole time), by node budgets in tests (reproducible and
    /// quick).
    pub ai_budget: kiela_ai::Budget,
    /// How long an answer may take before its interaction is deferred:
    /// Discord wants the first response within 3 seconds.
    pub defer_after: std::time::Duration,
    /// The least time between two progress edits of a deferred answer
    /// (each is a request to Discord, which rate-limits them).
    pub progress_every: std::time::Duration,
    /// The longest the delivery loop sleeps when nothing wakes it.
    pub delivery_poll: std::time::Duration,
    /// How long shutting down waits for interactions being answered.
    pub shutdown_grace: std::time::Duration,
}

/// The default [`Timing::answer_lease`].
pub const ANSWER_LEASE: i64 = 180;
/// The default [`Timing::ai_turn_grace`].
pub const AI_TURN_GRACE: i64 = 30;

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            answer_lease: ANSWER_LEASE,
            ai_turn_grace: AI_TURN_GRACE,
            replay_bound: std::time::Duration::from_secs(20),
            ai_budget: kiela_ai::Budget::Clock,
            defer_after: std::time::Duration::from_millis(1500),
            progress_every: std::time::Duration::from_secs(1),
            delivery_poll: std::time::Duration::from_secs(2),
            shutdown_grace: std::time::Duration::from_secs(10),
        }
    }
}

/// The game service. Cheap to clone; share one per process.
#[derive(Clone)]
pub struct GameService {
    store: Store,
    bot: User,
    clock: Arc<dyn Clock>,
    timing: Timing,
    replays: Arc<replays::Replays>,
}

/// A game as loaded from the database: its row and its replayed rules state.
struct Loaded {
    row: GameRow,
    game: Game,
    /// The last move and the position it was played from, for the
    /// picture's path.
    last: Option<(Move, Position)>,
    /// Whether this is the game as it stands, not an earlier ply of it.
    current: bool,
}

impl Loaded {
    fn side_of(&self, user: i64) -> Option<Side> {
        if user == self.row.south_id {
            Some(Side::South)
        } else if user == self.row.north_id {
            Some(Side::North)
        } else {
            None
        }
    }

    fn player(&self, side: Side) -> i64 {
        match side {
            Side::South => self.row.south_id,
            Side::North => self.row.north_id,
        }
    }

    fn ply(&self) -> i64 {
        self.game.ply() as i64
    }

    fn ai_level(&self) -> Option<Level> {
        self.row.ai_level
    }

    /// Ended without a result: its deadline passed before the player to
    /// move had made a first move (see [`DueEvent::Abort`]).
    fn aborted(&self) -> bool {
        self.row.state == GameState::Aborted
    }

    /// Over, with a result or aborted.
    fn is_over(&self) -> bool {
        self.game.is_over() || self.aborted()
    }

    /// The players who are people (not the bot), South first.
    fn people(&self, bot: i64) -> Vec<i64> {
        [self.row.south_id, self.row.north_id]
            .into_iter()
            .filter(|&id| id != bot)
            .collect()
    }
}

impl GameService {
    pub fn new(store: Store, bot: User, clock: Arc<dyn Clock>) -> GameService {
        GameService {
            store,
            bot,
            clock,
            timing: Timing::default(),
            replays: Arc::default(),
        }
    }

    /// How long it waits (and the Discord side with it).
    pub fn timing(&self) -> &Timing {
        &self.timing
    }

    /// The same service, waiting as long as `timing` says.
    pub fn with_timing(mut self, timing: Timing) -> GameService {
        self.timing = timing;
        self
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn bot(&self) -> &User {
        &self.bot
    }

    /// The service's clock, in seconds.
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Records the user's current name (names change on Discord).
    /// Records the user's current name (names change on Discord) and the
    /// language of their client, for their reminders.
    async fn meet(&self, user: &User) -> Result<()> {
        self.store
            .upsert_player(user.id, user.name.raw(), user.is_bot, self.now())
            .await?;
        if !user.is_bot {
            self.store
                .set_player_locale(user.id, user.lang.locale())
                .await?;
        }
        Ok(())
    }

    async fn name_of(&self, id: i64) -> Result<Name> {
        Ok(Name::new(
            self.store
                .player(id)
                .await?
                .map(|p| p.name)
                .unwrap_or_else(|| tr!(Lang::En, "user-fallback", id = id.to_string())),
        ))
    }

    /// The language a player last used (English if never seen).
    pub async fn lang_of(&self, id: i64) -> Result<Lang> {
        Ok(self
            .store
            .player(id)
            .await?
            .and_then(|p| p.locale)
            .map_or(Lang::En, |l| Lang::from_locale(&l)))
    }

    /// Loads a game and replays its moves.
    async fn load(&self, game_id: i64) -> Result<Loaded> {
        self.load_at(game_id, None).await
    }

    /// Loads a game as it was at ply `ply` (`None`: as it stands).
    async fn load_at(&self, game_id: i64, ply: Option<i64>) -> Result<Loaded> {
        let row = self
            .store
            .game(game_id)
            .await?
            .ok_or(AppError::NoSuchGame(game_id))?;
        let mut moves = self.store.moves(game_id).await?;
        let current = ply.is_none_or(|ply| moves.len() as i64 <= ply);
        if let Some(ply) = ply {
            moves.retain(|mv| mv.ply <= ply);
        }
        // Replaying computes exact legal moves, which in rare positions means
        // proving a long relay cycle endless: keep it off the async threads,
        // and play only the moves this process has not replayed yet.
        // A replay past the request's bound goes on, and is kept for the
        // next try.
        let start = self.replays.get(game_id, moves.len());
        let replays = self.replays.clone();
        let replaying = tokio::task::spawn_blocking(move || {
            let (loaded, replayed) = replay(row, moves, current, start)?;
            replays.put(game_id, replayed);
            Ok(loaded)
        });
        replays::bounded(self.timing.replay_bound, game_id, replaying).await
    }

    /// The reply that shows a game: the picture, whose turn, the moves. An
    /// earlier ply of the game (a post delivered late) shows its picture
    /// and headline only: no menus, nobody called to move.
    async fn board_reply(&self, loaded: &Loaded, headline: String, lang: Lang) -> Result<Reply> {
        let south = self.name_of(loaded.row.south_id).await?;
        let north = self.name_of(loaded.row.north_id).await?;
        let game = &loaded.game;
        let position = *game.position();
        let outcome = game.outcome();
        let picture = {
            let (south, north) = (south.clone(), north.clone());
            let last = loaded.last;
            let ply = game.ply();
            let (game_id, deadline, now) = (loaded.row.id, loaded.row.deadline, self.now());
            let current = loaded.current;
            tokio::task::spawn_blocking(move || {
                let view = BoardView {
                    position: &position,
                    south_name: south.raw(),
                    north_name: north.raw(),
                    ply,
                    last_move: last.and_then(|(mv, before)| LastMove::new(&before, mv).ok()),
                    outcome,
                    game_id: Some(game_id),
                    time_left: deadline.filter(|_| current).map(|deadline| deadline - now),
                    lang,
                };
                kiela_render::render_png(&view).map(|png| Picture {
                    bytes: png,
                    format: Format::Png,
                    alt_text: kiela_render::alt_text(&view),
                })
            })
            .await
            .map_err(|e| AppError::Internal(format!("rendering failed: {e}")))?
            .map_err(|e| AppError::Internal(e.to_string()))?
        };

        let mut text = headline;
        let mut ping = Vec::new();
        let mut moves = Vec::new();
        let (mut draw_offered, mut may_arrange) = (false, false);
        let may_hint = loaded.current && loaded.ai_level().is_some() && !loaded.is_over();
        // Every ending tells both players, whoever ended it.
        let game_over = |text: &mut String, ping: &mut Vec<i64>| {
            ping.extend(loaded.people(self.bot.id));
            let mentions: Vec<String> = ping.iter().map(|id| format!("<@{id}>")).collect();
            text.push('\n');
            text.push_str(&tr!(lang, "game-over-for", players = mentions.join(" ")));
        };
        match outcome {
            _ if !loaded.current => {}
            None if loaded.aborted() => {
                text.push('\n');
                text.push_str(&tr!(lang, "aborted-line"));
                game_over(&mut text, &mut ping);
            }
            Some(outcome) => {
                let verdict = match outcome.result.winner() {
                    Some(Side::South) => tr!(lang, "verdict-wins", name = &south),
                    Some(Side::North) => tr!(lang, "verdict-wins", name = &north),
                    None => tr!(lang, "verdict-draw"),
                };
                text.push('\n');
                text.push_str(&tr!(
                    lang,
                    "result-line",
                    verdict = verdict,
                    score = outcome.result.notation(),
                    reason = words::reason(lang, outcome.reason)
                ));
                if loaded.row.hints > 0 {
                    text.push(' ');
                    text.push_str(&tr!(lang, "result-hints", count = loaded.row.hints));
                }
                if let Some(line) = self.rating_line(loaded, &south, &north, lang).await? {
                    text.push('\n');
                    text.push_str(&line);
                }
                game_over(&mut text, &mut ping);
            }
            None => {
                let to_move = game.turn();
                let player = loaded.player(to_move);
                let name = if to_move == Side::South {
                    &south
                } else {
                    &north
                };
                if player != self.bot.id {
                    ping.push(player);
                    moves = game
                        .legal_moves()
                        .iter()
                        .map(|&h| (h, position.stones(h)))
                        .collect();
                    let (mention, side) = (format!("<@{player}>"), words::side(lang, to_move));
                    text.push('\n');
                    text.push_str(&match loaded.row.deadline {
                        Some(d) => tr!(
                            lang,
                            "your-move-before",
                            mention = mention,
                            name = name,
                            side = side,
                            deadline = d.to_string()
                        ),
                        None => tr!(
                            lang,
                            "your-move",
                            mention = mention,
                            name = name,
                            side = side
                        ),
                    });
                    if position.may_rearrange(to_move) {
                        may_arrange = true;
                        text.push(' ');
                        text.push_str(&tr!(lang, "may-rearrange"));
                    }
                    if let Some(offer) = self.store.draw_offer(loaded.row.id).await? {
                        draw_offered = true;
                        let side = loaded.side_of(offer.offered_by).unwrap_or(to_move);
                        let (by, to) = (self.name_of(offer.offered_by).await?, side.opponent());
                        let to = self.name_of(loaded.player(to)).await?;
                        text.push('\n');
                        text.push_str(&tr!(lang, "draw-pending", name = &by, opponent = &to));
                    }
                } else {
                    text.push('\n');
                    text.push_str(&tr!(lang, "thinking", name = name));
                }
            }
        }
        // Only when the menu is offered: the person is to move.
        let may_hint = may_hint && !moves.is_empty();
        Ok(Reply {
            text,
            picture: Some(picture),
            game: Some(GameRef {
                id: loaded.row.id,
                ply: loaded.ply(),
                active: !loaded.is_over() && loaded.current,
            }),
            moves,
            ping,
            lang,
            draw_offered,
            may_arrange,
            may_hint,
            ..Reply::default()
        })
    }

    /// How a finished rated game moved both ratings, South first, e.g.
    /// "ana 1662 (+162) · bob 1338 (−162)": read from the changes the store
    /// kept when it rated the result (in the same transaction), so a result
    /// composed later, after other games, still shows this game's change.
    /// `None` for games against the AI and games rated before the changes
    /// were kept.
    async fn rating_line(
        &self,
        loaded: &Loaded,
        south: &Name,
        north: &Name,
        lang: Lang,
    ) -> Result<Option<String>> {
        if loaded.row.ai_level.is_some() {
            return Ok(None);
        }
        let changes = self.store.rating_changes(loaded.row.id).await?;
        let mut parts = Vec::new();
        for (id, name) in [(loaded.row.south_id, south), (loaded.row.north_id, north)] {
            let Some(change) = changes.iter().find(|c| c.player_id == id) else {
                return Ok(None);
            };
            // Both rounded first, so the shown numbers add up.
            let (before, after) = (change.before.round() as i64, change.after.round() as i64);
            let delta = match after - before {
                0 => "±0".to_string(),
                d if d > 0 => format!("+{d}"),
                d => format!("\u{2212}{}", -d),
            };
            parts.push(tr!(
                lang,
                "rating-change",
                name = name,
                rating = lang.number(after),
                change = delta
            ));
        }
        Ok(Some(parts.join(" · ")))
    }

    /// The game meant by a command: the one given, or the user's only game
    /// in this channel that waits for them.
    async fn pick_game(&self, user: &User, place: Place, game: Option<i64>) -> Result<i64> {
        self.pick(user, place, game, false).await
    }

    /// The game meant by a command that cannot be undone (resigning): the
    /// one given, or the user's only game in this channel; with several,
    /// the user is asked which, even if one of them waits for them.
    async fn pick_game_strictly(
        &self,
        user: &User,
        place: Place,
        game: Option<i64>,
    ) -> Result<i64> {
        self.pick(user, place, game, true).await
    }

    async fn pick(
        &self,
        user: &User,
        place: Place,
        game: Option<i64>,
        strict: bool,
    ) -> Result<i64> {
        if let Some(id) = game {
            return Ok(id);
        }
        let mut waiting = Vec::new();
        let mut here = Vec::new();
        for row in self.store.games_of(user.id, true, 50).await? {
            // A game's thread, or the channel it was opened in.
            let lobby = row.lobby_channel_id;
            if row.channel_id != place.channel_id && lobby != Some(place.channel_id) {
                continue;
            }
            here.push(row.id);
            let loaded = self.load(row.id).await?;
            if loaded.side_of(user.id) == Some(loaded.game.turn()) {
                waiting.push(row.id);
            }
        }
        if strict {
            waiting.clear();
        }
        match (waiting.as_slice(), here.as_slice()) {
            ([id], _) => Ok(*id),
            ([], [id]) => Ok(*id),
            ([], []) => refused(tr!(user.lang, "no-game-here")),
            ([], ids) | (ids, _) => refused(tr!(
                user.lang,
                "which-game",
                count = ids.len(),
                games = ids
                    .iter()
                    .map(|id| format!("#{id}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }
}

/// Rebuilds a game from its stored row and moves, going on from `start`
/// (its first plies, replayed before) if given. Returns the game, and the
/// replay to keep (before the row's result is applied).
fn replay(
    row: GameRow,
    moves: Vec<crate::store::MoveRow>,
    current: bool,
    start: Option<Replayed>,
) -> Result<(Loaded, Replayed)> {
    let game_id = row.id;
    let corrupt = |table, row: String, column, problem: String| {
        AppError::Store(StoreError::Corrupt {
            table,
            row,
            column,
            problem,
        })
    };
    let bad_move =
        |ply: i64, e: String| corrupt("moves", format!("{game_id}/{ply}"), "notation", e);
    let Replayed { mut game, mut last } = start.unwrap_or(Replayed {
        game: Game::new(row.variant),
        last: None,
    });
    let done = game.ply();
    for mv in moves.into_iter().skip(done) {
        let parsed: Move = (mv.notation.parse()).map_err(|e| bad_move(mv.ply, format!("{e}")))?;
        let before = *game.position();
        (game.play(&parsed)).map_err(|e| bad_move(mv.ply, format!("{e}")))?;
        last = Some((parsed, before));
    }
    let replayed = Replayed {
        game: game.clone(),
        last,
    };
    // Endings the moves cannot show (resignation, agreement, timeout).
    if let (true, GameState::Finished(outcome), None) = (current, row.state, game.outcome()) {
        let record = kiela_rules::Record {
            result: Some(outcome.result),
            reason: Some(outcome.reason),
            ..Default::default()
        };
        (record.settle(&mut game))
            .map_err(|e| corrupt("games", game_id.to_string(), "result", format!("{e}")))?;
    }
    let loaded = Loaded {
        row,
        game,
        last,
        current,
    };
    Ok((loaded, replayed))
}
