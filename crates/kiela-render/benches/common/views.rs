//! The pictures the render benchmark measures, shared with the
//! `instructions` example, which counts their instructions.

use kiela_i18n::Lang;
use kiela_render::{
    BoardView, GameView, GraphView, LastMove, Mark, StandingRow, StandingsFormat, StandingsView,
};
use kiela_rules::{Game, Move, Position, Variant};

/// The first 22 plies of a reference game; ply 22 (G4) captures.
pub const MOVES: &str = "H2 A4 H1 H4 I2 C3 E1 G4 B1 J4 H2 B4 G2 B3 F1 J3 F2 J4 A1 I3 H1 G4";

/// A view after `mv` from `before`, as the bot draws it.
pub fn view<'a>(after: &'a Position, before: &Position, mv: Move, ply: usize) -> BoardView<'a> {
    BoardView {
        position: after,
        south_name: "Ngola Kiluanji",
        north_name: "Nzinga Mbande",
        ply,
        last_move: Some(LastMove::new(before, mv).expect("a legal move")),
        outcome: None,
        game_id: Some(1234),
        lang: Lang::En,
    }
}

/// [`MOVES`] played: the game, the position before its last move, and
/// that move.
pub fn mid_game() -> (Game, Position, Move) {
    let mut game = Game::new(Variant::Standard);
    let mut before = *game.position();
    let mut last = None;
    for token in MOVES.split_whitespace() {
        let mv: Move = token.parse().expect("a move");
        before = *game.position();
        game.play(&mv).expect("a legal move");
        last = Some(mv);
    }
    (game, before, last.expect("moves"))
}

/// 50 plies of seeded random Standard games (a new one when one ends).
pub fn fifty_turns() -> Game {
    let mut rng = fastrand::Rng::with_seed(7);
    let mut game = Game::new(Variant::Standard);
    while game.ply() < 50 {
        if game.is_over() {
            game = Game::new(Variant::Standard);
        }
        let legal = game.legal_moves();
        let mv = Move::Sow(legal[rng.usize(..legal.len())]);
        game.play(&mv).expect("a legal move");
    }
    game
}

/// A whole game to animate, as the bot draws it.
pub fn game_view(game: &Game) -> GameView<'_> {
    GameView {
        game,
        south_name: "Ngola Kiluanji",
        north_name: "Nzinga Mbande",
        game_id: Some(1234),
        lang: Lang::En,
        from: 0,
    }
}

/// 64 long names, the most the bot's events hold.
pub fn long_names() -> Vec<String> {
    (1..=64)
        .map(|i| format!("Nzinga Mbande of Ndongo and Matamba, seat {i} — ÇÃÉ"))
        .collect()
}

/// The standings of a 64-player Swiss event, some withdrawn.
pub fn standings(names: &[String]) -> StandingsView<'_> {
    let rows = names
        .iter()
        .zip(1u32..)
        .map(|(name, rank)| StandingRow {
            rank,
            name,
            points: f64::from(70 - rank) / 10.0,
            tiebreaks: vec![f64::from(200 - rank) / 8.0, f64::from(130 - rank) / 4.0],
            games_played: 7,
            withdrawn: rank % 10 == 3,
        })
        .collect();
    StandingsView {
        title: "Prémio Kiela · Round 7 of 7",
        lang: Lang::En,
        format: StandingsFormat::Swiss,
        rows,
        crosstable: None,
    }
}

/// A swinging evaluation of 120 plies (hundredths of a stone), steep in
/// places.
pub fn evals() -> Vec<i32> {
    (0..=120)
        .map(|ply: i32| (ply * 37 % 900 - 450) * (1 + ply / 40))
        .collect()
}

pub const MARKS: [(usize, Mark); 3] = [
    (17, Mark::Mistake),
    (58, Mark::Blunder),
    (91, Mark::Mistake),
];

/// The evaluation graph of `evals` with [`MARKS`].
pub fn graph(evals: &[i32]) -> GraphView<'_> {
    GraphView {
        evals,
        marks: &MARKS,
        south_name: "Ngola Kiluanji",
        north_name: "Nzinga Mbande",
        lang: Lang::En,
    }
}
