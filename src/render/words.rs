//! Every word the pictures and the alt text use, in one place, so that they
//! can move into a message catalogue (English and Portuguese) as a whole.
//! Pure functions of their arguments; English for now.

use crate::rules::{GameResult, Lap, LapKind, Outcome, Reason, Side, Trace, Variant};

/// `"alice (South)"`, or `"South"` for a player known by their side only.
pub fn player(name: &str, side: Side) -> String {
    if name == side.to_string() {
        name.to_string()
    } else {
        format!("{name} ({side})")
    }
}

/// `"alice (South) wins: North has no legal move"`, `"Draw by repetition"`.
pub fn outcome(outcome: &Outcome, name: impl Fn(Side) -> String) -> String {
    let loser = outcome.result.winner().map(Side::opponent);
    let why = match (outcome.reason, loser) {
        (Reason::NoMoves, Some(loser)) => format!("{loser} has no legal move"),
        (Reason::Resignation, Some(loser)) => format!("{loser} resigned"),
        (Reason::Timeout, Some(loser)) => format!("{loser} ran out of time"),
        (Reason::Repetition, _) => "threefold repetition".to_string(),
        (Reason::Agreement, _) => "agreed by both players".to_string(),
        (reason, None) => reason.name().replace('-', " "),
    };
    match outcome.result {
        GameResult::Draw => format!("Draw: {why}"),
        GameResult::SouthWins | GameResult::NorthWins => {
            let winner = outcome.result.winner().unwrap_or(Side::South);
            format!("{} wins: {why}", player(&name(winner), winner))
        }
    }
}

/// The variant's name with a capital letter.
pub fn variant(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => "Standard",
        Variant::Beginner => "Beginner",
        Variant::Expert => "Expert",
    }
}

/// The side's name: `"North"`.
pub fn side(side: Side) -> String {
    side.to_string()
}

/// A player's band when it is their turn: `"North · to move"`, with the
/// time left when the game has a deadline: `"North · to move · 2 days left"`.
pub fn band_to_move(side: Side, time_left: Option<i64>) -> String {
    match time_left {
        Some(seconds) => format!("{side} · to move · {}", self::time_left(seconds)),
        None => format!("{side} · to move"),
    }
}

/// The winner's band: `"North · wins"`.
pub fn band_winner(side: Side) -> String {
    format!("{side} · wins")
}

/// Stones on a player's rows: `"28 stones"`.
pub fn stones(count: u32) -> String {
    match count {
        1 => "1 stone".to_string(),
        n => format!("{n} stones"),
    }
}

/// Time left to move, rounded down to the largest unit that reads well:
/// `"2 days left"`, `"5 hours left"`, `"12 minutes left"`, `"time is up"`.
pub fn time_left(seconds: i64) -> String {
    const MINUTE: i64 = 60;
    const HOUR: i64 = 60 * MINUTE;
    const DAY: i64 = 24 * HOUR;
    let (count, unit) = match seconds {
        s if s <= 0 => return "time is up".to_string(),
        s if s >= 2 * DAY => (s / DAY, "day"),
        s if s >= 2 * HOUR => (s / HOUR, "hour"),
        s => ((s / MINUTE).max(1), "minute"),
    };
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {unit}{plural} left")
}

/// The left of the status strip: `"Game #12 · Standard · move 11"`; the
/// game number only when there is one.
pub fn status(game_id: Option<i64>, variant: Variant, move_number: usize) -> String {
    let variant = self::variant(variant);
    match game_id {
        Some(id) => format!("Game #{id} · {variant} · move {move_number}"),
        None => format!("{variant} · move {move_number}"),
    }
}

/// The middle of the status strip: `"South to move"`.
pub fn to_move(side: Side) -> String {
    format!("{side} to move")
}

/// The label before the last move in the status strip.
pub fn last_move_label() -> &'static str {
    "last move:"
}

/// The status strip's word for an Expert rearrangement.
pub fn rearranged() -> &'static str {
    "rearranged"
}

/// Stones the last move captured, in the status strip: `"took 6"`.
pub fn took(stones: u32) -> String {
    format!("took {stones}")
}

/// Beside the result banner: `"after 64 turns"`.
pub fn after_turns(ply: usize) -> String {
    format!("after {ply} turns")
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

/// The stones in hand during an animation: `"×5"`.
pub fn hand(stones: u8) -> String {
    format!("×{stones}")
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
/// use kiela::render::words::path;
/// use kiela::rules::{Position, Variant};
/// let trace = Position::new(Variant::Standard).trace(&"G2".parse().unwrap()).unwrap();
/// assert_eq!(path("alice", &trace), "alice sowed G2 → ended in E2.");
/// ```
pub fn path(mover: &str, trace: &Trace) -> String {
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
        return format!("{mover} rearranged their stones.");
    };
    let head = format!("{mover} sowed {}", first.from);
    let tail = format!("ended in {end}.");
    let steps: Vec<String> = trace.events().iter().map(step).collect();
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
            Some(skipped(middle)),
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

/// One event of a path: `"relay C4"`, `"C3 captured C2+C1 (6)"`.
fn step(lap: &Lap) -> String {
    match lap.kind {
        LapKind::Capture => {
            let holes: Vec<String> = lap.captures().map(|(h, _)| h.to_string()).collect();
            format!("{} captured {} ({})", lap.from, holes.join("+"), lap.stones)
        }
        LapKind::Relay | LapKind::Sow => format!("relay {}", lap.from),
    }
}

/// The middle of a shortened path: `"… 37 relays …"`, `"… 30 relays, 2
/// captures …"`.
fn skipped(laps: &[Lap]) -> String {
    let captures = laps.iter().filter(|l| l.kind == LapKind::Capture).count();
    let relays = laps.len() - captures;
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let parts: Vec<String> = [
        (relays, "relay", "relays"),
        (captures, "capture", "captures"),
    ]
    .into_iter()
    .filter(|(n, _, _)| *n > 0)
    .map(|(n, one, many)| count(n, one, many))
    .collect();
    format!("… {} …", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Hole, Position};

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
    fn time_left_reads_in_the_largest_sensible_unit() {
        assert_eq!(time_left(3 * 86_400 + 5), "3 days left");
        assert_eq!(time_left(2 * 86_400), "2 days left");
        assert_eq!(time_left(30 * 3600), "30 hours left");
        assert_eq!(time_left(7200), "2 hours left");
        assert_eq!(time_left(3599), "59 minutes left");
        assert_eq!(time_left(61), "1 minute left");
        assert_eq!(time_left(5), "1 minute left");
        assert_eq!(time_left(0), "time is up");
    }

    #[test]
    fn changes_and_numbers_are_short() {
        assert_eq!(change(2), "+2");
        assert_eq!(change(-5), "−5");
        assert_eq!(event_numbers(&[3]), "3");
        assert_eq!(event_numbers(&[1, 4]), "1,4");
        assert_eq!(event_numbers(&[1, 4, 9]), "1,4…");
        assert_eq!(
            status(Some(12), Variant::Standard, 3),
            "Game #12 · Standard · move 3"
        );
        assert_eq!(
            band_to_move(Side::North, Some(7200)),
            "North · to move · 2 hours left"
        );
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
            path("Nzinga", &trace),
            "Nzinga sowed G4 → relay C4 → relay A4 → C3 captured C2+C1 (6) → relay G3 \
             → relay J4 → ended in H4."
        );
        assert_eq!(
            path("Nzinga", &Trace::default()),
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
        let line = path(&"ß".repeat(100), &trace);
        assert!(line.chars().count() <= PATH_MAX_CHARS, "{line}");
        assert!(
            line.starts_with(&format!("{}… sowed A1 → relay B2", "ß".repeat(39))),
            "{line}"
        );
        assert!(line.contains(" relays, 3 captures … → "), "{line}");
        assert!(line.ends_with("→ relay J1 → ended in J1."), "{line}");
        // A real turn: the first sowing of a game is short and whole.
        let position = Position::new(Variant::Beginner);
        let short = path("bob", &position.trace(&"J1".parse().unwrap()).unwrap());
        assert!(short.starts_with("bob sowed J1"), "{short}");
    }
}
