//! A game of classic Sleuth that formed by sign-up, at its start: the deal and the Search deck
//! drawn and committed, the row turned into a classic game with its first turn's clock, the
//! players seated (each in the language they chose when joining) and welcomed, and the game
//! master told — in the start's own transaction. Sign-up itself is shared with Polysleuth
//! (`master/forming.rs`); only this step is the ruleset's.

use crate::clock::now;
use crate::games::sleuth::letters::News;
use crate::games::sleuth::rules::{Settings, Sleuth};
use crate::keys;
use crate::lang::Said;
use crate::master::seating::ToSeat;
use crate::master::table::Seated;
use crate::master::{json, Master, MasterError, Result};
use crate::store::games::sleuth::ClassicSave;
use crate::store::{GameRow, GameStatus, Tx};

impl Master {
    /// Deals, commits and seats a formed classic game; says so (in the reader's language).
    pub(crate) async fn start_formed_classic(
        &self,
        tx: &mut Tx,
        game: &GameRow,
        settings: Settings,
        seed: u64,
        seats: &[Seated],
    ) -> Result<Said> {
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let salt = keys::new_key();
        let turn_hours = settings.turn_hours;
        let state = Sleuth::new(names.clone(), settings, seed, salt.clone(), None, None)
            .map_err(|e| MasterError::invalid(Said::text(e.to_string())))?;
        let now = now();
        let deadline = now + turn_hours as i64 * 3600;
        self.store
            .begin_turns(
                tx,
                &ClassicSave {
                    id: game.id,
                    state: &json(&state),
                    turn: state.turn as i64,
                    status: GameStatus::Open,
                    turn_deadline: Some(deadline),
                    remaining: None,
                },
                &salt,
                &state.commitment(),
                crate::games::sleuth::RULESET,
            )
            .await?;
        let row = self.locked(tx, game.id).await?;
        let seated: Vec<ToSeat> = seats.iter().map(ToSeat::from).collect();
        let welcome = crate::games::sleuth::letters::welcome;
        let letter = crate::master::seating::letter_of(&self.site, &row, &state, welcome);
        (self.seat_and_welcome(tx, &row, &seated, true, &letter)).await?;
        let t = row.language;
        let news = News {
            subject: t.t2(
                "classic-subject-formed",
                "id",
                row.id,
                "game",
                row.name.as_str(),
            ),
            paragraphs: vec![
                t.t2(
                    "classic-mail-gm-formed",
                    "game",
                    row.name.as_str(),
                    "id",
                    row.id,
                ),
                t.t1("classic-mail-gm-players", "players", names.join(", ")),
            ],
            ..News::default()
        };
        let letter = news.letter(&self.site, &row, &t.t("classic-gm-name"), t);
        self.send(tx, Some(row.id), &row.gm_email, &letter, now)
            .await?;
        Ok(crate::said!("classic-formed-started", count = names.len()))
    }
}
