//! What the game master's page shows: who has sent a turn and who is ready, never what a
//! turn says; mail that failed; standbys.

use serde::Serialize;

use super::views::{public_game, PublicGame};
use crate::lang::Lang;
use crate::master::{Master, MasterError};
use crate::states;
use crate::store::{GameRow, GameStatus};

#[derive(Serialize)]
pub struct TurnStatus {
    pub name: String,
    pub sent: bool,
    pub ready: bool,
    pub done: bool,
}

#[derive(Serialize)]
pub struct FailingMail {
    pub recipient: String,
    pub subject: String,
    pub attempts: i64,
    pub error: String,
}

#[derive(Serialize)]
pub struct GmView {
    pub turns: Vec<TurnStatus>,
    pub pending_notes: Vec<String>,
    pub pending_done: Vec<String>,
    pub failing_mail: Vec<FailingMail>,
    pub refused_mail: i64,
    /// "mail to Bob has bounced since round 3: 550 mailbox unknown", one per address.
    pub bounces: Vec<String>,
    pub reminder_hours: String,
    pub game: PublicGame,
    /// Standbys who may be given a seat: (number, name), longest waiting first.
    pub standbys: Vec<(i64, String)>,
}

/// The game master sees who has sent a turn and who is ready, never what a turn says.
pub async fn gm_view(master: &Master, row: &GameRow, lang: Lang) -> Result<GmView, MasterError> {
    let state = states::parse(row)?;
    let turns = master
        .store
        .turns(&master.store.pool, row.id, row.round)
        .await?;
    let pending_done: Vec<usize> = serde_json::from_str(&row.gm_done).unwrap_or_default();
    let players = master.store.players(&master.store.pool, row.id).await?;
    Ok(GmView {
        turns: state
            .players
            .iter()
            .enumerate()
            .map(|(s, name)| {
                let t = turns.iter().find(|t| t.seat == s as i64);
                TurnStatus {
                    name: name.clone(),
                    sent: t.is_some() && row.status != GameStatus::Over,
                    ready: t.is_some_and(|t| t.ready == 1) && row.status != GameStatus::Over,
                    done: state.done[s],
                }
            })
            .collect(),
        pending_notes: serde_json::from_str(&row.gm_notes).unwrap_or_default(),
        pending_done: pending_done
            .iter()
            .filter_map(|s| state.players.get(*s).cloned())
            .collect(),
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
                    .map_or(lang.t("gm-not-a-player-address"), |p| {
                        p.name.clone()
                    }),
                subject: m.subject,
                attempts: m.attempts,
                error: m.last_error.unwrap_or_default(),
            })
            .collect(),
        refused_mail: master.store.refused_inbound(row.id).await?,
        bounces: bounce_lines(master, row, lang).await?,
        reminder_hours: row.reminder_hours.clone(),
        standbys: master
            .store
            .standbys(&master.store.pool, row.id)
            .await?
            .into_iter()
            .map(|s| (s.id, s.name))
            .collect(),
        game: public_game(master, row, &state, lang).await?,
    })
}

/// One line per address whose mail bounced: who (by name when a player), since which round,
/// and the last reason given.
async fn bounce_lines(master: &Master, row: &GameRow, lang: Lang) -> Result<Vec<String>, MasterError> {
    let players = master.store.players(&master.store.pool, row.id).await?;
    let mut by_address: Vec<(String, Option<i64>, String)> = Vec::new();
    for b in master.store.bounces(row.id).await? {
        let (email, round, reason) = (b.email, b.round, b.reason);
        match by_address
            .iter_mut()
            .find(|(e, _, _)| e.eq_ignore_ascii_case(&email))
        {
            Some(entry) => entry.2 = reason,
            None => by_address.push((email, round, reason)),
        }
    }
    Ok(by_address
        .into_iter()
        .map(|(email, round, reason)| {
            let who = players
                .iter()
                .find(|p| p.email.eq_ignore_ascii_case(&email))
                // Any other address (an observer's, say) is not the game master's to see.
                .map_or(lang.t("gm-not-a-player-address"), |p| {
                    p.name.clone()
                });
            match round {
                Some(r) => lang.t3("gm-bounced-since", "who", who, "round", r, "reason", reason),
                None => lang.t2("gm-bounced", "who", who, "reason", reason),
            }
        })
        .collect())
}
