//! What players look up: `/kiela games`, `stats`, `leaderboard` and
//! `rules`.

use serenity::async_trait;

use kiela_app::{AppError, User};

use crate::command::{Opt, Request, Subcommand};
use crate::handler::Cx;
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
            Info::Games => service.my_games(user).await?,
            Info::Stats { player } => {
                service
                    .stats(place, player.as_ref().unwrap_or(user))
                    .await?
            }
            Info::Leaderboard => service.leaderboard(place).await?,
            Info::Rules => service.rules(user).await?,
            Info::Help => service.help(user).await?,
        };
        Ok(Post::of(reply))
    }
}
