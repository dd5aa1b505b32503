//! What the game master's page shows: who has sent a turn and who is ready, never what a
//! turn says; mail that failed; standbys.

use serde::Serialize;

pub use super::gm_extras::{FailingMail, GmExtras};
use super::views::{public_game, PublicGame};
use crate::games::polysleuth::service::states;
use crate::lang::Lang;
use crate::master::{Master, MasterError};
use crate::store::{GameRow, GameStatus};

#[derive(Serialize)]
pub struct TurnStatus {
    pub name: String,
    pub sent: bool,
    pub ready: bool,
    pub done: bool,
}

#[derive(Serialize)]
pub struct GmView {
    pub turns: Vec<TurnStatus>,
    pub pending_notes: Vec<String>,
    pub pending_done: Vec<String>,
    pub failing_mail: Vec<FailingMail>,
    pub refused_mail: i64,
    /// "mail to Bob has bounced since round 3: …", one per address, in a fixed sentence: what
    /// the remote server wrote is its own words, never shown.
    pub bounces: Vec<String>,
    pub reminder_hours: String,
    pub game: PublicGame,
    /// Standbys who may be given a seat: (number, name), longest waiting first.
    pub standbys: Vec<(i64, String)>,
}

/// The game master sees who has sent a turn and who is ready, never what a turn says.
pub async fn gm_view(master: &Master, row: &GameRow, lang: Lang) -> Result<GmView, MasterError> {
    let state = states::parse(row)?;
    let sent: Vec<(i64, bool)> = (master.store)
        .turns(&master.store.pool, row.id, row.round)
        .await?
        .iter()
        .map(|t| (t.seat, t.ready == 1))
        .collect();
    let extras = gm_extras(master, row, lang).await?;
    Ok(GmView {
        turns: turn_statuses(&state, row, &sent),
        pending_notes: pending_notes(row, lang),
        pending_done: pending_done(row, &state),
        failing_mail: extras.failing_mail,
        refused_mail: extras.refused_mail,
        bounces: extras.bounces,
        reminder_hours: row.reminder_hours.clone(),
        standbys: extras.standbys,
        game: public_game(master, row, &state, lang).await?,
    })
}

/// One line per address whose mail bounced: who (by name when a player) and since which
/// round, in a fixed sentence.
async fn bounce_lines(
    master: &Master,
    row: &GameRow,
    lang: Lang,
) -> Result<Vec<String>, MasterError> {
    let players = master.store.players(&master.store.pool, row.id).await?;
    let mut by_address: Vec<(String, Option<i64>)> = Vec::new();
    for b in master.store.bounces(row.id).await? {
        if !by_address
            .iter()
            .any(|(e, _)| e.eq_ignore_ascii_case(&b.email))
        {
            by_address.push((b.email, b.round));
        }
    }
    Ok(by_address
        .into_iter()
        .map(|(email, round)| {
            let who = players
                .iter()
                .find(|p| p.email.eq_ignore_ascii_case(&email))
                // Any other address (an observer's, say) is not the game master's to see.
                .map_or(lang.t("gm-not-a-player-address"), |p| p.name.clone());
            match round {
                Some(r) => lang.t2("gm-bounced-since", "who", who, "round", r),
                None => lang.t1("gm-bounced", "who", who),
            }
        })
        .collect())
}

/// The game's name, status and schedule, as the head of the game master's page shows them.
pub struct GameHead {
    pub id: i64,
    pub name: String,
    pub status: String,
    pub round: i64,
    pub deadline: Option<i64>,
    pub deadline_text: String,
}

/// What the game master's page shows: read fresh, who has sent a turn; from memory (at most
/// `EXTRAS_FOR` old), mail problems and standbys; drawn once per change, the public body.
pub struct GmPageView {
    pub game: GameHead,
    pub turns: Vec<TurnStatus>,
    pub pending_notes: Vec<String>,
    pub pending_done: Vec<String>,
    pub reminder_hours: String,
    pub extras: std::sync::Arc<GmExtras>,
    /// Which reading of the extras this is (`PageCache::keep_extras`).
    pub extras_serial: u64,
    pub body_html: std::sync::Arc<str>,
}

impl GmPageView {
    /// The players still playing who have sent nothing this round, by name: resolving now
    /// plays an empty turn for each, so the page asks the game master to confirm.
    pub fn unsent(&self) -> String {
        let names: Vec<&str> = (self.turns.iter())
            .filter(|p| !p.sent && !p.done)
            .map(|p| p.name.as_str())
            .collect();
        names.join(", ")
    }
}

pub async fn gm_extras(
    master: &Master,
    row: &GameRow,
    lang: Lang,
) -> Result<GmExtras, MasterError> {
    let players = master.seats_of(row.id).await?;
    Ok(GmExtras {
        failing_mail: master
            .store
            .failing_mail(row.id)
            .await?
            .into_iter()
            .map(|m| FailingMail {
                // Another address than a player's (an observer's) is not the GM's to see.
                recipient: players
                    .iter()
                    .find(|p| p.email.eq_ignore_ascii_case(&m.recipient))
                    .map_or(lang.t("gm-not-a-player-address"), |p| p.name.clone()),
                subject: m.subject,
                attempts: m.attempts,
                // Its kind and code: the server's words may quote an address.
                error: crate::mail::outbox::failure_summary(&m.last_error.unwrap_or_default()),
            })
            .collect(),
        refused_mail: master.store.refused_inbound(row.id).await?,
        bounces: bounce_lines(master, row, lang).await?,
        standbys: master
            .store
            .standbys(&master.store.pool, row.id)
            .await?
            .into_iter()
            .map(|s| (s.id, s.name))
            .collect(),
    })
}

pub async fn gm_page_view(
    master: &Master,
    cache: &super::page_cache::PageCache,
    row: &GameRow,
    sent: &[(i64, bool)],
    lang: Lang,
    fresh: bool,
) -> Result<GmPageView, MasterError> {
    let state = master.state_of(row)?;
    // Just after an action of the game master's, everything is read again.
    let kept = if fresh {
        None
    } else {
        cache.extras((row.id, lang))
    };
    let (extras, extras_serial) = match kept {
        Some(e) => e,
        None => {
            let e = std::sync::Arc::new(gm_extras(master, row, lang).await?);
            cache.keep_extras((row.id, lang), e)
        }
    };
    Ok(GmPageView {
        game: GameHead {
            id: row.id,
            name: row.name.clone(),
            status: row.status.to_string(),
            round: row.round,
            deadline: row.deadline,
            deadline_text: super::views::deadline_text(lang, row, &row.time_zone),
        },
        turns: turn_statuses(&state, row, sent),
        pending_notes: pending_notes(row, lang),
        pending_done: pending_done(row, &state),
        reminder_hours: row.reminder_hours.clone(),
        extras,
        extras_serial,
        body_html: super::page_cache::public_body(master, cache, row, &state, lang).await?,
    })
}

/// Each seat: whether a turn was sent for the open round (`sent`: seat and ready), whether it
/// is marked ready, whether the player is done; a game over shows no turn.
fn turn_statuses(
    state: &crate::games::polysleuth::rules::Game,
    row: &GameRow,
    sent: &[(i64, bool)],
) -> Vec<TurnStatus> {
    let over = row.status == GameStatus::Over;
    (state.players.iter().enumerate())
        .map(|(s, name)| {
            let t = sent.iter().find(|(seat, _)| *seat == s as i64);
            TurnStatus {
                name: name.clone(),
                sent: t.is_some() && !over,
                ready: t.is_some_and(|(_, ready)| *ready) && !over,
                done: state.done[s],
            }
        })
        .collect()
}

/// The game master's notes waiting for the next bulletin, in the reader's language.
fn pending_notes(row: &GameRow, lang: Lang) -> Vec<String> {
    crate::model::Note::read_all(&row.gm_notes)
        .unwrap_or_default()
        .iter()
        .map(|n| n.worded(&lang))
        .collect()
}

/// The players the game master marked done, to be announced in the next bulletin.
fn pending_done(row: &GameRow, state: &crate::games::polysleuth::rules::Game) -> Vec<String> {
    serde_json::from_str::<Vec<usize>>(&row.gm_done)
        .unwrap_or_default()
        .iter()
        .filter_map(|s| state.players.get(*s).cloned())
        .collect()
}
