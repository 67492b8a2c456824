//! `kiela render`: the board picture of a record or a list of moves, or an
//! animation of one turn (`--gif`) or of the whole game (`--gif --all`).

use std::io::Write;
use std::path::Path;

use anyhow::{anyhow, bail, Context};

use kiela_i18n::Lang;
use kiela_render::{alt_text, game_gif, render_png, turn_gif, BoardView, GameView, LastMove};
use kiela_rules::{Game, Move, Record, Variant};

/// What `kiela render` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// The still board picture (PNG).
    Png,
    /// The turn that led to the position, stone by stone (GIF).
    TurnGif,
    /// Every turn up to the position, one frame each (GIF).
    GameGif,
}

/// What to draw: a record replayed up to a ply, with the players' names.
#[derive(Clone, Debug)]
pub struct Scene {
    pub game: Game,
    pub south: String,
    pub north: String,
    pub last_move: Option<LastMove>,
    /// The language of the picture's words and the alt text.
    pub lang: Lang,
}

impl Scene {
    /// Replays the record (or bare move list) in `text` up to turn `ply`
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
            bail!("--turn {upto} is past the end: the record has {total} turns");
        }
        let mut game = Game::new(record.variant);
        let mut last_move = None;
        for (i, mv) in record.moves[..upto].iter().enumerate() {
            let before = *game.position();
            game.play(mv)
                .map_err(|e| anyhow!("turn {} ({mv}): {e}", i + 1))?;
            last_move = Some(LastMove::new(&before, *mv)?);
        }
        if upto == total {
            record.settle(&mut game)?;
        }
        Ok(Scene {
            game,
            south: record.south,
            north: record.north,
            last_move,
            lang: Lang::En,
        })
    }

    /// The view the picture and the alt text are made from.
    pub fn view(&self) -> BoardView<'_> {
        BoardView {
            position: self.game.position(),
            south_name: &self.south,
            north_name: &self.north,
            ply: self.game.ply(),
            last_move: self.last_move.clone(),
            outcome: self.game.outcome(),
            game_id: None,
            lang: self.lang,
        }
    }

    /// The picture or animation `kind` of the scene, as file bytes.
    pub fn bytes(&self, kind: Output) -> anyhow::Result<Vec<u8>> {
        let view = self.view();
        match kind {
            Output::Png => Ok(render_png(&view)?),
            Output::TurnGif => {
                let ply = self.game.ply();
                match &self.last_move {
                    None => {
                        bail!("turn 0 is the start: no turn led to it; ask for --turn 1 or more")
                    }
                    Some(last) if matches!(last.played, Move::Arrange(_)) => bail!(
                        "turn {ply} is an Expert rearrangement: no sowing to animate; \
                         draw its board without --gif"
                    ),
                    Some(_) => {}
                }
                Ok(turn_gif(&view)?)
            }
            Output::GameGif => Ok(game_gif(&GameView {
                game: &self.game,
                south_name: &self.south,
                north_name: &self.north,
                game_id: None,
                lang: self.lang,
                from: 0,
            })?),
        }
    }
}

/// Writes the picture or animation `kind` of `scene` to `output` and the
/// alt text of its (last) picture to `out`; returns the bytes written.
pub fn render(
    scene: &Scene,
    kind: Output,
    output: &Path,
    out: &mut impl Write,
) -> anyhow::Result<usize> {
    let bytes = scene.bytes(kind)?;
    std::fs::write(output, &bytes).with_context(|| format!("cannot write {}", output.display()))?;
    writeln!(out, "{}", alt_text(&scene.view()))?;
    Ok(bytes.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_rules::{GameResult, Reason};

    #[test]
    fn replays_a_bare_move_list_and_keeps_the_last_move() {
        let scene = Scene::from_record("G2 C3", None, None).unwrap();
        assert_eq!(scene.game.ply(), 2);
        assert_eq!(scene.last_move.unwrap().played.to_string(), "C3");
        assert!(Scene::from_record("", None, None)
            .unwrap()
            .bytes(Output::TurnGif)
            .unwrap_err()
            .to_string()
            .contains("turn 0 is the start"));
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
        assert!(err.to_string().contains("has 2 turns"), "{err}");
    }

    #[test]
    fn an_illegal_move_names_its_ply() {
        let err = Scene::from_record("G2 G2", None, None).unwrap_err();
        assert!(err.to_string().starts_with("turn 2 (G2)"), "{err}");
    }
}
