use crate::{Event, Pairing};

/// Up to this many players, a round-robin plays each pair twice.
pub const DOUBLE_ROUND_ROBIN: usize = 6;

/// Every game of a round-robin among players `0..n` (join order), as
/// (south, north) indices: each pair twice, sides swapped, up to 6 players;
/// once above. Each player is south in half their games, within one.
///
/// Single round-robin, odd n: seat the players on a circle; each is south
/// against the (n−1)/2 players after them, north against the ones before —
/// exactly half. Even n: the same among the first n−1, then the last player
/// is south against the even-numbered ones and north against the odd ones;
/// everybody ends at (n−2)/2 or n/2 souths out of n−1 games.
pub fn round_robin_schedule(n: usize) -> Vec<(usize, usize)> {
    let mut games = Vec::new();
    if n <= DOUBLE_ROUND_ROBIN {
        for i in 0..n {
            for j in i + 1..n {
                games.push((i, j));
            }
        }
        let second_leg: Vec<_> = games.iter().map(|&(s, n)| (n, s)).collect();
        games.extend(second_leg);
        return games;
    }
    let m = if n.is_multiple_of(2) { n - 1 } else { n };
    for i in 0..m {
        for k in 1..=(m - 1) / 2 {
            games.push((i, (i + k) % m));
        }
    }
    if m < n {
        let last = n - 1;
        for i in 0..m {
            games.push(if i % 2 == 0 { (last, i) } else { (i, last) });
        }
    }
    games
}

/// The whole event as round 1.
pub(crate) fn pairing(event: &Event) -> Pairing {
    let key = |i: usize| event.players[i].key;
    Pairing {
        round: 1,
        games: round_robin_schedule(event.players.len())
            .into_iter()
            .map(|(s, n)| (key(s), key(n)))
            .collect(),
        bye: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hand-worked: 3 players double round-robin is 6 games, everyone south twice.
    #[test]
    fn three_players_double() {
        assert_eq!(
            round_robin_schedule(3),
            vec![(0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1)]
        );
    }

    /// Hand-worked: 7 players single: player 0 is south against 1, 2, 3 and
    /// north against 4, 5, 6 (who have 0 within their three "after" seats).
    #[test]
    fn seven_players_single() {
        let g = round_robin_schedule(7);
        assert_eq!(g.len(), 21);
        assert_eq!(&g[..3], &[(0, 1), (0, 2), (0, 3)]);
        for opp in [4, 5, 6] {
            assert!(g.contains(&(opp, 0)));
        }
    }

    /// Hand-worked: 8 players: the 7-player circle plus player 7, south
    /// against 0, 2, 4, 6 (4 of 7) and north against 1, 3, 5; player 0 has
    /// 3 souths from the circle and is north against 7: 3 of 7.
    #[test]
    fn eight_players_single() {
        let g = round_robin_schedule(8);
        assert_eq!(g.len(), 28);
        assert_eq!(
            &g[21..],
            &[(7, 0), (1, 7), (7, 2), (3, 7), (7, 4), (5, 7), (7, 6)]
        );
        assert_eq!(g.iter().filter(|&&(s, _)| s == 0).count(), 3);
    }
}
