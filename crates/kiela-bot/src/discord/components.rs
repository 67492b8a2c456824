//! Buttons and menus under the bot's messages. Their `custom_id`s carry the
//! game (or challenge) and the ply they were made for, so they keep working
//! after a restart and a stale one is recognised.

use std::fmt;
use std::str::FromStr;

use serenity::all::{
    ButtonStyle, CreateActionRow, CreateButton, CreateInputText, CreateModal, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, InputTextStyle,
};

use crate::app::{Reply, ReviewStep};
use kiela_i18n::tr;
use kiela_i18n::{t, Lang};
use kiela_rules::{Layout, Side};

/// What a component does, with everything needed to do it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComponentId {
    Accept {
        challenge: i64,
    },
    Decline {
        challenge: i64,
    },
    /// The menu of legal moves; the chosen hole is the menu's value.
    Move {
        game: i64,
        ply: i64,
    },
    Draw {
        game: i64,
        ply: i64,
    },
    /// Asks for confirmation before resigning.
    Resign {
        game: i64,
        ply: i64,
    },
    ConfirmResign {
        game: i64,
    },
    /// Shows the animation of the turn that led to `ply`, privately.
    Watch {
        game: i64,
        ply: i64,
    },
    /// Answers the opponent's pending draw offer.
    AcceptDraw {
        game: i64,
        ply: i64,
    },
    DeclineDraw {
        game: i64,
        ply: i64,
    },
    /// Under a finished game: the same game again, seats swapped.
    Rematch {
        game: i64,
    },
    /// Opens the rearrangement form (a modal) filled with the current counts.
    Arrange {
        game: i64,
        ply: i64,
    },
    /// The rearrangement form itself (the modal's `custom_id`).
    ArrangeForm {
        game: i64,
        ply: i64,
    },
    /// Plays the previewed rearrangement: the layout rides in the id.
    ConfirmArrange {
        game: i64,
        ply: i64,
        layout: Layout,
    },
    /// Opens the form again, filled with the previewed layout.
    EditArrange {
        game: i64,
        ply: i64,
        layout: Layout,
    },
    /// Starts the review of a finished game, privately, at its first move.
    Review {
        game: i64,
    },
    /// A review's step buttons: each shows move `ply` (one id per button,
    /// as a message's ids must differ).
    ReviewAt {
        game: i64,
        ply: i64,
        button: ReviewButton,
    },
    /// The engine's move for the player, privately (games against the AI).
    Hint {
        game: i64,
        ply: i64,
    },
    /// The computer's analysis of a finished game.
    Analyse {
        game: i64,
    },
}

/// The buttons of a review step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewButton {
    First,
    Previous,
    Next,
    Last,
}

impl ReviewButton {
    const ALL: [ReviewButton; 4] = [
        ReviewButton::First,
        ReviewButton::Previous,
        ReviewButton::Next,
        ReviewButton::Last,
    ];

    fn name(self) -> &'static str {
        match self {
            ReviewButton::First => "first",
            ReviewButton::Previous => "previous",
            ReviewButton::Next => "next",
            ReviewButton::Last => "last",
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
            ComponentId::Draw { game, ply } => write!(f, "kiela:draw:{game}:{ply}"),
            ComponentId::Resign { game, ply } => write!(f, "kiela:resign:{game}:{ply}"),
            ComponentId::ConfirmResign { game } => write!(f, "kiela:resign-yes:{game}"),
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
            ComponentId::Analyse { game } => write!(f, "kiela:analyse:{game}"),
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
        match (parts.first(), parts.get(1), parts.len()) {
            (Some(&"kiela"), Some(&"accept"), 3) => Ok(ComponentId::Accept {
                challenge: number(2)?,
            }),
            (Some(&"kiela"), Some(&"decline"), 3) => Ok(ComponentId::Decline {
                challenge: number(2)?,
            }),
            (Some(&"kiela"), Some(&"move"), 4) => Ok(ComponentId::Move {
                game: number(2)?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"draw"), 4) => Ok(ComponentId::Draw {
                game: number(2)?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"resign"), 4) => Ok(ComponentId::Resign {
                game: number(2)?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"watch"), 4) => Ok(ComponentId::Watch {
                game: number(2)?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"review"), 3) => Ok(ComponentId::Review { game: number(2)? }),
            (Some(&"kiela"), Some(&"review"), 5) => Ok(ComponentId::ReviewAt {
                game: number(2)?,
                ply: number(3)?,
                button: ReviewButton::ALL
                    .into_iter()
                    .find(|b| Some(&b.name()) == parts.get(4))
                    .ok_or_else(unknown)?,
            }),
            (Some(&"kiela"), Some(&"hint"), 4) => Ok(ComponentId::Hint {
                game: number(2)?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"analyse"), 3) => Ok(ComponentId::Analyse { game: number(2)? }),
            (Some(&"kiela"), Some(&"resign-yes"), 3) => {
                Ok(ComponentId::ConfirmResign { game: number(2)? })
            }
            (Some(&"kiela"), Some(&"draw-yes"), 4) => Ok(ComponentId::AcceptDraw {
                game: number(2)?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"draw-no"), 4) => Ok(ComponentId::DeclineDraw {
                game: number(2)?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"rematch"), 3) => Ok(ComponentId::Rematch { game: number(2)? }),
            (Some(&"kiela"), Some(&"arrange"), 4) => Ok(ComponentId::Arrange {
                game: number(2)?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&"arrange-form"), 4) => Ok(ComponentId::ArrangeForm {
                game: number(2)?,
                ply: number(3)?,
            }),
            (Some(&"kiela"), Some(&kind @ ("arrange-yes" | "arrange-edit")), 5) => {
                let (game, ply) = (number(2)?, number(3)?);
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

/// The rows under a reply: Accept / Decline for a challenge; under every
/// public board a Watch button (a finished game's also Analyse), and for a
/// game going on the menu of legal
/// moves (when a person is to move) and the Offer draw / Resign buttons.
/// Their words are in the reply's language.
pub fn rows_for(reply: &Reply) -> Vec<CreateActionRow> {
    let lang = reply.lang;
    if let Some(step) = reply.review {
        return vec![review_row(step, lang)];
    }
    let mut rows = Vec::new();
    if let Some(challenge) = reply.challenge {
        rows.push(CreateActionRow::Buttons(vec![
            button(
                ComponentId::Accept { challenge },
                &tr!(lang, "button-accept"),
                ButtonStyle::Success,
            ),
            button(
                ComponentId::Decline { challenge },
                &tr!(lang, "button-decline"),
                ButtonStyle::Danger,
            ),
        ]));
    }
    let Some(game) = reply
        .game
        .filter(|_| reply.picture.is_some() && !reply.private)
    else {
        return rows;
    };
    let (id, ply) = (game.id, game.ply);
    if !game.active {
        // A finished game's last board: Watch its last turn, Analyse it,
        // and a Rematch.
        let watch = (ply > 0).then(|| watch_button(id, ply, lang));
        let analyse = (ply > 0).then(|| {
            button(
                ComponentId::Analyse { game: id },
                &tr!(lang, "button-analyse"),
                ButtonStyle::Secondary,
            )
        });
        let review = (ply > 0).then(|| {
            button(
                ComponentId::Review { game: id },
                &tr!(lang, "button-review"),
                ButtonStyle::Secondary,
            )
        });
        let rematch = button(
            ComponentId::Rematch { game: id },
            &tr!(lang, "button-rematch"),
            ButtonStyle::Success,
        );
        rows.push(CreateActionRow::Buttons(
            watch
                .into_iter()
                .chain(analyse)
                .chain(review)
                .chain([rematch])
                .collect(),
        ));
        return rows;
    }
    if !reply.moves.is_empty() {
        // At most 20 holes: within a menu's 25 options.
        let options = reply
            .moves
            .iter()
            .map(|(hole, stones)| {
                CreateSelectMenuOption::new(hole_label(lang, *hole, *stones), hole.to_string())
            })
            .collect();
        let menu = CreateSelectMenu::new(
            ComponentId::Move { game: id, ply }.to_string(),
            CreateSelectMenuKind::String { options },
        )
        .placeholder(tr!(lang, "menu-sow-from"));
        rows.push(CreateActionRow::SelectMenu(menu));
    }
    // Ply 0 has no turn to watch.
    let watch = (ply > 0).then(|| watch_button(id, ply, lang));
    let arrange = reply.may_arrange.then(|| {
        button(
            ComponentId::Arrange { game: id, ply },
            &tr!(lang, "button-arrange"),
            ButtonStyle::Primary,
        )
    });
    // A pending offer is answered below, not offered again.
    let offer = (!reply.draw_offered).then(|| {
        button(
            ComponentId::Draw { game: id, ply },
            &tr!(lang, "button-offer-draw"),
            ButtonStyle::Secondary,
        )
    });
    let hint = reply.may_hint.then(|| {
        button(
            ComponentId::Hint { game: id, ply },
            &tr!(lang, "button-hint"),
            ButtonStyle::Secondary,
        )
    });
    let resign = button(
        ComponentId::Resign { game: id, ply },
        &tr!(lang, "button-resign"),
        ButtonStyle::Danger,
    );
    // At most five: Watch, Arrange, Offer draw, Hint, Resign.
    let buttons = watch
        .into_iter()
        .chain(arrange)
        .chain(offer)
        .chain(hint)
        .chain([resign]);
    rows.push(CreateActionRow::Buttons(buttons.collect()));
    if reply.draw_offered {
        rows.push(CreateActionRow::Buttons(vec![
            button(
                ComponentId::AcceptDraw { game: id, ply },
                &tr!(lang, "button-accept-draw"),
                ButtonStyle::Success,
            ),
            button(
                ComponentId::DeclineDraw { game: id, ply },
                &tr!(lang, "button-decline-draw"),
                ButtonStyle::Secondary,
            ),
        ]));
    }
    rows
}

/// A review step's buttons: to the first, previous, next and last move,
/// those that go nowhere disabled.
fn review_row(step: ReviewStep, lang: Lang) -> CreateActionRow {
    let buttons = ReviewButton::ALL.into_iter().map(|which| {
        let (ply, label) = match which {
            ReviewButton::First => (1, "button-first"),
            ReviewButton::Previous => (step.ply - 1, "button-previous"),
            ReviewButton::Next => (step.ply + 1, "button-next"),
            ReviewButton::Last => (step.last, "button-last"),
        };
        let id = ComponentId::ReviewAt {
            game: step.game,
            ply,
            button: which,
        };
        button(id, &t(lang, label, &[]), ButtonStyle::Secondary)
            .disabled(!(1..=step.last).contains(&ply) || ply == step.ply)
    });
    CreateActionRow::Buttons(buttons.collect())
}

/// The rearrangement form of game `game` at `ply` for `side`: the upper
/// and the lower row as the board draws them, filled with `layout`.
pub fn arrange_form(game: i64, ply: i64, side: Side, layout: &Layout, lang: Lang) -> CreateModal {
    let row = |index: usize, counts: &[u8]| {
        let row = Layout::hole(side, index).row();
        let (name, label) = if index == 0 {
            ("upper", tr!(lang, "arrange-form-upper", row = row))
        } else {
            ("lower", tr!(lang, "arrange-form-lower", row = row))
        };
        let counts: Vec<String> = counts.iter().map(u8::to_string).collect();
        CreateActionRow::InputText(
            CreateInputText::new(InputTextStyle::Short, label, name)
                .value(counts.join(" "))
                .max_length(100)
                .required(true),
        )
    };
    CreateModal::new(
        ComponentId::ArrangeForm { game, ply }.to_string(),
        tr!(lang, "arrange-form-title", id = game),
    )
    .components(vec![row(0, &layout.0[..10]), row(10, &layout.0[10..])])
}

/// Under a rearrangement's preview: play it, or change it.
pub fn confirm_arrange_row(
    game: i64,
    ply: i64,
    layout: Layout,
    lang: Lang,
) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        button(
            ComponentId::ConfirmArrange { game, ply, layout },
            &tr!(lang, "button-confirm-arrange"),
            ButtonStyle::Success,
        ),
        button(
            ComponentId::EditArrange { game, ply, layout },
            &tr!(lang, "button-edit-arrange"),
            ButtonStyle::Secondary,
        ),
    ])]
}

/// Under a refused form: open it again.
pub fn reopen_arrange_row(game: i64, ply: i64, lang: Lang) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![button(
        ComponentId::Arrange { game, ply },
        &tr!(lang, "button-reopen-arrange"),
        ButtonStyle::Primary,
    )])]
}

/// A legal move as a menu or autocomplete choice: `C2 (3 stones)`.
pub fn hole_label(lang: Lang, hole: kiela_rules::Hole, stones: u8) -> String {
    tr!(lang, "menu-hole", hole = hole.to_string(), stones = stones)
}

/// What an old board keeps: its Watch button (none at ply 0).
pub fn watch_row(game: i64, ply: i64, lang: Lang) -> Vec<CreateActionRow> {
    (ply > 0)
        .then(|| CreateActionRow::Buttons(vec![watch_button(game, ply, lang)]))
        .into_iter()
        .collect()
}

fn watch_button(game: i64, ply: i64, lang: Lang) -> CreateButton {
    button(
        ComponentId::Watch { game, ply },
        &tr!(lang, "button-watch"),
        ButtonStyle::Primary,
    )
}

/// The confirmation asked before resigning game `game`.
pub fn confirm_resign_row(game: i64, lang: Lang) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![button(
        ComponentId::ConfirmResign { game },
        &tr!(lang, "button-confirm-resign"),
        ButtonStyle::Danger,
    )])]
}

fn button(id: ComponentId, label: &str, style: ButtonStyle) -> CreateButton {
    CreateButton::new(id.to_string()).label(label).style(style)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_fit_discord() {
        let ids = [
            ComponentId::Accept { challenge: 7 },
            ComponentId::Decline {
                challenge: i64::MAX,
            },
            ComponentId::Move {
                game: i64::MAX,
                ply: i64::MAX,
            },
            ComponentId::Draw { game: 3, ply: 0 },
            ComponentId::Resign { game: 3, ply: 41 },
            ComponentId::ConfirmResign { game: 3 },
            ComponentId::Watch { game: 4, ply: 9 },
            ComponentId::Hint { game: 4, ply: 9 },
            ComponentId::Review { game: 4 },
            ComponentId::ReviewAt {
                game: i64::MAX,
                ply: i64::MAX,
                button: ReviewButton::Previous,
            },
            ComponentId::AcceptDraw { game: 4, ply: 9 },
            ComponentId::DeclineDraw { game: 4, ply: 9 },
            ComponentId::Rematch { game: i64::MAX },
            ComponentId::Arrange { game: 4, ply: 1 },
            ComponentId::ArrangeForm { game: 4, ply: 1 },
            // The longest id: both numbers at their largest, 56 stones.
            ComponentId::ConfirmArrange {
                game: i64::MAX,
                ply: i64::MAX,
                layout: Layout([56; 20]),
            },
            ComponentId::EditArrange {
                game: 4,
                ply: 1,
                layout: Layout([
                    0, 1, 2, 3, 9, 10, 35, 36, 55, 56, 0, 0, 0, 0, 0, 0, 0, 0, 0, 14,
                ]),
            },
            ComponentId::Analyse { game: i64::MAX },
        ];
        for id in ids {
            let text = id.to_string();
            assert!(text.len() <= 100, "{text} is too long for a custom_id");
            assert_eq!(text.parse::<ComponentId>(), Ok(id));
        }
    }

    #[test]
    fn foreign_ids_are_refused() {
        for text in [
            "",
            "kiela",
            "kiela:move:1",
            "kiela:move:x:2",
            "other:accept:1",
            "kiela:accept:1:2",
            "kiela:arrange-yes:1:1:short",
            "kiela:arrange-yes:1:1:0000000000000000000!",
        ] {
            assert!(text.parse::<ComponentId>().is_err(), "{text}");
        }
    }
}
