//! Writes standings pictures to look at the way a phone shows them (scale
//! them to 400 px wide): `swiss.png` (64 players, long names, some
//! withdrawn), `round-robin.png` (12 players, single, with its crosstable),
//! `double.png` (6 players, two games a pair), and `swiss-pt.png`; each
//! alt text is printed.
//!
//! `cargo run -p kiela-render --example standings -- /tmp/kiela-standings`

use kiela_i18n::Lang;
use kiela_render::{
    standings_alt_text, standings_png, CrossCell, CrossResult, StandingRow, StandingsFormat,
    StandingsView,
};

const NAMES: [&str; 12] = [
    "Nzinga Mbande",
    "Ngola Kiluanji",
    "Mwene Kongo Nimi a Lukeni",
    "Kimpa Vita",
    "Mandume ya Ndemufayo",
    "Ekuikui II",
    "Njinga a Mbande (Queen of Ndongo and Matamba)",
    "ana.b",
    "Tchiyaka",
    "Mutu-ya-Kevela",
    "Ëlisabete Çipriano",
    "Κώστας 李",
];

fn main() {
    let dir = std::path::PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "/tmp/kiela-standings".into()),
    );
    std::fs::create_dir_all(&dir).expect("an output directory");
    let swiss_names: Vec<String> = (0..64)
        .map(|i| format!("{} {}", NAMES[i % NAMES.len()], i / NAMES.len() + 1))
        .collect();
    let swiss = |lang| StandingsView {
        title: "Prémio Kiela · Round 6 of 7",
        lang,
        format: StandingsFormat::Swiss,
        rows: swiss_names
            .iter()
            .enumerate()
            .map(|(i, name)| StandingRow {
                rank: i as u32 + 1,
                name,
                points: (6.0 - i as f64 * 0.1).max(0.0),
                tiebreaks: vec![22.5 - i as f64 * 0.25, 18.25 - i as f64 * 0.25],
                games_played: if i % 7 == 6 { 5 } else { 6 },
                withdrawn: i % 11 == 7,
            })
            .collect(),
        crosstable: None,
    };
    let robin = |players: usize, games: usize| {
        // Lower ranks beat higher ones, neighbours draw, one forfeit.
        let result = |r: usize, c: usize, game: usize| match (r, c, game) {
            (2, 5, _) => CrossResult::ForfeitWin,
            (5, 2, _) => CrossResult::ForfeitLoss,
            _ if r.abs_diff(c) == 1 && game == 0 => CrossResult::Draw,
            _ if r < c => CrossResult::Win,
            _ => CrossResult::Loss,
        };
        StandingsView {
            title: "Taça de Luanda · final standings",
            lang: Lang::En,
            format: StandingsFormat::RoundRobin,
            rows: NAMES[..players]
                .iter()
                .enumerate()
                .map(|(i, name)| StandingRow {
                    rank: i as u32 + 1,
                    name,
                    points: (((players - 1 - i) * games) as f64 - 0.5).max(0.0),
                    tiebreaks: vec![(players - i) as f64 * 3.25, (players - 1 - i) as f64],
                    games_played: ((players - 1) * games) as u32,
                    withdrawn: players == 6 && i == 5,
                })
                .collect(),
            crosstable: Some(
                (0..players)
                    .map(|r| {
                        (0..players)
                            .map(|c| {
                                (r != c).then(|| CrossCell {
                                    results: (0..games).map(|g| result(r, c, g)).collect(),
                                })
                            })
                            .collect()
                    })
                    .collect(),
            ),
        }
    };
    for (name, view) in [
        ("swiss", swiss(Lang::En)),
        ("swiss-pt", swiss(Lang::Pt)),
        ("round-robin", robin(12, 1)),
        ("double", robin(6, 2)),
    ] {
        let png = standings_png(&view).expect("renders");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, &png).expect("written");
        println!("{} ({} bytes)", path.display(), png.len());
        println!("{}\n", standings_alt_text(&view));
    }
}
