//! Draws one of the benchmarked pictures `n` times (`board`, `turn` (the
//! board's turn), `game`, `standings`, `standings-draw` (no PNG), `graph`:
//! the views of `benches/render.rs`),
//! to count instructions free of the machine's load. A picture's count is
//! the difference between runs of 3 and 1, halved (the first draws the
//! sprites):
//!
//! ```sh
//! cargo build --release -p kiela-render --example instructions
//! valgrind --tool=callgrind target/release/examples/instructions standings 3
//! ```
use kiela_render::{draw_standings, game_gif, graph_png, render_png, standings_png, turn_gif};

#[path = "../benches/common/views.rs"]
mod views;

fn main() {
    let what = std::env::args().nth(1).expect("a picture");
    let n: usize = std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .expect("a number of runs");
    let (game, before, last) = views::mid_game();
    let view = views::view(game.position(), &before, last, game.ply());
    let long = views::fifty_turns();
    let game_view = views::game_view(&long);
    let names = views::long_names();
    let standings = views::standings(&names);
    let evals = views::evals();
    let graph = views::graph(&evals);
    let mut bytes = 0;
    for _ in 0..n {
        bytes += match what.as_str() {
            "board" => render_png(&view).expect("renders").len(),
            "turn" => turn_gif(&view).expect("animates").len(),
            "game" => game_gif(&game_view).expect("animates").len(),
            "standings" => standings_png(&standings).expect("renders").len(),
            "standings-draw" => draw_standings(&standings).len(),
            "graph" => graph_png(&graph).expect("renders").len(),
            _ => panic!("board, turn, game, standings, standings-draw or graph"),
        };
    }
    println!("{what}: {} bytes", bytes / n.max(1));
}
