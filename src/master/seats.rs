//! Seats that survive their players: the game master gives a seat to a standby or to a
//! computer player. The seat — hand, balances, guesses, reveals, sheet — passes whole to the
//! newcomer under a new name and a new key; the old link and reply address stop working at
//! once; both are told, and the next bulletin says who replaced whom.

use super::request::computer_level;
use super::{json, Master, MasterError, Result};
use crate::clock::now;
use crate::games::polysleuth::rules::game::valid_name;
use crate::games::polysleuth::service::states;
use crate::keys;
use crate::lang::Said;
use crate::level::Level;
use crate::mail::Letter;
use crate::model::Note;
use crate::said;
use crate::store::{GameRow, PlayerRow, SignupKind, SignupStatus, Tx};

/// Who takes a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Newcomer {
    /// A confirmed standby, by their sign-up's number.
    Standby(i64),
    /// A computer player of a level, under a name.
    Computer { level: Level, name: String },
}

/// Who takes a seat, as `Master::taker` found them.
pub struct Taker {
    pub name: String,
    /// Empty for a computer player.
    pub email: String,
    pub computer: Option<Level>,
    /// The standby's sign-up and the language they chose.
    pub signup: Option<(i64, Option<crate::lang::Lang>)>,
}

impl Newcomer {
    /// Reads `standby:12` or `computer:detective` (the computer player then needs `name`).
    pub fn parse(with: &str, name: &str) -> std::result::Result<Newcomer, Said> {
        if let Some(id) = with.strip_prefix("standby:") {
            return id
                .trim()
                .parse()
                .map(Newcomer::Standby)
                .map_err(|_| said!("error-names-no-standby", with = with));
        }
        match computer_level(with) {
            Some(Ok(level)) => Ok(Newcomer::Computer {
                level,
                name: name.trim().to_string(),
            }),
            Some(Err(e)) => Err(e),
            None => Err(said!("error-neither-standby-nor-computer", with = with)),
        }
    }
}

impl Master {
    /// In games that allow it, the seat of a player just marked done for being idle goes to
    /// the longest-waiting standby. Returns how many seats were given.
    pub async fn hand_idle_seats(&self) -> Result<usize> {
        let mut given = 0;
        for id in self.store.auto_standby_games().await? {
            let Some(row) = self.store.game(&self.store.pool, id).await? else {
                continue;
            };
            let bulletins = self.bulletins_of(&row).await?;
            let Some((last, _)) = bulletins.iter().max_by_key(|(b, _)| b.bulletin.round) else {
                continue;
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
        }
        Ok(given)
    }

    /// Gives `seat` to a newcomer. Returns what to say, and the player row whose cached
    /// copy is now stale.
    /// Who takes seat `seat` of `game`, for every game alike: a standby confirmed for this
    /// game (or for any), or a computer player under a name; refused when the name is not
    /// usable in this game or already another player's, when the address is already seated,
    /// or when it is the game master's own (a game master may not play a hand they can steer).
    pub(crate) async fn taker(
        &self,
        tx: &mut Tx,
        game: &GameRow,
        players: &[PlayerRow],
        seat: usize,
        with: &Newcomer,
    ) -> Result<Taker> {
        let taker = match with {
            Newcomer::Standby(id) => {
                let s = self
                    .store
                    .signup(&mut **tx, *id)
                    .await?
                    .filter(|s| {
                        s.kind == SignupKind::Standby
                            && s.status == SignupStatus::Joined
                            && s.game_id.is_none_or(|g| g == game.id)
                    })
                    .ok_or_else(|| {
                        MasterError::invalid(said!("error-not-standing-by", id = *id))
                    })?;
                Taker {
                    name: s.name.clone(),
                    email: s.email.clone(),
                    computer: None,
                    signup: Some((s.id, s.language)),
                }
            }
            Newcomer::Computer { level, name } => Taker {
                name: name.clone(),
                email: String::new(),
                computer: Some(*level),
                signup: None,
            },
        };
        let name = &taker.name;
        if !valid_name(name) || name.eq_ignore_ascii_case("safe") || self.reserved_name(name) {
            return Err(MasterError::invalid(said!(
                "error-unusable-player-name",
                name = name
            )));
        }
        for p in players.iter().filter(|p| p.seat != seat as i64) {
            if p.name.eq_ignore_ascii_case(name) {
                return Err(MasterError::Conflict(said!(
                    "error-already-seated",
                    name = name,
                    seat = p.seat + 1
                )));
            }
            if !taker.email.is_empty() && p.email.eq_ignore_ascii_case(&taker.email) {
                return Err(MasterError::Conflict(said!(
                    "error-standby-already-seated",
                    name = &p.name
                )));
            }
        }
        if !taker.email.is_empty()
            && taker
                .email
                .trim()
                .eq_ignore_ascii_case(game.gm_email.trim())
        {
            return Err(MasterError::Conflict(said!("error-standby-is-game-master")));
        }
        Ok(taker)
    }

    pub(super) async fn replace(
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
            .ok_or_else(|| MasterError::invalid(said!("error-no-player-in-seat", seat = seat)))?;
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
        let (notes, done) = super::gm::pending(game)?;
        let done: Vec<usize> = done.into_iter().filter(|s| *s != seat).collect();
        self.store
            .set_gm_pending(tx, game.id, &json(&notes), &json(&done))
            .await?;
        let row = self.locked(tx, game.id).await?;
        let note = Note::Replaced {
            new: name.clone(),
            old: old.name.clone(),
            seat,
        };
        self.add_note(tx, &row, Some(note), None).await?;
        if let Some((id, _)) = signup {
            self.store
                .set_signup(tx, id, SignupStatus::Seated, None, now())
                .await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_newcomer_that_is_neither_is_refused_in_words() {
        let e = Newcomer::parse("robot", "Zed").expect_err("refused");
        assert!(crate::lang::Lang::Fr.said(&e).contains("robot"));
        assert!(e.to_string().contains("neither a standby"));
    }
}
