//! Starting games: `/kiela challenge`, `accept`, `decline` and `ai`, the
//! Accept / Decline buttons under a challenge and Rematch under a finished
//! game.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};
use serenity::async_trait;

use kiela_ai::Level;
use kiela_app::{
    AppError, ChallengeClosed, ChallengeNotice, ChallengeRefusal, FirstMover, GameOptions, Name,
    Terms, User,
};
use kiela_i18n::tr;
use kiela_i18n::Lang;
use kiela_rules::Variant;

use crate::command::{Args, Choice, Opt, Request, Subcommand};
use crate::handler::Cx;
use crate::ids::{button, ComponentId};
use crate::respond::Post;
use crate::words::mention;
use kiela_app::vocabulary::{ChallengeId, GameId};
use kiela_app::{DAYS_PER_MOVE, DEFAULT_DAYS};
use kiela_render::words::variant;

/// Without it, an open challenge: anyone in the channel may accept it.
const OPPONENT: Opt<User> = Opt::new("opponent");
const VARIANT: Opt<Variant> = Opt::new("variant");
const FIRST: Opt<FirstMover> = Opt::new("first");
/// Against the computer, "them" is labelled "computer".
const FIRST_VS_AI: Opt<FirstMover> = Opt::new("first").relabel("them", "computer");
const DAYS: Opt<i64> = Opt::new("days")
    .min(*DAYS_PER_MOVE.start() as u64)
    .max(*DAYS_PER_MOVE.end() as u64)
    .facts(|| vec![("default", kiela_i18n::Arg::from(DEFAULT_DAYS))]);
const LEVEL: Opt<Level> = Opt::new("level");

pub const CHALLENGE: Subcommand = Subcommand {
    name: "challenge",
    options: &[OPPONENT.spec(), VARIANT.spec(), FIRST.spec(), DAYS.spec()],
    read: |args| {
        Ok(Box::new(Challenges::Challenge {
            opponent: args.get(&OPPONENT)?,
            options: game_options(args, &FIRST)?,
        }))
    },
};

pub const AI: Subcommand = Subcommand {
    name: "ai",
    options: &[
        LEVEL.spec(),
        VARIANT.spec(),
        FIRST_VS_AI.spec(),
        DAYS.spec(),
    ],
    read: |args| {
        Ok(Box::new(Challenges::Ai {
            level: args.get(&LEVEL)?.unwrap_or(Level::Medium),
            options: game_options(args, &FIRST_VS_AI)?,
        }))
    },
};

fn game_options(args: &Args<'_>, first: &Opt<FirstMover>) -> Result<GameOptions, String> {
    let defaults = GameOptions::default();
    Ok(GameOptions {
        variant: args.get(&VARIANT)?.unwrap_or(defaults.variant),
        first: args.get(first)?.unwrap_or(FirstMover::Random),
        days: args.get(&DAYS)?,
    })
}

#[derive(Debug)]
enum Challenges {
    Challenge {
        opponent: Option<User>,
        options: GameOptions,
    },
    Ai {
        level: Level,
        options: GameOptions,
    },
}

#[async_trait]
impl Request for Challenges {
    async fn perform(self: Box<Self>, cx: &Cx<'_>) -> Result<Post, AppError> {
        let (service, user, place) = (cx.service, cx.user, cx.place);
        let reply = match *self {
            Challenges::Challenge {
                opponent: Some(opponent),
                options,
            } => {
                service
                    .challenges
                    .challenge(user, place, &opponent, options)
                    .await
            }
            Challenges::Challenge {
                opponent: None,
                options,
            } => {
                service
                    .challenges
                    .open_challenge(user, place, options)
                    .await
            }
            Challenges::Ai { level, options } => {
                service
                    .challenges
                    .start_ai_game(user, place, level, options)
                    .await
            }
        };
        reply.map(Post::of)
    }
}

impl Choice for Variant {
    const OFFERED: &'static [Variant] = &Variant::ALL;
    fn value(self) -> &'static str {
        self.name()
    }
    fn unknown(text: &str, lang: Lang) -> Option<String> {
        Some(tr!(lang, "bad-variant", text = text))
    }
}

impl Choice for Level {
    const OFFERED: &'static [Level] = &Level::ALL;
    fn value(self) -> &'static str {
        self.name()
    }
    fn unknown(text: &str, lang: Lang) -> Option<String> {
        Some(tr!(lang, "bad-level", text = text))
    }
}

/// Discord's words for who moves first, as registered: not the names the
/// database stores.
impl Choice for FirstMover {
    const OFFERED: &'static [FirstMover] = &[FirstMover::Me, FirstMover::Them, FirstMover::Random];
    fn value(self) -> &'static str {
        match self {
            FirstMover::Me => "me",
            FirstMover::Them => "them",
            FirstMover::Random => "random",
        }
    }
}

/// The Accept and Decline buttons.
pub async fn answer(cx: &Cx<'_>, challenge: ChallengeId, yes: bool) -> Result<Post, AppError> {
    let (service, user, place) = (cx.service, cx.user, cx.place);
    let reply = if yes {
        service
            .challenges
            .accept(user, place, Some(challenge))
            .await?
    } else {
        service.challenges.say_no(user, place, challenge).await?
    };
    Ok(Post::of(reply))
}

/// The Rematch button: the same game again, seats swapped.
pub async fn rematch(cx: &Cx<'_>, game: GameId) -> Result<Post, AppError> {
    Ok(Post::of(
        cx.service
            .challenges
            .rematch(cx.user, cx.place, game)
            .await?,
    ))
}

/// Under a challenge: Accept, and Decline (Withdraw under an open one,
/// which only its author may use).
pub fn answer_row(challenge: ChallengeId, open: bool, lang: Lang) -> CreateActionRow {
    let no = if open {
        "button-withdraw"
    } else {
        "button-decline"
    };
    CreateActionRow::Buttons(vec![
        button(
            ComponentId::Accept { challenge },
            &tr!(lang, "button-accept"),
            ButtonStyle::Primary,
        ),
        button(
            ComponentId::Decline { challenge },
            &tr!(lang, no),
            ButtonStyle::Secondary,
        ),
    ])
}

pub fn rematch_button(game: GameId, lang: Lang) -> CreateButton {
    button(
        ComponentId::Rematch { game },
        &tr!(lang, "button-rematch"),
        ButtonStyle::Secondary,
    )
}

/// Why a challenge, its answer, a rematch or a game against the AI was
/// refused.
pub(crate) fn refusal(lang: Lang, refusal: &ChallengeRefusal) -> String {
    match refusal {
        ChallengeRefusal::Yourself => tr!(lang, "challenge-self"),
        ChallengeRefusal::ABot { name } => tr!(lang, "challenge-a-bot", name = name),
        ChallengeRefusal::NeedsServer => tr!(lang, "challenge-needs-server"),
        ChallengeRefusal::NoSuchChallenge(id) => tr!(lang, "no-such-challenge", id = *id),
        ChallengeRefusal::Taken { by, game } => tr!(
            lang,
            "challenge-taken",
            name = by,
            id = game.map_or(0, |game| game.0)
        ),
        ChallengeRefusal::NotForYou => tr!(lang, "challenge-not-for-you"),
        ChallengeRefusal::OnlyChallenger => tr!(lang, "challenge-only-challenger"),
        // The catalogue selects on the stored names.
        ChallengeRefusal::Closed(status) => {
            tr!(lang, "challenge-closed", status = status.as_str())
        }
        ChallengeRefusal::Expired => tr!(lang, "challenge-expired"),
        ChallengeRefusal::NobodyChallenged => tr!(lang, "nobody-challenged"),
        ChallengeRefusal::NoOpenChallenge => tr!(lang, "no-open-challenge"),
        ChallengeRefusal::Several(ids) => tr!(
            lang,
            "many-challenges",
            count = ids.len(),
            ids = ids
                .iter()
                .map(|id| format!("#{id}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        ChallengeRefusal::Answered => tr!(lang, "challenge-answered"),
        ChallengeRefusal::OpenNoDecline => tr!(lang, "challenge-open-no-decline"),
        ChallengeRefusal::OtherServer(id) => tr!(lang, "challenge-other-server", id = *id),
        ChallengeRefusal::RematchNotOver(game) => tr!(lang, "rematch-not-over", id = *game),
        ChallengeRefusal::RematchExists(game) => tr!(lang, "rematch-exists", id = *game),
        ChallengeRefusal::BadDays(days) => tr!(
            lang,
            "bad-days",
            days = *days,
            min = *DAYS_PER_MOVE.start(),
            max = *DAYS_PER_MOVE.end()
        ),
        ChallengeRefusal::TooManyChallenges { max, days } => {
            tr!(lang, "quota-challenges", max = *max, days = *days)
        }
        ChallengeRefusal::TooManyAiGames { max } => tr!(lang, "quota-ai-games", max = *max),
    }
}

/// What a challenge and its answers tell people.
pub(crate) fn notice(lang: Lang, notice: &ChallengeNotice) -> String {
    match notice {
        ChallengeNotice::Accepted { by, game, variant } => tr!(
            lang,
            "challenge-accepted",
            name = by,
            id = *game,
            variant = self::variant(lang, *variant)
        ),
        ChallengeNotice::AiGame {
            by,
            game,
            bot,
            level,
            variant,
        } => tr!(
            lang,
            "ai-game",
            id = *game,
            name = by,
            bot = bot,
            level = crate::words::level(lang, *level),
            variant = self::variant(lang, *variant)
        ),
        ChallengeNotice::Challenged {
            by,
            to,
            opponent,
            terms,
        } => tr!(
            lang,
            "challenge",
            mention = mention(*to),
            name = by,
            variant = variant(lang, terms.variant),
            first = first_words(lang, terms, by, Some(opponent)),
            days = terms.days_per_move,
            within = terms.within
        ),
        ChallengeNotice::Open { by, terms } => tr!(
            lang,
            "challenge-open",
            name = by,
            variant = variant(lang, terms.variant),
            first = first_words(lang, terms, by, None),
            days = terms.days_per_move,
            within = terms.within
        ),
        ChallengeNotice::Rematch {
            by,
            to,
            opponent,
            game,
            terms,
        } => tr!(
            lang,
            "rematch-challenge",
            mention = mention(*to),
            name = by,
            id = *game,
            variant = variant(lang, terms.variant),
            first = first_words(lang, terms, by, Some(opponent)),
            days = terms.days_per_move,
            within = terms.within
        ),
        ChallengeNotice::Declined { by, challenger } => tr!(
            lang,
            "challenge-declined",
            name = by,
            mention = mention(*challenger)
        ),
        ChallengeNotice::Withdrawn { by, opponent } => match opponent {
            None => tr!(lang, "challenge-withdrawn-open", name = by),
            Some(opponent) => tr!(
                lang,
                "challenge-withdrawn",
                name = by,
                mention = mention(*opponent)
            ),
        },
        ChallengeNotice::Expired {
            challenger,
            opponent,
        } => match opponent {
            Some(opponent) => tr!(
                lang,
                "challenge-expired-to",
                mention = mention(*challenger),
                name = opponent
            ),
            None => tr!(
                lang,
                "challenge-expired-open",
                mention = mention(*challenger)
            ),
        },
        ChallengeNotice::Reminder {
            to,
            challenger,
            until,
        } => tr!(
            lang,
            "challenge-reminder",
            mention = mention(*to),
            name = challenger,
            until = until.to_string()
        ),
        ChallengeNotice::Closed(closed) => {
            let note = match closed {
                ChallengeClosed::Accepted { by, game } => {
                    tr!(lang, "challenge-status-accepted", name = by, id = *game)
                }
                ChallengeClosed::Declined { by } => {
                    tr!(lang, "challenge-status-declined", name = by)
                }
                ChallengeClosed::Withdrawn => tr!(lang, "challenge-status-withdrawn"),
                ChallengeClosed::Expired => tr!(lang, "challenge-status-expired"),
            };
            tr!(lang, "challenge-note", note = note)
        }
    }
}

/// Who moves first, in words: a named player, whoever accepts an open
/// challenge, or chance.
fn first_words(lang: Lang, terms: &Terms, challenger: &Name, opponent: Option<&Name>) -> String {
    match (terms.first, opponent) {
        (FirstMover::Me, _) => tr!(lang, "first-named", name = challenger),
        (FirstMover::Them, Some(name)) => tr!(lang, "first-named", name = name),
        (FirstMover::Them, None) => tr!(lang, "first-acceptor"),
        (FirstMover::Random, _) => tr!(lang, "first-random"),
    }
}
