//! A game's first players, seated the same way in every game: each seat a player row with a
//! fresh key (only its hash stored), a computer player (`computer:LEVEL`) with no address, and
//! the language a joiner chose kept. Each game then welcomes its people with its own letter;
//! how a seat is filled is the core's, so no game can seat a player differently.

use super::request::computer_level;
use super::{Master, Result};
use crate::keys;
use crate::lang::Lang;
use crate::level::Level;
use crate::store::Tx;

/// A seat to fill: a name, an address (or `computer:LEVEL`), the language chosen when joining.
pub struct ToSeat<'a> {
    pub name: &'a str,
    pub address: &'a str,
    pub language: Option<Lang>,
}

impl<'a> ToSeat<'a> {
    /// A seat named in a game's request, with no language of its own.
    pub fn named((name, address): &'a (String, String)) -> ToSeat<'a> {
        ToSeat {
            name,
            address,
            language: None,
        }
    }
}

impl<'a> From<&'a super::table::Seated> for ToSeat<'a> {
    /// A seat taken by sign-up, in the language its joiner chose.
    fn from(s: &'a super::table::Seated) -> ToSeat<'a> {
        ToSeat {
            name: &s.name,
            address: &s.address,
            language: s.language,
        }
    }
}

/// A seat filled: its number and player, the address to mail (empty for a computer player)
/// and the key to give them, which is stored only hashed.
pub struct Filled {
    pub seat: usize,
    pub player_id: i64,
    pub name: String,
    pub email: String,
    pub key: String,
    pub computer: Option<Level>,
}

impl Master {
    /// Seats `seats` in order, from seat 0, in the game's transaction.
    pub(crate) async fn seat_players(
        &self,
        tx: &mut Tx,
        game_id: i64,
        seats: &[ToSeat<'_>],
    ) -> Result<Vec<Filled>> {
        let mut filled = Vec::new();
        for (seat, s) in seats.iter().enumerate() {
            let key = keys::new_key();
            let computer = computer_level(s.address).and_then(|l| l.ok());
            let email = match computer {
                Some(_) => "",
                None => s.address,
            };
            let player_id = (self.store)
                .insert_player(
                    tx,
                    game_id,
                    seat,
                    s.name,
                    email,
                    &keys::hash(&key),
                    computer,
                )
                .await?;
            if s.language.is_some() {
                (self.store)
                    .set_player_prefs(&mut **tx, player_id, s.language, None)
                    .await?;
            }
            filled.push(Filled {
                seat,
                player_id,
                name: s.name.to_string(),
                email: email.to_string(),
                key,
                computer,
            });
        }
        Ok(filled)
    }
}
