//! Creating a game of Polysleuth, and starting one that waited for its game master: the deal is
//! made and committed, the game and its players stored, and every welcome mail queued, in one
//! transaction.

use super::rules::Game;
use crate::clock::now;
use crate::games::polysleuth::service::states;
use crate::keys;
use crate::lang::{Said, Value};
use crate::mail;
use crate::master::request::GameRequest;
use crate::master::seating::ToSeat;
use crate::master::{json, Master, MasterError, Result};
use crate::model::{Created, CreatedPlayer};
use crate::store::{GameRow, GameStatus, NewGame, Schedule, Tx};

impl Master {
    /// Creates a game of Polysleuth (its table's `create`).
    pub(crate) async fn create_polysleuth(&self, req: GameRequest) -> Result<Created> {
        let names: Vec<String> = req.players.iter().map(|(n, _)| n.clone()).collect();
        let seed = req.seed.unwrap_or_else(rand::random);
        let settings = super::house_rules::settings(req.rules.as_ref());
        // A deal given in full was checked by the one validation (`HouseRules::check_deal`).
        let deal = match &req.given_deal {
            Some(d) => Some(
                super::replay::read_deal(&names, d.clone())
                    .map_err(|e| MasterError::invalid(Said::text(e.to_string())))?,
            ),
            None => None,
        };
        let game = Game::new(names.clone(), settings, seed, deal)
            .map_err(|e| MasterError::invalid(crate::lang::Said::text(e.to_string())))?;
        let salt = keys::new_key();
        let commitment = game.deal.commitment(&names, &salt);
        let now = now();
        let deadline = req.first_deadline.unwrap_or(now + req.round_seconds);
        // A game that waits keeps its first round's length, and its clock starts at the start.
        let (status, deadline, remaining) = match req.wait_for_gm {
            true => (
                GameStatus::Unconfirmed,
                None,
                Some((deadline - now).max(60)),
            ),
            false => (GameStatus::Open, Some(deadline), None),
        };
        let gm_key = keys::new_key();
        let gm_hash = keys::hash(&gm_key);
        let state = json(&game);

        let mut tx = self.store.write().await?;
        let id = self
            .store
            .insert_game(
                &mut tx,
                &NewGame {
                    name: &req.name,
                    listed: req.listed,
                    state: &state,
                    salt: &salt,
                    commitment: &commitment,
                    gm_email: &req.gm_email,
                    gm_key_hash: &gm_hash,
                    round_seconds: req.round_seconds,
                    grace_seconds: req.grace_seconds,
                    time_zone: &req.time_zone,
                    language: req.language,
                    status,
                    deadline,
                    remaining,
                    now,
                    reminder_hours: &req.reminder_hours,
                    ruleset: crate::store::Ruleset::POLYSLEUTH,
                    turn_deadline: None,
                    turn: 1,
                    operator_deal: req.operator_deal,
                },
            )
            .await?;
        let row = self.store.game(&mut *tx, id).await?.expect("just inserted");
        if req.max_absence > 0 || req.auto_standby {
            let n = names.len() as i64;
            let seating = crate::store::SeatingRow {
                game_id: id,
                min_players: n,
                max_players: n,
                start_at: None,
                max_absence: req.max_absence,
                auto_standby: req.auto_standby,
            };
            self.store.insert_seating(&mut tx, &seating).await?;
        }
        let mut players = Vec::new();
        // A computer player has no address, and its key is never shown to anyone.
        let seated: Vec<ToSeat> = req.players.iter().map(ToSeat::named).collect();
        for f in self.seat_players(&mut tx, id, &seated).await? {
            // A waiting game mails no player: each gets a new key when it starts.
            let link = match (req.wait_for_gm, f.computer) {
                (true, _) | (false, Some(_)) => String::new(),
                (false, None) => {
                    let welcome = Welcome {
                        seat: f.seat,
                        player_id: f.player_id,
                        key_version: 0,
                        email: &f.email,
                        key: &f.key,
                    };
                    self.welcome(&mut tx, &row, &game, welcome).await?
                }
            };
            players.push(CreatedPlayer { name: f.name, link });
        }
        let gm_link = self.site.gm_link(id, &gm_key);
        let letter = match req.wait_for_gm {
            true => mail::gm_confirm(&self.site, &row, &gm_link),
            false => crate::games::polysleuth::letters::gm_welcome(
                &self.site, &row, &game, &gm_link, &players,
            ),
        };
        self.send(&mut tx, Some(id), &req.gm_email, &letter, now)
            .await?;
        tx.commit().await?;
        tracing::info!(game = id, players = names.len(), "game created");
        Ok(Created {
            id,
            public_page: self.site.public_page(id),
            gm_link,
            players,
        })
    }

    /// Queues the welcome mail of a player seated after the game was made (a formed game,
    /// a newcomer to a seat), with their link.
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn welcome_player(
        &self,
        tx: &mut Tx,
        row: &GameRow,
        game: &Game,
        seat: usize,
        player_id: i64,
        key_version: i64,
        email: &str,
        key: &str,
    ) -> Result<String> {
        let who = Welcome {
            seat,
            player_id,
            key_version,
            email,
            key,
        };
        self.welcome(tx, row, game, who).await
    }

    /// Queues a player's welcome mail, with their private link; returns the link.
    async fn welcome(
        &self,
        tx: &mut Tx,
        row: &GameRow,
        game: &Game,
        who: Welcome<'_>,
    ) -> Result<String> {
        let link = self.site.player_link(who.player_id, who.key);
        // The language and time zone the player chose on joining, if any.
        let (t, zone) = match self.store.player(&mut **tx, who.player_id).await? {
            Some(p) => (p.lang(row), p.zone(row).to_string()),
            None => (row.language, row.time_zone.clone()),
        };
        let mut letter = crate::games::polysleuth::letters::welcome(
            &self.site, row, game, who.seat, &link, who.key, t, &zone,
        );
        letter.reply_to = Some(self.site.reply_address(who.player_id, who.key_version));
        self.send(tx, Some(row.id), who.email, &letter, now())
            .await?;
        Ok(link)
    }

    /// Starts a game that waited for its game master: the first round's clock starts, and
    /// each player gets a new key and their welcome mail, in one transaction.
    pub(crate) async fn start_game(&self, tx: &mut Tx, game: &GameRow) -> Result<Said> {
        let deadline = now() + game.remaining.unwrap_or(game.round_seconds);
        let schedule = Schedule::open(deadline);
        self.store.set_schedule(tx, game.id, &schedule).await?;
        let row = self
            .store
            .game(&mut **tx, game.id)
            .await?
            .expect("the game exists");
        let state = states::parse(&row)?;
        let players = self.store.players(&mut **tx, game.id).await?;
        for p in players.iter().filter(|p| p.mailed()) {
            let key = keys::new_key();
            let version = self
                .store
                .replace_player_key(tx, p.id, &keys::hash(&key))
                .await?;
            let welcome = Welcome {
                seat: p.seat as usize,
                player_id: p.id,
                key_version: version,
                email: &p.email,
                key: &key,
            };
            self.welcome(tx, &row, &state, welcome).await?;
        }
        Ok(crate::said!(
            "done-game-started-round-closes",
            time = Value::time(deadline, &row.time_zone)
        ))
    }
}

/// Whom a welcome mail goes to, with the key it carries.
struct Welcome<'a> {
    seat: usize,
    player_id: i64,
    key_version: i64,
    email: &'a str,
    key: &'a str,
}
