//! `kiela analyze`: a game record in, one JSON line per move out (the
//! evaluation, the engine's best move, the played move's loss and its
//! verdict), and optionally the evaluation graph as a PNG.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use kiela_ai::analysis::{analyze as analyze_game, PlyAnalysis, Verdict};
use kiela_i18n::Lang;
use kiela_render::{graph_png, graph_points, GraphView};
use kiela_rules::{Record, Variant};

/// One output line; evaluations in stones from South's view.
#[derive(Debug, Serialize)]
struct Line {
    ply: usize,
    side: &'static str,
    #[serde(rename = "move")]
    played: String,
    /// The position's evaluation before the move.
    eval: f64,
    best: String,
    /// The evaluation after the best move (the position's, by definition).
    best_eval: f64,
    /// The evaluation after the played move.
    played_eval: f64,
    /// Stones the played move lost against the best one, from its
    /// player's view.
    loss: f64,
    verdict: Option<&'static str>,
}

impl From<&PlyAnalysis> for Line {
    fn from(a: &PlyAnalysis) -> Line {
        Line {
            ply: a.ply,
            side: a.side.name(),
            played: a.played.to_string(),
            eval: stones(a.eval),
            best: a.best.to_string(),
            best_eval: stones(a.eval),
            played_eval: stones(a.played_eval),
            loss: stones(a.loss),
            verdict: a.verdict.map(Verdict::name),
        }
    }
}

fn stones(hundredths: i32) -> f64 {
    hundredths as f64 / 100.0
}

/// What `kiela analyze` was asked.
#[derive(Debug)]
pub struct Options<'a> {
    pub variant: Option<Variant>,
    pub nodes: u64,
    pub png: Option<&'a Path>,
    pub lang: Lang,
}

/// Analyses the record in `text` and writes the lines to `out` (and the
/// graph to `--png`), with a progress bar on standard error.
pub fn analyze(text: &str, options: &Options, out: &mut impl Write) -> anyhow::Result<()> {
    let mut record: Record = text.parse().context("cannot read the game record")?;
    if let Some(variant) = options.variant {
        record.variant = variant;
    }
    let game = record.replay().context("cannot replay the game record")?;
    let bar = ProgressBar::new(game.ply() as u64 + 1).with_style(
        ProgressStyle::with_template("analysing {bar:30} {pos}/{len} positions, eta {eta}")
            .expect("valid template"),
    );
    let plies = analyze_game(&game, options.nodes, |done, _| {
        bar.set_position(done as u64)
    });
    bar.finish_and_clear();
    for ply in &plies {
        serde_json::to_writer(&mut *out, &Line::from(ply))?;
        writeln!(out)?;
    }
    if let Some(path) = options.png {
        let (evals, marks) = graph_points(&plies);
        let png = graph_png(&GraphView {
            evals: &evals,
            marks: &marks,
            south_name: &record.south,
            north_name: &record.north,
            lang: options.lang,
        })?;
        std::fs::write(path, png).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}
