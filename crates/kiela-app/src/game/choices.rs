//! What the Discord adapter offers around commands: autocomplete choices,
//! and whether a button still matches its game.

use kiela_rules::{Hole, Side};

use crate::players::Membership;
use crate::store::GameRow;
use crate::vocabulary::{GameId, GameState};
use crate::{AppError, GameService, Loaded, Name, Place, PlaceKind, Result, User};

use super::GameRefusal;

/// One of the user's games, as an autocomplete choice (the adapter words
/// its label, e.g. `#12 vs Ana: your move`, `#9 vs Ana: you won`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameChoice {
    pub id: GameId,
    /// The opponent's plain name (a label is not markdown).
    pub opponent: String,
    pub state: ChoiceState,
}

/// Where one of the user's games stands, for its autocomplete label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceState {
    /// Waiting for the user's move.
    YourMove,
    /// Waiting for the opponent's.
    TheirMove,
    Won,
    Lost,
    Drawn,
    /// Ended with no result.
    Aborted,
    /// An aborted tournament game: a forfeit.
    Forfeit,
}

impl GameService {
    /// The user's ongoing games, those waiting for them first; with
    /// `finished_too` (for `/kiela history`), their finished games after
    /// them, the most recent first. Asked at every keystroke, so it is one
    /// query (the games' rows, their opponents' names, whether each is a
    /// tournament game); nothing is replayed.
    pub async fn game_choices(&self, user: &User, finished_too: bool) -> Result<Vec<GameChoice>> {
        let mut choices = Vec::new();
        let rows = self
            .db
            .games
            .game_choices_of(user.id, !finished_too, 25)
            .await;
        for (row, opponent, in_tournament) in rows? {
            let side = if row.south_id == user.id {
                Side::South
            } else {
                Side::North
            };
            // A choice's label is not markdown: the plain name.
            let opponent = Name::new(opponent).plain();
            // Waiting for them, then the other ongoing ones, then finished.
            let (order, state) = match row.state {
                // An aborted tournament game is a forfeit (`Loaded::forfeited`).
                GameState::Aborted => match in_tournament {
                    true => (2, ChoiceState::Forfeit),
                    false => (2, ChoiceState::Aborted),
                },
                GameState::Finished(outcome) => match outcome.result.winner() {
                    Some(winner) if winner == side => (2, ChoiceState::Won),
                    Some(_) => (2, ChoiceState::Lost),
                    None => (2, ChoiceState::Drawn),
                },
                GameState::Active if row.to_move_id == Some(user.id) => (0, ChoiceState::YourMove),
                GameState::Active => (1, ChoiceState::TheirMove),
            };
            choices.push((
                order,
                GameChoice {
                    id: row.id,
                    opponent,
                    state,
                },
            ));
        }
        // Stable: the store's order (most recent first) within each group.
        choices.sort_by_key(|(order, _)| *order);
        Ok(choices.into_iter().map(|(_, choice)| choice).collect())
    }

    /// The holes the user may sow from now (with their stones), in the game
    /// given or their only game waiting in this channel, and the ply they
    /// are offered at (so that the move picked can be checked against it);
    /// no holes when it is not their turn.
    pub async fn move_choices(
        &self,
        user: &User,
        place: Place,
        game: Option<GameId>,
    ) -> Result<MoveChoices> {
        let id = self.pick_game(user, place, game).await?;
        let loaded = self.load(id).await?;
        let ply = loaded.ply();
        if loaded.is_over() || loaded.side_of(user.id) != Some(loaded.game.turn()) {
            return Ok(MoveChoices {
                ply,
                holes: Vec::new(),
            });
        }
        let position = loaded.game.position();
        let holes = loaded
            .game
            .legal_moves()
            .iter()
            .map(|&hole| (hole, position.stones(hole)))
            .collect();
        Ok(MoveChoices { ply, holes })
    }

    /// Checks a button made for game `id` at `ply`: the user must play in
    /// it, and the game must not have moved on since.
    pub async fn check_button(&self, user: &User, id: GameId, ply: i64) -> Result<()> {
        let row = self
            .db
            .games
            .game(id)
            .await?
            .ok_or(AppError::NoSuchGame(id))?;
        if user.id != row.south_id && user.id != row.north_id {
            return Err(AppError::NotYourGame);
        }
        let current = self.db.games.moves(id).await?.len() as i64;
        if current != ply || !row.is_active() {
            return Err(AppError::OutOfDate { game_id: id });
        }
        Ok(())
    }

    /// Game `id`, if `user` may see or act on it from `place` (see
    /// [`check_place`]).
    pub(crate) async fn game_here(&self, user: &User, place: Place, id: GameId) -> Result<GameRow> {
        let row = self
            .db
            .games
            .game(id)
            .await?
            .ok_or(AppError::NoSuchGame(id))?;
        check_place(user, place, &row)?;
        Ok(row)
    }

    /// Game `id`, loaded for `user` to change it from `place` (a move, a
    /// resignation, a draw...), and their side: the one way every such
    /// action checks who acts. They must see it from there (see
    /// [`check_place`]) and play in it; from a direct message, a game of a
    /// server is acted on only by a player still a member of it (one who
    /// left is refused, and their clock runs on as usual; when Discord
    /// cannot say, the action goes through).
    pub(crate) async fn load_to_act(
        &self,
        user: &User,
        place: Place,
        id: GameId,
    ) -> Result<(Loaded, Side)> {
        let loaded = self.load(id).await?;
        check_place(user, place, &loaded.row)?;
        let side = loaded.side_of(user.id).ok_or(AppError::NotYourGame)?;
        let guild = loaded.row.guild_id;
        if place.guild_id.is_none()
            && !guild.is_none()
            && self.players.membership(guild, user.id).await == Membership::Gone
        {
            return Err(GameRefusal::LeftServer(id).into());
        }
        Ok((loaded, side))
    }

    /// The game meant by a command: the one given, or the user's only game
    /// in this channel that waits for them.
    pub(crate) async fn pick_game(
        &self,
        user: &User,
        place: Place,
        game: Option<GameId>,
    ) -> Result<GameId> {
        self.pick(user, place, game, false).await
    }

    /// The game meant by a command that cannot be undone (resigning): the
    /// one given, or the user's only game in this channel; with several,
    /// the user is asked which, even if one of them waits for them.
    pub(crate) async fn pick_game_strictly(
        &self,
        user: &User,
        place: Place,
        game: Option<GameId>,
    ) -> Result<GameId> {
        self.pick(user, place, game, true).await
    }

    async fn pick(
        &self,
        user: &User,
        place: Place,
        game: Option<GameId>,
        strict: bool,
    ) -> Result<GameId> {
        if let Some(id) = game {
            return self.game_here(user, place, id).await.map(|row| row.id);
        }
        let mut waiting = Vec::new();
        let mut here = Vec::new();
        for row in self.db.games.games_of(user.id, true, 50).await? {
            // A game's thread, or the channel it was opened in.
            let lobby = row.lobby_channel_id;
            // A paused game has no channel: any of its server's will do.
            let paused = row.paused_at.is_some() && row.guild_id == place.guild_id;
            if row.channel_id != place.channel_id && lobby != Some(place.channel_id) && !paused {
                continue;
            }
            here.push(row.id);
            let loaded = self.load(row.id).await?;
            if loaded.side_of(user.id) == Some(loaded.game.turn()) {
                waiting.push(row.id);
            }
        }
        if strict {
            waiting.clear();
        }
        match (waiting.as_slice(), here.as_slice()) {
            ([id], _) => Ok(*id),
            ([], [id]) => Ok(*id),
            ([], []) => Err(GameRefusal::NoGameHere.into()),
            ([], ids) | (ids, _) => Err(GameRefusal::WhichGame(ids.to_vec()).into()),
        }
    }
}

/// A game is its server's business: it is seen and acted on from its own
/// server (any of its channels), or outside any server by its players:
/// from their direct messages with the app, or from a group DM, only a
/// game played in that group DM (its friends see nothing of the others).
pub(crate) fn check_place(user: &User, place: Place, row: &GameRow) -> Result<()> {
    let player = user.id == row.south_id || user.id == row.north_id;
    let allowed = match place.kind {
        PlaceKind::GroupDm => player && row.channel_id == place.channel_id,
        _ if place.guild_id.is_none() => player,
        _ => place.guild_id == row.guild_id,
    };
    match allowed {
        true => Ok(()),
        false => Err(GameRefusal::OtherServer(row.id).into()),
    }
}

/// The moves a player may make now in one game ([`GameService::move_choices`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveChoices {
    /// How many moves the game has had: the position these are offered in.
    pub ply: i64,
    /// The holes to sow from, with their stones.
    pub holes: Vec<(Hole, u8)>,
}
