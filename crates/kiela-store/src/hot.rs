//! The hot queries: those the bot runs on every action or on every look of
//! its loops, whose cost must not grow with the tables (issue 23, "small,
//! fast tables for ever"). Each is the very SQL text its store function
//! runs (a constant or a function of its feature's file here, used by
//! both), with arguments like the ones it binds, so that a test can ask each
//! database for its plan (`kiela-app`'s `tests/service/hot_queries.rs`) and fail on a
//! full scan of a table that grows.

use crate::challenges::CHALLENGE_POST;
use crate::clocks::due_games_sql;
use crate::game::{game_choices_sql, games_of_sql, ongoing_games_of_sql};
use crate::outbox::{
    claim_posts_sql, posted_sql, EDITS_OF_POST, HOLD_FOR_ANSWER, LAST_MESSAGE_BEFORE, PRUNE_POSTS,
};
use crate::places::REFUSED_CHANNEL;
use crate::puzzles::{DAILY_PUZZLE_OF, PUZZLE_RATINGS, SOLVER_RATING, TRIED_PUZZLES};
use crate::quota::{ai_games_of_sql, open_challenges_of_sql};
use crate::threads::LOBBY_OF_THREAD;
use crate::tournaments::{entrants_sql, tournament_sql, DUE_TOURNAMENTS, PAIRED, SIGN_UP_POST};
use kiela_app::store::Backend;

/// One hot query as its store function runs it.
#[derive(Clone, Debug)]
pub struct HotQuery {
    /// The store function that runs it.
    pub name: &'static str,
    /// Its SQL, with `$1`, `$2`… as the store binds them.
    pub sql: String,
    /// Its arguments, in order, of the values the store binds.
    pub binds: Vec<Bind>,
}

/// One argument of a hot query: a number (an id, a time, a limit), or a
/// text (an interaction's token).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bind {
    Int(i64),
    Text(&'static str),
}

/// Every hot query, as `backend` runs it.
pub fn hot_queries(backend: Backend) -> Vec<HotQuery> {
    let now = 1_800_000_000;
    let query = |name, sql: String, binds: Vec<i64>| HotQuery {
        name,
        sql,
        binds: binds.into_iter().map(Bind::Int).collect(),
    };
    let mut queries = vec![
        // The delivery loop, several times a second when busy.
        query(
            "claim_posts",
            claim_posts_sql(backend),
            vec![now + 60, now, 4],
        ),
        query(
            "prune_posts",
            PRUNE_POSTS.to_string(),
            vec![now - 7 * 86_400, now - 30 * 86_400, 1000],
        ),
        // Each post claimed: is its channel refused? Claimed again, which
        // message could an earlier try have made?
        query("refused_channel", REFUSED_CHANNEL.to_string(), vec![20]),
        query(
            "last_message_before",
            LAST_MESSAGE_BEFORE.to_string(),
            vec![12],
        ),
        // Each edit queued (a sign-up's at each join or leave): the one
        // still waiting is replaced.
        HotQuery {
            name: "collapse_edit",
            sql: crate::COLLAPSE_EDIT.to_string(),
            binds: vec![
                Bind::Text("[]"),
                Bind::Text(""),
                Bind::Text("en-US"),
                Bind::Int(7),
                Bind::Int(12),
            ],
        },
        // Each answer to an interaction, for each of its posts.
        HotQuery {
            name: "hold_for_answer",
            sql: HOLD_FOR_ANSWER.to_string(),
            binds: vec![Bind::Text("token"), Bind::Int(now + 180), Bind::Int(12)],
        },
        // The clock's look, every timer interval.
        query(
            "due_games",
            due_games_sql(backend),
            vec![now, now - 30, 999],
        ),
        query(
            "due_tournaments",
            DUE_TOURNAMENTS.to_string(),
            vec![now, now - 30 * 86_400],
        ),
        query("tournament", tournament_sql(), vec![7]),
        query("entrants", entrants_sql(), vec![7]),
        query("paired", PAIRED.to_string(), vec![7]),
        query("sign_up_post", posted_sql(SIGN_UP_POST), vec![7]),
        // Commands, buttons and autocomplete.
        query("games_of", games_of_sql(), vec![1, 0, 25]),
        // Autocomplete, at every keystroke.
        query("game_choices_of", game_choices_sql(), vec![1, 0, 25]),
        query("ongoing_games_of", ongoing_games_of_sql(), vec![1, 25]),
        query("challenge_post", posted_sql(CHALLENGE_POST), vec![7]),
        query("lobby_of_thread", LOBBY_OF_THREAD.to_string(), vec![20]),
        // Each new challenge or game against the AI: its quota.
        query("open_challenges_of", open_challenges_of_sql(), vec![1, now]),
        query("ai_games_of", ai_games_of_sql(), vec![1]),
        // A puzzle's choice.
        query("solver_rating", SOLVER_RATING.to_string(), vec![1]),
        query("tried_puzzles", TRIED_PUZZLES.to_string(), vec![1]),
        query("puzzle_ratings", PUZZLE_RATINGS.to_string(), vec![]),
        query("daily_puzzle_of", DAILY_PUZZLE_OF.to_string(), vec![20_833]),
    ];
    // What the prune makes PostgreSQL do for each post it deletes: look
    // for the edits naming it (`edits` is a foreign key to the outbox
    // itself), as its foreign key trigger does, which the prune's own plan
    // does not show. (SQLite's plan of the prune shows it.)
    if backend == Backend::Postgres {
        queries.push(query(
            "prune_posts_edits",
            EDITS_OF_POST.to_string(),
            vec![12],
        ));
    }
    queries
}
