//! A classic game's whole state and its public record: hands, table, missing gem(s), Search
//! cards, whose turn it is, who is out or has won, and the log every player reads. The moves
//! that change it are in `play`; this file holds what the state is and what it answers.

use serde::{Deserialize, Serialize};

use crate::games::deck::Trait;
use crate::games::names::valid_name;
use crate::games::polysleuth::rules::{Card, CardSet};

use super::search::SearchCard;
use super::settings::{Settings, SettingsError};
use super::setup::{self, Deal, DealError};

/// Where a seat stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Standing {
    Playing,
    /// A wrong accusation (or none after a final question): no more turns or accusations.
    Out,
    Won,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    pub standing: Standing,
    /// Turns in a row that passed without an action.
    pub idle: u32,
    /// Skipped for idleness until the player sends any command.
    pub skipped: bool,
}

/// One public happening, in the order it happened. Seats are indices into `players`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TurnBegan {
        turn: u32,
        seat: usize,
    },
    Asked {
        turn: u32,
        seat: usize,
        target: usize,
        traits: Vec<Trait>,
        /// The Search card used; none for a final question.
        card: Option<SearchCard>,
        final_question: bool,
        count: usize,
    },
    Exchanged {
        turn: u32,
        seat: usize,
        cards: Vec<SearchCard>,
    },
    Drew {
        turn: u32,
        seat: usize,
        cards: Vec<SearchCard>,
    },
    /// The discard pile became the draw deck; only its size is public.
    Reshuffled {
        turn: u32,
        cards: usize,
    },
    Passed {
        turn: u32,
        seat: usize,
        by_gm: bool,
    },
    Skipped {
        turn: u32,
        seat: usize,
    },
    Returned {
        turn: u32,
        seat: usize,
    },
    /// Only right or wrong is public, never the cards named.
    Accused {
        turn: u32,
        seat: usize,
        correct: bool,
        /// No accusation came after a final question before the turn's deadline.
        #[serde(default)]
        timed_out: bool,
    },
    MarkedOut {
        turn: u32,
        seat: usize,
    },
    Replaced {
        turn: u32,
        seat: usize,
        before: String,
    },
    Ended {
        turn: u32,
        winners: Vec<usize>,
        /// The game master ended it (not the rules).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        by_gm: bool,
    },
}

impl Event {
    pub fn turn(&self) -> u32 {
        use Event::*;
        match self {
            TurnBegan { turn, .. }
            | Asked { turn, .. }
            | Exchanged { turn, .. }
            | Drew { turn, .. }
            | Reshuffled { turn, .. }
            | Passed { turn, .. }
            | Skipped { turn, .. }
            | Returned { turn, .. }
            | Accused { turn, .. }
            | MarkedOut { turn, .. }
            | Replaced { turn, .. }
            | Ended { turn, .. } => *turn,
        }
    }
}

/// One entry of a game's record, in the order the service took it: an accepted message, a
/// turn's deadline, or a game master's action (`skip`, `out NAME`, `replace NAME NEW`, `end`).
/// Replaying the steps from the start gives the game again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Step {
    Message {
        player: String,
        text: String,
        /// `"late": true`: the message came after its turn's deadline, and the turn, passed
        /// at that deadline, came straight back to its sender, who the pass had skipped: it
        /// brings them back, and none of its lines is played.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        late: bool,
    },
    Deadline {
        deadline: bool,
    },
    Gm {
        gm: String,
    },
}

/// Cards shown to one asker by a two-element question: theirs alone to see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    pub turn: u32,
    pub asker: usize,
    pub target: usize,
    pub traits: Vec<Trait>,
    pub cards: CardSet,
}

/// An accusation as made: private to its maker (a wrong one never shows its cards).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accusation {
    pub turn: u32,
    pub seat: usize,
    pub cards: Vec<Card>,
    pub correct: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error(transparent)]
    Deal(#[from] DealError),
    #[error("\"{0}\" is not a usable player name: use 1 to 32 letters, digits, _ or -")]
    BadName(String),
    #[error("\"{0}\" is reserved; choose another player name")]
    Reserved(String),
    #[error("two players are called \"{0}\"; names must differ (ignoring case)")]
    DuplicateName(String),
    #[error("the reshuffle orders given are not usable: {0}")]
    Reshuffles(String),
}

/// A classic game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sleuth {
    pub players: Vec<String>,
    pub settings: Settings,
    pub seed: u64,
    /// Secret until the end; keys the reshuffles.
    pub salt: String,
    pub deal: Deal,
    /// The Search deck's order at the start, from its top (before the first cards are dealt).
    pub search_order: Vec<SearchCard>,
    /// Each player's Search cards, oldest first.
    pub search: Vec<Vec<SearchCard>>,
    /// The draw deck, top first.
    pub deck: Vec<SearchCard>,
    /// The discard pile, oldest first.
    pub discard: Vec<SearchCard>,
    /// Every reshuffle's resulting order, for the record.
    pub reshuffles: Vec<Vec<SearchCard>>,
    /// Reshuffle orders a replay gives, used before any drawn from the salt.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub given_reshuffles: Vec<Vec<SearchCard>>,
    pub seats: Vec<SeatState>,
    /// When every player who could take a turn is skipped for idleness, turns go on among
    /// them (RULES). A game stored before this was so (the field absent) keeps stopping with
    /// nobody on turn, as it did when its first steps were taken, so its record still replays
    /// to the log it published.
    #[serde(default)]
    pub turns_among_skipped: bool,
    /// Whether `pass` is taken as a turn's action. The rules list four actions (a question,
    /// two questions with `two_questions`, an exchange, a final question) and `pass` is none
    /// of them: a game refuses it. A game stored before that was so (the field absent) took
    /// `pass`, and keeps taking it, so its record still replays to the log it published.
    #[serde(default = "yes")]
    pub voluntary_pass: bool,
    /// The turn now under way (the first is 1).
    pub turn: u32,
    /// Whose turn it is; none when the game is over (or, in a game stored before turns went on
    /// among skipped players, when every one was skipped).
    pub current: Option<usize>,
    /// The player whose turn it is asked a final question and must now accuse.
    pub final_asked: bool,
    /// Seats that accused correctly, in order.
    pub winners: Vec<usize>,
    pub over: bool,
    pub log: Vec<Event>,
    pub reveals: Vec<Reveal>,
    /// Every accusation with the cards named: the accuser's alone to see until the end.
    #[serde(default)]
    pub accusations: Vec<Accusation>,
    /// Names a seat had before a new player took it, (seat, name).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub former: Vec<(usize, String)>,
    /// Every step that moved the game, for its record.
    #[serde(default)]
    pub steps: Vec<Step>,
    /// When each turn began, in epoch seconds: stamped by the service for its feed; the
    /// engine never reads it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub began_at: Vec<i64>,
    /// When the log last grew, in epoch seconds: stamped by the service for its feed (an
    /// accusation between turns changes a turn after it began); the engine never reads it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub changed_at: i64,
}

/// A serde default of `true`, for keys whose absence means a game stored before a rule.
pub(crate) fn yes() -> bool {
    true
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// The reserved names: places of the Information Sheet.
const RESERVED: [&str; 3] = ["safe", "table", "missing"];

impl Sleuth {
    /// Whether a name is a place of the Information Sheet, which no player may take.
    pub fn is_reserved(name: &str) -> bool {
        RESERVED.iter().any(|r| name.eq_ignore_ascii_case(r))
    }

    /// Sets a game up and begins the first turn: names and settings checked, the deal and the
    /// Search deck's order drawn from the seed unless given.
    pub fn new(
        players: Vec<String>,
        settings: Settings,
        seed: u64,
        salt: String,
        deal: Option<Deal>,
        search_order: Option<Vec<SearchCard>>,
    ) -> Result<Sleuth, SetupError> {
        for (i, name) in players.iter().enumerate() {
            if Sleuth::is_reserved(name) {
                return Err(SetupError::Reserved(name.clone()));
            }
            if !valid_name(name) {
                return Err(SetupError::BadName(name.clone()));
            }
            if players[..i]
                .iter()
                .any(|p| crate::games::names::same_name(p, name))
            {
                return Err(SetupError::DuplicateName(name.clone()));
            }
        }
        settings.check(players.len())?;
        let deal = match deal {
            Some(d) => {
                d.check(&players, &settings)?;
                d
            }
            None => Deal::draw(players.len(), &settings, seed),
        };
        let search_order = match search_order {
            Some(o) => {
                setup::check_search_order(&o)?;
                o
            }
            None => setup::search_order(seed),
        };
        let n = players.len();
        let mut deck = search_order.clone();
        let search = (0..n).map(|_| deck.drain(..4).collect()).collect();
        let mut game = Sleuth {
            players,
            settings,
            seed,
            salt,
            deal,
            search_order,
            search,
            deck,
            discard: Vec::new(),
            reshuffles: Vec::new(),
            given_reshuffles: Vec::new(),
            seats: vec![
                SeatState {
                    standing: Standing::Playing,
                    idle: 0,
                    skipped: false,
                };
                n
            ],
            turns_among_skipped: true,
            voluntary_pass: false,
            turn: 0,
            current: None,
            final_asked: false,
            winners: Vec::new(),
            over: false,
            log: Vec::new(),
            reveals: Vec::new(),
            accusations: Vec::new(),
            former: Vec::new(),
            steps: Vec::new(),
            began_at: Vec::new(),
            changed_at: 0,
        };
        game.begin_next(n - 1);
        Ok(game)
    }

    /// Each seat's name as first seated: the oldest name a replacement gave up. The
    /// commitment was made over these names, so it is checked with them.
    pub fn first_seated(&self) -> Vec<String> {
        let mut first = self.players.clone();
        for (seat, name) in self.former.iter().rev() {
            first[*seat] = name.clone();
        }
        first
    }

    /// The commitment over the deal, the Search deck's order and the seed of the reshuffles.
    pub fn commitment(&self) -> String {
        setup::commitment(
            &self.first_seated(),
            &self.deal,
            &self.search_order,
            self.seed,
            &self.salt,
        )
    }

    /// The canonical text the commitment hashes, shown at the end.
    pub fn canonical_text(&self) -> String {
        setup::canonical_text(
            &self.first_seated(),
            &self.deal,
            &self.search_order,
            self.seed,
        )
    }

    /// The seat a name belongs to, ignoring case.
    pub fn seat_of(&self, name: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| crate::games::names::same_name(p, name))
    }

    /// Whether a seat can still take turns and win.
    pub fn in_play(&self, seat: usize) -> bool {
        self.seats[seat].standing == Standing::Playing
    }

    /// The cards of `target` with every one of `traits`.
    pub fn matching(&self, target: usize, traits: &[Trait]) -> CardSet {
        self.deal.hands[target].intersect(crate::games::deck::matching(traits))
    }

    /// Whether `cards` are exactly the missing gems.
    pub fn is_missing(&self, cards: &[Card]) -> bool {
        let set: CardSet = cards.iter().copied().collect();
        set.len() == cards.len() && set == self.deal.missing
    }

    /// A seat's Search cards, oldest first.
    pub fn holds(&self, seat: usize) -> &[SearchCard] {
        &self.search[seat]
    }

    /// The questions a seat's Search cards allow now, as (traits, card) for each card held:
    /// what the web builder offers.
    pub fn allowed_by(card: SearchCard) -> Vec<Vec<Trait>> {
        let all = Trait::all();
        let mut out: Vec<Vec<Trait>> = all
            .iter()
            .filter(|t| card.allows(&[**t]))
            .map(|t| vec![*t])
            .collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                if card.allows(&[*a, *b]) {
                    out.push(crate::games::deck::canonical_order(&[*a, *b]));
                }
            }
        }
        out
    }

    /// The seats that play before `seat`'s next turn, in order, after the one playing now
    /// (empty: `seat` is next); None when `seat` will not play again (out, skipped, playing
    /// now, or nobody is playing).
    pub fn before(&self, seat: usize) -> Option<Vec<usize>> {
        let current = self.current?;
        if current == seat || !self.takes_turns(seat) {
            return None;
        }
        let n = self.players.len();
        Some(
            (1..n)
                .map(|k| (current + k) % n)
                .take_while(|s| *s != seat)
                .filter(|s| self.takes_turns(*s))
                .collect(),
        )
    }

    /// Whether every player still in play is skipped for idleness: turns then go on in seat
    /// order among them as if none were (RULES §2), so the game never stalls (in a game
    /// stored before that rule was applied, nobody is on turn until one of them is back).
    pub fn all_skipped(&self) -> bool {
        let mut playing = (0..self.players.len()).filter(|s| self.in_play(*s));
        playing.clone().next().is_some() && playing.all(|s| self.seats[s].skipped)
    }

    /// Whether `seat` takes its turns: in play, and not skipped unless everyone is.
    fn takes_turns(&self, seat: usize) -> bool {
        self.in_play(seat)
            && (!self.seats[seat].skipped || (self.turns_among_skipped && self.all_skipped()))
    }

    /// Starts the next turn after `from`, in seat order, with the first seat that takes its
    /// turns; none when no seat is in play.
    pub(super) fn begin_next(&mut self, from: usize) {
        let n = self.players.len();
        self.final_asked = false;
        self.current = (1..=n)
            .map(|k| (from + k) % n)
            .find(|s| self.takes_turns(*s));
        if let Some(seat) = self.current {
            self.turn += 1;
            self.log.push(Event::TurnBegan {
                turn: self.turn,
                seat,
            });
        }
    }
}
