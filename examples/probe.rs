use kiela::ai::{Level, Searcher};
use kiela::cli::arena::opening;
use kiela::rules::Variant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let plies: usize = args[1].parse().unwrap();
    let level: Level = args[2].parse().unwrap();
    for pair in 0..8 {
        let mut game = opening(Variant::Standard, plies, 1, pair);
        let mut hashes = kiela::ai::game_history(&game);
        let mut line = String::new();
        while !game.is_over() {
            let mut s = Searcher::new(level.settings(), 1);
            let r = s.search(game.position(), &hashes, |_| {});
            line += &format!("{}({},d{}) ", r.best, r.score, r.depth);
            game.play(&r.best).unwrap();
            hashes.push(game.position().placement_hash());
        }
        println!(
            "pair {pair}: {:?} plies {} :: {}",
            game.outcome().unwrap().result,
            game.ply(),
            line
        );
    }
}
