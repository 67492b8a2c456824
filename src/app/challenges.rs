//! Starting games: challenges between users, and games against the AI.

use crate::ai::Level;
use crate::store::{ChallengeRow, NewChallenge, NewGame};

use super::{refused, FirstMover, GameOptions, GameService, Place, Reply, Result, User, DAY};

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
            return refused("you cannot challenge yourself; try `/kiela ai` to practise");
        }
        if opponent.is_bot {
            return refused(format!(
                "{} is a bot and cannot play; challenge a person",
                opponent.name
            ));
        }
        check_days(options.days)?;
        self.meet(user).await?;
        self.meet(opponent).await?;
        let now = self.now();
        let id = self
            .store
            .insert_challenge(&NewChallenge {
                guild_id: place.guild_id,
                channel_id: place.channel_id,
                challenger_id: user.id,
                opponent_id: opponent.id,
                variant: options.variant.name().into(),
                first_mover: options.first.name().into(),
                days_per_move: options.days,
                created_at: now,
                expires_at: now + CHALLENGE_LIFETIME,
            })
            .await?;
        let first = match options.first {
            FirstMover::Me => format!("{} moves first", user.name),
            FirstMover::Them => format!("{} moves first", opponent.name),
            FirstMover::Random => "first mover drawn at random".to_string(),
        };
        Ok(Reply {
            text: format!(
                "<@{}>, {} challenges you to a game of Kiela ({}, {first}, {} per move). \
                 Accept or decline within 24 hours.",
                opponent.id,
                user.name,
                options.variant,
                plural(options.days, "day")
            ),
            ping: vec![opponent.id],
            challenge: Some(id),
            ..Reply::default()
        })
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
                return refused(format!("challenge #{id} does not exist"));
            };
            let mine = if received {
                row.opponent_id
            } else {
                row.challenger_id
            };
            if mine != user.id {
                return refused(if received {
                    "this challenge is not addressed to you"
                } else {
                    "only the challenger can cancel this challenge"
                });
            }
            if row.status != "pending" {
                return refused(format!(
                    "this challenge is no longer open (it was {})",
                    row.status
                ));
            }
            if row.expires_at <= now {
                self.store.close_challenge(id, "expired").await?;
                return refused(
                    "this challenge expired (challenges last 24 hours); ask for a new one",
                );
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
                "nobody has challenged you"
            } else {
                "you have no open challenge"
            }),
            many => refused(format!(
                "you have {} open challenges ({}); use the buttons on the one you mean",
                many.len(),
                many.iter()
                    .map(|c| format!("#{}", c.id))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }

    /// Accepts a challenge and starts the game.
    pub async fn accept(&self, user: &User, challenge: Option<i64>) -> Result<Reply> {
        let c = self.pick_challenge(user, challenge, true).await?;
        self.meet(user).await?;
        let challenger_south = FirstMover::from_name(&c.first_mover).challenger_is_south();
        let (south, north) = if challenger_south {
            (c.challenger_id, c.opponent_id)
        } else {
            (c.opponent_id, c.challenger_id)
        };
        let now = self.now();
        let seconds_per_move = c.days_per_move * DAY;
        let game = NewGame {
            guild_id: c.guild_id,
            channel_id: c.channel_id,
            variant: c.variant.clone(),
            south_id: south,
            north_id: north,
            ai_level: None,
            seconds_per_move,
            deadline: Some(now + seconds_per_move),
            created_at: now,
        };
        let Some(id) = self.store.create_game(&game, Some(c.id)).await? else {
            return refused("this challenge was answered already");
        };
        let loaded = self.load(id).await?;
        let headline = format!(
            "{} accepted the challenge: game #{id} begins ({}).",
            user.name, c.variant
        );
        self.board_reply(&loaded, headline).await
    }

    /// Declines a challenge addressed to the user.
    pub async fn decline(&self, user: &User, challenge: Option<i64>) -> Result<Reply> {
        let c = self.pick_challenge(user, challenge, true).await?;
        if !self.store.close_challenge(c.id, "declined").await? {
            return refused("this challenge was answered already");
        }
        Ok(Reply::text(format!(
            "{} declined the challenge of <@{}>.",
            user.name, c.challenger_id
        )))
    }

    /// The Decline button of challenge `id`: its challenger withdraws it,
    /// anyone else declines it (refused unless it is addressed to them).
    pub async fn say_no(&self, user: &User, id: i64) -> Result<Reply> {
        match self.store.challenge(id).await? {
            Some(c) if c.challenger_id == user.id => self.cancel(user, Some(id)).await,
            _ => self.decline(user, Some(id)).await,
        }
    }

    /// Withdraws a challenge the user sent.
    pub async fn cancel(&self, user: &User, challenge: Option<i64>) -> Result<Reply> {
        let c = self.pick_challenge(user, challenge, false).await?;
        if !self.store.close_challenge(c.id, "cancelled").await? {
            return refused("this challenge was answered already");
        }
        Ok(Reply::text(format!(
            "{} withdrew the challenge to <@{}>.",
            user.name, c.opponent_id
        )))
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
        check_days(options.days)?;
        self.meet(user).await?;
        self.store
            .upsert_player(self.bot.id, &self.bot.name, true, self.now())
            .await?;
        let human_south = options.first.challenger_is_south();
        let (south, north) = if human_south {
            (user.id, self.bot.id)
        } else {
            (self.bot.id, user.id)
        };
        let now = self.now();
        let seconds_per_move = options.days * DAY;
        let game = NewGame {
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            variant: options.variant.name().into(),
            south_id: south,
            north_id: north,
            ai_level: Some(level.name().into()),
            seconds_per_move,
            deadline: Some(now + seconds_per_move),
            created_at: now,
        };
        let id = self
            .store
            .create_game(&game, None)
            .await?
            .expect("no challenge to lose");
        let mut loaded = self.load(id).await?;
        let mut headline = format!(
            "Game #{id}: {} against {} ({level}), {}.",
            user.name, self.bot.name, options.variant
        );
        if let Some(mv) = self.ai_turn(&mut loaded).await? {
            headline.push_str(&format!(" {} opened with {mv}.", self.bot.name));
        }
        self.board_reply(&loaded, headline).await
    }
}

fn check_days(days: i64) -> Result<()> {
    if !(1..=14).contains(&days) {
        return refused(format!(
            "the time per move must be 1 to 14 days, not {days}"
        ));
    }
    Ok(())
}

pub(super) fn plural(n: i64, unit: &str) -> String {
    if n == 1 {
        format!("1 {unit}")
    } else {
        format!("{n} {unit}s")
    }
}
