//! The `kiela` command line: a thin layer over the library.

pub mod analyze;
pub mod arena;
pub mod bench;
pub mod clocks;
pub mod engine;
pub mod outbox;
pub mod play;
pub mod puzzles;
pub mod render;
pub mod replay;
pub mod tournament;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use kiela_ai::Level;
use kiela_i18n::Lang;
use kiela_rules::{Side, Variant};

/// Kiela, the four-row mancala of northern Angola: a Discord bot and tools.
#[derive(Debug, Parser)]
#[command(
    name = "kiela",
    version,
    about,
    long_about = None,
    after_help = "Without a subcommand, `kiela` runs the Discord bot. It reads DISCORD_TOKEN \
                  (required), DATABASE_URL (default sqlite://kiela.db), DISCORD_GUILD_ID, \
                  KIELA_DISCORD_PROXY and RUST_LOG from the environment or a .env file."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

// Parsed once per run: boxing the large arena variant would buy nothing.
#[allow(clippy::large_enum_variant)]
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
    /// Analyse a game record: one JSON line per move with the evaluation
    /// (stones, South's view), the engine's best move, the played move's
    /// loss in stones and its verdict (inaccuracy from 2 stones, mistake
    /// from 4, blunder from 8); optionally the evaluation graph as a PNG.
    ///
    /// Examples:
    ///   kiela analyze game.txt
    ///   kiela analyze game.txt --nodes 20000 --png graph.png --lang pt
    #[command(verbatim_doc_comment)]
    Analyze {
        /// The record file; reads standard input when left out or `-`.
        file: Option<PathBuf>,
        /// Play the moves in this variant, whatever the record's header says.
        #[arg(long, value_parser = parse_variant)]
        variant: Option<Variant>,
        /// Nodes searched per position: the same budget gives the same
        /// analysis.
        #[arg(long, default_value_t = kiela_ai::analysis::DEFAULT_NODES)]
        nodes: u64,
        /// Also draw the evaluation graph into this PNG file.
        #[arg(long)]
        png: Option<PathBuf>,
        /// The language of the words on the graph: `en` or `pt`.
        #[arg(long, value_parser = parse_lang, default_value = "en")]
        lang: Lang,
    },
    /// Draw the board of a game record or a list of moves as a PNG picture,
    /// or animate a turn or the whole game as a GIF, and print the board's
    /// text description (the alt text).
    ///
    /// Examples:
    ///   kiela render --moves "G2 C3" -o board.png
    ///   kiela render game.txt --turn 22 --gif -o turn.gif   (turn 22, animated)
    ///   kiela render game.txt --gif --all -o game.gif      (every turn, one frame each)
    ///   kiela render game.txt --lang pt -o tabuleiro.png   (in Portuguese)
    #[command(verbatim_doc_comment)]
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
        /// Draw the position after this turn (one turn is one player's
        /// move, numbered from 1 as the bot numbers them; default: the last).
        /// With --gif, that turn animated (turn 1 or more). `--ply` is the
        /// old name of this option.
        #[arg(long = "turn", visible_alias = "ply")]
        ply: Option<usize>,
        /// Write an animated GIF of --turn (default: the
        /// last turn), stone by stone, instead of the PNG. An Expert
        /// rearrangement has nothing to animate and is refused.
        #[arg(long)]
        gif: bool,
        /// With --gif: animate the whole game up to --turn, one frame per turn.
        #[arg(long, requires = "gif")]
        all: bool,
        /// South's name (default: the record's, else "South").
        #[arg(long)]
        south: Option<String>,
        /// North's name (default: the record's, else "North").
        #[arg(long)]
        north: Option<String>,
        /// The language of the words in the picture and of the alt text:
        /// `en` or `pt` (Brazilian Portuguese).
        #[arg(long, value_parser = parse_lang, default_value = "en")]
        lang: Lang,
        /// Where to write the picture (default: board.png, turn.gif with
        /// --gif, game.gif with --gif --all).
        #[arg(short, long)]
        output: Option<PathBuf>,
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
    /// Play two AI settings against each other (seats alternate) and print
    /// wins, draws, losses, the score and the Elo difference.
    Arena {
        /// The first player: `random`, or a level, optionally with changed
        /// settings, as in `expert` or `hard:nodes=100000,noise=0,mobility=20`.
        first: String,
        /// The second player, in the same form.
        second: String,
        /// Give the levels their play settings (`expert` thinks 2 s a
        /// move) instead of their node budgets; games are then not
        /// reproducible.
        #[arg(long)]
        timed: bool,
        /// How many games (best even: each opening is played from both seats).
        #[arg(long, default_value_t = 200)]
        games: u32,
        /// The variant to play.
        #[arg(long, value_parser = parse_variant, default_value = "standard")]
        variant: Variant,
        /// Random sowings that open each pair of games, redrawn until the
        /// opening is balanced (not in Expert).
        #[arg(long, default_value_t = 4)]
        opening_plies: usize,
        /// Seed of the openings and the evaluation noise.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at the same time.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Play a game against the AI in the terminal.
    Play {
        /// The AI's level.
        #[arg(long, default_value = "medium")]
        level: Level,
        /// The variant to play.
        #[arg(long, value_parser = parse_variant, default_value = "standard")]
        variant: Variant,
        /// Your seat: south (moves first) or north.
        #[arg(long, value_parser = parse_side, default_value = "south")]
        side: Side,
        /// Seed of the AI's noise (same seed, same replies); random if left out.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Speak the engine protocol on standard input and output (see docs/tools.md).
    Engine,
    /// List the games whose clock the bot stopped (their moves no longer
    /// load, say), with why; or start one's clock again once it is mended.
    /// Reads DATABASE_URL like the bot.
    ///
    /// Examples:
    ///   kiela clocks
    ///   kiela clocks --restart 12
    #[command(verbatim_doc_comment)]
    Clocks {
        /// The game whose clock to start again.
        #[arg(long)]
        restart: Option<i64>,
    },
    /// List the messages the bot has not delivered yet (waiting, being
    /// sent, failing for now, or parked with the reason); or try a parked
    /// one again. Reads DATABASE_URL like the bot.
    ///
    /// Examples:
    ///   kiela outbox
    ///   kiela outbox --retry 4012
    #[command(verbatim_doc_comment)]
    Outbox {
        /// The parked message to try again.
        #[arg(long)]
        retry: Option<i64>,
    },
    /// Puzzles for `/kiela puzzle`.
    #[command(subcommand)]
    Puzzles(PuzzlesCommand),
    /// Tournaments, as `/kiela tournament` runs them.
    #[command(subcommand)]
    Tournament(TournamentCommand),
}

#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// Play a whole tournament through the bot's own service (sign-up,
    /// pairing, games, standings) on a temporary SQLite file, the players
    /// AI of the levels given in turn, and print the final standings and
    /// the checks (no pair met twice while avoidable, at most one bye per
    /// player, first moves balanced within 2). Exits 1 if a check fails.
    /// With --json: one line per game or bye (`round`, `south`, `north`,
    /// null for a bye, `result`), then one with the standings and checks.
    ///
    /// Examples:
    ///   kiela tournament simulate --format swiss --players 40 --rounds 7 --seed 1
    ///   kiela tournament simulate --players 40 --rounds 7 --levels beginner --json
    #[command(verbatim_doc_comment)]
    Simulate {
        /// `swiss` (up to 64 players) or `round-robin` (up to 12).
        #[arg(long, value_parser = parse_format, default_value = "swiss")]
        format: kiela_app::TournamentFormat,
        #[arg(long, default_value_t = 16)]
        players: usize,
        /// Swiss only (default: 5 up to 16 players, 7 above).
        #[arg(long)]
        rounds: Option<i64>,
        /// Seed of the AI's noise (same seed, same event).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The players' levels, dealt in turn, comma-separated.
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "beginner,easy,medium,hard"
        )]
        levels: Vec<Level>,
        /// `beginner` or `standard` (Expert opens with rearrangements).
        #[arg(long, value_parser = parse_variant, default_value = "standard")]
        variant: Variant,
        /// One JSON line per game or bye, then the standings.
        #[arg(long)]
        json: bool,
    },
}

pub fn parse_format(s: &str) -> Result<kiela_app::TournamentFormat, String> {
    s.parse()
        .map_err(|_| format!("`{s}` is not a tournament format: use swiss or round-robin"))
}

#[derive(Debug, Subcommand)]
pub enum PuzzlesCommand {
    /// Find puzzles in self-played games (or in game records, or in the
    /// finished games of the bot's database): positions where one move is
    /// clearly best, each checked again by a deeper search. Writes one JSON
    /// line per puzzle as it is found; progress on standard error. The same
    /// options give the same puzzles.
    ///
    /// Examples:
    ///   kiela puzzles mine --games 1000 --seed 1 --jobs 2 -o assets/puzzles/puzzles.jsonl
    ///   kiela puzzles mine --records games.txt
    ///   kiela puzzles mine --database -o played.jsonl
    ///   kiela puzzles mine --database sqlite://kiela.db
    #[command(verbatim_doc_comment)]
    Mine {
        /// Self-played games to mine (game i is played from seed + i).
        #[arg(long, default_value_t = 10)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Self-played games mined at the same time (the same puzzles
        /// whatever the number).
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Mine these game records (one a line; `-` for standard input)
        /// instead of playing.
        #[arg(long, conflicts_with = "database")]
        records: Option<PathBuf>,
        /// Mine the finished games of the bot's database instead of playing:
        /// at this URL, or without one at DATABASE_URL (from the
        /// environment or `.env`, as the bot reads it).
        #[arg(long, value_name = "URL")]
        #[allow(clippy::option_option)]
        database: Option<Option<String>>,
        /// Write the puzzles here (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

pub fn parse_side(s: &str) -> Result<Side, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "south" | "s" => Ok(Side::South),
        "north" | "n" => Ok(Side::North),
        _ => Err(format!("`{s}` is not a side: use south or north")),
    }
}

/// `en` or `pt` (also `pt-BR`), as `kiela render --lang` takes it.
pub fn parse_lang(s: &str) -> Result<Lang, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "en" => Ok(Lang::En),
        "pt" | "pt-br" => Ok(Lang::Pt),
        _ => Err(format!("`{s}` is not a language: use en or pt")),
    }
}

pub fn parse_variant(s: &str) -> Result<Variant, String> {
    s.parse()
        .map_err(|e: kiela_rules::ParseVariantError| e.to_string())
}
