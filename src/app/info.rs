//! Looking things up: my games, a game's record, stats and leaderboards,
//! the rules, and notification settings.

use crate::render::{self, GameView};
use crate::rules::{Record, Side};

use super::{AppError, Format, GameService, Picture, Place, Reply, Result, User};

impl GameService {
    /// The user's ongoing games, the ones waiting for them first.
    pub async fn my_games(&self, user: &User) -> Result<Reply> {
        let rows = self.store.games_of(user.id, true, 25).await?;
        if rows.is_empty() {
            return Ok(Reply::private(
                "You have no ongoing game. Start one with `/kiela challenge` or `/kiela ai`.",
            ));
        }
        let mut lines = Vec::new();
        for row in rows {
            let loaded = self.load(row.id).await?;
            let side = loaded.side_of(user.id).unwrap_or(Side::South);
            let opponent = self.name_of(loaded.player(side.opponent())).await?;
            let turn = if loaded.game.turn() == side {
                match row.deadline {
                    Some(d) => format!("**your move** (before <t:{d}:R>)"),
                    None => "**your move**".to_string(),
                }
            } else {
                format!("{opponent} to move")
            };
            lines.push(format!(
                "#{} vs {opponent} ({}, you are {side}) in <#{}>: move {}, {turn}",
                row.id,
                row.variant,
                row.channel_id,
                loaded.ply() / 2 + 1
            ));
        }
        Ok(Reply::private(lines.join("\n")))
    }

    /// The record of a game, to copy into `kiela replay` or elsewhere; for
    /// a finished game, with the whole game as an animation (a frame a turn).
    pub async fn history(&self, game_id: i64) -> Result<Reply> {
        let loaded = self.load(game_id).await?;
        let south = self.name_of(loaded.row.south_id).await?;
        let north = self.name_of(loaded.row.north_id).await?;
        let record = Record::of_game(&loaded.game, &south, &north);
        let text = format!("Game #{game_id}:\n```\n{record}\n```");
        if !loaded.game.is_over() || loaded.game.ply() == 0 {
            return Ok(Reply::text(text));
        }
        let turns = loaded.game.ply();
        let alt_text = format!(
            "Game #{game_id}, {south} against {north}: the board after each of its {turns} turns, \
             with each turn's path."
        );
        let game = loaded.game;
        let gif = tokio::task::spawn_blocking(move || {
            render::game_gif(&GameView {
                game: &game,
                south_name: &south,
                north_name: &north,
                game_id: Some(game_id),
            })
        })
        .await
        .map_err(|e| AppError::Internal(format!("animating the game failed: {e}")))?
        .map_err(|e| AppError::Internal(e.to_string()))?;
        Ok(Reply {
            picture: Some(Picture {
                bytes: gif,
                format: Format::Gif,
                alt_text,
            }),
            ..Reply::text(text)
        })
    }

    /// A player's rating and record in this server.
    pub async fn stats(&self, place: Place, player: &User) -> Result<Reply> {
        let rating = self.store.rating(place.guild_id, player.id).await?;
        let provisional = if rating.is_provisional() {
            "? (provisional)"
        } else {
            ""
        };
        let ongoing = self.store.games_of(player.id, true, 100).await?.len();
        Ok(Reply::text(format!(
            "**{}**: rating {:.0}{provisional} ± {:.0}; {} wins, {} losses, {} draws in this server; {} ongoing games.",
            player.name,
            rating.rating,
            2.0 * rating.deviation,
            rating.wins,
            rating.losses,
            rating.draws,
            ongoing
        )))
    }

    /// The best players of this server.
    pub async fn leaderboard(&self, place: Place) -> Result<Reply> {
        let rows = self.store.leaderboard(place.guild_id, 10).await?;
        if rows.is_empty() {
            return Ok(Reply::text(
                "No rated games in this server yet: challenge someone with `/kiela challenge`.",
            ));
        }
        let lines: Vec<String> = rows
            .iter()
            .enumerate()
            .map(|(i, (r, name))| {
                let mark = if r.is_provisional() { "?" } else { "" };
                format!(
                    "{}. {name}: {:.0}{mark} ({}-{}-{})",
                    i + 1,
                    r.rating,
                    r.wins,
                    r.losses,
                    r.draws
                )
            })
            .collect();
        Ok(Reply::text(format!(
            "**Leaderboard**\n{}",
            lines.join("\n")
        )))
    }

    /// Turns reminders by direct message on or off for the user.
    pub async fn notify(&self, user: &User, direct_messages: bool) -> Result<Reply> {
        self.meet(user).await?;
        self.store
            .set_dm_reminders(user.id, direct_messages)
            .await?;
        Ok(Reply::private(if direct_messages {
            "You will also get reminders by direct message."
        } else {
            "Reminders only in the game's channel from now on."
        }))
    }

    /// Whether the user wants reminders by direct message too.
    pub async fn wants_dm(&self, user_id: i64) -> Result<bool> {
        Ok(self
            .store
            .player(user_id)
            .await?
            .is_some_and(|p| p.dm_reminders))
    }
}

/// A short summary of the rules, for `/kiela rules`.
pub const RULES_SUMMARY: &str = "**Kiela** is played on 4 rows of 10 holes; you own the two rows nearest you. \
On your turn, pick one of your holes with at least 2 stones (Beginner: 1) and sow its stones one by one \
anti-clockwise round your own two rows. If the last stone lands in an empty hole, your turn ends. If it lands \
in an occupied hole of your inner row and the opponent's inner hole in that column is occupied, you capture it \
(and the outer hole behind it) and sow the captured stones on. Otherwise you pick up that hole and keep sowing. \
A move that would relay for ever is not allowed. A player with no legal move loses; a position seen for the \
third time is a draw. Expert: your first turn may instead rearrange all your stones as you like.";
