//! The Information Sheet for classic Sleuth: one player's view (their hand, the public table,
//! every public count, the cards shown to them, their own accusation) given to the same
//! assistant as Polysleuth's, with the missing gem(s) as one more place. The sheet's
//! "missing" column is the chance that each card is the missing gem.

use crate::deduce::view::FactWords;
use crate::deduce::{sample, Budget, Source, View, ViewError};
use crate::games::deck::matching;
use crate::games::polysleuth::rules::CardSet;

use super::game::{Event, Sleuth};
use super::settings::Settings;

/// The place the missing gems make on the sheet.
pub const MISSING: &str = "missing";
/// The place of the table cards, when there are any.
pub const TABLE: &str = "table";

/// The assistant's effort for a classic sheet on a player's page: counted exactly while that
/// costs at most about half a second on two cores, sampled beyond, so that no sheet takes a
/// second (`cargo bench --bench classic`: at 5 players, 20 million units count 96.8% of the
/// bench's sheets exactly with the slowest at 0.7 s; 30 million, 97.9% at 1.0 s).
pub fn page_budget() -> Budget {
    Budget {
        count: 20_000_000,
        sample: sample::Plan {
            chains: 2,
            sweeps: 1_000,
            burn_in: 100,
            proof_nodes: 10_000,
        },
    }
}

impl Sleuth {
    /// The places of the sheet: the players in seat order, the missing gems, the table.
    pub fn places(&self) -> Vec<String> {
        let mut places = self.players.clone();
        places.push(MISSING.into());
        if !self.deal.table.is_empty() {
            places.push(TABLE.into());
        }
        places
    }

    /// What `seat` knows, from what their pages show them alone.
    pub fn view_of(&self, seat: usize) -> Result<View, ViewError> {
        let n = self.players.len();
        let mut sizes = vec![Settings::hand_size(n); n];
        sizes.push(self.settings.missing_gems);
        if !self.deal.table.is_empty() {
            sizes.push(self.deal.table.len());
        }
        let mut view = View::of_places(self.places(), sizes, seat, self.deal.hands[seat])?;
        view.former = self.former.clone();
        if !self.deal.table.is_empty() {
            view.add_fact(
                n + 1,
                self.deal.table,
                self.deal.table.len(),
                Source::Published { round: 0 },
                "the table cards, public from the start".into(),
                FactWords::Published { round: 0 },
            );
        }
        for e in &self.log {
            if let Event::Asked {
                turn,
                target,
                traits,
                count,
                ..
            } = e
            {
                let names: Vec<String> = traits.iter().map(|t| t.name().to_string()).collect();
                view.add_fact(
                    *target,
                    matching(traits),
                    *count,
                    Source::Answer { round: *turn },
                    format!(
                        "{} has {count} {} (turn {turn})",
                        self.players[*target],
                        super::search::question_words(traits)
                    ),
                    FactWords::Answer {
                        round: *turn,
                        place: self.players[*target].clone(),
                        count: *count as u32,
                        traits: names,
                    },
                );
            }
        }
        for r in self.reveals.iter().filter(|r| r.asker == seat) {
            let names: Vec<String> = r.traits.iter().map(|t| t.name().to_string()).collect();
            let words = FactWords::Reveal {
                round: r.turn,
                place: self.players[r.target].clone(),
                traits: names,
            };
            let label = format!(
                "{}'s {} were shown to you in turn {}",
                self.players[r.target],
                super::search::question_words(&r.traits),
                r.turn
            );
            let source = Source::Reveal { round: r.turn };
            view.add_fact(
                r.target,
                r.cards,
                r.cards.len(),
                source.clone(),
                label.clone(),
                words.clone(),
            );
            let rest = matching(&r.traits).minus(r.cards);
            view.add_fact(r.target, rest, 0, source, label, words);
        }
        for a in self.accusations.iter().filter(|a| a.seat == seat) {
            let named: CardSet = a.cards.iter().copied().collect();
            // A right accusation names them all; a wrong one of a single gem rules it out.
            let count = match (a.correct, named.len()) {
                (true, k) => k,
                (false, 1) => 0,
                (false, _) => continue,
            };
            view.add_fact(
                n,
                named,
                count,
                Source::Guess {
                    round: a.turn,
                    number: 1,
                    correct: a.correct,
                },
                format!(
                    "your accusation in turn {} was {}",
                    a.turn,
                    if a.correct { "right" } else { "wrong" }
                ),
                FactWords::Guess {
                    round: a.turn,
                    number: 1,
                    correct: a.correct,
                },
            );
        }
        Ok(view)
    }
}
