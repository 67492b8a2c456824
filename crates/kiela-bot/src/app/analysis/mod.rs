//! Computer analysis of a finished game: the evaluation graph and the list
//! of mistakes and blunders, each with the better move. It runs in the
//! bounded pool of AI searches (it is a few seconds of search), and is
//! kept in the database, so asking again is instant.
//!
//! Only finished games are analysed: for an ongoing game between people
//! it would be help during play, and a game against the AI is finished
//! (or resigned) first.

mod hints;
mod queries;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use kiela_ai::analysis::{analyze, PlyAnalysis, Verdict, DEFAULT_NODES};
use kiela_i18n::tr;
use kiela_i18n::Lang;
use kiela_render::{graph_png, graph_points, words as render_words, GraphView};
use kiela_rules::{Move, Side};

use super::limits::{Lines, AI_SEARCHES};
use super::{AppError, Format, GameService, Picture, Place, Reply, Result, ReviewStep, User};
use crate::vocabulary::GameId;

/// Told `(done, total)` positions as the analysis goes.
pub type Progress = Arc<dyn Fn(usize, usize) + Send + Sync>;

/// A move's analysis as the database keeps it (the verdict follows from
/// the loss).
#[derive(Debug, Serialize, Deserialize)]
struct Stored {
    ply: usize,
    south: bool,
    played: String,
    eval: i32,
    best: String,
    played_eval: i32,
    loss: i32,
}

impl From<&PlyAnalysis> for Stored {
    fn from(p: &PlyAnalysis) -> Stored {
        Stored {
            ply: p.ply,
            south: p.side == Side::South,
            played: p.played.to_string(),
            eval: p.eval,
            best: p.best.to_string(),
            played_eval: p.played_eval,
            loss: p.loss,
        }
    }
}

impl Stored {
    fn analysis(&self) -> Option<PlyAnalysis> {
        Some(PlyAnalysis {
            ply: self.ply,
            side: if self.south { Side::South } else { Side::North },
            played: self.played.parse::<Move>().ok()?,
            eval: self.eval,
            best: self.best.parse::<Move>().ok()?,
            played_eval: self.played_eval,
            loss: self.loss,
            verdict: Verdict::of_loss(self.loss),
        })
    }
}

/// Stones in hundredths as the language writes them: `9.5`, `9,5`.
fn stones(lang: Lang, hundredths: i32) -> String {
    let text = format!("{:.1}", hundredths as f64 / 100.0);
    match lang {
        Lang::Pt => text.replace('.', ","),
        _ => text,
    }
}

fn verdict_word(lang: Lang, verdict: Verdict) -> String {
    match verdict {
        Verdict::Inaccuracy => tr!(lang, "move-verdict-inaccuracy"),
        Verdict::Mistake => tr!(lang, "move-verdict-mistake"),
        Verdict::Blunder => tr!(lang, "move-verdict-blunder"),
    }
}

impl GameService {
    /// The analysis of finished game `game_id`, asked by `user`: the
    /// evaluation graph and the mistakes and blunders. Computed once (in
    /// the AI pool, telling `progress`), then read from the database.
    pub async fn analysis(
        &self,
        user: &User,
        place: Place,
        game_id: GameId,
        progress: Progress,
    ) -> Result<Reply> {
        self.game_here(user, place, game_id).await?;
        let lang = user.lang;
        let plies = self.analysed(user, game_id, progress).await?;
        let loaded = self.load(game_id).await?;
        let south = loaded.name(Side::South);
        let north = loaded.name(Side::North);
        let (evals, marks) = graph_points(&plies);
        let bytes = graph_png(&GraphView {
            evals: &evals,
            marks: &marks,
            south_name: south.raw(),
            north_name: north.raw(),
            lang,
        })
        .map_err(|e| AppError::Internal(format!("drawing the graph failed: {e}")))?;
        let alt_text = tr!(
            lang,
            "analysis-alt",
            id = game_id,
            plies = plies.len(),
            south = render_words::player(lang, &south.plain(), Side::South),
            north = render_words::player(lang, &north.plain(), Side::North),
            count = marks.len()
        );
        let flagged: Vec<&PlyAnalysis> = plies
            .iter()
            .filter(|p| p.verdict >= Some(Verdict::Mistake))
            .collect();
        let mut lines = Lines::default();
        let title = tr!(
            lang,
            "analysis-title",
            id = game_id,
            nodes = DEFAULT_NODES as i64,
            count = flagged.len()
        );
        lines.push(&title, 0);
        let reserve = 60;
        for (i, p) in flagged.iter().enumerate() {
            let name = if p.side == Side::South {
                &south
            } else {
                &north
            };
            let line = tr!(
                lang,
                "analysis-line",
                ply = p.ply,
                name = name,
                move = p.played.to_string(),
                verdict = verdict_word(lang, p.verdict.expect("flagged")),
                loss = stones(lang, p.loss),
                best = p.best.to_string()
            );
            if !lines.push(&line, reserve) {
                let more = tr!(lang, "analysis-more", count = flagged.len() - i);
                return Ok(self.analysis_reply(lines.finish(Some(more)), bytes, alt_text, lang));
            }
        }
        Ok(self.analysis_reply(lines.finish(None), bytes, alt_text, lang))
    }

    /// One step of the review of finished game `game_id`: the board after
    /// move `ply` (kept within the game), privately, with the move, its
    /// verdict and the engine's preferred move, and the buttons to step on.
    /// The analysis is computed first if it was not (telling `progress`).
    pub async fn review(
        &self,
        user: &User,
        place: Place,
        game_id: GameId,
        ply: i64,
        progress: Progress,
    ) -> Result<Reply> {
        self.game_here(user, place, game_id).await?;
        let lang = user.lang;
        let plies = self.analysed(user, game_id, progress).await?;
        let last = plies.len() as i64;
        let ply = ply.clamp(1, last);
        let step = &plies[ply as usize - 1];
        let mut loaded = self.load_at(game_id, Some(ply)).await?;
        // A step of the past: no result line, pings nor menus.
        loaded.current = false;
        let name = loaded.name(step.side);
        let judged = match step.verdict {
            Some(verdict) => tr!(
                lang,
                "review-judged",
                verdict = verdict_word(lang, verdict),
                loss = stones(lang, step.loss),
                best = step.best.to_string()
            ),
            None if step.best == step.played => tr!(lang, "review-best"),
            None => tr!(lang, "review-good", best = step.best.to_string()),
        };
        let headline = tr!(
            lang,
            "review-headline",
            id = game_id,
            ply = ply,
            last = last,
            name = &name,
            move = step.played.to_string(),
            judged = judged
        );
        let mut reply = self.board_reply(&loaded, headline, lang).await?;
        reply.private = true;
        reply.game = None;
        reply.review = Some(ReviewStep {
            game: game_id,
            ply,
            last,
        });
        Ok(reply)
    }

    fn analysis_reply(&self, text: String, bytes: Vec<u8>, alt_text: String, lang: Lang) -> Reply {
        Reply {
            text,
            picture: Some(Picture {
                bytes,
                format: Format::Png,
                alt_text,
            }),
            // Public, like the board it analyses; not a board itself.
            game: None,
            lang,
            ..Reply::default()
        }
    }

    /// The moves' analysis of a finished game: stored, or computed (in the
    /// AI pool) and stored.
    pub async fn analysed(
        &self,
        user: &User,
        game_id: GameId,
        progress: Progress,
    ) -> Result<Vec<PlyAnalysis>> {
        if let Some((_, document)) = self.store.analysis(game_id).await? {
            let stored: Vec<Stored> = serde_json::from_str(&document)
                .map_err(|e| AppError::Internal(format!("a stored analysis is unreadable: {e}")))?;
            if let Some(plies) = stored.iter().map(Stored::analysis).collect() {
                return Ok(plies);
            }
        }
        let loaded = self.load(game_id).await?;
        if !loaded.game.is_over() {
            let key = if loaded.ai_level().is_some() {
                "analysis-ongoing-ai"
            } else {
                "analysis-ongoing"
            };
            return Err(AppError::Refused(tr!(user.lang, key, id = game_id)));
        }
        if loaded.game.ply() == 0 {
            return Err(AppError::Refused(tr!(
                user.lang,
                "analysis-no-moves",
                id = game_id
            )));
        }
        let game = loaded.game.clone();
        // Queued for a slot of the bounded pool, like the AI's moves.
        let slot = AI_SEARCHES.slot().await;
        let plies = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            analyze(&game, DEFAULT_NODES, |done, total| progress(done, total))
        })
        .await
        .map_err(|e| AppError::Internal(format!("the analysis failed: {e}")))?;
        let stored: Vec<Stored> = plies.iter().map(Stored::from).collect();
        let document = serde_json::to_string(&stored)
            .map_err(|e| AppError::Internal(format!("cannot store the analysis: {e}")))?;
        self.store
            .save_analysis(game_id, DEFAULT_NODES as i64, &document, self.now())
            .await?;
        Ok(plies)
    }
}
