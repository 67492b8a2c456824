//! The few words kiela-app still chooses itself, until the features that
//! use them say typed notices (the Discord adapter's `words` words the
//! rest): the names of sides and variants are the pictures' own, from
//! `kiela_render::words`.

use kiela_ai::Level;
use kiela_i18n::tr;
use kiela_i18n::Lang;

// The names the pictures use are the names the messages use.
pub(super) use kiela_render::words::variant;

/// An AI level's name (a copy of the adapter's `words::level`, for the
/// challenges that still word their notices here).
pub(super) fn level(lang: Lang, level: Level) -> String {
    match level {
        Level::Beginner => tr!(lang, "level-beginner"),
        Level::Easy => tr!(lang, "level-easy"),
        Level::Medium => tr!(lang, "level-medium"),
        Level::Hard => tr!(lang, "level-hard"),
        Level::Expert => tr!(lang, "level-expert"),
    }
}
