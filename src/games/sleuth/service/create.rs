//! Making a classic game: the deal and the Search deck drawn and committed, the game and its
//! seats stored, the welcome letters queued, in one transaction; then computer seats whose
//! turn comes first play.

use crate::clock::now;
use crate::games::sleuth::letters::{welcome, News};
use crate::games::sleuth::rules::Sleuth;
use crate::keys;
use crate::master::request::GameRequest;
use crate::master::seating::{letter_of, ToSeat};
use crate::master::{json, Master, MasterError, Result};
use crate::model::Created;
use crate::store::{GameStatus, NewGame};

impl Master {
    /// Creates a classic game; the game master's and the players' letters go out with it.
    pub(crate) async fn create_classic(&self, req: GameRequest) -> Result<Created> {
        let names: Vec<String> = req.players.iter().map(|(n, _)| n.clone()).collect();
        let seed = req.seed.unwrap_or_else(rand::random);
        let salt = keys::new_key();
        let settings: crate::games::sleuth::rules::Settings = match &req.rules {
            Some(rules) => serde_json::from_value(rules.clone())
                .map_err(|e| MasterError::invalid(crate::lang::Said::text(e.to_string())))?,
            None => Default::default(),
        };
        let deal = match &req.given_deal {
            Some(given) => Some(
                crate::games::sleuth::replay::read_deal(&names, given)
                    .map_err(|e| MasterError::invalid(crate::lang::Said::text(e)))?,
            ),
            None => None,
        };
        let turn_secs = settings.turn_hours as i64 * 3600;
        let state = Sleuth::new(names.clone(), settings, seed, salt.clone(), deal, None)
            .map_err(|e| MasterError::invalid(crate::lang::Said::text(e.to_string())))?;
        let commitment = state.commitment();
        let now = now();
        let (status, deadline, remaining) = match req.wait_for_gm {
            true => (GameStatus::Unconfirmed, None, Some(turn_secs)),
            false => (GameStatus::Open, Some(now + turn_secs), None),
        };
        let gm_key = keys::new_key();
        let mut tx = self.store.write().await?;
        let id = self
            .store
            .insert_game(
                &mut tx,
                &NewGame {
                    name: &req.name,
                    listed: req.listed,
                    state: &json(&state),
                    salt: &salt,
                    commitment: &commitment,
                    gm_email: &req.gm_email,
                    gm_key_hash: &keys::hash(&gm_key),
                    round_seconds: turn_secs,
                    grace_seconds: 0,
                    time_zone: &req.time_zone,
                    language: req.language,
                    status,
                    deadline: None,
                    remaining,
                    now,
                    reminder_hours: "",
                    ruleset: crate::games::sleuth::RULESET,
                    turn_deadline: deadline,
                    turn: state.turn as i64,
                    operator_deal: req.operator_deal,
                },
            )
            .await?;
        let row = self.locked(&mut tx, id).await?;
        let seated: Vec<ToSeat> = req.players.iter().map(ToSeat::named).collect();
        let letter = letter_of(&self.site, &row, &state, welcome);
        let players =
            (self.seat_and_welcome(&mut tx, &row, &seated, !req.wait_for_gm, &letter)).await?;
        let gm_link = self.site.gm_link(id, &gm_key);
        let t = row.language;
        let news = News {
            subject: t.t2("classic-subject-gm", "id", id, "game", req.name.as_str()),
            paragraphs: vec![
                t.tr(
                    "classic-mail-gm",
                    [
                        ("game", req.name.as_str().into()),
                        ("id", id.into()),
                        ("link", gm_link.as_str().into()),
                    ],
                ),
                t.t1("classic-mail-gm-players", "players", names.join(", ")),
            ],
            ..News::default()
        };
        let letter = news.letter(&self.site, &row, &t.t("classic-gm-name"), t);
        self.send(&mut tx, Some(id), &req.gm_email, &letter, now)
            .await?;
        tx.commit().await?;
        tracing::info!(game = id, players = names.len(), "classic game created");
        if !req.wait_for_gm {
            // A computer in seat 1 plays at once.
            self.classic_change(id, None, |_, _, _| Ok(())).await?;
        }
        Ok(Created {
            id,
            public_page: self.site.link(&format!("/classic/games/{id}")),
            gm_link,
            players,
        })
    }
}
