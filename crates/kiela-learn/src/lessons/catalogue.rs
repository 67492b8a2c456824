//! The lessons themselves: positions, goals and answers. The tests in
//! `tests.rs` play every answer with the engine and prove the unique ones.
//!
//! Ids and task order are stored by the bot: add tasks at the end of a
//! lesson and lessons at the end of the list, never rename or reorder.

use kiela_rules::{Side, Variant};

use super::{Goal, Lesson, Setup, Task};

/// Every lesson, in the order a newcomer takes them.
pub fn lessons() -> &'static [Lesson] {
    LESSONS
}

/// A hand-made Standard board, South to move.
const fn south(stones: &'static [(&'static str, u8)]) -> Setup {
    Setup::Board {
        variant: Variant::Standard,
        turn: Side::South,
        stones,
    }
}

/// A one-move task (par 1, no scripted reply).
const fn task(
    goal_key: &'static str,
    setup: Setup,
    goal: Goal,
    answers: &'static [&'static [&'static str]],
    unique: bool,
) -> Task {
    Task {
        goal_key,
        setup,
        goal,
        answers,
        par: 1,
        unique,
        replies: &[],
    }
}

static LESSONS: &[Lesson] = &[
    Lesson {
        id: "sowing",
        title_key: "lesson-sowing-title",
        tasks: &[
            // Only C1 holds two: the singles cannot be sown in Standard.
            task(
                "lesson-sowing-1",
                south(&[
                    ("A1", 1),
                    ("C1", 2),
                    ("F1", 1),
                    ("H2", 1),
                    ("J4", 2),
                    ("E3", 1),
                ]),
                Goal::Sow,
                &[&["C1"]],
                true,
            ),
            // Counting: three stones from B1 reach E1.
            task(
                "lesson-sowing-2",
                south(&[("B1", 3), ("G1", 2), ("A2", 2), ("J4", 2)]),
                Goal::EndIn("E1"),
                &[&["B1"]],
                true,
            ),
            // Five from E1 reach J1; the others fall short or go past.
            task(
                "lesson-sowing-3",
                south(&[("C1", 4), ("E1", 5), ("H1", 3), ("J4", 2)]),
                Goal::EndIn("J1"),
                &[&["E1"]],
                true,
            ),
        ],
    },
    Lesson {
        id: "path",
        title_key: "lesson-path-title",
        tasks: &[
            // From the end of the outer row the path climbs to J2.
            task(
                "lesson-path-1",
                south(&[("I1", 2), ("D1", 2), ("A2", 3), ("J4", 2)]),
                Goal::EndIn("J2"),
                &[&["I1"]],
                true,
            ),
            // The inner row runs right to left, then drops to A1.
            task(
                "lesson-path-2",
                south(&[("B2", 2), ("F1", 2), ("J4", 2)]),
                Goal::EndIn("A1"),
                &[&["B2"]],
                true,
            ),
            // A loop: from A2 back into the outer row.
            task(
                "lesson-path-3",
                south(&[("A2", 2), ("D2", 3), ("G1", 2), ("J4", 2)]),
                Goal::EndIn("B1"),
                &[&["A2"]],
                true,
            ),
            // North's loop: J4 to A4, then A3 to J3.
            task(
                "lesson-path-4",
                Setup::Board {
                    variant: Variant::Standard,
                    turn: Side::North,
                    stones: &[("B4", 2), ("F3", 2), ("H4", 3), ("A1", 2)],
                },
                Goal::EndIn("A3"),
                &[&["B4"]],
                true,
            ),
        ],
    },
    Lesson {
        id: "relay",
        title_key: "lesson-relay-title",
        tasks: &[
            task(
                "lesson-relay-1",
                south(&[("C1", 2), ("E1", 1), ("H1", 2), ("J4", 2)]),
                Goal::Relays(1),
                &[&["C1"]],
                true,
            ),
            task(
                "lesson-relay-2",
                south(&[("A1", 2), ("C1", 1), ("E1", 1), ("I1", 2), ("J4", 2)]),
                Goal::Relays(2),
                &[&["A1"]],
                true,
            ),
            task(
                "lesson-relay-3",
                south(&[("G1", 2), ("I1", 1), ("A1", 2), ("J4", 2)]),
                Goal::All(&[Goal::Relays(1), Goal::EndIn("J2")]),
                &[&["G1"]],
                true,
            ),
            // B2 faces an empty B3: a relay, on round the corner to A1.
            task(
                "lesson-relay-4",
                south(&[("D2", 2), ("B2", 1), ("F2", 3), ("C1", 2), ("J4", 2)]),
                Goal::All(&[Goal::Relays(1), Goal::EndIn("A1")]),
                &[&["D2"]],
                true,
            ),
        ],
    },
    Lesson {
        id: "capture",
        title_key: "lesson-capture-title",
        tasks: &[
            task(
                "lesson-capture-1",
                south(&[("I1", 2), ("J2", 1), ("A1", 2), ("J3", 2), ("A4", 2)]),
                Goal::Captures(1),
                &[&["I1"]],
                true,
            ),
            // F2 is occupied too, but F3 is empty: landing there relays.
            task(
                "lesson-capture-2",
                south(&[
                    ("H2", 2),
                    ("F2", 1),
                    ("E2", 2),
                    ("C2", 1),
                    ("C3", 3),
                    ("A4", 2),
                ]),
                Goal::Captures(1),
                &[&["E2"]],
                true,
            ),
            task(
                "lesson-capture-3",
                south(&[
                    ("G1", 2),
                    ("I1", 1),
                    ("J2", 1),
                    ("A1", 2),
                    ("J3", 2),
                    ("A4", 2),
                ]),
                Goal::All(&[Goal::Relays(1), Goal::Captures(1)]),
                &[&["G1"]],
                true,
            ),
        ],
    },
    Lesson {
        id: "capture-outer",
        title_key: "lesson-capture-outer-title",
        tasks: &[
            task(
                "lesson-capture-outer-1",
                south(&[
                    ("I1", 2),
                    ("J2", 1),
                    ("A1", 2),
                    ("J3", 1),
                    ("J4", 2),
                    ("A4", 2),
                ]),
                Goal::CaptureOuter,
                &[&["I1"]],
                true,
            ),
            // C3 has nothing behind it; H3 has H4.
            task(
                "lesson-capture-outer-2",
                south(&[
                    ("E2", 2),
                    ("C2", 1),
                    ("J2", 2),
                    ("H2", 1),
                    ("C3", 2),
                    ("H3", 1),
                    ("H4", 2),
                ]),
                Goal::CaptureOuter,
                &[&["J2"]],
                true,
            ),
            task(
                "lesson-capture-outer-3",
                south(&[
                    ("F2", 2),
                    ("D2", 1),
                    ("I1", 2),
                    ("J2", 1),
                    ("D3", 1),
                    ("D4", 4),
                    ("J3", 3),
                ]),
                Goal::CaptureStones(5),
                &[&["F2"]],
                true,
            ),
        ],
    },
    Lesson {
        id: "capture-sowing",
        title_key: "lesson-capture-sowing-title",
        tasks: &[
            // Three captured stones go I2, H2, G2.
            task(
                "lesson-capture-sowing-1",
                south(&[
                    ("I1", 2),
                    ("J2", 1),
                    ("F2", 2),
                    ("D2", 1),
                    ("J3", 3),
                    ("D3", 2),
                ]),
                Goal::All(&[Goal::Captures(1), Goal::EndIn("G2")]),
                &[&["I1"]],
                true,
            ),
            // Two captured stones land on H2, facing H3: a second capture.
            task(
                "lesson-capture-sowing-2",
                south(&[
                    ("I1", 2),
                    ("J2", 1),
                    ("H2", 1),
                    ("A1", 2),
                    ("J3", 2),
                    ("H3", 2),
                ]),
                Goal::Captures(2),
                &[&["I1"]],
                true,
            ),
            // The captured stones end on G2, across from an empty G3: relay.
            task(
                "lesson-capture-sowing-3",
                south(&[
                    ("I1", 2),
                    ("J2", 1),
                    ("G2", 1),
                    ("E2", 2),
                    ("C2", 1),
                    ("J3", 3),
                    ("C3", 2),
                ]),
                Goal::All(&[Goal::Captures(1), Goal::Relays(1)]),
                &[&["I1"]],
                true,
            ),
            // After A2 the loop goes on into A1: the captured pair ends in B1.
            task(
                "lesson-capture-sowing-4",
                south(&[
                    ("C2", 2),
                    ("A2", 1),
                    ("E2", 2),
                    ("H1", 2),
                    ("A3", 2),
                    ("J4", 1),
                ]),
                Goal::All(&[Goal::Captures(1), Goal::EndIn("B1")]),
                &[&["C2"]],
                true,
            ),
        ],
    },
    Lesson {
        id: "no-move-loses",
        title_key: "lesson-no-move-loses-title",
        tasks: &[
            // F3 is North's only hole of two; single stones cannot move.
            task(
                "lesson-no-move-loses-1",
                south(&[
                    ("H2", 2),
                    ("F2", 1),
                    ("B1", 2),
                    ("F3", 2),
                    ("A4", 1),
                    ("C3", 1),
                ]),
                Goal::All(&[Goal::Captures(1), Goal::NoReply]),
                &[&["H2"]],
                true,
            ),
            // North's pair sits in D4, behind D3: take both.
            task(
                "lesson-no-move-loses-2",
                south(&[
                    ("F2", 2),
                    ("D2", 1),
                    ("J1", 2),
                    ("D3", 1),
                    ("D4", 3),
                    ("G4", 1),
                ]),
                Goal::All(&[Goal::Takes("D3"), Goal::Takes("D4"), Goal::NoReply]),
                &[&["F2"]],
                true,
            ),
            // Both captures are there; only J2's goes on to take C3 too.
            task(
                "lesson-no-move-loses-3",
                south(&[
                    ("G2", 4),
                    ("E2", 1),
                    ("C2", 1),
                    ("J2", 2),
                    ("H2", 1),
                    ("C3", 2),
                    ("H3", 1),
                    ("H4", 2),
                ]),
                Goal::All(&[Goal::Captures(1), Goal::NoReply]),
                &[&["J2"]],
                true,
            ),
        ],
    },
    Lesson {
        id: "protect",
        title_key: "lesson-protect-title",
        tasks: &[
            // North's B3 would end on D3 and take D2 and D1.
            task(
                "lesson-protect-1",
                south(&[
                    ("D2", 3),
                    ("D1", 2),
                    ("J1", 2),
                    ("B3", 2),
                    ("D3", 1),
                    ("J4", 1),
                ]),
                Goal::Protect,
                &[&["D2"]],
                true,
            ),
            // C2 is a single and cannot move: take C3 before it is used.
            task(
                "lesson-protect-2",
                south(&[
                    ("C2", 1),
                    ("C1", 3),
                    ("E2", 2),
                    ("H1", 2),
                    ("A3", 2),
                    ("C3", 1),
                ]),
                Goal::All(&[Goal::Takes("C3"), Goal::Protect]),
                &[&["E2"]],
                true,
            ),
            // D2 is empty, so North's B3 relays harmlessly on D3: any move
            // that drops a stone in D2 hands North D2 and D1.
            task(
                "lesson-protect-3",
                south(&[
                    ("D1", 1),
                    ("F2", 2),
                    ("G2", 4),
                    ("H1", 2),
                    ("B3", 2),
                    ("D3", 1),
                    ("J4", 1),
                ]),
                Goal::All(&[Goal::Empty("D2"), Goal::Protect]),
                &[&["H1"]],
                true,
            ),
        ],
    },
    Lesson {
        id: "leave-no-move",
        title_key: "lesson-leave-no-move-title",
        tasks: &[
            // Two pairs, one turn: the captured stones capture again.
            task(
                "lesson-leave-no-move-1",
                south(&[
                    ("G2", 2),
                    ("E2", 1),
                    ("C2", 1),
                    ("A1", 2),
                    ("E3", 2),
                    ("C3", 2),
                    ("J4", 1),
                ]),
                Goal::NoReply,
                &[&["G2"]],
                true,
            ),
            // Take F3 now; North must sow C4, which fills B4; then take B3
            // and B4 with a relay from F2.
            Task {
                goal_key: "lesson-leave-no-move-2",
                setup: south(&[
                    ("H2", 2),
                    ("F2", 1),
                    ("B2", 1),
                    ("A1", 2),
                    ("J1", 2),
                    ("F3", 2),
                    ("C4", 2),
                    ("B4", 1),
                    ("B3", 1),
                ]),
                goal: Goal::NoReply,
                answers: &[&["H2", "F2"]],
                par: 2,
                unique: true,
                replies: &["C4"],
            },
            // C4 cannot be captured (C3 is empty), but it is North's last
            // pair: once sown, it is gone.
            Task {
                goal_key: "lesson-leave-no-move-3",
                setup: south(&[("A1", 2), ("H1", 2), ("E2", 2), ("C4", 2), ("F3", 1)]),
                goal: Goal::NoReply,
                answers: &[&["H1", "A1"], &["A1", "E2"]],
                par: 2,
                unique: false,
                replies: &["C4"],
            },
        ],
    },
    Lesson {
        id: "beginner",
        title_key: "lesson-beginner-title",
        tasks: &[
            task(
                "lesson-beginner-1",
                Setup::Board {
                    variant: Variant::Beginner,
                    turn: Side::South,
                    stones: &[("D1", 1), ("A2", 1), ("G1", 1), ("J4", 1)],
                },
                Goal::EndIn("E1"),
                &[&["D1"]],
                true,
            ),
            task(
                "lesson-beginner-2",
                Setup::Board {
                    variant: Variant::Beginner,
                    turn: Side::South,
                    stones: &[
                        ("I2", 1),
                        ("H2", 1),
                        ("A1", 1),
                        ("H3", 1),
                        ("H4", 1),
                        ("A4", 1),
                    ],
                },
                Goal::Captures(1),
                &[&["I2"]],
                true,
            ),
            // In Beginner a single stone still moves: take them all.
            task(
                "lesson-beginner-3",
                Setup::Board {
                    variant: Variant::Beginner,
                    turn: Side::South,
                    stones: &[("F2", 1), ("E2", 1), ("A1", 1), ("E3", 2), ("E4", 1)],
                },
                Goal::NoReply,
                &[&["F2"]],
                true,
            ),
        ],
    },
    Lesson {
        id: "expert",
        title_key: "lesson-expert-title",
        tasks: &[
            task(
                "lesson-expert-1",
                Setup::Start(Variant::Expert),
                Goal::All(&[Goal::Rearrange, Goal::FillAll]),
                &[&["@[1 1 1 1 1 1 1 1 1 1 / 2 2 2 2 2 2 2 2 1 1]"]],
                false,
            ),
            // An empty inner row gives North nothing to capture.
            task(
                "lesson-expert-2",
                Setup::Start(Variant::Expert),
                Goal::All(&[Goal::Rearrange, Goal::Protect]),
                &[&["@[0 0 0 0 0 0 0 0 0 0 / 3 3 3 3 3 3 3 3 2 2]"]],
                false,
            ),
            // North's A3 relays from C3 to F3 (C2 empty), leaving E3 and E4
            // to a capture from E2. The goal names the reply; the capture
            // counts only after a rearrangement as the first move.
            Task {
                goal_key: "lesson-expert-3",
                setup: Setup::Start(Variant::Expert),
                goal: Goal::RearrangeThen(&Goal::Captures(1)),
                answers: &[&["@[0 0 0 0 1 0 2 0 0 0 / 3 3 3 3 3 3 3 3 1 0]", "G2"]],
                par: 2,
                unique: false,
                replies: &["A3"],
            },
        ],
    },
];
