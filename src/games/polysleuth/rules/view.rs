//! What a round's resolution tells whom (RULES.md §6). The public [`Bulletin`] and each
//! player's [`PrivateReport`] are separate types so nothing private reaches a public page by
//! accident: a public page is built from a `Bulletin` alone.

use serde::{Deserialize, Serialize};

/// A name in an outcome: a player's, a card's, a trait's or the safe's. Short, so held inline
/// rather than on the heap (a round's outcome holds dozens of them, and simulation resolves
/// thousands of rounds a second); read and written as a plain string.
pub type Name = compact_str::CompactString;

/// A card's canonical name, pointing at the static text rather than copying it.
pub fn card_name(card: super::Card) -> Name {
    Name::const_new(card.static_name())
}

/// Everything that happened in a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundOutcome {
    pub bulletin: Bulletin,
    /// One per player, in seat order.
    pub private: Vec<PrivateReport>,
    /// Every reveal, in answer order (each also sits in its asker's report).
    pub reveals: Vec<Reveal>,
}

/// The public bulletin of one round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bulletin {
    pub round: u32,
    pub submitted: Vec<Name>,
    pub guesses: Vec<GuessResult>,
    pub answers: Vec<Answer>,
    pub published: Vec<Published>,
    pub standings: Vec<Standing>,
    pub newly_done: Vec<DoneNote>,
    pub game_over: bool,
    pub winners: Vec<Name>,
}

/// A guess as the public sees it: never the card, never its points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuessResult {
    pub player: Name,
    pub number: u32,
    pub correct: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    pub target: Name,
    pub traits: Vec<Name>,
    pub count: u32,
    pub asker: Name,
    pub weight: u64,
}

impl Answer {
    /// `Dan has 2 Green Diamond (question by Ben, 7)`.
    pub fn sentence(&self) -> String {
        format!(
            "{} has {} {} (question by {}, {})",
            self.target,
            self.count,
            self.traits.join(" "),
            self.asker,
            self.weight
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Published {
    pub card: Name,
    /// A player's name, or `safe`.
    pub owner: Name,
}

impl super::Game {
    /// Every published card and where it lay (a player's name, or `safe`): public.
    pub fn published_cards(&self) -> Vec<Published> {
        self.published_of(self.published)
    }

    /// These cards as published: each with where it lay.
    pub(super) fn published_of(&self, cards: super::CardSet) -> Vec<Published> {
        let owners = self.deal.owners();
        (cards.iter())
            .map(|c| Published {
                card: card_name(c),
                owner: match owners[c.index()] {
                    super::Owner::Seat(s) => self.name_of(s),
                    super::Owner::Safe => Name::const_new("safe"),
                },
            })
            .collect()
    }

    /// A seat's player's name, as an outcome holds it.
    pub(super) fn name_of(&self, seat: usize) -> Name {
        Name::from(self.players[seat].as_str())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub player: Name,
    pub eyes: u32,
    pub half_points: u32,
}

impl Standing {
    pub fn points(&self) -> f64 {
        self.half_points as f64 / 2.0
    }

    pub fn points_text(&self) -> String {
        points_text(self.half_points)
    }
}

/// Sleuth Points as people write them: `6`, `6½`.
pub fn points_text(half_points: u32) -> String {
    if half_points.is_multiple_of(2) {
        (half_points / 2).to_string()
    } else {
        format!("{}½", half_points / 2)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DoneReason {
    /// The player sent `done`.
    Said,
    /// Sent no turn for this many rounds in a row.
    Idle(u32),
    GameMaster,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DoneNote {
    pub player: Name,
    pub reason: DoneReason,
}

impl DoneNote {
    pub fn sentence(&self) -> String {
        match self.reason {
            DoneReason::Said => format!("{} is done and will guess no more.", self.player),
            DoneReason::Idle(k) => format!(
                "{} sent no turn for {k} rounds in a row and is marked done.",
                self.player
            ),
            DoneReason::GameMaster => {
                format!("The game master marked {} done.", self.player)
            }
        }
    }
}

/// What one player alone learns from a round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrivateReport {
    pub player: Name,
    pub guesses: Vec<PrivateGuess>,
    pub reveals: Vec<Reveal>,
    pub eyes: u32,
    pub half_points: u32,
    /// What became of each question the player asked (filled in after the resolution, by
    /// `Game::question_fates`; empty in reports stored before it was kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub questions: Vec<super::QuestionFate>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrivateGuess {
    pub number: u32,
    pub card: Name,
    /// Where the player said it was: a player's name or `the safe`.
    pub place: Name,
    pub correct: bool,
}

/// The cards an answered two-trait question showed its asker (empty: none matched).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    pub player: Name,
    pub target: Name,
    pub traits: Vec<Name>,
    pub cards: Vec<Name>,
}
