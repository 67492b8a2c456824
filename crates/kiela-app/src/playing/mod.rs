//! Acting on a game: moves, rearrangements, resignation, draws, the AI's
//! reply, and showing a game.

mod notice;
mod preview;
mod refusal;
mod store;
pub use notice::PlayNotice;
pub use refusal::{FormRow, GameEnd, PlayRefusal};
pub use store::*;
mod takeback;

use crate::draws::DrawNotice;
use crate::store::ports::*;
use crate::store::PostTarget;
use crate::store::{DrawOfferChange, GameChange, MoveRow, NewPost, RatedResult};
use crate::threads::GameEnding;
use crate::vocabulary::{GameId, GameState, PostId, UserId};
use kiela_rules::{GameError, GameResult, Hole, Layout, Move, Outcome, Reason, Side};
use std::sync::Arc;

use kiela_i18n::Lang;

use kiela_render::{BoardView, LastMove};

use super::draws::Closed;
use super::outbox::Made;
use super::{AppError, Format, Loaded, Picture, Place, Reply, Result, User};

crate::store::port_set! {
    /// The ports [`PlayService`] reads and writes through.
    pub struct PlayPorts {
        core: CoreStore,
        draws: DrawsStore,
        games: GamesStore,
        players: PlayersStore,
        playing: PlayingStore,
        tournaments: TournamentsStore,
    }
}

/// Playing a game: moves, arrangements, previews, takebacks, resigning, and its end.
#[derive(Clone)]
pub struct PlayService {
    pub(crate) base: crate::Base,
    pub(crate) db: PlayPorts,
    pub(crate) games: Arc<crate::GameService>,
    pub(crate) notify: Arc<crate::NotifyService>,
    pub(crate) outbox: Arc<crate::OutboxService>,
    pub(crate) places: Arc<crate::PlaceService>,
    pub(crate) players: Arc<crate::PlayerService>,
    pub(crate) settings: Arc<crate::SettingsService>,
    pub(crate) threads: Arc<crate::ThreadService>,
    pub(crate) tournaments: Arc<crate::TournamentService>,
}

impl PlayService {
    /// Stores `change` (`CoreStore::apply`: `None` if the game changed
    /// meanwhile). A change that ends a tournament's game moves its
    /// tournament on at once: the standings, the next round or its end
    /// (which, should it fail, the clock's next look does).
    pub(crate) async fn apply(&self, change: &GameChange) -> Result<Option<Vec<PostId>>> {
        let ids = self.db.core.apply(change).await?;
        if ids.is_some() && change.state != GameState::Active {
            self.tournaments.game_ended(change.game_id).await;
        }
        Ok(ids)
    }

    /// The edit of `loaded`'s pending draw offer line (if it has one and
    /// it was posted through the outbox): its text and how it was
    /// `closed`, without its buttons. Delivered by the delivery loop.
    pub(crate) async fn close_draw_line(
        &self,
        loaded: &Loaded,
        closed: Closed,
        lang: Lang,
    ) -> Result<Option<NewPost>> {
        let Some(offer) = loaded.offer else {
            return Ok(None);
        };
        let Some(line) = self.db.draws.draw_line(loaded.row.id, offer.ply).await? else {
            return Ok(None);
        };
        Ok(Some(NewPost {
            to: PostTarget::Channel(line.channel_id),
            edits: Some(line.id),
            says: (line.says.iter().cloned())
                .chain([DrawNotice::LineClosed(closed).into()])
                .collect(),
            lang: lang.locale().to_string(),
            ..NewPost::default()
        }))
    }

    /// Sows from `hole` in the user's game. `expected_ply` comes from a
    /// button or menu: a different current ply means a stale board.
    pub async fn play_move(
        &self,
        user: &User,
        place: Place,
        game: Option<GameId>,
        hole: Hole,
        expected_ply: Option<i64>,
    ) -> Result<Reply> {
        let id = self.games.pick_game(user, place, game).await?;
        self.act(user, place, id, Move::Sow(hole), expected_ply)
            .await
    }

    /// Rearranges the user's stones (Expert, first turn) into `layout`:
    /// upper row A-J, then lower row A-J.
    pub async fn arrange(
        &self,
        user: &User,
        place: Place,
        game: Option<GameId>,
        layout: Layout,
    ) -> Result<Reply> {
        let id = self.games.pick_game(user, place, game).await?;
        self.act(user, place, id, Move::Arrange(layout), None).await
    }

    /// The counts `user` has now in game `id` at `ply`, as a layout, to
    /// fill in the rearrangement form: refused unless it is their turn and
    /// they may still rearrange.
    pub async fn arrangement_now(
        &self,
        user: &User,
        id: GameId,
        ply: i64,
    ) -> Result<(Side, Layout)> {
        let loaded = self.games.load(id).await?;
        let side = self.check_turn(&loaded, user, Some(ply))?;
        let position = loaded.game.position();
        if !position.may_rearrange(side) {
            return Err(PlayRefusal::RearrangementUsed.into());
        }
        Ok((side, position.layout(side)))
    }

    /// What the layout typed in the form (`rows`: the upper row as drawn,
    /// then the lower one, 10 counts each) would make of game `id` at `ply`, privately: the new
    /// position's picture. Nothing is played; a refusal says what is wrong.
    pub async fn preview_arrangement(
        &self,
        user: &User,
        id: GameId,
        ply: i64,
        rows: [&str; 2],
    ) -> Result<(Reply, Layout)> {
        let layout = typed_layout(rows)?;
        let loaded = self.games.load(id).await?;
        self.check_turn(&loaded, user, Some(ply))?;
        let mv = Move::Arrange(layout);
        let before = *loaded.game.position();
        let mut game = loaded.game.clone();
        let south = loaded.name(Side::South);
        let north = loaded.name(Side::North);
        let lang = user.lang;
        // Off the async threads: playing computes the next legal moves.
        let drawn = tokio::task::spawn_blocking(move || {
            game.play(&mv)?;
            let view = BoardView {
                position: game.position(),
                south_name: south.raw(),
                north_name: north.raw(),
                ply: game.ply(),
                last_move: LastMove::new(&before, mv).ok(),
                outcome: None,
                game_id: Some(id.0),
                lang,
            };
            Ok::<_, GameError>(kiela_render::render_png(&view).map(|png| Picture {
                bytes: png,
                format: Format::Png,
                alt_text: kiela_render::alt_text(&view).into(),
            }))
        })
        .await
        .map_err(|e| AppError::Internal(format!("rendering failed: {e}")))?;
        let picture = match drawn {
            Ok(picture) => picture.map_err(|e| AppError::Internal(e.to_string()))?,
            Err(e) => return Err(PlayRefusal::Rules(e).into()),
        };
        let reply = Reply {
            says: vec![PlayNotice::ArrangePreview { game: id }.into()],
            picture: Some(picture),
            private: true,
            lang,
            ..Reply::default()
        };
        Ok((reply, layout))
    }

    /// Plays `layout`, confirmed from its preview of game `id` at `ply`.
    pub async fn arrange_at(
        &self,
        user: &User,
        place: Place,
        id: GameId,
        ply: i64,
        layout: Layout,
    ) -> Result<Reply> {
        self.act(user, place, id, Move::Arrange(layout), Some(ply))
            .await
    }

    /// Plays `mv` for `user` in game `id`, then the AI's reply in an AI game.
    async fn act(
        &self,
        user: &User,
        place: Place,
        id: GameId,
        mv: Move,
        expected_ply: Option<i64>,
    ) -> Result<Reply> {
        self.players.meet(user, place.guild_id).await?;
        let (loaded, _) = self.games.load_to_act(user, place, id).await?;
        self.act_on(user, place, loaded, mv, expected_ply).await
    }

    /// [`Self::act`] on the game `user` acts on, already loaded (after
    /// [`crate::PlayerService::meet`]).
    pub(super) async fn act_on(
        &self,
        user: &User,
        place: Place,
        loaded: Loaded,
        mv: Move,
        expected_ply: Option<i64>,
    ) -> Result<Reply> {
        let id = loaded.row.id;
        // A paused game is played from a channel of its server only,
        // which becomes its place.
        let (mut loaded, resumed) = self.places.resume_here(user, place, loaded, true).await?;
        let side = self.check_turn(&loaded, user, expected_ply)?;
        let lang = self.settings.game_lang(&loaded, place, user).await?;
        let actor = Some(user.id);
        let mut posts = vec![self.commit_move(&mut loaded, side, mv, lang, actor).await?];
        // The move is stored: from here on the answer says it was played,
        // whatever happens to the AI's reply (the clock plays a reply left
        // behind; one it already played is no failure) or to the answer.
        // The move's board stays held for the answer while the AI thinks.
        let held: Vec<PostId> = posts.iter().map(|(id, _)| *id).collect();
        let ai_reply = self.ai_turn(&mut loaded, lang, actor);
        match self.outbox.while_held(&held, ai_reply).await {
            Ok(reply) => posts.extend(reply),
            Err(AppError::Conflict) => {}
            Err(e) => tracing::warn!(game = %id, "the AI's reply is left to the clock: {e}"),
        }
        match self.outbox.answer(place, &posts, Some(&loaded)).await {
            Ok(mut reply) => {
                if let Some(note) = resumed {
                    reply.say_first(note);
                }
                Ok(reply)
            }
            Err(e) => {
                tracing::warn!(game = %id, "a played move's answer failed: {e}");
                let ids: Vec<PostId> = posts.iter().map(|(id, _)| *id).collect();
                self.outbox.release(&ids).await?;
                let mut reply = Reply::private(PlayNotice::PlayedBoardFollows { game: id });
                reply.lang = user.lang;
                Ok(reply)
            }
        }
    }

    /// The side `user` plays in `loaded`, if they may move now.
    fn check_turn(&self, loaded: &Loaded, user: &User, expected_ply: Option<i64>) -> Result<Side> {
        let side = loaded.side_of(user.id).ok_or(AppError::NotYourGame)?;
        if expected_ply.is_some_and(|ply| ply != loaded.ply()) {
            return Err(AppError::OutOfDate {
                game_id: loaded.row.id,
            });
        }
        if loaded.forfeited() {
            return Err(PlayRefusal::Forfeited(loaded.row.id).into());
        }
        if loaded.aborted() {
            return Err(PlayRefusal::Aborted(loaded.row.id).into());
        }
        if let Some(outcome) = loaded.game.outcome() {
            return Err(PlayRefusal::GameOver(loaded.end(outcome)).into());
        }
        let to_move = loaded.game.turn();
        if side != to_move {
            return Err(AppError::NotYourTurn(to_move));
        }
        Ok(side)
    }

    /// Stores `mv` for `side`, with its board post: its path in words
    /// ("Ana sowed G2 → ended in E2."), in `lang`, held for the answer to
    /// `actor`'s interaction if there is one; and the direct message to the
    /// player whose turn it becomes, if they want one (not to `actor`, who
    /// gets the answer). `loaded` becomes the game after the move.
    async fn commit_move(
        &self,
        loaded: &mut Loaded,
        side: Side,
        mv: Move,
        lang: Lang,
        actor: Option<UserId>,
    ) -> Result<Made> {
        // Off the async threads: playing computes the next exact legal moves.
        let mut game = loaded.game.clone();
        let (game, played) = tokio::task::spawn_blocking(move || {
            let played = game.position().trace(&mv).map_err(GameError::from);
            let played = played.and_then(|trace| game.play(&mv).map(|_| trace));
            (game, played)
        })
        .await
        .map_err(|e| AppError::Internal(format!("playing the move failed: {e}")))?;
        let trace = played.map_err(|error| PlayRefusal::Illegal {
            error,
            legal: loaded.game.legal_moves().to_vec(),
        })?;
        let now = self.base.now();
        let mut change = GameChange::of(&loaded.row, now);
        change.new_move = Some(MoveRow {
            ply: loaded.ply() + 1,
            notation: mv.to_string(),
            player_id: loaded.player(side),
            played_at: now,
        });
        change.reminded = false;
        // Whose turn it is now, as the rules say (the store records it).
        let next = loaded.player(game.turn());
        change.to_move = Some(next);
        change.deadline = self
            .base
            .deadline_for(loaded.row.seconds_per_move, loaded.player_row(next));
        // An offer lapses when the player it was made to moves instead;
        // its line loses its buttons.
        if let Some(offer) = loaded.offer {
            if offer.offered_by != loaded.player(side) {
                change.draw_offer = DrawOfferChange::Clear;
                let line = self.close_draw_line(loaded, Closed::Lapsed, lang).await?;
                change.posts.extend(line);
            }
        }
        if let Some(outcome) = game.outcome() {
            self.finish(loaded, &mut change, outcome, lang).await?;
        }
        let name = loaded.name(side);
        let ply = loaded.ply() + 1;
        let answered = actor.is_some();
        let moved = PlayNotice::Moved {
            by: name,
            path: trace,
        };
        let post = self
            .outbox
            .board_post(loaded, ply, moved.clone(), lang, answered);
        change.posts.insert(0, post.clone());
        if game.outcome().is_none() {
            if let Some(to) = self.notify.turn_dm(next, loaded.player_row(next), actor) {
                change
                    .posts
                    .push(to.post(loaded.row.channel_id, ply, moved));
            }
        }
        let ids = self.apply(&change).await?.ok_or(AppError::Conflict)?;
        loaded.change(&change, Some((mv, game)))?;
        Ok((ids[0], post))
    }

    /// Fills in a change that ends the game with `outcome`, with the line
    /// that tells the game's lobby (in `lang`), if it has one; the caller
    /// puts its own post first.
    pub(crate) async fn finish(
        &self,
        loaded: &Loaded,
        change: &mut GameChange,
        outcome: Outcome,
        lang: Lang,
    ) -> Result<()> {
        let ending = GameEnding::Result(outcome);
        change
            .posts
            .extend(self.threads.lobby_result(loaded, ending, lang).await?);
        change.state = GameState::Finished(outcome);
        change.deadline = None;
        change.draw_offer = DrawOfferChange::Clear;
        if loaded.row.rated {
            change.rated = Some(RatedResult {
                guild_id: loaded.row.guild_id,
                south_id: loaded.row.south_id,
                north_id: loaded.row.north_id,
                south_score: match outcome.result {
                    GameResult::SouthWins => 1.0,
                    GameResult::NorthWins => 0.0,
                    GameResult::Draw => 0.5,
                },
            });
        }
        Ok(())
    }

    /// In an AI game where the bot is to move: computes and stores its move
    /// (off the async threads) with its board post (in `lang`, held for the
    /// answer to `actor`'s interaction if there is one); `loaded` becomes
    /// the game after it. Returns the post.
    pub(crate) async fn ai_turn(
        &self,
        loaded: &mut Loaded,
        lang: Lang,
        actor: Option<UserId>,
    ) -> Result<Option<Made>> {
        let Some(level) = loaded.ai_level() else {
            return Ok(None);
        };
        if loaded.is_over() || loaded.player(loaded.game.turn()) != self.base.bot.id {
            return Ok(None);
        }
        let game = loaded.game.clone();
        let seed = (loaded.row.id.0 as u64) << 16 ^ loaded.ply() as u64;
        let settings = level.settings_in(self.base.timing.ai_budget);
        // Queued for a slot of the bounded pool (see `limits`).
        let slot = super::AI_SEARCHES.slot().await;
        let mv = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            ai_move(&game, &settings, seed)
        })
        .await
        .map_err(|e| AppError::Internal(format!("the AI failed: {e}")))?;
        let post = self
            .commit_move(loaded, loaded.game.turn(), mv, lang, actor)
            .await?;
        Ok(Some(post))
    }

    /// The game `user` means to resign (asked which if they have several
    /// in this channel), to ask them to confirm: nothing changes yet.
    pub async fn resign_prompt(
        &self,
        user: &User,
        place: Place,
        game: Option<GameId>,
    ) -> Result<GameId> {
        let id = self.games.pick_game_strictly(user, place, game).await?;
        let (loaded, _) = self.games.load_to_act(user, place, id).await?;
        if let Some(done) = loaded.game.outcome() {
            return Err(PlayRefusal::AlreadyOver(loaded.end(done)).into());
        }
        Ok(id)
    }

    /// `user` resigns game `id` (at any time, not only on their turn).
    pub async fn resign(&self, user: &User, place: Place, game: Option<GameId>) -> Result<Reply> {
        let id = self.games.pick_game(user, place, game).await?;
        let (mut loaded, side) = self.games.load_to_act(user, place, id).await?;
        let place = Place {
            lang: self.settings.game_lang(&loaded, place, user).await?,
            ..place
        };
        let outcome = Outcome {
            result: GameResult::win_for(side.opponent()),
            reason: Reason::Resignation,
        };
        let headline = PlayNotice::Resigned {
            by: user.name.clone(),
            game: id,
        };
        let post = self
            .outbox
            .board_post(&loaded, loaded.ply(), headline, place.lang, true);
        let made = self.end(&mut loaded, outcome, user.lang, post).await?;
        self.outbox.answer(place, &[made], Some(&loaded)).await
    }

    /// `user` aborts game `game` (from its board at `ply`) before both
    /// players have moved: no result, not rated, the opponent told. Not in
    /// tournaments, where a player who never moves forfeits.
    pub async fn abort(&self, user: &User, place: Place, game: GameId, ply: i64) -> Result<Reply> {
        let id = self.games.pick_game(user, place, Some(game)).await?;
        let (mut loaded, side) = self.games.load_to_act(user, place, id).await?;
        if loaded.aborted() {
            return Err(PlayRefusal::Aborted(id).into());
        }
        if let Some(done) = loaded.game.outcome() {
            return Err(PlayRefusal::AlreadyOver(loaded.end(done)).into());
        }
        if loaded.ply() != ply {
            return Err(AppError::OutOfDate { game_id: id });
        }
        if loaded.ply() >= super::game::ABORT_BEFORE_PLY {
            return Err(PlayRefusal::AbortTooLate(id).into());
        }
        if self.db.tournaments.tournament_of_game(id).await?.is_some() {
            return Err(PlayRefusal::AbortTournament(id).into());
        }
        let place = Place {
            lang: self.settings.game_lang(&loaded, place, user).await?,
            ..place
        };
        let lang = place.lang;
        let opponent = loaded.player(side.opponent());
        let mut change = GameChange::of(&loaded.row, self.base.now());
        change.state = GameState::Aborted;
        change.deadline = None;
        change.draw_offer = DrawOfferChange::Clear;
        let aborted = PlayNotice::AbortedBy {
            by: user.name.clone(),
            game: id,
        };
        let post = NewPost {
            pings: loaded
                .people(self.base.bot.id)
                .into_iter()
                .filter(|&p| p == opponent)
                .collect(),
            ..self
                .outbox
                .board_post(&loaded, loaded.ply(), aborted.clone(), lang, true)
        };
        change.posts = vec![post.clone()];
        change.posts.extend(
            self.threads
                .lobby_result(&loaded, GameEnding::Aborted, lang)
                .await?,
        );
        for to in self.notify.event_dms(&loaded, &[opponent]) {
            let channel = loaded.row.channel_id;
            change
                .posts
                .push(to.post(channel, loaded.ply(), aborted.clone()));
        }
        let ids = self.apply(&change).await?.ok_or(AppError::Conflict)?;
        loaded.change(&change, None)?;
        self.outbox
            .answer(place, &[(ids[0], post)], Some(&loaded))
            .await
    }

    /// Ends a game with a player-decided outcome, version-guarded, with the
    /// post that says so; `loaded` becomes the game after it.
    pub(crate) async fn end(
        &self,
        loaded: &mut Loaded,
        outcome: Outcome,
        lang: Lang,
        post: NewPost,
    ) -> Result<Made> {
        if loaded.forfeited() {
            return Err(PlayRefusal::Forfeited(loaded.row.id).into());
        }
        if loaded.aborted() {
            return Err(PlayRefusal::Aborted(loaded.row.id).into());
        }
        if let Some(done) = loaded.game.outcome() {
            return Err(PlayRefusal::AlreadyOver(loaded.end(done)).into());
        }
        let mut change = GameChange::of(&loaded.row, self.base.now());
        self.finish(loaded, &mut change, outcome, lang).await?;
        change.posts.insert(0, post.clone());
        // The offer's line loses its buttons.
        let closed = match outcome.reason {
            Reason::Agreement => Closed::Accepted,
            _ => Closed::Ended,
        };
        let line_lang = Lang::from_locale(&post.lang);
        (change.posts).extend(self.close_draw_line(loaded, closed, line_lang).await?);
        let ids = self.apply(&change).await?.ok_or(AppError::Conflict)?;
        loaded.change(&change, None)?;
        Ok((ids[0], post))
    }

    /// The current board of a game. Anyone may look, but only a player, in
    /// the game's channel, posts it as the game's board (with its ping);
    /// anyone else, or elsewhere, gets a private copy that calls nobody.
    pub async fn show(&self, user: &User, place: Place, game: Option<GameId>) -> Result<Reply> {
        let id = self.games.pick_game(user, place, game).await?;
        let loaded = self.games.load(id).await?;
        let (loaded, resumed) = self.places.resume_here(user, place, loaded, false).await?;
        let shown = PlayNotice::Shown {
            game: id,
            ply: loaded.ply(),
        };
        let headline = resumed.into_iter().chain([shown.into()]).collect();
        let mut reply = self
            .games
            .board_reply(&loaded, headline, place.lang)
            .await?;
        let player = loaded.side_of(user.id).is_some();
        let elsewhere = place.channel_id != loaded.row.channel_id;
        if !player || elsewhere {
            reply.private = true;
            reply.ping.clear();
            if !player {
                reply.moves.clear();
            }
        }
        if elsewhere {
            reply.say_first(PlayNotice::PlayedElsewhere {
                game: id,
                channel: loaded.row.channel_id,
            });
        }
        Ok(reply)
    }
}

/// The AI's move for the player to move in `game`.
fn ai_move(game: &kiela_rules::Game, settings: &kiela_ai::Settings, seed: u64) -> Move {
    let history = kiela_ai::game_history(game);
    kiela_ai::best_move(game.position(), &history, settings, seed).best
}

/// The layout typed in the rearrangement form (`rows`: the upper row as
/// drawn, then the lower one, 10 counts each, split by spaces or commas), or
/// a refusal saying what is wrong. Whether it fits a position is the
/// rules' question.
pub(super) fn typed_layout(rows: [&str; 2]) -> Result<Layout> {
    for (text, row) in rows.iter().zip([FormRow::Upper, FormRow::Lower]) {
        let count = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|n| !n.is_empty())
            .count();
        if count != 10 {
            return Err(PlayRefusal::RowCount { row, count }.into());
        }
    }
    rows.join(" ")
        .parse()
        .map_err(|e| PlayRefusal::BadLayout(e).into())
}
