//! Every task checked by the engine: its answers are legal and meet the
//! goal in par moves, nothing meets it sooner, the unique ones have no
//! other solution, and every key is in both catalogues.

use std::collections::BTreeSet;

use kiela_rules::{IllegalMove, LapKind, Move, Position, Variant};

use super::*;

/// Every task with its lesson id and index.
fn all_tasks() -> impl Iterator<Item = (&'static str, usize, &'static Task)> {
    lessons().iter().flat_map(|lesson| {
        lesson
            .tasks
            .iter()
            .enumerate()
            .map(move |(i, task)| (lesson.id, i, task))
    })
}

/// Every line of at most `depth` sowings from `position` (the learner to
/// move, `index` of their moves made) after which the goal is met, with
/// the task's replies in between. Lines stop at the first move meeting it.
fn solutions(task: &Task, position: &Position, index: usize, depth: u32) -> Vec<Vec<Move>> {
    let mut found = Vec::new();
    for &hole in position.legal_moves().iter() {
        let mv = Move::Sow(hole);
        let ply = Ply::play(position, mv).unwrap();
        if task.goal.met(&ply) {
            found.push(vec![mv]);
        } else if depth > 1 {
            let Some(reply) = task.reply(&ply.after, index) else {
                continue;
            };
            let mut next = ply.after;
            next.play(&reply).unwrap();
            for mut line in solutions(task, &next, index + 1, depth - 1) {
                line.insert(0, mv);
                found.push(line);
            }
        }
    }
    found
}

#[test]
fn every_answer_is_legal_and_meets_the_goal_in_par_moves() {
    for (id, i, task) in all_tasks() {
        assert!(!task.answers.is_empty(), "{id} {i}: no answer");
        for line in task.answer_lines() {
            assert_eq!(line.len() as u32, task.par, "{id} {i}: {line:?} is not par");
            let mut earlier = Vec::new();
            for (k, mv) in line.iter().enumerate() {
                let verdict = check(task, &earlier, mv)
                    .unwrap_or_else(|e| panic!("{id} {i}: {mv} refused: {e}"));
                match verdict {
                    Verdict::Solved { stars, .. } => {
                        assert_eq!(k + 1, line.len(), "{id} {i}: solved early by {mv}");
                        assert_eq!(stars, 3, "{id} {i}");
                    }
                    Verdict::Continue { .. } => {
                        assert!(k + 1 < line.len(), "{id} {i}: {line:?} does not solve it")
                    }
                    Verdict::Wrong { why, .. } => panic!("{id} {i}: {mv} is wrong: {why:?}"),
                }
                earlier.push(*mv);
            }
        }
    }
}

#[test]
fn nothing_solves_a_task_below_par_and_unique_tasks_have_one_answer() {
    for (id, i, task) in all_tasks() {
        let found = solutions(task, &task.position(), 0, task.par);
        let shortest = found.iter().map(Vec::len).min();
        // Rearrangements are not enumerated; a sowing must not beat par.
        assert!(
            shortest.is_none_or(|n| n as u32 >= task.par),
            "{id} {i}: solved in fewer moves than par by {found:?}"
        );
        if task.unique {
            let answers: Vec<Vec<Move>> = task.answer_lines();
            assert_eq!(found, answers, "{id} {i}: the solutions are not unique");
        }
    }
}

/// A scripted reply is the opponent's only move, or (on a start position,
/// where the opponent has many) the goal names it.
#[test]
fn scripted_replies_are_forced_or_announced() {
    let en = include_str!("../../../../assets/i18n/en.ftl");
    for (id, i, task) in all_tasks() {
        if task.replies.is_empty() {
            continue;
        }
        if let Setup::Start(_) = task.setup {
            let goal = en
                .lines()
                .find_map(|line| line.strip_prefix(task.goal_key)?.strip_prefix(" = "))
                .unwrap_or_else(|| panic!("en.ftl lacks {}", task.goal_key));
            for reply in task.replies {
                assert!(
                    goal.contains(reply),
                    "{id} {i}: the goal does not name {reply}"
                );
            }
            continue;
        }
        let Some(line) = task.answer_lines().into_iter().next() else {
            continue;
        };
        let mut position = task.position();
        for (k, mv) in line.iter().enumerate().take(task.replies.len()) {
            position.play(mv).unwrap();
            let legal = position.legal_moves();
            let reply = task.reply(&position, k).unwrap();
            assert_eq!(
                (legal.len(), reply.to_string()),
                (1, task.replies[k].to_string()),
                "{id} {i}: the reply after {mv} is not forced: {legal:?}"
            );
            position.play(&reply).unwrap();
        }
    }
}

#[test]
fn lessons_are_sized_and_named_for_storage() {
    let lessons = lessons();
    assert!(lessons.len() >= 10);
    let ids: BTreeSet<_> = lessons.iter().map(|l| l.id).collect();
    assert_eq!(ids.len(), lessons.len(), "lesson ids repeat");
    for lesson in lessons {
        assert!(
            (3..=6).contains(&lesson.tasks.len()),
            "{}: {} tasks",
            lesson.id,
            lesson.tasks.len()
        );
        assert!(lesson
            .id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'-'));
        assert_eq!(super::lesson(lesson.id).map(|l| l.id), Some(lesson.id));
    }
}

#[test]
fn positions_are_sound() {
    for (id, i, task) in all_tasks() {
        if let Setup::Board { stones, .. } = task.setup {
            let holes: BTreeSet<_> = stones.iter().map(|(name, _)| hole(name)).collect();
            assert_eq!(
                holes.len(),
                stones.len(),
                "{id} {i}: a hole is listed twice"
            );
            assert!(
                stones.iter().all(|&(_, n)| n > 0),
                "{id} {i}: an empty entry"
            );
        }
        let position = task.position();
        assert!(
            position.has_legal_move(),
            "{id} {i}: the learner cannot move"
        );
        assert!(task.par >= 1);
        let opponent = position.turn().opponent();
        assert!(
            position.side_stones(opponent) > 0,
            "{id} {i}: the opponent has no stones"
        );
    }
}

/// The keys of a catalogue: every `key = …` at the start of a line.
fn catalogue_keys(source: &str) -> BTreeSet<&str> {
    source
        .lines()
        .filter(|line| !line.starts_with([' ', '#', '*', '[', '}']))
        .filter_map(|line| line.split_once(" =").map(|(key, _)| key.trim()))
        .collect()
}

#[test]
fn every_key_is_in_both_catalogues() {
    let en = catalogue_keys(include_str!("../../../../assets/i18n/en.ftl"));
    let pt = catalogue_keys(include_str!("../../../../assets/i18n/pt-BR.ftl"));
    let mut keys: Vec<&str> = vec![
        "lesson-solved",
        "lesson-not-yet",
        Miss::OutOfMoves.key(),
        Miss::OpponentStuck.key(),
        Miss::Stuck.key(),
        Miss::RearrangementGone.key(),
    ];
    for lesson in lessons() {
        keys.push(lesson.title_key);
        keys.extend(lesson.tasks.iter().map(|t| t.goal_key));
    }
    let distinct: BTreeSet<_> = keys.iter().collect();
    assert_eq!(distinct.len(), keys.len(), "a key is used twice");
    for key in keys {
        assert!(en.contains(key), "en.ftl lacks {key}");
        assert!(pt.contains(key), "pt-BR.ftl lacks {key}");
    }
}

/// Goals are one sentence; titles are short and not sentences.
#[test]
fn goals_are_one_sentence_and_titles_short() {
    for (lang, source) in [
        ("en", include_str!("../../../../assets/i18n/en.ftl")),
        ("pt-BR", include_str!("../../../../assets/i18n/pt-BR.ftl")),
    ] {
        let text = |key: &str| {
            source
                .lines()
                .find_map(|line| line.strip_prefix(key)?.strip_prefix(" = "))
                .unwrap_or_else(|| panic!("{lang} lacks {key}"))
        };
        for lesson in lessons() {
            let title = text(lesson.title_key);
            assert!(
                title.len() <= 40 && !title.ends_with('.'),
                "{lang}: {title}"
            );
            for task in lesson.tasks {
                let goal = text(task.goal_key);
                assert!(goal.ends_with('.'), "{lang}: {goal}");
                assert!(!goal[..goal.len() - 1].contains(". "), "{lang}: {goal}");
                assert!(goal.chars().count() <= 120, "{lang}: {goal} is long");
            }
        }
    }
}

#[test]
fn stars_follow_par() {
    assert_eq!(stars(1, 1), 3);
    assert_eq!(stars(1, 2), 2);
    assert_eq!(stars(1, 3), 1);
    assert_eq!(stars(2, 2), 3);
    assert_eq!(stars(2, 4), 1);
}

fn sow(name: &str) -> Move {
    Move::Sow(hole(name))
}

#[test]
fn a_miss_gets_a_reply_and_a_later_solution_fewer_stars() {
    let task = &lesson("relay").unwrap().tasks[0];
    let Verdict::Continue {
        played,
        reply,
        moves_left,
    } = check(task, &[], &sow("H1")).unwrap()
    else {
        panic!("H1 makes no relay: the task goes on");
    };
    assert_eq!((played.mv, reply.mv), (sow("H1"), sow("J4")));
    assert_eq!(played.trace.ended(), Some(hole("J1")));
    assert_eq!(reply.before, played.after);
    assert_eq!(moves_left, 2);
    let verdict = check(task, &[sow("H1")], &sow("C1")).unwrap();
    assert!(
        matches!(verdict, Verdict::Solved { stars: 2, .. }),
        "{verdict:?}"
    );
    assert_eq!(verdict.key(), "lesson-solved");
}

#[test]
fn illegal_moves_and_stale_attempts_are_refused() {
    let task = &lesson("sowing").unwrap().tasks[0];
    // A1 holds a single stone: the engine's refusal, the attempt unchanged.
    assert!(matches!(
        check(task, &[], &sow("A1")),
        Err(CheckError::Illegal(IllegalMove::TooFewStones { .. }))
    ));
    assert!(matches!(
        check(task, &[], &sow("J4")),
        Err(CheckError::Illegal(IllegalMove::NotYourHole { .. }))
    ));
    assert_eq!(
        check(task, &[sow("A1")], &sow("C1")),
        Err(CheckError::Stale)
    );
    // Solved already: nothing more to play.
    assert_eq!(
        check(task, &[sow("C1")], &sow("C1")),
        Err(CheckError::Stale)
    );
}

#[test]
fn an_opponent_without_a_move_ends_the_attempt() {
    // G1 misses E1; North sows J4; A2 misses again and North, left with
    // single stones, cannot reply.
    let task = &lesson("sowing").unwrap().tasks[1];
    let earlier = [sow("G1")];
    let verdict = check(task, &earlier, &sow("A2")).unwrap();
    assert!(
        matches!(
            verdict,
            Verdict::Wrong {
                why: Miss::OpponentStuck,
                reply: None,
                ..
            }
        ),
        "{verdict:?}"
    );
}

#[test]
fn an_attempt_has_par_plus_two_moves() {
    // Capturing from the start position takes longer than this allows.
    let task = Task {
        goal_key: "lesson-capture-1",
        setup: Setup::Start(Variant::Standard),
        goal: Goal::Captures(1),
        answers: &[],
        par: 1,
        unique: false,
        replies: &[],
    };
    let mut moves = Vec::new();
    loop {
        let position = task.replay(&moves).unwrap();
        let miss = position
            .legal_moves()
            .iter()
            .map(|&h| Move::Sow(h))
            .find(|&mv| !task.goal.met(&Ply::play(&position, mv).unwrap()))
            .unwrap();
        match check(&task, &moves, &miss).unwrap() {
            Verdict::Continue { .. } => moves.push(miss),
            Verdict::Wrong { why, .. } => {
                assert_eq!((why, moves.len()), (Miss::OutOfMoves, 2));
                break;
            }
            Verdict::Solved { .. } => unreachable!("the move misses"),
        }
    }
}

#[test]
fn sowing_instead_of_rearranging_ends_an_expert_task() {
    let task = &lesson("expert").unwrap().tasks[0];
    let verdict = check(task, &[], &sow("G2")).unwrap();
    assert_eq!(verdict.key(), "lesson-miss-rearrangement-gone");
}

/// A learner's attempt as played: their moves and the replies between.
struct Attempt<'a> {
    learner: &'a [Ply],
    replies: &'a [Ply],
}

impl Attempt<'_> {
    fn last(&self) -> &Ply {
        self.learner.last().expect("a move")
    }
}

fn ends(ply: &Ply, name: &str) -> bool {
    ply.effect.last == Some(hole(name))
}

fn kinds(ply: &Ply) -> Vec<LapKind> {
    ply.trace.laps.iter().map(|lap| lap.kind).collect()
}

fn captures(ply: &Ply) -> usize {
    ply.trace
        .laps
        .iter()
        .filter(|lap| lap.captures().next().is_some())
        .count()
}

fn takes(ply: &Ply, name: &str) -> bool {
    ply.trace
        .laps
        .iter()
        .any(|lap| lap.captures().any(|(h, _)| h == hole(name)))
}

/// `first` comes before `then` among the turn's laps.
fn before(ply: &Ply, first: LapKind, then: LapKind) -> bool {
    let kinds = kinds(ply);
    kinds
        .iter()
        .position(|&k| k == first)
        .is_some_and(|i| kinds[i + 1..].contains(&then))
}

fn no_reply(ply: &Ply) -> bool {
    !ply.after.has_legal_move()
}

fn arranged(ply: &Ply) -> bool {
    matches!(ply.mv, Move::Arrange(_))
}

/// What each goal sentence (en.ftl) says, as a predicate on an attempt
/// that the task counts as solved, written from the sentence alone.
fn sentence(key: &str) -> fn(&Attempt) -> bool {
    match key {
        "lesson-sowing-1" => |a| matches!(a.last().mv, Move::Sow(_)),
        "lesson-sowing-2" | "lesson-beginner-1" => |a| ends(a.last(), "E1"),
        "lesson-sowing-3" => |a| ends(a.last(), "J1"),
        "lesson-path-1" => |a| ends(a.last(), "J2"),
        "lesson-path-2" => |a| ends(a.last(), "A1"),
        "lesson-path-3" => |a| ends(a.last(), "B1"),
        "lesson-path-4" => |a| ends(a.last(), "A3"),
        "lesson-relay-1" => |a| a.last().effect.relays >= 1,
        "lesson-relay-2" => |a| a.last().effect.relays >= 2,
        "lesson-relay-3" => |a| a.last().effect.relays >= 1 && ends(a.last(), "J2"),
        "lesson-relay-4" => |a| {
            let inner = |lap: &kiela_rules::Lap| lap.kind == LapKind::Relay && lap.from.is_inner();
            a.last().trace.laps.iter().any(inner) && ends(a.last(), "A1")
        },
        "lesson-capture-1" | "lesson-capture-2" => |a| captures(a.last()) >= 1,
        "lesson-capture-3" => |a| before(a.last(), LapKind::Relay, LapKind::Capture),
        "lesson-capture-outer-1" => |a| takes(a.last(), "J3") && takes(a.last(), "J4"),
        "lesson-capture-outer-2" => |a| {
            a.last()
                .trace
                .laps
                .iter()
                .any(|lap| lap.captures().count() == 2)
        },
        "lesson-capture-outer-3" => |a| a.last().effect.captured_stones >= 5,
        "lesson-capture-sowing-1" => |a| captures(a.last()) >= 1 && ends(a.last(), "G2"),
        "lesson-capture-sowing-2" => |a| captures(a.last()) >= 2,
        "lesson-capture-sowing-3" => |a| before(a.last(), LapKind::Capture, LapKind::Relay),
        "lesson-capture-sowing-4" => |a| {
            let on_a2 =
                |lap: &kiela_rules::Lap| lap.kind == LapKind::Capture && lap.from == hole("A2");
            a.last().trace.laps.iter().any(on_a2) && ends(a.last(), "B1")
        },
        "lesson-no-move-loses-1" | "lesson-no-move-loses-3" | "lesson-beginner-3" => {
            |a| captures(a.last()) >= 1 && no_reply(a.last())
        }
        "lesson-no-move-loses-2" => {
            |a| takes(a.last(), "D3") && takes(a.last(), "D4") && no_reply(a.last())
        }
        "lesson-protect-1" => |a| !has_capture(&a.last().after),
        "lesson-protect-2" => |a| takes(a.last(), "C3"),
        "lesson-protect-3" => |a| a.last().after.stones(hole("D2")) == 0,
        "lesson-leave-no-move-1" => |a| captures(a.last()) >= 2 && no_reply(a.last()),
        // "In two moves" is the task's par (its stars), not its check.
        "lesson-leave-no-move-2" => |a| captures(a.last()) >= 1 && no_reply(a.last()),
        "lesson-leave-no-move-3" => |a| no_reply(a.last()),
        "lesson-beginner-2" => |a| a.last().trace.laps[0].stones == 1 && captures(a.last()) >= 1,
        "lesson-expert-1" => |a| {
            let mover = a.last().before.turn();
            arranged(a.last())
                && kiela_rules::Hole::all()
                    .filter(|h| h.owner() == mover)
                    .all(|h| a.last().after.stones(h) > 0)
        },
        "lesson-expert-2" => |a| arranged(a.last()) && !has_capture(&a.last().after),
        "lesson-expert-3" => |a| {
            arranged(&a.learner[0])
                && a.replies.first().is_some_and(|r| r.mv.to_string() == "A3")
                && a.learner[1..].iter().any(|p| captures(p) >= 1)
        },
        other => panic!("{other}: no sentence predicate: add one"),
    }
}

/// Every attempt of at most the task's moves: each first move a sowing
/// or one of the task's example rearrangements, later ones sowings.
fn walk(
    task: &Task,
    learner: &mut Vec<Ply>,
    replies: &mut Vec<Ply>,
    visit: &mut dyn FnMut(&Attempt, bool),
    refused: &mut dyn FnMut(&Move),
) {
    let moves: Vec<Move> = task.learner_moves_so_far(learner);
    let position = task.replay(&moves).expect("an attempt going on");
    // Every hole of the learner with stones: the illegal ones too, which
    // the check refuses (an attempt that breaks "sow a hole of two").
    let learner_side = position.turn();
    let mut candidates: Vec<Move> = kiela_rules::Hole::all()
        .filter(|&h| h.owner() == learner_side && position.stones(h) > 0)
        .map(Move::Sow)
        .collect();
    if learner.is_empty() {
        candidates.extend(
            task.answer_lines()
                .into_iter()
                .filter_map(|line| line.first().copied())
                .filter(|mv| matches!(mv, Move::Arrange(_))),
        );
    }
    for mv in candidates {
        let Ok(verdict) = check(task, &moves, &mv) else {
            refused(&mv);
            continue;
        };
        match verdict {
            Verdict::Solved { played, .. } => {
                learner.push(played);
                visit(&Attempt { learner, replies }, true);
                learner.pop();
            }
            Verdict::Wrong { played, .. } => {
                learner.push(played);
                visit(&Attempt { learner, replies }, false);
                learner.pop();
            }
            Verdict::Continue { played, reply, .. } => {
                learner.push(played);
                replies.push(reply);
                visit(&Attempt { learner, replies }, false);
                walk(task, learner, replies, visit, refused);
                learner.pop();
                replies.pop();
            }
        }
    }
}

impl Task {
    fn learner_moves_so_far(&self, plies: &[Ply]) -> Vec<Move> {
        plies.iter().map(|p| p.mv).collect()
    }
}

/// Each goal sentence is what its check requires: over every attempt of
/// the task (every sowing, and the example rearrangements), whatever the
/// task counts as solved meets the sentence, and some attempt that breaks
/// the sentence is there and fails.
#[test]
fn every_goal_sentence_is_what_its_check_requires() {
    let mut wrong = Vec::new();
    for (id, i, task) in all_tasks() {
        let meets = sentence(task.goal_key);
        let (mut solved, mut broken, mut illegal) = (0, 0, 0);
        walk(
            task,
            &mut Vec::new(),
            &mut Vec::new(),
            &mut |a, done| {
                if done {
                    let line: Vec<String> = a.learner.iter().map(|p| p.mv.to_string()).collect();
                    if !meets(a) {
                        wrong.push(format!(
                            "{id} {i}: {line:?} solves it but breaks the sentence"
                        ));
                    }
                    solved += 1;
                } else if !meets(a) {
                    broken += 1;
                }
            },
            &mut |_| illegal += 1,
        );
        // "Sow a hole of two or more" is broken only by the refused ones.
        if task.goal_key == "lesson-sowing-1" {
            broken += illegal;
        }
        if solved == 0 {
            wrong.push(format!("{id} {i}: nothing solves it"));
        }
        if broken == 0 {
            wrong.push(format!("{id} {i}: no attempt breaks the sentence"));
        }
    }
    wrong.dedup_by(|a, b| a.split(':').next() == b.split(':').next());
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn expert_task_3_needs_the_rearrangement_first() {
    let task = &lesson("expert").unwrap().tasks[2];
    let verdict = check(task, &[], &sow("G2")).unwrap();
    assert_eq!(verdict.key(), "lesson-miss-rearrangement-gone");
    let answer = task.answer_lines().remove(0);
    let verdict = check(task, &answer[..1], &answer[1]).unwrap();
    assert_eq!(verdict.key(), "lesson-solved");
}
