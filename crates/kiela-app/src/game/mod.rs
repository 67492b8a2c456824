//! A game as the service holds it: its row and its rules state, replayed
//! from its stored moves; the picture and words that show it; and which
//! game a command means.

mod boards;
mod choices;
mod store;
pub use store::*;
mod replays;

pub use boards::BoardNotice;
pub(crate) use boards::{board_picture, BoardParts, ABORT_BEFORE_PLY};
pub(crate) use choices::check_place;

/// A turn as the app counts turns (`i64`, as the store keeps them), from
/// the rules', the engine's or the renderer's count (`usize`).
pub(crate) fn app_ply(ply: usize) -> i64 {
    i64::try_from(ply).unwrap_or(i64::MAX)
}

/// A turn of a game (never negative) as the rules, the engine and the
/// renderer count turns.
pub(crate) fn rules_ply(ply: i64) -> usize {
    usize::try_from(ply).unwrap_or_default()
}
pub use choices::{ChoiceState, GameChoice, MoveChoices};
pub(super) use replays::Replays;

use std::sync::atomic::Ordering;
use std::sync::Arc;

use crate::store::ports::*;
use crate::store::{DrawOffer, DrawOfferChange, GameChange, GameRow, PlayerRow, StoreError};
use crate::vocabulary::{GameId, GameState, TournamentId, UserId};
use kiela_ai::Level;
use kiela_rules::{Game, Move, Outcome, Position, Side};
use replays::Replayed;

use super::players::named;
use super::{AppError, Name, Result};

/// Why the game a command means, or a turn of it, cannot be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameRefusal {
    /// Game `0` belongs to another server.
    OtherServer(GameId),
    /// The user left the server of game `0`, so they no longer act on it.
    LeftServer(GameId),
    /// The user has no ongoing game in this channel.
    NoGameHere,
    /// Several games could be meant: these.
    WhichGame(Vec<GameId>),
    /// Game `game` has no turn `turn`: it has had `count`.
    NoSuchTurn { game: GameId, turn: i64, count: i64 },
    /// The turn watched was a rearrangement: there is no sowing to show.
    RearrangementTurn,
}

/// A game as loaded from the database: its row, its replayed rules state,
/// its two players and its pending draw offer. An action loads it once,
/// changes it ([`Loaded::change`]) and answers from it: only the delivery
/// loop composes a post from the database.
pub(crate) struct Loaded {
    pub(crate) row: GameRow,
    pub(crate) game: Game,
    /// The last move and the position it was played from, for the
    /// picture's path.
    pub(crate) last: Option<(Move, Position)>,
    /// Whether this is the game as it stands, not an earlier ply of it.
    pub(crate) current: bool,
    /// South's and North's rows (`None`: never recorded).
    pub(crate) players: [Option<PlayerRow>; 2],
    pub(crate) offer: Option<DrawOffer>,
    /// The tournament it is a game of, if any: a player who never moves
    /// forfeits it rather than aborting it.
    pub(crate) tournament: Option<TournamentId>,
}

impl Loaded {
    /// The row of `player`, if they play this game and were recorded.
    pub(crate) fn player_row(&self, player: UserId) -> Option<&PlayerRow> {
        let side = self.side_of(player)?;
        self.players[seat(side)].as_ref()
    }

    /// The name of `side`'s player.
    pub(crate) fn name(&self, side: Side) -> Name {
        named(self.player(side), self.players[seat(side)].as_ref())
    }

    /// How the game ended (`outcome`), with its players' names: for a
    /// refusal.
    pub(crate) fn end(&self, outcome: Outcome) -> crate::playing::GameEnd {
        crate::playing::GameEnd {
            game: self.row.id,
            outcome,
            south: self.name(Side::South),
            north: self.name(Side::North),
        }
    }

    /// The game after `change`, stored, and `played` (the move it made,
    /// and the game after it), without reading it again.
    pub(crate) fn change(
        &mut self,
        change: &GameChange,
        played: Option<(Move, Game)>,
    ) -> Result<()> {
        let row = &mut self.row;
        row.version += 1;
        row.state = change.state;
        row.deadline = change.deadline;
        row.reminded = change.reminded;
        row.to_move_id = change.to_move();
        row.updated_at = change.now;
        match &change.draw_offer {
            DrawOfferChange::Keep => {}
            DrawOfferChange::Clear => self.offer = None,
            DrawOfferChange::Offer(offer) => self.offer = Some(*offer),
        }
        if let Some((mv, game)) = played {
            self.last = Some((mv, *self.game.position()));
            self.game = game;
        }
        settle(&mut self.game, &self.row)
    }

    pub(crate) fn side_of(&self, user: UserId) -> Option<Side> {
        if user == self.row.south_id {
            Some(Side::South)
        } else if user == self.row.north_id {
            Some(Side::North)
        } else {
            None
        }
    }

    pub(crate) fn player(&self, side: Side) -> UserId {
        match side {
            Side::South => self.row.south_id,
            Side::North => self.row.north_id,
        }
    }

    pub(crate) fn ply(&self) -> i64 {
        app_ply(self.game.ply())
    }

    pub(crate) fn ai_level(&self) -> Option<Level> {
        self.row.ai_level
    }

    /// Ended without a result: its deadline passed before the player to
    /// move had made a first move (see [`DueEvent::Abort`]).
    pub(crate) fn aborted(&self) -> bool {
        self.row.state == GameState::Aborted
    }

    /// A tournament game its first mover never played: stored as aborted
    /// (no result, not rated), it is a forfeit by the player who was to
    /// move, who loses it in the tournament and is withdrawn.
    pub(crate) fn forfeited(&self) -> bool {
        self.aborted() && self.tournament.is_some()
    }

    /// Over, with a result or aborted.
    pub(crate) fn is_over(&self) -> bool {
        self.game.is_over() || self.aborted()
    }

    /// The players who are people (not the bot), South first.
    pub(crate) fn people(&self, bot: UserId) -> Vec<UserId> {
        [self.row.south_id, self.row.north_id]
            .into_iter()
            .filter(|&id| id != bot)
            .collect()
    }
}

crate::store::port_set! {
    /// The ports [`GameService`] reads and writes through.
    pub struct GamePorts {
        draws: DrawsStore,
        games: GamesStore,
        places: PlacesStore,
        players: PlayersStore,
        ratings: RatingsStore,
        tournaments: TournamentsStore,
    }
}

/// A game as stored: loading and replaying it, its board, and which game a command means.
#[derive(Clone)]
pub struct GameService {
    pub(crate) base: crate::Base,
    pub(crate) db: GamePorts,
    pub(crate) players: Arc<crate::PlayerService>,
    pub(crate) replays: Arc<Replays>,
}

impl GameService {
    /// Loads a game and replays its moves.
    pub(crate) async fn load(&self, game_id: GameId) -> Result<Loaded> {
        self.load_at(game_id, None).await
    }

    /// Loads a game as it was at ply `ply` (`None`: as it stands).
    pub(crate) async fn load_at(&self, game_id: GameId, ply: Option<i64>) -> Result<Loaded> {
        self.base.games_loaded.fetch_add(1, Ordering::Relaxed);
        let row = self
            .db
            .games
            .game(game_id)
            .await?
            .ok_or(AppError::NoSuchGame(game_id))?;
        let players = [
            self.db
                .players
                .player_in(row.guild_id, row.south_id)
                .await?,
            self.db
                .players
                .player_in(row.guild_id, row.north_id)
                .await?,
        ];
        let offer = self.db.draws.draw_offer(game_id).await?;
        let tournament = self.db.tournaments.tournament_of_game(game_id).await?;
        let mut moves = self.db.games.moves(game_id).await?;
        let current = ply.is_none_or(|ply| moves.len() as i64 <= ply);
        if let Some(ply) = ply {
            moves.retain(|mv| mv.ply <= ply);
        }
        // Replaying computes exact legal moves, which in rare positions means
        // proving a long relay cycle endless: keep it off the async threads,
        // and play only the moves this process has not replayed yet.
        // A replay past the request's bound goes on, and is kept for the
        // next try.
        // A move taken back (games against the AI) changes the stored
        // moves: a kept replay serves only while its moves are the stored
        // ones, whichever process took them back.
        let start = (self.replays.get(game_id, moves.len()))
            .filter(|kept| same_moves(kept.game.moves(), &moves));
        let replays = self.replays.clone();
        let replaying = tokio::task::spawn_blocking(move || {
            let (game, last, replayed) = replay(&row, moves, current, start)?;
            replays.put(game_id, replayed);
            Ok(Loaded {
                row,
                game,
                last,
                current,
                players,
                offer,
                tournament,
            })
        });
        replays::bounded(self.base.timing.replay_bound, game_id, replaying).await
    }
}

/// Whether `played` are the first of the stored `moves`.
fn same_moves(played: &[Move], moves: &[crate::store::MoveRow]) -> bool {
    played.len() <= moves.len()
        && (played.iter().zip(moves)).all(|(mv, row)| mv.to_string() == row.notation)
}

/// The index of `side`'s player in [`Loaded::players`].
fn seat(side: Side) -> usize {
    match side {
        Side::South => 0,
        Side::North => 1,
    }
}

/// Rebuilds a game from its stored row and moves, going on from `start`
/// (its first plies, replayed before) if given. Returns the game and its
/// last move (with the row's result applied when `current`), and the replay
/// to keep (before the result is applied).
#[allow(clippy::type_complexity)]
fn replay(
    row: &GameRow,
    moves: Vec<crate::store::MoveRow>,
    current: bool,
    start: Option<Arc<Replayed>>,
) -> Result<(Game, Option<(Move, Position)>, Replayed)> {
    let game_id = row.id;
    let bad_move =
        |ply: i64, e: String| corrupt("moves", format!("{game_id}/{ply}"), "notation", e);
    // The kept replay's game is copied once, to play on.
    let Replayed { mut game, mut last } = start.map_or_else(
        || Replayed {
            game: Game::new(row.variant),
            last: None,
        },
        Arc::unwrap_or_clone,
    );
    let done = game.ply();
    for mv in moves.into_iter().skip(done) {
        let parsed: Move = (mv.notation.parse()).map_err(|e| bad_move(mv.ply, format!("{e}")))?;
        let before = *game.position();
        (game.play(&parsed)).map_err(|e| bad_move(mv.ply, format!("{e}")))?;
        last = Some((parsed, before));
    }
    let replayed = Replayed {
        game: game.clone(),
        last,
    };
    if current {
        settle(&mut game, row)?;
    }
    Ok((game, last, replayed))
}

/// Applies to `game` the ending its row records and the moves cannot show
/// (resignation, agreement, timeout).
fn settle(game: &mut Game, row: &GameRow) -> Result<()> {
    if let (GameState::Finished(outcome), None) = (row.state, game.outcome()) {
        let record = kiela_rules::Record {
            result: Some(outcome.result),
            reason: Some(outcome.reason),
            ..Default::default()
        };
        (record.settle(game))
            .map_err(|e| corrupt("games", row.id.to_string(), "result", format!("{e}")))?;
    }
    Ok(())
}

fn corrupt(table: &'static str, row: String, column: &'static str, problem: String) -> AppError {
    AppError::Store(StoreError::Corrupt {
        table,
        row,
        column,
        problem,
    })
}
