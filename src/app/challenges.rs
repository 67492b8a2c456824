//! Starting games: challenges between users, and games against the AI.

use crate::ai::Level;
use crate::store::{ChallengeRow, NewChallenge, NewGame, NewPost};

use crate::tr;

use super::threads::ID_SLOT;
use super::{
    refused, words, FirstMover, GameOptions, GameService, Place, Reply, Result, User, DAY,
};

/// How long a challenge waits for an answer.
pub const CHALLENGE_LIFETIME: i64 = DAY;

impl GameService {
    /// `user` challenges `opponent`. Challenging the bot starts an AI game.
    pub async fn challenge(
        &self,
        user: &User,
        place: Place,
        opponent: &User,
        options: GameOptions,
    ) -> Result<Reply> {
        if opponent.id == self.bot.id {
            return self
                .start_ai_game(user, place, Level::Medium, options)
                .await;
        }
        if opponent.id == user.id {
            return refused(tr!(user.lang, "challenge-self"));
        }
        if opponent.is_bot {
            return refused(tr!(user.lang, "challenge-a-bot", name = &opponent.name));
        }
        let days = self.days_in(place, options.days).await?;
        check_days(user, days)?;
        // Refused now, not when the game cannot be posted.
        self.home(user, place, place.channel_id).await?;
        self.check_challenge_quota(user).await?;
        self.meet(user).await?;
        // Not `meet`: the opponent's language is unknown until they act.
        self.store
            .upsert_player(
                opponent.id,
                opponent.name.raw(),
                opponent.is_bot,
                self.now(),
            )
            .await?;
        let now = self.now();
        let lang = place.lang;
        let first = match options.first {
            FirstMover::Me => tr!(lang, "first-named", name = &user.name),
            FirstMover::Them => tr!(lang, "first-named", name = &opponent.name),
            FirstMover::Random => tr!(lang, "first-random"),
        };
        let text = tr!(
            lang,
            "challenge",
            mention = format!("<@{}>", opponent.id),
            name = &user.name,
            variant = words::variant(lang, options.variant),
            first = first,
            days = days
        );
        let post = NewPost {
            pings: vec![opponent.id],
            ..self.post_in(place, text)
        };
        let (id, post_id) = self
            .store
            .insert_challenge(
                &NewChallenge {
                    guild_id: place.guild_id,
                    channel_id: place.channel_id,
                    challenger_id: user.id,
                    opponent_id: opponent.id,
                    variant: options.variant.name().into(),
                    first_mover: options.first.name().into(),
                    days_per_move: days,
                    created_at: now,
                    expires_at: now + CHALLENGE_LIFETIME,
                },
                post.clone(),
            )
            .await?;
        let post = NewPost {
            challenge_id: Some(id),
            ..post
        };
        self.answer(place, &[(post_id, post)]).await
    }

    /// The challenge meant by an accept/decline: the one given, or the
    /// user's only open one.
    async fn pick_challenge(
        &self,
        user: &User,
        challenge: Option<i64>,
        received: bool,
    ) -> Result<ChallengeRow> {
        let now = self.now();
        if let Some(id) = challenge {
            let Some(row) = self.store.challenge(id).await? else {
                return refused(tr!(user.lang, "no-such-challenge", id = id));
            };
            let mine = if received {
                row.opponent_id
            } else {
                row.challenger_id
            };
            if mine != user.id {
                return refused(if received {
                    tr!(user.lang, "challenge-not-for-you")
                } else {
                    tr!(user.lang, "challenge-only-challenger")
                });
            }
            if row.status != "pending" {
                return refused(tr!(user.lang, "challenge-closed", status = &row.status));
            }
            if row.expires_at <= now {
                self.store
                    .close_challenge(id, "expired", Vec::new(), now)
                    .await?;
                return refused(tr!(user.lang, "challenge-expired"));
            }
            return Ok(row);
        }
        let open: Vec<ChallengeRow> = self
            .store
            .open_challenges(user.id, now)
            .await?
            .into_iter()
            .filter(|c| {
                if received {
                    c.opponent_id == user.id
                } else {
                    c.challenger_id == user.id
                }
            })
            .collect();
        match open.as_slice() {
            [one] => Ok(one.clone()),
            [] => refused(if received {
                tr!(user.lang, "nobody-challenged")
            } else {
                tr!(user.lang, "no-open-challenge")
            }),
            many => refused(tr!(
                user.lang,
                "many-challenges",
                count = many.len(),
                ids = many
                    .iter()
                    .map(|c| format!("#{}", c.id))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }

    /// Accepts a challenge and starts the game.
    pub async fn accept(&self, user: &User, place: Place, challenge: Option<i64>) -> Result<Reply> {
        let c = self.pick_challenge(user, challenge, true).await?;
        self.meet(user).await?;
        let challenger_south = FirstMover::from_name(&c.first_mover).challenger_is_south();
        let (south, north) = if challenger_south {
            (c.challenger_id, c.opponent_id)
        } else {
            (c.opponent_id, c.challenger_id)
        };
        let home = self.home(user, place, c.channel_id).await?;
        let now = self.now();
        let mut game = NewGame {
            guild_id: c.guild_id,
            channel_id: home.channel_id,
            variant: c.variant.clone(),
            south_id: south,
            north_id: north,
            ai_level: None,
            seconds_per_move: c.days_per_move * DAY,
            deadline: None,
            created_at: now,
            lobby_channel_id: home.lobby(),
        };
        game.deadline = self.deadline_for(game.seconds_per_move, south).await?;
        // South's first turn starts: a direct message if they want one
        // every turn (unless South is the one accepting, answered now).
        let dm = self.turn_dm(south, Some(user.id)).await?;
        let lang = place.lang;
        let headline = |lang, id: i64| {
            tr!(
                lang,
                "challenge-accepted",
                name = &user.name,
                id = id,
                variant = words::variant_named(lang, &c.variant)
            )
        };
        let thread = self.thread_name(lang, south, north).await?;
        let Some((_, posts)) = self
            .store
            .create_game(&game, Some(c.id), |id| {
                let thread = thread.replace(ID_SLOT, &id.to_string());
                let start = headline(lang, id);
                let mut posts = self.start_posts(home, lang, start, thread, vec![c.challenger_id]);
                let dm = dm.map(|to| to.post(home.channel_id, 0, headline(to.lang, id)));
                posts.extend(dm);
                posts
            })
            .await?
        else {
            return refused(tr!(user.lang, "challenge-answered"));
        };
        self.answer(place, &posts).await
    }

    /// Declines a challenge addressed to the user.
    pub async fn decline(
        &self,
        user: &User,
        place: Place,
        challenge: Option<i64>,
    ) -> Result<Reply> {
        let c = self.pick_challenge(user, challenge, true).await?;
        let text = tr!(
            place.lang,
            "challenge-declined",
            name = &user.name,
            mention = format!("<@{}>", c.challenger_id)
        );
        self.close_challenge(user, place, &c, "declined", text)
            .await
    }

    /// Closes challenge `c` as `status`, announcing it with `text`.
    async fn close_challenge(
        &self,
        user: &User,
        place: Place,
        c: &ChallengeRow,
        status: &str,
        text: String,
    ) -> Result<Reply> {
        let post = self.post_in(place, text);
        let Some(ids) = self
            .store
            .close_challenge(c.id, status, vec![post.clone()], self.now())
            .await?
        else {
            return refused(tr!(user.lang, "challenge-answered"));
        };
        self.answer(place, &[(ids[0], post)]).await
    }

    /// The Decline button of challenge `id`: its challenger withdraws it,
    /// anyone else declines it (refused unless it is addressed to them).
    pub async fn say_no(&self, user: &User, place: Place, id: i64) -> Result<Reply> {
        match self.store.challenge(id).await? {
            Some(c) if c.challenger_id == user.id => self.cancel(user, place, Some(id)).await,
            _ => self.decline(user, place, Some(id)).await,
        }
    }

    /// Withdraws a challenge the user sent.
    pub async fn cancel(&self, user: &User, place: Place, challenge: Option<i64>) -> Result<Reply> {
        let c = self.pick_challenge(user, challenge, false).await?;
        let text = tr!(
            place.lang,
            "challenge-withdrawn",
            name = &user.name,
            mention = format!("<@{}>", c.opponent_id)
        );
        self.close_challenge(user, place, &c, "cancelled", text)
            .await
    }

    /// Starts a game against the built-in AI; if the AI moves first, its
    /// move is in the reply.
    pub async fn start_ai_game(
        &self,
        user: &User,
        place: Place,
        level: Level,
        options: GameOptions,
    ) -> Result<Reply> {
        // No time limit unless asked for: nobody waits for the human.
        if let Some(days) = options.days {
            check_days(user, days)?;
        }
        let home = self.home(user, place, place.channel_id).await?;
        self.check_ai_quota(user).await?;
        self.meet(user).await?;
        self.store
            .upsert_player(self.bot.id, self.bot.name.raw(), true, self.now())
            .await?;
        let human_south = options.first.challenger_is_south();
        let (south, north) = if human_south {
            (user.id, self.bot.id)
        } else {
            (self.bot.id, user.id)
        };
        let seconds_per_move = options.days.map_or(0, |days| days * DAY);
        let game = NewGame {
            guild_id: place.guild_id,
            channel_id: home.channel_id,
            variant: options.variant.name().into(),
            south_id: south,
            north_id: north,
            ai_level: Some(level.name().into()),
            seconds_per_move,
            deadline: self.deadline_for(seconds_per_move, south).await?,
            created_at: self.now(),
            lobby_channel_id: home.lobby(),
        };
        let lang = place.lang;
        let headline = |id: i64| {
            tr!(
                lang,
                "ai-game",
                id = id,
                name = &user.name,
                bot = &self.bot.name,
                level = words::level(lang, level),
                variant = words::variant(lang, options.variant)
            )
        };
        let thread = self.thread_name(lang, south, north).await?;
        let (id, mut posts) = self
            .store
            .create_game(&game, None, |id| {
                let thread = thread.replace(ID_SLOT, &id.to_string());
                self.start_posts(home, lang, headline(id), thread, Vec::new())
            })
            .await?
            .expect("no challenge to lose");
        // Its opening move, if it moves first.
        let mut loaded = self.load(id).await?;
        if let Some(post) = self.ai_turn(&mut loaded, lang, Some(user.id)).await? {
            posts.push(post);
        }
        self.answer(place, &posts).await
    }
}

pub(super) fn check_days(user: &User, days: i64) -> Result<()> {
    if !(1..=14).contains(&days) {
        return refused(tr!(user.lang, "bad-days", days = days));
    }
    Ok(())
}
