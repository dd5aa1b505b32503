//! What one seat may see, and nothing more: the only thing a computer player is given. It is
//! built from the seat's own hand, the public standings and bulletins, and the seat's own
//! reports — never from the deal, the other hands or the game's seed — so a computer player
//! cannot know more than a person in its chair.

use crate::deduce::view::{View, ViewError};
use crate::games::polysleuth::assistant::of_seat;
use crate::games::polysleuth::rules::{Bulletin, CardSet, Game, PrivateReport, Settings};

/// A public answer: who asked whom, in which round, at what effective weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    pub round: u32,
    pub asker: usize,
    pub target: usize,
    pub weight: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Seat {
    pub players: Vec<String>,
    pub me: usize,
    pub settings: Settings,
    /// The round the turn is for.
    pub round: u32,
    pub hand: CardSet,
    /// Everyone's Private Eyes and half-points as the round opened (public).
    pub eyes: Vec<u32>,
    pub half_points: Vec<u32>,
    /// Who is done (public).
    pub done: Vec<bool>,
    /// Cards published with their owners (public).
    pub published: CardSet,
    /// The cards this seat has guessed, right or wrong (its own).
    pub guessed: CardSet,
    /// Everything the seat knows, as facts for the assistant.
    pub view: View,
    /// Every public answer so far, oldest first.
    pub wins: Vec<Win>,
}

impl Seat {
    /// The seat's view of a game, from what its pages show: its hand and the public state of
    /// `game`, the public bulletins and the seat's own reports (round, report).
    pub fn of<'a>(
        game: &Game,
        seat: usize,
        bulletins: &[&'a Bulletin],
        reports: impl IntoIterator<Item = (u32, &'a PrivateReport)>,
    ) -> Result<Seat, ViewError> {
        let view = of_seat(game, seat, bulletins.iter().copied(), reports)?;
        let mut wins = Vec::new();
        for b in bulletins {
            wins.extend(wins_of(game, b));
        }
        Ok(Seat::from_view(game, seat, view, wins))
    }

    /// The seat's view when its facts and the public answers are already gathered.
    pub fn from_view(game: &Game, seat: usize, view: View, wins: Vec<Win>) -> Seat {
        Seat {
            players: game.players.clone(),
            me: seat,
            settings: game.settings.clone(),
            round: game.round,
            hand: game.deal.hands[seat],
            eyes: game.eyes.clone(),
            half_points: game.half_points.clone(),
            done: game.done.clone(),
            published: game.published,
            guessed: game.guessed[seat],
            view,
            wins,
        }
    }

    pub fn others(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.players.len()).filter(move |&s| s != self.me)
    }

    /// The location index of the safe in the view, when the game has one.
    pub fn safe(&self) -> Option<usize> {
        (self.view.locations.len() > self.players.len()).then_some(self.players.len())
    }
}

/// The public answers of one bulletin, by seat.
pub fn wins_of(game: &Game, b: &Bulletin) -> Vec<Win> {
    b.answers
        .iter()
        .filter_map(|a| {
            Some(Win {
                round: b.round,
                asker: game.seat_named(&a.asker)?,
                target: game.seat_named(&a.target)?,
                weight: a.weight,
            })
        })
        .collect()
}
