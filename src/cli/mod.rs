//! The `kiela` command line: a thin layer over the library.

pub mod bench;
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
