//! Making a game of Sherlock Solitaire: the deck shuffled from the seed and committed, the
//! first four cards drawn, the game and its seats stored and the welcome letters queued, in
//! one transaction — for a game of named players (one person, or one per detective), and for
//! one formed by sign-up, at its start.

use crate::clock::now;
use crate::games::sherlock::letters::welcome;
use crate::games::sherlock::setup::Settings;
use crate::games::sherlock::stored::Stored;
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

/// A day's case a game is made for: the day, its salt (its seed is the request's), and the
/// request to play it that the game answers.
pub(crate) struct Daily {
    pub day: String,
    pub salt: String,
    pub play_id: i64,
    /// The requester's inbox: one game of a day's case each (RULES-SHERLOCK §6).
    pub mailbox: String,
}

/// A turn's length in seconds under `settings` (0: no deadline).
pub(super) fn turn_secs(settings: &Settings) -> i64 {
    settings.turn_hours.map_or(0, |h| h as i64 * 3600)
}

impl Master {
    /// Creates a game of Sherlock Solitaire; the game master's and the players' letters go out
    /// with it.
    pub(crate) async fn create_sherlock(&self, req: GameRequest) -> Result<Created> {
        self.create_sherlock_as(req, None).await
    }

    /// Creates a game of Sherlock Solitaire; for a day's case (`daily`), with that case's seed
    /// and salt, its request marked as started in the same transaction, and no game master's
    /// letter (the player is their own game master).
    pub(crate) async fn create_sherlock_as(
        &self,
        req: GameRequest,
        daily: Option<Daily>,
    ) -> Result<Created> {
        let names: Vec<String> = req.players.iter().map(|(n, _)| n.clone()).collect();
        let seed = req.seed.unwrap_or_else(rand::random);
        let salt = match &daily {
            Some(d) => d.salt.clone(),
            None => keys::new_key(),
        };
        let settings: Settings = match &req.rules {
            Some(rules) => serde_json::from_value(rules.clone()).map_err(invalid)?,
            None => Settings::default(),
        };
        let secs = turn_secs(&settings);
        let mut state =
            Stored::new(names.clone(), settings, seed, salt.clone()).map_err(invalid)?;
        state.daily = daily.as_ref().map(|d| d.day.clone());
        let now = now();
        let (status, deadline, remaining) = match (req.wait_for_gm, secs) {
            (true, _) => (GameStatus::Unconfirmed, None, Some(secs)),
            (false, 0) => (GameStatus::Open, None, None),
            (false, _) => (GameStatus::Open, Some(now + secs), None),
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
                    round_seconds: secs,
                    grace_seconds: 0,
                    time_zone: &req.time_zone,
                    language: req.language,
                    status,
                    deadline: None,
                    remaining,
                    now,
                    reminder_hours: "",
                    ruleset: crate::games::sherlock::RULESET,
                    turn_deadline: deadline,
                    turn: state.game.turn as i64,
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
        match &daily {
            Some(d) => {
                // Two confirmations of one request (a double click), or of two requests of one
                // inbox written two ways, may both get this far: the one that comes second
                // starts nothing, so a day's deck is played once by each inbox. The inbox is
                // locked first, so two instances decide one after the other.
                self.store.lock_address(&mut tx, &d.mailbox).await?;
                if !(self.store.daily_play_started(&mut tx, d.play_id, id)).await? {
                    // Which came first tells which: this link's own game, or another spelling's.
                    let own = (self.store.daily_play_has_game(&mut tx, d.play_id)).await?;
                    return Err(MasterError::Conflict(if own {
                        crate::said!("error-sherlock-daily-started")
                    } else {
                        crate::said!("error-sherlock-daily-played")
                    }));
                }
            }
            None => {
                let letter = self.sherlock_gm_letter(&row, &state, Some(&gm_link));
                self.send(&mut tx, Some(id), &req.gm_email, &letter, now)
                    .await?;
            }
        }
        tx.commit().await?;
        tracing::info!(game = id, players = names.len(), "Sherlock game created");
        if !req.wait_for_gm {
            self.sherlock_change(id, |_, _| Ok(())).await?;
        }
        Ok(Created {
            id,
            public_page: self.site.link(&format!("/sherlock/games/{id}")),
            gm_link,
            players,
        })
    }

    /// The game master's letter: their page (when it is new to them), the case and who plays.
    pub(super) fn sherlock_gm_letter(
        &self,
        row: &GameRow,
        state: &Stored,
        gm_link: Option<&str>,
    ) -> Letter {
        let t = row.language;
        let opening = t.t2("sherlock-mail-gm", "game", row.name.as_str(), "id", row.id);
        let link = gm_link.map(|link| t.t1("sherlock-mail-gm-link", "link", link));
        self.gm_news(row, state, "sherlock-subject-gm", opening, link)
    }

    /// A letter to the game master: its subject and opening, a line of its own, then the case
    /// and the public table.
    fn gm_news(
        &self,
        row: &GameRow,
        state: &Stored,
        subject: &str,
        opening: String,
        line: Option<String>,
    ) -> Letter {
        let t = row.language;
        let mut body = vec![opening];
        body.extend(line);
        body.push(crate::games::sherlock::letters::case_line(t, state));
        body.push(t.t1(
            "sherlock-mail-public",
            "link",
            self.site.link(&format!("/sherlock/games/{}", row.id)),
        ));
        Letter {
            subject: t.t2(subject, "id", row.id, "game", row.name.as_str()),
            body: body.join("\n\n") + "\n",
            reply_to: None,
        }
    }

    /// Shuffles, commits and seats a formed game of Sherlock Solitaire; says so.
    pub(crate) async fn start_formed_sherlock(
        &self,
        tx: &mut Tx,
        game: &GameRow,
        settings: Settings,
        seed: u64,
        seats: &[Seated],
    ) -> Result<Said> {
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let salt = keys::new_key();
        let secs = turn_secs(&settings);
        let state = Stored::new(names.clone(), settings, seed, salt.clone()).map_err(invalid)?;
        let now = now();
        self.store
            .begin_turns(
                tx,
                &ClassicSave {
                    id: game.id,
                    state: &json(&state),
                    turn: state.game.turn as i64,
                    status: GameStatus::Open,
                    turn_deadline: (secs > 0).then_some(now + secs),
                    remaining: None,
                },
                &salt,
                &state.commitment(),
                crate::games::sherlock::RULESET,
            )
            .await?;
        let row = self.locked(tx, game.id).await?;
        let seated: Vec<ToSeat> = seats.iter().map(ToSeat::from).collect();
        let letter = letter_of(&self.site, &row, &state, welcome);
        (self.seat_and_welcome(tx, &row, &seated, true, &letter)).await?;
        let letter = self.sherlock_formed_letter(&row, &state);
        self.send(tx, Some(row.id), &row.gm_email, &letter, now)
            .await?;
        Ok(crate::said!("classic-formed-started", count = names.len()))
    }

    /// The game master's news that a game formed by sign-up has started: who plays which
    /// detective, the case, and the public table.
    fn sherlock_formed_letter(&self, row: &GameRow, state: &Stored) -> Letter {
        let t = row.language;
        let detectives = &state.game.settings.detectives;
        let seats: Vec<String> = match state.players.as_slice() {
            [one] => vec![one.clone()],
            many => (many.iter().zip(detectives))
                .map(|(name, d)| {
                    format!(
                        "{name} ({})",
                        crate::games::sherlock::words::detective(t, *d)
                    )
                })
                .collect(),
        };
        let opening = t.t2(
            "sherlock-mail-gm-formed",
            "game",
            row.name.as_str(),
            "id",
            row.id,
        );
        let players = t.t1("sherlock-mail-gm-players", "players", seats.join(", "));
        self.gm_news(
            row,
            state,
            "sherlock-subject-formed",
            opening,
            Some(players),
        )
    }
}
