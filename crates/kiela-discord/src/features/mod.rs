//! The features a player meets on Discord, one module each: its
//! subcommands (declared once, see [`super::command`]), what they do, and
//! its buttons. The handler only routes interactions here.

pub mod analysis;
pub mod challenges;
pub mod clocks;
pub mod draws;
pub mod info;
pub mod lessons;
pub mod notify;
pub mod playing;
pub mod puzzles;
pub mod ratings;
pub mod settings;
pub mod tournaments;

use serenity::all::CreateActionRow;

use kiela_app::Reply;

use super::command::Entry;

/// Every subcommand and group of `/kiela`, in the order Discord lists
/// them (the registered definition's order: keep it, or Discord sees a new
/// command).
pub const TREE: &[Entry] = &[
    Entry::Sub(challenges::CHALLENGE),
    Entry::Sub(challenges::AI),
    Entry::Sub(playing::MOVE),
    Entry::Sub(playing::ARRANGE),
    Entry::Sub(playing::RESIGN),
    Entry::Sub(draws::DRAW),
    Entry::Sub(playing::HINT),
    Entry::Sub(playing::BOARD),
    Entry::Sub(info::GAMES),
    Entry::Sub(analysis::HISTORY),
    Entry::Sub(analysis::ANALYZE),
    Entry::Sub(info::STATS),
    Entry::Sub(info::LEADERBOARD),
    Entry::Sub(info::RULES),
    Entry::Sub(settings::NOTIFY),
    Entry::Sub(settings::VACATION),
    Entry::Sub(settings::SETTINGS),
    Entry::Group(tournaments::TOURNAMENT_GROUP),
    Entry::Sub(tournaments::TOURNAMENTS),
    Entry::Sub(lessons::LEARN),
    Entry::Sub(puzzles::PUZZLE),
    Entry::Sub(info::HELP),
];

/// The rows under a reply, each feature's buttons in their place: a
/// review's steps; Share under a private analysis; Play under a hint; Accept / Decline under a challenge; under a finished
/// game's public board Watch, Analyse, Review and Rematch; under a game
/// going on, the menu of legal moves (when a person is to move), then
/// Watch, Arrange, Offer draw, Hint and Resign, and the answers to a draw
/// offer. Their words are in the reply's language.
pub fn rows_for(reply: &Reply) -> Vec<CreateActionRow> {
    let lang = reply.lang;
    if let Some(step) = reply.review {
        return analysis::review_rows(step, lang);
    }
    if let Some(game) = reply.share {
        return vec![analysis::share_row(game, lang)];
    }
    if let Some(hint) = reply.hint {
        return vec![playing::play_hint_row(hint, lang)];
    }
    if let Some(buttons) = reply.lesson {
        return lessons::rows(reply, buttons);
    }
    if let Some(buttons) = reply.puzzle {
        return puzzles::rows(reply, buttons);
    }
    if let Some(preview) = reply.preview {
        return vec![playing::preview_row(preview, lang)];
    }
    let mut rows = Vec::new();
    if let Some((game, ply)) = reply.draw_line {
        rows.push(draws::answer_row(game, ply, lang));
    }
    if let Some(tournament) = reply.tournament {
        rows.push(tournaments::sign_up_row(tournament, lang));
    }
    if let Some(challenge) = reply.challenge {
        rows.push(challenges::answer_row(
            challenge,
            reply.open_challenge,
            lang,
        ));
    }
    let Some(game) = reply.public_board() else {
        return rows;
    };
    let (id, ply) = (game.id, game.ply);
    if !game.active {
        // Ply 0 has no turn to watch, nothing to analyse or review.
        let played = (ply > 0).then(|| {
            [
                playing::watch_button(id, ply, lang),
                analysis::analyse_button(id, lang),
                analysis::review_button(id, lang),
            ]
        });
        let buttons = played.into_iter().flatten();
        let rematch = challenges::rematch_button(id, lang);
        rows.push(CreateActionRow::Buttons(buttons.chain([rematch]).collect()));
        return rows;
    }
    rows.extend(playing::move_menu(id, ply, &reply.moves, lang));
    // At most five: Watch, Arrange, Offer draw, Hint, Resign (or Abort).
    let watch = (ply > 0).then(|| playing::watch_button(id, ply, lang));
    let arrange = reply
        .may_arrange
        .then(|| playing::arrange_button(id, ply, lang));
    // A pending offer is answered on its line, not offered again. Against
    // the AI (who takes no draw), Take back instead.
    let offer = match reply.may_take_back {
        true => Some(playing::take_back_button(id, ply, lang)),
        false => (!reply.draw_offered).then(|| draws::offer_button(id, ply, lang)),
    };
    let hint = reply.may_hint.then(|| playing::hint_button(id, ply, lang));
    // Before both have moved, Abort ends the game without a result.
    let resign = match reply.may_abort {
        true => playing::abort_button(id, ply, lang),
        false => playing::resign_button(id, ply, lang),
    };
    let buttons = watch
        .into_iter()
        .chain(arrange)
        .chain(offer)
        .chain(hint)
        .chain([resign]);
    rows.push(CreateActionRow::Buttons(buttons.collect()));
    // An offer still pending on a later board (its maker moved since).
    if reply.draw_offered {
        rows.push(draws::answer_row(id, ply, lang));
    }
    rows
}
