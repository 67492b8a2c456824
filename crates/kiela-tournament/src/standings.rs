use std::cmp::Reverse;

use crate::{Context, Event, Format, Outcome, PlayerKey, Points, TournamentError};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// 1-based place, shared: players level on points and on every tie-break
    /// have the same rank ("1, 2, 2, 4"), and the later ones have
    /// [`tied_with_previous`](Standing::tied_with_previous) set. Within a
    /// shared place the lines are in join order, for display only.
    pub rank: u32,
    /// Level with the line above on points and every tie-break: shares its place.
    pub tied_with_previous: bool,
    pub key: PlayerKey,
    /// Games, byes, forfeit wins and late-join halves.
    pub points: Points,
    /// Swiss only.
    pub buchholz_cut1: Option<Points>,
    pub sonneborn_berger: Points,
    /// Points scored against the rest of one's tied group, when the whole
    /// group has played each other (else `None`: the tie-break did not apply).
    pub direct_encounter: Option<Points>,
    /// Played over the board: no byes, no forfeits.
    pub games_played: u32,
    /// In games played over the board.
    pub wins: u32,
    /// Withdrawn by the bot or by a forfeit.
    pub withdrawn: bool,
}

/// One player's part in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    /// Paired with `opponent`; `scored` once the game has an outcome (a
    /// forfeit included, `forfeit` then set).
    Game {
        opponent: usize,
        scored: Option<Points>,
        forfeit: bool,
    },
    /// The pairing-allocated bye: 1 point.
    Bye,
    /// A round that had started before the player joined: ½ point.
    LateJoin,
    /// Not paired although in the event (withdrawn, or out after a forfeit): 0.
    Absent,
}

impl Entry {
    /// The points this round gave, `None` for a game still being played.
    fn scored(self) -> Option<Points> {
        match self {
            Entry::Game { scored, .. } => scored,
            Entry::Bye => Some(Points::ONE),
            Entry::LateJoin => Some(Points::HALF),
            Entry::Absent => Some(Points::ZERO),
        }
    }

    /// Played over the board (with an outcome or still going).
    fn over_the_board(self) -> bool {
        matches!(self, Entry::Game { forfeit: false, .. })
    }

    /// A *voluntarily unplayed round* (C.07 art. 16.1): a round the player
    /// was not there for — a forfeit loss, a half-point bye (our late-join
    /// rounds) or a zero-point bye (our rounds after a withdrawal). A
    /// pairing-allocated bye and a forfeit win are not (the player was there).
    fn voluntarily_unplayed(self) -> bool {
        match self {
            Entry::Game {
                forfeit, scored, ..
            } => forfeit && scored == Some(Points::ZERO),
            Entry::Bye => false,
            Entry::LateJoin | Entry::Absent => true,
        }
    }
}

/// What the rounds so far say about each player (indexed by join order),
/// shared by the standings and the Swiss pairing.
pub(crate) struct Ledger {
    pub n: usize,
    pub points: Vec<Points>,
    /// (opponent, points scored) for every game played over the board with an outcome.
    pub played: Vec<Vec<(usize, Points)>>,
    /// Each player's part in each round so far, round 1 first.
    pub entries: Vec<Vec<Entry>>,
    pub wins: Vec<u32>,
    /// Pairing-allocated byes and forfeit wins: points scored without playing.
    pub unplayed_wins: Vec<u32>,
    /// South minus north over games not forfeited.
    pub side_diff: Vec<i32>,
    /// The side of the last game not forfeited (`true`: south) and how many
    /// games not forfeited in a row ended with that side.
    pub streak: Vec<Option<(bool, u32)>>,
    /// How often each pair was paired (forfeits included), `n × n`.
    pub met: Vec<u8>,
    /// Withdrawn, or lost a game by forfeit: no more pairings.
    pub out: Vec<bool>,
}

impl Ledger {
    pub fn new(event: &Event, ctx: &Context) -> Ledger {
        let n = event.players.len();
        let mut l = Ledger {
            n,
            points: event
                .players
                .iter()
                .map(|p| Points::from_halves(p.joined_round))
                .collect(),
            played: vec![Vec::new(); n],
            entries: vec![Vec::with_capacity(event.rounds.len()); n],
            wins: vec![0; n],
            unplayed_wins: vec![0; n],
            side_diff: vec![0; n],
            streak: vec![None; n],
            met: vec![0; n * n],
            out: event.players.iter().map(|p| p.withdrawn).collect(),
        };
        for (r, round) in event.rounds.iter().enumerate() {
            if let Some(b) = round.bye {
                let b = ctx.at(b);
                l.unplayed_wins[b] += 1;
                l.points[b] += Points::ONE;
                l.entries[b].push(Entry::Bye);
            }
            for g in &round.games {
                let (s, no) = (ctx.at(g.south), ctx.at(g.north));
                l.met[s * n + no] += 1;
                l.met[no * n + s] += 1;
                let forfeit = !g.outcome.is_none_or(Outcome::is_played);
                if !forfeit {
                    l.side_diff[s] += 1;
                    l.side_diff[no] -= 1;
                    l.extend_streak(s, true);
                    l.extend_streak(no, false);
                }
                let scored = g.outcome.map(|outcome| match outcome {
                    Outcome::SouthWins | Outcome::NorthForfeits => (Points::ONE, Points::ZERO),
                    Outcome::NorthWins | Outcome::SouthForfeits => (Points::ZERO, Points::ONE),
                    Outcome::Draw => (Points::HALF, Points::HALF),
                });
                l.entries[s].push(Entry::Game {
                    opponent: no,
                    scored: scored.map(|p| p.0),
                    forfeit,
                });
                l.entries[no].push(Entry::Game {
                    opponent: s,
                    scored: scored.map(|p| p.1),
                    forfeit,
                });
                let (Some(outcome), Some((ps, pn))) = (g.outcome, scored) else {
                    continue;
                };
                l.points[s] += ps;
                l.points[no] += pn;
                match outcome {
                    Outcome::SouthForfeits => {
                        l.out[s] = true;
                        l.unplayed_wins[no] += 1;
                    }
                    Outcome::NorthForfeits => {
                        l.out[no] = true;
                        l.unplayed_wins[s] += 1;
                    }
                    _ => {
                        l.played[s].push((no, ps));
                        l.played[no].push((s, pn));
                        l.wins[s] += u32::from(ps == Points::ONE);
                        l.wins[no] += u32::from(pn == Points::ONE);
                    }
                }
            }
            // Whoever has no part in this round missed it: before joining
            // (½, already in the points) or out of the event (0).
            for (i, p) in event.players.iter().enumerate() {
                if l.entries[i].len() == r {
                    l.entries[i].push(if (r as u32) < p.joined_round {
                        Entry::LateJoin
                    } else {
                        Entry::Absent
                    });
                }
            }
        }
        l
    }

    fn extend_streak(&mut self, i: usize, south: bool) {
        self.streak[i] = Some(match self.streak[i] {
            Some((side, k)) if side == south => (south, k + 1),
            _ => (south, 1),
        });
    }

    /// Whether `i` may move first next time: it would not take their
    /// south-minus-north difference above 2 (C.04.1 rule 6) nor give them
    /// the same side a third time in a row (rule 7).
    pub fn may_be_south(&self, i: usize) -> bool {
        self.side_diff[i] < 2 && !self.streak_of(i, true)
    }

    /// Whether `i` may move second next time (the mirror of [`Ledger::may_be_south`]).
    pub fn may_be_north(&self, i: usize) -> bool {
        self.side_diff[i] > -2 && !self.streak_of(i, false)
    }

    /// Had side `south` in (at least) their last two games not forfeited.
    fn streak_of(&self, i: usize, south: bool) -> bool {
        matches!(self.streak[i], Some((side, k)) if side == south && k >= 2)
    }

    /// The last side `i` had in a game not forfeited (`true`: south).
    pub fn last_south(&self, i: usize) -> Option<bool> {
        self.streak[i].map(|(side, _)| side)
    }

    fn played_each_other(&self, a: usize, b: usize) -> bool {
        self.played[a].iter().any(|&(o, _)| o == b)
    }
}

/// The standings so far, best first, in the event format's tie-break order
/// (see the crate docs).
pub fn standings(event: &Event) -> Result<Vec<Standing>, TournamentError> {
    let ctx = Context::new(event)?;
    Ok(compute(event, &Ledger::new(event, &ctx)))
}

/// A player's score as it enters an opponent's Buchholz and Sonneborn–Berger
/// (C.07 art. 16.3): their points, except that a round they were not there
/// for and that no round they were there for follows (art. 16.2.5: here, a
/// round missed after a withdrawal or a forfeit loss, or a late-join round
/// followed by nothing else) counts as a draw, ½, whatever it gave. Byes,
/// forfeit wins and forfeit losses (art. 16.2.1, 16.2.2, 16.2.4) and
/// late-join rounds followed by a game (16.2.3) count as they scored.
fn adjusted_score(l: &Ledger, i: usize) -> Points {
    let entries = &l.entries[i];
    // After the last round the player was there for (a game, the bye, a
    // forfeit win), only rounds they were not there for follow.
    let there = entries
        .iter()
        .rposition(|e| !e.voluntarily_unplayed())
        .map_or(0, |r| r + 1);
    // Of those, a forfeit loss counts as it scored (0, art. 16.2.4), a
    // late-join round already gave ½, a round missed while out gave 0: +½.
    let absent = entries[there..]
        .iter()
        .filter(|&&e| e == Entry::Absent)
        .count() as u32;
    l.points[i] + Points::from_halves(absent)
}

/// (value, points the round gave, voluntarily unplayed) for each round of
/// player `i` that counts in their Buchholz and Sonneborn–Berger.
///
/// Swiss (C.07 art. 16.4): a game played over the board counts the
/// opponent's [`adjusted_score`]; each of the player's own unplayed rounds
/// — the bye, a forfeit win or loss, a late-join round, a round missed after
/// a withdrawal — counts as a game against a dummy opponent whose score is
/// the player's own points. Games still being played count nothing yet.
///
/// Round-robin: every game has a real opponent, forfeits included, and each
/// counts that opponent's points (as the FIDE Technical Commission's
/// reference calculator treats forfeits in round-robins).
fn contributions(
    swiss: bool,
    l: &Ledger,
    adjusted: &[Points],
    i: usize,
    values: &mut Vec<(Points, Points, bool)>,
) {
    values.clear();
    for &e in &l.entries[i] {
        let Some(scored) = e.scored() else { continue };
        values.push(match e {
            Entry::Game { opponent, .. } if !swiss => (l.points[opponent], scored, false),
            Entry::Game { opponent, .. } if e.over_the_board() => {
                (adjusted[opponent], scored, false)
            }
            _ => (l.points[i], scored, e.voluntarily_unplayed()),
        });
    }
}

/// Buchholz Cut-1 (C.07 art. 8.1, 14.1): the sum of the values less the
/// least significant one; when some values come from rounds the player was
/// not there for, the lowest of those is the one cut (art. 16.5).
fn buchholz_cut1(values: &[(Points, Points, bool)]) -> Points {
    let sum: u32 = values.iter().map(|v| v.0.quarters()).sum();
    let cut = values
        .iter()
        .filter(|v| v.2)
        .map(|v| v.0)
        .min()
        .or_else(|| values.iter().map(|v| v.0).min())
        .unwrap_or(Points::ZERO);
    Points::from_quarters(sum - cut.quarters())
}

/// Sonneborn–Berger (C.07 art. 9.1): each value times the points that round
/// gave (1, ½ or 0). Values are in half points (even quarters), so ×½ stays exact.
fn sonneborn_berger(values: &[(Points, Points, bool)]) -> Points {
    Points::from_quarters(
        values
            .iter()
            .map(|&(v, s, _)| v.quarters() * s.quarters() / 4)
            .sum(),
    )
}

pub(crate) fn compute(event: &Event, l: &Ledger) -> Vec<Standing> {
    let swiss = matches!(event.format, Format::Swiss { .. });
    let adjusted: Vec<Points> = (0..l.n)
        .map(|i| {
            if swiss {
                adjusted_score(l, i)
            } else {
                l.points[i]
            }
        })
        .collect();
    let mut buchholz = vec![None; l.n];
    let mut sonneborn = vec![Points::ZERO; l.n];
    let mut values = Vec::new();
    for i in 0..l.n {
        contributions(swiss, l, &adjusted, i, &mut values);
        buchholz[i] = swiss.then(|| buchholz_cut1(&values));
        sonneborn[i] = sonneborn_berger(&values);
    }
    let before_direct = |i: usize| (l.points[i], buchholz[i], sonneborn[i]);
    let after_direct = |i: usize| if swiss { 0 } else { l.wins[i] };

    let mut order: Vec<usize> = (0..l.n).collect();
    order.sort_by_key(|&i| (Reverse(before_direct(i)), i));
    let mut direct = vec![None; l.n];
    let mut start = 0;
    while start < l.n {
        let mut end = start + 1;
        while end < l.n && before_direct(order[end]) == before_direct(order[start]) {
            end += 1;
        }
        let group = &mut order[start..end];
        let all_met = group.len() > 1
            && group
                .iter()
                .enumerate()
                .all(|(k, &a)| group[k + 1..].iter().all(|&b| l.played_each_other(a, b)));
        if all_met {
            for &i in group.iter() {
                direct[i] = Some(
                    l.played[i]
                        .iter()
                        .filter(|(o, _)| group.contains(o))
                        .fold(Points::ZERO, |acc, &(_, s)| acc + s),
                );
            }
        }
        group.sort_by_key(|&i| (Reverse((direct[i], after_direct(i))), i));
        start = end;
    }

    // Everything compared, in order: equal keys share a place (C.07 art. 2.1:
    // the event's rules say tied players share it; nothing breaks it by join order).
    let key = |i: usize| (before_direct(i), direct[i], after_direct(i));
    let mut rows: Vec<Standing> = Vec::with_capacity(l.n);
    for (r, &i) in order.iter().enumerate() {
        let tied = r > 0 && key(order[r - 1]) == key(i);
        let rank = match rows.last() {
            Some(prev) if tied => prev.rank,
            _ => r as u32 + 1,
        };
        rows.push(Standing {
            rank,
            tied_with_previous: tied,
            key: event.players[i].key,
            points: l.points[i],
            buchholz_cut1: buchholz[i],
            sonneborn_berger: sonneborn[i],
            direct_encounter: direct[i],
            games_played: l.played[i].len() as u32,
            wins: l.wins[i],
            withdrawn: l.out[i],
        });
    }
    rows
}
