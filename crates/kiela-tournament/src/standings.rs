use std::cmp::Reverse;

use crate::{Context, Event, Format, Outcome, PlayerKey, Points, TournamentError};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// 1-based, never shared (join order breaks what nothing else does).
    pub rank: u32,
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

/// What the rounds so far say about each player (indexed by join order),
/// shared by the standings and the Swiss pairing.
pub(crate) struct Ledger {
    pub n: usize,
    pub points: Vec<Points>,
    /// (opponent, points scored) for every game played over the board with an outcome.
    pub played: Vec<Vec<(usize, Points)>>,
    pub wins: Vec<u32>,
    pub byes: Vec<u32>,
    /// South minus north over games not forfeited.
    pub side_diff: Vec<i32>,
    /// Whether the last game not forfeited was as south.
    pub last_south: Vec<Option<bool>>,
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
            wins: vec![0; n],
            byes: vec![0; n],
            side_diff: vec![0; n],
            last_south: vec![None; n],
            met: vec![0; n * n],
            out: event.players.iter().map(|p| p.withdrawn).collect(),
        };
        for round in &event.rounds {
            if let Some(b) = round.bye {
                let b = ctx.at(b);
                l.byes[b] += 1;
                l.points[b] += Points::ONE;
            }
            for g in &round.games {
                let (s, no) = (ctx.at(g.south), ctx.at(g.north));
                l.met[s * n + no] += 1;
                l.met[no * n + s] += 1;
                if g.outcome.is_none_or(Outcome::is_played) {
                    l.side_diff[s] += 1;
                    l.side_diff[no] -= 1;
                    l.last_south[s] = Some(true);
                    l.last_south[no] = Some(false);
                }
                let Some(outcome) = g.outcome else { continue };
                let (ps, pn) = match outcome {
                    Outcome::SouthWins | Outcome::NorthForfeits => (Points::ONE, Points::ZERO),
                    Outcome::NorthWins | Outcome::SouthForfeits => (Points::ZERO, Points::ONE),
                    Outcome::Draw => (Points::HALF, Points::HALF),
                };
                l.points[s] += ps;
                l.points[no] += pn;
                match outcome {
                    Outcome::SouthForfeits => l.out[s] = true,
                    Outcome::NorthForfeits => l.out[no] = true,
                    _ => {
                        l.played[s].push((no, ps));
                        l.played[no].push((s, pn));
                        l.wins[s] += u32::from(ps == Points::ONE);
                        l.wins[no] += u32::from(pn == Points::ONE);
                    }
                }
            }
        }
        l
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

pub(crate) fn compute(event: &Event, l: &Ledger) -> Vec<Standing> {
    let swiss = matches!(event.format, Format::Swiss { .. });
    let buchholz: Vec<Option<Points>> = (0..l.n)
        .map(|i| {
            swiss.then(|| {
                let scores = l.played[i].iter().map(|&(o, _)| l.points[o]);
                let lowest = scores.clone().min().unwrap_or(Points::ZERO);
                Points::from_quarters(scores.map(Points::quarters).sum::<u32>() - lowest.quarters())
            })
        })
        .collect();
    // Opponents' scores are in half points (even quarters), so ×1 or ×½ stays exact.
    let sonneborn: Vec<Points> = (0..l.n)
        .map(|i| {
            Points::from_quarters(
                l.played[i]
                    .iter()
                    .map(|&(o, s)| s.quarters() * l.points[o].quarters() / 4)
                    .sum(),
            )
        })
        .collect();
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

    order
        .iter()
        .enumerate()
        .map(|(r, &i)| Standing {
            rank: r as u32 + 1,
            key: event.players[i].key,
            points: l.points[i],
            buchholz_cut1: buchholz[i],
            sonneborn_berger: sonneborn[i],
            direct_encounter: direct[i],
            games_played: l.played[i].len() as u32,
            wins: l.wins[i],
            withdrawn: l.out[i],
        })
        .collect()
}
