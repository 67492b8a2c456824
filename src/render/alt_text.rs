//! The board in words: for screen readers (the Discord attachment's alt
//! text) and for the terminal.

use std::fmt::Write;

use super::{clean_name, words, BoardView};
use crate::rules::{Hole, Move, Side};

/// Discord's limit on an attachment description.
pub const ALT_TEXT_MAX_CHARS: usize = 1024;

/// Names longer than this are shortened in the text (Discord names are at
/// most 32 characters; this bounds the text whatever the caller passes).
const MAX_NAME_CHARS: usize = 48;

/// A plain-text description of the same board as the picture: the variant
/// and move number, who is to move (or the result), the last move, and each
/// row's counts from A to J, North's rows first as in the picture. At most
/// [`ALT_TEXT_MAX_CHARS`] characters.
///
/// ```
/// use kiela::render::{alt_text, BoardView};
/// use kiela::rules::{Position, Variant};
/// let position = Position::new(Variant::Beginner);
/// let text = alt_text(&BoardView::new(&position, "alice", "bob"));
/// assert!(text.contains("Row 1, A to J: 1 1 1 1 1 1 1 1 1 1."));
/// ```
pub fn alt_text(view: &BoardView) -> String {
    let name = |side: Side| shorten(&clean_name(view.name(side), side), MAX_NAME_CHARS);
    let position = view.position;
    let mut text = format!(
        "Kiela board, {}, move {}. ",
        words::variant(position.variant()),
        view.ply / 2 + 1
    );
    match view.outcome {
        Some(outcome) => {
            let _ = write!(text, "Game over. {}. ", words::outcome(&outcome, name));
        }
        None => {
            let turn = position.turn();
            let _ = write!(text, "{} to move. ", words::player(&name(turn), turn));
        }
    }
    if let Some(last) = view.last_move {
        let mover = view.last_mover();
        let _ = write!(text, "Last move: {mover} ");
        match last.played {
            Move::Sow(hole) => {
                let _ = write!(text, "sowed from {hole}");
            }
            Move::Arrange(_) => text.push_str("rearranged their stones"),
        }
        if !last.captured.is_empty() {
            let holes: Vec<String> = last.captured.iter().map(|h| h.to_string()).collect();
            let _ = write!(
                text,
                " and captured {} {} from {}",
                last.captured_stones,
                if last.captured_stones == 1 {
                    "stone"
                } else {
                    "stones"
                },
                holes.join(" and ")
            );
        }
        text.push_str(". ");
    }
    for side in [Side::North, Side::South] {
        let rows = match side {
            Side::North => [4, 3],
            Side::South => [2, 1],
        };
        let _ = write!(
            text,
            "{}, {} stones: ",
            words::player(&name(side), side),
            position.side_stones(side)
        );
        for row in rows {
            let counts: Vec<String> = (0..10)
                .map(|column| {
                    let hole = Hole::new(column, row).expect("A..J, 1..4");
                    position.stones(hole).to_string()
                })
                .collect();
            let _ = write!(text, "Row {row}, A to J: {}. ", counts.join(" "));
        }
    }
    shorten(text.trim_end(), ALT_TEXT_MAX_CHARS)
}

/// `text` cut to at most `max` characters, the last one `…` if it was cut.
fn shorten(text: &str, max: usize) -> String {
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
    use crate::render::LastMove;
    use crate::rules::{Game, GameResult, Outcome, Position, Reason, Variant};

    #[test]
    fn describes_turn_rows_and_last_move() {
        let mut game = Game::new(Variant::Standard);
        let mv = "G2".parse().unwrap();
        let effect = game.play(&mv).unwrap();
        let mut view = BoardView::new(game.position(), "alice", "bob");
        view.ply = 1;
        view.last_move = Some(LastMove::new(mv, &effect));
        let text = alt_text(&view);
        assert!(text.starts_with("Kiela board, Standard, move 1. bob (North) to move."));
        assert!(text.contains("Last move: South sowed from G2."), "{text}");
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
}
