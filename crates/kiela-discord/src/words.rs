//! What the application's outcomes say, in the user's language: each
//! refusal and notice is worded by its feature's module
//! (`features::draws::refusal` for a [`DrawRefusal`](kiela_app::DrawRefusal)),
//! the shared ones here.

use kiela_app::vocabulary::UserId;
use kiela_app::{AppError, GameRefusal, Notice, Permission, PlaceRefusal, Refusal, ThreadRefusal};
use kiela_i18n::tr;
use kiela_i18n::Lang;
use kiela_render::words::side;

use crate::features;

/// Why an action did not happen, as a clause (see `handler::sentence`).
pub fn error(lang: Lang, error: &AppError) -> String {
    match error {
        AppError::Refused(refusal) => self::refusal(lang, refusal),
        AppError::NotYourGame => tr!(lang, "error-not-your-game"),
        AppError::NotYourTurn(to_move) => {
            tr!(lang, "error-not-your-turn", side = side(lang, *to_move))
        }
        AppError::OutOfDate { .. } => tr!(lang, "error-out-of-date"),
        AppError::Conflict => tr!(lang, "error-conflict"),
        AppError::NoSuchGame(id) => tr!(lang, "error-no-such-game", id = *id),
        AppError::Store(e) => tr!(lang, "error-internal", detail = e.to_string()),
        AppError::Internal(detail) => tr!(lang, "error-internal", detail = detail),
        AppError::Busy(id) => tr!(lang, "error-busy", id = *id),
    }
}

/// What a reply or a post says: a line per notice.
pub fn says(lang: Lang, says: &[Notice]) -> String {
    let lines: Vec<String> = says.iter().map(|n| notice(lang, n)).collect();
    lines.join("\n")
}

/// One line of what a reply or a post says.
pub fn notice(lang: Lang, notice: &Notice) -> String {
    match notice {
        Notice::Worded(words) => words.clone(),
        Notice::Draw(notice) => features::draws::notice(lang, notice),
        Notice::Info(notice) => features::info::notice(lang, notice),
        Notice::Lesson(notice) => features::lessons::notice(lang, notice),
        Notice::Puzzle(notice) => features::puzzles::notice(lang, notice),
        Notice::Analysis(notice) => features::analysis::notice(lang, notice),
    }
}

/// A mention of `user`: it notifies them where the message allows it.
pub fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// Why an action was refused.
pub fn refusal(lang: Lang, refusal: &Refusal) -> String {
    match refusal {
        Refusal::OldButton => tr!(lang, "old-button"),
        Refusal::Draw(refusal) => features::draws::refusal(lang, refusal),
        Refusal::Tournament(refusal) => features::tournaments::refusal(lang, refusal),
        Refusal::Settings(refusal) => features::settings::refusal(lang, refusal),
        Refusal::Vacation(refusal) => features::settings::vacation_refusal(lang, refusal),
        Refusal::Analysis(refusal) => features::analysis::refusal(lang, refusal),
        Refusal::Lesson(refusal) => features::lessons::refusal(lang, refusal),
        Refusal::Puzzle(refusal) => features::puzzles::refusal(lang, refusal),
        Refusal::Challenge(refusal) => features::challenges::refusal(lang, refusal),
        Refusal::Play(refusal) => features::playing::refusal(lang, refusal),
        Refusal::Game(refusal) => game(lang, refusal),
        Refusal::Place(refusal) => place(lang, refusal),
        Refusal::Thread(refusal) => thread(lang, refusal),
    }
}

/// Why the game a command means, or a turn of it, cannot be had.
fn game(lang: Lang, refusal: &GameRefusal) -> String {
    match refusal {
        GameRefusal::OtherServer(id) => tr!(lang, "error-other-server", id = *id),
        GameRefusal::LeftServer(id) => tr!(lang, "error-left-server", id = *id),
        GameRefusal::NoGameHere => tr!(lang, "no-game-here"),
        GameRefusal::WhichGame(ids) => tr!(
            lang,
            "which-game",
            count = ids.len(),
            games = ids
                .iter()
                .map(|id| format!("#{id}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        GameRefusal::NoSuchTurn { game, turn, count } => tr!(
            lang,
            "watch-no-turn",
            id = *game,
            turn = *turn,
            count = *count
        ),
        GameRefusal::RearrangementTurn => tr!(lang, "watch-rearrangement"),
    }
}

/// Why a game cannot be acted on where it was asked.
fn place(lang: Lang, refusal: &PlaceRefusal) -> String {
    match refusal {
        PlaceRefusal::Paused(id) => tr!(lang, "game-paused-act-in-server", id = *id),
    }
}

/// Why a game cannot be played where it was asked for.
fn thread(lang: Lang, refusal: &ThreadRefusal) -> String {
    match refusal {
        ThreadRefusal::PermissionsMissing { missing, channel } => {
            let named: Vec<String> = missing
                .iter()
                .map(|&permission| format!("**{}**", self::permission(lang, permission)))
                .collect();
            tr!(
                lang,
                "permissions-missing",
                count = named.len(),
                permissions = named.join(", "),
                channel = channel.to_string()
            )
        }
    }
}

/// A permission's name, as Discord's settings show it.
fn permission(lang: Lang, permission: Permission) -> String {
    match permission {
        Permission::SendMessages => tr!(lang, "permission-send-messages"),
        Permission::AttachFiles => tr!(lang, "permission-attach-files"),
        Permission::CreatePublicThreads => tr!(lang, "permission-create-public-threads"),
        Permission::SendMessagesInThreads => tr!(lang, "permission-send-messages-in-threads"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_app::ChallengeRefusal;

    #[test]
    fn a_refusal_is_worded_in_the_users_language() {
        let refusal = Refusal::from(ChallengeRefusal::Yourself);
        let pt = self::refusal(Lang::Pt, &refusal);
        assert!(
            pt.starts_with("você não pode ser o seu próprio adversário"),
            "{pt}"
        );
        let en = self::refusal(Lang::En, &refusal);
        assert!(en.starts_with("you cannot challenge yourself"), "{en}");
    }
}
