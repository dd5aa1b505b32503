//! One player's view of a game, read from what their own pages and mails show them: their
//! hand, the public sizes, public answers and published cards, their reveals and guess results.
//! Every fact is a count: location `loc` holds exactly `count` cards of `set`.

use serde::{Deserialize, Serialize};

use crate::games::deck::{matching, Card, CardSet, Trait};

/// Where a fact came from, for the explanations of certainties.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Source {
    /// The hand and safe sizes, which are public.
    Sizes,
    OwnHand,
    Published {
        round: u32,
    },
    Guess {
        round: u32,
        number: u32,
        correct: bool,
    },
    Reveal {
        round: u32,
    },
    Answer {
        round: u32,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    pub loc: usize,
    pub set: CardSet,
    pub count: usize,
    pub source: Source,
    /// The fact in words, for explanations.
    pub label: String,
    /// The fact as data, for explanations in any language.
    pub words: FactWords,
}

/// A fact as data: what `label` says, for each language to word.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FactWords {
    /// A place holds `size` cards (the player's own hand is all they hold).
    Size {
        place: String,
        mine: bool,
        size: usize,
    },
    OwnHand,
    /// A public answer: `place` has `count` cards with `traits`.
    Answer {
        round: u32,
        place: String,
        count: u32,
        traits: Vec<String>,
    },
    Published {
        round: u32,
    },
    /// The player's own guess, right or wrong.
    Guess {
        round: u32,
        number: u32,
        correct: bool,
    },
    /// The cards of `place` with `traits` were shown to the player.
    Reveal {
        round: u32,
        place: String,
        traits: Vec<String>,
    },
}

/// What one player knows. Locations are the seats in order, then the safe when it holds cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub locations: Vec<String>,
    pub sizes: Vec<usize>,
    pub me: usize,
    pub facts: Vec<Fact>,
    /// Names a location had before (a seat given to a new player), (location, name).
    pub former: Vec<(usize, String)>,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ViewError {
    #[error("unknown player or place \"{0}\"")]
    UnknownPlace(String),
    #[error("unknown card \"{0}\"")]
    UnknownCard(String),
    #[error("unknown trait \"{0}\"")]
    UnknownTrait(String),
    #[error("{0}")]
    Shape(String),
}

impl View {
    /// A view from the player's own hand and the public sizes alone.
    pub fn new(
        players: &[String],
        me: usize,
        hand: CardSet,
        hand_size: usize,
        safe_size: usize,
    ) -> Result<View, ViewError> {
        if me >= players.len() {
            return Err(ViewError::Shape(format!("seat {me} is not in the game")));
        }
        if hand.len() != hand_size {
            return Err(ViewError::Shape(format!(
                "the hand holds {} cards, not {hand_size}",
                hand.len()
            )));
        }
        if hand_size * players.len() + safe_size != 36 {
            return Err(ViewError::Shape(format!(
                "{} hands of {hand_size} and a safe of {safe_size} do not make 36 cards",
                players.len()
            )));
        }
        let mut locations: Vec<String> = players.to_vec();
        let mut sizes = vec![hand_size; players.len()];
        if safe_size > 0 {
            locations.push("safe".into());
            sizes.push(safe_size);
        }
        View::of_places(locations, sizes, me, hand)
    }

    /// A view over any places of 36 cards in all (a ruleset's own: hands, a safe, a table,
    /// the missing gems): place `i` holds `sizes[i]` cards and place `me` holds `hand`.
    pub fn of_places(
        locations: Vec<String>,
        sizes: Vec<usize>,
        me: usize,
        hand: CardSet,
    ) -> Result<View, ViewError> {
        if sizes.iter().sum::<usize>() != 36 || sizes.len() != locations.len() {
            return Err(ViewError::Shape("the places do not hold 36 cards".into()));
        }
        let mut facts: Vec<Fact> = sizes
            .iter()
            .enumerate()
            .map(|(loc, &size)| Fact {
                loc,
                set: CardSet::ALL,
                count: size,
                source: Source::Sizes,
                label: if loc == me {
                    format!("your hand is all you hold ({size} cards)")
                } else {
                    format!("{} holds {size} cards", locations[loc])
                },
                words: FactWords::Size {
                    place: locations[loc].clone(),
                    mine: loc == me,
                    size,
                },
            })
            .collect();
        facts.push(Fact {
            loc: me,
            set: hand,
            count: hand.len(),
            source: Source::OwnHand,
            label: "your hand".into(),
            words: FactWords::OwnHand,
        });
        Ok(View {
            locations,
            sizes,
            me,
            facts,
            former: Vec::new(),
        })
    }

    /// Adds a fact: place `loc` holds exactly `count` cards of `set`.
    pub fn add_fact(
        &mut self,
        loc: usize,
        set: CardSet,
        count: usize,
        source: Source,
        label: String,
        words: FactWords,
    ) {
        self.holds(loc, set, count, source, (label, words));
    }

    pub fn location(&self, name: &str) -> Result<usize, ViewError> {
        let name = if name.eq_ignore_ascii_case("the safe") {
            "safe"
        } else {
            name
        };
        self.locations
            .iter()
            .position(|l| l.eq_ignore_ascii_case(name))
            .or_else(|| {
                self.former
                    .iter()
                    .find(|(_, n)| n.eq_ignore_ascii_case(name))
                    .map(|(l, _)| *l)
            })
            .ok_or_else(|| ViewError::UnknownPlace(name.to_string()))
    }

    fn holds(
        &mut self,
        loc: usize,
        set: CardSet,
        count: usize,
        source: Source,
        (label, words): (String, FactWords),
    ) {
        self.facts.push(Fact {
            loc,
            set,
            count,
            source,
            label,
            words,
        });
    }
}

/// The set of one card.
pub fn single(card: Card) -> CardSet {
    std::iter::once(card).collect()
}

/// A card by its name, or why it is none.
pub fn card(name: &str) -> Result<Card, ViewError> {
    Card::parse(name).map_err(|_| ViewError::UnknownCard(name.to_string()))
}

/// The cards with every one of these traits, by their names.
pub fn trait_set<S: AsRef<str>>(names: &[S]) -> Result<CardSet, ViewError> {
    let traits: Vec<Trait> = names
        .iter()
        .map(|t| {
            let t = t.as_ref();
            Trait::parse(t).ok_or_else(|| ViewError::UnknownTrait(t.to_string()))
        })
        .collect::<Result<_, _>>()?;
    Ok(matching(&traits))
}
