//! Each player's Information Sheet in the service: worked out in the background after every
//! round and stored, then shown on the player's page, in the `status` mail and by the API.
//! A sheet is built only from what that player's own pages show (RULES.md §6): the public
//! bulletins, their hand and sizes, and their own private reports.

use std::time::Duration;

use crate::clock::now;
use crate::deduce::{self, Budget, Sheet};
use crate::games::polysleuth::rules::{Bulletin, Game, PrivateReport};
use crate::games::polysleuth::service::model::StoredBulletin;
use crate::games::polysleuth::service::states;
use crate::master::{Master, MasterError};

/// The view of one seat, from the public bulletins and that seat's own reports.
pub fn view_of(
    state: &Game,
    seat: usize,
    bulletins: &[&Bulletin],
    reports: &[(i64, PrivateReport)],
) -> Result<deduce::View, deduce::ViewError> {
    crate::games::polysleuth::assistant::of_seat(
        state,
        seat,
        bulletins.iter().copied(),
        reports.iter().map(|(round, r)| (*round as u32, r)),
    )
}

/// A sheet at once, for a page: only what the player was told when the assistant is off,
/// else the certainties of bound propagation (exact work is left to the background).
pub fn quick(state: &Game, view: Result<deduce::View, deduce::ViewError>) -> Sheet {
    match view {
        Ok(v) if state.settings.assistant => Sheet::bounds(&v),
        Ok(v) => Sheet::told(&v),
        Err(e) => Sheet::unreadable(state.players.clone(), e.to_string()),
    }
}

/// The full sheet, for the background.
fn full(state: &Game, view: Result<deduce::View, deduce::ViewError>) -> Sheet {
    match view {
        Ok(v) if state.settings.assistant => Sheet::compute(&v, &Budget::default()),
        other => quick(state, other),
    }
}

/// Works out and stores the sheet of every player of a game, for its latest resolved round.
pub async fn refresh(master: &Master, game_id: i64) -> Result<(), MasterError> {
    let row = master.public_game(game_id).await?;
    let state = states::parse(&row)?;
    let stored: Vec<StoredBulletin> = master
        .bulletins(game_id)
        .await?
        .into_iter()
        .map(|(b, _)| b)
        .collect();
    let Some(last) = stored.iter().map(|b| b.bulletin.round).max() else {
        return Ok(());
    };
    for seat in 0..state.players.len() {
        if let Some((round, _)) = master.store.sheet(game_id, seat as i64).await? {
            if round >= last as i64 {
                continue;
            }
        }
        let reports = master.reports(game_id, seat as i64).await?;
        let bulletins: Vec<Bulletin> = stored.iter().map(|b| b.bulletin.clone()).collect();
        let state = state.clone();
        let sheet = tokio::task::spawn_blocking(move || {
            let refs: Vec<&Bulletin> = bulletins.iter().collect();
            full(&state, view_of(&state, seat, &refs, &reports))
        })
        .await
        .map_err(|e| MasterError::Corrupt(format!("the assistant stopped: {e}")))?;
        let body = serde_json::to_string(&sheet).expect("a sheet serialises");
        master
            .store
            .put_sheet(game_id, seat as i64, last as i64, &body, now())
            .await?;
    }
    Ok(())
}

/// The background task: after every resolution (and every minute, to catch up on rounds
/// another instance resolved or a restart left behind), refresh the sheets that lag.
pub async fn run(master: Master) {
    /// Games taken in one pass; a full pass is followed by the next at once.
    const PASS: i64 = 100;
    loop {
        let mut done_all = 0;
        let mut taken = 0;
        match master.store.games_needing_sheets(PASS).await {
            Ok(games) => {
                taken = games.len() as i64;
                for (id, round) in games {
                    let done = match refresh(&master, id).await {
                        Ok(()) => master
                            .store
                            .sheets_done(id, round)
                            .await
                            .map_err(Into::into),
                        Err(e) => Err(e),
                    };
                    match done {
                        Ok(()) => done_all += 1,
                        Err(e) => {
                            tracing::error!(game = id, error = %e, "cannot work out the sheets")
                        }
                    }
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot look for sheets to work out"),
        }
        if taken == PASS && done_all > 0 {
            continue;
        }
        let _ = tokio::time::timeout(
            Duration::from_secs(60),
            super::kept(&master).sheets_due.notified(),
        )
        .await;
    }
}

/// The sheet to show a player now: the stored one when it covers the latest round, else a
/// quick one (`pending` tells the page the full one is on its way); with the sheet of the
/// round before, when there is one, to mark what changed.
pub async fn current(
    master: &Master,
    state: &Game,
    game_id: i64,
    seat: usize,
    bulletins: &[&Bulletin],
    reports: &[(i64, PrivateReport)],
) -> Result<Current, MasterError> {
    let last = bulletins.iter().map(|b| b.round as i64).max().unwrap_or(0);
    let stored = master
        .store
        .sheet_with_previous(game_id, seat as i64)
        .await?;
    let read = |body: &str| serde_json::from_str::<Sheet>(body).ok();
    if let Some((round, body, previous)) = &stored {
        if *round >= last {
            if let Some(sheet) = read(body) {
                return Ok(Current {
                    sheet,
                    pending: false,
                    previous: previous.as_deref().and_then(read),
                });
            }
        }
    }
    let sheet = quick(state, view_of(state, seat, bulletins, reports));
    Ok(Current {
        sheet,
        pending: last > 0 && state.settings.assistant,
        // The stored sheet is the last round's while this round's is worked out.
        previous: stored.and_then(|(_, body, _)| read(&body)),
    })
}

/// A player's sheet as shown now.
pub struct Current {
    pub sheet: Sheet,
    /// A quick sheet stands in while the full one for the latest round is worked out.
    pub pending: bool,
    /// The sheet of the round before, to mark what changed.
    pub previous: Option<Sheet>,
}

/// The sheet as plain text for mail: a row per card, a column per place.
pub fn text(sheet: &Sheet, me: usize) -> String {
    if let Some(c) = &sheet.contradiction {
        return format!("{c}\n");
    }
    let names: Vec<String> = sheet
        .locations
        .iter()
        .enumerate()
        .map(|(i, l)| {
            if i == me {
                "you".into()
            } else {
                l.chars().take(6).collect()
            }
        })
        .collect();
    let mut out = format!("{:<17}", "");
    for n in &names {
        out.push_str(&format!("{n:>7}"));
    }
    out.push('\n');
    for row in &sheet.cards {
        out.push_str(&format!("{:<17}", row.card));
        for c in &row.cells {
            let cell = if c.certain && c.p > 0.5 {
                "YES".to_string()
            } else if c.certain {
                "-".to_string()
            } else if c.p.is_nan() {
                "?".to_string()
            } else {
                c.percent()
            };
            out.push_str(&format!("{cell:>7}"));
        }
        out.push('\n');
    }
    out.push_str(match sheet.method {
        deduce::Method::Told => "YES: certainly there; -: certainly not; ?: not known (the assistant is off in this game).\n",
        deduce::Method::Sampled => "YES: certainly there; -: certainly not; a percentage: the estimated chance it is there.\n",
        _ => "YES: certainly there; -: certainly not; a percentage: the chance it is there.\n",
    });
    out
}

/// The sheet of one seat as plain text, loading what it needs (for the `status` mail).
pub async fn text_for(
    master: &Master,
    state: &Game,
    game_id: i64,
    seat: usize,
) -> Result<String, MasterError> {
    let stored: Vec<Bulletin> = master
        .bulletins(game_id)
        .await?
        .into_iter()
        .map(|(b, _)| b.bulletin)
        .collect();
    let refs: Vec<&Bulletin> = stored.iter().collect();
    let reports = master.reports(game_id, seat as i64).await?;
    let sheet = current(master, state, game_id, seat, &refs, &reports)
        .await?
        .sheet;
    Ok(text(&sheet, seat))
}
