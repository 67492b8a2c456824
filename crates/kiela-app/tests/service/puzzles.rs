//! Puzzles: one served near the solver's rating, solved (the first try
//! rated, the streak counted, `/kiela stats` told), one missed and retried
//! (practice: nothing changes), the solution as words and a GIF, stale and
//! illegal picks refused; the daily puzzle, the same for everyone, posted
//! once a day in the servers that asked, with a thread for talk.

use kiela_app::{
    puzzle_date, shipped_puzzle, DailyPuzzle, NewThread, PuzzleButtons, PuzzleNotice,
    PuzzleRefusal, PuzzleStep, SettingsRefusal, ThreadName,
};
use kiela_learn::puzzles::puzzle_game;
use kiela_rules::{GameError, GameResult, Hole, Move, Reason};

use super::*;

on_both_backends! {
    a_puzzle_is_solved_missed_retried_and_rated,
    the_daily_puzzle_is_the_same_for_everyone_and_posted_once_a_day,
    the_miner_reads_finished_games_only_and_refuses_a_corrupt_move,
    concurrent_first_attempts_lose_no_update,
    the_daily_puzzle_never_runs_out_once_every_puzzle_was_used,
    the_daily_puzzle_prefers_puzzles_mined_from_the_bots_games,
    a_day_whose_puzzle_left_the_set_gets_another,
}

/// The solution's moves of puzzle `number`.
fn solution(number: usize) -> Vec<Hole> {
    let puzzle = shipped_puzzle(number).unwrap();
    (puzzle.solution.iter())
        .map(|m| match m.parse::<Move>().unwrap() {
            Move::Sow(hole) => hole,
            other => panic!("a puzzle move that is not a sowing: {other:?}"),
        })
        .collect()
}

/// Plays `number`'s solution from its start: the last reply.
async fn solve(w: &World, user: &User, number: usize) -> Reply {
    let line = solution(number);
    let mut step = PuzzleStep { number, ply: 0 };
    loop {
        let reply = w
            .service
            .puzzles
            .puzzle_move(user, step, line[step.ply as usize])
            .await
            .unwrap();
        match reply.puzzle {
            Some(PuzzleButtons::Play(next)) => {
                assert_eq!(next.ply, step.ply + 2);
                assert!(!reply.moves.is_empty());
                step = next;
            }
            _ => return reply,
        }
    }
}

/// What a puzzle's reply or post says, every line a puzzle's notice.
fn said(says: &[Notice]) -> Vec<PuzzleNotice> {
    (says.iter())
        .map(|notice| match notice {
            Notice::Puzzle(notice) => notice.clone(),
            other => panic!("not a puzzle's notice: {other:?}"),
        })
        .collect()
}

/// The number and rating a puzzle's reply heads with.
fn header_of(reply: &Reply) -> (usize, i64) {
    let said = said(&reply.says);
    let at = usize::from(matches!(said[0], PuzzleNotice::DailyIntro { .. }));
    match &said[at] {
        PuzzleNotice::Header { number, rating, .. } => (*number, *rating),
        other => panic!("not a header: {other:?}"),
    }
}

fn number_of(reply: &Reply) -> usize {
    match reply.puzzle {
        Some(PuzzleButtons::Play(step)) => {
            assert_eq!(step.ply, 0);
            step.number
        }
        other => panic!("not a puzzle's start: {other:?}"),
    }
}

async fn a_puzzle_is_solved_missed_retried_and_rated(db: Db) {
    let w = world(db).await;
    let shown = w.service.puzzles.puzzle(&w.alice, false).await.unwrap();
    assert!(shown.private);
    assert!(shown.picture.is_some());
    assert!(!shown.moves.is_empty());
    let first = number_of(&shown);
    assert_eq!(header_of(&shown).0, first);
    let said_first = said(&shown.says);
    assert!(
        matches!(said_first[1], PuzzleNotice::Goal { moves, .. } if moves >= 1),
        "{said_first:?}"
    );
    assert_eq!(said_first[2], PuzzleNotice::YourRating { rating: 1500 });

    // Solved at the first try: rated up, a streak of 1.
    let solved = solve(&w, &w.alice, first).await;
    assert_eq!(solved.puzzle, Some(PuzzleButtons::Solved { number: first }));
    let said_solved = said(&solved.says);
    assert_eq!(header_of(&solved).0, first);
    assert!(
        said_solved.contains(&PuzzleNotice::Solved),
        "{said_solved:?}"
    );
    let store = w.service.store();
    let after = store.puzzles.solver_rating(w.alice.id).await.unwrap();
    assert!(after.glicko.rating > 1500.0, "{after:?}");
    let up = after.glicko.rating.round() as i64 - 1500;
    let change = PuzzleNotice::RatingChange {
        rating: 1500 + up,
        change: up,
        streak: 1,
    };
    assert_eq!(said_solved.last(), Some(&change), "{said_solved:?}");
    let stats = w.service.ratings.stats(HERE, &w.alice).await.unwrap();
    let record = PuzzleNotice::SolverStats {
        rating: 1500 + up,
        solved: 1,
        tried: 1,
        best: 1,
    };
    assert!(stats.says.contains(&record.into()), "{stats:?}");

    // The next one is another; missed with a legal move that is not the
    // answer: rated down, the streak gone, Retry and Solution offered.
    let next = w.service.puzzles.puzzle(&w.alice, false).await.unwrap();
    let second = number_of(&next);
    assert_ne!(second, first);
    let right = solution(second)[0];
    let game = puzzle_game(shipped_puzzle(second).unwrap()).unwrap();
    let wrong = (game.legal_moves().iter().copied())
        .find(|&h| h != right)
        .expect("a puzzle with a choice");
    let missed = w
        .service
        .puzzles
        .puzzle_move(
            &w.alice,
            PuzzleStep {
                number: second,
                ply: 0,
            },
            wrong,
        )
        .await
        .unwrap();
    assert_eq!(
        missed.puzzle,
        Some(PuzzleButtons::Missed { number: second })
    );
    assert!(missed.picture.is_some());
    let said_missed = said(&missed.says);
    assert!(
        matches!(said_missed[..], [.., PuzzleNotice::Missed { margin: 2 }, PuzzleNotice::RatingChange { change, streak: 0, .. }] if change < 0),
        "{said_missed:?}"
    );
    let down = store.puzzles.solver_rating(w.alice.id).await.unwrap();
    assert!(down.glicko.rating < after.glicko.rating);

    // Retried and solved: practice, nothing changes.
    let again = w
        .service
        .puzzles
        .puzzle_again(&w.alice, second)
        .await
        .unwrap();
    assert_eq!(
        said(&again.says).last(),
        Some(&PuzzleNotice::Practice),
        "{:?}",
        again.says
    );
    let practised = solve(&w, &w.alice, second).await;
    assert_eq!(
        practised.puzzle,
        Some(PuzzleButtons::Solved { number: second })
    );
    assert_eq!(
        said(&practised.says)[2..],
        [PuzzleNotice::Solved, PuzzleNotice::Practice],
        "{:?}",
        practised.says
    );
    let now = store.puzzles.solver_rating(w.alice.id).await.unwrap();
    assert_eq!(now, down);
    assert_eq!(
        (now.attempts, now.solved, now.streak, now.best_streak),
        (2, 1, 0, 1)
    );
    let puzzles = store.puzzles.puzzle_ratings().await.unwrap();
    assert_eq!(puzzles.len(), 2);
    let id = |n: usize| shipped_puzzle(n).unwrap().id.clone();
    assert_eq!(
        (puzzles[&id(first)].attempts, puzzles[&id(first)].solved),
        (1, 1)
    );
    assert!(puzzles[&id(first)].glicko.rating < f64::from(shipped_puzzle(first).unwrap().rating));
    assert!(puzzles[&id(second)].glicko.rating > f64::from(shipped_puzzle(second).unwrap().rating));
    // Its header shows the rating its solvers gave it.
    let rated = puzzles[&id(first)].glicko.rating.round() as i64;
    let header = w.service.puzzles.puzzle_again(&w.bob, first).await.unwrap();
    assert_eq!(header_of(&header), (first, rated));

    // The solution: a line per move after the header, and a GIF.
    let shown = w
        .service
        .puzzles
        .puzzle_solution(&w.alice, second)
        .await
        .unwrap();
    assert_eq!(shown.puzzle, Some(PuzzleButtons::Shown { number: second }));
    let gif = shown.picture.clone().expect("the solution's GIF");
    assert!(gif.bytes.starts_with(b"GIF89a"));
    let lines = said(&shown.says);
    assert_eq!(lines.len(), 2 + solution(second).len(), "{lines:?}");
    assert_eq!(lines[1], PuzzleNotice::Solution);
    assert!(
        (lines[2..].iter()).all(|line| matches!(line, PuzzleNotice::Path { .. })),
        "{lines:?}"
    );

    // A stale menu (the opponent's ply, past the end) and an empty hole.
    for ply in [1, 99] {
        let stale = w
            .service
            .puzzles
            .puzzle_move(&w.bob, PuzzleStep { number: first, ply }, right)
            .await;
        assert_eq!(refused(stale), Refusal::OldButton);
    }
    let empty = Hole::all()
        .find(|&h| h.owner() == game.turn() && !game.legal_moves().contains(&h))
        .expect("a hole that cannot be sown");
    let sown = w
        .service
        .puzzles
        .puzzle_move(
            &w.bob,
            PuzzleStep {
                number: second,
                ply: 0,
            },
            empty,
        )
        .await;
    assert!(
        matches!(
            refused(sown),
            Refusal::Puzzle(PuzzleRefusal::Illegal(GameError::Illegal(_)))
        ),
        "the rules' refusal"
    );
    assert_eq!(
        store
            .puzzles
            .solver_rating(w.bob.id)
            .await
            .unwrap()
            .attempts,
        0
    );
    assert_eq!(
        refused(w.service.puzzles.puzzle_again(&w.bob, 0).await),
        Refusal::OldButton
    );
}

async fn the_daily_puzzle_is_the_same_for_everyone_and_posted_once_a_day(db: Db) {
    let w = world(db).await;
    // START is 08:00 UTC; the server wants its puzzle at 09:00.
    assert_eq!(START.rem_euclid(DAY) / 3600, 8);
    let settings = Settings {
        daily_puzzle: Some(DailyPuzzle::In(ChannelId(77))),
        puzzle_hour: Some(9),
        ..Settings::default()
    };
    let saved = w
        .service
        .settings
        .settings(&w.alice, HERE, true, Lang::En, settings)
        .await
        .unwrap();
    let now = super::settings::settings_now(&saved);
    assert_eq!(
        (now.daily_puzzle, now.puzzle_hour),
        (DailyPuzzle::In(ChannelId(77)), 9)
    );
    let late = Settings {
        puzzle_hour: Some(24),
        ..Settings::default()
    };
    let late = w
        .service
        .settings
        .settings(&w.alice, HERE, true, Lang::En, late)
        .await;
    assert_eq!(refused(late), SettingsRefusal::PuzzleHourRange.into());

    assert_eq!(w.service.puzzles.post_daily_puzzles().await.unwrap(), 0);
    w.clock.advance(3600);
    assert_eq!(w.service.puzzles.post_daily_puzzles().await.unwrap(), 1);
    // Once a day: again, or from a second process.
    assert_eq!(w.service.puzzles.post_daily_puzzles().await.unwrap(), 0);
    let other = service_on(&w.db.url, &w.clock).await;
    assert_eq!(other.puzzles.post_daily_puzzles().await.unwrap(), 0);

    let posts = deliver_all_to(&w).await;
    assert_eq!(posts.len(), 1);
    let (to, post) = &posts[0];
    assert_eq!(*to, Destination::Channel(ChannelId(77)));
    assert_eq!(post.puzzle, Some(PuzzleButtons::Daily));
    assert!(post.picture.is_some());
    assert!(!post.private);
    let date = "2027-01-15";

    // The same puzzle for alice and bob, the one the post names.
    let alices = w.service.puzzles.puzzle(&w.alice, true).await.unwrap();
    let bobs = other.puzzles.puzzle(&w.bob, true).await.unwrap();
    let today = number_of(&alices);
    assert_eq!(number_of(&bobs), today);
    let day = match said(&post.says)[..] {
        [PuzzleNotice::DailyPost { number, day }] if number == today => day,
        ref other => panic!("not today's post: {other:?}"),
    };
    assert_eq!(puzzle_date(day), date);
    assert_eq!(
        post.thread,
        Some(NewThread {
            game_id: None,
            tournament_id: None,
            name: ThreadName::DailyPuzzle { day },
        })
    );
    let intro = PuzzleNotice::DailyIntro { day, solvers: 0 };
    assert_eq!(said(&alices.says)[0], intro);
    solve(&w, &w.alice, today).await;
    let carols = w.service.puzzles.puzzle(&w.carol, true).await.unwrap();
    let intro = PuzzleNotice::DailyIntro { day, solvers: 1 };
    assert_eq!(said(&carols.says)[0], intro);
    // Not offered as an ordinary puzzle the same day.
    for _ in 0..20 {
        let any = w.service.puzzles.puzzle(&w.bob, false).await.unwrap();
        assert_ne!(number_of(&any), today);
    }

    // The next day: another puzzle, and yesterday's solvers counted.
    w.clock.advance(DAY);
    assert_eq!(w.service.puzzles.post_daily_puzzles().await.unwrap(), 1);
    let posts = deliver_all(&w).await;
    assert_eq!(posts.len(), 1);
    let tomorrow = number_of(&w.service.puzzles.puzzle(&w.bob, true).await.unwrap());
    assert_ne!(tomorrow, today);
    let yesterday = PuzzleNotice::DailyYesterday {
        number: today,
        solvers: 1,
        answer: shipped_puzzle(today).unwrap().solution.clone(),
    };
    assert_eq!(
        said(&posts[0].says)[1..],
        [yesterday],
        "{:?}",
        posts[0].says
    );

    // Turned off: no post the day after.
    let off = Settings {
        daily_puzzle: Some(DailyPuzzle::Off),
        ..Settings::default()
    };
    w.service
        .settings
        .settings(&w.alice, HERE, true, Lang::En, off)
        .await
        .unwrap();
    w.clock.advance(DAY);
    assert_eq!(w.service.puzzles.post_daily_puzzles().await.unwrap(), 0);
}

/// `kiela puzzles mine --database` reads `Store::finished_game_records`:
/// a resigned game with its moves and result; not the game still played,
/// nor the aborted one; paged by id; a move that does not parse is an
/// error naming its row, never skipped.
async fn the_miner_reads_finished_games_only_and_refuses_a_corrupt_move(db: Db) {
    let w = world(db).await;
    let store = w.service.store();
    assert!(store
        .puzzles
        .finished_game_records(None, 10)
        .await
        .unwrap()
        .is_empty());

    let resigned = started(&w, alice_first()).await;
    for (user, name) in [
        (&w.alice, "H2"),
        (&w.bob, "A4"),
        (&w.alice, "H1"),
        (&w.bob, "H4"),
    ] {
        (w.service
            .playing
            .play_move(user, HERE, Some(resigned), hole(name), None))
        .await
        .unwrap();
    }
    w.service
        .playing
        .resign(&w.bob, HERE, Some(resigned))
        .await
        .unwrap();

    let playing = started(&w, alice_first()).await;
    (w.service
        .playing
        .play_move(&w.alice, HERE, Some(playing), hole("G2"), None))
    .await
    .unwrap();
    let aborted = started(&w, alice_first()).await;
    (w.service
        .playing
        .play_move(&w.alice, HERE, Some(aborted), hole("G2"), None))
    .await
    .unwrap();
    w.service
        .playing
        .abort(&w.alice, HERE, aborted, 1)
        .await
        .unwrap();

    let found = store.puzzles.finished_game_records(None, 10).await.unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    let (id, record) = &found[0];
    assert_eq!(*id, resigned);
    let moves: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["H2", "A4", "H1", "H4"]);
    assert_eq!(record.result, Some(GameResult::SouthWins));
    assert_eq!(record.reason, Some(Reason::Resignation));
    let after = store
        .puzzles
        .finished_game_records(Some(resigned), 10)
        .await
        .unwrap();
    assert!(after.is_empty(), "{after:?}");

    raw(
        &w.db,
        "UPDATE moves SET notation = 'Z9' WHERE game_id = $1 AND ply = 3",
        &[resigned.0],
    )
    .await;
    let error = store
        .puzzles
        .finished_game_records(None, 10)
        .await
        .unwrap_err();
    let said = error.to_string();
    assert!(said.contains("table moves"), "{said}");
    assert!(said.contains(&format!("{resigned}/3")), "{said}");
}

/// Attempts at one puzzle by 8 solvers at once, 100 times (a fresh puzzle
/// each time): every attempt reads the puzzle's rating as the one before
/// left it (no two read the same deviation: none was lost), and the
/// puzzle counts all 8.
async fn concurrent_first_attempts_lose_no_update(db: Db) {
    use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
    use skillratings::Outcomes;
    use std::sync::Mutex;

    const SOLVERS: i64 = 8;
    let w = world(db).await;
    let store = w.service.store();
    let guess = kiela_app::store::PuzzleRating::guess(shipped_puzzle(1).unwrap());
    for run in 0..100 {
        let id = format!("concurrent-{run}");
        let seen = Arc::new(Mutex::new(Vec::new()));
        let mut attempts = tokio::task::JoinSet::new();
        for s in 0..SOLVERS {
            let (puzzles, id, seen) = (store.puzzles.clone(), id.clone(), seen.clone());
            attempts.spawn(async move {
                let rate = move |solver: &Glicko2Rating, puzzle: &Glicko2Rating| {
                    seen.lock().unwrap().push(puzzle.deviation);
                    glicko2(solver, puzzle, &Outcomes::WIN, &Glicko2Config::new())
                };
                puzzles
                    .rate_attempt(UserId(1000 + s), &id, s % 2 == 0, guess, START, &rate)
                    .await
                    .unwrap()
            });
        }
        let done = attempts.join_all().await;
        assert!(
            done.iter().all(Option::is_some),
            "run {run}: every attempt is a first"
        );
        let mut seen = seen.lock().unwrap().clone();
        assert_eq!(seen.len(), SOLVERS as usize);
        seen.sort_by(|a, b| b.total_cmp(a));
        seen.dedup();
        assert_eq!(
            seen.len(),
            SOLVERS as usize,
            "run {run}: a rating read twice"
        );
        assert_eq!(seen[0], guess.glicko.deviation, "run {run}");
        let now = store.puzzles.puzzle_rating(&id).await.unwrap().unwrap();
        assert_eq!(
            (now.attempts, now.solved),
            (SOLVERS, SOLVERS / 2),
            "run {run}"
        );
        assert!(
            now.glicko.deviation < seen[SOLVERS as usize - 1],
            "run {run}"
        );
    }
    // Each solver's 100 attempts all counted too.
    for s in 0..SOLVERS {
        let solver = store.puzzles.solver_rating(UserId(1000 + s)).await.unwrap();
        assert_eq!(solver.attempts, 100);
    }
}

/// Every shipped puzzle was some day's puzzle: the next day still gets
/// one, the one chosen longest ago, and the day after another.
async fn the_daily_puzzle_never_runs_out_once_every_puzzle_was_used(db: Db) {
    let w = world(db).await;
    let store = w.service.store();
    let today = START.div_euclid(DAY);
    let count = kiela_learn::puzzles::shipped().len() as i64;
    // Days before today, the first shipped puzzle the longest ago.
    for (i, p) in kiela_learn::puzzles::shipped().iter().enumerate() {
        let day = today - count + i as i64;
        let chosen = store.puzzles.choose_daily_puzzle(day, &p.id).await.unwrap();
        assert_eq!(chosen, p.id);
    }
    let reply = w.service.puzzles.puzzle(&w.alice, true).await.unwrap();
    assert_eq!(number_of(&reply), 1, "the puzzle chosen longest ago");
    w.clock.advance(DAY);
    let reply = w.service.puzzles.puzzle(&w.alice, true).await.unwrap();
    assert_eq!(number_of(&reply), 2);
    let used = store.puzzles.used_daily_puzzles().await.unwrap();
    assert_eq!(used.len() as i64, count);
    assert_eq!(used[&shipped_puzzle(1).unwrap().id], today);
}

/// The set was mined again after today's puzzle was chosen and no longer
/// has it: today gets another puzzle, posted and served as the day's.
async fn a_day_whose_puzzle_left_the_set_gets_another(db: Db) {
    let w = world(db).await;
    let store = w.service.store();
    let today = START.div_euclid(DAY);
    let gone = "a puzzle of an older set";
    let chosen = store
        .puzzles
        .choose_daily_puzzle(today, gone)
        .await
        .unwrap();
    assert_eq!(chosen, gone);
    let settings = Settings {
        daily_puzzle: Some(DailyPuzzle::In(ChannelId(77))),
        puzzle_hour: Some(8),
        ..Settings::default()
    };
    (w.service.settings)
        .settings(&w.alice, HERE, true, Lang::En, settings)
        .await
        .unwrap();
    assert_eq!(w.service.puzzles.post_daily_puzzles().await.unwrap(), 1);
    let posts = deliver_all_to(&w).await;
    assert_eq!(posts.len(), 1);
    let posted = match said(&posts[0].1.says)[..] {
        [PuzzleNotice::DailyPost { number, day }] if day == today => number,
        ref other => panic!("not today's post: {other:?}"),
    };
    let id = &shipped_puzzle(posted).expect("a shipped puzzle").id;
    let now = store.puzzles.daily_puzzle_of(today).await.unwrap();
    assert_eq!(now.as_ref(), Some(id));
    let alices = w.service.puzzles.puzzle(&w.alice, true).await.unwrap();
    assert_eq!(number_of(&alices), posted);
}

/// The bot's finished games are mined past a mark (a game too short for
/// a puzzle moves it too); a puzzle mined from them is the daily puzzle
/// before any shipped one, solved by its number; once it was, the shipped
/// set again. With the supply high, nothing is mined.
async fn the_daily_puzzle_prefers_puzzles_mined_from_the_bots_games(db: Db) {
    use kiela_app::{Timing, MINED_FROM};
    let mut w = world(db).await;
    w.service = w.service.clone().with_timing(Timing {
        ai_budget: kiela_ai::Budget::Nodes,
        ..Timing::default()
    });
    let store = w.service.store().clone();
    let short = started(&w, alice_first()).await;
    for (user, name) in [(&w.alice, "H2"), (&w.bob, "A4")] {
        (w.service.playing)
            .play_move(user, HERE, Some(short), hole(name), None)
            .await
            .unwrap();
    }
    w.service
        .playing
        .resign(&w.bob, HERE, Some(short))
        .await
        .unwrap();
    assert_eq!(
        w.service.puzzles.mine_when_low().await.unwrap(),
        0,
        "supply high"
    );
    assert_eq!(store.puzzles.mined_up_to().await.unwrap(), None);
    assert_eq!(
        w.service.puzzles.mine_games(5).await.unwrap(),
        0,
        "too short"
    );
    assert_eq!(store.puzzles.mined_up_to().await.unwrap(), Some(short));

    // A puzzle from the bot's games (a shipped one's position, its own id).
    let mut own = shipped_puzzle(1).unwrap().clone();
    own.id = "mined-from-the-bot".into();
    let next = GameId(short.0 + 1);
    let now = START;
    let added = (store.puzzles)
        .add_mined_puzzles(next, std::slice::from_ref(&own), MINED_FROM + 1, now)
        .await
        .unwrap();
    assert_eq!(added, 1);
    // The mark is past it: the same game again stores nothing.
    let again = (store.puzzles)
        .add_mined_puzzles(next, std::slice::from_ref(&own), MINED_FROM + 1, now)
        .await
        .unwrap();
    assert_eq!(again, 0);
    let mined = store.puzzles.mined_puzzles().await.unwrap();
    assert_eq!(mined.len(), 1);
    assert_eq!((mined[0].number, &mined[0].puzzle), (MINED_FROM + 1, &own));

    let daily = w.service.puzzles.puzzle(&w.alice, true).await.unwrap();
    assert_eq!(
        number_of(&daily),
        MINED_FROM + 1,
        "the bot's own puzzle first"
    );
    let number = MINED_FROM + 1;
    let line = solution(1);
    let mut step = PuzzleStep { number, ply: 0 };
    let solved = loop {
        let reply = (w.service.puzzles)
            .puzzle_move(&w.alice, step, line[step.ply as usize])
            .await
            .unwrap();
        match reply.puzzle {
            Some(PuzzleButtons::Play(next)) => step = next,
            other => break other,
        }
    };
    assert_eq!(solved, Some(PuzzleButtons::Solved { number }));
    let tried = store.puzzles.tried_puzzles(w.alice.id).await.unwrap();
    assert!(tried.contains("mined-from-the-bot"));
    w.clock.advance(DAY);
    let daily = w.service.puzzles.puzzle(&w.alice, true).await.unwrap();
    assert!(number_of(&daily) <= kiela_learn::puzzles::shipped().len());
    let unknown = w
        .service
        .puzzles
        .puzzle_again(&w.alice, MINED_FROM + 2)
        .await;
    assert_eq!(refused(unknown), Refusal::OldButton);
}
