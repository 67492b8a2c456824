//! The board in words: for screen readers (the Discord attachment's alt
//! text) and for the terminal.

use std::fmt::Write;

use super::{clean_name, words, BoardView};
use kiela_i18n::tr;
use kiela_rules::{Hole, Move, Side};

/// Discord's limit on an attachment description.
pub const ALT_TEXT_MAX_CHARS: usize = 1024;

/// Names longer than this are shortened in the text (Discord names are at
/// most 32 characters; this bounds the text whatever the caller passes).
pub(crate) const MAX_NAME_CHARS: usize = 48;

/// A plain-text description of the same board as the picture: the game
/// number, variant and turn number, who is to move (or the result; like
/// the picture, not the time left, which would go stale: the message's
/// own timestamp counts it down), the last move's path, and each row's counts from A to J,
/// North's rows first as in the picture. At most [`ALT_TEXT_MAX_CHARS`]
/// characters: the path is at most [`words::PATH_MAX_CHARS`].
///
/// ```
/// use kiela_render::{alt_text, BoardView};
/// use kiela_rules::{Position, Variant};
/// let position = Position::new(Variant::Beginner);
/// let text = alt_text(&BoardView::new(&position, "alice", "bob"));
/// assert!(text.contains("Row 1, A to J: 1 1 1 1 1 1 1 1 1 1."));
/// ```
pub fn alt_text(view: &BoardView) -> String {
    let lang = view.lang;
    let name = |side: Side| shorten(&clean_name(view.name(side), side, lang), MAX_NAME_CHARS);
    let player = |side: Side| words::player(lang, &name(side), side);
    let position = view.position;
    let status = words::status(lang, view.game_id, position.variant(), view.ply);
    let mut text = tr!(lang, "board-alt-title", status = status.replace(" ·", ","));
    text.push(' ');
    match view.outcome {
        Some(outcome) => {
            let outcome = words::outcome(lang, &outcome, name);
            text.push_str(&tr!(lang, "board-alt-over", outcome = outcome));
        }
        None => {
            let player = player(position.turn());
            text.push_str(&tr!(lang, "board-alt-to-move", player = player));
        }
    }
    text.push(' ');
    if let Some(last) = &view.last_move {
        let mover = view.last_mover();
        // A rearrangement is told by side: it has no path to follow.
        let path = match last.played {
            Move::Sow(_) => words::path(lang, &player(mover), &last.trace),
            Move::Arrange(_) => words::path(lang, &words::side(lang, mover), &last.trace),
        };
        let _ = write!(text, "{} ", tr!(lang, "board-alt-last-move", path = path));
    }
    for side in [Side::North, Side::South] {
        let rows = match side {
            Side::North => [4, 3],
            Side::South => [2, 1],
        };
        let stones = words::stones(lang, position.side_stones(side));
        let _ = write!(
            text,
            "{} ",
            tr!(
                lang,
                "board-alt-side",
                player = player(side),
                stones = stones
            )
        );
        for row in rows {
            let counts: Vec<String> = (0..10)
                .map(|column| {
                    let hole = Hole::new(column, row).expect("A..J, 1..4");
                    position.stones(hole).to_string()
                })
                .collect();
            let row = tr!(lang, "board-alt-row", row = row, counts = counts.join(" "));
            let _ = write!(text, "{row} ");
        }
    }
    shorten(text.trim_end(), ALT_TEXT_MAX_CHARS)
}

/// `text` cut to at most `max` characters, the last one `…` if it was cut.
pub(crate) fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LastMove;
    use kiela_rules::{Game, GameResult, Outcome, Position, Reason, Variant};

    #[test]
    fn describes_turn_rows_and_last_move() {
        let mut game = Game::new(Variant::Standard);
        let mv = "G2".parse().unwrap();
        let before = *game.position();
        game.play(&mv).unwrap();
        let mut view = BoardView::new(game.position(), "alice", "bob");
        view.ply = 1;
        view.last_move = Some(LastMove::new(&before, mv).unwrap());
        let text = alt_text(&view);
        assert!(text.starts_with("Kiela board, Standard, turn 1. bob (North) to move."));
        assert!(
            text.contains("Last move: alice (South) sowed G2 → ended in E2. "),
            "{text}"
        );
        view.game_id = Some(12);
        let text = alt_text(&view);
        assert!(
            text.starts_with(
                "Kiela board, Game #12, Standard, turn 1. bob (North) to move. Last move:"
            ),
            "{text}"
        );
        assert!(text.contains("bob (North), 28 stones: Row 4, A to J: 2 2 2 2 2 2 2 2 2 2."));
        assert!(text.contains("Row 3, A to J: 2 2 2 2 0 0 0 0 0 0."));
        // Rows appear top to bottom, as in the picture.
        let order: Vec<usize> = ["Row 4", "Row 3", "Row 2", "Row 1"]
            .iter()
            .map(|r| text.find(r).unwrap())
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]));
        // The rows match the position.
        let row2: Vec<String> = (0..10)
            .map(|c| game.position().stones(Hole::new(c, 2).unwrap()).to_string())
            .collect();
        assert!(text.contains(&format!("Row 2, A to J: {}.", row2.join(" "))));
    }

    #[test]
    fn names_the_result_when_the_game_is_over() {
        let position = Position::new(Variant::Standard);
        let mut view = BoardView::new(&position, "alice", "bob");
        view.outcome = Some(Outcome {
            result: GameResult::SouthWins,
            reason: Reason::Timeout,
        });
        let text = alt_text(&view);
        assert!(
            text.contains("Game over. alice (South) wins: North ran out of time."),
            "{text}"
        );
        assert!(!text.contains("to move"));
    }

    #[test]
    fn stays_within_discords_limit_whatever_the_names() {
        let position = Position::from_board(Variant::Standard, [55; 40], Side::North);
        let long = "ß".repeat(5000);
        let text = alt_text(&BoardView::new(&position, &long, &long));
        assert!(
            text.chars().count() <= ALT_TEXT_MAX_CHARS,
            "{}",
            text.chars().count()
        );
        assert!(
            text.contains("Row 1, A to J: 55 55"),
            "the rows survive long names"
        );
    }

    #[test]
    fn speaks_portuguese_when_the_view_does() {
        let mut game = Game::new(Variant::Standard);
        let mv = "G2".parse().unwrap();
        let before = *game.position();
        game.play(&mv).unwrap();
        let mut view = BoardView::new(game.position(), "alice", "bob");
        view.ply = 1;
        view.last_move = Some(LastMove::new(&before, mv).unwrap());
        view.game_id = Some(12);
        view.lang = kiela_i18n::Lang::Pt;
        let text = alt_text(&view);
        assert!(
            text.starts_with(
                "Tabuleiro de Kiela, Partida #12, Padrão, jogada 1. Vez de bob (Norte). \
                 Última jogada: alice (Sul) semeou G2 → terminou em E2. \
                 bob (Norte), 28 sementes: Fileira 4, de A a J: 2 2 2 2 2 2 2 2 2 2."
            ),
            "{text}"
        );
        assert!(!text.contains("Row") && !text.contains("stones"), "{text}");
        view.outcome = Some(Outcome {
            result: GameResult::Draw,
            reason: Reason::Agreement,
        });
        let text = alt_text(&view);
        assert!(
            text.contains("jogada 1. Fim da partida. Empate por acordo. Última"),
            "{text}"
        );
    }
}
