//! What players look up: `/kiela games`, `stats`, `leaderboard` and
//! `rules`.

use serenity::async_trait;

use kiela_app::vocabulary::GuildId;
use kiela_app::{AppError, BoardLink, GameLine, InfoNotice, ToMove, Unrated, User};
use kiela_i18n::{tr, Lang};
use kiela_render::words::{side, variant};

use crate::command::{Opt, Request, Subcommand};
use crate::handler::Cx;
use crate::limits::shown_inline;
use crate::respond::Post;

/// Whose statistics (the user's own if not given).
const USER: Opt<User> = Opt::new("user");

pub const GAMES: Subcommand = Subcommand {
    name: "games",
    options: &[],
    read: |_| Ok(Box::new(Info::Games)),
};

pub const STATS: Subcommand = Subcommand {
    name: "stats",
    options: &[USER.spec()],
    read: |args| {
        Ok(Box::new(Info::Stats {
            player: args.get(&USER)?,
        }))
    },
};

pub const LEADERBOARD: Subcommand = Subcommand {
    name: "leaderboard",
    options: &[],
    read: |_| Ok(Box::new(Info::Leaderboard)),
};

pub const HELP: Subcommand = Subcommand {
    name: "help",
    options: &[],
    read: |_| Ok(Box::new(Info::Help)),
};

pub const RULES: Subcommand = Subcommand {
    name: "rules",
    options: &[],
    read: |_| Ok(Box::new(Info::Rules)),
};

#[derive(Debug)]
enum Info {
    Games,
    Stats { player: Option<User> },
    Leaderboard,
    Rules,
    Help,
}

#[async_trait]
impl Request for Info {
    async fn perform(self: Box<Self>, cx: &Cx<'_>) -> Result<Post, AppError> {
        let (service, user, place) = (cx.service, cx.user, cx.place);
        let reply = match *self {
            Info::Games => service.info.my_games(user).await?,
            Info::Stats { player } => {
                service
                    .ratings
                    .stats(place, player.as_ref().unwrap_or(user))
                    .await?
            }
            Info::Leaderboard => service.ratings.leaderboard(place).await?,
            Info::Rules => service.info.rules(user).await?,
            Info::Help => service.info.help(user).await?,
        };
        Ok(Post::of(reply))
    }
}

/// What looking things up tells the user.
pub(crate) fn notice(lang: Lang, notice: &InfoNotice) -> String {
    match notice {
        InfoNotice::NoGames => tr!(lang, "no-games"),
        InfoNotice::Games { games } => games_list(lang, games),
        InfoNotice::History {
            game,
            unrated,
            record,
            plies,
        } => {
            let mut title = tr!(lang, "history", id = *game);
            match unrated {
                Some(Unrated::Forfeited) => {
                    title = format!("{title} {}", tr!(lang, "history-forfeit"))
                }
                Some(Unrated::Aborted) => {
                    title = format!("{title} {}", tr!(lang, "history-aborted"))
                }
                None => {}
            }
            if shown_inline(record) {
                format!("{title}\n```\n{record}\n```")
            } else {
                let note = tr!(lang, "history-attached", plies = *plies);
                format!("{title}\n{note}")
            }
        }
        InfoNotice::Help => tr!(lang, "help-quick-start"),
        InfoNotice::Rules => format!(
            "{}\n{}",
            tr!(lang, "rules-summary"),
            tr!(lang, "rules-learn-more")
        ),
    }
}

/// The user's games, a line each (a long list goes on in the next
/// message).
fn games_list(lang: Lang, games: &[GameLine]) -> String {
    let mut lines = Vec::new();
    for line in games {
        let opponent = &line.opponent;
        let turn = match line.to_move {
            ToMove::You {
                deadline: Some(deadline),
            } => tr!(lang, "turn-yours-before", deadline = deadline.to_string()),
            ToMove::You { deadline: None } => tr!(lang, "turn-yours"),
            ToMove::Opponent => tr!(lang, "turn-theirs", name = opponent),
        };
        // The game's number links to its current board, when posted.
        let game = match line.board {
            Some(board) => format!("[#{}]({})", line.game, message_link(board)),
            None => format!("#{}", line.game),
        };
        let line = tr!(
            lang,
            "games-line",
            game = game,
            opponent = opponent,
            variant = variant(lang, line.variant),
            side = side(lang, line.side),
            channel = line.channel.to_string(),
            ply = line.ply,
            turn = turn
        );
        lines.push(line);
    }
    lines.join(
        "
",
    )
}

/// The address of a Discord message (`@me` for one outside a server).
pub(crate) fn message_link(board: BoardLink) -> String {
    let guild = match board.guild {
        GuildId::NONE => "@me".to_string(),
        id => id.to_string(),
    };
    format!(
        "https://discord.com/channels/{guild}/{}/{}",
        board.channel, board.message
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use kiela_app::vocabulary::{ChannelId, MessageId};

    #[test]
    fn message_links_name_the_server_or_direct_messages() {
        let board = |guild| BoardLink {
            guild,
            channel: ChannelId(20),
            message: MessageId(30),
        };
        assert_eq!(
            message_link(board(GuildId(10))),
            "https://discord.com/channels/10/20/30"
        );
        assert_eq!(
            message_link(board(GuildId::NONE)),
            "https://discord.com/channels/@me/20/30"
        );
    }
}
