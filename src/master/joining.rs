//! Whether someone may join a forming game: a seat free, their name and address not taken;
//! and what a joiner may choose where the game it will be has pieces to choose (Clue's
//! guests): the pieces offered on the join form, and a choice checked — a piece the game
//! knows, not held by someone who joined already (first come, first served). And what a
//! game's seating says: how it was seated, and a forming game's sign-ups.

use super::house_rules::HouseRules;
use super::{Master, MasterError, Result};
use crate::said;
use crate::store::GameRow;
use crate::store::{SeatingRow, SignupKind, SignupRow, SignupStatus};

impl Master {
    /// How a game was seated, when it was by sign-up or with a table rule (absences, automatic
    /// standbys): its house rules list them.
    pub async fn seating_of(&self, game_id: i64) -> Result<Option<SeatingRow>> {
        Ok(self.store.seating(&self.store.pool, game_id).await?)
    }

    /// A forming game's seating and sign-ups.
    pub async fn forming_of(&self, game_id: i64) -> Result<(SeatingRow, Vec<SignupRow>)> {
        let seating = (self.seating_of(game_id).await?)
            .ok_or_else(|| MasterError::NotFound(said!("error-not-forming", game = game_id)))?;
        let signups = self.store.signups(&self.store.pool, game_id).await?;
        Ok((seating, signups))
    }

    /// At a joiner's confirmation, under the game's lock: the piece they chose is kept, unless
    /// someone who confirmed first holds it now — then it is dropped (they are given one at
    /// the start), and returned to tell them.
    pub(super) async fn keep_choice(
        &self,
        tx: &mut crate::store::Tx,
        game: &GameRow,
        signups: &[SignupRow],
        signup: &SignupRow,
    ) -> Result<Option<String>> {
        let Some(choice) = signup.choice.as_deref() else {
            return Ok(None);
        };
        let book = self.forming_book(game);
        let t = signup.language.unwrap_or(game.language);
        match self.check_choice(book, signups, Some(choice), t) {
            Ok(_) => Ok(None),
            Err(_) => {
                self.store.set_signup_choice(tx, signup.id, None).await?;
                Ok(Some(choice.to_string()))
            }
        }
    }

    /// The piece a joiner chose, as the game names it: none chosen, or one nobody who joined
    /// already holds; else why not, in the joiner's language `t`, with the pieces still free.
    pub(super) fn check_choice(
        &self,
        book: Option<&dyn HouseRules>,
        signups: &[SignupRow],
        choice: Option<&str>,
        t: crate::lang::Lang,
    ) -> Result<Option<String>> {
        let Some(written) = choice.map(str::trim).filter(|c| !c.is_empty()) else {
            return Ok(None);
        };
        let Some(book) = book else {
            return Ok(None);
        };
        let piece = book.read_choice(written).map_err(MasterError::invalid)?;
        let taken: Vec<&str> = (signups.iter())
            .filter(|s| s.kind == SignupKind::Join)
            .filter(|s| matches!(s.status, SignupStatus::Joined | SignupStatus::Seated))
            .filter_map(|s| s.choice.as_deref())
            .collect();
        if taken.contains(&piece.as_str()) {
            // In the joiner's words: the piece asked for, and those still free.
            let pieces = book.choices(t);
            let label = (pieces.iter())
                .find(|(v, _)| *v == piece)
                .map_or(piece.clone(), |(_, l)| l.clone());
            let free: Vec<String> = (pieces.into_iter())
                .filter(|(v, _)| !taken.contains(&v.as_str()))
                .map(|(_, label)| label)
                .collect();
            return Err(MasterError::Conflict(said!(
                "error-piece-taken",
                piece = label.as_str(),
                free = free.join(", ")
            )));
        }
        Ok(Some(piece))
    }
}

/// Whether `name` at `email` may take a seat: the game not full, the name and the address
/// not taken (`own`: the sign-up asking, which does not count against itself).
/// Whether a sign-up holds a seat: joined, not standing by.
pub(super) fn is_in(s: &SignupRow) -> bool {
    s.kind != SignupKind::Standby && s.status == SignupStatus::Joined
}

/// The names of those who hold a seat.
pub(super) fn joined_names(signups: &[SignupRow]) -> Vec<String> {
    signups
        .iter()
        .filter(|s| is_in(s))
        .map(|s| s.name.clone())
        .collect()
}

pub(super) fn check_seat(
    seating: &SeatingRow,
    signups: &[SignupRow],
    name: &str,
    email: Option<&str>,
    own: Option<i64>,
) -> Result<()> {
    let joined: Vec<&SignupRow> = signups
        .iter()
        .filter(|s| is_in(s) && Some(s.id) != own)
        .collect();
    if joined.len() as i64 >= seating.max_players {
        return Err(MasterError::Conflict(said!(
            "error-game-full",
            seats = seating.max_players
        )));
    }
    if email.is_some_and(|e| joined.iter().any(|s| s.email.eq_ignore_ascii_case(e))) {
        return Err(MasterError::Conflict(said!(
            "error-your-address-joined-game"
        )));
    }
    if joined
        .iter()
        .any(|s| crate::games::names::same_name(&s.name, name))
    {
        return Err(MasterError::Conflict(said!(
            "error-name-taken",
            name = name
        )));
    }
    Ok(())
}
