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
use crate::model::Created;
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
        let seating = (req.max_absence > 0 || req.auto_standby).then(|| {
            let n = names.len() as i64;
            crate::store::SeatingRow {
                game_id: id,
                min_players: n,
                max_players: n,
                start_at: None,
                max_absence: req.max_absence,
                auto_standby: req.auto_standby,
            }
        });
        if let Some(seating) = &seating {
            self.store.insert_seating(&mut tx, seating).await?;
        }
        // A computer player has no address, and its key is never shown to anyone. A waiting
        // game mails no player: each gets a new key when it starts.
        let seated: Vec<ToSeat> = req.players.iter().map(ToSeat::named).collect();
        let letter = welcome_letter(&self.site, &row, &game, seating.as_ref());
        let players =
            (self.seat_and_welcome(&mut tx, &row, &seated, !req.wait_for_gm, &letter)).await?;
        let gm_link = self.site.gm_link(id, &gm_key);
        let letter = match req.wait_for_gm {
            true => mail::gm_confirm(&self.site, &row, &gm_link),
            false => crate::games::polysleuth::letters::gm_welcome(
                &self.site,
                &row,
                &game,
                seating.as_ref(),
                &gm_link,
                &players,
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
        let seating = self.store.seating(&mut **tx, row.id).await?;
        let letter = welcome_letter(&self.site, row, game, seating.as_ref());
        (self.welcome_seat(tx, row, seat, player_id, key_version, email, key, &letter)).await
    }

    /// Starts a game that waited for its game master: the first round's clock starts, and
    /// each player gets a new key and their welcome mail, in one transaction.
    pub(crate) async fn start_game(&self, tx: &mut Tx, game: &GameRow) -> Result<Said> {
        let deadline = now().saturating_add(game.remaining.unwrap_or(game.round_seconds));
        let schedule = Schedule::open(deadline);
        self.store.set_schedule(tx, game.id, &schedule).await?;
        let row = self
            .store
            .game(&mut **tx, game.id)
            .await?
            .expect("the game exists");
        let state = states::parse(&row)?;
        let players = self.store.players(&mut **tx, game.id).await?;
        let seating = self.store.seating(&mut **tx, game.id).await?;
        for p in players.iter().filter(|p| p.mailed()) {
            let key = keys::new_key();
            let version = self
                .store
                .replace_player_key(tx, p.id, &keys::hash(&key))
                .await?;
            let letter = welcome_letter(&self.site, &row, &state, seating.as_ref());
            let seat = p.seat as usize;
            (self.welcome_seat(tx, &row, seat, p.id, version, &p.email, &key, &letter)).await?;
        }
        Ok(crate::said!(
            "done-game-started-round-closes",
            time = Value::time(deadline, &row.time_zone)
        ))
    }
}

/// Polysleuth's welcome letter, for the core's welcome (`Master::welcome_seat`).
pub(super) fn welcome_letter<'a>(
    site: &'a crate::site::Site,
    row: &'a GameRow,
    game: &'a Game,
    seating: Option<&'a crate::store::SeatingRow>,
) -> impl Fn(usize, &str, &str, crate::lang::Lang, &str) -> mail::Letter + Sync + 'a {
    move |seat, link, key, t, zone| {
        crate::games::polysleuth::letters::welcome(
            site, row, game, seating, seat, link, key, t, zone,
        )
    }
}
