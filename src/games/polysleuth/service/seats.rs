//! Polysleuth's seats that survive their players: the seat — hand, balances, guesses,
//! reveals, sheet — passes whole to the newcomer under a new name and a new key; the old link
//! and reply address stop working at once; both are told, and the next bulletin says who
//! replaced whom. In games that allow it, an idle player's seat goes to a standby by itself.

use super::states;
use crate::clock::now;
use crate::keys;
use crate::lang::Said;
use crate::mail::Letter;
use crate::master::seats::{Newcomer, Taker};
use crate::master::{json, Master, MasterError, Result};
use crate::model::Note;
use crate::said;
use crate::store::{GameRow, Tx};

impl Master {
    /// In games that allow it, the seat of a player just marked done for being idle goes to
    /// the longest-waiting standby. Returns how many seats were given.
    pub async fn hand_idle_seats(&self) -> Result<usize> {
        let mut given = 0;
        let games = (self.store)
            .auto_standby_games(self.cursors.after("standby"))
            .await?;
        (self.cursors).advance("standby", &games, crate::store::STANDBY_PAGE);
        for id in games {
            // One game's failure (its state unreadable, say) holds up no other game's seats.
            match self.hand_idle_seats_of(id).await {
                Ok(n) => given += n,
                Err(e) => crate::master::go_on_after(id, "giving idle seats", Err(e)),
            }
        }
        Ok(given)
    }

    /// One game's idle seats given to standbys; returns how many.
    async fn hand_idle_seats_of(&self, id: i64) -> Result<usize> {
        let mut given = 0;
        let Some(row) = self.store.game(&self.store.pool, id).await? else {
            return Ok(0);
        };
        let bulletins = self.bulletins_of(&row).await?;
        let Some((last, _)) = bulletins.iter().max_by_key(|(b, _)| b.bulletin.round) else {
            return Ok(0);
        };
        let state = self.state_of(&row)?;
        let idle: Vec<usize> = last
            .bulletin
            .newly_done
            .iter()
            .filter(|d| {
                matches!(
                    d.reason,
                    crate::games::polysleuth::rules::view::DoneReason::Idle(_)
                )
            })
            .filter_map(|d| state.seat_of(&d.player))
            .filter(|s| state.done[*s])
            .collect();
        for seat in idle {
            // The longest-waiting standby who can sit here (not already in this game).
            for standby in self.store.standbys(&self.store.pool, id).await? {
                let mut tx = self.store.write().await?;
                let game = self.locked(&mut tx, id).await?;
                // The seat is looked at again as the locked game stands: the game master,
                // or another instance's tick, may have given it to someone meanwhile, who
                // must not lose it at once.
                let now = states::parse(&game)?;
                if !now.done.get(seat).copied().unwrap_or(false) {
                    break;
                }
                match self
                    .replace(&mut tx, &game, seat, Newcomer::Standby(standby.id))
                    .await
                {
                    Ok((_, player)) => {
                        tx.commit().await?;
                        self.forget_players(|p| p.id != player);
                        self.states().forget(id);
                        self.forget_seats(id);
                        given += 1;
                        break;
                    }
                    Err(MasterError::Conflict(_) | MasterError::Invalid(_)) => continue,
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(given)
    }

    /// Gives `seat` to a newcomer. Returns what to say, and the player row whose cached
    /// copy is now stale.
    pub(crate) async fn replace(
        &self,
        tx: &mut Tx,
        game: &GameRow,
        seat: usize,
        with: Newcomer,
    ) -> Result<(Said, i64)> {
        if !game.status.has_round_open() {
            return Err(MasterError::Conflict(said!("error-only-game-under-way")));
        }
        let players = self.store.players(&mut **tx, game.id).await?;
        let old = players
            .iter()
            .find(|p| p.seat == seat as i64)
            .cloned()
            .ok_or_else(|| {
                MasterError::invalid(said!(
                    "error-no-player-in-seat",
                    seat = seat.saturating_add(1)
                ))
            })?;
        let Taker {
            name,
            email,
            computer,
            signup,
        } = self.taker(tx, game, &players, seat, &with).await?;
        let mut state = states::parse(game)?;
        state.seat_new_player(seat, &name);
        self.store.set_state(tx, game.id, &json(&state)).await?;
        let key = keys::new_key();
        let version = self
            .store
            .reseat_player(tx, old.id, &name, &email, &keys::hash(&key), computer)
            .await?;
        // The newcomer reads in the language they chose when standing by, or the game's.
        let language = signup.and_then(|(_, l)| l);
        self.store
            .set_player_prefs(&mut **tx, old.id, language, None)
            .await?;
        // The old player's turn does not bind the newcomer; a pending "done" is dropped.
        self.store
            .delete_turn(tx, game.id, game.round, seat as i64)
            .await?;
        let (notes, done) = crate::master::gm::pending(game)?;
        let done: Vec<usize> = done.into_iter().filter(|s| *s != seat).collect();
        self.store
            .set_gm_pending(tx, game.id, &json(&notes), &json(&done))
            .await?;
        let mut row = self.locked(tx, game.id).await?;
        // The newcomer has no turn yet: a round that waited out its grace for everyone ready
        // waits for them now.
        if row.status == crate::store::GameStatus::Open {
            self.update_early_close(tx, &mut row, &state, now()).await?;
        }
        let note = Note::Replaced {
            new: name.clone(),
            old: old.name.clone(),
            seat,
        };
        self.add_note(tx, &row, Some(note), None).await?;
        // Claimed only if still standing by: two games giving seats at once (two game
        // masters, two instances) cannot both seat one "any game" standby.
        if let Some((id, _)) = signup {
            if !self.store.seat_standby(tx, id).await? {
                return Err(MasterError::Conflict(said!(
                    "error-not-standing-by",
                    id = id
                )));
            }
        }
        if old.mailed() {
            let t = old.lang(game);
            let letter = Letter {
                subject: t.t1("seat-lost-subject", "game", game.id),
                body: t.t3(
                    "seat-lost-body",
                    "name",
                    &game.name,
                    "seat",
                    seat + 1,
                    "new",
                    &name,
                ) + "\n",
                reply_to: None,
            };
            self.send(tx, Some(game.id), &old.email, &letter, now())
                .await?;
        }
        if computer.is_none() {
            self.welcome_player(tx, &row, &state, seat, old.id, version, &email, &key)
                .await?;
        }
        let said = said!(
            "done-replaced",
            name = &name,
            seat = seat + 1,
            old = &old.name
        );
        Ok((said, old.id))
    }
}
