//! The daily puzzle: the same puzzle for everyone on a day (days in UTC),
//! never a puzzle twice until every one has been (then the one chosen
//! longest ago again: it never runs out), with `/kiela puzzle daily:true` and a post in each
//! server that asked for one (`/kiela settings`), made once a day even
//! across restarts and with two processes: the day's choice and each
//! server's post are rows whose keys forbid a second.

use std::collections::HashMap;

use kiela_i18n::Lang;
use kiela_learn::puzzles::{puzzle_game, shipped, Puzzle};

use super::{PuzzleButtons, PuzzleNotice, PuzzleRating};
use crate::game::{app_ply, board_picture, BoardParts};
use crate::notice::Notice;
use crate::store::{NewPost, PostTarget};
use crate::{AppError, PuzzleService, Reply, Result, ThreadName, User, DAY};

/// Daily posts are remembered this many days (to know they were made).
const KEEP_DAILY_POSTS: i64 = 30;

/// Tried at least this often first time, a puzzle's rating is its
/// players' verdict: such puzzles are preferred as daily puzzles.
const WELL_PLAYED: i64 = 3;

/// A day, `2026-12-02`.
pub fn date(day: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(day * DAY)
        .map(|t| t.date().to_string())
        .unwrap_or_else(|_| day.to_string())
}

/// A stable shuffle of the puzzles for a day: FNV-1a of the day and id.
fn draw(day: i64, id: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in day.to_le_bytes().iter().chain(id.as_bytes()) {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// Day `day`'s puzzle among `set`, `used` giving the last day each puzzle
/// was a daily puzzle: among the puzzles never chosen, those well played
/// and neither too easy nor too hard for most, else those the miner
/// guessed between 1000 and 1800, else any, in an order fixed by the day;
/// when every puzzle has been chosen, the one chosen longest ago (the
/// daily puzzle never runs out). `None` only for an empty set.
pub fn pick_daily<'a>(
    day: i64,
    set: &[&'a Puzzle],
    used: &HashMap<String, i64>,
    ratings: &HashMap<String, PuzzleRating>,
) -> Option<&'a Puzzle> {
    let fresh: Vec<&Puzzle> = set
        .iter()
        .copied()
        .filter(|p| !used.contains_key(&p.id))
        .collect();
    let well_played = |p: &&Puzzle| {
        ratings.get(&p.id).is_some_and(|r: &PuzzleRating| {
            r.attempts >= WELL_PLAYED
                && (0.25..=0.85).contains(&(r.solved as f64 / r.attempts as f64))
        })
    };
    let fair = |p: &&Puzzle| (1000..=1800).contains(&p.rating);
    let pick = |keep: &dyn Fn(&&Puzzle) -> bool| {
        fresh
            .iter()
            .filter(|p| keep(p))
            .min_by_key(|p| draw(day, &p.id))
            .copied()
    };
    pick(&well_played)
        .or_else(|| pick(&fair))
        .or_else(|| pick(&|_| true))
        .or_else(|| {
            set.iter().copied().min_by_key(|p| {
                (
                    used.get(&p.id).copied().unwrap_or(i64::MIN),
                    draw(day, &p.id),
                )
            })
        })
}

impl PuzzleService {
    /// Today, in days since 1970-01-01 (UTC).
    pub(crate) fn today(&self) -> i64 {
        self.base.now().div_euclid(DAY)
    }

    /// `/kiela puzzle daily:true`: today's puzzle, with its date and how
    /// many solved it so far.
    pub(super) async fn daily_puzzle(&self, user: &User) -> Result<Reply> {
        let day = self.today();
        let number = self.daily_choice(day).await?;
        let found = self.find(number).await?;
        let solvers = self.db.puzzles.puzzle_solvers(&found.id).await?;
        let intro = PuzzleNotice::DailyIntro { day, solvers };
        self.show_puzzle(user, number, Some(intro)).await
    }

    /// The number of day `day`'s puzzle, chosen now if it is not yet. A
    /// day whose puzzle the set no longer has (it was mined again since)
    /// gets another one.
    async fn daily_choice(&self, day: i64) -> Result<usize> {
        let chosen = match self.db.puzzles.daily_puzzle_of(day).await? {
            Some(id) => id,
            None => self.choose_daily(day).await?,
        };
        if let Some(number) = self.number_of(&chosen).await? {
            return Ok(number);
        }
        self.db.puzzles.forget_daily_puzzle(day, &chosen).await?;
        let chosen = self.choose_daily(day).await?;
        (self.number_of(&chosen).await?)
            .ok_or_else(|| AppError::Internal(format!("the daily puzzle `{chosen}` is unknown")))
    }

    /// Chooses day `day`'s puzzle ([`pick_daily`]), unless another process
    /// did first: one mined from the bot's own games while some was never
    /// chosen, else from the shipped set and the mined ones together;
    /// never fails while there is a puzzle. Returns the day's puzzle.
    async fn choose_daily(&self, day: i64) -> Result<String> {
        let used = self.db.puzzles.used_daily_puzzles().await?;
        let ratings = self.db.puzzles.puzzle_ratings().await?;
        let mined = self.db.puzzles.mined_puzzles().await?;
        let own: Vec<&Puzzle> = mined.iter().map(|m| &m.puzzle).collect();
        let set: Vec<&Puzzle> = match own.iter().any(|p| !used.contains_key(&p.id)) {
            true => own,
            false => shipped().iter().chain(own).collect(),
        };
        let pick = pick_daily(day, &set, &used, &ratings)
            .ok_or_else(|| AppError::Internal("the puzzle set is empty".into()))?;
        Ok(self.db.puzzles.choose_daily_puzzle(day, &pick.id).await?)
    }

    /// Posts today's puzzle in every server that asked for it and whose
    /// hour has come, once each; forgets posts of a month ago. A server
    /// whose post cannot be made is logged and skipped. Returns how many
    /// posts were made.
    pub async fn post_daily_puzzles(&self) -> Result<usize> {
        let now = self.base.now();
        let day = self.today();
        let hour = now.rem_euclid(DAY) / 3600;
        self.db
            .puzzles
            .prune_daily_posts(day - KEEP_DAILY_POSTS)
            .await?;
        let due = self.db.puzzles.daily_posts_due(day, hour).await?;
        if due.is_empty() {
            return Ok(0);
        }
        let number = self.daily_choice(day).await?;
        let yesterday = match self.db.puzzles.daily_puzzle_of(day - 1).await? {
            Some(id) => Some((
                self.number_of(&id).await?,
                self.db.puzzles.puzzle_solvers(&id).await?,
            )),
            None => None,
        };
        let mut made = 0;
        for server in due {
            let lang = server
                .language
                .as_deref()
                .map_or(Lang::En, Lang::from_locale);
            let mut says = vec![Notice::from(PuzzleNotice::DailyPost { number, day })];
            if let Some((Some(number), solvers)) = yesterday {
                let answer = self.find(number).await?.solution.clone();
                says.push(
                    PuzzleNotice::DailyYesterday {
                        number,
                        solvers,
                        answer,
                    }
                    .into(),
                );
            }
            let post = NewPost {
                to: PostTarget::Channel(server.channel_id),
                says,
                lang: lang.locale().to_string(),
                thread_name: Some(ThreadName::DailyPuzzle { day }),
                puzzle_day: Some(day),
                ..NewPost::default()
            };
            match self
                .db
                .puzzles
                .make_daily_post(server.guild_id, day, post, now)
                .await
            {
                Ok(Some(_)) => made += 1,
                Ok(None) => {}
                Err(e) => {
                    tracing::error!(guild = %server.guild_id, "cannot make the daily puzzle's post: {e}")
                }
            }
        }
        Ok(made)
    }

    /// A daily post as it is sent: what it `says` and the puzzle's board, with
    /// **Solve** under it.
    pub(crate) async fn daily_post_reply(
        &self,
        day: i64,
        says: Vec<Notice>,
        lang: Lang,
    ) -> Result<Reply> {
        let number = self.daily_choice(day).await?;
        let found = self.find(number).await?;
        let game = puzzle_game(&found).map_err(|e| AppError::Internal(e.to_string()))?;
        let names = |side| kiela_render::words::side(lang, side);
        let parts = BoardParts {
            ply: app_ply(game.ply()),
            ..BoardParts::exercise(
                names(kiela_rules::Side::South),
                names(kiela_rules::Side::North),
                None,
            )
        };
        let picture = board_picture(parts, *game.position(), lang).await?;
        Ok(Reply {
            says,
            picture: Some(picture),
            puzzle: Some(PuzzleButtons::Daily),
            lang,
            ..Reply::default()
        })
    }
}

#[async_trait::async_trait]
impl crate::ComposePost for PuzzleService {
    fn composes(&self, post: &NewPost) -> bool {
        post.puzzle_day.is_some()
    }

    async fn compose(&self, post: &NewPost, says: Vec<Notice>, lang: Lang) -> Result<Reply> {
        let day =
            (post.puzzle_day).ok_or_else(|| AppError::Internal("a puzzle of no day".into()))?;
        self.daily_post_reply(day, says, lang).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(id: &str, rating: u32) -> Puzzle {
        Puzzle {
            id: id.into(),
            variant: "standard".into(),
            moves: String::new(),
            board: vec![],
            to_move: "South".into(),
            solution: vec!["A1".into()],
            themes: vec![],
            values: vec![],
            rating,
            source: String::new(),
            nodes: 0,
            tempting: 0,
            biggest_capture: false,
        }
    }

    /// A set of 3: days 1 to 3 each get another puzzle, day 4 still gets
    /// one (day 1's, the one chosen longest ago), and so on.
    #[test]
    fn the_daily_puzzle_never_runs_out() {
        let set = [puzzle("a", 1200), puzzle("b", 700), puzzle("c", 2000)];
        let set: Vec<&Puzzle> = set.iter().collect();
        let ratings = HashMap::new();
        let mut used = HashMap::new();
        let mut chosen = Vec::new();
        for day in 1..=7 {
            let pick = pick_daily(day, &set, &used, &ratings).expect("a puzzle every day");
            used.insert(pick.id.clone(), day);
            chosen.push(pick.id.clone());
        }
        // The fair one first, then the others, each once.
        assert_eq!(chosen[0], "a");
        let mut first_three = chosen[..3].to_vec();
        first_three.sort();
        assert_eq!(first_three, ["a", "b", "c"]);
        // Then the one chosen longest ago, in the same order again.
        assert_eq!(chosen[3..6], chosen[..3]);
        assert_eq!(chosen[6], chosen[0]);
        assert_eq!(pick_daily(8, &[], &used, &ratings), None);
    }
}
