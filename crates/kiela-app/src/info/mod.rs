//! Looking things up: a player's games, a game's record, the rules.

use std::sync::Arc;

use kiela_render::{GameView, LastMove};
use kiela_rules::{Record, Side};

use kiela_i18n::tr;
use kiela_i18n::Lang;

use super::game::{board_picture, check_place, BoardParts};
use super::limits::{self, Document, Lines, AI_SEARCHES};
use super::lru::Lru;
use super::{
    words, AppError, BoardMessage, Format, GameService, Picture, Place, Reply, Result, User,
};
use crate::vocabulary::{GameId, GuildId};

/// Finished games' animations, by game and language: made once and kept,
/// since a finished game never changes and drawing a long one's frames is
/// seconds of work (names are drawn as they were when it was made).
pub(super) type Animations = Lru<(GameId, Lang), Arc<Animation>>;

/// A finished game's GIF, and the ply its first frame shows (0: the whole
/// game; more when a long game's end only fits Discord's upload size).
pub(super) struct Animation {
    gif: Vec<u8>,
    from: usize,
}

/// Animations kept: a few megabytes each at most.
pub(super) const ANIMATIONS_KEPT: usize = 16;

/// At most this many of a user's ongoing games are counted in `/kiela games`.
pub(super) const LISTED_MAX: i64 = 1000;

impl GameService {
    /// The user's ongoing games, the ones waiting for them first; as many
    /// as fit in one message, then how many more there are.
    pub async fn my_games(&self, user: &User) -> Result<Reply> {
        let rows = self.store.ongoing_games_of(user.id, LISTED_MAX).await?;
        if rows.is_empty() {
            return Ok(Reply::private(tr!(user.lang, "no-games")));
        }
        let lang = user.lang;
        let total = rows.len();
        let more_len = limits::discord_len(&tr!(lang, "games-more", count = total));
        let mut lines = Lines::default();
        for (i, row) in rows.iter().enumerate() {
            let loaded = self.load(row.id).await?;
            let side = loaded.side_of(user.id).unwrap_or(Side::South);
            let opponent = loaded.name(side.opponent());
            let turn = if loaded.game.turn() == side {
                match row.deadline {
                    Some(d) => tr!(lang, "turn-yours-before", deadline = d.to_string()),
                    None => tr!(lang, "turn-yours"),
                }
            } else {
                tr!(lang, "turn-theirs", name = &opponent)
            };
            // The game's number links to its current board, when posted.
            let game = match row.board {
                Some(board) => format!("[#{}]({})", row.id, message_link(row.guild_id, board)),
                None => format!("#{}", row.id),
            };
            let line = tr!(
                lang,
                "games-line",
                game = game,
                opponent = &opponent,
                variant = words::variant(lang, row.variant),
                side = words::side(lang, side),
                channel = row.channel_id.to_string(),
                ply = loaded.ply(),
                turn = turn
            );
            let reserve = if i + 1 == total { 0 } else { more_len + 1 };
            if !lines.push(&line, reserve) {
                break;
            }
        }
        let left = total - lines.count();
        let more = (left > 0).then(|| tr!(lang, "games-more", count = left));
        Ok(Reply::private(lines.finish(more)))
    }

    /// The record of a game, to copy into `kiela replay` or elsewhere; for
    /// a finished game, with the whole game as an animation (a frame a turn).
    /// A record too long for a message comes as a `.txt` file instead.
    pub async fn history(&self, user: &User, place: Place, game_id: GameId) -> Result<Reply> {
        let loaded = self.load(game_id).await?;
        check_place(user, place, &loaded.row)?;
        // An ongoing game's record is its players' business.
        let private = !loaded.is_over() && loaded.side_of(user.id).is_none();
        let south = loaded.name(Side::South);
        let north = loaded.name(Side::North);
        let record = Record::of_game(&loaded.game, &south.in_code(), &north.in_code());
        let mut title = tr!(place.lang, "history", id = game_id);
        if loaded.forfeited() {
            title = format!("{title} {}", tr!(place.lang, "history-forfeit"));
        } else if loaded.aborted() {
            title = format!("{title} {}", tr!(place.lang, "history-aborted"));
        }
        let inline = format!("{title}\n```\n{record}\n```");
        let (text, document) = if limits::fits(&inline) {
            (inline, None)
        } else {
            let note = tr!(place.lang, "history-attached", plies = loaded.ply());
            let file = Document {
                file_name: format!("kiela-{game_id}.txt"),
                text: format!("{record}\n"),
            };
            (format!("{title}\n{note}"), Some(file))
        };
        let reply = Reply {
            document,
            private,
            ..Reply::saying(text)
        };
        if !loaded.is_over() || loaded.game.ply() == 0 {
            return Ok(reply);
        }
        let turns = loaded.game.ply();
        let animation = match self.animations.get((game_id, place.lang)) {
            Some(animation) => animation,
            None => {
                let game = loaded.game;
                let (south, north) = (south.clone(), north.clone());
                // In the bounded pool, like the AI's searches.
                let slot = AI_SEARCHES.slot().await;
                let animation = tokio::task::spawn_blocking(move || {
                    let _slot = slot;
                    let view = GameView {
                        game: &game,
                        south_name: south.raw(),
                        north_name: north.raw(),
                        game_id: Some(game_id.0),
                        lang: place.lang,
                        from: 0,
                    };
                    game_gif_within(view, limits::UPLOAD_BYTES)
                })
                .await
                .map_err(|e| AppError::Internal(format!("animating the game failed: {e}")))??;
                let animation = Arc::new(animation);
                (self.animations).put((game_id, place.lang), animation.clone());
                animation
            }
        };
        let (south, north) = (south.plain(), north.plain());
        let alt_text = match animation.from {
            0 => tr!(
                place.lang,
                "history-alt-text",
                id = game_id,
                south = south,
                north = north,
                turns = turns
            ),
            from => tr!(
                place.lang,
                "history-alt-text-end",
                id = game_id,
                south = south,
                north = north,
                turns = turns,
                shown = turns - from
            ),
        };
        Ok(Reply {
            picture: Some(Picture {
                bytes: animation.gif.clone(),
                format: Format::Gif,
                alt_text,
            }),
            ..reply
        })
    }
}

/// The GIF of `view`'s game within `limit` bytes: its last
/// [`limits::GIF_TURNS`] turns at most, fewer if even those do not fit
/// (each try cut in proportion to what it overshot).
fn game_gif_within(mut view: GameView, limit: usize) -> Result<Animation> {
    let turns = view.game.ply();
    let mut shown = turns.min(limits::GIF_TURNS);
    loop {
        view.from = turns - shown;
        let gif = kiela_render::game_gif(&view).map_err(|e| AppError::Internal(e.to_string()))?;
        if gif.len() <= limit || shown <= 1 {
            return Ok(Animation {
                gif,
                from: view.from,
            });
        }
        let fitting = shown * limit / gif.len() * 9 / 10;
        shown = fitting.clamp(1, shown - 1);
    }
}

/// The address of a Discord message (`@me` for one outside a server).
fn message_link(guild_id: GuildId, board: BoardMessage) -> String {
    let guild = match guild_id {
        GuildId::NONE => "@me".to_string(),
        id => id.to_string(),
    };
    format!(
        "https://discord.com/channels/{guild}/{}/{}",
        board.channel_id, board.message_id
    )
}

/// The example turn the help and the rules show: the README's game, ply
/// 22, where North's G4 relays twice, captures C2 and C1, and sows on.
const EXAMPLE_GAME: &str = include_str!("../../../../assets/examples/game.txt");
const EXAMPLE_PLY: usize = 22;

impl GameService {
    /// `/kiela help`: a quick start in three steps, with the example turn.
    pub async fn help(&self, user: &User) -> Result<Reply> {
        self.with_example_turn(user.lang, tr!(user.lang, "help-quick-start"))
            .await
    }

    /// `/kiela rules`: the rules in short, with the example turn, and
    /// where to learn them.
    pub async fn rules(&self, user: &User) -> Result<Reply> {
        let text = format!(
            "{}\n{}",
            rules_summary(user.lang),
            tr!(user.lang, "rules-learn-more")
        );
        self.with_example_turn(user.lang, text).await
    }

    /// `text`, privately, with the picture of the example turn.
    async fn with_example_turn(&self, lang: Lang, text: String) -> Result<Reply> {
        let record: Record = EXAMPLE_GAME
            .parse()
            .map_err(|e| AppError::Internal(format!("the example game: {e}")))?;
        let moves = &record.moves[..EXAMPLE_PLY];
        let mut game = kiela_rules::Game::new(record.variant);
        for mv in &moves[..EXAMPLE_PLY - 1] {
            game.play(mv)
                .map_err(|e| AppError::Internal(format!("the example game: {e}")))?;
        }
        let last = LastMove::new(game.position(), moves[EXAMPLE_PLY - 1])
            .map_err(|e| AppError::Internal(format!("the example game: {e}")))?;
        game.play(&moves[EXAMPLE_PLY - 1])
            .map_err(|e| AppError::Internal(format!("the example game: {e}")))?;
        let side = |side| kiela_render::words::side(lang, side);
        let parts = BoardParts {
            ply: EXAMPLE_PLY,
            ..BoardParts::exercise(side(Side::South), side(Side::North), Some(last))
        };
        let picture = board_picture(parts, *game.position(), lang).await?;
        Ok(Reply {
            picture: Some(picture),
            lang,
            ..Reply::private(text)
        })
    }
}

/// A short summary of the rules, for `/kiela rules`.
pub fn rules_summary(lang: Lang) -> String {
    tr!(lang, "rules-summary")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::{ChannelId, MessageId};

    #[test]
    fn message_links_name_the_server_or_direct_messages() {
        let board = BoardMessage {
            channel_id: ChannelId(20),
            message_id: MessageId(30),
            ply: Some(4),
        };
        assert_eq!(
            message_link(GuildId(10), board),
            "https://discord.com/channels/10/20/30"
        );
        assert_eq!(
            message_link(GuildId::NONE, board),
            "https://discord.com/channels/@me/20/30"
        );
    }
}
