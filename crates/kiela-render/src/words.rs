//! Every word the pictures and the alt text use, in one place, from the
//! message catalogue (`assets/i18n/*.ftl`, the `board-` keys) in the
//! view's language. Pure functions of their arguments.

use kiela_i18n::tr;
use kiela_i18n::Lang;
use kiela_rules::{GameResult, Lap, LapKind, Outcome, Reason, Side, Trace, Variant};

/// `"alice (South)"`, or `"South"` for a player known by their side only.
pub fn player(lang: Lang, name: &str, side: Side) -> String {
    let side = self::side(lang, side);
    if name == side {
        side
    } else {
        tr!(lang, "board-player", name = name, side = side)
    }
}

/// `"alice (South) wins: North has no legal move"`, `"Draw: threefold
/// repetition"`.
pub fn outcome(lang: Lang, outcome: &Outcome, name: impl Fn(Side) -> String) -> String {
    let loser = outcome.result.winner().map(Side::opponent);
    let why = match (outcome.reason, loser) {
        (Reason::NoMoves, Some(loser)) => {
            tr!(lang, "board-why-no-moves", loser = side(lang, loser))
        }
        (Reason::Resignation, Some(loser)) => {
            tr!(lang, "board-why-resigned", loser = side(lang, loser))
        }
        (Reason::Timeout, Some(loser)) => tr!(lang, "board-why-timeout", loser = side(lang, loser)),
        (Reason::Repetition, _) => tr!(lang, "board-why-repetition"),
        (Reason::Agreement, _) => tr!(lang, "board-why-agreement"),
        (Reason::NoMoves, None) => tr!(lang, "board-why-other-no-moves"),
        (Reason::Resignation, None) => tr!(lang, "board-why-other-resignation"),
        (Reason::Timeout, None) => tr!(lang, "board-why-other-timeout"),
    };
    match outcome.result {
        GameResult::Draw => tr!(lang, "board-draw", why = why),
        GameResult::SouthWins | GameResult::NorthWins => {
            let winner = outcome.result.winner().unwrap_or(Side::South);
            let player = player(lang, &name(winner), winner);
            tr!(lang, "board-wins", player = player, why = why)
        }
    }
}

/// The variant's name with a capital letter.
pub fn variant(lang: Lang, variant: Variant) -> String {
    match variant {
        Variant::Standard => tr!(lang, "variant-standard"),
        Variant::Beginner => tr!(lang, "variant-beginner"),
        Variant::Expert => tr!(lang, "variant-expert"),
    }
}

/// The side's name: `"North"`.
pub fn side(lang: Lang, side: Side) -> String {
    match side {
        Side::South => tr!(lang, "side-south"),
        Side::North => tr!(lang, "side-north"),
    }
}

/// A player's band when it is their turn: `"North · to move"` (never the
/// time left, which a posted picture would show stale: the message's
/// `<t:…:R>` timestamp stays live).
pub fn band_to_move(lang: Lang, side: Side) -> String {
    tr!(lang, "board-band-to-move", side = self::side(lang, side))
}

/// The winner's band: `"North · wins"`.
pub fn band_winner(lang: Lang, side: Side) -> String {
    tr!(lang, "board-band-winner", side = self::side(lang, side))
}

/// The mover's band while the animation sows their turn: `"North · sowing"`.
pub fn band_sowing(lang: Lang, side: Side) -> String {
    tr!(lang, "board-band-sowing", side = self::side(lang, side))
}

/// The animation's caption for one lap of `mover`'s turn: `"North sows
/// G4"`, `"relay from C4"`, `"C3 captures C2+C1 (6)"`.
pub fn caption(lang: Lang, mover: Side, lap: &Lap) -> String {
    let hole = lap.from.to_string();
    match lap.kind {
        LapKind::Sow => tr!(
            lang,
            "board-caption-sow",
            side = side(lang, mover),
            hole = hole
        ),
        LapKind::Relay => tr!(lang, "board-caption-relay", hole = hole),
        LapKind::Capture => {
            let holes: Vec<String> = lap.captures().map(|(h, _)| h.to_string()).collect();
            tr!(
                lang,
                "board-caption-capture",
                hole = hole,
                holes = holes.join("+"),
                count = lap.stones
            )
        }
    }
}

/// Stones on a player's rows: `"28 stones"`.
pub fn stones(lang: Lang, count: u32) -> String {
    tr!(lang, "count-stones", count = count)
}

/// The left of the status strip after `ply` turns: `"Game #12 · Standard ·
/// turn 21"` (`"… · start"` at 0); the game number only when there is one.
pub fn status(lang: Lang, game_id: Option<i64>, variant: Variant, ply: usize) -> String {
    let variant = self::variant(lang, variant);
    match game_id {
        Some(id) => tr!(
            lang,
            "board-status-game",
            id = id.to_string(),
            variant = variant,
            ply = ply
        ),
        None => tr!(lang, "board-status", variant = variant, ply = ply),
    }
}

/// The middle of the status strip: `"South to move"`.
pub fn to_move(lang: Lang, side: Side) -> String {
    tr!(lang, "board-to-move", side = self::side(lang, side))
}

/// The label before the last move in the status strip.
pub fn last_move_label(lang: Lang) -> String {
    tr!(lang, "board-last-move")
}

/// The status strip's word for an Expert rearrangement.
pub fn rearranged(lang: Lang) -> String {
    tr!(lang, "board-rearranged")
}

/// Stones the last move captured, in the status strip: `"took 6"`.
pub fn took(lang: Lang, stones: u32) -> String {
    tr!(lang, "board-took", count = stones)
}

/// The evaluation graph's title.
pub fn graph_title(lang: Lang) -> String {
    tr!(lang, "graph-title")
}

/// Before the turn numbers under the evaluation graph: `"turn"`.
pub fn graph_turn_axis(lang: Lang) -> String {
    tr!(lang, "graph-axis-turn")
}

/// The evaluation graph's legend for a blunder's mark.
pub fn graph_blunder(lang: Lang) -> String {
    tr!(lang, "move-verdict-blunder")
}

/// The evaluation graph's legend for a mistake's mark.
pub fn graph_mistake(lang: Lang) -> String {
    tr!(lang, "move-verdict-mistake")
}

/// The name drawn on the learner's or solver's side of a lesson's or a
/// puzzle's board: `"You"`.
pub fn you(lang: Lang) -> String {
    tr!(lang, "lesson-you")
}

/// The name drawn on the other side of a lesson's or a puzzle's board:
/// `"Opponent"`.
pub fn opponent(lang: Lang) -> String {
    tr!(lang, "lesson-opponent")
}

/// The name of a player the bot never saw (no name recorded), drawn and
/// written like any name: `"user 42"`, in English whatever the language
/// (a name is not translated).
pub fn unknown_player(id: &str) -> String {
    tr!(Lang::En, "user-fallback", id = id)
}

/// Where a tournament stands, in its standings picture's title.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Taking players.
    Open,
    /// Round `round` is being played (or the last one paired).
    Running {
        round: i64,
    },
    Finished,
    Cancelled,
}

/// A tournament's stage, in its standings picture's title: `"round 3"`.
pub fn stage(lang: Lang, stage: Stage) -> String {
    match stage {
        Stage::Open => tr!(lang, "tournament-state-open"),
        Stage::Running { round } => tr!(lang, "tournament-state-running", round = round),
        Stage::Finished => tr!(lang, "tournament-state-finished"),
        Stage::Cancelled => tr!(lang, "tournament-state-cancelled"),
    }
}

/// Beside the result banner: `"after 64 turns"`.
pub fn after_turns(lang: Lang, ply: usize) -> String {
    tr!(lang, "board-after-turns", count = ply)
}

/// A hole's change over the last turn: `"+2"`, `"−5"` (a real minus sign).
pub fn change(delta: i32) -> String {
    if delta < 0 {
        format!("−{}", -delta)
    } else {
        format!("+{delta}")
    }
}

/// Numbers of the events at one hole, in order: `"3"`, `"1,4"`, and for a
/// hole visited more than twice the first two and `"…"`.
pub fn event_numbers(numbers: &[usize]) -> String {
    let shown: Vec<String> = numbers.iter().take(2).map(usize::to_string).collect();
    let more = if numbers.len() > 2 { "…" } else { "" };
    format!("{}{more}", shown.join(","))
}

/// The stones in hand during an animation, on the stone in flight: `"5"`.
pub fn hand(stones: u8) -> String {
    stones.to_string()
}

/// A score or tie-break as players write it, in quarter points: `"2½"`,
/// `"½"` (not `"0½"`), `"3¾"`, `"10"`; a negative value gets a real minus.
pub fn points(value: f64) -> String {
    let quarters = (value * 4.0).round() as i64;
    let sign = if quarters < 0 { "−" } else { "" };
    let quarters = quarters.unsigned_abs();
    let (whole, fraction) = (quarters / 4, ["", "¼", "½", "¾"][(quarters % 4) as usize]);
    if whole == 0 && !fraction.is_empty() {
        format!("{sign}{fraction}")
    } else {
        format!("{sign}{whole}{fraction}")
    }
}

/// A path longer than this many characters is shortened in the middle.
pub const PATH_MAX_CHARS: usize = 300;

/// Names in a path are cut to this many characters.
const PATH_NAME_CHARS: usize = 40;

/// The turn's path on one line, at most [`PATH_MAX_CHARS`] characters:
/// `"Nzinga sowed G4 → relay C4 → C3 captured C2+C1 (6) → ended in H4."`.
/// A long chain keeps its first and last steps and counts the middle
/// (`"… 37 relays …"`), so the line stays short whatever the chain.
///
/// ```
/// use kiela_render::words::path;
/// use kiela_rules::{Position, Variant};
/// use kiela_i18n::Lang;
/// let trace = Position::new(Variant::Standard).trace(&"G2".parse().unwrap()).unwrap();
/// assert_eq!(path(Lang::En, "alice", &trace), "alice sowed G2 → ended in E2.");
/// assert_eq!(path(Lang::Pt, "alice", &trace), "alice semeou G2 → terminou em E2.");
/// ```
pub fn path(lang: Lang, mover: &str, trace: &Trace) -> String {
    let mover: String = if mover.chars().count() > PATH_NAME_CHARS {
        mover
            .chars()
            .take(PATH_NAME_CHARS - 1)
            .chain(['…'])
            .collect()
    } else {
        mover.to_string()
    };
    let (Some(first), Some(end)) = (trace.laps.first(), trace.ended()) else {
        return tr!(lang, "board-path-rearranged", mover = mover);
    };
    let head = tr!(
        lang,
        "board-path-sowed",
        mover = mover,
        hole = first.from.to_string()
    );
    let tail = tr!(lang, "board-path-ended", hole = end.to_string());
    chain(lang, head, tail, trace, Tense::Past)
}

/// A turn not played yet, in the future tense, on one line of at most
/// [`PATH_MAX_CHARS`] characters, for a hint: `"Sowing G4 → would relay C4
/// → C3 would capture C2+C1 (6) → would end in H4."`. An empty string for a
/// rearrangement (it has no path).
///
/// ```
/// use kiela_render::words::plan;
/// use kiela_rules::{Position, Variant};
/// use kiela_i18n::Lang;
/// let trace = Position::new(Variant::Standard).trace(&"G2".parse().unwrap()).unwrap();
/// assert_eq!(plan(Lang::En, &trace), "Sowing G2 → would end in E2.");
/// assert_eq!(plan(Lang::Pt, &trace), "Semear G2 → terminaria em E2.");
/// ```
pub fn plan(lang: Lang, trace: &Trace) -> String {
    let (Some(first), Some(end)) = (trace.laps.first(), trace.ended()) else {
        return String::new();
    };
    let head = tr!(lang, "board-plan-sow", hole = first.from.to_string());
    let tail = tr!(lang, "board-plan-end", hole = end.to_string());
    chain(lang, head, tail, trace, Tense::Future)
}

/// Whether a path tells a turn played or one that would be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tense {
    Past,
    Future,
}

/// `head → steps → tail`, shortened in the middle to fit.
fn chain(lang: Lang, head: String, tail: String, trace: &Trace, tense: Tense) -> String {
    let steps: Vec<String> = (trace.events().iter())
        .map(|lap| step(lang, lap, tense))
        .collect();
    let line = |shown: &[String], skipped: Option<String>, after: &[String]| {
        let mut parts = vec![head.clone()];
        parts.extend(shown.iter().cloned());
        parts.extend(skipped);
        parts.extend(after.iter().cloned());
        parts.push(tail.clone());
        parts.join(" → ")
    };
    let whole = line(&steps, None, &[]);
    if whole.chars().count() <= PATH_MAX_CHARS {
        return whole;
    }
    // Keep as many steps at each end as fit round the count of the middle.
    let events = trace.events();
    for keep in (0..=steps.len() / 2).rev() {
        let middle = &events[keep..events.len() - keep];
        let short = line(
            &steps[..keep],
            Some(skipped(lang, middle)),
            &steps[steps.len() - keep..],
        );
        if short.chars().count() <= PATH_MAX_CHARS {
            return short;
        }
    }
    // Only a name of many wide characters gets here: cut the line itself.
    whole
        .chars()
        .take(PATH_MAX_CHARS - 1)
        .chain(['…'])
        .collect()
}

/// One event of a path: `"relay C4"`, `"C3 captured C2+C1 (6)"` (or, to
/// come, `"would relay C4"`, `"C3 would capture C2+C1 (6)"`).
fn step(lang: Lang, lap: &Lap, tense: Tense) -> String {
    let hole = lap.from.to_string();
    match (lap.kind, tense) {
        (LapKind::Capture, _) => {
            let holes: Vec<String> = lap.captures().map(|(h, _)| h.to_string()).collect();
            let (holes, count) = (holes.join("+"), lap.stones);
            // Each key written out, so the catalogue's check finds it.
            match tense {
                Tense::Past => tr!(
                    lang,
                    "board-path-captured",
                    hole = hole,
                    holes = holes,
                    count = count
                ),
                Tense::Future => tr!(
                    lang,
                    "board-plan-capture",
                    hole = hole,
                    holes = holes,
                    count = count
                ),
            }
        }
        (LapKind::Relay | LapKind::Sow, Tense::Past) => tr!(lang, "board-path-relay", hole = hole),
        (LapKind::Relay | LapKind::Sow, Tense::Future) => {
            tr!(lang, "board-plan-relay", hole = hole)
        }
    }
}

/// The middle of a shortened path: `"… 37 relays …"`, `"… 30 relays, 2
/// captures …"`.
fn skipped(lang: Lang, laps: &[Lap]) -> String {
    let captures = laps.iter().filter(|l| l.kind == LapKind::Capture).count();
    let relays = laps.len() - captures;
    let mut parts = Vec::new();
    if relays > 0 {
        parts.push(tr!(lang, "board-path-relays", count = relays));
    }
    if captures > 0 {
        parts.push(tr!(lang, "board-path-captures", count = captures));
    }
    format!("… {} …", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_rules::{Hole, Position};

    fn lap(kind: LapKind, from: &str, stones: u8) -> Lap {
        let from: Hole = from.parse().unwrap();
        Lap {
            kind,
            from,
            stones,
            ended: from,
            captured: [None; 2],
        }
    }

    #[test]
    fn changes_and_numbers_are_short() {
        assert_eq!(change(2), "+2");
        assert_eq!(change(-5), "−5");
        assert_eq!(event_numbers(&[3]), "3");
        assert_eq!(event_numbers(&[1, 4]), "1,4");
        assert_eq!(event_numbers(&[1, 4, 9]), "1,4…");
        assert_eq!(
            status(Lang::En, Some(12), Variant::Standard, 3),
            "Game #12 · Standard · turn 3"
        );
        assert_eq!(
            status(Lang::En, None, Variant::Standard, 0),
            "Standard · start"
        );
        assert_eq!(band_to_move(Lang::En, Side::North), "North · to move");
        assert_eq!(points(2.5), "2½");
        assert_eq!(points(0.5), "½");
        assert_eq!(points(3.75), "3¾");
        assert_eq!(points(10.0), "10");
        assert_eq!(points(0.0), "0");
        assert_eq!(points(-1.25), "−1¼");
    }

    #[test]
    fn the_path_names_every_step_of_the_reference_turn() {
        let mut trace = Trace::default();
        trace.laps.push(lap(LapKind::Sow, "G4", 4));
        trace.laps.push(lap(LapKind::Relay, "C4", 3));
        trace.laps.push(lap(LapKind::Relay, "A4", 3));
        let mut capture = lap(LapKind::Capture, "C3", 6);
        capture.captured = [
            Some(("C2".parse().unwrap(), 4)),
            Some(("C1".parse().unwrap(), 2)),
        ];
        trace.laps.push(capture);
        trace.laps.push(lap(LapKind::Relay, "G3", 2));
        let mut last = lap(LapKind::Relay, "J4", 2);
        last.ended = "H4".parse().unwrap();
        trace.laps.push(last);
        assert_eq!(
            path(Lang::En, "Nzinga", &trace),
            "Nzinga sowed G4 → relay C4 → relay A4 → C3 captured C2+C1 (6) → relay G3 \
             → relay J4 → ended in H4."
        );
        assert_eq!(
            path(Lang::En, "Nzinga", &Trace::default()),
            "Nzinga rearranged their stones."
        );
    }

    #[test]
    fn a_long_chain_is_shortened_in_the_middle() {
        let mut trace = Trace::default();
        trace.laps.push(lap(LapKind::Sow, "A1", 3));
        for i in 0..200 {
            let kind = if i % 50 == 7 {
                LapKind::Capture
            } else {
                LapKind::Relay
            };
            trace
                .laps
                .push(lap(kind, if i % 2 == 0 { "B2" } else { "J1" }, 3));
        }
        let line = path(Lang::En, &"ß".repeat(100), &trace);
        assert!(line.chars().count() <= PATH_MAX_CHARS, "{line}");
        assert!(
            line.starts_with(&format!("{}… sowed A1 → relay B2", "ß".repeat(39))),
            "{line}"
        );
        assert!(line.contains(" relays, 3 captures … → "), "{line}");
        assert!(line.ends_with("→ relay J1 → ended in J1."), "{line}");
        // A real turn: the first sowing of a game is short and whole.
        let position = Position::new(Variant::Beginner);
        let short = path(
            Lang::En,
            "bob",
            &position.trace(&"J1".parse().unwrap()).unwrap(),
        );
        assert!(short.starts_with("bob sowed J1"), "{short}");
    }

    #[test]
    fn captions_name_each_lap() {
        let mut capture = lap(LapKind::Capture, "C3", 6);
        capture.captured = [
            Some(("C2".parse().unwrap(), 4)),
            Some(("C1".parse().unwrap(), 2)),
        ];
        let sow = lap(LapKind::Sow, "G4", 4);
        let relay = lap(LapKind::Relay, "C4", 3);
        assert_eq!(caption(Lang::En, Side::North, &sow), "North sows G4");
        assert_eq!(caption(Lang::En, Side::North, &relay), "relay from C4");
        assert_eq!(
            caption(Lang::En, Side::North, &capture),
            "C3 captures C2+C1 (6)"
        );
        assert_eq!(caption(Lang::Pt, Side::North, &sow), "O Norte semeia G4");
        assert_eq!(caption(Lang::Pt, Side::North, &relay), "recolhe C4");
        assert_eq!(
            caption(Lang::Pt, Side::South, &capture),
            "C3 captura C2+C1 (6)"
        );
        assert_eq!(band_sowing(Lang::En, Side::North), "North · sowing");
        assert_eq!(band_sowing(Lang::Pt, Side::South), "Sul · semeia");
    }

    #[test]
    fn portuguese_words_come_from_the_catalogue() {
        let pt = Lang::Pt;
        assert_eq!(stones(pt, 1), "1 semente");
        assert_eq!(stones(pt, 28), "28 sementes");
        assert_eq!(
            status(pt, Some(12), Variant::Expert, 3),
            "Partida #12 · Especialista · jogada 3"
        );
        assert_eq!(
            status(pt, None, Variant::Expert, 0),
            "Especialista · início"
        );
        assert_eq!(band_to_move(pt, Side::North), "Norte · joga");
        assert_eq!(to_move(pt, Side::South), "vez do Sul");
        assert_eq!(player(pt, "Sul", Side::South), "Sul");
        assert_eq!(player(pt, "ana", Side::South), "ana (Sul)");
        assert_eq!(after_turns(pt, 1), "após 1 jogada");
        assert_eq!(after_turns(Lang::En, 64), "after 64 turns");
        let won = Outcome {
            result: GameResult::NorthWins,
            reason: Reason::Timeout,
        };
        let name = |side: Side| if side == Side::South { "ana" } else { "bia" }.to_string();
        assert_eq!(
            outcome(pt, &won, name),
            "bia (Norte) vence: o Sul ficou sem tempo"
        );
        // A player known by their side only gets the side's article.
        assert_eq!(
            outcome(pt, &won, |side| self::side(pt, side)),
            "O Norte vence: o Sul ficou sem tempo"
        );
        let agreed = Outcome {
            result: GameResult::Draw,
            reason: Reason::Agreement,
        };
        assert_eq!(outcome(pt, &agreed, name), "Empate por acordo");
    }

    #[test]
    fn the_path_in_portuguese_uses_the_catalogue_words() {
        let mut trace = Trace::default();
        trace.laps.push(lap(LapKind::Sow, "G4", 4));
        trace.laps.push(lap(LapKind::Relay, "C4", 3));
        let mut capture = lap(LapKind::Capture, "C3", 6);
        capture.captured = [
            Some(("C2".parse().unwrap(), 4)),
            Some(("C1".parse().unwrap(), 2)),
        ];
        trace.laps.push(capture);
        let mut last = lap(LapKind::Relay, "J4", 2);
        last.ended = "H4".parse().unwrap();
        trace.laps.push(last);
        assert_eq!(
            path(Lang::Pt, "Ana", &trace),
            "Ana semeou G4 → recolheu C4 → C3 capturou C2+C1 (6) \
             → recolheu J4 → terminou em H4."
        );
        assert_eq!(
            path(Lang::Pt, "Ana", &Trace::default()),
            "Ana redistribuiu suas sementes."
        );
        assert_eq!(
            path(Lang::Pt, "Norte", &Trace::default()),
            "o Norte redistribuiu suas sementes."
        );
        // A long chain: the middle is counted in Portuguese too.
        let mut long = Trace::default();
        long.laps.push(lap(LapKind::Sow, "A1", 3));
        for i in 0..200 {
            long.laps
                .push(lap(LapKind::Relay, if i % 2 == 0 { "B2" } else { "J1" }, 3));
        }
        let line = path(Lang::Pt, "Ana", &long);
        assert!(line.chars().count() <= PATH_MAX_CHARS, "{line}");
        assert!(line.contains(" recolhas … → "), "{line}");
        assert!(line.contains(" → recolheu "), "{line}");
    }

    #[test]
    fn the_words_the_application_draws_and_describes() {
        assert_eq!(
            (you(Lang::En), opponent(Lang::En)),
            ("You".into(), "Opponent".into())
        );
        assert_eq!(you(Lang::Pt), "Você");
        assert_eq!(stage(Lang::En, Stage::Running { round: 3 }), "round 3");
        assert_eq!(stage(Lang::En, Stage::Open), "taking players");
        assert_eq!(unknown_player("42"), "user 42");
    }
}
