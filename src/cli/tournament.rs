//! `kiela tournament simulate`: a whole tournament played from the
//! terminal, through the bot's own service (the same code a server's
//! tournament runs: sign-up, pairing, games, standings), by AI players of
//! mixed levels, on a temporary SQLite file. It prints the final standings
//! and checks what the pairing promises: no pair meets twice while it can
//! be avoided, at most one bye per player, who moves first balanced.

use kiela_app::store::ports::*;
use kiela_app::AppError;
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{bail, Context};
use serde_json::json;

use kiela_ai::Level;
use kiela_app::vocabulary::{ChannelId, GameState, GuildId, UserId};
use kiela_app::{
    App, Authority, BotPermissions, GameId, ManualClock, NewTournament, Place, TournamentFormat,
    TournamentId, TournamentStatus, User,
};
use kiela_i18n::Lang;
use kiela_rules::{Game, Move, Variant};
use kiela_store::Store;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct Simulation {
    pub format: TournamentFormat,
    pub players: usize,
    /// Swiss only; by default the bot's (5 up to 16 players, 7 above).
    pub rounds: Option<i64>,
    pub seed: u64,
    /// The players' levels, dealt in turn (player 1 the first level, …).
    pub levels: Vec<Level>,
    pub variant: Variant,
    pub json: bool,
}

/// The bot's own id in the simulation (never a player).
const BOT: UserId = UserId(1_000_000);
/// Passes of the tournament's clock with nothing to play before giving
/// up: a tournament that neither pairs nor ends is a bug.
const STUCK_AFTER: usize = 3;

/// What the checks found; all true when the event kept its promises.
#[derive(Debug, Default)]
pub struct Checks {
    pub repeats: usize,
    pub avoidable_repeats: bool,
    pub most_byes: usize,
    pub worst_first_move_balance: i64,
}

impl Checks {
    pub fn passed(&self) -> bool {
        !self.avoidable_repeats && self.most_byes <= 1 && self.worst_first_move_balance <= 2
    }
}

/// Runs the simulation, writing its report to `out`. Returns whether the
/// checks passed.
pub async fn simulate(sim: &Simulation, out: &mut impl Write) -> anyhow::Result<bool> {
    if sim.variant == Variant::Expert {
        bail!(
            "simulate plays the beginner and standard variants (Expert opens with rearrangements)"
        );
    }
    if sim.levels.is_empty() {
        bail!("give at least one level");
    }
    let path = temporary_file(sim.seed);
    let url = format!("sqlite://{}", path.display());
    let result = run(sim, &url, out).await;
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    result
}

fn temporary_file(seed: u64) -> PathBuf {
    std::env::temp_dir().join(format!(
        "kiela-simulate-{}-{seed}-{}.db",
        std::process::id(),
        fastrand::u64(..)
    ))
}

async fn run(sim: &Simulation, url: &str, out: &mut impl Write) -> anyhow::Result<bool> {
    let store = Store::open(url)
        .await
        .context("cannot open the temporary database")?;
    // The clock never moves: no deadline passes, every game is played out.
    let clock = Arc::new(ManualClock::starting_at(1_800_000_000));
    let service = App::new(store.clone(), User::new(BOT, "Kiela"), clock);
    let place = Place {
        bot_may: BotPermissions::ALL,
        ..Place::new(GuildId(1), ChannelId(1), Lang::En)
    };
    let players: Vec<User> = (1..=sim.players)
        .map(|i| User::new(UserId(i as i64), &format!("player-{i:02}")))
        .collect();
    let level_of: HashMap<UserId, Level> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, sim.levels[i % sim.levels.len()]))
        .collect();
    let organiser = &players[0];
    let new = NewTournament {
        name: "Simulated".into(),
        format: sim.format,
        variant: sim.variant,
        days: Some(1),
        rounds: sim.rounds,
        max_players: Some(sim.players as i64),
        starts_in_hours: None,
        rated: true,
        strict: false,
    };
    let created = service
        .tournaments
        .create_tournament(organiser, place, new)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let id: TournamentId = created
        .tournament
        .context("the tournament was not created")?;
    for player in &players {
        service
            .tournaments
            .join_tournament(player, place, Some(id))
            .await
            .map_err(|e| anyhow::anyhow!("{}: {e}", player.name))?;
    }
    let manager = Authority { is_manager: true };
    service
        .tournaments
        .start_tournament(organiser, place, manager, Some(id))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;

    let mut idle = 0;
    loop {
        service.tournaments.advance_tournaments().await?;
        let t = store
            .tournaments()
            .tournament(id)
            .await
            .map_err(AppError::from)?
            .context("the tournament is gone")?;
        if t.status != TournamentStatus::Running {
            break;
        }
        let to_play: Vec<(GameId, UserId, UserId)> = store
            .tournaments()
            .paired(id)
            .await
            .map_err(AppError::from)?
            .into_iter()
            .filter_map(|p| match (p.game_id, p.north_id, p.game) {
                (Some(game), Some(north), Some((GameState::Active, _))) => {
                    Some((game, p.south_id, north))
                }
                _ => None,
            })
            .collect();
        if to_play.is_empty() {
            idle += 1;
            if idle >= STUCK_AFTER {
                bail!(
                    "the tournament neither pairs nor ends (round {})",
                    t.rounds_paired
                );
            }
            continue;
        }
        idle = 0;
        // Progress on standard error: a 40-player event takes a while.
        eprintln!("round {}: {} games to play", t.rounds_paired, to_play.len());
        for (game, south, north) in to_play {
            play_out(
                &service,
                place,
                sim,
                game,
                [south, north],
                &level_of,
                &players,
            )
            .await?;
        }
    }
    report(sim, &service, &store, id, &players, out).await
}

/// Plays game `game` to its end, each side's move chosen by its player's
/// level and played through the service.
async fn play_out(
    service: &App,
    place: Place,
    sim: &Simulation,
    game: GameId,
    [south, north]: [UserId; 2],
    level_of: &HashMap<UserId, Level>,
    players: &[User],
) -> anyhow::Result<()> {
    let user = |id: UserId| &players[(id.0 - 1) as usize];
    let mut local = Game::new(sim.variant);
    while !local.is_over() {
        let mover = match local.turn() {
            kiela_rules::Side::South => south,
            kiela_rules::Side::North => north,
        };
        let settings = level_of[&mover].fixed_settings();
        let history = kiela_ai::game_history(&local);
        let seed = sim.seed ^ ((game.0 as u64) << 20) ^ local.ply() as u64;
        let position = *local.position();
        let mv = tokio::task::spawn_blocking(move || {
            kiela_ai::best_move(&position, &history, &settings, seed).best
        })
        .await?;
        let Move::Sow(hole) = mv else {
            bail!("game {game}: the AI rearranged, which simulate does not play");
        };
        service
            .playing
            .play_move(
                user(mover),
                place,
                Some(game),
                hole,
                Some(local.ply() as i64),
            )
            .await
            .map_err(|e| anyhow::anyhow!("game {game}, {hole}: {e}"))?;
        local
            .play(&mv)
            .map_err(|e| anyhow::anyhow!("game {game}, {hole}: {e}"))?;
    }
    Ok(())
}

/// The final standings and the checks, as text or JSON lines.
async fn report(
    sim: &Simulation,
    service: &App,
    store: &Store,
    id: TournamentId,
    players: &[User],
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    let name = |id: UserId| players[(id.0 - 1) as usize].name.plain();
    let paired = store
        .tournaments()
        .paired(id)
        .await
        .map_err(AppError::from)?;
    let mut met: BTreeMap<(UserId, UserId), usize> = BTreeMap::new();
    let mut byes: HashMap<UserId, usize> = HashMap::new();
    let mut first: HashMap<UserId, i64> = HashMap::new();
    for p in &paired {
        let (result, north) = match (p.north_id, p.game) {
            (None, _) => {
                *byes.entry(p.south_id).or_default() += 1;
                ("bye".to_string(), None)
            }
            (Some(north), game) => {
                let pair = (p.south_id.min(north), p.south_id.max(north));
                *met.entry(pair).or_default() += 1;
                *first.entry(p.south_id).or_default() += 1;
                *first.entry(north).or_default() -= 1;
                let result = match game {
                    Some((GameState::Finished(outcome), _)) => {
                        outcome.result.notation().to_string()
                    }
                    Some((GameState::Aborted, _)) => "forfeit".to_string(),
                    _ => "*".to_string(),
                };
                (result, Some(north))
            }
        };
        if sim.json {
            let line = json!({
                "round": p.round,
                "south": name(p.south_id),
                "north": north.map(name),
                "result": result,
            });
            writeln!(out, "{line}")?;
        }
    }
    let repeats = met.values().filter(|&&n| n > 1).count();
    let rounds = paired.iter().map(|p| p.round).max().unwrap_or(0) as usize;
    let checks = Checks {
        repeats,
        // A Swiss of at most half as many rounds as players can always
        // avoid a repeat; a double round-robin repeats by design.
        avoidable_repeats: repeats > 0
            && sim.format == TournamentFormat::Swiss
            && rounds <= sim.players / 2,
        most_byes: byes.values().copied().max().unwrap_or(0),
        worst_first_move_balance: first.values().map(|d| d.abs()).max().unwrap_or(0),
    };
    let table = service.tournaments.tournament_table(id).await?;
    if sim.json {
        let standings: Vec<_> = table
            .iter()
            .map(|s| {
                json!({
                    "rank": s.rank,
                    "name": s.name,
                    "points": s.points,
                    "tiebreaks": s.tiebreaks,
                    "games": s.games_played,
                    "level": level_name(sim, s.player),
                })
            })
            .collect();
        let verdict = json!({
            "repeats": checks.repeats,
            "most_byes": checks.most_byes,
            "worst_first_move_balance": checks.worst_first_move_balance,
            "passed": checks.passed(),
        });
        writeln!(
            out,
            "{}",
            json!({ "standings": standings, "checks": verdict })
        )?;
        return Ok(checks.passed());
    }
    let format = match sim.format {
        TournamentFormat::Swiss => "Swiss",
        TournamentFormat::RoundRobin => "round-robin",
    };
    writeln!(
        out,
        "{format}, {} players, {rounds} rounds, {} games, seed {}",
        sim.players,
        met.values().sum::<usize>(),
        sim.seed
    )?;
    let tiebreaks = match sim.format {
        TournamentFormat::Swiss => "Buchholz Cut-1, Sonneborn-Berger, direct encounter",
        TournamentFormat::RoundRobin => "Sonneborn-Berger, direct encounter, wins",
    };
    writeln!(
        out,
        "rank  name       level     points  tie-breaks ({tiebreaks})"
    )?;
    for s in &table {
        let tiebreaks: Vec<String> = s
            .tiebreaks
            .iter()
            .map(|t| t.map_or("-".to_string(), |v| v.to_string()))
            .collect();
        writeln!(
            out,
            "{:>4}  {:<9}  {:<8}  {:>6}  {}",
            s.rank,
            s.name,
            level_name(sim, s.player),
            s.points,
            tiebreaks.join("  ")
        )?;
    }
    let verdict = |ok: bool| if ok { "ok" } else { "FAILED" };
    writeln!(
        out,
        "check: no pair met twice while avoidable: {} ({} repeated pairs)",
        verdict(!checks.avoidable_repeats),
        checks.repeats
    )?;
    writeln!(
        out,
        "check: at most one bye per player: {} (most: {})",
        verdict(checks.most_byes <= 1),
        checks.most_byes
    )?;
    writeln!(
        out,
        "check: first moves balanced within 2: {} (worst difference: {})",
        verdict(checks.worst_first_move_balance <= 2),
        checks.worst_first_move_balance
    )?;
    Ok(checks.passed())
}

fn level_name(sim: &Simulation, player: UserId) -> &'static str {
    sim.levels[(player.0 as usize - 1) % sim.levels.len()].name()
}
