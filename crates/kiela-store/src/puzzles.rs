//! Puzzles: solvers' and puzzles' ratings, first attempts, the puzzle of
//! each day and each server's daily post.

use std::collections::{HashMap, HashSet};

use skillratings::glicko2::Glicko2Rating;

use async_trait::async_trait;
use kiela_app::store::*;

use crate::rows::*;
use crate::*;
use kiela_app::vocabulary::{GameId, GameState, GuildId, PostId, UserId};
use kiela_rules::{Move, Record};

fn glicko(cells: &Cells) -> Result<Glicko2Rating> {
    Ok(Glicko2Rating {
        rating: cells.get("rating")?,
        deviation: cells.get("deviation")?,
        volatility: cells.get("volatility")?,
    })
}

/// A `mined_puzzles` row: its number and its puzzle, which must read.
fn mined(row: &sqlx::any::AnyRow) -> Result<MinedPuzzle> {
    let number: i64 = col(row, "number")?;
    let text: String = col(row, "puzzle")?;
    let corrupt = |problem: String| StoreError::Corrupt {
        table: "mined_puzzles",
        row: number.to_string(),
        column: "puzzle",
        problem,
    };
    let puzzle = serde_json::from_str(&text).map_err(|e| corrupt(e.to_string()))?;
    let number = usize::try_from(number).map_err(|e| corrupt(e.to_string()))?;
    Ok(MinedPuzzle { number, puzzle })
}

// The reads of a puzzle's choice (`App::puzzle`), shared with the
// plan test (`app::hot_queries`).

/// Player `$1`'s puzzle rating ([`Store::solver_rating`]).
pub(crate) const SOLVER_RATING: &str =
    "SELECT rating, deviation, volatility, attempts, solved, streak, best_streak \
     FROM puzzle_solvers WHERE player_id = $1";

/// The puzzles player `$1` tried ([`Store::tried_puzzles`]).
pub(crate) const TRIED_PUZZLES: &str = "SELECT puzzle_id FROM puzzle_attempts WHERE player_id = $1";

/// Every tried puzzle's rating ([`Store::puzzle_ratings`]): the whole
/// table, one row per shipped puzzle at most.
pub(crate) const PUZZLE_RATINGS: &str =
    "SELECT puzzle_id, rating, deviation, volatility, attempts, solved FROM puzzle_ratings";

/// Day `$1`'s puzzle ([`Store::daily_puzzle_of`]).
pub(crate) const DAILY_PUZZLE_OF: &str = "SELECT puzzle_id FROM daily_puzzles WHERE day = $1";

#[async_trait]
impl PuzzlesStore for PuzzlesSql {
    async fn finished_game_records(
        &self,
        after: Option<GameId>,
        limit: i64,
    ) -> Result<Vec<(GameId, Record)>> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status <> '{ACTIVE}' AND id > $1 \
             ORDER BY id LIMIT $2"
        ))
        .bind((after.unwrap_or(GameId(0))).0)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut records = Vec::with_capacity(rows.len());
        for row in rows {
            let game = GameRow::from_row(&row)?;
            let GameState::Finished(outcome) = game.state else {
                continue;
            };
            let mut moves = Vec::new();
            for stored in self.games().moves(game.id).await? {
                let mv: Move = stored.notation.parse().map_err(|e| StoreError::Corrupt {
                    table: "moves",
                    row: format!("{}/{}", game.id, stored.ply),
                    column: "notation",
                    problem: format!("{e}"),
                })?;
                moves.push(mv);
            }
            let record = Record {
                variant: game.variant,
                moves,
                result: Some(outcome.result),
                reason: Some(outcome.reason),
                ..Record::default()
            };
            records.push((game.id, record));
        }
        Ok(records)
    }

    async fn mined_puzzles(&self) -> Result<Vec<MinedPuzzle>> {
        let rows = sqlx::query("SELECT number, puzzle FROM mined_puzzles ORDER BY number")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(mined).collect()
    }

    async fn mined_puzzle(&self, number: usize) -> Result<Option<Puzzle>> {
        let row = sqlx::query("SELECT number, puzzle FROM mined_puzzles WHERE number = $1")
            .bind(number as i64)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(mined).transpose()?.map(|m| m.puzzle))
    }

    async fn mined_up_to(&self) -> Result<Option<GameId>> {
        let row = sqlx::query("SELECT last_game FROM puzzle_mining WHERE id = 1")
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| Ok(GameId(col(&row, "last_game")?)))
            .transpose()
    }

    async fn add_mined_puzzles(
        &self,
        game: GameId,
        puzzles: &[Puzzle],
        first: usize,
        now: i64,
    ) -> Result<usize> {
        let mut tx = self.begin().await?;
        sqlx::query(
            "INSERT INTO puzzle_mining (id, last_game) VALUES (1, 0) ON CONFLICT DO NOTHING",
        )
        .execute(&mut *tx)
        .await?;
        let lock = match self.backend {
            Backend::Postgres => " FOR UPDATE",
            Backend::Sqlite => "",
        };
        let row = sqlx::query(&format!(
            "SELECT last_game FROM puzzle_mining WHERE id = 1{lock}"
        ))
        .fetch_one(&mut *tx)
        .await?;
        let last: i64 = col(&row, "last_game")?;
        if last >= game.0 {
            tx.rollback().await?;
            return Ok(0);
        }
        let row = sqlx::query("SELECT MAX(number) AS last FROM mined_puzzles")
            .fetch_one(&mut *tx)
            .await?;
        let mut next = col::<Option<i64>>(&row, "last")?.map_or(first as i64, |n| n + 1);
        let mut stored = 0;
        for p in puzzles {
            let line = serde_json::to_string(p).map_err(|e| StoreError::Corrupt {
                table: "mined_puzzles",
                row: p.id.clone(),
                column: "puzzle",
                problem: e.to_string(),
            })?;
            let added = sqlx::query(
                "INSERT INTO mined_puzzles (number, puzzle_id, puzzle, game_id, mined_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
            )
            .bind(next)
            .bind(&p.id)
            .bind(line)
            .bind(game.0)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if added == 1 {
                next += 1;
                stored += 1;
            }
        }
        sqlx::query("UPDATE puzzle_mining SET last_game = $1 WHERE id = 1")
            .bind(game.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(stored)
    }

    async fn solver_rating(&self, player: UserId) -> Result<SolverRating> {
        let row = sqlx::query(SOLVER_RATING)
            .bind(player.0)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else {
            return Ok(SolverRating::default());
        };
        let cells = Cells::keyed(&row, "puzzle_solvers", player.to_string());
        Ok(SolverRating {
            glicko: glicko(&cells)?,
            attempts: cells.get("attempts")?,
            solved: cells.get("solved")?,
            streak: cells.get("streak")?,
            best_streak: cells.get("best_streak")?,
        })
    }

    async fn tried_puzzles(&self, player: UserId) -> Result<HashSet<String>> {
        let rows = sqlx::query(TRIED_PUZZLES)
            .bind(player.0)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| col(row, "puzzle_id")).collect()
    }

    async fn puzzle_ratings(&self) -> Result<HashMap<String, PuzzleRating>> {
        let rows = sqlx::query(PUZZLE_RATINGS).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                let id: String = col(row, "puzzle_id")?;
                let cells = Cells::keyed(row, "puzzle_ratings", id.clone());
                let rating = PuzzleRating {
                    glicko: glicko(&cells)?,
                    attempts: cells.get("attempts")?,
                    solved: cells.get("solved")?,
                };
                Ok((id, rating))
            })
            .collect()
    }

    async fn puzzle_rating(&self, id: &str) -> Result<Option<PuzzleRating>> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, attempts, solved FROM puzzle_ratings \
             WHERE puzzle_id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            let cells = Cells::keyed(&row, "puzzle_ratings", id.to_string());
            Ok(PuzzleRating {
                glicko: glicko(&cells)?,
                attempts: cells.get("attempts")?,
                solved: cells.get("solved")?,
            })
        })
        .transpose()
    }

    async fn daily_puzzle_of(&self, day: i64) -> Result<Option<String>> {
        let row = sqlx::query(DAILY_PUZZLE_OF)
            .bind(day)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| col(&row, "puzzle_id")).transpose()
    }

    async fn used_daily_puzzles(&self) -> Result<HashMap<String, i64>> {
        let rows = sqlx::query(
            "SELECT puzzle_id, MAX(day) AS last_day FROM daily_puzzles GROUP BY puzzle_id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((col(row, "puzzle_id")?, col(row, "last_day")?)))
            .collect()
    }

    async fn choose_daily_puzzle(&self, day: i64, puzzle: &str) -> Result<String> {
        sqlx::query(
            "INSERT INTO daily_puzzles (day, puzzle_id) VALUES ($1, $2) \
             ON CONFLICT DO NOTHING",
        )
        .bind(day)
        .bind(puzzle)
        .execute(&self.pool)
        .await?;
        self.daily_puzzle_of(day)
            .await?
            .ok_or_else(|| StoreError::Corrupt {
                table: "daily_puzzles",
                row: day.to_string(),
                column: "puzzle_id",
                problem: format!("day {day} has no puzzle after `{puzzle}` was chosen"),
            })
    }

    async fn forget_daily_puzzle(&self, day: i64, puzzle: &str) -> Result<()> {
        sqlx::query("DELETE FROM daily_puzzles WHERE day = $1 AND puzzle_id = $2")
            .bind(day)
            .bind(puzzle)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn puzzle_solvers(&self, puzzle: &str) -> Result<i64> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS solvers FROM puzzle_attempts WHERE puzzle_id = $1 AND solved = 1",
        )
        .bind(puzzle)
        .fetch_one(&self.pool)
        .await?;
        col(&row, "solvers")
    }

    async fn daily_posts_due(&self, day: i64, hour: i64) -> Result<Vec<DailyPostDue>> {
        let rows = sqlx::query(
            "SELECT guild_id, puzzle_channel_id, language FROM guild_settings AS g \
             WHERE puzzle_channel_id IS NOT NULL AND COALESCE(puzzle_hour, $3) <= $2 \
             AND NOT EXISTS (SELECT 1 FROM daily_puzzle_posts AS p \
             WHERE p.guild_id = g.guild_id AND p.day = $1)",
        )
        .bind(day)
        .bind(hour)
        .bind(kiela_app::DAILY_PUZZLE_HOUR)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let guild_id: GuildId = col(row, "guild_id")?;
                let cells = Cells::keyed(row, "guild_settings", guild_id.to_string());
                Ok(DailyPostDue {
                    guild_id,
                    channel_id: cells.get("puzzle_channel_id")?,
                    language: cells.get("language")?,
                })
            })
            .collect()
    }

    async fn make_daily_post(
        &self,
        guild: GuildId,
        day: i64,
        post: NewPost,
        now: i64,
    ) -> Result<Option<PostId>> {
        let mut tx = self.begin().await?;
        let marked = sqlx::query(
            "INSERT INTO daily_puzzle_posts (guild_id, day) VALUES ($1, $2) \
             ON CONFLICT DO NOTHING",
        )
        .bind(guild.0)
        .bind(day)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !marked {
            tx.rollback().await?;
            return Ok(None);
        }
        let ids = insert_posts(&mut tx, [post], now).await?;
        tx.commit().await?;
        Ok(ids.first().copied())
    }

    async fn prune_daily_posts(&self, day: i64) -> Result<u64> {
        Ok(sqlx::query("DELETE FROM daily_puzzle_posts WHERE day < $1")
            .bind(day)
            .execute(&self.pool)
            .await?
            .rows_affected())
    }

    async fn rate_attempt(
        &self,
        player: UserId,
        puzzle: &str,
        solved: bool,
        guess: PuzzleRating,
        now: i64,
        rate: &(dyn for<'r> Fn(&'r Glicko2Rating, &'r Glicko2Rating) -> (Glicko2Rating, Glicko2Rating)
              + Send
              + Sync),
    ) -> Result<Option<(SolverRating, SolverRating)>> {
        let mut tx = self.begin().await?;
        let first = sqlx::query(
            "INSERT INTO puzzle_attempts (player_id, puzzle_id, solved, tried_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (player_id, puzzle_id) DO NOTHING",
        )
        .bind(player.0)
        .bind(puzzle)
        .bind(solved as i64)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !first {
            tx.rollback().await?;
            return Ok(None);
        }
        // Both rows exist, then both are held to the end of the
        // transaction (on PostgreSQL `FOR UPDATE`; SQLite's `BEGIN
        // IMMEDIATE` already writes one transaction at a time), the
        // solver's first and the puzzle's second in every attempt (so two
        // attempts never wait for each other both ways): an attempt at the
        // same puzzle or by the same solver at the same time waits and
        // then reads this one's ratings, and no update is lost.
        let newcomer = SolverRating::default();
        sqlx::query(
            "INSERT INTO puzzle_solvers \
             (player_id, rating, deviation, volatility, attempts, solved, streak, best_streak) \
             VALUES ($1, $2, $3, $4, 0, 0, 0, 0) ON CONFLICT (player_id) DO NOTHING",
        )
        .bind(player.0)
        .bind(newcomer.glicko.rating)
        .bind(newcomer.glicko.deviation)
        .bind(newcomer.glicko.volatility)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO puzzle_ratings \
             (puzzle_id, rating, deviation, volatility, attempts, solved) \
             VALUES ($1, $2, $3, $4, 0, 0) ON CONFLICT (puzzle_id) DO NOTHING",
        )
        .bind(puzzle)
        .bind(guess.glicko.rating)
        .bind(guess.glicko.deviation)
        .bind(guess.glicko.volatility)
        .execute(&mut *tx)
        .await?;
        let lock = match self.backend {
            Backend::Postgres => " FOR UPDATE",
            Backend::Sqlite => "",
        };
        let row = sqlx::query(&format!("{SOLVER_RATING}{lock}"))
            .bind(player.0)
            .fetch_one(&mut *tx)
            .await?;
        let cells = Cells::keyed(&row, "puzzle_solvers", player.to_string());
        let solver = SolverRating {
            glicko: glicko(&cells)?,
            attempts: cells.get("attempts")?,
            solved: cells.get("solved")?,
            streak: cells.get("streak")?,
            best_streak: cells.get("best_streak")?,
        };
        let row = sqlx::query(&format!(
            "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle_id = $1{lock}"
        ))
        .bind(puzzle)
        .fetch_one(&mut *tx)
        .await?;
        let before = glicko(&Cells::keyed(&row, "puzzle_ratings", puzzle.to_string()))?;
        let (solver_now, puzzle_now) = rate(&solver.glicko, &before);
        let streak = if solved { solver.streak + 1 } else { 0 };
        let after = SolverRating {
            glicko: solver_now,
            attempts: solver.attempts + 1,
            solved: solver.solved + solved as i64,
            streak,
            best_streak: solver.best_streak.max(streak),
        };
        // The counts grow in place (`n = n + 1`), whatever was read.
        sqlx::query(
            "UPDATE puzzle_solvers SET rating = $2, deviation = $3, volatility = $4, \
             attempts = attempts + 1, solved = solved + $5, streak = $6, best_streak = $7 \
             WHERE player_id = $1",
        )
        .bind(player.0)
        .bind(after.glicko.rating)
        .bind(after.glicko.deviation)
        .bind(after.glicko.volatility)
        .bind(solved as i64)
        .bind(after.streak)
        .bind(after.best_streak)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE puzzle_ratings SET rating = $2, deviation = $3, volatility = $4, \
             attempts = attempts + 1, solved = solved + $5 WHERE puzzle_id = $1",
        )
        .bind(puzzle)
        .bind(puzzle_now.rating)
        .bind(puzzle_now.deviation)
        .bind(puzzle_now.volatility)
        .bind(solved as i64)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some((solver, after)))
    }
}
