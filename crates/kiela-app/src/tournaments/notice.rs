//! What the tournaments tell, as data: the Discord adapter words each
//! [`TournamentNotice`] (`features::tournaments::notice`). A tournament's
//! `name` is as its organiser typed it (checked at creation, shown as is);
//! its players' names are [`Name`]s.

use kiela_rules::Variant;
use serde::{Deserialize, Serialize};

use crate::vocabulary::{GameId, TournamentFormat, TournamentId, TournamentStatus, UserId};
use crate::Name;

use super::TournamentRow;

/// What a tournament tells its players and its server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TournamentNotice {
    /// The sign-up message: the event's rules and its players so far.
    SignUp(SignUp),
    /// Under the sign-up message once the tournament started: no more
    /// sign-ups.
    SignUpStarted,
    /// Under the sign-up message once the tournament is cancelled.
    SignUpCancelled,
    /// The user joined tournament `name`.
    Joined { name: Name },
    /// The user joined running tournament `name` late, from the next round
    /// on: the `missed` rounds count ½ point each.
    JoinedLate { name: Name, missed: i64 },
    /// The user left open tournament `name`.
    Left { name: Name },
    /// The user withdrew from running tournament `name`.
    Withdrawn { name: Name },
    /// Tournament `name` has started: its news is posted elsewhere.
    StartedElsewhere { name: Name },
    /// Tournament `id`, `name`, is cancelled (said in its lobby).
    Cancelled { id: TournamentId, name: Name },
    /// Tournament `id`, `name`, was never started by its organiser
    /// (`organiser`) and is cancelled `days` days after its creation
    /// (said in its lobby, calling the organiser and the players).
    Expired {
        id: TournamentId,
        name: Name,
        days: i64,
        organiser: UserId,
    },
    /// The user cancelled tournament `name`.
    CancelledByYou { name: Name },
    /// Tournament `name` had fewer than `min` players at its start time:
    /// the clock cancelled it.
    CancelledShort { name: Name, min: usize },
    /// Tournament `name` has started, with `players` (in join order);
    /// `rounds_cut`: the Swiss rounds asked for and the fewer it plays
    /// (never more than players - 1).
    Started {
        name: Name,
        players: Vec<Name>,
        #[serde(default)]
        rounds_cut: Option<(i64, i64)>,
    },
    /// Round `round` of tournament `name` is paired: its games, and the
    /// player who sits it out (a bye), each called by mention.
    Round {
        name: Name,
        round: i64,
        pairings: Vec<Pairing>,
        bye: Option<UserId>,
    },
    /// Game `game` (of `variant`) of tournament `name`'s round `round`
    /// begins.
    GameStarted {
        name: Name,
        round: i64,
        game: GameId,
        variant: Variant,
    },
    /// The standings of tournament `name` after the `results` games of
    /// its rounds so far (`round` paired) have ended.
    ResultsStandings {
        name: Name,
        round: i64,
        results: i64,
    },
    /// `winner` wins tournament `name` (said in its lobby), sharing first
    /// place with `shared_with` (equal on every tie-break), if anyone.
    Won {
        name: Name,
        winner: Name,
        #[serde(default)]
        shared_with: Vec<Name>,
    },
    /// Tournament `name` is over: its final standings; `winner` wins it
    /// (with `shared_with`, as in `Won`).
    FinalStandings {
        name: Name,
        winner: Name,
        #[serde(default)]
        shared_with: Vec<Name>,
    },
    /// Tournament `id`'s standings, under a header with its stage.
    Standings {
        id: TournamentId,
        name: Name,
        stage: TournamentStage,
        table: StandingsTable,
    },
    /// The server has no tournament yet.
    NoTournaments,
    /// The server's tournaments: open, running, and the last few ended.
    Listed(Vec<TournamentLine>),
}

/// A tournament's sign-up message: its rules and its players so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignUp {
    pub id: TournamentId,
    pub name: Name,
    pub format: TournamentFormat,
    pub variant: Variant,
    pub days_per_move: i64,
    /// A Swiss event's rounds, if the organiser fixed them; by default
    /// from the number of players at the start.
    pub rounds: Option<i64>,
    pub rated: bool,
    /// Refuses players who lose many games on time (see
    /// [`super::STRICT_PERCENT`]).
    pub strict: bool,
    pub start: TournamentStart,
    /// The players, in join order: called by mention, which shows each
    /// player's name as the reader's server has it in a few characters,
    /// so that a full event's list fits its one message (an edit, which
    /// cannot go on in another; an edit pings nobody).
    #[serde(default)]
    pub entrants: Vec<UserId>,
    pub max_players: i64,
}

/// How an open tournament starts (with at least
/// [`super::MIN_PLAYERS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TournamentStart {
    /// The clock starts it at this Unix time.
    At(i64),
    /// Its organiser starts it with the Start button.
    ByOrganiser(UserId),
}

/// A game of a round: South moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub south: UserId,
    pub north: UserId,
}

/// Where a tournament stands, as its standings and the list say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TournamentStage {
    /// Taking players.
    Open,
    /// Playing; `round` is the last one paired.
    Running {
        round: i64,
    },
    Finished,
    Cancelled,
}

impl TournamentStage {
    pub(crate) fn of(t: &TournamentRow) -> TournamentStage {
        match t.status {
            TournamentStatus::Open => TournamentStage::Open,
            TournamentStatus::Running => TournamentStage::Running {
                round: t.rounds_paired,
            },
            TournamentStatus::Finished => TournamentStage::Finished,
            TournamentStatus::Cancelled => TournamentStage::Cancelled,
        }
    }
}

/// The body of a tournament's standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StandingsTable {
    /// Before the start (or short of players): who signed up, in join
    /// order.
    Players(Vec<Name>),
    /// A line per player, best first.
    Ranked(Vec<Ranked>),
}

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ranked {
    pub rank: u32,
    pub name: Name,
    pub points: Quarters,
    pub tiebreaks: Tiebreaks,
    pub games_played: u32,
    pub withdrawn: bool,
}

/// The tie-breaks a standings line shows, by format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tiebreaks {
    Swiss {
        buchholz_cut1: Quarters,
        sonneborn_berger: Quarters,
    },
    RoundRobin {
        sonneborn_berger: Quarters,
        wins: u32,
    },
}

/// A score or tie-break, exact, in quarter points (Sonneborn–Berger
/// multiplies a draw's ½ by half points): `Quarters(6)` is 1½.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quarters(pub u32);

impl Quarters {
    /// `points` whole points.
    pub const fn points(points: u32) -> Quarters {
        Quarters(4 * points)
    }
}

/// "3", "3½", "3¼", "3¾"; "½" rather than "0½" (as the kiela-tournament
/// crate writes its points).
impl std::fmt::Display for Quarters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        kiela_tournament::Points::from_quarters(self.0).fmt(f)
    }
}

impl From<kiela_tournament::Points> for Quarters {
    fn from(points: kiela_tournament::Points) -> Quarters {
        Quarters(points.quarters())
    }
}

/// A tournament in the server's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentLine {
    pub id: TournamentId,
    pub name: Name,
    pub stage: TournamentStage,
    pub format: TournamentFormat,
    pub variant: Variant,
    pub players: usize,
}
