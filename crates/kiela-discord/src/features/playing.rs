//! Playing a game: `/kiela move` and the menu of moves (with a move's
//! preview, Play and Cancel), `arrange` and the rearrangement form,
//! `resign` and its confirmation, `hint` and its Play button, `board`,
//! Take back (against the AI), and the Watch button.

use serenity::all::{
    ActionRowComponent, AutocompleteChoice, ButtonStyle, ComponentInteractionDataKind,
    CreateActionRow, CreateButton, CreateInputText, CreateModal, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, InputTextStyle, ModalInteraction,
};
use serenity::async_trait;

use kiela_app::{
    AppError, BoardNotice, FormRow, GameEnd, HintMove, MovePreview, PlayNotice, PlayRefusal,
};
use kiela_i18n::tr;
use kiela_i18n::Lang;
use kiela_rules::{Hole, Layout, Side};

use crate::command::{Opt, Request, Subcommand, GAME};
use crate::handler::Cx;
use crate::ids::{button, ComponentId};
use crate::respond::{no_progress, Post, Responder};
use crate::words::{describe_game_error, describe_layout_error, describe_outcome, mention, path};
use kiela_app::vocabulary::{ConfirmMoves, GameId};

/// The hole to sow from (autocompleted with the legal moves).
pub const HOLE: Opt<String> = Opt::new("hole").required().autocomplete();
const LAYOUT: Opt<String> = Opt::new("layout").required();

pub const MOVE: Subcommand = Subcommand {
    name: "move",
    options: &[HOLE.spec(), GAME.spec()],
    read: |args| {
        let value = args
            .get(&HOLE)?
            .ok_or_else(|| tr!(args.lang, "parse-which-hole"))?;
        let (hole, ply) = typed_hole(&value);
        Ok(Box::new(Playing::Move {
            hole: hole.to_string(),
            ply,
            game: args.get(&GAME)?,
        }))
    },
};

pub const ARRANGE: Subcommand = Subcommand {
    name: "arrange",
    options: &[LAYOUT.spec(), GAME.spec()],
    read: |args| {
        Ok(Box::new(Playing::Arrange {
            layout: args
                .get(&LAYOUT)?
                .ok_or_else(|| tr!(args.lang, "parse-layout"))?,
            game: args.get(&GAME)?,
        }))
    },
};

pub const RESIGN: Subcommand = Subcommand {
    name: "resign",
    options: &[GAME.spec()],
    read: |args| {
        Ok(Box::new(Playing::Resign {
            game: args.get(&GAME)?,
        }))
    },
};

pub const HINT: Subcommand = Subcommand {
    name: "hint",
    options: &[GAME.spec()],
    read: |args| {
        Ok(Box::new(Playing::Hint {
            game: args.get(&GAME)?,
        }))
    },
};

pub const BOARD: Subcommand = Subcommand {
    name: "board",
    options: &[GAME.spec()],
    read: |args| {
        Ok(Box::new(Playing::Board {
            game: args.get(&GAME)?,
        }))
    },
};

#[derive(Debug)]
enum Playing {
    Move {
        hole: String,
        /// The ply it was offered at, when picked from the autocomplete.
        ply: Option<i64>,
        game: Option<GameId>,
    },
    Arrange {
        layout: String,
        game: Option<GameId>,
    },
    Resign {
        game: Option<GameId>,
    },
    Hint {
        game: Option<GameId>,
    },
    Board {
        game: Option<GameId>,
    },
}

#[async_trait]
impl Request for Playing {
    async fn perform(self: Box<Self>, cx: &Cx<'_>) -> Result<Post, AppError> {
        let (service, user, place) = (cx.service, cx.user, cx.place);
        let reply = match *self {
            Playing::Move { hole, ply, game } => {
                let hole = typed(&hole)?;
                service
                    .playing
                    .play_move(user, place, game, hole, ply)
                    .await
            }
            Playing::Arrange { layout, game } => {
                let layout = layout.parse().map_err(PlayRefusal::BadLayout)?;
                service.playing.arrange(user, place, game, layout).await
            }
            Playing::Resign { game } => {
                // As the button does: asked, privately, before anything changes.
                let game = service.playing.resign_prompt(user, place, game).await?;
                return Ok(confirm_resign(game, user.lang));
            }
            Playing::Hint { game } => service.analysis.hint(user, place, game).await,
            Playing::Board { game } => service.playing.show(user, place, game).await,
        };
        reply.map(Post::of)
    }
}

/// A hole chosen in the menu of moves under board `game` at `ply`.
pub async fn chosen(
    cx: &Cx<'_>,
    game: GameId,
    ply: i64,
    kind: &ComponentInteractionDataKind,
) -> Result<Post, AppError> {
    let hole = match kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first(),
        _ => None,
    };
    let Some(hole) = hole else {
        return Ok(Post::private(tr!(cx.user.lang, "choose-hole")));
    };
    let hole = typed(hole)?;
    let reply = cx
        .service
        .playing
        .pick_move(cx.user, cx.place, game, hole, ply)
        .await?;
    Ok(Post::of(reply))
}

/// Play under a move's preview: plays it if the game is still at `ply`.
pub async fn play(cx: &Cx<'_>, game: GameId, ply: i64, hole: Hole) -> Result<Post, AppError> {
    let reply = cx
        .service
        .playing
        .play_move(cx.user, cx.place, Some(game), hole, Some(ply))
        .await?;
    Ok(Post::of(reply))
}

/// Cancel under a move's preview: the preview says nothing was played.
pub async fn cancel(cx: &Cx<'_>, game: GameId, ply: i64) -> Result<Post, AppError> {
    let reply = cx
        .service
        .playing
        .cancel_preview(cx.user, game, ply)
        .await?;
    Ok(Post {
        replaces: true,
        ..Post::of(reply)
    })
}

/// The Take back button (against the AI).
pub async fn take_back(cx: &Cx<'_>, game: GameId, ply: i64) -> Result<Post, AppError> {
    let reply = cx
        .service
        .playing
        .take_back(cx.user, cx.place, game, ply)
        .await?;
    Ok(Post::of(reply))
}

/// Under a move's preview: Play (primary) and Cancel.
pub fn preview_row(preview: MovePreview, lang: Lang) -> CreateActionRow {
    let MovePreview { game, ply, hole } = preview;
    CreateActionRow::Buttons(vec![
        button(
            ComponentId::PlayMove { game, ply, hole },
            &tr!(lang, "button-play-move", hole = hole.to_string()),
            ButtonStyle::Primary,
        ),
        button(
            ComponentId::CancelMove { game, ply },
            &tr!(lang, "button-cancel-move"),
            ButtonStyle::Secondary,
        ),
    ])
}

pub fn take_back_button(game: GameId, ply: i64, lang: Lang) -> CreateButton {
    button(
        ComponentId::TakeBack { game, ply },
        &tr!(lang, "button-take-back"),
        ButtonStyle::Secondary,
    )
}

/// The Abort button: the game ends without a result.
pub async fn abort(cx: &Cx<'_>, game: GameId, ply: i64) -> Result<Post, AppError> {
    let reply = cx
        .service
        .playing
        .abort(cx.user, cx.place, game, ply)
        .await?;
    Ok(Post::of(reply))
}

/// The Resign button: asks first.
pub async fn resign(cx: &Cx<'_>, game: GameId, ply: i64) -> Result<Post, AppError> {
    cx.service.games.check_button(cx.user, game, ply).await?;
    Ok(confirm_resign(game, cx.user.lang))
}

/// The confirmation's button: resigns.
pub async fn confirm(cx: &Cx<'_>, game: GameId) -> Result<Post, AppError> {
    Ok(Post::of(
        cx.service
            .playing
            .resign(cx.user, cx.place, Some(game))
            .await?,
    ))
}

/// The Hint button.
pub async fn hint(cx: &Cx<'_>, game: GameId, ply: i64) -> Result<Post, AppError> {
    cx.service.games.check_button(cx.user, game, ply).await?;
    Ok(Post::of(
        cx.service
            .analysis
            .hint(cx.user, cx.place, Some(game))
            .await?,
    ))
}

/// A hint's Play button: plays its move, with the menu's checks (the
/// board it was asked on must still be the game's).
pub async fn play_hint(cx: &Cx<'_>, game: GameId, ply: i64, hole: Hole) -> Result<Post, AppError> {
    let reply = cx
        .service
        .playing
        .play_move(cx.user, cx.place, Some(game), hole, Some(ply))
        .await?;
    Ok(Post::of(reply))
}

/// The Watch button: the turn that led to `ply`, privately.
pub async fn watch(cx: &Cx<'_>, game: GameId, ply: i64) -> Result<Post, AppError> {
    Ok(Post::of(
        cx.service.games.watch(cx.user, cx.place, game, ply).await?,
    ))
}

/// The Confirm button under a rearrangement's preview: plays it.
pub async fn confirm_arrange(
    cx: &Cx<'_>,
    game: GameId,
    ply: i64,
    layout: Layout,
) -> Result<Post, AppError> {
    let reply = cx
        .service
        .playing
        .arrange_at(cx.user, cx.place, game, ply, layout)
        .await?;
    Ok(Post::of(reply))
}

/// The private question asked before resigning game `game`.
fn confirm_resign(game: GameId, lang: Lang) -> Post {
    Post {
        text: tr!(lang, "confirm-resign", id = game),
        rows: vec![CreateActionRow::Buttons(vec![button(
            ComponentId::ConfirmResign { game },
            &tr!(lang, "button-confirm-resign"),
            ButtonStyle::Danger,
        )])],
        ephemeral: true,
        ..Post::default()
    }
}

/// The Arrange and Edit buttons answer with the rearrangement form: a
/// modal, which must be the interaction's first response (no deferral),
/// filled with the current counts or the previewed ones. A refusal
/// (not their turn, a stale board) is a private message instead.
pub async fn open_form(
    cx: &Cx<'_>,
    responder: &Responder,
    game: GameId,
    ply: i64,
    shown: Option<Layout>,
) {
    match cx.service.playing.arrangement_now(cx.user, game, ply).await {
        Ok((side, now)) => {
            let layout = shown.unwrap_or(now);
            responder
                .modal(arrange_form(game, ply, side, &layout, cx.user.lang))
                .await;
        }
        Err(e) => {
            responder
                .answer(no_progress(), async { cx.post(Err(e)).await })
                .await;
        }
    }
}

/// The rearrangement form sent back: a private preview of the new
/// position with Confirm and Edit, or what is wrong with the form and
/// a button to open it again.
pub async fn submit_form(
    cx: &Cx<'_>,
    responder: &Responder,
    modal: &ModalInteraction,
    game: GameId,
    ply: i64,
) {
    let typed = typed_rows(modal);
    let lang = cx.user.lang;
    responder
        .answer(no_progress(), async {
            match cx
                .service
                .playing
                .preview_arrangement(cx.user, game, ply, [&typed[0], &typed[1]])
                .await
            {
                Ok((reply, layout)) => Post {
                    rows: confirm_arrange_row(game, ply, layout, lang),
                    ..Post::of(reply)
                },
                Err(e @ AppError::Refused(_)) => Post {
                    rows: reopen_arrange_row(game, ply, lang),
                    ..cx.failure(e)
                },
                Err(e) => cx.post(Err(e)).await,
            }
        })
        .await;
}

/// The two rows typed in a rearrangement form: the upper, then the lower.
pub fn typed_rows(modal: &ModalInteraction) -> [String; 2] {
    let field = |name: &str| {
        modal
            .data
            .components
            .iter()
            .flat_map(|row| &row.components)
            .find_map(|component| match component {
                ActionRowComponent::InputText(input) if input.custom_id == name => {
                    input.value.clone()
                }
                _ => None,
            })
            .unwrap_or_default()
    };
    [field("upper"), field("lower")]
}

/// The rearrangement form of game `game` at `ply` for `side`: the upper
/// and the lower row as the board draws them, filled with `layout`.
fn arrange_form(game: GameId, ply: i64, side: Side, layout: &Layout, lang: Lang) -> CreateModal {
    let id = ComponentId::ArrangeForm { game, ply };
    layout_form(
        id,
        tr!(lang, "arrange-form-title", id = game),
        side,
        layout,
        lang,
    )
}

/// A rearrangement form whose answer comes back as `id`, titled `title`
/// (at most 45 characters): `side`'s upper and lower row as the board draws
/// them, filled with `layout`. Games and the Expert lesson share it.
pub fn layout_form(
    id: ComponentId,
    title: String,
    side: Side,
    layout: &Layout,
    lang: Lang,
) -> CreateModal {
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
    CreateModal::new(id.to_string(), title)
        .components(vec![row(0, &layout.0[..10]), row(10, &layout.0[10..])])
}

/// Under a rearrangement's preview: play it, or change it.
fn confirm_arrange_row(game: GameId, ply: i64, layout: Layout, lang: Lang) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        button(
            ComponentId::ConfirmArrange { game, ply, layout },
            &tr!(lang, "button-confirm-arrange"),
            ButtonStyle::Primary,
        ),
        button(
            ComponentId::EditArrange { game, ply, layout },
            &tr!(lang, "button-edit-arrange"),
            ButtonStyle::Secondary,
        ),
    ])]
}

/// Under a refused form: open it again.
fn reopen_arrange_row(game: GameId, ply: i64, lang: Lang) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![button(
        ComponentId::Arrange { game, ply },
        &tr!(lang, "button-reopen-arrange"),
        ButtonStyle::Primary,
    )])]
}

/// The menu of legal moves under a board (none when the computer or
/// nobody is to move). At most 20 holes: within a menu's 25 options.
pub fn move_menu(
    game: GameId,
    ply: i64,
    moves: &[(Hole, u8)],
    lang: Lang,
) -> Option<CreateActionRow> {
    hole_menu(ComponentId::Move { game, ply }, moves, lang)
}

/// A menu of holes to sow from (a game's, a lesson's, a puzzle's): `id`
/// gets the chosen one. None without holes.
pub fn hole_menu(id: ComponentId, moves: &[(Hole, u8)], lang: Lang) -> Option<CreateActionRow> {
    if moves.is_empty() {
        return None;
    }
    let options = moves
        .iter()
        .map(|(hole, stones)| {
            CreateSelectMenuOption::new(hole_label(lang, *hole, *stones), hole.to_string())
        })
        .collect();
    let menu = CreateSelectMenu::new(id.to_string(), CreateSelectMenuKind::String { options })
        .placeholder(tr!(lang, "menu-sow-from"));
    Some(CreateActionRow::SelectMenu(menu))
}

/// The hole picked in an exercise's menu (a lesson's, a puzzle's).
pub fn picked_hole(kind: &ComponentInteractionDataKind) -> Result<Hole, AppError> {
    match kind {
        ComponentInteractionDataKind::StringSelect { values } => {
            values.first().and_then(|value| value.parse().ok())
        }
        _ => None,
    }
    .ok_or_else(|| AppError::from(kiela_app::Refusal::OldButton))
}

/// A legal move offered as `/kiela move`'s autocomplete, in the position
/// at `ply`. Its value names that ply (`C2@14`, read back by
/// [`typed_hole`]): a move picked for a board that has moved on since is
/// refused as stale rather than played in the new position.
pub fn hole_choice(lang: Lang, hole: Hole, stones: u8, ply: i64) -> AutocompleteChoice {
    AutocompleteChoice::new(hole_label(lang, hole, stones), format!("{hole}@{ply}"))
}

/// A hole typed (or picked in a menu) as text: refused as one that is
/// not a hole.
fn typed(text: &str) -> Result<Hole, PlayRefusal> {
    text.trim().parse().map_err(PlayRefusal::BadHole)
}

/// The hole and, if it came from the autocomplete ([`hole_choice`]), the
/// ply it was offered at. A hole typed by hand has none, and is played in
/// the position there is.
fn typed_hole(value: &str) -> (&str, Option<i64>) {
    let picked = value
        .rsplit_once('@')
        .and_then(|(hole, ply)| Some((hole, ply.parse().ok()?)));
    match picked {
        Some((hole, ply)) => (hole, Some(ply)),
        None => (value, None),
    }
}

/// A legal move as a menu or autocomplete choice: `C2 (3 stones)`.
pub fn hole_label(lang: Lang, hole: Hole, stones: u8) -> String {
    tr!(lang, "menu-hole", hole = hole.to_string(), stones = stones)
}

pub fn arrange_button(game: GameId, ply: i64, lang: Lang) -> CreateButton {
    button(
        ComponentId::Arrange { game, ply },
        &tr!(lang, "button-arrange"),
        ButtonStyle::Secondary,
    )
}

pub fn hint_button(game: GameId, ply: i64, lang: Lang) -> CreateButton {
    button(
        ComponentId::Hint { game, ply },
        &tr!(lang, "button-hint"),
        ButtonStyle::Secondary,
    )
}

/// Under a hint: **Play C4**, the action the player came for.
pub fn play_hint_row(hint: HintMove, lang: Lang) -> CreateActionRow {
    let HintMove { game, ply, hole } = hint;
    CreateActionRow::Buttons(vec![button(
        ComponentId::PlayHint { game, ply, hole },
        &tr!(lang, "button-play-hint", hole = hole.to_string()),
        ButtonStyle::Primary,
    )])
}

pub fn resign_button(game: GameId, ply: i64, lang: Lang) -> CreateButton {
    button(
        ComponentId::Resign { game, ply },
        &tr!(lang, "button-resign"),
        ButtonStyle::Danger,
    )
}

pub fn abort_button(game: GameId, ply: i64, lang: Lang) -> CreateButton {
    button(
        ComponentId::Abort { game, ply },
        &tr!(lang, "button-abort"),
        ButtonStyle::Secondary,
    )
}

pub fn watch_button(game: GameId, ply: i64, lang: Lang) -> CreateButton {
    button(
        ComponentId::Watch { game, ply },
        &tr!(lang, "button-watch"),
        ButtonStyle::Secondary,
    )
}

/// What an old board keeps: its Watch button (none at ply 0).
pub fn watch_row(game: GameId, ply: i64, lang: Lang) -> Vec<CreateActionRow> {
    (ply > 0)
        .then(|| CreateActionRow::Buttons(vec![watch_button(game, ply, lang)]))
        .into_iter()
        .collect()
}

/// Why acting on a game was refused.
pub(crate) fn refusal(lang: Lang, refusal: &PlayRefusal) -> String {
    match refusal {
        PlayRefusal::BadHole(error) => tr!(lang, "bad-hole", text = &error.0),
        PlayRefusal::BadLayout(error) => describe_layout_error(lang, error),
        PlayRefusal::RowCount { row, count } => {
            let which = match row {
                FormRow::Upper => "upper",
                FormRow::Lower => "lower",
            };
            tr!(lang, "arrange-row-count", which = which, count = *count)
        }
        PlayRefusal::RearrangementUsed => tr!(lang, "illegal-rearrangement-used"),
        PlayRefusal::Illegal { error, legal } => {
            let legal: Vec<String> = legal.iter().map(Hole::to_string).collect();
            tr!(
                lang,
                "illegal-with-moves",
                error = describe_game_error(lang, error),
                moves = legal.join(", ")
            )
        }
        PlayRefusal::Rules(error) => describe_game_error(lang, error),
        PlayRefusal::Forfeited(id) => tr!(lang, "game-was-forfeited", id = *id),
        PlayRefusal::Aborted(id) => tr!(lang, "game-was-aborted", id = *id),
        PlayRefusal::GameOver(end) => {
            tr!(
                lang,
                "game-is-over",
                id = end.game,
                outcome = ending(lang, end)
            )
        }
        PlayRefusal::AlreadyOver(end) => {
            tr!(
                lang,
                "already-over",
                id = end.game,
                outcome = ending(lang, end)
            )
        }
        PlayRefusal::AbortTooLate(id) => tr!(lang, "abort-too-late", id = *id),
        PlayRefusal::AbortTournament(id) => tr!(lang, "abort-tournament", id = *id),
        PlayRefusal::TakebackBetweenPeople => tr!(lang, "takeback-between-people"),
        PlayRefusal::TakebackOver(id) => tr!(lang, "takeback-over", id = *id),
        PlayRefusal::NothingToTakeBack(id) => tr!(lang, "takeback-nothing", id = *id),
    }
}

/// How a game ended, with its players' names.
fn ending(lang: Lang, end: &GameEnd) -> String {
    describe_outcome(lang, end.outcome, &end.south, &end.north)
}

/// What an action on a game says.
pub(crate) fn notice(lang: Lang, notice: &PlayNotice) -> String {
    match notice {
        PlayNotice::Moved { by, path: trace } => path(lang, by, trace),
        PlayNotice::ArrangePreview { game } => tr!(lang, "arrange-preview", id = *game),
        PlayNotice::MovePreview {
            game,
            turn,
            hole,
            by,
            path: trace,
        } => tr!(
            lang,
            "move-preview",
            id = *game,
            turn = *turn,
            hole = hole.to_string(),
            path = path(lang, by, trace)
        ),
        PlayNotice::PreviewCancelled { game, late: false } => {
            tr!(lang, "move-preview-cancelled", id = *game)
        }
        PlayNotice::PreviewCancelled { game, late: true } => {
            tr!(lang, "move-preview-cancelled-late", id = *game)
        }
        PlayNotice::PlayedBoardFollows { game } => {
            tr!(lang, "move-played-board-follows", id = *game)
        }
        PlayNotice::Resigned { by, game } => tr!(lang, "resigned", name = by, id = *game),
        PlayNotice::AbortedBy { by, game } => {
            tr!(lang, "game-aborted-by", id = *game, name = by)
        }
        PlayNotice::TookBack {
            by,
            turn,
            ai: Some(ai),
            game,
        } => tr!(
            lang,
            "takeback-done",
            name = by,
            turn = *turn,
            ai = ai,
            id = *game
        ),
        PlayNotice::TookBack {
            by,
            turn,
            ai: None,
            game,
        } => tr!(
            lang,
            "takeback-done-alone",
            name = by,
            turn = *turn,
            id = *game
        ),
        PlayNotice::Shown { game, ply } => {
            tr!(lang, "show-headline", id = *game, ply = *ply)
        }
        PlayNotice::PlayedElsewhere { game, channel } => tr!(
            lang,
            "played-elsewhere",
            id = *game,
            channel = channel.to_string()
        ),
        PlayNotice::ConfirmMovesSet(choice) => match choice {
            ConfirmMoves::Always => tr!(lang, "confirm-moves-always"),
            ConfirmMoves::Correspondence => tr!(lang, "confirm-moves-correspondence"),
            ConfirmMoves::Never => tr!(lang, "confirm-moves-never"),
        },
    }
}

/// A board's own lines: whose turn it is, or how the game ended.
pub(crate) fn board_notice(lang: Lang, notice: &BoardNotice) -> String {
    match notice {
        BoardNotice::YourMove {
            player,
            name,
            side,
            deadline,
            may_rearrange,
        } => {
            let (mention, side) = (mention(*player), kiela_render::words::side(lang, *side));
            let line = match deadline {
                Some(d) => tr!(
                    lang,
                    "your-move-before",
                    mention = mention,
                    name = name,
                    side = side,
                    deadline = d.to_string()
                ),
                None => tr!(
                    lang,
                    "your-move",
                    mention = mention,
                    name = name,
                    side = side
                ),
            };
            match may_rearrange {
                true => format!("{line} {}", tr!(lang, "may-rearrange")),
                false => line,
            }
        }
        BoardNotice::DrawPending { by, to } => {
            tr!(lang, "draw-pending", name = by, opponent = to)
        }
        BoardNotice::Thinking { name } => tr!(lang, "thinking", name = name),
        BoardNotice::Forfeited => tr!(lang, "forfeit-line"),
        BoardNotice::Aborted => tr!(lang, "aborted-line"),
        BoardNotice::Result {
            end,
            hints,
            takebacks,
        } => {
            let mut line = tr!(lang, "result-line", result = ending(lang, end));
            if *hints > 0 {
                line.push(' ');
                line.push_str(&tr!(lang, "result-hints", count = *hints));
            }
            if *takebacks > 0 {
                line.push(' ');
                line.push_str(&tr!(lang, "result-takebacks", count = *takebacks));
            }
            line
        }
        BoardNotice::GameOverFor { players } => {
            let mentions: Vec<String> = players.iter().map(|&id| mention(id)).collect();
            tr!(lang, "game-over-for", players = mentions.join(" "))
        }
        BoardNotice::Watched {
            game,
            turn,
            by,
            path: trace,
        } => tr!(
            lang,
            "watch-text",
            id = *game,
            turn = *turn,
            path = path(lang, by, trace)
        ),
    }
}

/// One of the user's games as an autocomplete label: `#12 vs Ana: your
/// move`, `#9 vs Ana: you won`.
pub fn game_label(lang: Lang, choice: &kiela_app::GameChoice) -> String {
    use kiela_app::ChoiceState;
    let opponent = choice.opponent.as_str();
    let state = match choice.state {
        ChoiceState::Forfeit => tr!(lang, "choice-forfeit"),
        ChoiceState::Aborted => tr!(lang, "choice-aborted"),
        ChoiceState::Won => tr!(lang, "choice-won"),
        ChoiceState::Lost => tr!(lang, "choice-lost"),
        ChoiceState::Drawn => tr!(lang, "choice-drawn"),
        ChoiceState::YourMove => tr!(lang, "choice-your-move"),
        ChoiceState::TheirMove => tr!(lang, "choice-their-move", name = opponent),
    };
    tr!(
        lang,
        "choice-label",
        id = choice.id,
        opponent = opponent,
        state = state
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picked_hole_carries_its_ply_and_a_typed_one_does_not() {
        let hole: Hole = "C2".parse().unwrap();
        let choice = serde_json::to_value(hole_choice(Lang::En, hole, 3, 14)).unwrap();
        let value = choice["value"].as_str().unwrap();
        assert_eq!(typed_hole(value), ("C2", Some(14)));
        assert_eq!(typed_hole("c2"), ("c2", None));
        // Not a ply: left whole, for the hole's own error to name.
        assert_eq!(typed_hole("C2@soon"), ("C2@soon", None));
    }

    #[test]
    fn a_refused_move_is_worded_in_the_players_language() {
        let hole: Hole = "D4".parse().unwrap();
        let owner = Side::North;
        let refusal = PlayRefusal::Illegal {
            error: kiela_rules::IllegalMove::NotYourHole { hole, owner }.into(),
            legal: vec!["A1".parse().unwrap(), "B1".parse().unwrap()],
        };
        let pt = self::refusal(Lang::Pt, &refusal);
        assert!(pt.starts_with("D4 é uma casa do Norte"), "{pt}");
        assert!(pt.ends_with("Suas jogadas possíveis: A1, B1"), "{pt}");
        let en = self::refusal(Lang::En, &refusal);
        assert_eq!(en, "D4 is North's hole. Your legal moves: A1, B1");
    }
}
