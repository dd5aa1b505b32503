//! Making a game of Clue: the set-up drawn and committed, the game and its seats stored, the
//! welcome letters queued, in one transaction — for a game of named players, and for one that
//! formed by sign-up, at its start.

use crate::clock::now;
use crate::games::clue::letters::welcome;
use crate::games::clue::service::Stored;
use crate::games::clue::settings::Settings;
use crate::keys;
use crate::lang::Said;
use crate::mail::Letter;
use crate::master::request::GameRequest;
use crate::master::seating::{letter_of, ToSeat};
use crate::master::table::Seated;
use crate::master::{json, Master, MasterError, Result};
use crate::model::Created;
use crate::store::games::sleuth::ClassicSave;
use crate::store::{GameRow, GameStatus, NewGame, Tx};

fn invalid(e: impl ToString) -> MasterError {
    MasterError::invalid(Said::text(e.to_string()))
}

/// The guest each seat chose, by the guest's number: a guest named by an earlier seat (two
/// who signed up for the same one) is the earlier seat's, and the later gets one nobody chose.
fn chosen_guests(choices: &[Option<String>]) -> Vec<Option<usize>> {
    let mut chosen: Vec<Option<usize>> = Vec::new();
    for c in choices {
        let guest = c
            .as_deref()
            .and_then(crate::games::clue::cards::Card::parse)
            .filter(|c| c.index() < 6)
            .map(|c| c.index())
            .filter(|g| !chosen.contains(&Some(*g)));
        chosen.push(guest);
    }
    chosen
}

impl Master {
    /// Creates a game of Clue; the game master's and the players' letters go out with it.
    pub(crate) async fn create_clue(&self, req: GameRequest) -> Result<Created> {
        let names: Vec<String> = req.players.iter().map(|(n, _)| n.clone()).collect();
        let seed = req.seed.unwrap_or_else(rand::random);
        let salt = keys::new_key();
        let settings: Settings = match &req.rules {
            Some(rules) => serde_json::from_value(rules.clone()).map_err(invalid)?,
            None => Settings::default(),
        };
        let turn_secs = settings.turn_hours as i64 * 3600;
        let chosen = chosen_guests(&req.choices);
        let state =
            Stored::new(names.clone(), &chosen, settings, seed, salt.clone()).map_err(invalid)?;
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
                    commitment: &state.commitment(),
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
                    ruleset: crate::games::clue::RULESET,
                    turn_deadline: deadline,
                    turn: state.turn_no as i64,
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
        let letter = self.clue_gm_letter(&row, &names, Some(&gm_link));
        self.send(&mut tx, Some(id), &req.gm_email, &letter, now)
            .await?;
        tx.commit().await?;
        tracing::info!(game = id, players = names.len(), "Clue game created");
        if !req.wait_for_gm {
            // A computer the roll-off sent first plays at once.
            self.clue_change(id, |_, _, _| Ok(())).await?;
        }
        Ok(Created {
            id,
            public_page: self.site.link(&format!("/clue/games/{id}")),
            gm_link,
            players,
        })
    }

    /// The game master's letter: their page (when it is new to them) and who plays.
    fn clue_gm_letter(&self, row: &GameRow, names: &[String], gm_link: Option<&str>) -> Letter {
        let t = row.language;
        let mut body = vec![t.t2("clue-mail-gm", "game", row.name.as_str(), "id", row.id)];
        if let Some(link) = gm_link {
            body.push(t.t1("clue-mail-gm-link", "link", link));
        }
        body.push(t.t1("clue-mail-players", "players", names.join(", ")));
        body.push(t.t1(
            "clue-mail-public",
            "link",
            self.site.link(&format!("/clue/games/{}", row.id)),
        ));
        Letter {
            subject: t.t2("clue-subject-gm", "id", row.id, "game", row.name.as_str()),
            body: body.join("\n\n") + "\n",
            reply_to: None,
        }
    }

    /// Deals, commits and seats a formed game of Clue; says so.
    pub(crate) async fn start_formed_clue(
        &self,
        tx: &mut Tx,
        game: &GameRow,
        settings: Settings,
        seed: u64,
        seats: &[Seated],
    ) -> Result<Said> {
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let salt = keys::new_key();
        let turn_secs = settings.turn_hours as i64 * 3600;
        let choices: Vec<Option<String>> = seats.iter().map(|s| s.choice.clone()).collect();
        let chosen = chosen_guests(&choices);
        let state =
            Stored::new(names.clone(), &chosen, settings, seed, salt.clone()).map_err(invalid)?;
        let now = now();
        self.store
            .begin_turns(
                tx,
                &ClassicSave {
                    id: game.id,
                    state: &json(&state),
                    turn: state.turn_no as i64,
                    status: GameStatus::Open,
                    turn_deadline: Some(now + turn_secs),
                    remaining: None,
                },
                &salt,
                &state.commitment(),
                crate::games::clue::RULESET,
            )
            .await?;
        let row = self.locked(tx, game.id).await?;
        let seated: Vec<ToSeat> = seats.iter().map(ToSeat::from).collect();
        let letter = letter_of(&self.site, &row, &state, welcome);
        (self.seat_and_welcome(tx, &row, &seated, true, &letter)).await?;
        let letter = self.clue_gm_letter(&row, &names, None);
        self.send(tx, Some(row.id), &row.gm_email, &letter, now)
            .await?;
        Ok(crate::said!("classic-formed-started", count = names.len()))
    }
}
