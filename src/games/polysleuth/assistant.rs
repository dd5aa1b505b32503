//! Polysleuth's view for the assistant: what one player's pages show — their hand, the public
//! sizes, the public bulletins and their own private reports — read into the shared
//! assistant's `deduce::View` of counts. Nothing else goes in: a sheet never knows more than
//! its player was told (the rules' "who may see what").

use crate::deduce::view::{card, single, trait_set, FactWords, Source, View, ViewError};
use crate::games::deck::{CardSet, Trait};
use crate::games::polysleuth::rules::{Bulletin, Game, PrivateReport, RoundOutcome};

/// What Polysleuth's bulletins and reports add to a view.
pub trait Told {
    /// What a public bulletin tells everyone: answers and published cards.
    fn add_bulletin(&mut self, b: &Bulletin) -> Result<(), ViewError>;
    /// What a private report tells its player alone: their guesses' results and reveals.
    fn add_report(&mut self, round: u32, r: &PrivateReport) -> Result<(), ViewError>;
}

impl Told for View {
    fn add_bulletin(&mut self, b: &Bulletin) -> Result<(), ViewError> {
        let round = b.round;
        for a in &b.answers {
            let loc = self.location(&a.target)?;
            let set = trait_set(&a.traits)?;
            let label = format!(
                "{} has {} {} (round {round})",
                self.locations[loc],
                a.count,
                prose(&a.traits)
            );
            let words = FactWords::Answer {
                round,
                place: self.locations[loc].clone(),
                count: a.count,
                traits: a.traits.iter().map(|t| t.to_string()).collect(),
            };
            self.add_fact(
                loc,
                set,
                a.count as usize,
                Source::Answer { round },
                label,
                words,
            );
        }
        for p in &b.published {
            let loc = self.location(&p.owner)?;
            let card = card(&p.card)?;
            let label = format!("published in round {round}");
            let words = FactWords::Published { round };
            self.add_fact(
                loc,
                single(card),
                1,
                Source::Published { round },
                label,
                words,
            );
        }
        Ok(())
    }

    /// What the player's own report of a round tells them: their guesses and reveals.
    fn add_report(&mut self, round: u32, r: &PrivateReport) -> Result<(), ViewError> {
        for g in &r.guesses {
            let loc = self.location(&g.place)?;
            let card = card(&g.card)?;
            let label = format!(
                "your guess {} in round {round} was {}",
                g.number,
                if g.correct { "right" } else { "wrong" }
            );
            let source = Source::Guess {
                round,
                number: g.number,
                correct: g.correct,
            };
            let words = FactWords::Guess {
                round,
                number: g.number,
                correct: g.correct,
            };
            self.add_fact(loc, single(card), g.correct as usize, source, label, words);
        }
        for rv in &r.reveals {
            let loc = self.location(&rv.target)?;
            let set = trait_set(&rv.traits)?;
            let shown: CardSet = rv.cards.iter().map(|c| card(c)).collect::<Result<_, _>>()?;
            // A reveal is exact: those cards of the set, and no other.
            let label = format!(
                "{}'s {} cards were revealed to you in round {round}",
                self.locations[loc],
                rv.traits.join(" ")
            );
            let source = Source::Reveal { round };
            let words = FactWords::Reveal {
                round,
                place: self.locations[loc].clone(),
                traits: rv.traits.iter().map(|t| t.to_string()).collect(),
            };
            self.add_fact(
                loc,
                shown,
                shown.len(),
                source.clone(),
                label.clone(),
                words.clone(),
            );
            self.add_fact(loc, set.minus(shown), 0, source, label, words);
        }
        Ok(())
    }
}

/// Traits as a reader says them: `Red Twos`, `Pearls`, `Red Pearl`.
fn prose<S: AsRef<str>>(traits: &[S]) -> String {
    let parsed: Vec<Option<Trait>> = traits.iter().map(|t| Trait::parse(t.as_ref())).collect();
    let number = parsed
        .iter()
        .flatten()
        .find(|t| matches!(t, Trait::Number(_)));
    let rest: Vec<&str> = traits
        .iter()
        .zip(&parsed)
        .filter(|(_, p)| !matches!(p, Some(Trait::Number(_))))
        .map(|(t, _)| t.as_ref())
        .collect();
    match number {
        Some(n) if rest.is_empty() => n.prose_plural(),
        Some(n) => format!("{} {}", rest.join(" "), n.prose_plural()),
        None => rest.join(" "),
    }
}

/// The view of `seat` in a game: its hand and the public sizes from the game, then what the
/// seat's pages show: the public bulletins and the seat's own reports (round, report).
pub fn of_seat<'a>(
    game: &Game,
    seat: usize,
    bulletins: impl IntoIterator<Item = &'a Bulletin>,
    reports: impl IntoIterator<Item = (u32, &'a PrivateReport)>,
) -> Result<View, ViewError> {
    let n = game.players.len();
    let mut view = View::new(
        &game.players,
        seat,
        game.deal.hands[seat],
        game.settings.hand_size_for(n),
        game.settings.safe_size_for(n),
    )?;
    view.former = game.former.clone();
    for b in bulletins {
        view.add_bulletin(b)?;
    }
    for (round, r) in reports {
        view.add_report(round, r)?;
    }
    Ok(view)
}

/// The view of `seat` after `rounds` rounds of a recorded game: built from what that player's
/// pages show (their hand, the public sizes, the bulletins and their own reports), nothing else.
pub fn of_recorded(
    start: &Game,
    outcomes: &[RoundOutcome],
    seat: usize,
    rounds: usize,
) -> Result<View, ViewError> {
    let played = &outcomes[..rounds];
    of_seat(
        start,
        seat,
        played.iter().map(|o| &o.bulletin),
        played.iter().map(|o| (o.bulletin.round, &o.private[seat])),
    )
}
