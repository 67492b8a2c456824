//! The tournaments of the Prémio Kiela: round-robin schedules, Swiss pairing,
//! scoring and tie-breaks. Pure logic — no I/O, no async — so the bot keeps
//! its own ids and storage and asks this crate only "who plays whom next?"
//! and "who is ahead?". Everything is deterministic: the same [`Event`]
//! always gives the same pairings and the same standings.
//!
//! # The rules
//!
//! **Players** are [`PlayerKey`]s (the bot maps its user ids to them). The
//! order of [`Event::players`] is the join order; a player may carry a rating
//! (round-1 seeding and bye) and the number of rounds that had started when
//! they joined.
//!
//! **Round-robin** (concurrent, 3–12 players): every game is paired at once,
//! as round 1. Up to and including 6 players it is a double round-robin (each
//! pair plays twice, swapping who moves first); above, a single one. Each
//! player moves first ("south") in half their games, within one
//! ([`round_robin_schedule`]). No late join.
//!
//! **Swiss** (3–64 players): the number of rounds is fixed when the event
//! starts with [`swiss_rounds`]: the organiser's number or
//! [`default_swiss_rounds`] (5 up to 16 players, 7 above), never more than
//! [`max_swiss_rounds`], players − 1. An event given more rounds anyway
//! ends after players − 1 (counting those in at the start).
//! Each round is paired by a minimum-cost perfect matching (see
//! [Swiss pairing](#swiss-pairing)) so that, in this order of importance:
//! 1. the bye never goes to a player who already scored a point without
//!    playing — a bye or a forfeit win — while another can take it (FIDE
//!    C.04.1 rule 4);
//! 2. nobody's south-minus-north difference leaves −2..=2 and nobody gets
//!    the same side three times running (C.04.1 rules 6 and 7);
//! 3. as few pairs as possible meet again (none while avoidable);
//! 4. the bye goes to the lowest-ranked player without one (lowest score,
//!    then tie-breaks, then the latest to join; in round 1 the lowest-rated,
//!    unrated players below rated ones);
//! 5. players meet opponents on the same score (sum of squared score
//!    differences minimised, so one player floats rather than two);
//! 6. who moves first stays balanced (few pairs who both want the same side);
//! 7. within a score group the top half meets the bottom half (1 v n/2+1),
//!    which in round 1 seeds by rating.
//!
//! Of a pair, if only one way round keeps both within rule 2, that one;
//! else the one with the lower south-minus-north difference moves first
//! (then the one who was north last time; then the higher-ranked player on
//! odd boards and the lower-ranked on even ones). Forfeited games count
//! neither for that difference nor for the sides running (C.04.2: only
//! played games count for colour); every paired game, forfeits included,
//! counts as a meeting.
//!
//! Pairing round by round cannot see the rounds to come, and with 5 or 6
//! players over 5 rounds (a whole round-robin played as a Swiss) greedy
//! pairing left no repeat-free round 4 or 5 in about a third of random
//! events, and greedy sides could leave no round without a clash. So when a
//! round has at most 6 players (the bye counted as one), every possible
//! pairing (at most 15) is tried, and among those equal on criteria 1–3 one
//! after which the remaining rounds can still be paired without repeats,
//! such byes or side clashes comes first (then one without repeats or such
//! byes); its sides are the usual ones unless another way keeps the rest
//! possible. Larger events showed no forced repeat in our trials and are
//! paired by the matching alone.
//!
//! A player may join late while fewer than half the rounds have started
//! ([`late_join_open`]); they get ½ point for each round they missed. A
//! withdrawn player gets no more pairings.
//!
//! **No-shows** are [`Outcome::SouthForfeits`] / [`Outcome::NorthForfeits`]:
//! the player who never moved loses, and is withdrawn (no more pairings).
//! A forfeit is not a played game.
//!
//! **Scoring**: win 1, draw ½, loss 0, bye 1, forfeit win 1, each missed round
//! before a late join ½.
//!
//! **Tie-breaks** follow the FIDE Tie-Break Regulations (Handbook C.07, the
//! text in force from 2024), with unplayed rounds as its article 16 has them:
//! - a player's *own unplayed rounds* — the bye, a forfeit win or loss, a
//!   round missed before a late join or after a withdrawal — count as games
//!   against a dummy opponent whose score is the player's own points
//!   (art. 16.4); in Sonneborn–Berger, times the points that round gave;
//! - an *opponent's score* is their points, except that rounds they were
//!   not there for with no round they were there for after them (rounds
//!   missed after a withdrawal or a forfeit loss) count as draws, ½ each
//!   (art. 16.2.5, 16.3); their byes, forfeit wins and losses count as
//!   scored (16.2.1–16.2.4);
//! - *Buchholz Cut-1* (art. 8.1, 14.1): the sum of those values less the
//!   least significant, which is the lowest value from a round the player
//!   was not there for (a forfeit loss, a missed round) if there is one
//!   (art. 16.5), else the lowest value;
//! - *Sonneborn–Berger* (art. 9.1): the sum of each value times the points
//!   that round gave (1, ½ or 0);
//! - *direct encounter* (art. 6): applies to a group tied on everything
//!   before it only if all of its players have played each other; they are
//!   then ordered by the points they scored in the games among themselves
//!   (not re-applied to a still-tied sub-group).
//!
//! In a round-robin every game has a real opponent, so Sonneborn–Berger
//! counts every game with an outcome, forfeits included, at the opponent's
//! points (as the FIDE Technical Commission's reference calculator does).
//!
//! Swiss order: points, Buchholz Cut-1, Sonneborn–Berger, direct encounter.
//! Round-robin order: points, Sonneborn–Berger, direct encounter, wins (played
//! games). Players still level on all of them *share the place*
//! ([`Standing::rank`] is shared, [`Standing::tied_with_previous`] set); join
//! order only lists them (C.07 art. 2.1 leaves sharing to the event's rules).
//!
//! # Swiss pairing
//!
//! Each round is a *minimum-cost perfect matching* on the complete graph of
//! the active players (plus a "bye" vertex when their number is odd). The
//! cost of an edge is one integer that stacks the criteria above
//! lexicographically (each level's unit is larger than the largest possible
//! total of all the levels below over a whole round), so a single matching
//! optimises them in order — and, the graph being complete, a pairing always
//! exists: a repeat or a colour clash is never forbidden outright, only made
//! so expensive it happens only when nothing else is possible. This is simpler
//! to check than the Dutch system's sequence of transpositions and exchanges
//! and cannot paint itself into a corner inside one round. Pairing a round
//! of 64 players takes 1–2 ms (`cargo bench -p kiela-tournament`).
//!
//! The matching is the `integer-blossom` crate (Edmonds' blossom algorithm,
//! O(n³), dense integer weights, checked by its authors against a brute-force
//! oracle and here against our own in the tests). It was preferred to writing
//! a blossom algorithm by hand — several hundred lines that would be hard to
//! review — and to `mwmatching`, which only takes `i32` weights, too narrow for
//! seven stacked criteria over 64 players (we use `i128`).

mod points;
mod round_robin;
mod standings;
mod swiss;

pub use points::Points;
pub use round_robin::{round_robin_schedule, DOUBLE_ROUND_ROBIN};
pub use standings::{standings, Standing};
pub use swiss::{
    default_swiss_rounds, max_swiss_rounds, swiss_rounds, LARGE_SWISS_ROUNDS, SMALL_SWISS_FIELD,
    SMALL_SWISS_ROUNDS,
};

/// A player as this crate knows them; the bot maps its own user ids to these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerKey(pub u32);

/// One entrant. Their place in [`Event::players`] is their join order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub key: PlayerKey,
    /// For round-1 seeding and the round-1 bye; unrated players rank below rated ones.
    pub rating: Option<i32>,
    /// How many rounds had started when they joined (0 for everybody who
    /// joined before the start); each missed round is worth ½ point.
    pub joined_round: u32,
    /// Gets no more pairings (set by the bot; a forfeit withdraws too).
    pub withdrawn: bool,
}

impl Player {
    /// An unrated player who joined before the start.
    pub fn new(key: PlayerKey) -> Self {
        Player {
            key,
            rating: None,
            joined_round: 0,
            withdrawn: false,
        }
    }

    /// A rated player who joined before the start.
    pub fn rated(key: PlayerKey, rating: i32) -> Self {
        Player {
            rating: Some(rating),
            ..Player::new(key)
        }
    }
}

/// How the event is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every game at once; double up to 6 players, single above (3–12 players).
    RoundRobin,
    /// Paired round by round (3–64 players); `rounds` is fixed at the start,
    /// usually with [`default_swiss_rounds`].
    Swiss { rounds: u32 },
}

impl Format {
    /// A Swiss event with the default number of rounds for `players` entrants.
    pub fn swiss(players: usize) -> Format {
        Format::Swiss {
            rounds: default_swiss_rounds(players),
        }
    }
}

/// How a game ended. Forfeits are no-shows: the side named never moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    SouthWins,
    NorthWins,
    Draw,
    /// South never moved: north wins by forfeit, south is withdrawn.
    SouthForfeits,
    /// North never moved: south wins by forfeit, north is withdrawn.
    NorthForfeits,
}

impl Outcome {
    /// Whether the game was played over the board (a forfeit counts in
    /// Swiss tie-breaks as an unplayed round).
    pub fn is_played(self) -> bool {
        !matches!(self, Outcome::SouthForfeits | Outcome::NorthForfeits)
    }
}

/// One paired game; `outcome` is `None` while it is being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Moves first.
    pub south: PlayerKey,
    pub north: PlayerKey,
    pub outcome: Option<Outcome>,
}

/// One paired round. A round-robin has a single round holding every game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub games: Vec<Game>,
    /// Scores 1 point; in tie-breaks a game against a dummy opponent on
    /// the player's own points.
    pub bye: Option<PlayerKey>,
}

/// Everything about an event so far: what [`next_round`] and [`standings`] read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub format: Format,
    /// In join order.
    pub players: Vec<Player>,
    /// The rounds paired so far, round 1 first.
    pub rounds: Vec<Round>,
}

/// The pairings of a new round: (south, north) by board, best-placed first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// 1-based.
    pub round: u32,
    pub games: Vec<(PlayerKey, PlayerKey)>,
    pub bye: Option<PlayerKey>,
}

impl Pairing {
    /// The round to append to [`Event::rounds`], every game still unplayed.
    pub fn into_round(self) -> Round {
        Round {
            games: self
                .games
                .into_iter()
                .map(|(south, north)| Game {
                    south,
                    north,
                    outcome: None,
                })
                .collect(),
            bye: self.bye,
        }
    }
}

/// What [`next_round`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextRound {
    /// Start this round.
    Pairing(Pairing),
    /// The current round still has games without an outcome.
    InProgress,
    /// Every round is played (or fewer than two players are left).
    Finished,
}

/// An event this crate cannot work with; the bot should have refused it earlier.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("{found} players, at least {min} needed")]
    TooFewPlayers { min: usize, found: usize },
    #[error("{found} players, at most {max} allowed")]
    TooManyPlayers { max: usize, found: usize },
    #[error("player {0:?} is listed twice")]
    DuplicatePlayer(PlayerKey),
    #[error("player {0:?} appears in a game or bye but not among the players")]
    UnknownPlayer(PlayerKey),
    #[error("player {0:?} joined after late entry had closed")]
    LateJoinClosed(PlayerKey),
    #[error("a Swiss event has 1 to 63 rounds, not {0}")]
    RoundsOutOfRange(u32),
    #[error("round {0} is paired beyond the event's last round")]
    TooManyRounds(u32),
}

/// Whether a new player may still join after `rounds_started` rounds: a Swiss
/// event until half its rounds have started; a round-robin never (it is all
/// paired at once).
pub fn late_join_open(format: Format, rounds_started: u32) -> bool {
    match format {
        Format::RoundRobin => rounds_started == 0,
        Format::Swiss { rounds } => 2 * rounds_started < rounds,
    }
}

/// The next round's pairings, or that the current one is still being played,
/// or that the event is over.
pub fn next_round(event: &Event) -> Result<NextRound, TournamentError> {
    let ctx = Context::new(event)?;
    if event
        .rounds
        .last()
        .is_some_and(|r| r.games.iter().any(|g| g.outcome.is_none()))
    {
        return Ok(NextRound::InProgress);
    }
    match event.format {
        Format::RoundRobin => Ok(if event.rounds.is_empty() {
            NextRound::Pairing(round_robin::pairing(event))
        } else {
            NextRound::Finished
        }),
        Format::Swiss { .. } => {
            if event.rounds.len() as u32 >= swiss_rounds_of(event) {
                return Ok(NextRound::Finished);
            }
            Ok(match swiss::pairing(event, &ctx) {
                Some(p) => NextRound::Pairing(p),
                None => NextRound::Finished,
            })
        }
    }
}

/// The rounds a Swiss event is played over: its own number, capped at
/// [`max_swiss_rounds`] of the players who were in at the start (so an event
/// given too many rounds ends after players − 1).
pub(crate) fn swiss_rounds_of(event: &Event) -> u32 {
    let Format::Swiss { rounds } = event.format else {
        return 1;
    };
    let starters = event.players.iter().filter(|p| p.joined_round == 0).count();
    rounds.min(max_swiss_rounds(starters))
}

/// Checked indices: players by position (join order) and per-player lookups
/// shared by pairing and standings.
pub(crate) struct Context {
    /// Player index by key, sorted for binary search.
    index: Vec<(PlayerKey, usize)>,
}

impl Context {
    fn new(event: &Event) -> Result<Self, TournamentError> {
        let n = event.players.len();
        let (min, max) = match event.format {
            Format::RoundRobin => (3, 12),
            Format::Swiss { .. } => (3, 64),
        };
        if n < min {
            return Err(TournamentError::TooFewPlayers { min, found: n });
        }
        if n > max {
            return Err(TournamentError::TooManyPlayers { max, found: n });
        }
        if let Format::Swiss { rounds } = event.format {
            if !(1..=63).contains(&rounds) {
                return Err(TournamentError::RoundsOutOfRange(rounds));
            }
            if event.rounds.len() as u32 > rounds {
                return Err(TournamentError::TooManyRounds(event.rounds.len() as u32));
            }
        }
        let mut index: Vec<(PlayerKey, usize)> = event
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.key, i))
            .collect();
        index.sort_unstable();
        if let Some(w) = index.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(TournamentError::DuplicatePlayer(w[0].0));
        }
        for p in &event.players {
            if p.joined_round > 0 && !late_join_open(event.format, p.joined_round) {
                return Err(TournamentError::LateJoinClosed(p.key));
            }
        }
        let ctx = Context { index };
        for round in &event.rounds {
            for g in &round.games {
                ctx.idx(g.south)?;
                ctx.idx(g.north)?;
            }
            if let Some(b) = round.bye {
                ctx.idx(b)?;
            }
        }
        Ok(ctx)
    }

    fn idx(&self, key: PlayerKey) -> Result<usize, TournamentError> {
        self.index
            .binary_search_by_key(&key, |&(k, _)| k)
            .map(|i| self.index[i].1)
            .map_err(|_| TournamentError::UnknownPlayer(key))
    }

    /// Only for keys already checked by [`Context::new`].
    pub(crate) fn at(&self, key: PlayerKey) -> usize {
        self.idx(key).expect("checked in Context::new")
    }
}
