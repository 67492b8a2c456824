//! What an action tells people, as data: the Discord adapter words each
//! [`Notice`] through the catalogue, in the reply's or the post's
//! language, with the mentions, markdown and limits that are Discord's.
//! A reply or a post says a list of notices, one line each.

use serde::{Deserialize, Serialize};

/// Each feature's notices, listed once: a variant of [`Notice`], and `From`
/// it into [`Notice`], so a feature writes `DrawNotice::Offered { .. }.into()`.
macro_rules! notices {
    ($($variant:ident($feature:ident::$notice:ident),)*) => {
        /// One line of what a reply or a post says.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum Notice {
            /// Words already chosen: a feature that still words its
            /// notices itself, or a post stored before notices were typed.
            Worded(String),
            $($variant(crate::$feature::$notice),)*
        }

        $(
            impl From<crate::$feature::$notice> for Notice {
                fn from(notice: crate::$feature::$notice) -> Notice {
                    Notice::$variant(notice)
                }
            }
        )*
    };
}

notices! {
    Draw(draws::DrawNotice),
    Settings(settings::SettingsNotice),
    Ratings(ratings::RatingsNotice),
    Challenge(challenges::ChallengeNotice),
    Play(playing::PlayNotice),
    Clock(clocks::ClockNotice),
    Board(game::BoardNotice),
    Place(places::PlaceNotice),
    Thread(threads::ThreadNotice),
    Outbox(outbox::OutboxNotice),
    Notify(notify::NotifyNotice),
    Welcome(welcome::WelcomeNotice),
    Info(info::InfoNotice),
    Lesson(lessons::LessonNotice),
    Puzzle(puzzles::PuzzleNotice),
    Analysis(analysis::AnalysisNotice),
    Tournament(tournaments::TournamentNotice),
}

impl From<String> for Notice {
    fn from(words: String) -> Notice {
        Notice::Worded(words)
    }
}
