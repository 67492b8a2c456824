//! The `kiela` command line: a thin layer over the library.

pub mod bench;
pub mod render;
pub mod replay;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::rules::Variant;

/// Kiela, the four-row mancala of northern Angola: a Discord bot and tools.
///
/// Without a subcommand, runs the Discord bot.
#[derive(Debug, Parser)]
#[command(name = "kiela", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay a game record and print one JSON line per position.
    Replay {
        /// The record file; reads standard input when left out or `-`.
        file: Option<PathBuf>,
        /// Play the moves in this variant, whatever the record's header says.
        #[arg(long, value_parser = parse_variant)]
        variant: Option<Variant>,
    },
    /// Draw the board of a game record or a list of moves as a PNG picture,
    /// and print its text description (the alt text).
    ///
    /// Example: kiela render --moves "G2 C3" -o board.png
    Render {
        /// The record file (`-` for standard input). A bare list of moves
        /// is a record too.
        #[arg(conflicts_with = "moves", required_unless_present = "moves")]
        file: Option<PathBuf>,
        /// The moves, instead of a file: `--moves "G2 C3"` (`""` for the start).
        #[arg(long)]
        moves: Option<String>,
        /// Play the moves in this variant, whatever the record's header says.
        #[arg(long, value_parser = parse_variant)]
        variant: Option<Variant>,
        /// Draw the position after this many plies (default: all of them).
        #[arg(long)]
        ply: Option<usize>,
        /// South's name (default: the record's, else "South").
        #[arg(long)]
        south: Option<String>,
        /// North's name (default: the record's, else "North").
        #[arg(long)]
        north: Option<String>,
        /// Where to write the PNG.
        #[arg(short, long, default_value = "board.png")]
        output: PathBuf,
    },
    /// Measure the rules engine: random playouts per second on one thread.
    Bench {
        /// How many random games to play.
        #[arg(long, default_value_t = 1_000_000)]
        playouts: u64,
        /// Seed of the random move choice (same seed, same games).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The variant to play.
        #[arg(long, value_parser = parse_variant, default_value = "standard")]
        variant: Variant,
    },
}

pub fn parse_variant(s: &str) -> Result<Variant, String> {
    s.parse()
        .map_err(|e: crate::rules::ParseVariantError| e.to_string())
}
