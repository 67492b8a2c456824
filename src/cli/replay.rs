//! `kiela replay`: a game record in, one JSON object per position out.

use std::io::Write;

use anyhow::{anyhow, Context};
use serde::Serialize;

use kiela_rules::{Game, Lap, Move, Record, Side, Trace, Variant};

/// One line of output: the position after turn `ply` (one turn is one
/// player's move; the record's pair numbers count two).
#[derive(Debug, Serialize)]
struct Line {
    ply: usize,
    /// Who played the move just made (`None` on the start line).
    mover: Option<&'static str>,
    #[serde(rename = "move")]
    played: Option<String>,
    /// Holes A1..J1, A2..J2, A3..J3, A4..J4.
    board: Vec<u8>,
    /// Sorted legal sowings of the player to move next.
    legal: Vec<String>,
    result: Option<&'static str>,
    reason: Option<&'static str>,
    /// The move's path, lap by lap (not on the start line).
    #[serde(skip_serializing_if = "Option::is_none")]
    laps: Option<Vec<LapLine>>,
}

/// One lap of a move's path.
#[derive(Debug, Serialize)]
struct LapLine {
    /// The hole picked up from; for a capture, the capturing hole.
    from: String,
    kind: &'static str,
    stones: u8,
    ended: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    captured: Vec<String>,
}

impl From<&Lap> for LapLine {
    fn from(lap: &Lap) -> LapLine {
        LapLine {
            from: lap.from.to_string(),
            kind: lap.kind.name(),
            stones: lap.stones,
            ended: lap.ended.to_string(),
            captured: lap.captures().map(|(hole, _)| hole.to_string()).collect(),
        }
    }
}

impl Line {
    fn new(game: &Game, last: Option<(Side, &Move, Trace)>) -> Line {
        let mut legal: Vec<String> = game.legal_moves().iter().map(|h| h.to_string()).collect();
        legal.sort();
        let outcome = game.outcome();
        Line {
            ply: game.ply(),
            mover: last.as_ref().map(|(side, _, _)| side.name()),
            played: last.as_ref().map(|(_, mv, _)| mv.to_string()),
            board: game.position().board().to_vec(),
            legal,
            result: outcome.map(|o| o.result.notation()),
            reason: outcome.map(|o| o.reason.name()),
            laps: last.map(|(_, _, trace)| trace.laps.iter().map(LapLine::from).collect()),
        }
    }
}

/// Replays the record in `text` and writes the lines to `out`. On an illegal
/// move, the lines before it are written and the error names the turn.
pub fn replay(text: &str, variant: Option<Variant>, out: &mut impl Write) -> anyhow::Result<()> {
    let mut record: Record = text.parse().context("cannot read the game record")?;
    if let Some(variant) = variant {
        record.variant = variant;
    }
    let mut game = Game::new(record.variant);
    let last_ply = record.moves.len();
    if last_ply == 0 {
        record.settle(&mut game)?;
    }
    write_line(out, &Line::new(&game, None))?;
    for (i, mv) in record.moves.iter().enumerate() {
        let ply = i + 1;
        let mover = game.turn();
        // An illegal move is refused (and explained) by the play below.
        let trace = game.position().trace(mv).unwrap_or_default();
        game.play(mv)
            .map_err(|e| anyhow!("turn {ply} ({mv}): {e}"))?;
        if ply == last_ply {
            record.settle(&mut game)?;
        }
        write_line(out, &Line::new(&game, Some((mover, mv, trace))))?;
    }
    Ok(())
}

fn write_line(out: &mut impl Write, line: &Line) -> anyhow::Result<()> {
    serde_json::to_writer(&mut *out, line)?;
    writeln!(out)?;
    Ok(())
}
