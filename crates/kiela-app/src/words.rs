//! The rules' names and refusals in the players' words. The rules engine
//! speaks English to programs (its errors' `Display`); what players read
//! comes from the catalogue, chosen here variant by variant (the names of
//! sides and variants are the pictures' own, from `kiela_render::words`).

use kiela_ai::Level;
use kiela_i18n::tr;
use kiela_i18n::Lang;
use kiela_rules::{GameError, IllegalMove, LayoutError, Outcome, Reason, Side};

// The names the pictures use are the names the messages use.
pub(super) use kiela_render::words::{side, variant};

/// A variant as stored (its name); an unknown one as it is.
pub(super) fn level(lang: Lang, level: Level) -> String {
    match level {
        Level::Beginner => tr!(lang, "level-beginner"),
        Level::Easy => tr!(lang, "level-easy"),
        Level::Medium => tr!(lang, "level-medium"),
        Level::Hard => tr!(lang, "level-hard"),
        Level::Expert => tr!(lang, "level-expert"),
    }
}

/// How a game ended, in words with its players' names (`south`,
/// `north`): "Ana won: Bob resigned.", "Draw by agreement.".
pub fn describe_outcome(lang: Lang, outcome: Outcome, south: &str, north: &str) -> String {
    let name = |side: Side| match side {
        Side::South => south,
        Side::North => north,
    };
    let Some(winner) = outcome.result.winner() else {
        return match outcome.reason {
            Reason::Agreement => tr!(lang, "result-agreement"),
            Reason::Repetition => tr!(lang, "result-repetition"),
            _ => tr!(lang, "result-draw"),
        };
    };
    let (winner, loser) = (name(winner), name(winner.opponent()));
    let key = match outcome.reason {
        Reason::Resignation => "result-resigned",
        Reason::Timeout => "result-timeout",
        Reason::NoMoves => "result-no-moves",
        Reason::Agreement | Reason::Repetition => "result-won",
    };
    tr!(lang, key, winner = winner, loser = loser)
}

/// A layout's refusal, in `lang`.
pub fn describe_layout_error(lang: Lang, error: &LayoutError) -> String {
    match error {
        LayoutError::WrongLength(n) => tr!(lang, "layout-wrong-length", count = *n),
        LayoutError::NotANumber(t) => tr!(lang, "layout-not-a-number", text = t),
        LayoutError::Negative(t) => tr!(lang, "layout-negative", text = t),
        LayoutError::TooLarge(t) => tr!(lang, "layout-too-large", text = t),
        LayoutError::MisplacedSlash => tr!(lang, "layout-misplaced-slash"),
        LayoutError::WrongTotal { layout, have } => {
            tr!(lang, "layout-wrong-total", layout = *layout, have = *have)
        }
    }
}

/// A refused move, in `lang`.
pub fn describe_game_error(lang: Lang, error: &GameError) -> String {
    match error {
        GameError::Over(done) => {
            let (south, north) = (side(lang, Side::South), side(lang, Side::North));
            let done = describe_outcome(lang, *done, &south, &north);
            tr!(lang, "illegal-game-over", outcome = done)
        }
        GameError::Illegal(illegal) => describe_illegal(lang, illegal),
    }
}

fn describe_illegal(lang: Lang, error: &IllegalMove) -> String {
    match error {
        IllegalMove::NotYourHole { hole, owner } => tr!(
            lang,
            "illegal-not-your-hole",
            hole = hole.to_string(),
            owner = side(lang, *owner)
        ),
        IllegalMove::Empty(hole) => tr!(lang, "illegal-empty", hole = hole.to_string()),
        IllegalMove::TooFewStones { hole, variant: v } => tr!(
            lang,
            "illegal-too-few",
            hole = hole.to_string(),
            variant = variant(lang, *v),
            min = v.min_stones() as u32
        ),
        IllegalMove::Endless(hole) => tr!(lang, "illegal-endless", hole = hole.to_string()),
        IllegalMove::NotExpert => tr!(lang, "illegal-not-expert"),
        IllegalMove::RearrangementUsed => tr!(lang, "illegal-rearrangement-used"),
        IllegalMove::Layout(e) => describe_layout_error(lang, e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_speak_both_languages() {
        let error = GameError::Illegal(IllegalMove::Empty("C2".parse().unwrap()));
        assert_eq!(describe_game_error(Lang::En, &error), "C2 is empty");
        assert_eq!(describe_game_error(Lang::Pt, &error), "C2 está vazia");
        let layout = LayoutError::WrongLength(3);
        assert_eq!(describe_layout_error(Lang::En, &layout), layout.to_string());
    }
}
