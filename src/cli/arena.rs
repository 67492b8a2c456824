//! `kiela arena`: two AI settings play each other; wins, draws, losses, the
//! score and the Elo difference with its error margin.
//!
//! Games come in pairs: each pair starts from the same opening (a few random
//! sowings from the start position, drawn from the pair's seed) and the
//! players swap seats, so a lucky opening favours neither. Every game is
//! deterministic for its seed (node budgets), whatever the number of threads,
//! unless `--timed` gives the levels their play settings (`expert` then
//! thinks to the clock, see [`Budget`]).

use std::fmt;
use std::io::IsTerminal;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use thiserror::Error;

use kiela_ai::{Budget, Level, Limits, Searcher, Settings, WIN_BOUND};
use kiela_rules::{Game, GameResult, Move, Side, Variant};

/// Plies after which an arena game is adjudicated a draw.
const MAX_PLIES: usize = 600;

/// A player of the arena: `random` (a uniformly random sowing: the Elo
/// anchor), or a level, optionally with changed settings, as in `expert` or
/// `hard:nodes=100000,noise=0,mobility=20`.
#[derive(Clone, Debug)]
pub struct PlayerSpec {
    pub name: String,
    /// `None` for the random player.
    pub settings: Option<Settings>,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayerSpecError {
    #[error(transparent)]
    Level(#[from] kiela_ai::ParseLevelError),
    #[error("`{0}` is not `key=value`")]
    NotKeyValue(String),
    #[error("`{0}` is not a number")]
    NotANumber(String),
    #[error("unknown setting `{0}`: use nodes, depth, time (ms), noise, qs, material, mobility, attack, exposure or inner")]
    UnknownKey(String),
    #[error("the random player has no settings to change")]
    RandomSettings,
}

impl PlayerSpec {
    /// Parses a player whose level settings are those of `budget`
    /// ([`FromStr`] takes [`Budget::Nodes`]).
    pub fn parse(s: &str, budget: Budget) -> Result<PlayerSpec, PlayerSpecError> {
        let (level, rest) = s.split_once(':').unwrap_or((s, ""));
        if level.trim().eq_ignore_ascii_case("random") {
            if !rest.trim().is_empty() {
                return Err(PlayerSpecError::RandomSettings);
            }
            return Ok(PlayerSpec {
                name: s.to_string(),
                settings: None,
            });
        }
        let mut settings = level.parse::<Level>()?.settings_in(budget);
        for pair in rest.split(',').filter(|p| !p.trim().is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| PlayerSpecError::NotKeyValue(pair.to_string()))?;
            let n: i64 = value
                .trim()
                .parse()
                .map_err(|_| PlayerSpecError::NotANumber(value.to_string()))?;
            let limits = &mut settings.limits;
            let w = &mut settings.weights;
            match key.trim() {
                "nodes" => limits.nodes = (n > 0).then_some(n as u64),
                "depth" => limits.depth = (n > 0).then_some(n as u32),
                "time" => limits.time = (n > 0).then(|| Duration::from_millis(n as u64)),
                "noise" => settings.noise = n as i32,
                "qs" => settings.quiescence = n.max(0) as u32,
                "material" => w.material = n as i32,
                "mobility" => w.mobility = n as i32,
                "attack" => w.attack = n as i32,
                "exposure" => w.exposure = n as i32,
                "inner" => w.inner = n as i32,
                other => return Err(PlayerSpecError::UnknownKey(other.to_string())),
            }
        }
        Ok(PlayerSpec {
            name: s.to_string(),
            settings: Some(settings),
        })
    }
}

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;

    fn from_str(s: &str) -> Result<PlayerSpec, PlayerSpecError> {
        PlayerSpec::parse(s, Budget::Nodes)
    }
}

/// Who picks the moves of one side of a game.
enum Brain {
    Search(Box<Searcher>),
    Random(fastrand::Rng),
}

impl Brain {
    fn new(settings: Option<&Settings>, seed: u64) -> Brain {
        match settings {
            Some(settings) => Brain::Search(Box::new(Searcher::new(settings.clone(), seed))),
            None => Brain::Random(fastrand::Rng::with_seed(seed)),
        }
    }

    /// The move, and whether it was proven to win.
    fn choose(&mut self, game: &Game, hashes: &[u64]) -> (Move, bool) {
        match self {
            Brain::Search(searcher) => {
                let result = searcher.search(game.position(), hashes, |_| {});
                (result.best, result.score > WIN_BOUND)
            }
            Brain::Random(rng) => {
                let legal = game.legal_moves();
                (Move::Sow(legal[rng.usize(..legal.len())]), false)
            }
        }
    }
}

/// One finished arena game, from the first player's view.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameReport {
    /// 1, 0.5 or 0 for the first player.
    pub score: f64,
    pub plies: usize,
    /// Thinking time and moves of each player (first, second).
    pub time: [Duration; 2],
    pub moves: [u32; 2],
    pub max_time: [Duration; 2],
    /// Ended by a proven forced win rather than on the board.
    pub adjudicated: bool,
}

/// Totals of an arena run, from the first player's view.
#[derive(Clone, Debug, Default)]
pub struct ArenaStats {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub plies: usize,
    pub time: [Duration; 2],
    pub moves: [u32; 2],
    pub max_time: [Duration; 2],
    /// Games ended by a proven forced win.
    pub adjudicated: u32,
}

impl ArenaStats {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first player's score as a fraction (draws count half).
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games().max(1) as f64
    }

    /// Elo difference (first minus second) and its 95% margin.
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let s = self.score();
        let mean_sq = (self.wins as f64 + 0.25 * self.draws as f64) / n;
        let se = ((mean_sq - s * s).max(0.0) / n).sqrt();
        let clamp = |x: f64| x.clamp(0.5 / n, 1.0 - 0.5 / n);
        let lo = elo_of(clamp(s - 1.96 * se));
        let hi = elo_of(clamp(s + 1.96 * se));
        (elo_of(clamp(s)), (hi - lo) / 2.0)
    }

    /// When one side won every game, the score has no spread and
    /// [`ArenaStats::elo`] no margin; what the games still show is a
    /// one-sided 95% bound: the loser's true score `p` with
    /// `(1 - p)^n = 0.05`. Signed: negative when the first player lost all.
    pub fn shutout_bound(&self) -> Option<f64> {
        let n = self.games();
        if n == 0 || self.draws > 0 || self.wins > 0 && self.losses > 0 {
            return None;
        }
        let loser = 1.0 - 0.05f64.powf(1.0 / n as f64);
        let bound = elo_of(1.0 - loser);
        Some(if self.wins == 0 { -bound } else { bound })
    }

    fn add(&mut self, game: &GameReport) {
        match game.score {
            s if s > 0.75 => self.wins += 1,
            s if s < 0.25 => self.losses += 1,
            _ => self.draws += 1,
        }
        self.plies += game.plies;
        self.adjudicated += u32::from(game.adjudicated);
        for i in 0..2 {
            self.time[i] += game.time[i];
            self.moves[i] += game.moves[i];
            self.max_time[i] = self.max_time[i].max(game.max_time[i]);
        }
    }
}

/// Elo difference of a score fraction in (0, 1).
pub fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Largest evaluation (hundredths of a stone, for the player to move) an
/// opening may have: random sowings easily lose a dozen stones, and an
/// opening decided before the game starts measures nothing.
pub const BALANCED: i32 = 300;

/// The start of game pair `pair`: `plies` random sowings from the start of
/// `variant` (none in Expert, whose first turns are the rearrangements),
/// drawn again until a fixed 20,000-node search finds the result within
/// [`BALANCED`] (at most 200 tries; then the most balanced one).
pub fn opening(variant: Variant, plies: usize, seed: u64, pair: u64) -> Game {
    let mut rng = fastrand::Rng::with_seed(seed.wrapping_mul(1_000_003).wrapping_add(pair));
    if variant == Variant::Expert || plies == 0 {
        return Game::new(variant);
    }
    let mut settings = Level::Expert.fixed_settings();
    settings.limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let mut best: Option<(i32, Game)> = None;
    for _ in 0..200 {
        let mut game = Game::new(variant);
        for _ in 0..plies {
            let legal = game.legal_moves().to_vec();
            let mut trial = game.clone();
            trial
                .play(&Move::Sow(legal[rng.usize(..legal.len())]))
                .expect("a legal move");
            if trial.is_over() {
                break;
            }
            game = trial;
        }
        let score = kiela_ai::best_move(game.position(), &[], &settings, 0)
            .score
            .abs();
        if score <= BALANCED {
            return game;
        }
        if best.as_ref().is_none_or(|(s, _)| score < *s) {
            best = Some((score, game));
        }
    }
    best.expect("at least one try").1
}

/// Plays one game between `first` and `second`; `first` is South when
/// `first_is_south`.
pub fn play_game(
    first: Option<&Settings>,
    second: Option<&Settings>,
    start: Game,
    first_is_south: bool,
    seed: u64,
) -> GameReport {
    let mut game = start;
    let mut brains = [Brain::new(first, seed), Brain::new(second, seed ^ 0xFFFF)];
    let mut hashes = kiela_ai::game_history(&game);
    let mut report = GameReport::default();
    let player_of = |side: Side| usize::from((side == Side::South) != first_is_south);
    while !game.is_over() && game.ply() < MAX_PLIES {
        let player = player_of(game.turn());
        let began = Instant::now();
        let (best, proven) = brains[player].choose(&game, &hashes);
        let spent = began.elapsed();
        report.time[player] += spent;
        report.max_time[player] = report.max_time[player].max(spent);
        report.moves[player] += 1;
        game.play(&best).expect("the players play legal moves");
        hashes.push(game.position().placement_hash());
        if proven {
            // The mover proved a forced win; with the same budget it finds
            // it again at every later move, so adjudicate it now.
            let winner = game.turn().opponent();
            report.plies = game.ply();
            report.adjudicated = true;
            report.score = if (winner == Side::South) == first_is_south {
                1.0
            } else {
                0.0
            };
            return report;
        }
    }
    report.plies = game.ply();
    report.score = match game.outcome().map(|o| o.result) {
        Some(GameResult::SouthWins) if first_is_south => 1.0,
        Some(GameResult::NorthWins) if !first_is_south => 1.0,
        Some(GameResult::SouthWins | GameResult::NorthWins) => 0.0,
        _ => 0.5,
    };
    report
}

/// How an arena is played.
#[derive(Clone, Copy, Debug)]
pub struct ArenaConfig {
    pub variant: Variant,
    /// Games in all (in seat-swapped pairs).
    pub games: u32,
    /// Random sowings of each balanced opening.
    pub opening_plies: usize,
    pub seed: u64,
    /// Games played at the same time.
    pub threads: usize,
}

/// Runs the arena, calling `progress` after every game.
pub fn run(
    first: &PlayerSpec,
    second: &PlayerSpec,
    config: &ArenaConfig,
    mut progress: impl FnMut(&ArenaStats) + Send,
) -> ArenaStats {
    let &ArenaConfig {
        variant,
        games,
        opening_plies,
        seed,
        threads,
    } = config;
    let next = AtomicUsize::new(0);
    let stats = Mutex::new(ArenaStats::default());
    let progress = Mutex::new(&mut progress);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games as usize {
                    break;
                }
                let pair = (g / 2) as u64;
                let start = opening(variant, opening_plies, seed, pair);
                let game_seed = seed.wrapping_mul(0x9E37_79B9).wrapping_add(g as u64);
                let report = play_game(
                    first.settings.as_ref(),
                    second.settings.as_ref(),
                    start,
                    g.is_multiple_of(2),
                    game_seed,
                );
                let mut stats = stats.lock().expect("no panics while locked");
                stats.add(&report);
                (progress.lock().expect("no panics while locked"))(&stats);
            });
        }
    });
    stats.into_inner().expect("no panics while locked")
}

/// Average and maximum thinking time per move of player `i`.
fn per_move(stats: &ArenaStats, i: usize) -> (f64, f64) {
    let avg = stats.time[i].as_secs_f64() * 1000.0 / stats.moves[i].max(1) as f64;
    (avg, stats.max_time[i].as_secs_f64() * 1000.0)
}

/// The printed summary.
pub struct Summary<'a> {
    pub first: &'a PlayerSpec,
    pub second: &'a PlayerSpec,
    pub stats: &'a ArenaStats,
}

impl fmt::Display for Summary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.stats;
        let (a, b) = (&self.first.name, &self.second.name);
        writeln!(f, "{a} vs {b}: {} games", s.games())?;
        writeln!(
            f,
            "{a}: {} wins, {} draws, {} losses",
            s.wins, s.draws, s.losses
        )?;
        writeln!(
            f,
            "score of {a}: {:.1}/{} = {:.1}%",
            s.wins as f64 + 0.5 * s.draws as f64,
            s.games(),
            100.0 * s.score()
        )?;
        match s.shutout_bound() {
            Some(bound) => writeln!(
                f,
                "Elo difference: {}{:.0} at least (95%: all {} games won by one side)",
                if bound < 0.0 { "-" } else { "+" },
                bound.abs(),
                s.games()
            )?,
            None => {
                let (elo, margin) = s.elo();
                writeln!(f, "Elo difference: {elo:+.0} ± {margin:.0} (95%)")?
            }
        }
        writeln!(
            f,
            "plies per game: {:.1}; {} games adjudicated on a proven forced win",
            s.plies as f64 / s.games().max(1) as f64,
            s.adjudicated
        )?;
        for (i, name) in [a, b].into_iter().enumerate() {
            let (avg, max) = per_move(s, i);
            writeln!(
                f,
                "time per move of {name}: average {avg:.1} ms, max {max:.1} ms"
            )?;
        }
        Ok(())
    }
}

/// The progress line printed after every pair of games when standard error
/// is not a terminal (a log file): games, score so far, minutes spent.
pub fn progress_line(stats: &ArenaStats, games: u32, minutes: f64) -> String {
    format!(
        "{}/{games} games: +{} ={} -{} ({:.1}%), {minutes:.1} min",
        stats.games(),
        stats.wins,
        stats.draws,
        stats.losses,
        100.0 * stats.score()
    )
}

/// `kiela arena` with a progress bar (on a terminal; otherwise a line per
/// pair of games, for a log); prints the summary.
pub fn arena(first: &PlayerSpec, second: &PlayerSpec, config: &ArenaConfig) -> ArenaStats {
    let bar = ProgressBar::new(config.games as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {msg}, eta {eta}")
            .expect("valid template"),
    );
    let logged = !std::io::stderr().is_terminal();
    let started = Instant::now();
    let stats = run(first, second, config, |stats| {
        bar.set_position(stats.games() as u64);
        bar.set_message(format!(
            "+{} ={} -{}",
            stats.wins, stats.draws, stats.losses
        ));
        if logged && (stats.games().is_multiple_of(2) || stats.games() == config.games) {
            let minutes = started.elapsed().as_secs_f64() / 60.0;
            eprintln!("{}", progress_line(stats, config.games, minutes));
        }
    });
    bar.finish_and_clear();
    print!(
        "{}",
        Summary {
            first,
            second,
            stats: &stats
        }
    );
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        let spec: PlayerSpec = "hard:nodes=1000,noise=5,mobility=30".parse().unwrap();
        let settings = spec.settings.unwrap();
        assert_eq!(settings.limits.nodes, Some(1000));
        assert_eq!(settings.noise, 5);
        assert_eq!(settings.weights.mobility, 30);
        assert!("random".parse::<PlayerSpec>().unwrap().settings.is_none());
        assert!("random:nodes=5".parse::<PlayerSpec>().is_err());
        let expert: PlayerSpec = "expert".parse().unwrap();
        assert_eq!(expert.settings.unwrap().limits.nodes, Some(150_000));
        let timed = PlayerSpec::parse("expert", Budget::Clock).unwrap();
        assert_eq!(timed.settings.unwrap().limits.nodes, None);
        assert!("hard:nodes".parse::<PlayerSpec>().is_err());
        assert!("hard:speed=3".parse::<PlayerSpec>().is_err());
        assert!("wizard".parse::<PlayerSpec>().is_err());
    }

    #[test]
    fn the_progress_line_gives_the_score_so_far() {
        let stats = ArenaStats {
            wins: 3,
            draws: 1,
            losses: 2,
            ..Default::default()
        };
        assert_eq!(
            progress_line(&stats, 200, 12.34),
            "6/200 games: +3 =1 -2 (58.3%), 12.3 min"
        );
    }

    #[test]
    fn elo_of_even_is_zero_and_grows() {
        let even = ArenaStats {
            wins: 5,
            draws: 0,
            losses: 5,
            ..Default::default()
        };
        assert_eq!(even.elo().0.round(), 0.0);
        let strong = ArenaStats {
            wins: 76,
            draws: 0,
            losses: 24,
            ..Default::default()
        };
        let (elo, margin) = strong.elo();
        assert!((elo - 200.0).abs() < 5.0, "{elo}");
        assert!(margin > 30.0 && margin < 120.0, "{margin}");
    }

    #[test]
    fn a_shutout_gives_a_one_sided_bound() {
        let all = ArenaStats {
            wins: 200,
            ..Default::default()
        };
        let bound = all.shutout_bound().unwrap();
        assert!((bound - 728.0).abs() < 2.0, "{bound}");
        let none = ArenaStats {
            losses: 200,
            ..Default::default()
        };
        assert_eq!(none.shutout_bound(), Some(-bound));
        let mixed = ArenaStats {
            wins: 199,
            losses: 1,
            ..Default::default()
        };
        assert_eq!(mixed.shutout_bound(), None);
    }

    #[test]
    fn a_small_arena_is_deterministic() {
        let a: PlayerSpec = "beginner".parse().unwrap();
        let b: PlayerSpec = "random".parse().unwrap();
        let mut config = ArenaConfig {
            variant: Variant::Standard,
            games: 4,
            opening_plies: 2,
            seed: 9,
            threads: 1,
        };
        let one = run(&a, &b, &config, |_| {});
        config.threads = 2;
        let two = run(&a, &b, &config, |_| {});
        assert_eq!(one.games(), 4);
        assert_eq!(
            (one.wins, one.draws, one.plies),
            (two.wins, two.draws, two.plies)
        );
    }
}
