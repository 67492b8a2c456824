//! The bot's shared vocabulary: the states a game, a challenge, a player's
//! direct messages and a server's threads can be in, each with the name the
//! database stores it under, written once here. The store reads rows into
//! these types (a name it does not know is a corrupt row, never a default),
//! and the service and the Discord side speak only in them.
//!
//! Variants and AI levels are named by their own crates
//! ([`kiela_rules::Variant`], [`kiela_ai::Level`]).

use std::fmt;
use std::str::FromStr;

use kiela_rules::Outcome;
use thiserror::Error;

/// A name none of a type's values is stored under.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{name}` is not a {kind} (expected one of {expected})")]
pub struct UnknownName {
    pub kind: &'static str,
    pub name: String,
    pub expected: String,
}

/// A fieldless enum whose values are stored under fixed names: `as_str`,
/// `ALL`, and `FromStr`/`Display` from the one table of names.
macro_rules! stored_names {
    (
        $(#[$meta:meta])*
        pub enum $name:ident as $kind:literal {
            $($(#[$variant_meta:meta])* $variant:ident = $stored:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $($(#[$variant_meta])* $variant,)+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The name it is stored (and chosen) under.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $stored,)+
                }
            }
        }

        impl FromStr for $name {
            type Err = UnknownName;

            fn from_str(s: &str) -> Result<$name, UnknownName> {
                match s {
                    $($stored => Ok($name::$variant),)+
                    _ => Err(UnknownName {
                        kind: $kind,
                        name: s.to_string(),
                        expected: [$($stored),+].join(", "),
                    }),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

stored_names! {
    /// Where a challenge stands.
    pub enum ChallengeStatus as "challenge status" {
        /// Waiting for an answer (until it expires).
        Pending = "pending",
        Accepted = "accepted",
        Declined = "declined",
        /// Taken back by the challenger (stored as `cancelled`, its name
        /// before it had this one).
        Withdrawn = "cancelled",
        Expired = "expired",
    }
}

stored_names! {
    /// Who moves first in a challenge, from the challenger's point of view.
    #[derive(Default)]
    pub enum FirstMover as "first mover" {
        Me = "challenger",
        Them = "opponent",
        #[default]
        Random = "random",
    }
}

impl FirstMover {
    /// Whether the one who asked for the game sits South (moves first); a
    /// random choice is drawn here.
    pub fn challenger_is_south(self) -> bool {
        match self {
            FirstMover::Me => true,
            FirstMover::Them => false,
            FirstMover::Random => fastrand::bool(),
        }
    }
}

stored_names! {
    /// Which direct messages a player wants.
    #[derive(Default)]
    pub enum Notify as "notification setting" {
        /// None: the mentions in the game's channel only.
        #[default]
        Off = "off",
        /// The reminder when a quarter of the time is left, and an abort.
        Reminders = "reminders",
        /// Also each time it becomes their turn.
        EveryTurn = "every-turn",
    }
}

stored_names! {
    /// Whether a move picked in a game's menu is shown first, privately,
    /// with Play and Cancel (`/kiela move` typed by hand plays at once).
    #[derive(Default)]
    pub enum ConfirmMoves as "confirm-moves setting" {
        Always = "always",
        /// In correspondence games only: between people, with a clock of
        /// days (as on Lichess). Games against the AI are not.
        #[default]
        Correspondence = "correspondence",
        Never = "never",
    }
}

stored_names! {
    /// Whether a server's games are played in a thread each.
    #[derive(Default)]
    pub enum ThreadsSetting as "threads setting" {
        /// In a thread where the bot may open one, otherwise in the channel.
        #[default]
        Auto = "auto",
        /// Always in a thread: a challenge where the bot may not open one is
        /// refused, naming the missing permission.
        On = "on",
        /// In the channel.
        Off = "off",
    }
}

stored_names! {
    /// Where a tournament stands.
    pub enum TournamentStatus as "tournament status" {
        /// Taking players, until its organiser (or its start time) starts it.
        Open = "open",
        Running = "running",
        Finished = "finished",
        Cancelled = "cancelled",
    }
}

impl TournamentStatus {
    /// Whether a tournament may move from this state to `to`: open to
    /// running or cancelled, running to finished or cancelled. Finished
    /// and cancelled are final.
    pub fn may_become(self, to: TournamentStatus) -> bool {
        use TournamentStatus::*;
        matches!(
            (self, to),
            (Open, Running) | (Open, Cancelled) | (Running, Finished) | (Running, Cancelled)
        )
    }

    /// Whether it has ended, for good.
    pub fn is_final(self) -> bool {
        matches!(
            self,
            TournamentStatus::Finished | TournamentStatus::Cancelled
        )
    }
}

stored_names! {
    /// How a tournament is played (see the kiela-tournament crate).
    pub enum TournamentFormat as "tournament format" {
        RoundRobin = "round-robin",
        Swiss = "swiss",
    }
}

stored_names! {
    /// Why Discord refuses, for good, to let the bot post in a channel or
    /// thread: a game played there follows its place (see `app::places`).
    /// Stored by name; the Discord adapter maps Discord's error codes to it.
    pub enum ChannelRefusal as "channel refusal" {
        /// The thread or channel was deleted.
        UnknownChannel = "unknown-channel",
        /// The bot can no longer see it.
        MissingAccess = "missing-access",
        /// It may no longer post there.
        MissingPermissions = "missing-permissions",
    }
}

/// Where a game stands. Stored in three columns: `status` (`active` or
/// `finished`), `result` and `reason` (an ended game's [`Outcome`]); an
/// aborted game is finished without a result, for the reason `aborted`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameState {
    Active,
    Finished(Outcome),
    /// Ended without a result: its deadline passed before the player to
    /// move had made a first move.
    Aborted,
}

/// The `reason` stored for an aborted game.
const ABORTED: &str = "aborted";

/// A stored game state that does not make sense: the column at fault and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{problem}")]
pub struct BadGameState {
    pub column: &'static str,
    pub problem: String,
}

impl GameState {
    /// The `status` of an active game (queries select on it).
    pub const ACTIVE: &'static str = "active";
    const FINISHED: &'static str = "finished";

    pub fn is_active(self) -> bool {
        self == GameState::Active
    }

    /// Its `status`, `result` and `reason` columns.
    pub fn columns(self) -> (&'static str, Option<&'static str>, Option<&'static str>) {
        match self {
            GameState::Active => (GameState::ACTIVE, None, None),
            GameState::Finished(outcome) => (
                GameState::FINISHED,
                Some(outcome.result.notation()),
                Some(outcome.reason.name()),
            ),
            GameState::Aborted => (GameState::FINISHED, None, Some(ABORTED)),
        }
    }

    /// The state stored as these `status`, `result` and `reason` columns.
    pub fn from_columns(
        status: &str,
        result: Option<&str>,
        reason: Option<&str>,
    ) -> Result<GameState, BadGameState> {
        let bad = |column, problem: String| BadGameState { column, problem };
        let quoted = |value: Option<&str>| value.map_or("NULL".into(), |v| format!("`{v}`"));
        match (status, result, reason) {
            (GameState::ACTIVE, None, None) => Ok(GameState::Active),
            (GameState::ACTIVE, Some(_), _) => Err(bad(
                "result",
                format!("an active game has the result {}", quoted(result)),
            )),
            (GameState::ACTIVE, None, Some(_)) => Err(bad(
                "reason",
                format!("an active game has the reason {}", quoted(reason)),
            )),
            (GameState::FINISHED, None, Some(ABORTED)) => Ok(GameState::Aborted),
            (GameState::FINISHED, Some(result), Some(reason)) => Ok(GameState::Finished(Outcome {
                result: result.parse().map_err(|e| bad("result", format!("{e}")))?,
                reason: reason.parse().map_err(|e| bad("reason", format!("{e}")))?,
            })),
            (GameState::FINISHED, None, _) => Err(bad(
                "result",
                format!(
                    "a finished game without a result has the reason {} (only `{ABORTED}` may)",
                    quoted(reason)
                ),
            )),
            (GameState::FINISHED, Some(_), None) => Err(bad(
                "reason",
                "a finished game has a result and no reason".into(),
            )),
            (other, _, _) => Err(bad(
                "status",
                format!("`{other}` is not a game status (expected active or finished)"),
            )),
        }
    }
}

/// An id: a number stored in an integer column, with its own type so that
/// a game's id cannot be passed where a user's is meant. Discord's
/// snowflakes are stored as `i64` (they fit: the top bit is never set).
macro_rules! ids {
    ($($(#[$meta:meta])* $name:ident,)+) => {$(
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[derive(serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        /// In a message, its digits as text: never a Fluent number, an
        /// `f64` that would round a snowflake (a mention of nobody).
        impl From<$name> for kiela_i18n::Arg {
            fn from(id: $name) -> kiela_i18n::Arg {
                kiela_i18n::Arg::from(id.0.to_string())
            }
        }

        impl FromStr for $name {
            type Err = std::num::ParseIntError;

            fn from_str(s: &str) -> Result<$name, Self::Err> {
                s.parse().map($name)
            }
        }
    )+};
}

ids! {
    /// A game (`games.id`), the number players see as "game #12".
    GameId,
    /// A challenge (`challenges.id`).
    ChallengeId,
    /// A post in the outbox (`outbox.id`).
    PostId,
    /// A Discord user, or the bot itself.
    UserId,
    /// A Discord server; [`GuildId::NONE`] outside one (a direct message).
    GuildId,
    /// A Discord channel or thread.
    ChannelId,
    /// A Discord message.
    MessageId,
    /// A tournament (`tournaments.id`), "tournament #3" to players.
    TournamentId,
}

impl GuildId {
    /// Where there is no server: a direct message.
    pub const NONE: GuildId = GuildId(0);

    pub fn is_none(self) -> bool {
        self == GuildId::NONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_rules::{GameResult, Reason};

    #[test]
    fn ids_read_back_what_they_print_and_refuse_the_rest() {
        let game = GameId(1_234);
        assert_eq!(game.to_string(), "1234");
        assert_eq!("1234".parse(), Ok(game));
        assert!("12a".parse::<GameId>().is_err());
        assert!(GuildId::NONE.is_none() && !GuildId(5).is_none());
    }

    /// A real-size snowflake (above 2^53, where an `f64` loses digits).
    const SNOWFLAKE: i64 = 1_234_567_890_123_456_789;

    /// Every message of both catalogues, each of its variables an id: the
    /// id comes out whole, digit for digit (a Fluent number would print
    /// `1234567890123456800`, a mention of nobody).
    #[test]
    fn every_message_prints_an_id_digit_for_digit() {
        use kiela_i18n::{messages, t, Arg, Lang};
        let mut printed = 0;
        for lang in Lang::ALL {
            for (key, vars) in messages(lang) {
                let args: Vec<(&str, Arg)> = (vars.iter())
                    .map(|var| (var.as_str(), Arg::from(UserId(SNOWFLAKE))))
                    .collect();
                let text = t(lang, &key, &args);
                let id = SNOWFLAKE.to_string();
                printed += text.matches(&id).count();
                // Nothing else as long: no id with other digits.
                let rest = text.replace(&id, " ");
                let mut runs = rest.split(|c: char| !c.is_ascii_digit());
                assert!(
                    runs.all(|run| run.len() < 16),
                    "{key} in {}: {text}",
                    lang.locale()
                );
            }
        }
        assert!(printed > 200, "ids printed only {printed} times");
        let sign_up = t(
            Lang::En,
            "tournament-starts-by-organiser",
            &[
                ("organiser", Arg::from(UserId(SNOWFLAKE))),
                ("min", Arg::from(3)),
            ],
        );
        assert!(
            sign_up.starts_with("<@1234567890123456789> starts it"),
            "{sign_up}"
        );
    }

    #[test]
    fn names_round_trip_and_unknown_names_are_errors() {
        for status in ChallengeStatus::ALL {
            assert_eq!(status.as_str().parse::<ChallengeStatus>(), Ok(*status));
        }
        assert_eq!(ChallengeStatus::Withdrawn.to_string(), "cancelled");
        assert_eq!("every-turn".parse(), Ok(Notify::EveryTurn));
        let e = "sometimes".parse::<Notify>().unwrap_err().to_string();
        assert!(e.contains("`sometimes`") && e.contains("every-turn"), "{e}");
        assert!("".parse::<ThreadsSetting>().is_err());
    }

    #[test]
    fn game_states_keep_their_three_columns() {
        let won = GameState::Finished(Outcome {
            result: GameResult::NorthWins,
            reason: Reason::Timeout,
        });
        for state in [GameState::Active, GameState::Aborted, won] {
            let (status, result, reason) = state.columns();
            assert_eq!(GameState::from_columns(status, result, reason), Ok(state));
        }
        assert_eq!(won.columns(), ("finished", Some("0-1"), Some("timeout")));
        assert_eq!(
            GameState::Aborted.columns(),
            ("finished", None, Some("aborted"))
        );
        for (status, result, reason, column) in [
            ("paused", None, None, "status"),
            ("finished", None, None, "result"),
            ("finished", Some("2-0"), Some("timeout"), "result"),
            ("finished", Some("1-0"), Some("boredom"), "reason"),
            ("finished", Some("1-0"), None, "reason"),
            ("active", Some("1-0"), None, "result"),
        ] {
            let e = GameState::from_columns(status, result, reason).unwrap_err();
            assert_eq!(e.column, column, "{status} {result:?} {reason:?}: {e}");
        }
    }
}
