//! Polysleuth's computer players in the service, and the empty turns of players who are
//! away. A computer player sends its turn through the same path as a person (the writer, checked by the planner), a set time after its round opens, or at
//! once when every person still playing is ready, so it never holds a round open. Its turn is
//! worked out off the async threads, from the seat's own view as its pages would show it,
//! within a time budget: a turn that takes too long is sent empty, and the service never waits
//! on it.

use crate::said;
use std::sync::Arc;

use rand::Rng;

use crate::clock::now;
use crate::games::polysleuth::computer::{Level, Seat};
use crate::games::polysleuth::rules::deal::stream;
use crate::games::polysleuth::rules::Bulletin;
use crate::games::polysleuth::service::model::TurnReply;
use crate::level::Timing;
use crate::master::{Master, MasterError};
use crate::model::Via;
use crate::store::PlayerRow;

/// Computer turns looked at in one pass.
const PASS: i64 = 200;

/// Sends the turn of every computer player that owes one and whose time has come, a page of
/// seats a pass, going on where the last pass stopped. Returns how many turns were sent.
pub async fn play_owed(master: &Master, timing: &Timing) -> Result<usize, MasterError> {
    let owing = (master.store)
        .seats_owing(master.cursors.after("computers"), PASS)
        .await?;
    // One id a row read: the cursor tells a full page by its length.
    let rows: Vec<i64> = owing.iter().map(|(g, _)| *g).collect();
    (master.cursors).advance("computers", &rows, PASS as usize);
    Ok(play_page(master, timing, &owing, false).await.0)
}

/// Before due rounds close: the seats still owing a turn in games past their deadline (at
/// `now`, the time the rounds are then closed to) play now, page after page, whatever page the
/// pass above reached (after a restart, or with more seats owing than one pass reads), so no
/// round closes by its clock without them. Returns how many turns were sent.
pub async fn play_due(master: &Master, timing: &Timing, now: i64) -> Result<usize, MasterError> {
    let mut sent = 0;
    let mut after = 0;
    loop {
        let owing = (master.store).seats_owing_due(now, after, PASS).await?;
        let (n, games) = play_page(master, timing, &owing, true).await;
        sent += n;
        match games.last() {
            Some(&last) if owing.len() as i64 == PASS => after = last,
            _ => return Ok(sent),
        }
    }
}

/// Each game of a page of owing seats plays (`at_once`: whether or not its time has come);
/// one game's failure (its state unreadable, say) is logged and holds up no other. Returns
/// the turns sent and the page's games.
async fn play_page(
    master: &Master,
    timing: &Timing,
    owing: &[(i64, i64)],
    at_once: bool,
) -> (usize, Vec<i64>) {
    let mut games: Vec<i64> = owing.iter().map(|(g, _)| *g).collect();
    games.dedup();
    let mut sent = 0;
    for &id in &games {
        match play_game(master, timing, owing, id, at_once).await {
            Ok(n) => sent += n,
            Err(e) => crate::master::go_on_after(id, "computer players' turns", Err(e)),
        }
    }
    (sent, games)
}

/// The turns owed in one game: away players' empty turns at once, computer players' when
/// their time has come, or at once (`at_once`: every one without a turn, whatever `owing`
/// lists). Returns how many were sent.
async fn play_game(
    master: &Master,
    timing: &Timing,
    owing: &[(i64, i64)],
    id: i64,
    at_once: bool,
) -> Result<usize, MasterError> {
    let mut sent = 0;
    let Some(row) = master.store.game(&master.store.pool, id).await? else {
        return Ok(0);
    };
    let players = master.store.players(&master.store.pool, id).await?;
    let turns = master
        .store
        .turns(&master.store.pool, id, row.round)
        .await?;
    let state = master.state_of(&row)?;
    let away = |p: &PlayerRow| p.away_until.is_some_and(|r| r >= row.round);
    // A player away sends nothing and holds nothing up: their empty turn goes at once.
    for p in players
        .iter()
        .filter(|p| p.computer.is_none() && away(p) && !turns.iter().any(|t| t.seat == p.seat))
    {
        // For this round only: if it closed meanwhile, the next round's turn waits for
        // the next pass (the player may be back by then).
        match master
            .submit_for(p, "ready", Via::Computer, Some(row.round))
            .await
        {
            Ok(_) => sent += 1,
            Err(MasterError::Conflict(_)) => {}
            Err(e) => return Err(e),
        }
    }
    let people_ready = players
        .iter()
        .filter(|p| p.mailed() && !away(p) && !state.done[p.seat as usize])
        .all(|p| turns.iter().any(|t| t.seat == p.seat && t.ready == 1));
    let t = now();
    let after = timing.after.as_secs() as i64;
    let time_come = match row.deadline {
        Some(deadline) => t >= deadline - row.round_seconds + after || t + after >= deadline,
        None => true,
    };
    if !(people_ready || time_come || at_once) {
        return Ok(sent);
    }
    for p in players.iter().filter(|p| {
        p.computer.is_some()
            && (at_once || owing.contains(&(id, p.seat)))
            && !turns.iter().any(|t| t.seat == p.seat)
    }) {
        play(master, timing, p).await?;
        sent += 1;
    }
    Ok(sent)
}

/// Right after a player declares an absence: their empty turn for the open round, when they
/// have sent none, goes at once, within the round they declared it in, not at the next pass
/// (where the deadline may have passed meanwhile, and the round would count as one they
/// missed).
pub async fn away_now(master: &Master, player: &PlayerRow) -> Result<(), MasterError> {
    let pool = &master.store.pool;
    let (Some(row), Some(player)) = (
        master.store.game(pool, player.game_id).await?,
        master.store.player(pool, player.id).await?,
    ) else {
        return Ok(());
    };
    if player.away_until.is_none_or(|r| r < row.round) {
        return Ok(());
    }
    let turns = master.store.turns(pool, row.id, row.round).await?;
    if turns.iter().any(|t| t.seat == player.seat) {
        return Ok(());
    }
    match (master.submit_for(&player, "ready", Via::Computer, Some(row.round))).await {
        Ok(_) | Err(MasterError::Conflict(_)) => Ok(()),
        Err(e) => Err(e),
    }
}

/// `away_now` after an absence is stored: should it fail, the absence stands all the same and
/// the clock's next pass sends the empty turn, so the failure is logged, not answered.
pub async fn away_now_or_later(master: &Master, player: &PlayerRow) {
    if let Err(e) = away_now(master, player).await {
        tracing::error!(
            game = player.game_id,
            "an absence's empty turn waits for the clock: {e}"
        );
    }
}

/// Works out and sends one computer player's turn.
async fn play(master: &Master, timing: &Timing, player: &PlayerRow) -> Result<(), MasterError> {
    let level = player.computer.unwrap_or(Level::Novice);
    let row = master
        .store
        .game(&master.store.pool, player.game_id)
        .await?
        .ok_or_else(|| MasterError::NotFound(said!("error-game-no-longer-exists")))?;
    let state = master.state_of(&row)?;
    let mut stored = master.bulletins_of(&row).await?.as_ref().clone();
    stored.sort_by_key(|(b, _)| b.bulletin.round);
    let bulletins: Vec<Bulletin> = stored.into_iter().map(|(b, _)| b.bulletin).collect();
    let reports = master.reports_of(&row, player.seat).await?;
    let seat_no = player.seat as usize;
    // Keyed by a digest of the game's committed seed (never the player's row id, which anyone
    // could guess and then foresee the computer's draws from the bulletins), by round and seat.
    let key = stream("computer-key", state.seed, 0).next_u64();
    let index = (row.round as u64) << 8 | player.seat as u64;
    let work = tokio::task::spawn_blocking(move || {
        let refs: Vec<&Bulletin> = bulletins.iter().collect();
        let reports = Arc::clone(&reports);
        let seat = Seat::of(
            &state,
            seat_no,
            &refs,
            reports.iter().map(|(r, rep)| (*r as u32, rep)),
        );
        let mut rng = stream("computer", key, index);
        seat.ok()
            .and_then(|seat| crate::games::polysleuth::computer::turn(level, &seat, &mut rng))
    });
    // A novice that would miss the round, a view that cannot be read, or a turn past its
    // budget: the computer player sends an empty turn, ready, so the round goes on.
    let text = match tokio::time::timeout(timing.budget, work).await {
        Ok(Ok(Some(text))) => text,
        Ok(_) => "ready".to_string(),
        Err(_) => {
            tracing::warn!(
                game = row.id,
                seat = player.seat,
                "a computer player ran out of time"
            );
            "ready".to_string()
        }
    };
    // Worked out for this round: if it closed meanwhile, the turn is for no other round,
    // and the computer plays the next one in its turn.
    let answer = master.submit_for(player, &text, Via::Computer, Some(row.round));
    let answer = match answer.await {
        Err(MasterError::Conflict(_)) => {
            tracing::debug!(
                game = row.id,
                seat = player.seat,
                "a computer's round closed first"
            );
            return Ok(());
        }
        answer => answer?,
    };
    match answer {
        TurnReply::Rejected { errors, .. } => {
            // Never the turn's lines: they would tell what the seat knows.
            tracing::warn!(
                game = row.id,
                seat = player.seat,
                problems = errors.len(),
                "a computer player's turn was refused; it sends an empty turn instead"
            );
            match (master.submit_for(player, "ready", Via::Computer, Some(row.round))).await {
                Ok(_) | Err(MasterError::Conflict(_)) => {}
                Err(e) => return Err(e),
            }
        }
        _ => tracing::debug!(
            game = row.id,
            seat = player.seat,
            "a computer player played"
        ),
    }
    Ok(())
}

/// Before a round is closed on demand (the game master's "resolve now", `round close`): the
/// game's computer players that owe a turn play at once.
pub async fn play_now(master: &Master, game_id: i64) -> Result<usize, MasterError> {
    // That game alone: another game's seats wait for the clock's own pass.
    play_game(master, &Timing::default(), &[], game_id, true).await
}
