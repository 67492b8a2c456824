//! Ratings' words: a player's stats, the leaderboard, and how a rated game
//! moved both ratings (`/kiela stats` and `leaderboard` are declared in
//! `info`).

use kiela_app::{LeaderboardRow, RatingChange, RatingsNotice, Stats};
use kiela_i18n::tr;
use kiela_i18n::Lang;

/// What the ratings tell.
pub(crate) fn notice(lang: Lang, notice: &RatingsNotice) -> String {
    match notice {
        RatingsNotice::Stats(stats) => self::stats(lang, stats),
        RatingsNotice::Leaderboard {
            rows,
            provisional_games,
        } => leaderboard(lang, rows, *provisional_games),
        RatingsNotice::Changed(changes) => rating_line(lang, changes),
    }
}

/// A player's rating, record, vacation left and tournaments, on one line.
fn stats(lang: Lang, stats: &Stats) -> String {
    let provisional = if stats.provisional {
        tr!(lang, "provisional")
    } else {
        String::new()
    };
    let count = |key, n: i64| tr!(lang, key, count = n, number = lang.number(n));
    let record = stats.record;
    let line = tr!(
        lang,
        "stats",
        name = &stats.name,
        rating = lang.number(stats.rating),
        provisional = provisional,
        deviation = lang.number(stats.margin),
        wins = count("count-wins", record.wins),
        losses = count("count-losses", record.losses),
        draws = count("count-draws", record.draws),
        ongoing = stats.ongoing
    );
    let vacation = tr!(lang, "stats-vacation-left", days = stats.vacation_left);
    let tournaments = match stats.tournaments_played {
        0 => String::new(),
        played => format!(
            " {}",
            tr!(
                lang,
                "stats-tournaments",
                played = played,
                won = stats.tournaments_won
            )
        ),
    };
    format!("{line} {vacation}{tournaments}")
}

/// The leaderboard: its title, a line per player, and what `?` means.
fn leaderboard(lang: Lang, rows: &[LeaderboardRow], provisional_games: i64) -> String {
    if rows.is_empty() {
        return tr!(lang, "leaderboard-empty");
    }
    let mut lines = vec![tr!(lang, "leaderboard-title")];
    for (i, row) in rows.iter().enumerate() {
        let mark = if row.provisional { "?" } else { "" };
        lines.push(format!(
            "{}. {}: {}{mark} ({}-{}-{})",
            i + 1,
            row.name,
            lang.number(row.rating),
            lang.number(row.record.wins),
            lang.number(row.record.losses),
            lang.number(row.record.draws)
        ));
    }
    if rows.iter().any(|row| row.provisional) {
        lines.push(tr!(
            lang,
            "leaderboard-provisional",
            count = provisional_games
        ));
    }
    lines.join("\n")
}

/// How a rated game moved both ratings, South first: "ana 1662 (+162) ·
/// bob 1338 (−162)".
fn rating_line(lang: Lang, changes: &[RatingChange]) -> String {
    let parts: Vec<String> = (changes.iter())
        .map(|change| {
            let delta = match change.change {
                0 => "±0".to_string(),
                d if d > 0 => format!("+{d}"),
                d => format!("\u{2212}{}", -d),
            };
            tr!(
                lang,
                "rating-change",
                name = &change.name,
                rating = lang.number(change.rating),
                change = delta
            )
        })
        .collect();
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_app::vocabulary::UserId;
    use kiela_app::{Name, RatedRecord};

    fn record(wins: i64, losses: i64, draws: i64) -> RatedRecord {
        RatedRecord {
            wins,
            losses,
            draws,
        }
    }

    fn stats(record: RatedRecord, ongoing: i64) -> Stats {
        Stats {
            name: Name::new("alice"),
            rating: 1662,
            provisional: true,
            margin: 400,
            record,
            ongoing,
            vacation_left: 23,
            tournaments_played: 2,
            tournaments_won: 1,
        }
    }

    #[test]
    fn stats_count_in_both_languages() {
        let en = notice(Lang::En, &RatingsNotice::Stats(stats(record(1, 0, 0), 0)));
        assert!(
            en.contains("rating 1,662? (provisional)")
                && en.contains("1 win, 0 losses, 0 draws in this server; 0 ongoing games")
                && en.contains("Vacation left: 23 days.")
                && en.contains("Tournaments: 2 played, 1 won."),
            "{en}"
        );
        let en = notice(Lang::En, &RatingsNotice::Stats(stats(record(0, 1, 0), 1)));
        assert!(
            en.contains("0 wins, 1 loss, 0 draws") && en.contains("1 ongoing game."),
            "{en}"
        );
        // Zero takes the plural (CLDR's Portuguese "one" covers 0: the
        // catalogue's singular is [1]).
        let pt = notice(Lang::Pt, &RatingsNotice::Stats(stats(record(1, 0, 0), 0)));
        assert!(
            pt.contains("1 vitória, 0 derrotas, 0 empates") && pt.contains("rating 1.662?"),
            "{pt}"
        );
    }

    #[test]
    fn the_leaderboard_marks_and_explains_provisional_players() {
        let row = |id, name: &str, rating, provisional| LeaderboardRow {
            player: UserId(id),
            name: Name::new(name),
            rating,
            provisional,
            record: record(5, 0, 0),
        };
        let rows = vec![row(1, "alice", 1700, false), row(3, "car*ol", 1600, true)];
        let board = RatingsNotice::Leaderboard {
            rows,
            provisional_games: 5,
        };
        let en = notice(Lang::En, &board);
        let lines: Vec<&str> = en.lines().collect();
        assert_eq!(
            lines[1..3],
            ["1. alice: 1,700 (5-0-0)", "2. car\\*ol: 1,600? (5-0-0)"],
            "{en}"
        );
        assert!(
            lines[3].starts_with("? provisional: fewer than 5 rated games"),
            "{en}"
        );
        let pt = notice(Lang::Pt, &board);
        assert!(pt.contains("1. alice: 1.700 (5-0-0)"), "{pt}");
        let empty = RatingsNotice::Leaderboard {
            rows: vec![],
            provisional_games: 5,
        };
        assert_eq!(notice(Lang::En, &empty), tr!(Lang::En, "leaderboard-empty"));
    }

    #[test]
    fn a_rating_change_is_signed() {
        let change = |id, name: &str, rating, change| RatingChange {
            player: UserId(id),
            name: Name::new(name),
            rating,
            change,
        };
        let changes = [change(1, "ana", 1662, 162), change(2, "bob", 1338, -162)];
        assert_eq!(
            rating_line(Lang::En, &changes),
            "ana 1,662 (+162) · bob 1,338 (\u{2212}162)"
        );
        let even = [change(1, "ana", 1500, 0)];
        assert_eq!(rating_line(Lang::En, &even), "ana 1,500 (±0)");
    }
}
