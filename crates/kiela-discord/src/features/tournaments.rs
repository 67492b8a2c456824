//! Tournaments: the `/kiela tournament` group (create, join, leave, start,
//! standings, cancel), `/kiela tournaments`, and the sign-up message's
//! Join, Leave and Start buttons.

use serenity::all::{ButtonStyle, CreateActionRow};
use serenity::async_trait;

use kiela_app::{
    swiss_rounds, AppError, Authority, NewTournament, TournamentFormat, TournamentId,
    TournamentRefusal, DAYS_PER_MOVE, DEFAULT_DAYS, MAX_ROUNDS, MAX_ROUND_ROBIN, MAX_SWISS,
    MIN_PLAYERS, STRICT_DAYS, STRICT_PERCENT,
};
use kiela_app::{
    Name, Ranked, SignUp, StandingsTable, Tiebreaks, TournamentLine, TournamentNotice,
    TournamentStage, TournamentStart, DOUBLE_ROUND_ROBIN,
};
use kiela_i18n::tr;
use kiela_i18n::Arg;
use kiela_i18n::Lang;
use kiela_rules::Variant;

use crate::command::{Choice, Group, Opt, Request, Subcommand};
use crate::handler::Cx;
use crate::ids::{button, ComponentId, TournamentButton};
use crate::respond::Post;
use crate::words::mention;

const NAME: Opt<String> = Opt::new("name").required();
const FORMAT: Opt<TournamentFormat> = Opt::new("format").required().facts(|| {
    vec![
        ("round_robin", Arg::from(MAX_ROUND_ROBIN)),
        ("swiss", Arg::from(MAX_SWISS)),
    ]
});
const VARIANT: Opt<Variant> = Opt::new("variant");
const DAYS: Opt<i64> = Opt::new("days")
    .min(*DAYS_PER_MOVE.start() as u64)
    .max(*DAYS_PER_MOVE.end() as u64)
    .facts(|| vec![("default", Arg::from(DEFAULT_DAYS))]);
const ROUNDS: Opt<i64> = Opt::new("rounds")
    .min(1)
    .max(MAX_ROUNDS as u64)
    .facts(swiss_rounds);
const MAX_PLAYERS: Opt<i64> = Opt::new("max-players")
    .min(MIN_PLAYERS as u64)
    .max(MAX_SWISS as u64);
const STARTS: Opt<i64> = Opt::new("starts").min(1).max(24 * 30);
const RATED: Opt<bool> = Opt::new("rated");
const STRICT: Opt<bool> = Opt::new("strict").facts(|| {
    vec![
        ("percent", Arg::from(STRICT_PERCENT)),
        ("days", Arg::from(STRICT_DAYS)),
    ]
});
const TOURNAMENT: Opt<TournamentId> = Opt::new("tournament").min(1);
const ONE: &[crate::command::Spec] = &[TOURNAMENT.spec()];

impl Choice for TournamentFormat {
    const OFFERED: &'static [TournamentFormat] = TournamentFormat::ALL;
    fn value(self) -> &'static str {
        self.as_str()
    }
}

/// `/kiela tournament …`
pub const TOURNAMENT_GROUP: Group = Group {
    name: "tournament",
    subcommands: &[
        Subcommand {
            name: "create",
            options: &[
                NAME.spec(),
                FORMAT.spec(),
                VARIANT.spec(),
                DAYS.spec(),
                ROUNDS.spec(),
                MAX_PLAYERS.spec(),
                STARTS.spec(),
                RATED.spec(),
                STRICT.spec(),
            ],
            read: |args| {
                let lang = args.lang;
                Ok(Box::new(Action::Create(NewTournament {
                    name: args
                        .get(&NAME)?
                        .ok_or_else(|| tr!(lang, "parse-no-subcommand"))?,
                    format: args.get(&FORMAT)?.unwrap_or(TournamentFormat::Swiss),
                    variant: args.get(&VARIANT)?.unwrap_or_default(),
                    days: args.get(&DAYS)?,
                    rounds: args.get(&ROUNDS)?,
                    max_players: args.get(&MAX_PLAYERS)?,
                    starts_in_hours: args.get(&STARTS)?,
                    rated: args.get(&RATED)?.unwrap_or(true),
                    strict: args.get(&STRICT)?.unwrap_or(false),
                })))
            },
        },
        one("join", Verb::Join),
        one("leave", Verb::Leave),
        one("start", Verb::Start),
        one("standings", Verb::Standings),
        one("cancel", Verb::Cancel),
    ],
};

/// `/kiela tournaments`
pub const TOURNAMENTS: Subcommand = Subcommand {
    name: "tournaments",
    options: &[],
    read: |_| Ok(Box::new(Action::List)),
};

/// A subcommand that acts on one tournament (by default this server's
/// latest that fits).
const fn one(name: &'static str, verb: Verb) -> Subcommand {
    Subcommand {
        name,
        options: ONE,
        read: match verb {
            Verb::Join => |args| Ok(Box::new(Action::On(Verb::Join, args.get(&TOURNAMENT)?))),
            Verb::Leave => |args| Ok(Box::new(Action::On(Verb::Leave, args.get(&TOURNAMENT)?))),
            Verb::Start => |args| Ok(Box::new(Action::On(Verb::Start, args.get(&TOURNAMENT)?))),
            Verb::Standings => |args| {
                Ok(Box::new(Action::On(
                    Verb::Standings,
                    args.get(&TOURNAMENT)?,
                )))
            },
            Verb::Cancel => |args| Ok(Box::new(Action::On(Verb::Cancel, args.get(&TOURNAMENT)?))),
        },
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verb {
    Join,
    Leave,
    Start,
    Standings,
    Cancel,
}

#[derive(Debug)]
enum Action {
    Create(NewTournament),
    On(Verb, Option<TournamentId>),
    List,
}

#[async_trait]
impl Request for Action {
    async fn perform(self: Box<Self>, cx: &Cx<'_>) -> Result<Post, AppError> {
        let reply = match *self {
            Action::Create(new) => {
                cx.service
                    .tournaments
                    .create_tournament(cx.user, cx.place, new)
                    .await?
            }
            Action::On(verb, id) => return act(cx, verb, id).await,
            Action::List => {
                cx.service
                    .tournaments
                    .tournaments(cx.user, cx.place)
                    .await?
            }
        };
        Ok(Post::of(reply))
    }
}

async fn act(cx: &Cx<'_>, verb: Verb, id: Option<TournamentId>) -> Result<Post, AppError> {
    let (service, user, place) = (cx.service, cx.user, cx.place);
    let authority = Authority {
        is_manager: cx.manager,
    };
    let reply = match verb {
        Verb::Join => service.tournaments.join_tournament(user, place, id).await?,
        Verb::Leave => {
            service
                .tournaments
                .leave_tournament(user, place, id)
                .await?
        }
        Verb::Start => {
            service
                .tournaments
                .start_tournament(user, place, authority, id)
                .await?
        }
        Verb::Standings => {
            service
                .tournaments
                .tournament_standings(user, place, id)
                .await?
        }
        Verb::Cancel => {
            service
                .tournaments
                .cancel_tournament(user, place, authority, id)
                .await?
        }
    };
    Ok(Post::of(reply))
}

/// A sign-up message's button.
pub async fn press(
    cx: &Cx<'_>,
    tournament: TournamentId,
    action: TournamentButton,
) -> Result<Post, AppError> {
    let verb = match action {
        TournamentButton::Join => Verb::Join,
        TournamentButton::Leave => Verb::Leave,
        TournamentButton::Start => Verb::Start,
    };
    act(cx, verb, Some(tournament)).await
}

/// Under a sign-up message: Join, Leave, Start.
pub fn sign_up_row(tournament: TournamentId, lang: Lang) -> CreateActionRow {
    let made = |action, key: &str, style| {
        button(
            ComponentId::Tournament { tournament, action },
            &tr!(lang, key),
            style,
        )
    };
    CreateActionRow::Buttons(vec![
        made(
            TournamentButton::Join,
            "button-tournament-join",
            ButtonStyle::Primary,
        ),
        made(
            TournamentButton::Leave,
            "button-tournament-leave",
            ButtonStyle::Secondary,
        ),
        made(
            TournamentButton::Start,
            "button-tournament-start",
            ButtonStyle::Secondary,
        ),
    ])
}

/// Why a tournament action was refused.
pub(crate) fn refusal(lang: Lang, refusal: &TournamentRefusal) -> String {
    match refusal {
        TournamentRefusal::OnlyInServers => tr!(lang, "tournament-only-in-servers"),
        TournamentRefusal::BadName { max } => tr!(lang, "tournament-bad-name", max = *max),
        TournamentRefusal::BadSize { min, max } => {
            tr!(lang, "tournament-bad-size", min = *min, max = *max)
        }
        TournamentRefusal::RoundsSwissOnly => tr!(lang, "tournament-rounds-swiss-only"),
        TournamentRefusal::BadRounds { max } => tr!(lang, "tournament-bad-rounds", max = *max),
        TournamentRefusal::TooMany { max } => tr!(lang, "tournament-too-many", max = *max),
        TournamentRefusal::TooManyOfYours { max } => {
            tr!(lang, "tournament-too-many-yours", max = *max)
        }
        TournamentRefusal::Strict {
            name,
            percent,
            days,
            lost,
            games,
        } => tr!(
            lang,
            "tournament-strict-refused",
            name = name,
            percent = *percent,
            days = *days,
            lost = *lost,
            games = *games
        ),
        TournamentRefusal::AlreadyIn { name } => tr!(lang, "tournament-already-in", name = name),
        TournamentRefusal::Full { name } => tr!(lang, "tournament-full", name = name),
        TournamentRefusal::Closed { name } => tr!(lang, "tournament-closed", name = name),
        TournamentRefusal::NotIn { name } => tr!(lang, "tournament-not-in", name = name),
        TournamentRefusal::AlreadyStarted { name } => {
            tr!(lang, "tournament-already-started", name = name)
        }
        TournamentRefusal::Over { name, status } => {
            tr!(
                lang,
                "tournament-over",
                name = name,
                state = status.as_str()
            )
        }
        TournamentRefusal::OrganiserOnly => tr!(lang, "tournament-organiser-only"),
        TournamentRefusal::TooFew { min, count } => {
            tr!(lang, "tournament-too-few", min = *min, count = *count)
        }
        TournamentRefusal::Unknown(id) => tr!(lang, "tournament-unknown", id = *id),
        TournamentRefusal::NoneHere => tr!(lang, "tournament-none-here"),
    }
}

/// What a tournament tells.
pub(crate) fn notice(lang: Lang, notice: &TournamentNotice) -> String {
    match notice {
        TournamentNotice::SignUp(sign_up) => sign_up_words(lang, sign_up),
        TournamentNotice::SignUpStarted => tr!(lang, "tournament-status-started"),
        TournamentNotice::SignUpCancelled => tr!(lang, "tournament-status-cancelled"),
        TournamentNotice::Joined { name } => tr!(lang, "tournament-joined", name = name),
        TournamentNotice::JoinedLate { name, missed } => tr!(
            lang,
            "tournament-joined-late",
            name = name,
            missed = *missed
        ),
        TournamentNotice::Left { name } => tr!(lang, "tournament-left", name = name),
        TournamentNotice::Withdrawn { name } => tr!(lang, "tournament-withdrawn", name = name),
        TournamentNotice::StartedElsewhere { name } => {
            tr!(lang, "tournament-started-elsewhere", name = name)
        }
        TournamentNotice::Cancelled { id, name } => {
            tr!(lang, "tournament-cancelled", name = name, id = *id)
        }
        TournamentNotice::Expired {
            id,
            name,
            days,
            organiser,
        } => tr!(
            lang,
            "tournament-expired",
            id = *id,
            name = name,
            days = *days,
            organiser = *organiser
        ),
        TournamentNotice::CancelledByYou { name } => {
            tr!(lang, "tournament-cancelled-you", name = name)
        }
        TournamentNotice::CancelledShort { name, min } => {
            tr!(lang, "tournament-cancelled-short", name = name, min = *min)
        }
        TournamentNotice::Started {
            name,
            players,
            rounds_cut,
        } => {
            let started = tr!(
                lang,
                "tournament-started",
                name = name,
                players = names(players)
            );
            match rounds_cut {
                Some((asked, rounds)) => {
                    let cut = tr!(
                        lang,
                        "tournament-rounds-cut",
                        asked = *asked,
                        rounds = *rounds
                    );
                    format!("{started}\n{cut}")
                }
                None => started,
            }
        }
        TournamentNotice::Round {
            name,
            round,
            pairings,
            bye,
        } => {
            // Mentions, not names: they call each player into the thread.
            let mut lines: Vec<String> = pairings
                .iter()
                .map(|p| {
                    tr!(
                        lang,
                        "tournament-pairing",
                        south = mention(p.south),
                        north = mention(p.north)
                    )
                })
                .collect();
            lines.extend(bye.map(|player| tr!(lang, "tournament-bye", name = mention(player))));
            tr!(
                lang,
                "tournament-round",
                name = name,
                round = *round,
                pairings = lines.join("\n")
            )
        }
        TournamentNotice::GameStarted {
            name,
            round,
            game,
            variant,
        } => tr!(
            lang,
            "tournament-game-started",
            name = name,
            round = *round,
            id = *game,
            variant = kiela_render::words::variant(lang, *variant)
        ),
        TournamentNotice::ResultsStandings {
            name,
            round,
            results,
        } => tr!(
            lang,
            "tournament-results-standings",
            name = name,
            round = *round,
            results = *results
        ),
        TournamentNotice::Won {
            name,
            winner,
            shared_with,
        } => match shared_with.is_empty() {
            true => tr!(lang, "tournament-won", name = name, winner = winner),
            false => tr!(
                lang,
                "tournament-won-shared",
                name = name,
                winners = names(&first_place(winner, shared_with))
            ),
        },
        TournamentNotice::FinalStandings {
            name,
            winner,
            shared_with,
        } => match shared_with.is_empty() {
            true => tr!(
                lang,
                "tournament-final-standings",
                name = name,
                winner = winner
            ),
            false => tr!(
                lang,
                "tournament-final-standings-shared",
                name = name,
                winners = names(&first_place(winner, shared_with))
            ),
        },
        TournamentNotice::Standings {
            id,
            name,
            stage,
            table,
        } => {
            let header = tr!(
                lang,
                "tournament-standings-header",
                name = name,
                id = *id,
                status = stage_words(lang, *stage)
            );
            let lines = match table {
                StandingsTable::Players(players) => vec![tr!(
                    lang,
                    "tournament-players",
                    count = players.len(),
                    players = names(players)
                )],
                StandingsTable::Ranked(ranked) => {
                    ranked.iter().map(|r| standing(lang, r)).collect()
                }
            };
            [header]
                .into_iter()
                .chain(lines)
                .collect::<Vec<_>>()
                .join("\n")
        }
        TournamentNotice::NoTournaments => tr!(lang, "tournaments-none"),
        TournamentNotice::Listed(tournaments) => [tr!(lang, "tournaments-header")]
            .into_iter()
            .chain(tournaments.iter().map(|t| listed(lang, t)))
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// Everyone in first place: the winner, then those sharing it.
fn first_place(winner: &Name, shared_with: &[Name]) -> Vec<Name> {
    std::iter::once(winner)
        .chain(shared_with)
        .cloned()
        .collect()
}

/// The players' names, as they chose them (never as markup), in the
/// order given.
fn names(players: &[Name]) -> String {
    let names: Vec<String> = players.iter().map(Name::shown).collect();
    names.join(", ")
}

/// The players called by mention, in the order given, a space apart (each
/// shows as its own name tag): a mention is at most 22 characters, so the
/// largest event's list fits one message with its rules.
fn mentions(players: &[kiela_app::vocabulary::UserId]) -> String {
    let mentions: Vec<String> = players
        .iter()
        .map(|&id| crate::words::mention(id))
        .collect();
    mentions.join(" ")
}

/// The sign-up message: the event's rules and its players so far.
fn sign_up_words(lang: Lang, t: &SignUp) -> String {
    let rounds = match (t.format, t.rounds) {
        (TournamentFormat::Swiss, Some(rounds)) => tr!(lang, "tournament-rounds", rounds = rounds),
        (TournamentFormat::Swiss, None) => {
            kiela_i18n::t(lang, "tournament-rounds-default", &swiss_rounds())
        }
        (TournamentFormat::RoundRobin, _) => tr!(
            lang,
            "tournament-round-robin-rule",
            double = DOUBLE_ROUND_ROBIN
        ),
    };
    let start = match t.start {
        TournamentStart::At(at) => tr!(lang, "tournament-starts-at", at = at, min = MIN_PLAYERS),
        TournamentStart::ByOrganiser(organiser) => tr!(
            lang,
            "tournament-starts-by-organiser",
            organiser = organiser,
            min = MIN_PLAYERS
        ),
    };
    let rules: [Option<String>; 2] = [
        (!t.rated).then(|| tr!(lang, "tournament-unrated-rule")),
        t.strict.then(|| {
            tr!(
                lang,
                "tournament-strict-rule",
                percent = STRICT_PERCENT,
                days = STRICT_DAYS
            )
        }),
    ];
    let head = tr!(
        lang,
        "tournament-sign-up",
        name = &t.name,
        id = t.id,
        format = format_words(lang, t.format),
        variant = kiela_render::words::variant(lang, t.variant),
        days = t.days_per_move
    );
    let players = tr!(
        lang,
        "tournament-players-of",
        count = t.entrants.len(),
        max = t.max_players,
        players = mentions(&t.entrants)
    );
    let words = |rules: &[Option<String>]| {
        [head.clone(), rounds.clone()]
            .into_iter()
            .chain(rules.iter().flatten().cloned())
            .chain([start.clone(), players.clone()])
            .collect::<Vec<_>>()
            .join("\n")
    };
    // The sign-up is one message, edited as players join (an edit cannot
    // go on in another): when every rule, the longest name and a long
    // list do not fit together, the players come first and the rules
    // give way (they were shown as it opened, and a strict event says
    // why whenever it refuses a player).
    let text = words(&rules);
    match crate::limits::fits(&text) {
        true => text,
        false => words(&[]),
    }
}

/// One player's line in the standings.
fn standing(lang: Lang, r: &Ranked) -> String {
    let tiebreaks = match r.tiebreaks {
        Tiebreaks::Swiss {
            buchholz_cut1,
            sonneborn_berger,
        } => tr!(
            lang,
            "tournament-tiebreaks-swiss",
            buchholz = buchholz_cut1.to_string(),
            sb = sonneborn_berger.to_string()
        ),
        Tiebreaks::RoundRobin {
            sonneborn_berger,
            wins,
        } => tr!(
            lang,
            "tournament-tiebreaks-round-robin",
            sb = sonneborn_berger.to_string(),
            wins = wins
        ),
    };
    tr!(
        lang,
        "tournament-standing",
        rank = r.rank,
        name = &r.name,
        points = r.points.to_string(),
        tiebreaks = tiebreaks,
        games = r.games_played,
        withdrawn = if r.withdrawn { "yes" } else { "no" }
    )
}

/// A tournament's line in the server's list.
fn listed(lang: Lang, t: &TournamentLine) -> String {
    tr!(
        lang,
        "tournaments-line",
        id = t.id,
        name = &t.name,
        status = stage_words(lang, t.stage),
        format = format_words(lang, t.format),
        variant = kiela_render::words::variant(lang, t.variant),
        count = t.players
    )
}

fn format_words(lang: Lang, format: TournamentFormat) -> String {
    match format {
        TournamentFormat::RoundRobin => tr!(lang, "tournament-format-round-robin"),
        TournamentFormat::Swiss => tr!(lang, "tournament-format-swiss"),
    }
}

fn stage_words(lang: Lang, stage: TournamentStage) -> String {
    match stage {
        TournamentStage::Open => tr!(lang, "tournament-state-open"),
        TournamentStage::Running { round } => tr!(lang, "tournament-state-running", round = round),
        TournamentStage::Finished => tr!(lang, "tournament-state-finished"),
        TournamentStage::Cancelled => tr!(lang, "tournament-state-cancelled"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_app::vocabulary::UserId;
    use kiela_app::{Pairing, Quarters};
    use kiela_rules::Variant;

    fn premio() -> Name {
        "Prémio Kiela".into()
    }

    #[test]
    fn a_round_calls_its_players_and_its_bye_by_mention() {
        let round = TournamentNotice::Round {
            name: premio(),
            round: 2,
            pairings: vec![Pairing {
                south: UserId(1),
                north: UserId(2),
            }],
            bye: Some(UserId(3)),
        };
        assert_eq!(
            notice(Lang::En, &round),
            "**Prémio Kiela, round 2**\n<@1> (South, moves first) – <@2>\n<@3>: a bye (1 point)"
        );
    }

    #[test]
    fn standings_show_points_tiebreaks_and_withdrawals() {
        let line = |rank, name: &str, points, withdrawn| Ranked {
            rank,
            name: Name::new(name),
            points,
            tiebreaks: Tiebreaks::Swiss {
                buchholz_cut1: Quarters(6),
                sonneborn_berger: Quarters(1),
            },
            games_played: 1,
            withdrawn,
        };
        let standings = TournamentNotice::Standings {
            id: TournamentId(7),
            name: premio(),
            stage: TournamentStage::Running { round: 2 },
            table: StandingsTable::Ranked(vec![
                line(1, "ana", Quarters::points(1), false),
                line(2, "bob", Quarters(2), true),
            ]),
        };
        let en = notice(Lang::En, &standings);
        let lines: Vec<&str> = en.lines().collect();
        assert_eq!(
            lines[0], "**Prémio Kiela** (tournament #7), round 2",
            "{en}"
        );
        assert_eq!(
            lines[1..],
            [
                "1. **ana**: 1 (Buchholz Cut-1 1½, Sonneborn–Berger ¼; 1 game)",
                "2. **bob**: ½ (Buchholz Cut-1 1½, Sonneborn–Berger ¼; 1 game), withdrawn",
            ],
            "{en}"
        );
        let open = TournamentNotice::Standings {
            id: TournamentId(7),
            name: premio(),
            stage: TournamentStage::Open,
            table: StandingsTable::Players(vec![Name::new("ana"), Name::new("bob")]),
        };
        assert_eq!(
            notice(Lang::En, &open),
            "**Prémio Kiela** (tournament #7), taking players\nPlayers (2): ana, bob"
        );
    }

    #[test]
    fn the_sign_up_message_says_the_rules_and_the_players() {
        let sign_up = SignUp {
            id: TournamentId(7),
            name: premio(),
            format: TournamentFormat::Swiss,
            variant: Variant::Standard,
            days_per_move: 3,
            rounds: Some(5),
            rated: false,
            strict: true,
            start: TournamentStart::ByOrganiser(UserId(1)),
            entrants: vec![UserId(2)],
            max_players: 64,
        };
        let en = notice(Lang::En, &TournamentNotice::SignUp(sign_up));
        let lines: Vec<&str> = en.lines().collect();
        assert_eq!(lines.len(), 6, "{en}");
        assert!(
            lines[0].starts_with("🏆 **Prémio Kiela** (tournament #7): Swiss, "),
            "{en}"
        );
        assert!(
            lines[1].starts_with("5 rounds, paired by score (Swiss)"),
            "{en}"
        );
        assert_eq!(lines[2], tr!(Lang::En, "tournament-unrated-rule"));
        assert!(
            lines[3].starts_with("Strict: players who lost more than 10%"),
            "{en}"
        );
        assert!(
            lines[4].starts_with("<@1> starts it with **Start**"),
            "{en}"
        );
        assert_eq!(lines[5], "Players (1/64): <@2>");
    }

    #[test]
    fn the_largest_sign_up_fits_its_one_message_with_every_player() {
        // 64 players with the longest ids (19 digits), the longest name
        // all markup (each character escaped), unrated, a start time, and
        // the line the start adds under it: still one message, and every
        // player called.
        let players: Vec<UserId> = (0..MAX_SWISS).map(|i| UserId(i64::MAX - i)).collect();
        let sign_up = |start| SignUp {
            id: TournamentId(9_999_999),
            name: Name::new("*".repeat(32)),
            format: TournamentFormat::Swiss,
            variant: Variant::Standard,
            days_per_move: 14,
            rounds: None,
            rated: false,
            // With every rule the text would be 2,038 units in English:
            // the rules give way to the players.
            strict: true,
            start,
            entrants: players.clone(),
            max_players: MAX_SWISS,
        };
        let starts = [
            // 2100-01-01: a start time as long as any this century.
            TournamentStart::At(4_102_444_800),
            TournamentStart::ByOrganiser(UserId(i64::MAX)),
        ];
        for lang in Lang::ALL {
            for start in starts {
                let says: Vec<kiela_app::Notice> = vec![
                    TournamentNotice::SignUp(sign_up(start)).into(),
                    TournamentNotice::SignUpCancelled.into(),
                ];
                let text = crate::words::says(lang, &says);
                let len = crate::limits::discord_len(&text);
                assert!(crate::limits::fits(&text), "{len}: {text}");
                for player in &players {
                    assert!(text.contains(&format!("<@{}>", player.0)), "{player}");
                }
                assert!(!text.contains('…'), "{text}");
            }
        }
    }

    /// A name written to be markup: bold, a disguised link, a mass
    /// mention, underline.
    const HOSTILE: &str = "**x** [a](https://b) @everyone __y__";

    /// Whether `text` shows `HOSTILE` as written, never as markup.
    fn shown_as_written(text: &str) -> bool {
        !["**x**", "[a](", "@everyone", "__y__"]
            .iter()
            .any(|markup| text.contains(markup))
    }

    #[test]
    fn names_in_every_tournament_post_are_shown_as_written() {
        let (name, player) = (Name::new(HOSTILE), Name::new(HOSTILE));
        let ranked = Ranked {
            rank: 1,
            name: player.clone(),
            points: Quarters::points(1),
            tiebreaks: Tiebreaks::RoundRobin {
                sonneborn_berger: Quarters(1),
                wins: 1,
            },
            games_played: 1,
            withdrawn: false,
        };
        let sign_up = SignUp {
            id: TournamentId(7),
            name: name.clone(),
            format: TournamentFormat::RoundRobin,
            variant: Variant::Standard,
            days_per_move: 3,
            rounds: None,
            rated: true,
            strict: false,
            start: TournamentStart::ByOrganiser(UserId(1)),
            entrants: vec![UserId(2), UserId(3)],
            max_players: 12,
        };
        let standings = |stage, table| TournamentNotice::Standings {
            id: TournamentId(7),
            name: name.clone(),
            stage,
            table,
        };
        let notices = [
            TournamentNotice::SignUp(sign_up),
            TournamentNotice::Joined { name: name.clone() },
            TournamentNotice::JoinedLate {
                name: name.clone(),
                missed: 1,
            },
            TournamentNotice::Left { name: name.clone() },
            TournamentNotice::Withdrawn { name: name.clone() },
            TournamentNotice::StartedElsewhere { name: name.clone() },
            TournamentNotice::Cancelled {
                id: TournamentId(7),
                name: name.clone(),
            },
            TournamentNotice::Expired {
                id: TournamentId(7),
                name: name.clone(),
                days: 30,
                organiser: UserId(1),
            },
            TournamentNotice::CancelledByYou { name: name.clone() },
            TournamentNotice::CancelledShort {
                name: name.clone(),
                min: 3,
            },
            TournamentNotice::Started {
                name: name.clone(),
                players: vec![player.clone(); 3],
                rounds_cut: Some((5, 2)),
            },
            TournamentNotice::Round {
                name: name.clone(),
                round: 1,
                pairings: vec![Pairing {
                    south: UserId(1),
                    north: UserId(2),
                }],
                bye: Some(UserId(3)),
            },
            TournamentNotice::GameStarted {
                name: name.clone(),
                round: 1,
                game: kiela_app::vocabulary::GameId(4),
                variant: Variant::Standard,
            },
            TournamentNotice::ResultsStandings {
                name: name.clone(),
                round: 1,
                results: 2,
            },
            TournamentNotice::Won {
                name: name.clone(),
                winner: player.clone(),
                shared_with: vec![],
            },
            TournamentNotice::Won {
                name: name.clone(),
                winner: player.clone(),
                shared_with: vec![player.clone()],
            },
            TournamentNotice::FinalStandings {
                name: name.clone(),
                winner: player.clone(),
                shared_with: vec![],
            },
            TournamentNotice::FinalStandings {
                name: name.clone(),
                winner: player.clone(),
                shared_with: vec![player.clone()],
            },
            standings(
                TournamentStage::Open,
                StandingsTable::Players(vec![player.clone()]),
            ),
            standings(
                TournamentStage::Finished,
                StandingsTable::Ranked(vec![ranked]),
            ),
            TournamentNotice::Listed(vec![TournamentLine {
                id: TournamentId(7),
                name: name.clone(),
                stage: TournamentStage::Open,
                format: TournamentFormat::Swiss,
                variant: Variant::Standard,
                players: 2,
            }]),
        ];
        let refusals = [
            TournamentRefusal::AlreadyIn { name: name.clone() },
            TournamentRefusal::Full { name: name.clone() },
            TournamentRefusal::Closed { name: name.clone() },
            TournamentRefusal::NotIn { name: name.clone() },
            TournamentRefusal::AlreadyStarted { name: name.clone() },
            TournamentRefusal::Over {
                name: name.clone(),
                status: kiela_app::TournamentStatus::Finished,
            },
            TournamentRefusal::Strict {
                name: name.clone(),
                percent: 10,
                days: 30,
                lost: 3,
                games: 10,
            },
        ];
        for lang in Lang::ALL {
            let words = (notices.iter().map(|n| notice(lang, n)))
                .chain(refusals.iter().map(|r| refusal(lang, r)));
            for text in words {
                assert!(shown_as_written(&text), "{text}");
                assert!(text.contains(r"\*\*x\*\*"), "the name is there: {text}");
            }
        }
    }

    #[test]
    fn a_round_of_64_players_goes_on_in_the_next_messages() {
        // The longest ids Discord gives: each pairing line is ~70 long.
        let pairings: Vec<Pairing> = (0..32)
            .map(|i| Pairing {
                south: UserId(1_000_000_000_000_000_000 + i),
                north: UserId(2_000_000_000_000_000_000 + i),
            })
            .collect();
        let round = TournamentNotice::Round {
            name: Name::new("x".repeat(32)),
            round: 1,
            pairings: pairings.clone(),
            bye: None,
        };
        for lang in Lang::ALL {
            let reply = kiela_app::Reply {
                says: vec![round.clone().into()],
                lang,
                ..kiela_app::Reply::default()
            };
            let post = crate::respond::Post::of(reply);
            assert!(!post.rest.is_empty(), "more than one message");
            let messages: Vec<&String> = std::iter::once(&post.text).chain(&post.rest).collect();
            assert!(messages.iter().all(|m| crate::limits::fits(m)));
            for pairing in &pairings {
                let line = format!("<@{}> ", pairing.south.0);
                let shown = messages.iter().filter(|m| m.contains(&line)).count();
                assert_eq!(shown, 1, "each pairing whole, once: {line}");
                let whole = (messages.iter()).any(|m| {
                    m.lines().any(|l| {
                        l.starts_with(&line) && l.ends_with(&format!("<@{}>", pairing.north.0))
                    })
                });
                assert!(whole, "{line}");
            }
            assert!(messages.iter().all(|m| !m.contains('…')));
        }
    }
}
