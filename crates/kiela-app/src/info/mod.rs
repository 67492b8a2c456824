//! Looking things up: a player's games, a game's record, the rules.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use kiela_render::{GameView, LastMove};
use kiela_rules::{Record, Side, Variant};

use kiela_i18n::Lang;

use super::game::{app_ply, board_picture, check_place, BoardParts};
use super::limits::{self, AI_SEARCHES};
use super::lru::Lru;
use super::{AltText, AppError, Format, Name, Picture, Place, Reply, Result, User};
use crate::store::ports::*;
use crate::vocabulary::{ChannelId, GameId, GuildId, MessageId};

/// What looking things up tells the user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum InfoNotice {
    /// The user has no ongoing game.
    NoGames,
    /// The user's ongoing games, a line each.
    Games { games: Vec<GameLine> },
    /// Game `game`'s record (`plies` turns), unrated when `unrated`: the
    /// adapter shows it in the message, or attaches it if too long.
    History {
        game: GameId,
        unrated: Option<Unrated>,
        record: String,
        plies: i64,
    },
    /// The quick start in three steps.
    Help,
    /// The rules in short, and where to learn them.
    Rules,
}

/// One of the user's ongoing games, as `/kiela games` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLine {
    pub game: GameId,
    /// Its current board, when posted (the game's number links to it).
    pub board: Option<BoardLink>,
    pub opponent: Name,
    pub variant: Variant,
    /// The user's side.
    pub side: Side,
    pub channel: ChannelId,
    pub ply: i64,
    pub to_move: ToMove,
}

/// Whose move it is in a listed game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToMove {
    /// The user's, before `deadline` (a Unix time) if the game has a clock.
    You { deadline: Option<i64> },
    /// The opponent's.
    Opponent,
}

/// Where a game's board was posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardLink {
    /// [`GuildId::NONE`] outside a server.
    pub guild: GuildId,
    pub channel: ChannelId,
    pub message: MessageId,
}

/// Why a finished game counts for nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Unrated {
    /// Lost by a tournament player who never moved.
    Forfeited,
    /// Ended with no result.
    Aborted,
}

/// At most this many games are listed in `/kiela games`: more never fit in
/// a message (a line is 60 characters at least).
const LINES_MAX: usize = 40;

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

crate::store::port_set! {
    /// The ports [`InfoService`] reads and writes through.
    pub struct InfoPorts {
        games: GamesStore,
    }
}

/// Information: your games, a game's history, help and the rules.
#[derive(Clone)]
pub struct InfoService {
    pub(crate) db: InfoPorts,
    pub(crate) games: Arc<crate::GameService>,
    pub(crate) animations: Arc<Animations>,
}

impl InfoService {
    /// The user's ongoing games, the ones waiting for them first; as many
    /// as fit in one message, then how many more there are.
    pub async fn my_games(&self, user: &User) -> Result<Reply> {
        let rows = self.db.games.ongoing_games_of(user.id, LISTED_MAX).await?;
        if rows.is_empty() {
            return Ok(Reply {
                lang: user.lang,
                ..Reply::private(InfoNotice::NoGames)
            });
        }
        let mut games = Vec::new();
        for row in rows.iter().take(LINES_MAX) {
            let loaded = self.games.load(row.id).await?;
            let side = loaded.side_of(user.id).unwrap_or(Side::South);
            let to_move = if loaded.game.turn() == side {
                ToMove::You {
                    deadline: row.deadline,
                }
            } else {
                ToMove::Opponent
            };
            games.push(GameLine {
                game: row.id,
                board: row.board.map(|board| BoardLink {
                    guild: row.guild_id,
                    channel: board.channel_id,
                    message: board.message_id,
                }),
                opponent: loaded.name(side.opponent()),
                variant: row.variant,
                side,
                channel: row.channel_id,
                ply: loaded.ply(),
                to_move,
            });
        }
        Ok(Reply {
            lang: user.lang,
            ..Reply::private(InfoNotice::Games { games })
        })
    }

    /// The record of a game, to copy into `kiela replay` or elsewhere; for
    /// a finished game, with the whole game as an animation (a frame a turn).
    /// A record too long for a message comes as a `.txt` file instead.
    pub async fn history(&self, user: &User, place: Place, game_id: GameId) -> Result<Reply> {
        let loaded = self.games.load(game_id).await?;
        check_place(user, place, &loaded.row)?;
        // An ongoing game's record is its players' business.
        let private = !loaded.is_over() && loaded.side_of(user.id).is_none();
        let south = loaded.name(Side::South);
        let north = loaded.name(Side::North);
        let record = Record::of_game(&loaded.game, &south.in_code(), &north.in_code());
        let unrated = if loaded.forfeited() {
            Some(Unrated::Forfeited)
        } else if loaded.aborted() {
            Some(Unrated::Aborted)
        } else {
            None
        };
        let reply = Reply {
            private,
            lang: place.lang,
            ..Reply::saying(InfoNotice::History {
                game: game_id,
                unrated,
                record: record.to_string(),
                plies: loaded.ply(),
            })
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
                    game_gif_within(view, limits::GIF_BYTES)
                })
                .await
                .map_err(|e| AppError::Internal(format!("animating the game failed: {e}")))??;
                let animation = Arc::new(animation);
                (self.animations).put((game_id, place.lang), animation.clone());
                animation
            }
        };
        let alt_text = AltText::GameGif {
            game: game_id,
            south,
            north,
            turns,
            shown: turns - animation.from,
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

    /// `/kiela help`: a quick start in three steps, with the example turn.
    pub async fn help(&self, user: &User) -> Result<Reply> {
        self.with_example_turn(user.lang, InfoNotice::Help).await
    }

    /// `/kiela rules`: the rules in short, with the example turn, and
    /// where to learn them.
    pub async fn rules(&self, user: &User) -> Result<Reply> {
        self.with_example_turn(user.lang, InfoNotice::Rules).await
    }

    /// `said`, privately, with the picture of the example turn.
    async fn with_example_turn(&self, lang: Lang, said: InfoNotice) -> Result<Reply> {
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
            ply: app_ply(EXAMPLE_PLY),
            ..BoardParts::exercise(side(Side::South), side(Side::North), Some(last))
        };
        let picture = board_picture(parts, *game.position(), lang).await?;
        Ok(Reply {
            picture: Some(picture),
            lang,
            ..Reply::private(said)
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

/// The example turn the help and the rules show: the README's game, ply
/// 22, where North's G4 relays twice, captures C2 and C1, and sows on.
const EXAMPLE_GAME: &str = include_str!("../../../../assets/examples/game.txt");
const EXAMPLE_PLY: usize = 22;
