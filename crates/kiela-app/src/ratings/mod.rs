//! Ratings: each server's Glicko-2 ladder, a result's change, stats and the leaderboard.

mod store;
pub use store::*;

use kiela_i18n::tr;
use kiela_i18n::Lang;

use crate::store::PROVISIONAL_GAMES;

use super::info::LISTED_MAX;
use super::{GameService, Loaded, Name, Place, Reply, Result, User};

impl GameService {
    /// How a finished rated game moved both ratings, South first, e.g.
    /// "ana 1662 (+162) · bob 1338 (−162)": read from the changes the store
    /// kept when it rated the result (in the same transaction), so a result
    /// composed later, after other games, still shows this game's change.
    /// `None` for games against the AI and games rated before the changes
    /// were kept.
    pub(crate) async fn rating_line(
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

    /// A player's rating and record in this server.
    pub async fn stats(&self, place: Place, player: &User) -> Result<Reply> {
        let rating = self.store.rating(place.guild_id, player.id).await?;
        let lang = place.lang;
        let provisional = if rating.is_provisional() {
            tr!(lang, "provisional")
        } else {
            String::new()
        };
        // Only this server's games, like the rating and the results.
        let ongoing = (self.store.games_of(player.id, true, LISTED_MAX).await?)
            .iter()
            .filter(|game| game.guild_id == place.guild_id)
            .count();
        let count = |key, n: i64| tr!(lang, key, count = n, number = lang.number(n));
        let stats = tr!(
            lang,
            "stats",
            name = &player.name,
            rating = lang.number(rating.rating.round() as i64),
            provisional = provisional,
            deviation = lang.number((2.0 * rating.deviation).round() as i64),
            wins = count("count-wins", rating.wins),
            losses = count("count-losses", rating.losses),
            draws = count("count-draws", rating.draws),
            ongoing = ongoing
        );
        let left = self.vacation_left(player.id).await?;
        let vacation = tr!(lang, "stats-vacation-left", days = left);
        let (played, won) = self
            .store
            .tournaments_played(place.guild_id, player.id)
            .await?;
        let tournaments = match played {
            0 => String::new(),
            _ => format!(
                " {}",
                tr!(lang, "stats-tournaments", played = played, won = won)
            ),
        };
        let learning = [
            self.lessons_line(lang, player).await?,
            self.puzzles_line(lang, player).await?,
        ];
        let learning: String = learning
            .into_iter()
            .flatten()
            .map(|l| format!("\n{l}"))
            .collect();
        Ok(Reply::saying(format!(
            "{stats} {vacation}{tournaments}{learning}"
        )))
    }

    /// The best players of this server: the established ones first, then
    /// the provisional ones (fewer than [`PROVISIONAL_GAMES`] rated games),
    /// marked `?` and explained below the list. They are listed rather than
    /// left out, so that a new server has a leaderboard and newcomers find
    /// themselves; ordered after the others, so one lucky win cannot top it.
    pub async fn leaderboard(&self, place: Place) -> Result<Reply> {
        let lang = place.lang;
        let rows = self.store.leaderboard(place.guild_id, 10).await?;
        if rows.is_empty() {
            return Ok(Reply::saying(tr!(place.lang, "leaderboard-empty")));
        }
        let lines: Vec<String> = rows
            .iter()
            .enumerate()
            .map(|(i, (r, name))| {
                let name = Name::new(name.as_str());
                let mark = if r.is_provisional() { "?" } else { "" };
                format!(
                    "{}. {name}: {}{mark} ({}-{}-{})",
                    i + 1,
                    lang.number(r.rating.round() as i64),
                    lang.number(r.wins),
                    lang.number(r.losses),
                    lang.number(r.draws)
                )
            })
            .collect();
        let title = tr!(place.lang, "leaderboard-title");
        let mut text = format!("{title}\n{}", lines.join("\n"));
        if rows.iter().any(|(r, _)| r.is_provisional()) {
            text.push('\n');
            text.push_str(&tr!(
                place.lang,
                "leaderboard-provisional",
                count = PROVISIONAL_GAMES
            ));
        }
        Ok(Reply::saying(text))
    }
}
