//! `kiela clocks`: the games whose clock the bot stopped, and starting one
//! again once it is mended (see docs/operators.md, "A season unattended").

use kiela_app::store::ports::*;
use kiela_app::AppError;
use std::io::Write;

use kiela_app::GameId;
use kiela_store::Store;

/// Lists the stopped clocks, or starts game `restart`'s again. False when
/// there was nothing to start.
pub async fn clocks(
    store: &Store,
    restart: Option<i64>,
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    if let Some(id) = restart {
        let started = store
            .clocks()
            .restart_clock(GameId(id))
            .await
            .map_err(AppError::from)?;
        match started {
            true => writeln!(out, "game {id}: its clock runs again")?,
            false => writeln!(out, "game {id}: its clock was not stopped")?,
        }
        return Ok(started);
    }
    let stopped = store
        .clocks()
        .stopped_clocks()
        .await
        .map_err(AppError::from)?;
    if stopped.is_empty() {
        writeln!(out, "every game's clock runs")?;
    }
    for (game, why) in stopped {
        writeln!(out, "game {game}: {why}")?;
    }
    Ok(true)
}
