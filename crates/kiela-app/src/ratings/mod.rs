//! Ratings: each server's Glicko-2 ladder, a result's change, stats and the leaderboard.

mod store;
pub use store::*;

use serde::{Deserialize, Serialize};
use std::sync::Arc;

use crate::store::ports::*;
use crate::store::{RatingRow, PROVISIONAL_GAMES};
use crate::vocabulary::UserId;

use super::info::LISTED_MAX;
use super::{Name, Notice, Place, Reply, Result, User};

/// How many players the leaderboard lists.
pub const LEADERBOARD_SIZE: i64 = 10;

/// What the ratings tell: a player's stats, the leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RatingsNotice {
    /// A player's rating and record in a server.
    Stats(Stats),
    /// The best players of a server, best first (none: no rated game yet);
    /// a provisional one has played fewer than `provisional_games`.
    Leaderboard {
        rows: Vec<LeaderboardRow>,
        provisional_games: i64,
    },
    /// How a finished rated game moved both ratings, South first: read from
    /// the changes the store kept when it rated the result, so a result
    /// shown later, after other games, still shows this game's change.
    Changed(Vec<RatingChange>),
}

/// A player's rating and record in a server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub name: Name,
    /// The rating, rounded.
    pub rating: i64,
    /// Fewer than [`PROVISIONAL_GAMES`] rated games.
    pub provisional: bool,
    /// Twice the rating deviation, rounded: the rating's 95% margin.
    pub margin: i64,
    pub record: RatedRecord,
    /// Their games going on in this server.
    pub ongoing: i64,
    /// Days of vacation left this year.
    pub vacation_left: i64,
    /// Tournaments finished in this server, and won.
    pub tournaments_played: i64,
    pub tournaments_won: i64,
}

/// Rated games won, lost and drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatedRecord {
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

/// A line of the leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderboardRow {
    pub player: UserId,
    pub name: Name,
    /// The rating, rounded.
    pub rating: i64,
    pub provisional: bool,
    pub record: RatedRecord,
}

/// How a rated game moved a player's rating.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChange {
    pub player: UserId,
    pub name: Name,
    /// The rating after the game, rounded.
    pub rating: i64,
    /// After minus before, each rounded first (so the numbers add up).
    pub change: i64,
}

impl RatedRecord {
    fn of(row: &RatingRow) -> RatedRecord {
        RatedRecord {
            wins: row.wins,
            losses: row.losses,
            draws: row.draws,
        }
    }
}

crate::store::port_set! {
    /// The ports [`RatingService`] reads and writes through.
    pub struct RatingPorts {
        games: GamesStore,
        ratings: RatingsStore,
        tournaments: TournamentsStore,
    }
}

/// Ratings: a player's stats and the leaderboard.
#[derive(Clone)]
pub struct RatingService {
    pub(crate) db: RatingPorts,
    pub(crate) lessons: Arc<crate::LessonService>,
    pub(crate) clocks: Arc<crate::ClockService>,
    pub(crate) puzzles: Arc<crate::PuzzleService>,
}

impl RatingService {
    /// A player's rating and record in this server (and their lessons'
    /// and puzzles' lines, still worded by those features).
    pub async fn stats(&self, place: Place, player: &User) -> Result<Reply> {
        let rating = self.db.ratings.rating(place.guild_id, player.id).await?;
        let lang = place.lang;
        // Only this server's games, like the rating and the results.
        let ongoing = (self.db.games.games_of(player.id, true, LISTED_MAX).await?)
            .iter()
            .filter(|game| game.guild_id == place.guild_id)
            .count();
        let (tournaments_played, tournaments_won) = self
            .db
            .tournaments
            .tournaments_played(place.guild_id, player.id)
            .await?;
        let stats = Stats {
            name: player.name.clone(),
            rating: rating.rating.round() as i64,
            provisional: rating.is_provisional(),
            margin: (2.0 * rating.deviation).round() as i64,
            record: RatedRecord::of(&rating),
            ongoing: ongoing as i64,
            vacation_left: self.clocks.vacation_left(player.id).await?,
            tournaments_played,
            tournaments_won,
        };
        let mut says = vec![Notice::from(RatingsNotice::Stats(stats))];
        says.extend(self.lessons.lessons_line(player).await?.map(Notice::from));
        says.extend(self.puzzles.puzzles_line(player).await?.map(Notice::from));
        Ok(Reply {
            says,
            lang,
            ..Reply::default()
        })
    }

    /// The best players of this server: the established ones first, then
    /// the provisional ones (fewer than [`PROVISIONAL_GAMES`] rated games),
    /// marked `?` and explained below the list. They are listed rather than
    /// left out, so that a new server has a leaderboard and newcomers find
    /// themselves; ordered after the others, so one lucky win cannot top it.
    pub async fn leaderboard(&self, place: Place) -> Result<Reply> {
        let rows = (self.db.ratings)
            .leaderboard(place.guild_id, LEADERBOARD_SIZE)
            .await?;
        let rows = (rows.iter())
            .map(|(r, name)| LeaderboardRow {
                player: r.player_id,
                name: Name::new(name.as_str()),
                rating: r.rating.round() as i64,
                provisional: r.is_provisional(),
                record: RatedRecord::of(r),
            })
            .collect();
        Ok(Reply {
            lang: place.lang,
            ..Reply::saying(RatingsNotice::Leaderboard {
                rows,
                provisional_games: PROVISIONAL_GAMES,
            })
        })
    }
}
