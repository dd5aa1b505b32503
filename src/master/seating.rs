//! A game's first players, seated the same way in every game: each seat a player row with a
//! fresh key (only its hash stored), a computer player (`computer:LEVEL`) with no address, and
//! the language a joiner chose kept. Each person is then welcomed the same way too, by mail
//! in their own language and time zone with replies going to their own reply address; only
//! the letter's words are the game's. How a seat is filled and welcomed is the core's, so no
//! game can seat or welcome a player differently: every game's creation, start and change of
//! seat goes through `seat_players`, `seat_and_welcome`, `welcome_seat` and
//! `welcome_reseated`.

use super::request::computer_level;
use super::{Master, Result};
use crate::clock::now;
use crate::keys;
use crate::lang::{Lang, Said};
use crate::level::Level;
use crate::mail::Letter;
use crate::model::CreatedPlayer;
use crate::said;
use crate::store::{GameRow, Tx};

/// A game's welcome letter to seat `seat`: given the link to their page, their key, and their
/// language and time zone.
pub(crate) type WelcomeLetter<'a> = dyn Fn(usize, &str, &str, Lang, &str) -> Letter + Sync + 'a;

/// A game's welcome letter as a plain function of its state: (site, game, state, seat, link
/// to their page, key, language, time zone).
pub(crate) type WelcomeOf<S> =
    fn(&crate::site::Site, &GameRow, &S, usize, &str, &str, Lang, &str) -> Letter;

/// The letter a game's `welcome` writes from its state, as the core's welcome takes it.
pub(crate) fn letter_of<'a, S: Sync>(
    site: &'a crate::site::Site,
    row: &'a GameRow,
    state: &'a S,
    welcome: WelcomeOf<S>,
) -> impl Fn(usize, &str, &str, Lang, &str) -> Letter + Sync + 'a {
    move |seat, link, key, t, zone| welcome(site, row, state, seat, link, key, t, zone)
}

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

impl Master {
    /// Mails the person at `seat` of `row` their welcome, written by the game's `letter` in
    /// their own language and time zone; replies go to their reply address for
    /// `key_version`. Returns the link to their page.
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn welcome_seat(
        &self,
        tx: &mut Tx,
        row: &GameRow,
        seat: usize,
        player_id: i64,
        key_version: i64,
        email: &str,
        key: &str,
        letter: &WelcomeLetter<'_>,
    ) -> Result<String> {
        let link = self.site.player_link(player_id, key);
        let (t, zone) = match self.store.player(&mut **tx, player_id).await? {
            Some(p) => (p.lang(row), p.zone(row).to_string()),
            None => (row.language, row.time_zone.clone()),
        };
        let mut letter = letter(seat, &link, key, t, &zone);
        letter.reply_to = Some(self.site.reply_address(player_id, key_version));
        self.send(tx, Some(row.id), email, &letter, now()).await?;
        Ok(link)
    }

    /// Seats `seats` in the game of `row` and, when `welcome_now`, welcomes each person at
    /// once (a computer player needs no letter; a game that waits for its game master
    /// welcomes its players when it starts). The players by name, each with the link to
    /// their page when welcomed here.
    pub(crate) async fn seat_and_welcome(
        &self,
        tx: &mut Tx,
        row: &GameRow,
        seats: &[ToSeat<'_>],
        welcome_now: bool,
        letter: &WelcomeLetter<'_>,
    ) -> Result<Vec<CreatedPlayer>> {
        let mut players = Vec::new();
        for f in self.seat_players(tx, row.id, seats).await? {
            let link = match (welcome_now, f.computer) {
                (true, None) => {
                    self.welcome_seat(tx, row, f.seat, f.player_id, 0, &f.email, &f.key, letter)
                        .await?
                }
                _ => String::new(),
            };
            players.push(CreatedPlayer { name: f.name, link });
        }
        Ok(players)
    }
}

impl Master {
    /// Ends a change of seat a game began in `tx` (`reseat`, then the seat's new name in the
    /// game's state): a person taking the seat is welcomed by the game's `welcome`, the
    /// transaction commits, and what was kept of the old player and of the game's seats is
    /// forgotten. Says who plays the seat now.
    pub(crate) async fn welcome_reseated<S: Send + Sync>(
        &self,
        mut tx: Tx,
        game_id: i64,
        seat: usize,
        r: &super::seats::Reseated,
        (state, welcome): (&S, WelcomeOf<S>),
    ) -> Result<Said> {
        if r.computer.is_none() {
            let row = self.locked(&mut tx, game_id).await?;
            let letter = letter_of(&self.site, &row, state, welcome);
            let (email, key) = (&r.email, &r.key);
            (self.welcome_seat(
                &mut tx, &row, seat, r.old.id, r.version, email, key, &letter,
            ))
            .await?;
        }
        tx.commit().await?;
        self.forget_players(|p| p.id != r.old.id);
        self.forget_seats(game_id);
        Ok(said!(
            "done-now-plays-seat",
            name = &r.name,
            seat = seat + 1,
            old = &r.old.name
        ))
    }
}
