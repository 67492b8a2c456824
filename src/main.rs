//! `kiela`: the Discord bot (with no subcommand) and the terminal tools.

mod cli;

use std::io::{Read, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;
use cli::{
    analyze, arena, bench, clocks, engine, outbox, play, puzzles, render, replay, tournament, Cli,
    Command, PuzzlesCommand, TournamentCommand,
};
use kiela_ai::Budget;
use kiela_app::DatabaseClock;
use kiela_store::{redact, Store};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        None => run_bot(),
        Some(Command::Replay { file, variant }) => {
            let text = read_input(file)?;
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let result = replay::replay(&text, variant, &mut out);
            out.flush()?;
            result.map(|()| ExitCode::SUCCESS)
        }
        Some(Command::Analyze {
            file,
            variant,
            nodes,
            png,
            lang,
        }) => {
            let text = read_input(file)?;
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let options = analyze::Options {
                variant,
                nodes,
                png: png.as_deref(),
                lang,
            };
            let result = analyze::analyze(&text, &options, &mut out);
            out.flush()?;
            result.map(|()| ExitCode::SUCCESS)
        }
        Some(Command::Render {
            file,
            moves,
            variant,
            ply,
            gif,
            all,
            south,
            north,
            lang,
            output,
        }) => {
            let text = match moves {
                Some(moves) => moves,
                None => read_input(file)?,
            };
            let mut scene = render::Scene::from_record(&text, variant, ply)?;
            scene.south = south.unwrap_or(scene.south);
            scene.north = north.unwrap_or(scene.north);
            scene.lang = lang;
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            let (kind, default) = match (gif, all) {
                (false, _) => (render::Output::Png, "board.png"),
                (true, false) => (render::Output::TurnGif, "turn.gif"),
                (true, true) => (render::Output::GameGif, "game.gif"),
            };
            let output = output.unwrap_or_else(|| default.into());
            let bytes = render::render(&scene, kind, &output, &mut out)?;
            eprintln!(
                "wrote {} ({}x{} pixels, {:.1} KB)",
                output.display(),
                kiela_render::WIDTH,
                kiela_render::HEIGHT,
                bytes as f64 / 1024.0
            );
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Bench {
            playouts,
            seed,
            variant,
        }) => {
            bench::bench(variant, playouts, seed);
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Arena {
            first,
            second,
            timed,
            games,
            variant,
            opening_plies,
            seed,
            threads,
        }) => {
            let budget = if timed { Budget::Clock } else { Budget::Nodes };
            let first = arena::PlayerSpec::parse(&first, budget)?;
            let second = arena::PlayerSpec::parse(&second, budget)?;
            let config = arena::ArenaConfig {
                variant,
                games,
                opening_plies,
                seed,
                threads,
            };
            arena::arena(&first, &second, &config);
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Play {
            level,
            variant,
            side,
            seed,
        }) => {
            let stdin = std::io::stdin();
            let mut stdout = std::io::stdout();
            let seed = seed.unwrap_or_else(|| fastrand::u64(..));
            match play::play(level, variant, side, seed, stdin.lock(), &mut stdout)? {
                play::PlayEnd::Finished => Ok(ExitCode::SUCCESS),
                play::PlayEnd::Abandoned => Ok(ExitCode::from(3)),
            }
        }
        Some(Command::Engine) => {
            engine::run(std::io::stdin().lock(), Box::new(std::io::stdout()));
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Puzzles(PuzzlesCommand::Mine {
            games,
            seed,
            jobs,
            records,
            database,
            output,
        })) => {
            let source = match (records, database) {
                (Some(file), _) => {
                    puzzles::Source::Games(puzzles::records(&read_input(Some(file))?)?)
                }
                (None, Some(url)) => {
                    let url = url.unwrap_or_else(database_url);
                    let runtime =
                        tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
                    let games = runtime.block_on(async {
                        let store = Store::open(&url).await?;
                        puzzles::stored_games(&store).await
                    })?;
                    puzzles::Source::Games(games)
                }
                (None, None) => puzzles::Source::SelfPlay { games, seed, jobs },
            };
            let mut out: Box<dyn Write> = match output {
                Some(path) => Box::new(
                    std::fs::File::create(&path)
                        .with_context(|| format!("cannot create {}", path.display()))?,
                ),
                None => Box::new(std::io::stdout().lock()),
            };
            let kept = puzzles::run(source, &mut out)?;
            eprintln!("{kept} puzzles");
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Tournament(TournamentCommand::Simulate {
            format,
            players,
            rounds,
            seed,
            levels,
            variant,
            json,
        })) => {
            let sim = tournament::Simulation {
                format,
                players,
                rounds,
                seed,
                levels,
                variant,
                json,
            };
            let runtime =
                tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
            let started = std::time::Instant::now();
            let passed = runtime.block_on(tournament::simulate(&sim, &mut std::io::stdout()))?;
            eprintln!("simulated in {:.1} s", started.elapsed().as_secs_f64());
            Ok(if passed {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Some(Command::Clocks { restart }) => with_store(|store| async move {
            clocks::clocks(&store, restart, &mut std::io::stdout()).await
        }),
        Some(Command::Outbox { retry }) => with_store(|store| async move {
            outbox::outbox(&store, retry, &mut std::io::stdout()).await
        }),
    }
}

/// Runs an operator's tool on the bot's database (`DATABASE_URL`, or the
/// bot's default): exit code 0 when it did what was asked, 1 when there
/// was nothing to do.
fn with_store<F, R>(tool: F) -> anyhow::Result<ExitCode>
where
    F: FnOnce(Store) -> R,
    R: std::future::Future<Output = anyhow::Result<bool>>,
{
    let url = database_url();
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    let done = runtime.block_on(async { tool(Store::open(&url).await?).await })?;
    Ok(if done {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The bot's database: DATABASE_URL, from the environment or `.env`, else
/// the bot's default.
fn database_url() -> String {
    let _ = dotenvy::dotenv();
    std::env::var("DATABASE_URL")
        .unwrap_or_else(|_| kiela_discord::DEFAULT_DATABASE_URL.to_string())
}

/// `kiela` alone: the Discord bot, configured by the environment and `.env`.
fn run_bot() -> anyhow::Result<ExitCode> {
    // A missing .env is fine: the variables may come from the environment.
    let _ = dotenvy::dotenv();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let config = match kiela_discord::Config::from_vars(|name| std::env::var(name).ok()) {
        Ok(config) => config,
        Err(error) => {
            eprintln!("error: {error}");
            eprintln!("(`kiela --help` lists the other subcommands.)");
            return Ok(ExitCode::from(2));
        }
    };
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async {
        let store = Store::open(&config.database_url).await?;
        tracing::info!("games are kept in {}", redact(&config.database_url));
        kiela_discord::run(config, store, std::sync::Arc::new(DatabaseClock::new())).await
    })?;
    Ok(ExitCode::SUCCESS)
}

/// The text of `file`, or of standard input when it is left out or `-`.
fn read_input(file: Option<std::path::PathBuf>) -> anyhow::Result<String> {
    match file.filter(|f| f.as_os_str() != "-") {
        Some(path) => std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display())),
        None => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("cannot read standard input")?;
            Ok(text)
        }
    }
}
