//! Computer analysis of a finished game: the evaluation graph and the list
//! of mistakes and blunders, each with the better move. It runs in the
//! bounded pool of AI searches (it is a few seconds of search), and is
//! kept in the database, so asking again is instant.
//!
//! Only finished games are analysed: for an ongoing game between people
//! it would be help during play, and a game against the AI is finished
//! (or resigned) first.

mod hints;
mod store;
pub use store::*;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use kiela_ai::analysis::{analyze, PlyAnalysis, Verdict, DEFAULT_NODES, WIN_STONES};
use kiela_i18n::Lang;
use kiela_render::{graph_png, graph_points, GraphView};
use kiela_rules::{Move, Side, Trace};

use super::game::{app_ply, rules_ply};
use super::limits::AI_SEARCHES;
use super::players::Name;
use super::threads::posts_channel;
use super::{AltText, AppError, Format, Loaded, Picture, Place, Reply, Result, ReviewStep, User};
use crate::notice::Notice;
use crate::store::{NewPost, PostTarget};
use crate::vocabulary::{ChannelId, GameId, GuildId, MessageId, UserId};

/// How long a user waits between two analyses they start (one already
/// made is shown at once, as often as asked).
pub const ANALYSIS_COOLDOWN: i64 = 60;

/// The nodes an analysis searches in all: a long game's positions get
/// fewer each (down to [`MIN_NODES`]), so that an analysis takes about the
/// same time whatever the game's length: some 30 s on one core of the
/// machine the README measures, and a game of up to 400 positions keeps
/// the full [`DEFAULT_NODES`] for each.
pub const ANALYSIS_NODES: u64 = 60_000_000;

/// The fewest nodes searched for one position, however long the game.
const MIN_NODES: u64 = 10_000;

/// The nodes searched for each of a game's `positions` (its plies and its
/// start).
pub fn nodes_per_position(positions: usize) -> u64 {
    (ANALYSIS_NODES / positions.max(1) as u64).clamp(MIN_NODES, DEFAULT_NODES)
}

/// A finished game's analysis: a position's verdict per ply.
pub(crate) struct Analysed {
    plies: Vec<PlyAnalysis>,
}

/// The analyses this process is making: a game is analysed once at a time
/// (a second request waits for the first and reads what it stored), and a
/// user starts at most one per [`ANALYSIS_COOLDOWN`].
#[derive(Default)]
pub(super) struct Analyses {
    running: Mutex<HashMap<GameId, Arc<tokio::sync::Mutex<()>>>>,
    started: Mutex<HashMap<UserId, i64>>,
}

impl Analyses {
    /// The lock that the analyses of game `id` take turns on.
    fn gate(&self, id: GameId) -> Arc<tokio::sync::Mutex<()>> {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        running.entry(id).or_default().clone()
    }

    /// Game `id`'s analysis is stored (or failed): the next request reads
    /// it, or starts again.
    fn finished(&self, id: GameId) {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        running.remove(&id);
    }

    /// Records that `user` starts an analysis at `now`; the seconds left to
    /// wait instead if they started one less than the cooldown ago.
    fn start(&self, user: UserId, now: i64) -> std::result::Result<(), i64> {
        let mut started = self.started.lock().unwrap_or_else(|e| e.into_inner());
        started.retain(|_, at| *at + ANALYSIS_COOLDOWN > now);
        if let Some(at) = started.get(&user) {
            return Err(*at + ANALYSIS_COOLDOWN - now);
        }
        started.insert(user, now);
        Ok(())
    }
}

/// Why an analysis or a hint was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisRefusal {
    /// `game` is still being played (`against_ai`: against the AI, which
    /// the user may finish or resign).
    Ongoing { game: GameId, against_ai: bool },
    /// Game `0` ended before its first move.
    NoMoves(GameId),
    /// The user's last analysis started a moment ago: `seconds` to wait.
    Cooldown { seconds: i64 },
    /// A hint asked in a game between people.
    HintBetweenPeople,
    /// A hint asked in game `0`, which is over.
    HintOver(GameId),
    /// Game `game`'s analysis is already shared in this place (`channel`
    /// of server `guild`), by `by` at `at`: its `message`, once delivered
    /// and while known.
    AlreadyShared {
        game: GameId,
        by: UserId,
        at: i64,
        guild: GuildId,
        channel: ChannelId,
        message: Option<MessageId>,
    },
}

/// What an analysis, a review step and a hint tell the player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnalysisNotice {
    /// Game `game`'s analysis: its mistakes and blunders, a line each;
    /// `shared_by` posted it for everyone.
    Analysis {
        game: GameId,
        shared_by: Option<Name>,
        turns: Vec<JudgedTurn>,
    },
    /// A review step: turn `ply` of `last` in `game`, `name`'s move
    /// `played` (its notation), judged.
    Review {
        game: GameId,
        ply: i64,
        last: i64,
        name: Name,
        played: String,
        judged: Judged,
    },
    /// A hint in `game`: the move `hole` (its notation), and the path it
    /// would take.
    Hint {
        game: GameId,
        hole: String,
        trace: Trace,
    },
}

/// A turn the analysis flags: turn `ply`, `name`'s move `played`, how bad
/// (`verdict`, `lost`), and the `best` move (moves by their notation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgedTurn {
    pub ply: i64,
    pub name: Name,
    pub played: String,
    pub verdict: Verdict,
    pub lost: Lost,
    pub best: String,
}

/// How a review step's move compares with the engine's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Judged {
    /// The engine's move.
    Best,
    /// Not the engine's `best`, but no loss worth a word.
    Good { best: String },
    /// A `verdict`, what it `lost`, and the `best` move instead.
    Poor {
        verdict: Verdict,
        lost: Lost,
        best: String,
    },
}

/// Told `(done, total)` positions as the analysis goes.
pub type Progress = Arc<dyn Fn(usize, usize) + Send + Sync>;

/// A move's analysis as the database keeps it (the verdict follows from
/// the loss).
#[derive(Debug, Serialize, Deserialize)]
struct Stored {
    ply: i64,
    south: bool,
    played: String,
    eval: i32,
    best: String,
    played_eval: i32,
    loss: i32,
}

impl From<&PlyAnalysis> for Stored {
    fn from(p: &PlyAnalysis) -> Stored {
        Stored {
            ply: app_ply(p.ply),
            south: p.side == Side::South,
            played: p.played.to_string(),
            eval: p.eval,
            best: p.best.to_string(),
            played_eval: p.played_eval,
            loss: p.loss,
        }
    }
}

impl Stored {
    fn analysis(&self) -> Option<PlyAnalysis> {
        Some(PlyAnalysis {
            ply: usize::try_from(self.ply).ok()?,
            side: if self.south { Side::South } else { Side::North },
            played: self.played.parse::<Move>().ok()?,
            eval: self.eval,
            best: self.best.parse::<Move>().ok()?,
            played_eval: self.played_eval,
            loss: self.loss,
            verdict: Verdict::of_loss(self.loss),
        })
    }
}

/// What a move lost, as a player reads it: stones, or a forced result.
/// A forced win counts [`WIN_STONES`] inside the engine, more than the
/// board holds: it is said in words, never as stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lost {
    /// Hundredths of a stone.
    Stones(i32),
    /// The mover had a forced win and let it go.
    ForcedWin,
    /// The move let the opponent force a win.
    ForcedLoss,
}

impl Lost {
    fn of(p: &PlyAnalysis) -> Lost {
        // From the mover's view.
        let sign = if p.side == Side::South { 1 } else { -1 };
        let (before, after) = (sign * p.eval, sign * p.played_eval);
        if before >= WIN_STONES && after < WIN_STONES {
            Lost::ForcedWin
        } else if after <= -WIN_STONES && before > -WIN_STONES {
            Lost::ForcedLoss
        } else {
            Lost::Stones(p.loss)
        }
    }
}

/// A flagged turn `p`, played by `name`.
fn judged_turn(p: &PlyAnalysis, name: Name) -> JudgedTurn {
    JudgedTurn {
        ply: app_ply(p.ply),
        name,
        played: p.played.to_string(),
        verdict: p.verdict.unwrap_or(Verdict::Inaccuracy),
        lost: Lost::of(p),
        best: p.best.to_string(),
    }
}

/// Whether the analysis lists `p` (a mistake or a blunder).
fn is_mistake(p: &PlyAnalysis) -> bool {
    p.verdict >= Some(Verdict::Mistake)
}

crate::store::port_set! {
    /// The ports [`AnalysisService`] reads and writes through.
    pub struct AnalysisPorts {
        analysis: AnalysisStore,
    }
}

/// Analysis of a finished game, its review and hints.
#[derive(Clone)]
pub struct AnalysisService {
    pub(crate) base: crate::Base,
    pub(crate) db: AnalysisPorts,
    pub(crate) analysis_posts: Arc<crate::AnalysisPosts>,
    pub(crate) games: Arc<crate::GameService>,
    pub(crate) outbox: Arc<crate::OutboxService>,
    pub(crate) analyses: Arc<Analyses>,
}

impl AnalysisService {
    /// The analysis of finished game `game_id`, asked by `user`: the
    /// evaluation graph and the mistakes and blunders, privately, with a
    /// Share button. Computed once (in the AI pool, telling `progress`),
    /// then read from the database.
    pub async fn analysis(
        &self,
        user: &User,
        place: Place,
        game_id: GameId,
        progress: Progress,
    ) -> Result<Reply> {
        self.games.game_here(user, place, game_id).await?;
        let lang = user.lang;
        let analysed = self.analysed(user, game_id, progress).await?;
        let loaded = self.games.load(game_id).await?;
        let picture = self
            .analysis_posts
            .analysis_graph(lang, &loaded, &analysed.plies)?;
        Ok(Reply {
            says: vec![analysis_notice(&loaded, &analysed, None).into()],
            picture: Some(picture),
            // Both players' mistakes are the asker's business until they
            // share them.
            private: true,
            share: Some(game_id),
            lang,
            ..Reply::default()
        })
    }

    /// Posts the analysis of finished game `game_id` publicly in the game's
    /// place (its thread or channel), in the server's language, saying who
    /// shared it: through the outbox, so it is delivered whatever happens to
    /// this answer. Once per game and place: asked again, it answers where
    /// it already is (`AlreadyShared`).
    pub async fn share_analysis(
        &self,
        user: &User,
        place: Place,
        game_id: GameId,
    ) -> Result<Reply> {
        self.games.game_here(user, place, game_id).await?;
        let analysed = self.analysed(user, game_id, Arc::new(|_, _| {})).await?;
        let loaded = self.games.load(game_id).await?;
        let lang = place.lang;
        let to = posts_channel(&loaded.row);
        let post = NewPost {
            to,
            game_id: Some(game_id),
            says: vec![analysis_notice(&loaded, &analysed, Some(user.name.clone())).into()],
            lang: lang.locale().to_string(),
            // No answer can deliver a post to a thread not open yet.
            hold: if to == PostTarget::GameChannel {
                0
            } else {
                self.base.timing.answer_lease
            },
            shows_analysis: true,
            ..NewPost::default()
        };
        let share = AnalysisShare {
            game: game_id,
            channel: loaded.row.channel_id,
            by: user.id,
        };
        let shared = (self.db.analysis)
            .share_analysis(share, post.clone(), self.base.now())
            .await?;
        let id = shared.map_err(|before| AnalysisRefusal::AlreadyShared {
            game: game_id,
            by: before.by,
            at: before.at,
            guild: loaded.row.guild_id,
            channel: share.channel,
            message: before.message,
        })?;
        self.outbox.answer(place, &[(id, post)], None).await
    }

    /// One step of the review of finished game `game_id`: the board after
    /// move `ply` (kept within the game), privately, with the move, its
    /// verdict and the engine's preferred move, and the buttons to step on.
    /// The analysis is computed first if it was not (telling `progress`).
    pub async fn review(
        &self,
        user: &User,
        place: Place,
        game_id: GameId,
        ply: i64,
        progress: Progress,
    ) -> Result<Reply> {
        self.games.game_here(user, place, game_id).await?;
        let lang = user.lang;
        let plies = self.analysed(user, game_id, progress).await?.plies;
        let last = plies.len() as i64;
        let ply = ply.clamp(1, last);
        let step = &plies[rules_ply(ply) - 1];
        let mut loaded = self.games.load_at(game_id, Some(ply)).await?;
        // A step of the past: no result line, pings nor menus.
        loaded.current = false;
        let name = loaded.name(step.side);
        let judged = match step.verdict {
            Some(verdict) => Judged::Poor {
                verdict,
                lost: Lost::of(step),
                best: step.best.to_string(),
            },
            None if step.best == step.played => Judged::Best,
            None => Judged::Good {
                best: step.best.to_string(),
            },
        };
        let headline = AnalysisNotice::Review {
            game: game_id,
            ply,
            last,
            name,
            played: step.played.to_string(),
            judged,
        };
        let mut reply = self
            .games
            .board_reply(&loaded, vec![headline.into()], lang)
            .await?;
        reply.private = true;
        reply.game = None;
        let mistakes = plies
            .iter()
            .filter(|p| is_mistake(p))
            .map(|p| app_ply(p.ply));
        reply.review = Some(ReviewStep {
            game: game_id,
            ply,
            last,
            previous_mistake: mistakes.clone().rfind(|&at| at < ply),
            next_mistake: mistakes.clone().find(|&at| at > ply),
        });
        Ok(reply)
    }

    /// The moves' analysis of a finished game: stored, or computed (in the
    /// AI pool) and stored.
    pub(crate) async fn analysed(
        &self,
        user: &User,
        game_id: GameId,
        progress: Progress,
    ) -> Result<Analysed> {
        if let Some(analysed) = self.analysis_posts.stored_analysis(game_id).await? {
            return Ok(analysed);
        }
        let gate = self.analyses.gate(game_id);
        let _one_at_a_time = gate.lock().await;
        // Made meanwhile by the request this one waited for.
        if let Some(analysed) = self.analysis_posts.stored_analysis(game_id).await? {
            return Ok(analysed);
        }
        let made = self.analyse(user, game_id, progress).await;
        self.analyses.finished(game_id);
        made
    }

    /// Analyses finished game `game_id` for `user` (within their cooldown),
    /// and stores it.
    async fn analyse(&self, user: &User, game_id: GameId, progress: Progress) -> Result<Analysed> {
        let loaded = self.games.load(game_id).await?;
        if !loaded.game.is_over() {
            return Err(AnalysisRefusal::Ongoing {
                game: game_id,
                against_ai: loaded.ai_level().is_some(),
            }
            .into());
        }
        if loaded.game.ply() == 0 {
            return Err(AnalysisRefusal::NoMoves(game_id).into());
        }
        if let Err(wait) = self.analyses.start(user.id, self.base.now()) {
            return Err(AnalysisRefusal::Cooldown { seconds: wait }.into());
        }
        let game = loaded.game.clone();
        let nodes = nodes_per_position(game.ply() as usize + 1);
        // Queued for a slot of the bounded pool, like the AI's moves.
        let slot = AI_SEARCHES.slot().await;
        let plies = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            analyze(&game, nodes, |done, total| progress(done, total))
        })
        .await
        .map_err(|e| AppError::Internal(format!("the analysis failed: {e}")))?;
        let stored: Vec<Stored> = plies.iter().map(Stored::from).collect();
        let document = serde_json::to_string(&stored)
            .map_err(|e| AppError::Internal(format!("cannot store the analysis: {e}")))?;
        self.db
            .analysis
            .save_analysis(game_id, nodes as i64, &document, self.base.now())
            .await?;
        Ok(Analysed { plies })
    }
}

crate::store::port_set! {
    /// The ports [`AnalysisPosts`] reads and writes through.
    pub struct AnalysisPostsPorts {
        analysis: AnalysisStore,
    }
}

/// Composes a shared analysis when its post is delivered.
#[derive(Clone)]
pub struct AnalysisPosts {
    pub(crate) db: AnalysisPostsPorts,
    pub(crate) games: Arc<crate::GameService>,
}

impl AnalysisPosts {
    /// A shared analysis post of game `game_id` as sent: what it `says` with the
    /// graph drawn from the stored analysis, in `lang`.
    pub(crate) async fn shared_analysis_reply(
        &self,
        game_id: GameId,
        says: Vec<Notice>,
        lang: Lang,
    ) -> Result<Reply> {
        let analysed = self
            .stored_analysis(game_id)
            .await?
            .ok_or_else(|| AppError::Internal(format!("game #{game_id} has no analysis")))?;
        let loaded = self.games.load(game_id).await?;
        Ok(Reply {
            says,
            picture: Some(self.analysis_graph(lang, &loaded, &analysed.plies)?),
            lang,
            ..Reply::default()
        })
    }

    /// The evaluation graph of `loaded`'s analysis `plies`, with its alt
    /// text.
    pub(crate) fn analysis_graph(
        &self,
        lang: Lang,
        loaded: &Loaded,
        plies: &[PlyAnalysis],
    ) -> Result<Picture> {
        let south = loaded.name(Side::South);
        let north = loaded.name(Side::North);
        let (evals, marks) = graph_points(plies);
        let bytes = graph_png(&GraphView {
            evals: &evals,
            marks: &marks,
            south_name: south.raw(),
            north_name: north.raw(),
            lang,
        })
        .map_err(|e| AppError::Internal(format!("drawing the graph failed: {e}")))?;
        let alt_text = AltText::Graph {
            game: loaded.row.id,
            plies: plies.len(),
            south,
            north,
            marks: marks.len(),
        };
        Ok(Picture {
            bytes,
            format: Format::Png,
            alt_text,
        })
    }

    /// The stored analysis of game `game_id`, if there is a readable one.
    pub(crate) async fn stored_analysis(&self, game_id: GameId) -> Result<Option<Analysed>> {
        let Some((_nodes, document)) = self.db.analysis.analysis(game_id).await? else {
            return Ok(None);
        };
        let stored: Vec<Stored> = serde_json::from_str(&document)
            .map_err(|e| AppError::Internal(format!("a stored analysis is unreadable: {e}")))?;
        let plies: Option<Vec<PlyAnalysis>> = stored.iter().map(Stored::analysis).collect();
        Ok(plies.map(|plies| Analysed { plies }))
    }
}

/// The analysis of `loaded`'s game: its flagged turns, `shared_by` whom.
fn analysis_notice(
    loaded: &Loaded,
    analysed: &Analysed,
    shared_by: Option<Name>,
) -> AnalysisNotice {
    let turns = (analysed.plies.iter())
        .filter(|p| is_mistake(p))
        .map(|p| judged_turn(p, loaded.name(p.side)))
        .collect();
    AnalysisNotice::Analysis {
        game: loaded.row.id,
        shared_by,
        turns,
    }
}

#[async_trait::async_trait]
impl crate::ComposePost for AnalysisPosts {
    fn composes(&self, post: &NewPost) -> bool {
        post.shows_analysis && post.game_id.is_some() && post.ply.is_none()
    }

    async fn compose(&self, post: &NewPost, says: Vec<Notice>, lang: Lang) -> Result<Reply> {
        let game =
            (post.game_id).ok_or_else(|| AppError::Internal("an analysis of no game".into()))?;
        self.shared_analysis_reply(game, says, lang).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(side: Side, eval: i32, played_eval: i32) -> PlyAnalysis {
        let sign = if side == Side::South { 1 } else { -1 };
        let loss = sign * (eval - played_eval);
        PlyAnalysis {
            ply: 22,
            side,
            played: "H4".parse().unwrap(),
            eval,
            best: "C4".parse().unwrap(),
            played_eval,
            loss,
            verdict: Verdict::of_loss(loss),
        }
    }

    #[test]
    fn a_long_game_is_analysed_within_the_same_budget() {
        // A usual game keeps the full search for each position.
        assert_eq!(nodes_per_position(60), DEFAULT_NODES);
        assert_eq!(nodes_per_position(400), DEFAULT_NODES);
        // A long one shares the whole budget among its positions.
        for positions in [401, 1_000, 3_000, 6_000] {
            let nodes = nodes_per_position(positions);
            assert!(nodes < DEFAULT_NODES, "{positions}: {nodes}");
            assert!(nodes * positions as u64 <= ANALYSIS_NODES, "{positions}");
        }
        // An absurdly long one still searches each position a little.
        assert_eq!(nodes_per_position(1_000_000), MIN_NODES);
    }

    #[test]
    fn a_forced_result_is_judged_as_one_never_as_stones() {
        // North had a forced win (South's view: -50 stones) and played a
        // move worth 10.4 stones: 60.4 "stones" inside the engine.
        let missed = judged(Side::North, -WIN_STONES, -1_040);
        assert_eq!(Lost::of(&missed), Lost::ForcedWin);
        // South walks into a forced loss from +3 stones.
        let lost = judged(Side::South, 300, -WIN_STONES);
        assert_eq!(Lost::of(&lost), Lost::ForcedLoss);
        // A forced win kept (won in more moves) is no loss; an ordinary
        // loss is in stones.
        assert_eq!(
            Lost::of(&judged(Side::South, WIN_STONES, WIN_STONES)),
            Lost::Stones(0)
        );
        let ordinary = judged(Side::North, -200, 750);
        assert_eq!(Lost::of(&ordinary), Lost::Stones(950));
        let turn = judged_turn(&ordinary, "bob".into());
        assert_eq!(
            (turn.ply, turn.played.as_str(), turn.best.as_str()),
            (22, "H4", "C4")
        );
        assert_eq!(turn.verdict, Verdict::Blunder);
    }
}
