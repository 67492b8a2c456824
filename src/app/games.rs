//! Acting on a game: moves, rearrangements, resignation, draws, the AI's
//! reply, and showing a game.

use crate::ai;
use crate::rules::{GameError, GameResult, Layout, Move, Outcome, Reason, Side};
use crate::store::{DrawOffer, DrawOfferChange, GameChange, MoveRow, NewPost, RatedResult};

use crate::i18n::Lang;
use crate::tr;

use super::outbox::Made;
use super::{refused, words, AppError, GameService, Loaded, Place, Reply, Result, User};

impl GameService {
    /// Sows from `hole` (e.g. `c2`) in the user's game. `expected_ply` comes
    /// from a button or menu: a different current ply means a stale board.
    pub async fn play_move(
        &self,
        user: &User,
        place: Place,
        game: Option<i64>,
        hole: &str,
        expected_ply: Option<i64>,
    ) -> Result<Reply> {
        let mv = match hole.trim().parse() {
            Ok(hole) => Move::Sow(hole),
            Err(e) => return refused(words::bad_hole(user.lang, &e)),
        };
        let id = self.pick_game(user, place, game).await?;
        self.act(user, place, id, mv, expected_ply).await
    }

    /// Rearranges the user's stones (Expert, first turn) from a layout
    /// written as 20 numbers: upper row A-J, then lower row A-J.
    pub async fn arrange(
        &self,
        user: &User,
        place: Place,
        game: Option<i64>,
        layout: &str,
    ) -> Result<Reply> {
        let layout: Layout = match layout.parse() {
            Ok(layout) => layout,
            Err(e) => return refused(words::describe_layout_error(user.lang, &e)),
        };
        let id = self.pick_game(user, place, game).await?;
        self.act(user, place, id, Move::Arrange(layout), None).await
    }

    /// Plays `mv` for `user` in game `id`, then the AI's reply in an AI game.
    async fn act(
        &self,
        user: &User,
        place: Place,
        id: i64,
        mv: Move,
        expected_ply: Option<i64>,
    ) -> Result<Reply> {
        self.meet(user).await?;
        let loaded = self.load(id).await?;
        let side = self.check_turn(&loaded, user, expected_ply)?;
        let lang = place.lang;
        let mut posts = vec![
            self.commit_move(&loaded, side, mv, user.lang, lang, true)
                .await?,
        ];
        let mut loaded = self.load(id).await?;
        if let Some(reply) = self.ai_turn(&mut loaded, lang, true).await? {
            posts.push(reply);
        }
        self.answer(place, &posts).await
    }

    /// The side `user` plays in `loaded`, if they may move now.
    fn check_turn(&self, loaded: &Loaded, user: &User, expected_ply: Option<i64>) -> Result<Side> {
        let side = loaded.side_of(user.id).ok_or(AppError::NotYourGame)?;
        if expected_ply.is_some_and(|ply| ply != loaded.ply()) {
            return Err(AppError::OutOfDate {
                game_id: loaded.row.id,
            });
        }
        if let Some(outcome) = loaded.game.outcome() {
            return refused(tr!(
                user.lang,
                "game-is-over",
                id = loaded.row.id,
                outcome = words::outcome(user.lang, outcome)
            ));
        }
        let to_move = loaded.game.turn();
        if side != to_move {
            return Err(AppError::NotYourTurn(to_move));
        }
        Ok(side)
    }

    /// Stores `mv` for `side`, with its board post: its path in words
    /// ("Ana sowed G2 → ended in E2."; the render's words, English until
    /// they join the catalogue), in `lang`, held for an interaction's
    /// answer if `answered`. A refusal is in `refusal_lang`.
    async fn commit_move(
        &self,
        loaded: &Loaded,
        side: Side,
        mv: Move,
        refusal_lang: Lang,
        lang: Lang,
        answered: bool,
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
        let trace = played.map_err(|e| {
            let legal: Vec<String> = loaded
                .game
                .legal_moves()
                .iter()
                .map(|h| h.to_string())
                .collect();
            AppError::Refused(tr!(
                refusal_lang,
                "illegal-with-moves",
                error = words::describe_game_error(refusal_lang, &e),
                moves = legal.join(", ")
            ))
        })?;
        let now = self.now();
        let mut change = GameChange::of(&loaded.row, now);
        change.new_move = Some(MoveRow {
            ply: loaded.ply() + 1,
            notation: mv.to_string(),
            player_id: loaded.player(side),
            played_at: now,
        });
        change.reminded = false;
        change.deadline = Some(now + loaded.row.seconds_per_move);
        // An offer lapses when the player it was made to moves instead.
        if let Some(offer) = self.store.draw_offer(loaded.row.id).await? {
            if offer.offered_by != loaded.player(side) {
                change.draw_offer = DrawOfferChange::Clear;
            }
        }
        if let Some(outcome) = game.outcome() {
            self.finish(loaded, &mut change, outcome);
        }
        let name = self.name_of(loaded.player(side)).await?;
        let path = name.path(lang, &trace);
        let mut post = self.board_post(loaded, loaded.ply() + 1, path, lang);
        if !answered {
            post.hold = 0;
        }
        change.posts = vec![post.clone()];
        let ids = self.store.apply(&change).await?.ok_or(AppError::Conflict)?;
        Ok((ids[0], post))
    }

    /// Fills in a change that ends the game with `outcome`.
    pub(super) fn finish(&self, loaded: &Loaded, change: &mut GameChange, outcome: Outcome) {
        change.status = "finished".into();
        change.result = Some(outcome.result.notation().into());
        change.reason = Some(outcome.reason.name().into());
        change.deadline = None;
        change.draw_offer = DrawOfferChange::Clear;
        if loaded.row.ai_level.is_none() {
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
    }

    /// In an AI game where the bot is to move: computes and stores its move
    /// (off the async threads) with its board post (in `lang`, held for an
    /// interaction's answer if `answered`), and reloads the game. Returns
    /// the post.
    pub(super) async fn ai_turn(
        &self,
        loaded: &mut Loaded,
        lang: Lang,
        answered: bool,
    ) -> Result<Option<Made>> {
        let Some(level) = loaded.ai_level() else {
            return Ok(None);
        };
        if loaded.game.is_over() || loaded.player(loaded.game.turn()) != self.bot.id {
            return Ok(None);
        }
        let game = loaded.game.clone();
        let seed = (loaded.row.id as u64) << 16 ^ loaded.ply() as u64;
        let settings = level.settings_in(self.timing.ai_budget);
        // Queued for a slot of the bounded pool (see `limits`).
        let slot = super::AI_SEARCHES.slot().await;
        let mv = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            ai_move(&game, &settings, seed)
        })
        .await
        .map_err(|e| AppError::Internal(format!("the AI failed: {e}")))?;
        let post = self
            .commit_move(loaded, loaded.game.turn(), mv, Lang::En, lang, answered)
            .await?;
        *loaded = self.load(loaded.row.id).await?;
        Ok(Some(post))
    }

    /// `user` resigns game `id` (at any time, not only on their turn).
    pub async fn resign(&self, user: &User, place: Place, game: Option<i64>) -> Result<Reply> {
        let id = self.pick_game(user, place, game).await?;
        let loaded = self.load(id).await?;
        let side = loaded.side_of(user.id).ok_or(AppError::NotYourGame)?;
        let outcome = Outcome {
            result: GameResult::win_for(side.opponent()),
            reason: Reason::Resignation,
        };
        let headline = tr!(place.lang, "resigned", name = &user.name, id = id);
        let post = self.board_post(&loaded, loaded.ply(), headline, place.lang);
        let made = self.end(&loaded, outcome, user.lang, post).await?;
        self.answer(place, &[made]).await
    }

    /// Offers a draw, or accepts the opponent's open offer.
    pub async fn draw(&self, user: &User, place: Place, game: Option<i64>) -> Result<Reply> {
        let id = self.pick_game(user, place, game).await?;
        let loaded = self.load(id).await?;
        let side = loaded.side_of(user.id).ok_or(AppError::NotYourGame)?;
        if loaded.game.is_over() {
            return refused(tr!(user.lang, "draw-already-over", id = id));
        }
        let opponent = loaded.player(side.opponent());
        if opponent == self.bot.id {
            return refused(tr!(user.lang, "draw-bot-refuses", name = &self.bot.name));
        }
        match self.store.draw_offer(id).await? {
            Some(offer) if offer.offered_by == opponent => {
                let outcome = Outcome {
                    result: GameResult::Draw,
                    reason: Reason::Agreement,
                };
                let headline = tr!(place.lang, "draw-accepted", name = &user.name, id = id);
                let post = self.board_post(&loaded, loaded.ply(), headline, place.lang);
                let made = self.end(&loaded, outcome, user.lang, post).await?;
                self.answer(place, &[made]).await
            }
            Some(_) => refused(tr!(user.lang, "draw-already-offered")),
            None => {
                let mut change = GameChange::of(&loaded.row, self.now());
                change.draw_offer = DrawOfferChange::Offer(DrawOffer {
                    offered_by: user.id,
                    ply: loaded.ply(),
                });
                let text = tr!(
                    place.lang,
                    "draw-offered",
                    name = &user.name,
                    id = id,
                    mention = format!("<@{opponent}>")
                );
                let post = NewPost {
                    pings: vec![opponent],
                    ..self.post_in(place, text)
                };
                change.posts = vec![post.clone()];
                let ids = self.store.apply(&change).await?.ok_or(AppError::Conflict)?;
                self.answer(place, &[(ids[0], post)]).await
            }
        }
    }

    /// Ends a game with a player-decided outcome, version-guarded, with the
    /// post that says so.
    async fn end(
        &self,
        loaded: &Loaded,
        outcome: Outcome,
        lang: Lang,
        post: NewPost,
    ) -> Result<Made> {
        if let Some(done) = loaded.game.outcome() {
            return refused(tr!(
                lang,
                "already-over",
                id = loaded.row.id,
                outcome = words::outcome(lang, done)
            ));
        }
        let mut change = GameChange::of(&loaded.row, self.now());
        self.finish(loaded, &mut change, outcome);
        change.posts = vec![post.clone()];
        let ids = self.store.apply(&change).await?.ok_or(AppError::Conflict)?;
        Ok((ids[0], post))
    }

    /// The current board of a game. Anyone may look, but only a player, in
    /// the game's channel, posts it as the game's board (with its ping);
    /// anyone else, or elsewhere, gets a private copy that calls nobody.
    pub async fn show(&self, user: &User, place: Place, game: Option<i64>) -> Result<Reply> {
        let id = self.pick_game(user, place, game).await?;
        let loaded = self.load(id).await?;
        let headline = tr!(
            place.lang,
            "show-headline",
            id = id,
            play = loaded.ply() / 2 + 1
        );
        let mut reply = self.board_reply(&loaded, headline, place.lang).await?;
        let player = loaded.side_of(user.id).is_some();
        if !player || place.channel_id != loaded.row.channel_id {
            reply.private = true;
            reply.ping.clear();
            if !player {
                reply.moves.clear();
            }
        }
        Ok(reply)
    }
}

/// The AI's move for the player to move in `game`.
fn ai_move(game: &crate::rules::Game, settings: &ai::Settings, seed: u64) -> Move {
    let history = ai::game_history(game);
    ai::best_move(game.position(), &history, settings, seed).best
}
