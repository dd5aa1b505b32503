//! A game of Polysleuth that formed by sign-up, at its start: the deal made and committed with
//! the forming game's seed, the first round's clock started, the players seated (each in the
//! language they chose when joining) and welcomed, and the game master told — in the start's
//! own transaction. Sign-up itself is the core's (`master/forming.rs`).

use super::rules::{Game, Settings};
use crate::clock::now;
use crate::keys;
use crate::lang::{Said, Value};
use crate::master::seating::ToSeat;
use crate::master::table::Seated;
use crate::master::{json, Master, MasterError, Result};
use crate::model::CreatedPlayer;
use crate::said;
use crate::store::{GameRow, Schedule, Tx};

impl Master {
    /// Deals, commits and seats a formed game of Polysleuth (its table's `start_formed`).
    pub(crate) async fn start_formed_polysleuth(
        &self,
        tx: &mut Tx,
        game: &GameRow,
        settings: Settings,
        seed: u64,
        seated: &[Seated],
    ) -> Result<Said> {
        let count = seated.len();
        let seats: Vec<(String, String)> = seated
            .iter()
            .map(|s| (s.name.clone(), s.address.clone()))
            .collect();
        let names: Vec<String> = seats.iter().map(|(n, _)| n.clone()).collect();
        let state = Game::new(names.clone(), settings, seed, None)
            .map_err(|e| MasterError::invalid(Said::text(e.to_string())))?;
        let salt = keys::new_key();
        let commitment = state.deal.commitment(&names, &salt);
        self.store
            .set_dealt(tx, game.id, &json(&state), &salt, &commitment)
            .await?;
        let deadline = now() + game.remaining.unwrap_or(game.round_seconds);
        self.store
            .set_schedule(tx, game.id, &Schedule::open(deadline))
            .await?;
        let row = self.locked(tx, game.id).await?;
        let to_seat: Vec<ToSeat> = seated.iter().map(ToSeat::from).collect();
        let seating = self.store.seating(&mut **tx, game.id).await?;
        let letter = super::create::welcome_letter(&self.site, &row, &state, seating.as_ref());
        let welcomed = (self.seat_and_welcome(tx, &row, &to_seat, true, &letter)).await?;
        // The game master's letter names the players without their links: a link is its
        // player's alone.
        let created: Vec<CreatedPlayer> = (welcomed.into_iter())
            .map(|p| CreatedPlayer {
                name: p.name,
                link: String::new(),
            })
            .collect();
        let letter = crate::games::polysleuth::letters::gm_welcome(
            &self.site,
            &row,
            &state,
            seating.as_ref(),
            "",
            &created,
        );
        self.send(tx, Some(game.id), &row.gm_email, &letter, now())
            .await?;
        Ok(said!(
            "done-formed-started",
            count = count,
            time = Value::time(deadline, &row.time_zone)
        ))
    }
}
