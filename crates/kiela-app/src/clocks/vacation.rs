//! Fair clocks: deadlines, and vacations that pause them.
//!
//! A vacation is stored as its end, `vacation_until`, per player. The rule
//! is one: a deadline computed for a player on vacation starts after it
//! ([`Base::deadline_for`]). Starting a vacation of N days also
//! pushes by N days the deadlines already running for the player (the
//! games where they are to move); the games where the opponent is to move
//! get the vacation when the opponent moves. Each player has
//! [`VACATION_DAYS_PER_YEAR`] days per calendar year (UTC); a vacation is
//! charged to the year it is taken in.
//!
//! Ending a vacation early (`days:0`) gives back the whole days not yet
//! begun, and takes them off the deadlines the vacation pushed: as if the
//! player had asked for fewer days.

use crate::store::NewPost;

use super::store::VacationChange;
use super::ClockNotice;

use crate::threads::posts_channel;
use crate::vocabulary::{GameId, GuildId, UserId};
use crate::{AppError, ClockService, Reply, Result, User, DAY};

/// Vacation days each player may take per calendar year.
pub const VACATION_DAYS_PER_YEAR: i64 = 30;

/// Why a vacation was not started or ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VacationRefusal {
    /// `days` is neither 0 (the end) nor within the yearly `allowance`.
    BadDays { days: i64, allowance: i64 },
    /// More days than the `left` of this year's `allowance`.
    TooLong { left: i64, allowance: i64 },
    /// Ending a vacation the user is not on.
    NotOn,
}

impl ClockService {
    /// The vacation days `player` has left this year.
    pub async fn vacation_left(&self, player: UserId) -> Result<i64> {
        let year = year_of(self.base.now());
        Ok(match self.db.players.player(player).await? {
            Some(p) if p.vacation_year == year => VACATION_DAYS_PER_YEAR - p.vacation_days,
            _ => VACATION_DAYS_PER_YEAR,
        })
    }

    /// `/kiela vacation days:N`: starts (or lengthens) the user's vacation
    /// by `days`, or with 0 ends it. See the module's comment for the rules.
    pub async fn vacation(&self, user: &User, days: i64) -> Result<Reply> {
        let lang = user.lang;
        if !(0..=VACATION_DAYS_PER_YEAR).contains(&days) {
            return Err(VacationRefusal::BadDays {
                days,
                allowance: VACATION_DAYS_PER_YEAR,
            }
            .into());
        }
        self.players.meet(user, GuildId::NONE).await?;
        let now = self.base.now();
        let player = self
            .db
            .players
            .player(user.id)
            .await?
            .ok_or_else(|| AppError::Internal("a player just met is missing".into()))?;
        let year = year_of(now);
        let used = if player.vacation_year == year {
            player.vacation_days
        } else {
            0
        };
        let before = (player.vacation_year, player.vacation_days);
        let on_until = player.vacation_until.filter(|&until| until > now);
        // The vacation's new end, the year it is charged to and the days
        // taken that year, and how far the running deadlines move.
        let (until, charged_year, taken, shift) = if days > 0 {
            let left = VACATION_DAYS_PER_YEAR - used;
            if days > left {
                return Err(VacationRefusal::TooLong {
                    left,
                    allowance: VACATION_DAYS_PER_YEAR,
                }
                .into());
            }
            (
                on_until.unwrap_or(now) + days * DAY,
                year,
                used + days,
                days,
            )
        } else {
            let Some(until) = on_until else {
                return Err(VacationRefusal::NotOn.into());
            };
            let back = (until - now) / DAY;
            (
                now,
                player.vacation_year,
                player.vacation_days - back,
                -back,
            )
        };
        let change = VacationChange {
            player: user.id,
            until,
            year: charged_year,
            days: taken,
            before,
            shift: shift * DAY,
        };
        let posts = self
            .tell_opponents(user, |opponent, game| match days {
                0 => ClockNotice::VacationEnded {
                    opponent,
                    by: user.name.clone(),
                    game,
                },
                _ => ClockNotice::VacationStarted {
                    opponent,
                    by: user.name.clone(),
                    game,
                    until,
                },
            })
            .await?;
        let Some(moved) = (self.db.clocks)
            .take_vacation(&change, posts, self.base.now())
            .await?
        else {
            return Err(AppError::Conflict);
        };
        let games = moved.len() as i64;
        let left = self.vacation_left(user.id).await?;
        let mut reply = Reply::private(match days {
            0 => ClockNotice::VacationOff {
                back: -shift,
                games,
                left,
            },
            _ => ClockNotice::VacationOn {
                until,
                days,
                games,
                left,
            },
        });
        reply.lang = lang;
        Ok(reply)
    }

    /// A post to each of `user`'s human opponents, in each ongoing game's
    /// channel, in the game's language: what `notice` says to the opponent
    /// of that game.
    async fn tell_opponents(
        &self,
        user: &User,
        notice: impl Fn(UserId, GameId) -> ClockNotice,
    ) -> Result<Vec<NewPost>> {
        let mut posts = Vec::new();
        for row in self.db.games.games_of(user.id, true, 1000).await? {
            let loaded = self.games.load(row.id).await?;
            let side = loaded.side_of(user.id).ok_or(AppError::NotYourGame)?;
            let opponent = loaded.player(side.opponent());
            if opponent == self.base.bot.id {
                continue;
            }
            let lang = self.settings.public_lang(&loaded, opponent).await?;
            posts.push(NewPost {
                to: posts_channel(&loaded.row),
                game_id: Some(row.id),
                pings: vec![opponent],
                lang: lang.locale().to_string(),
                says: vec![notice(opponent, row.id).into()],
                ..NewPost::default()
            });
        }
        Ok(posts)
    }
}

/// The calendar year (UTC) of unix time `seconds` (the clock's times are
/// always within `time`'s range of years ±9999).
pub(super) fn year_of(seconds: i64) -> i64 {
    time::OffsetDateTime::from_unix_timestamp(seconds)
        .map_or(if seconds < 0 { -9999 } else { 9999 }, |t| t.year().into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years_of_unix_times() {
        for (seconds, year) in [
            (0, 1970),
            (-1, 1969),
            (951_782_400, 2000),   // 2000-02-29
            (1_767_225_599, 2025), // 2025-12-31 23:59:59
            (1_767_225_600, 2026), // 2026-01-01
            (1_800_000_000, 2027), // 2027-01-15
            (4_107_542_400, 2100), // 2100-03-01
        ] {
            assert_eq!(year_of(seconds), year, "{seconds}");
        }
    }
}
