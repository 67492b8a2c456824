//! The vocabulary of the bot's buttons, menus and forms: every action a
//! component can do, and its `custom_id`. Each feature builds its own
//! components (`features/`); their ids are written and read here, in one
//! place, because ids already posted must keep parsing to the same action
//! whatever the code becomes. They carry the game (or challenge) and the
//! ply they were made for, so they keep working after a restart and a
//! stale one is recognised.

use std::fmt;
use std::str::FromStr;

use serenity::all::{ButtonStyle, CreateButton};

use kiela_rules::{Hole, Layout};

use kiela_app::{offered_lessons, puzzle_edition, puzzle_number, LessonStep, PuzzleStep};

use kiela_app::vocabulary::{ChallengeId, GameId, TournamentId};

/// What a component does, with everything needed to do it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComponentId {
    Accept {
        challenge: ChallengeId,
    },
    Decline {
        challenge: ChallengeId,
    },
    /// The menu of legal moves; the chosen hole is the menu's value.
    Move {
        game: GameId,
        ply: i64,
    },
    /// Under a move's private preview: plays it, if the game is still at
    /// `ply`.
    PlayMove {
        game: GameId,
        ply: i64,
        hole: Hole,
    },
    /// Under a move's private preview: plays nothing.
    CancelMove {
        game: GameId,
        ply: i64,
    },
    /// Against the AI: undoes the player's last move and the AI's reply.
    TakeBack {
        game: GameId,
        ply: i64,
    },
    Draw {
        game: GameId,
        ply: i64,
    },
    /// Asks for confirmation before resigning.
    Resign {
        game: GameId,
        ply: i64,
    },
    ConfirmResign {
        game: GameId,
    },
    /// Ends a game without a result before both players have moved.
    Abort {
        game: GameId,
        ply: i64,
    },
    /// Shows the animation of the turn that led to `ply`, privately.
    Watch {
        game: GameId,
        ply: i64,
    },
    /// Answers the opponent's pending draw offer.
    AcceptDraw {
        game: GameId,
        ply: i64,
    },
    DeclineDraw {
        game: GameId,
        ply: i64,
    },
    /// Under a finished game: the same game again, seats swapped.
    Rematch {
        game: GameId,
    },
    /// Opens the rearrangement form (a modal) filled with the current counts.
    Arrange {
        game: GameId,
        ply: i64,
    },
    /// The rearrangement form itself (the modal's `custom_id`).
    ArrangeForm {
        game: GameId,
        ply: i64,
    },
    /// Plays the previewed rearrangement: the layout rides in the id.
    ConfirmArrange {
        game: GameId,
        ply: i64,
        layout: Layout,
    },
    /// Opens the form again, filled with the previewed layout.
    EditArrange {
        game: GameId,
        ply: i64,
        layout: Layout,
    },
    /// Starts the review of a finished game, privately, at its first move.
    Review {
        game: GameId,
    },
    /// A review's step buttons: each shows move `ply` (one id per button,
    /// as a message's ids must differ).
    ReviewAt {
        game: GameId,
        ply: i64,
        button: ReviewButton,
    },
    /// The engine's move for the player, privately (games against the AI).
    Hint {
        game: GameId,
        ply: i64,
    },
    /// Under a hint: plays its move, as the menu of the board it was asked
    /// on would (`ply` is that board's: a later one makes it stale).
    PlayHint {
        game: GameId,
        ply: i64,
        hole: Hole,
    },
    /// The computer's analysis of a finished game.
    Analyse {
        game: GameId,
    },
    /// Under an analysis shown privately: posts it in the game's place.
    ShareAnalysis {
        game: GameId,
    },
    /// A lesson's menu of holes: the attempt so far rides in the id.
    LessonMove {
        step: LessonStep,
    },
    /// A lesson's Arrange button (an Expert task's first move): opens the
    /// rearrangement form for `step`.
    LessonArrange {
        step: LessonStep,
    },
    /// The rearrangement form of a lesson's `step`, sent back.
    LessonArrangeForm {
        step: LessonStep,
    },
    /// A lesson's task from its start (Next, Try again).
    LessonAt {
        lesson: &'static str,
        task: usize,
    },
    /// A puzzle's menu of holes: the puzzle and the ply reached ride in
    /// the id.
    PuzzleMove {
        step: PuzzleStep,
    },
    /// A puzzle's buttons, and Solve under a daily post.
    Puzzle {
        action: PuzzleAction,
    },
    /// Under a tournament's sign-up message: Join, Leave, Start.
    Tournament {
        tournament: TournamentId,
        action: TournamentButton,
    },
}

/// The buttons of a tournament's sign-up message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentButton {
    Join,
    Leave,
    Start,
}

impl TournamentButton {
    pub const ALL: [TournamentButton; 3] = [
        TournamentButton::Join,
        TournamentButton::Leave,
        TournamentButton::Start,
    ];

    fn name(self) -> &'static str {
        match self {
            TournamentButton::Join => "join",
            TournamentButton::Leave => "leave",
            TournamentButton::Start => "start",
        }
    }
}

/// The buttons of a puzzle (by its number), and a daily post's Solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleAction {
    /// Another puzzle, near the solver's rating.
    Next,
    /// Today's puzzle.
    Daily,
    Retry(usize),
    Solution(usize),
}

/// The buttons of a review step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewButton {
    First,
    Previous,
    Next,
    Last,
    /// To the turn before this one that the analysis calls a mistake (or a
    /// blunder).
    PreviousMistake,
    /// To the next such turn.
    NextMistake,
}

impl ReviewButton {
    pub const ALL: [ReviewButton; 6] = [
        ReviewButton::First,
        ReviewButton::Previous,
        ReviewButton::Next,
        ReviewButton::Last,
        ReviewButton::PreviousMistake,
        ReviewButton::NextMistake,
    ];

    fn name(self) -> &'static str {
        match self {
            ReviewButton::First => "first",
            ReviewButton::Previous => "previous",
            ReviewButton::Next => "next",
            ReviewButton::Last => "last",
            ReviewButton::PreviousMistake => "previous-mistake",
            ReviewButton::NextMistake => "next-mistake",
        }
    }
}

/// The digits of a layout in a `custom_id`: one per hole (a hole holds at
/// most 56 stones), so 20 counts take 20 characters.
const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

fn encode(layout: &Layout) -> String {
    layout
        .0
        .iter()
        .map(|&n| DIGITS[n as usize] as char)
        .collect()
}

fn decode(text: &str) -> Option<Layout> {
    let mut counts = [0u8; 20];
    if text.len() != counts.len() {
        return None;
    }
    for (count, digit) in counts.iter_mut().zip(text.bytes()) {
        *count = DIGITS.iter().position(|&d| d == digit)? as u8;
    }
    Some(Layout(counts))
}

impl fmt::Display for ComponentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ComponentId::Accept { challenge } => write!(f, "kiela:accept:{challenge}"),
            ComponentId::Decline { challenge } => write!(f, "kiela:decline:{challenge}"),
            ComponentId::Move { game, ply } => write!(f, "kiela:move:{game}:{ply}"),
            ComponentId::PlayMove { game, ply, hole } => {
                write!(f, "kiela:play:{game}:{ply}:{hole}")
            }
            ComponentId::CancelMove { game, ply } => write!(f, "kiela:play-no:{game}:{ply}"),
            ComponentId::TakeBack { game, ply } => write!(f, "kiela:takeback:{game}:{ply}"),
            ComponentId::Draw { game, ply } => write!(f, "kiela:draw:{game}:{ply}"),
            ComponentId::Resign { game, ply } => write!(f, "kiela:resign:{game}:{ply}"),
            ComponentId::ConfirmResign { game } => write!(f, "kiela:resign-yes:{game}"),
            ComponentId::Abort { game, ply } => write!(f, "kiela:abort:{game}:{ply}"),
            ComponentId::Watch { game, ply } => write!(f, "kiela:watch:{game}:{ply}"),
            ComponentId::Hint { game, ply } => write!(f, "kiela:hint:{game}:{ply}"),
            ComponentId::Review { game } => write!(f, "kiela:review:{game}"),
            ComponentId::ReviewAt { game, ply, button } => {
                write!(f, "kiela:review:{game}:{ply}:{}", button.name())
            }
            ComponentId::AcceptDraw { game, ply } => write!(f, "kiela:draw-yes:{game}:{ply}"),
            ComponentId::DeclineDraw { game, ply } => write!(f, "kiela:draw-no:{game}:{ply}"),
            ComponentId::Rematch { game } => write!(f, "kiela:rematch:{game}"),
            ComponentId::Arrange { game, ply } => write!(f, "kiela:arrange:{game}:{ply}"),
            ComponentId::ArrangeForm { game, ply } => write!(f, "kiela:arrange-form:{game}:{ply}"),
            ComponentId::ConfirmArrange { game, ply, layout } => {
                write!(f, "kiela:arrange-yes:{game}:{ply}:{}", encode(&layout))
            }
            ComponentId::EditArrange { game, ply, layout } => {
                write!(f, "kiela:arrange-edit:{game}:{ply}:{}", encode(&layout))
            }
            ComponentId::PlayHint { game, ply, hole } => {
                write!(f, "kiela:hint-play:{game}:{ply}:{hole}")
            }
            ComponentId::Analyse { game } => write!(f, "kiela:analyse:{game}"),
            ComponentId::ShareAnalysis { game } => write!(f, "kiela:analyse-share:{game}"),
            ComponentId::LessonMove { step } => write!(f, "kiela:learn:{}", write_step(step)),
            ComponentId::LessonArrange { step } => {
                write!(f, "kiela:learn-arrange:{}", write_step(step))
            }
            ComponentId::LessonArrangeForm { step } => {
                write!(f, "kiela:learn-form:{}", write_step(step))
            }
            ComponentId::LessonAt { lesson, task } => write!(f, "kiela:learn-at:{lesson}:{task}"),
            ComponentId::Tournament { tournament, action } => {
                write!(f, "kiela:tournament:{tournament}:{}", action.name())
            }
            ComponentId::PuzzleMove { step } => {
                let edition = puzzle_edition();
                write!(f, "kiela:puzzle:{}:{}:{edition:x}", step.number, step.ply)
            }
            ComponentId::Puzzle { action } => match action {
                PuzzleAction::Next => write!(f, "kiela:puzzle-next"),
                PuzzleAction::Daily => write!(f, "kiela:puzzle-daily"),
                PuzzleAction::Retry(number) => {
                    write!(f, "kiela:puzzle-retry:{number}:{:x}", puzzle_edition())
                }
                PuzzleAction::Solution(number) => {
                    write!(f, "kiela:puzzle-solution:{number}:{:x}", puzzle_edition())
                }
            },
        }
    }
}

impl FromStr for ComponentId {
    type Err = String;

    fn from_str(id: &str) -> Result<ComponentId, String> {
        let unknown = || format!("unknown component `{id}`");
        let parts: Vec<&str> = id.split(':').collect();
        let number = |i: usize| -> Result<i64, String> {
            parts
                .get(i)
                .and_then(|n| n.parse().ok())
                .ok_or_else(unknown)
        };
        let game = || number(2).map(GameId);
        match (parts.first(), parts.get(1), parts.len()) {
            (Some(&"kiela"), Some(&"accept"), 3) => Ok(ComponentId::Accept {
                challenge: number(2).map(ChallengeId)?,
            }),
            (Some(&"kiela"), Some(&"decline"), 3) => Ok(ComponentId::Decline {
                challenge: number(2).map(ChallengeId)?,
            }),
            (Some(&"kiela"), Some(&"move"), 4) => Ok(ComponentId::Move {
                game: game()?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"play"), 5) => Ok(ComponentId::PlayMove {
                game: game()?,
                ply: number(3)?,
                hole: parts[4].parse().map_err(|_| unknown())?,
            }),
            (Some(&"kiela"), Some(&"play-no"), 4) => Ok(ComponentId::CancelMove {
                game: game()?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"takeback"), 4) => Ok(ComponentId::TakeBack {
                game: game()?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"draw"), 4) => Ok(ComponentId::Draw {
                game: game()?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"resign"), 4) => Ok(ComponentId::Resign {
                game: game()?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"abort"), 4) => Ok(ComponentId::Abort {
                game: game()?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"watch"), 4) => Ok(ComponentId::Watch {
                game: game()?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"review"), 3) => Ok(ComponentId::Review { game: game()? }),
            (Some(&"kiela"), Some(&"review"), 5) => Ok(ComponentId::ReviewAt {
                game: game()?,
                ply: number(3)?,
                button: ReviewButton::ALL
                    .into_iter()
                    .find(|b| Some(&b.name()) == parts.get(4))
                    .ok_or_else(unknown)?,
            }),
            (Some(&"kiela"), Some(&"hint"), 4) => Ok(ComponentId::Hint {
                game: game()?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"hint-play"), 5) => Ok(ComponentId::PlayHint {
                game: game()?,
                ply: number(3)?,
                hole: parts[4].parse::<Hole>().map_err(|_| unknown())?,
            }),
            (Some(&"kiela"), Some(&"analyse"), 3) => Ok(ComponentId::Analyse { game: game()? }),
            (Some(&"kiela"), Some(&"analyse-share"), 3) => {
                Ok(ComponentId::ShareAnalysis { game: game()? })
            }
            (Some(&"kiela"), Some(&kind @ ("learn" | "learn-arrange" | "learn-form")), 5) => {
                let step = read_step(parts[2], number(3)?, parts[4]).ok_or_else(unknown)?;
                Ok(match kind {
                    "learn" => ComponentId::LessonMove { step },
                    "learn-arrange" => ComponentId::LessonArrange { step },
                    _ => ComponentId::LessonArrangeForm { step },
                })
            }
            (Some(&"kiela"), Some(&"learn-at"), 4) => Ok(ComponentId::LessonAt {
                lesson: lesson(parts[2]).ok_or_else(unknown)?,
                task: number(3)? as usize,
            }),
            (Some(&"kiela"), Some(&"tournament"), 4) => Ok(ComponentId::Tournament {
                tournament: number(2).map(TournamentId)?,
                action: TournamentButton::ALL
                    .into_iter()
                    .find(|b| Some(&b.name()) == parts.get(3))
                    .ok_or_else(unknown)?,
            }),
            (Some(&"kiela"), Some(&"puzzle"), 5) if this_edition(parts[4]) => {
                Ok(ComponentId::PuzzleMove {
                    step: PuzzleStep {
                        number: puzzle(number(2)?).ok_or_else(unknown)?,
                        ply: number(3)?,
                    },
                })
            }
            (Some(&"kiela"), Some(&"puzzle-next"), 2) => Ok(ComponentId::Puzzle {
                action: PuzzleAction::Next,
            }),
            (Some(&"kiela"), Some(&"puzzle-daily"), 2) => Ok(ComponentId::Puzzle {
                action: PuzzleAction::Daily,
            }),
            (Some(&"kiela"), Some(&"puzzle-retry"), 4) if this_edition(parts[3]) => {
                Ok(ComponentId::Puzzle {
                    action: PuzzleAction::Retry(puzzle(number(2)?).ok_or_else(unknown)?),
                })
            }
            (Some(&"kiela"), Some(&"puzzle-solution"), 4) if this_edition(parts[3]) => {
                Ok(ComponentId::Puzzle {
                    action: PuzzleAction::Solution(puzzle(number(2)?).ok_or_else(unknown)?),
                })
            }
            (Some(&"kiela"), Some(&"resign-yes"), 3) => {
                Ok(ComponentId::ConfirmResign { game: game()? })
            }
            (Some(&"kiela"), Some(&"draw-yes"), 4) => Ok(ComponentId::AcceptDraw {
                game: game()?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"draw-no"), 4) => Ok(ComponentId::DeclineDraw {
                game: game()?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"rematch"), 3) => Ok(ComponentId::Rematch { game: game()? }),
            (Some(&"kiela"), Some(&"arrange"), 4) => Ok(ComponentId::Arrange {
                game: game()?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"arrange-form"), 4) => Ok(ComponentId::ArrangeForm {
                game: game()?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&kind @ ("arrange-yes" | "arrange-edit")), 5) => {
                let (game, ply) = (game()?, number(3)?);
                let layout = decode(parts[4]).ok_or_else(unknown)?;
                Ok(if kind == "arrange-yes" {
                    ComponentId::ConfirmArrange { game, ply, layout }
                } else {
                    ComponentId::EditArrange { game, ply, layout }
                })
            }
            _ => Err(unknown()),
        }
    }
}

/// A lesson step in an id: `lesson:task:moves`, the moves `-` for none,
/// else the sowings joined by `.` (`H1.C1`), after the rearrangement
/// (`@` and its digits) when the attempt began with one.
fn write_step(step: LessonStep) -> String {
    let mut moves: Vec<String> = step
        .arranged
        .iter()
        .map(|l| format!("@{}", encode(l)))
        .collect();
    moves.extend(step.moves().map(|hole| hole.to_string()));
    let moves = if moves.is_empty() {
        "-".to_string()
    } else {
        moves.join(".")
    };
    format!("{}:{}:{moves}", step.lesson, step.task)
}

/// The step [`write_step`] wrote; `None` for an unknown lesson or a move
/// that does not read.
fn read_step(id: &str, task: i64, moves: &str) -> Option<LessonStep> {
    let mut step = LessonStep::new(lesson(id)?, usize::try_from(task).ok()?);
    if moves == "-" {
        return Some(step);
    }
    let mut moves = moves.split('.').peekable();
    if let Some(digits) = moves.peek().and_then(|m| m.strip_prefix('@')) {
        step.arranged = Some(decode(digits)?);
        moves.next();
    }
    for (i, hole) in moves.enumerate() {
        *step.moves.get_mut(i)? = Some(hole.parse::<Hole>().ok()?);
    }
    Some(step)
}

/// The lesson whose stable id is `id`, as the lessons name it.
fn lesson(id: &str) -> Option<&'static str> {
    offered_lessons()
        .into_iter()
        .map(|l| l.id)
        .find(|&l| l == id)
}

/// A puzzle's number, checked: shipped, or in the range of the puzzles
/// mined from the bot's games (which the application looks up).
fn puzzle(number: i64) -> Option<usize> {
    let number = usize::try_from(number).ok()?;
    puzzle_number(number).then_some(number)
}

/// Whether a puzzle button was made for this edition of the shipped set
/// ([`puzzle_edition`]): one made before the set was mined again names
/// its puzzle by a number another puzzle has now.
fn this_edition(edition: &str) -> bool {
    u32::from_str_radix(edition, 16) == Ok(puzzle_edition())
}

/// A button that does `id`.
pub fn button(id: ComponentId, label: &str, style: ButtonStyle) -> CreateButton {
    CreateButton::new(id.to_string()).label(label).style(style)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_fit_discord() {
        let ids = [
            ComponentId::Accept {
                challenge: ChallengeId(7),
            },
            ComponentId::Decline {
                challenge: ChallengeId(i64::MAX),
            },
            ComponentId::Move {
                game: GameId(i64::MAX),
                ply: i64::MAX,
            },
            ComponentId::Draw {
                game: GameId(3),
                ply: 0,
            },
            ComponentId::PlayMove {
                game: GameId(i64::MAX),
                ply: i64::MAX,
                hole: "J4".parse().unwrap(),
            },
            ComponentId::PlayMove {
                game: GameId(12),
                ply: 22,
                hole: "A1".parse().unwrap(),
            },
            ComponentId::CancelMove {
                game: GameId(12),
                ply: 22,
            },
            ComponentId::TakeBack {
                game: GameId(i64::MAX),
                ply: 4,
            },
            ComponentId::Resign {
                game: GameId(3),
                ply: 41,
            },
            ComponentId::ConfirmResign { game: GameId(3) },
            ComponentId::Abort {
                game: GameId(3),
                ply: 1,
            },
            ComponentId::Watch {
                game: GameId(4),
                ply: 9,
            },
            ComponentId::Hint {
                game: GameId(4),
                ply: 9,
            },
            ComponentId::Review { game: GameId(4) },
            ComponentId::ReviewAt {
                game: GameId(i64::MAX),
                ply: i64::MAX,
                button: ReviewButton::Previous,
            },
            ComponentId::AcceptDraw {
                game: GameId(4),
                ply: 9,
            },
            ComponentId::DeclineDraw {
                game: GameId(4),
                ply: 9,
            },
            ComponentId::Rematch {
                game: GameId(i64::MAX),
            },
            ComponentId::LessonAt {
                lesson: "capture-sowing",
                task: 3,
            },
            ComponentId::LessonMove {
                step: LessonStep {
                    moves: [Some("J4".parse().unwrap()); kiela_app::MAX_ATTEMPT],
                    ..LessonStep::new("capture-sowing", 5)
                },
            },
            ComponentId::LessonMove {
                step: LessonStep::new("relay", 0),
            },
            // The longest lesson id: a rearrangement and a full attempt.
            ComponentId::LessonMove {
                step: LessonStep {
                    arranged: Some(Layout([56; 20])),
                    moves: [Some("J4".parse().unwrap()); kiela_app::MAX_ATTEMPT],
                    ..LessonStep::new("capture-sowing", 5)
                },
            },
            ComponentId::LessonMove {
                step: LessonStep {
                    arranged: Some(Layout([2; 20])),
                    moves: [
                        Some("G2".parse().unwrap()),
                        None,
                        None,
                        None,
                        None,
                        None,
                        None,
                        None,
                    ],
                    ..LessonStep::new("expert", 2)
                },
            },
            ComponentId::LessonArrange {
                step: LessonStep::new("expert", 0),
            },
            ComponentId::LessonArrangeForm {
                step: LessonStep::new("expert", 1),
            },
            ComponentId::Tournament {
                tournament: TournamentId(i64::MAX),
                action: TournamentButton::Start,
            },
            ComponentId::Arrange {
                game: GameId(4),
                ply: 1,
            },
            ComponentId::ArrangeForm {
                game: GameId(4),
                ply: 1,
            },
            // The longest id: both numbers at their largest, 56 stones.
            ComponentId::ConfirmArrange {
                game: GameId(i64::MAX),
                ply: i64::MAX,
                layout: Layout([56; 20]),
            },
            ComponentId::EditArrange {
                game: GameId(4),
                ply: 1,
                layout: Layout([
                    0, 1, 2, 3, 9, 10, 35, 36, 55, 56, 0, 0, 0, 0, 0, 0, 0, 0, 0, 14,
                ]),
            },
            ComponentId::Analyse {
                game: GameId(i64::MAX),
            },
            ComponentId::ShareAnalysis {
                game: GameId(i64::MAX),
            },
            ComponentId::PlayHint {
                game: GameId(i64::MAX),
                ply: i64::MAX,
                hole: "J4".parse().unwrap(),
            },
            ComponentId::ReviewAt {
                game: GameId(i64::MAX),
                ply: i64::MAX,
                button: ReviewButton::PreviousMistake,
            },
            ComponentId::ReviewAt {
                game: GameId(4),
                ply: 7,
                button: ReviewButton::NextMistake,
            },
            ComponentId::PuzzleMove {
                step: PuzzleStep { number: 1, ply: 4 },
            },
            ComponentId::Puzzle {
                action: PuzzleAction::Next,
            },
            ComponentId::Puzzle {
                action: PuzzleAction::Daily,
            },
            ComponentId::Puzzle {
                action: PuzzleAction::Retry(17),
            },
            ComponentId::Puzzle {
                action: PuzzleAction::Solution(600),
            },
        ];
        for id in ids {
            let text = id.to_string();
            assert!(text.len() <= 100, "{text} is too long for a custom_id");
            assert_eq!(text.parse::<ComponentId>(), Ok(id));
        }
    }

    #[test]
    fn lesson_ids_posted_before_the_rearrangement_still_parse() {
        let relay = "kiela:learn:relay:1:H1.C1".parse::<ComponentId>();
        let mut step = LessonStep::new("relay", 1);
        step.moves[0] = Some("H1".parse().unwrap());
        step.moves[1] = Some("C1".parse().unwrap());
        assert_eq!(relay, Ok(ComponentId::LessonMove { step }));
        let start = "kiela:learn:sowing:0:-".parse::<ComponentId>();
        let step = LessonStep::new("sowing", 0);
        assert_eq!(start, Ok(ComponentId::LessonMove { step }));
    }

    #[test]
    fn ids_already_posted_keep_parsing() {
        for (text, id) in [
            (
                "kiela:review:4:7:next",
                ComponentId::ReviewAt {
                    game: GameId(4),
                    ply: 7,
                    button: ReviewButton::Next,
                },
            ),
            (
                "kiela:analyse:12",
                ComponentId::Analyse { game: GameId(12) },
            ),
            (
                "kiela:hint:12:5",
                ComponentId::Hint {
                    game: GameId(12),
                    ply: 5,
                },
            ),
        ] {
            assert_eq!(text.parse::<ComponentId>(), Ok(id), "{text}");
        }
    }

    #[test]
    fn foreign_ids_are_refused() {
        let edition = puzzle_edition();
        for text in [
            "",
            "kiela",
            "kiela:move:1",
            "kiela:move:x:2",
            "other:accept:1",
            "kiela:accept:1:2",
            "kiela:arrange-yes:1:1:short",
            // Not a hole, or no hole.
            "kiela:play:1:2:K9",
            "kiela:play:1:2",
            "kiela:takeback:1",
            "kiela:arrange-yes:1:1:0000000000000000000!",
            // No puzzle 0, nor one past the shipped set.
            &format!("kiela:puzzle:0:0:{edition:x}"),
            &format!("kiela:puzzle-retry:100000:{edition:x}"),
            "kiela:puzzle-next:1",
            // Made for another edition of the set, or before editions.
            &format!("kiela:puzzle:1:0:{:x}", edition ^ 1),
            &format!("kiela:puzzle-solution:1:{:x}", edition ^ 1),
            "kiela:puzzle:1:0",
            "kiela:puzzle-retry:1",
            // A lesson's rearrangement must be 20 digits, and come first.
            "kiela:learn:expert:0:@123",
            "kiela:learn:expert:0:G2.@00000000000000000000",
            "kiela:learn-form:nonsense:0:-",
            // A hint's hole must be a hole.
            "kiela:hint-play:1:2:K9",
            "kiela:hint-play:1:2",
            "kiela:review:1:2:next-blunder",
        ] {
            assert!(text.parse::<ComponentId>().is_err(), "{text}");
        }
    }
}
