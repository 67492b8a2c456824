//! `kiela render`: the board picture of a record or a list of moves.

use std::io::Write;
use std::path::Path;

use anyhow::{anyhow, bail, Context};

use crate::render::{alt_text, render_png, BoardView, LastMove};
use crate::rules::{Game, Record, Variant};

/// What to draw: a record replayed up to a ply, with the players' names.
#[derive(Clone, Debug)]
pub struct Scene {
    pub game: Game,
    pub south: String,
    pub north: String,
    pub last_move: Option<LastMove>,
}

impl Scene {
    /// Replays the record (or bare move list) in `text` up to `ply` plies
    /// (all of them when `None`). The declared result only counts when the
    /// whole record is played.
    pub fn from_record(
        text: &str,
        variant: Option<Variant>,
        ply: Option<usize>,
    ) -> anyhow::Result<Scene> {
        let mut record: Record = text.parse().context("cannot read the game record")?;
        if let Some(variant) = variant {
            record.variant = variant;
        }
        let total = record.moves.len();
        let upto = ply.unwrap_or(total);
        if upto > total {
            bail!("--ply {upto} is past the end: the record has {total} plies");
        }
        let mut game = Game::new(record.variant);
        let mut last_move = None;
        for (i, mv) in record.moves[..upto].iter().enumerate() {
            let effect = game
                .play(mv)
                .map_err(|e| anyhow!("ply {} ({mv}): {e}", i + 1))?;
            last_move = Some(LastMove::new(*mv, &effect));
        }
        if upto == total {
            record.settle(&mut game)?;
        }
        Ok(Scene {
            game,
            south: record.south,
            north: record.north,
            last_move,
        })
    }

    /// The view the picture and the alt text are made from.
    pub fn view(&self) -> BoardView<'_> {
        BoardView {
            position: self.game.position(),
            south_name: &self.south,
            north_name: &self.north,
            ply: self.game.ply(),
            last_move: self.last_move,
            outcome: self.game.outcome(),
        }
    }
}

/// Writes the picture of `scene` to `output` and its alt text to `out`.
pub fn render(scene: &Scene, output: &Path, out: &mut impl Write) -> anyhow::Result<usize> {
    let view = scene.view();
    let png = render_png(&view)?;
    std::fs::write(output, &png).with_context(|| format!("cannot write {}", output.display()))?;
    writeln!(out, "{}", alt_text(&view))?;
    Ok(png.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameResult, Reason};

    #[test]
    fn replays_a_bare_move_list_and_keeps_the_last_move() {
        let scene = Scene::from_record("G2 C3", None, None).unwrap();
        assert_eq!(scene.game.ply(), 2);
        assert_eq!(scene.last_move.unwrap().played.to_string(), "C3");
        let start = Scene::from_record("", None, None).unwrap();
        assert_eq!(start.game.ply(), 0);
        assert!(start.last_move.is_none());
    }

    #[test]
    fn stops_at_the_ply_asked_for_and_applies_the_declared_result_only_at_the_end() {
        let text =
            "variant=standard; South=alice; North=bob; result=0-1; reason=resignation; 1. G2 C3";
        let whole = Scene::from_record(text, None, None).unwrap();
        let outcome = whole.game.outcome().unwrap();
        assert_eq!(
            (outcome.result, outcome.reason),
            (GameResult::NorthWins, Reason::Resignation)
        );
        assert_eq!(whole.view().south_name, "alice");
        let part = Scene::from_record(text, None, Some(1)).unwrap();
        assert_eq!(part.game.ply(), 1);
        assert!(part.game.outcome().is_none());
        let err = Scene::from_record(text, None, Some(3)).unwrap_err();
        assert!(err.to_string().contains("has 2 plies"), "{err}");
    }

    #[test]
    fn an_illegal_move_names_its_ply() {
        let err = Scene::from_record("G2 G2", None, None).unwrap_err();
        assert!(err.to_string().starts_with("ply 2 (G2)"), "{err}");
    }
}
