//! Posted boards: which message is a game's board, and watching a turn
//! again.

use crate::limits::AI_SEARCHES;
use crate::notice::Notice;
use crate::ratings::RatingChange;
use crate::ratings::RatingsNotice;
use crate::vocabulary::{ChannelId, GameId, UserId};
use crate::{
    AppError, BoardMessage, Format, GameRef, GameService, Loaded, Name, Picture, Place, Reply,
    Result, User,
};
use kiela_i18n::Lang;
use kiela_render::{BoardView, LastMove, RenderError};
use kiela_rules::{Move, Position, Side, Trace};
use serde::{Deserialize, Serialize};

use super::{rules_ply, GameRefusal};
use crate::playing::GameEnd;

/// A board's own lines, under its headline: whose turn it is, or how the
/// game ended; and the words of a turn watched again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardNotice {
    /// `player` (`name`, playing `side`) is to move, before unix time
    /// `deadline` if the game has a clock; `may_rearrange`: an Expert
    /// rearrangement is open to them.
    YourMove {
        player: UserId,
        name: Name,
        side: Side,
        deadline: Option<i64>,
        may_rearrange: bool,
    },
    /// `by`'s draw offer waits for `to`'s answer.
    DrawPending { by: Name, to: Name },
    /// The AI (`name`) is thinking about its move.
    Thinking { name: Name },
    /// The game ended in a forfeit: a player never moved (a tournament).
    Forfeited,
    /// The game was aborted, with no result.
    Aborted,
    /// The game ended so, with `hints` hints and `takebacks` take-backs used.
    Result {
        end: GameEnd,
        hints: i64,
        takebacks: i64,
    },
    /// The game is over: `players` are told.
    GameOverFor { players: Vec<UserId> },
    /// Turn `turn` of `game`, watched again: `by` played it along `path`.
    Watched {
        game: GameId,
        turn: i64,
        by: Name,
        path: Trace,
    },
}

impl GameService {
    /// Makes `board` game `game_id`'s board, unless a board of a later ply
    /// is already. Returns the board whose menus should go: the one before,
    /// or `board` itself when it came late (none in a refused channel).
    pub async fn replace_board(
        &self,
        game_id: GameId,
        board: BoardMessage,
    ) -> Result<Option<BoardMessage>> {
        let old = self.db.games.replace_board_message(game_id, board).await?;
        // Nothing more is sent to a channel Discord refuses.
        match old {
            Some(old) if self.db.places.refusal_of(old.channel_id).await?.is_some() => Ok(None),
            old => Ok(old),
        }
    }

    /// The channel game `game_id` is played in (where its boards go), or
    /// `None` for a game that does not exist.
    pub async fn game_channel(&self, game_id: GameId) -> Result<Option<ChannelId>> {
        Ok(self.db.games.game(game_id).await?.map(|row| row.channel_id))
    }

    /// The animation of the turn that led to ply `ply` of game `game_id`,
    /// privately (in `user`'s language). Anyone who may see the game from
    /// `place` may watch: it only shows what the boards showed. The turn
    /// comes from the replay cache (watching turn after turn replays one
    /// move each), and is drawn in the AI pool.
    pub async fn watch(
        &self,
        user: &User,
        place: Place,
        game_id: GameId,
        ply: i64,
    ) -> Result<Reply> {
        let lang = user.lang;
        let row = self.game_here(user, place, game_id).await?;
        let count = self.db.games.moves(game_id).await?.len() as i64;
        if ply < 1 || ply > count {
            return Err(GameRefusal::NoSuchTurn {
                game: game_id,
                turn: ply,
                count,
            }
            .into());
        }
        let loaded = self.load_at(row.id, Some(ply)).await?;
        let Some((last, before)) = loaded.last else {
            return Err(AppError::Internal(format!(
                "game #{game_id} has no turn {ply}"
            )));
        };
        let names = (loaded.name(Side::South), loaded.name(Side::North));
        let slot = AI_SEARCHES.slot().await;
        let (picture, mover, path) = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            animate(game_id, ply, (before, last), names, lang)
        })
        .await
        .map_err(|e| AppError::Internal(format!("animating failed: {e}")))??;
        Ok(Reply {
            says: vec![BoardNotice::Watched {
                game: game_id,
                turn: ply,
                by: mover,
                path,
            }
            .into()],
            picture: Some(picture),
            game: Some(GameRef {
                id: game_id,
                ply,
                active: false,
            }),
            private: true,
            lang,
            ..Reply::default()
        })
    }

    /// The reply that shows a game: the picture, whose turn, the moves. An
    /// earlier ply of the game (a post delivered late) shows its picture
    /// and headline only: no menus, nobody called to move.
    pub(crate) async fn board_reply(
        &self,
        loaded: &Loaded,
        headline: Vec<Notice>,
        lang: Lang,
    ) -> Result<Reply> {
        let (south, north) = (loaded.name(Side::South), loaded.name(Side::North));
        let game = &loaded.game;
        let position = *game.position();
        let outcome = game.outcome();
        let picture = board_picture(
            BoardParts {
                south: south.raw().to_string(),
                north: north.raw().to_string(),
                ply: loaded.ply(),
                last: loaded
                    .last
                    .and_then(|(mv, before)| LastMove::new(&before, mv).ok()),
                outcome,
                game_id: Some(loaded.row.id.0),
            },
            position,
            lang,
        )
        .await?;

        // The board's own lines, after the headline.
        let mut says = headline;
        let mut ping = Vec::new();
        let mut moves = Vec::new();
        let (mut draw_offered, mut may_arrange) = (false, false);
        let may_hint = loaded.current && loaded.ai_level().is_some() && !loaded.is_over();
        // Every ending tells both players, whoever ended it.
        let game_over = |says: &mut Vec<Notice>, ping: &mut Vec<UserId>| {
            ping.extend(loaded.people(self.base.bot.id));
            let players = ping.clone();
            says.push(BoardNotice::GameOverFor { players }.into());
        };
        match outcome {
            _ if !loaded.current => {}
            None if loaded.aborted() => {
                says.push(match loaded.forfeited() {
                    true => BoardNotice::Forfeited.into(),
                    false => BoardNotice::Aborted.into(),
                });
                game_over(&mut says, &mut ping);
            }
            Some(outcome) => {
                says.push(
                    BoardNotice::Result {
                        end: loaded.end(outcome),
                        hints: loaded.row.hints,
                        takebacks: loaded.row.takebacks,
                    }
                    .into(),
                );
                if let Some(changes) = self.rating_changes(loaded, &south, &north).await? {
                    says.push(RatingsNotice::Changed(changes).into());
                }
                game_over(&mut says, &mut ping);
            }
            None => {
                let to_move = game.turn();
                let player = loaded.player(to_move);
                let name = if to_move == Side::South {
                    &south
                } else {
                    &north
                };
                if player != self.base.bot.id {
                    ping.push(player);
                    moves = game
                        .legal_moves()
                        .iter()
                        .map(|&h| (h, position.stones(h)))
                        .collect();
                    may_arrange = position.may_rearrange(to_move);
                    says.push(
                        BoardNotice::YourMove {
                            player,
                            name: name.clone(),
                            side: to_move,
                            deadline: loaded.row.deadline,
                            may_rearrange: may_arrange,
                        }
                        .into(),
                    );
                    if let Some(offer) = loaded.offer {
                        draw_offered = true;
                        let side = loaded.side_of(offer.offered_by).unwrap_or(to_move);
                        let (by, to) = (loaded.name(side), loaded.name(side.opponent()));
                        says.push(BoardNotice::DrawPending { by, to }.into());
                    }
                } else {
                    says.push(BoardNotice::Thinking { name: name.clone() }.into());
                }
            }
        }
        // Only when the menu is offered: the person is to move.
        let may_hint = may_hint && !moves.is_empty();
        // The person to move has moved before (turns alternate).
        let may_take_back = may_hint && loaded.ply() >= 2;
        // Until both have moved, outside tournaments (a no-show forfeits).
        let may_abort = loaded.current
            && !loaded.is_over()
            && loaded.ply() < ABORT_BEFORE_PLY
            && loaded.tournament.is_none();
        Ok(Reply {
            says,
            picture: Some(picture),
            game: Some(GameRef {
                id: loaded.row.id,
                ply: loaded.ply(),
                active: !loaded.is_over() && loaded.current,
            }),
            moves,
            ping,
            lang,
            draw_offered,
            may_arrange,
            may_hint,
            may_abort,
            may_take_back,
            ..Reply::default()
        })
    }

    /// How a finished rated game moved both ratings, South first, as data
    /// (shown as [`RatingsNotice::Changed`]); `None` for games against the AI
    /// and games rated before the changes were kept.
    pub(crate) async fn rating_changes(
        &self,
        loaded: &Loaded,
        south: &Name,
        north: &Name,
    ) -> Result<Option<Vec<RatingChange>>> {
        if loaded.row.ai_level.is_some() {
            return Ok(None);
        }
        let changes = self.db.ratings.rating_changes(loaded.row.id).await?;
        let mut moved = Vec::new();
        for (id, name) in [(loaded.row.south_id, south), (loaded.row.north_id, north)] {
            let Some(change) = changes.iter().find(|c| c.player_id == id) else {
                return Ok(None);
            };
            // Both rounded first, so the shown numbers add up.
            let (before, after) = (change.before.round() as i64, change.after.round() as i64);
            moved.push(RatingChange {
                player: id,
                name: name.clone(),
                rating: after,
                change: after - before,
            });
        }
        Ok(Some(moved))
    }
}

/// The animation of `last`, played from `before` as ply `ply` of game
/// `game_id`, described by its path in words in the alt text; also
/// returned: who moved and the path, for the message.
fn animate(
    game_id: GameId,
    ply: i64,
    (before, last): (Position, Move),
    (south, north): (Name, Name),
    lang: Lang,
) -> Result<(Picture, Name, Trace)> {
    let last_move = LastMove::new(&before, last)
        .map_err(|e| AppError::Internal(format!("tracing the turn: {e}")))?;
    let mut after = before;
    after
        .play(&last)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let mover = match before.turn() {
        Side::South => &south,
        Side::North => &north,
    };
    let alt_text = mover.plain_path(lang, &last_move.trace);
    let path = last_move.trace.clone();
    let mover = mover.clone();
    let view = BoardView {
        ply: rules_ply(ply),
        last_move: Some(last_move),
        game_id: Some(game_id.0),
        lang,
        ..BoardView::new(&after, south.raw(), north.raw())
    };
    let gif = kiela_render::turn_gif(&view).map_err(|e| match e {
        RenderError::NothingToAnimate => GameRefusal::RearrangementTurn.into(),
        e => AppError::Internal(e.to_string()),
    })?;
    Ok((
        Picture {
            bytes: gif,
            format: Format::Gif,
            alt_text: alt_text.into(),
        },
        mover,
        path,
    ))
}

/// A game may be aborted (no result) until this many plies are played:
/// until both players have made a move.
pub(crate) const ABORT_BEFORE_PLY: i64 = 2;

/// What a board picture shows besides its position (owned, to be drawn on
/// a blocking thread).
pub(crate) struct BoardParts {
    pub south: String,
    pub north: String,
    pub ply: i64,
    pub last: Option<LastMove>,
    pub outcome: Option<kiela_rules::Outcome>,
    pub game_id: Option<i64>,
}

impl BoardParts {
    /// A board outside any game (a lesson's task, a puzzle): its players'
    /// names and the move that led to it.
    pub fn exercise(south: String, north: String, last: Option<LastMove>) -> BoardParts {
        BoardParts {
            south,
            north,
            ply: 0,
            last,
            outcome: None,
            game_id: None,
        }
    }
}

/// The one way a board picture is drawn: a PNG with its alt text, drawn
/// off the async threads.
pub(crate) async fn board_picture(
    parts: BoardParts,
    position: kiela_rules::Position,
    lang: Lang,
) -> Result<Picture> {
    tokio::task::spawn_blocking(move || {
        let view = BoardView {
            position: &position,
            south_name: &parts.south,
            north_name: &parts.north,
            ply: rules_ply(parts.ply),
            last_move: parts.last,
            outcome: parts.outcome,
            game_id: parts.game_id,
            lang,
        };
        kiela_render::render_png(&view).map(|png| Picture {
            bytes: png,
            format: Format::Png,
            alt_text: kiela_render::alt_text(&view).into(),
        })
    })
    .await
    .map_err(|e| AppError::Internal(format!("rendering failed: {e}")))?
    .map_err(|e| AppError::Internal(e.to_string()))
}
