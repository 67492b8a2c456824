//! What the clocks say: reminders, no-shows, losses on time, an outage's
//! moved deadlines, vacations (`/kiela vacation` itself is a setting, in
//! [`super::settings`]).

use kiela_app::{ClockNotice, Stake};
use kiela_i18n::tr;
use kiela_i18n::Lang;

use crate::words::mention;

/// What a clock event or a vacation says.
pub(crate) fn notice(lang: Lang, notice: &ClockNotice) -> String {
    match notice {
        ClockNotice::Reminder {
            game,
            hours,
            until,
            stake,
        } => {
            let key = match stake {
                Stake::Game => "reminder",
                Stake::FirstMove => "reminder-first-move",
                Stake::FirstMoveForfeit => "reminder-first-move-tournament",
            };
            tr!(
                lang,
                key,
                id = *game,
                hours = *hours,
                until = until.to_string()
            )
        }
        ClockNotice::Aborted { game, absent } => {
            tr!(lang, "game-aborted", id = *game, name = absent)
        }
        ClockNotice::Forfeited { game, absent } => {
            tr!(lang, "game-forfeited", id = *game, name = absent)
        }
        ClockNotice::RanOutOfTime { by, game } => {
            tr!(lang, "ran-out-of-time", name = by, id = *game)
        }
        ClockNotice::Outage { game, hours } => {
            tr!(lang, "clock-outage", id = *game, hours = *hours)
        }
        ClockNotice::VacationStarted {
            opponent,
            by,
            game,
            until,
        } => {
            let words = tr!(
                lang,
                "vacation-started",
                name = by,
                id = *game,
                until = until.to_string()
            );
            format!("{} {words}", mention(*opponent))
        }
        ClockNotice::VacationEnded { opponent, by, game } => {
            let words = tr!(lang, "vacation-ended", name = by, id = *game);
            format!("{} {words}", mention(*opponent))
        }
        ClockNotice::VacationOn {
            until,
            days,
            games,
            left,
        } => tr!(
            lang,
            "vacation-on",
            until = until.to_string(),
            days = *days,
            games = *games,
            left = *left
        ),
        ClockNotice::VacationOff { back, games, left } => tr!(
            lang,
            "vacation-off",
            back = *back,
            games = *games,
            left = *left
        ),
    }
}
