//! What the application's outcomes say, in the user's language: each
//! refusal and notice is worded by its feature's module
//! (`features::draws::refusal` for a [`DrawRefusal`](kiela_app::DrawRefusal)),
//! the shared ones here.

use kiela_ai::Level;
use kiela_app::vocabulary::ChannelRefusal;
use kiela_app::vocabulary::UserId;
use kiela_app::{AltText, WelcomeNotice};
use kiela_app::{AppError, GameRefusal, Notice, Permission, PlaceRefusal, Refusal, ThreadRefusal};
use kiela_app::{GameEnding, Name, OutboxNotice, PlaceNotice, ThreadName, ThreadNotice};
use kiela_i18n::tr;
use kiela_i18n::Lang;
use kiela_render::words::{player, side, variant};
use kiela_rules::{GameError, IllegalMove, LayoutError, Outcome, Reason, Side, Trace};

use crate::features;

/// Discord limits a thread's name to 100 characters.
pub const THREAD_NAME_CHARS: usize = 100;

/// The name of a thread the bot opens, within Discord's length.
pub fn thread_name(lang: Lang, name: &ThreadName) -> String {
    let name = match name {
        ThreadName::Game { game, south, north } => tr!(
            lang,
            "thread-name",
            id = game.to_string(),
            south = south.plain(),
            north = north.plain()
        ),
        ThreadName::Tournament { name, tournament } => tr!(
            lang,
            "tournament-thread-name",
            name = name,
            id = *tournament
        ),
        ThreadName::TournamentGame { name, round, game } => tr!(
            lang,
            "tournament-thread",
            name = name,
            round = *round,
            id = *game
        ),
        ThreadName::DailyPuzzle { day } => tr!(
            lang,
            "puzzle-daily-thread",
            date = kiela_app::puzzle_date(*day)
        ),
        ThreadName::Worded(name) => name.clone(),
    };
    name.chars().take(THREAD_NAME_CHARS).collect()
}

/// A picture's alt text: as `kiela-render` worded it with the picture, or
/// worded here.
pub fn alt_text(lang: Lang, alt: &AltText) -> String {
    match alt {
        AltText::Drawn(text) => text.clone(),
        AltText::PuzzleSolution { number } => {
            tr!(lang, "puzzle-solution-alt", number = *number)
        }
        AltText::Graph {
            game,
            plies,
            south,
            north,
            marks,
        } => tr!(
            lang,
            "analysis-alt",
            id = *game,
            plies = *plies,
            south = player(lang, &south.plain(), Side::South),
            north = player(lang, &north.plain(), Side::North),
            count = *marks
        ),
        AltText::GameGif {
            game,
            south,
            north,
            turns,
            shown,
        } if shown >= turns => tr!(
            lang,
            "history-alt-text",
            id = *game,
            south = south.plain(),
            north = north.plain(),
            turns = *turns
        ),
        AltText::GameGif {
            game,
            south,
            north,
            turns,
            shown,
        } => tr!(
            lang,
            "history-alt-text-end",
            id = *game,
            south = south.plain(),
            north = north.plain(),
            turns = *turns,
            shown = *shown
        ),
    }
}

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
        Notice::Settings(notice) => features::settings::notice(lang, notice),
        Notice::Ratings(notice) => features::ratings::notice(lang, notice),
        Notice::Challenge(notice) => features::challenges::notice(lang, notice),
        Notice::Play(notice) => features::playing::notice(lang, notice),
        Notice::Clock(notice) => features::clocks::notice(lang, notice),
        Notice::Board(notice) => features::playing::board_notice(lang, notice),
        Notice::Place(notice) => place_notice(lang, notice),
        Notice::Thread(notice) => thread_notice(lang, notice),
        Notice::Outbox(notice) => outbox_notice(lang, notice),
        Notice::Notify(notice) => features::notify::notice(lang, notice),
        Notice::Welcome(notice) => welcome_notice(lang, notice),
        Notice::Info(notice) => features::info::notice(lang, notice),
        Notice::Lesson(notice) => features::lessons::notice(lang, notice),
        Notice::Puzzle(notice) => features::puzzles::notice(lang, notice),
        Notice::Analysis(notice) => features::analysis::notice(lang, notice),
        Notice::Tournament(notice) => features::tournaments::notice(lang, notice),
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
        PlaceRefusal::BotNotInServer { bot } => {
            tr!(lang, "place-bot-not-in-server", link = install_link(*bot))
        }
    }
}

/// The link that adds the app (`bot`, whose user id is the
/// application's) to a server: Discord's install page, with the install
/// settings chosen in the Developer Portal.
pub fn install_link(bot: kiela_app::UserId) -> String {
    format!("<https://discord.com/oauth2/authorize?client_id={bot}>")
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

/// What a game following its place says.
fn place_notice(lang: Lang, notice: &PlaceNotice) -> String {
    match notice {
        PlaceNotice::MovedHere { game, why } => tr!(
            lang,
            "game-moved-here",
            id = *game,
            why = refused_because(lang, *why)
        ),
        PlaceNotice::Paused { game, why } => tr!(
            lang,
            "game-paused-dm",
            id = *game,
            why = refused_because(lang, *why)
        ),
        PlaceNotice::ResumedHere { game } => tr!(lang, "game-resumed-here", id = *game),
    }
}

/// Why `refusal` leaves a game without its place, in words.
fn refused_because(lang: Lang, refusal: ChannelRefusal) -> String {
    match refusal {
        ChannelRefusal::UnknownChannel => tr!(lang, "place-refused-unknown-channel"),
        ChannelRefusal::MissingAccess => tr!(lang, "place-refused-missing-access"),
        ChannelRefusal::MissingPermissions => tr!(lang, "place-refused-missing-permissions"),
    }
}

/// What a lobby is told of the games played in its threads.
fn thread_notice(lang: Lang, notice: &ThreadNotice) -> String {
    match notice {
        ThreadNotice::GameStarted { pings, headline } => {
            let mentions: Vec<String> = pings.iter().map(|&id| mention(id) + " ").collect();
            tr!(
                lang,
                "game-started-line",
                mentions = mentions.concat(),
                headline = self::notice(lang, headline)
            )
        }
        ThreadNotice::GameEnded {
            game,
            south,
            north,
            thread,
            ending,
        } => {
            let outcome = match ending {
                GameEnding::Result(outcome) => describe_outcome(lang, *outcome, south, north),
                GameEnding::Aborted => tr!(lang, "outcome-aborted"),
                GameEnding::Forfeit { absent } => tr!(lang, "outcome-forfeit", name = absent),
            };
            tr!(
                lang,
                "game-ended-line",
                id = *game,
                south = south,
                north = north,
                thread = thread.to_string(),
                outcome = outcome
            )
        }
    }
}

/// What the outbox adds to an answer.
fn outbox_notice(lang: Lang, notice: &OutboxNotice) -> String {
    match notice {
        OutboxNotice::PostedElsewhere { channel } => {
            tr!(lang, "posted-elsewhere", channel = channel.to_string())
        }
    }
}

/// What the welcome says.
fn welcome_notice(lang: Lang, notice: &WelcomeNotice) -> String {
    match notice {
        WelcomeNotice::Welcome => tr!(lang, "welcome"),
    }
}

/// The turn's path in words ("Ana sowed G2 → ended in E2."), with `mover`
/// as the mover, for message text.
pub fn path(lang: Lang, mover: &Name, trace: &Trace) -> String {
    // The render's words cut names at their own length and know nothing
    // of markdown: give them a stand-in, then put the escaped name in.
    const SLOT: &str = "\u{FFFC}";
    kiela_render::words::path(lang, SLOT, trace).replacen(SLOT, &mover.shown(), 1)
}

/// An AI level's name.
pub fn level(lang: Lang, level: Level) -> String {
    match level {
        Level::Beginner => tr!(lang, "level-beginner"),
        Level::Easy => tr!(lang, "level-easy"),
        Level::Medium => tr!(lang, "level-medium"),
        Level::Hard => tr!(lang, "level-hard"),
        Level::Expert => tr!(lang, "level-expert"),
    }
}

/// How a game ended, in words with its players' names (`south`,
/// `north`): "Ana won: Bob resigned.", "Draw by agreement.".
pub fn describe_outcome(lang: Lang, outcome: Outcome, south: &Name, north: &Name) -> String {
    let name = |side: Side| match side {
        Side::South => south.shown(),
        Side::North => north.shown(),
    };
    worded_outcome(lang, outcome, name)
}

/// How a game ended, the winner and loser named by `name`.
fn worded_outcome(lang: Lang, outcome: Outcome, name: impl Fn(Side) -> String) -> String {
    let Some(winner) = outcome.result.winner() else {
        return match outcome.reason {
            Reason::Agreement => tr!(lang, "result-agreement"),
            Reason::Repetition => tr!(lang, "result-repetition"),
            _ => tr!(lang, "result-draw"),
        };
    };
    let (winner, loser) = (name(winner), name(winner.opponent()));
    let key = match outcome.reason {
        Reason::Resignation => "result-resigned",
        Reason::Timeout => "result-timeout",
        Reason::NoMoves => "result-no-moves",
        Reason::Agreement | Reason::Repetition => "result-won",
    };
    tr!(lang, key, winner = winner, loser = loser)
}

/// A layout's refusal, in `lang`.
pub fn describe_layout_error(lang: Lang, error: &LayoutError) -> String {
    match error {
        LayoutError::WrongLength(n) => tr!(lang, "layout-wrong-length", count = *n),
        LayoutError::NotANumber(t) => tr!(lang, "layout-not-a-number", text = t),
        LayoutError::Negative(t) => tr!(lang, "layout-negative", text = t),
        LayoutError::TooLarge(t) => tr!(lang, "layout-too-large", text = t),
        LayoutError::MisplacedSlash => tr!(lang, "layout-misplaced-slash"),
        LayoutError::WrongTotal { layout, have } => {
            tr!(lang, "layout-wrong-total", layout = *layout, have = *have)
        }
    }
}

/// A refused move, in `lang`.
pub fn describe_game_error(lang: Lang, error: &GameError) -> String {
    match error {
        GameError::Over(done) => {
            let done = worded_outcome(lang, *done, |s| side(lang, s));
            tr!(lang, "illegal-game-over", outcome = done)
        }
        GameError::Illegal(illegal) => describe_illegal(lang, illegal),
    }
}

fn describe_illegal(lang: Lang, error: &IllegalMove) -> String {
    match error {
        IllegalMove::NotYourHole { hole, owner } => tr!(
            lang,
            "illegal-not-your-hole",
            hole = hole.to_string(),
            owner = side(lang, *owner)
        ),
        IllegalMove::Empty(hole) => tr!(lang, "illegal-empty", hole = hole.to_string()),
        IllegalMove::TooFewStones { hole, variant: v } => tr!(
            lang,
            "illegal-too-few",
            hole = hole.to_string(),
            variant = variant(lang, *v),
            min = v.min_stones() as u32
        ),
        IllegalMove::Endless(hole) => tr!(lang, "illegal-endless", hole = hole.to_string()),
        IllegalMove::NotExpert => tr!(lang, "illegal-not-expert"),
        IllegalMove::RearrangementUsed => tr!(lang, "illegal-rearrangement-used"),
        IllegalMove::Layout(e) => describe_layout_error(lang, e),
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

    #[test]
    fn refused_moves_speak_both_languages() {
        let error = GameError::Illegal(IllegalMove::Empty("C2".parse().unwrap()));
        assert_eq!(describe_game_error(Lang::En, &error), "C2 is empty");
        assert_eq!(describe_game_error(Lang::Pt, &error), "C2 está vazia");
        let layout = LayoutError::WrongLength(3);
        assert_eq!(describe_layout_error(Lang::En, &layout), layout.to_string());
    }

    #[test]
    fn thread_names_are_worded_here_and_kept_within_discords_length() {
        use kiela_app::vocabulary::{GameId, TournamentId};
        let game = ThreadName::Game {
            game: GameId(12),
            south: Name::from("**ana**"),
            north: Name::from("bob"),
        };
        assert_eq!(thread_name(Lang::En, &game), "Kiela #12: **ana** vs bob");
        assert_eq!(thread_name(Lang::Pt, &game), "Kiela #12: **ana** x bob");
        let cup = ThreadName::Tournament {
            name: "Cup".into(),
            tournament: TournamentId(3),
        };
        assert_eq!(thread_name(Lang::En, &cup), "🏆 Cup (tournament #3)");
        assert_eq!(thread_name(Lang::Pt, &cup), "🏆 Cup (torneio #3)");
        let round = ThreadName::TournamentGame {
            name: "Cup".into(),
            round: 2,
            game: GameId(40),
        };
        assert_eq!(thread_name(Lang::En, &round), "Cup · R2 · #40");
        let daily = ThreadName::DailyPuzzle { day: 20_833 };
        assert_eq!(thread_name(Lang::En, &daily), "Daily puzzle 2027-01-15");
        assert_eq!(thread_name(Lang::Pt, &daily), "Problema do dia 2027-01-15");
        let old = ThreadName::Worded("Kiela #9: ana vs bob".into());
        assert_eq!(thread_name(Lang::Pt, &old), "Kiela #9: ana vs bob");
        let long = ThreadName::Tournament {
            name: "x".repeat(120),
            tournament: TournamentId(3),
        };
        let name = thread_name(Lang::En, &long);
        assert_eq!(name.chars().count(), THREAD_NAME_CHARS);
        assert!(name.starts_with("🏆 xxx"), "{name}");
    }

    #[test]
    fn a_games_autocomplete_label_is_worded_here() {
        use kiela_app::vocabulary::GameId;
        use kiela_app::{ChoiceState, GameChoice};
        let choice = |state| GameChoice {
            id: GameId(12),
            opponent: "Ana".into(),
            state,
        };
        let label = |lang, state| features::playing::game_label(lang, &choice(state));
        assert_eq!(
            label(Lang::En, ChoiceState::YourMove),
            "#12 vs Ana: your move"
        );
        assert_eq!(
            label(Lang::Pt, ChoiceState::YourMove),
            "#12 contra Ana: sua vez"
        );
        assert_eq!(
            label(Lang::En, ChoiceState::TheirMove),
            "#12 vs Ana: Ana to move"
        );
        assert_eq!(label(Lang::En, ChoiceState::Won), "#12 vs Ana: you won");
        assert_eq!(label(Lang::En, ChoiceState::Lost), "#12 vs Ana: you lost");
        assert_eq!(label(Lang::En, ChoiceState::Drawn), "#12 vs Ana: drawn");
        assert_eq!(label(Lang::En, ChoiceState::Aborted), "#12 vs Ana: aborted");
        assert_eq!(label(Lang::En, ChoiceState::Forfeit), "#12 vs Ana: forfeit");
    }

    #[test]
    fn alt_texts_are_worded_here_unless_drawn() {
        use kiela_app::vocabulary::GameId;
        let drawn = AltText::Drawn("Kiela board, game #3.".into());
        assert_eq!(alt_text(Lang::Pt, &drawn), "Kiela board, game #3.");
        let puzzle = AltText::PuzzleSolution { number: 5 };
        assert_eq!(
            alt_text(Lang::En, &puzzle),
            "The solution of puzzle 5, animated move by move."
        );
        assert_eq!(
            alt_text(Lang::Pt, &puzzle),
            "A solução do problema 5, animada jogada a jogada."
        );
        let graph = AltText::Graph {
            game: GameId(12),
            plies: 40,
            south: Name::from("**ana**"),
            north: Name::from("bob"),
            marks: 3,
        };
        assert_eq!(
            alt_text(Lang::En, &graph),
            "Evaluation graph of game #12 over 40 turns, **ana** (South) ahead above the \
             line, bob (North) below; 3 mistakes and blunders marked."
        );
        let gif = |turns, shown| AltText::GameGif {
            game: GameId(12),
            south: Name::from("ana"),
            north: Name::from("bob"),
            turns,
            shown,
        };
        assert_eq!(
            alt_text(Lang::En, &gif(420, 300)),
            "Game #12, ana against bob: the board after each of its last 300 turns (of 420: \
             the whole game would be too large for Discord), with each turn's path."
        );
        let whole = alt_text(Lang::En, &gif(40, 40));
        assert!(
            whole.starts_with("Game #12, ana against bob: the board after each of its 40 turns"),
            "{whole}"
        );
    }
}
