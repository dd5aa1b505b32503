//! Seats that survive their players: the game master gives a seat to a standby or to a
//! computer player. Who may take a seat is decided here, for every game (`taker`); each game
//! passes the seat itself — hand, balances, what was seen — to the newcomer under a new name
//! and a new key.

use super::request::computer_level;
use super::{Master, MasterError, Result};
use crate::lang::Said;
use crate::level::Level;
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

/// A seat given to its taker in a transaction: who left it and who has it now, with the
/// newcomer's key (and its version) for their welcome.
pub struct Reseated {
    pub old: PlayerRow,
    pub name: String,
    pub email: String,
    pub computer: Option<Level>,
    pub key: String,
    pub version: i64,
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
    /// Gives seat `seat` of `game` to `with` in `tx`, for every game alike: the game's row
    /// locked first (two replacements at once are checked one after the other, so one standby
    /// never takes two seats), the taker checked, the seat's row given a new name, address and
    /// key, a standby's sign-up marked seated. The game then passes the seat's place in play.
    pub(crate) async fn reseat(
        &self,
        tx: &mut Tx,
        game: &GameRow,
        seat: usize,
        with: &Newcomer,
    ) -> Result<Reseated> {
        self.locked(tx, game.id).await?;
        let players = self.store.players(&mut **tx, game.id).await?;
        let old = players
            .iter()
            .find(|p| p.seat == seat as i64)
            .cloned()
            .ok_or_else(|| {
                MasterError::invalid(said!("error-no-seat", seat = seat.saturating_add(1)))
            })?;
        let taker = self.taker(tx, game, &players, seat, with).await?;
        let key = crate::keys::new_key();
        let version = self
            .store
            .reseat_player(
                tx,
                old.id,
                &taker.name,
                &taker.email,
                &crate::keys::hash(&key),
                taker.computer,
            )
            .await?;
        // Claimed only if still standing by: two games giving seats at once (two game
        // masters, two instances) cannot both seat one "any game" standby.
        if let Some((id, _)) = taker.signup {
            if !self.store.seat_standby(tx, id).await? {
                return Err(MasterError::Conflict(said!(
                    "error-not-standing-by",
                    id = id
                )));
            }
        }
        Ok(Reseated {
            old,
            name: taker.name,
            email: taker.email,
            computer: taker.computer,
            key,
            version,
        })
    }

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
        if let Some(problem) = self.name_problem(name) {
            return Err(MasterError::invalid(problem));
        }
        for p in players.iter().filter(|p| p.seat != seat as i64) {
            if crate::games::names::same_name(&p.name, name) {
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
