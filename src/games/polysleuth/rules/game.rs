//! The state of a game between rounds, and turn validation against it (RULES.md §3); the
//! round's resolution is `resolve`.

use serde::{Deserialize, Serialize};

use super::cards::{Card, CardSet, Trait};
use super::deal::{Deal, DealError, Owner};
use super::lines::PlaceRef;
use super::problem::{Holder, Problem};
use super::settings::{Settings, SettingsError};
use super::turn::{self, LineError};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub players: Vec<String>,
    pub settings: Settings,
    pub seed: u64,
    pub deal: Deal,
    /// The round now open (the first is 1).
    pub round: u32,
    pub eyes: Vec<u32>,
    /// Sleuth Points in whole half-points.
    pub half_points: Vec<u32>,
    /// Cards each player has guessed, right or wrong.
    pub guessed: Vec<CardSet>,
    /// Cards each player has guessed right.
    pub right: Vec<CardSet>,
    pub published: CardSet,
    pub done: Vec<bool>,
    /// Rounds in a row without an accepted turn.
    pub idle: Vec<u32>,
    pub over: bool,
    /// Names a seat had before a new player took it, (seat, name): earlier bulletins and
    /// reports still use them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub former: Vec<(usize, String)>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error(transparent)]
    Deal(#[from] DealError),
    #[error("\"{0}\" is not a usable player name: use 1 to 32 letters, digits, _ or -")]
    BadName(String),
    #[error("\"safe\" is reserved for the safe; choose another player name")]
    Reserved,
    #[error("two players are called \"{0}\"; names must differ (ignoring case)")]
    DuplicateName(String),
}

/// A guess after validation: the place resolved to an owner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guess {
    pub number: u32,
    pub line: usize,
    pub place: Owner,
    pub card: Card,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    pub number: u32,
    pub line: usize,
    pub eyes: u32,
    pub target: usize,
    /// One or two traits, in canonical order (number, colour, gem).
    pub traits: Vec<Trait>,
}

/// A turn accepted whole: it can be resolved as it stands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub guesses: Vec<Guess>,
    pub questions: Vec<Question>,
    pub ready: bool,
    pub done: bool,
}

pub use crate::games::names::valid_name;

impl Game {
    /// Sets a game up: checks names and settings, then draws the deal from the seed unless one
    /// is given.
    pub fn new(
        players: Vec<String>,
        settings: Settings,
        seed: u64,
        deal: Option<Deal>,
    ) -> Result<Game, SetupError> {
        for (i, name) in players.iter().enumerate() {
            if name.eq_ignore_ascii_case("safe") {
                return Err(SetupError::Reserved);
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
            None => Deal::draw(players.len(), &settings, seed)?,
        };
        let n = players.len();
        Ok(Game {
            eyes: vec![settings.starting_eyes; n],
            half_points: vec![0; n],
            guessed: vec![CardSet::EMPTY; n],
            right: vec![CardSet::EMPTY; n],
            published: CardSet::EMPTY,
            done: vec![false; n],
            idle: vec![0; n],
            over: false,
            former: Vec::new(),
            round: 1,
            players,
            settings,
            seed,
            deal,
        })
    }

    /// A new player takes `seat`: the seat keeps its hand, balances, guesses and reveals,
    /// under the new name, and plays on (a seat done for being idle, or at its old player's
    /// word, is active again).
    pub fn seat_new_player(&mut self, seat: usize, name: &str) {
        let old = std::mem::replace(&mut self.players[seat], name.to_string());
        self.former.push((seat, old));
        self.done[seat] = false;
        self.idle[seat] = 0;
    }

    /// The seat a name plays or played (a former name included): for reading the record.
    pub fn seat_named(&self, name: &str) -> Option<usize> {
        self.seat_of(name).or_else(|| {
            self.former
                .iter()
                .find(|(_, n)| n.eq_ignore_ascii_case(name.trim()))
                .map(|(s, _)| *s)
        })
    }

    pub fn seat_of(&self, name: &str) -> Option<usize> {
        // A name read from a turn is trimmed already: `trimmed` then does no search.
        let name = crate::games::typography::trimmed(name);
        // Names often share a beginning ("Player1", "Player2"): the length and the last byte
        // turn most of them away before the whole comparison. A name with accents is
        // compared whole, whatever the case of its letters (`AMÉLIE` is Amélie).
        if !name.is_ascii() {
            return (self.players.iter()).position(|p| crate::games::names::same_name(p, name));
        }
        let last = name.as_bytes().last().map(u8::to_ascii_lowercase);
        self.players.iter().position(|p| {
            p.len() == name.len()
                && p.as_bytes().last().map(u8::to_ascii_lowercase) == last
                && p.eq_ignore_ascii_case(name)
        })
    }

    pub(super) fn owner_name(&self, owner: Owner) -> &str {
        match owner {
            Owner::Seat(s) => &self.players[s],
            Owner::Safe => "the safe",
        }
    }

    /// Players who may still guess: the ones the "all ready" early close waits for.
    pub fn active_seats(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.players.len()).filter(|s| !self.done[*s])
    }

    /// Reads and checks `seat`'s turn text against the game as the round opened. The turn is
    /// accepted whole, or every error is returned, by line.
    pub fn validate(&self, seat: usize, text: &str) -> Result<Turn, Vec<LineError>> {
        if self.over {
            return Err(vec![LineError::new(0, "", Problem::GameOver)]);
        }
        // Lines that parsed are checked too, so the player sees every error at once.
        // Read as `turn::parse_all` reads it, the names still borrowed from the text.
        let (parsed, mut errors) = turn::read(text);
        let hand = self.deal.hands[seat];
        // The line that guessed each card this turn (0: none; lines count from 1).
        let mut this_turn = [0usize; Card::COUNT];
        let mut turn = Turn {
            guesses: Vec::with_capacity(parsed.guesses.len()),
            questions: Vec::with_capacity(parsed.questions.len()),
            ready: parsed.ready,
            done: parsed.done,
        };
        // Only a refused line is quoted back, so the text is split into lines only then.
        let line_text = |line: usize| text.lines().nth(line - 1).unwrap_or("");

        for g in parsed.guesses {
            let mut fail =
                |problem: Problem| errors.push(LineError::new(g.line, line_text(g.line), problem));
            if self.done[seat] {
                fail(Problem::GuessWhileDone);
                continue;
            }
            let place = match &g.place {
                PlaceRef::Safe if self.deal.safe.is_empty() => {
                    fail(Problem::SafeIsEmpty);
                    continue;
                }
                PlaceRef::Safe => Owner::Safe,
                PlaceRef::Player(name) => match self.seat_of(name) {
                    Some(s) if s == seat => {
                        fail(Problem::GuessOwnHand);
                        continue;
                    }
                    Some(s) => Owner::Seat(s),
                    None => {
                        fail(Problem::NotAPlayer {
                            name: name.to_string(),
                            players: self.players.clone(),
                        });
                        continue;
                    }
                },
            };
            let card = g.card;
            if hand.contains(card) {
                fail(Problem::CardInHand { card });
            } else if self.published.contains(card) {
                fail(Problem::CardPublished {
                    card,
                    owner: match self.deal.owner(card) {
                        Owner::Seat(s) => Holder::Player(self.players[s].clone()),
                        Owner::Safe => Holder::Safe,
                    },
                });
            } else if self.guessed[seat].contains(card) {
                fail(Problem::GuessedBefore { card });
            } else if this_turn[card.index()] != 0 {
                fail(Problem::GuessedTwice {
                    card,
                    first_line: this_turn[card.index()],
                });
            } else {
                this_turn[card.index()] = g.line;
                turn.guesses.push(Guess {
                    number: g.number,
                    line: g.line,
                    place,
                    card,
                });
            }
        }

        let mut bids: u64 = 0;
        let mut over_budget_told = false;
        for q in parsed.questions {
            let t = || line_text(q.line);
            let target = match self.seat_of(&q.target) {
                Some(s) if s == seat => {
                    errors.push(LineError::new(q.line, t(), Problem::AskOwnHand));
                    None
                }
                Some(s) => Some(s),
                None if q.target.eq_ignore_ascii_case("safe") => {
                    errors.push(LineError::new(q.line, t(), Problem::AskSafe));
                    None
                }
                None => {
                    errors.push(LineError::new(
                        q.line,
                        t(),
                        Problem::AskNotAPlayer {
                            name: q.target.to_string(),
                            players: self.players.clone(),
                        },
                    ));
                    None
                }
            };
            bids += q.eyes as u64;
            if bids > self.eyes[seat] as u64 && !over_budget_told {
                over_budget_told = true;
                errors.push(LineError::new(
                    q.line,
                    t(),
                    Problem::OverBudget {
                        bids,
                        eyes: self.eyes[seat],
                    },
                ));
            }
            if let Some(target) = target {
                // As `canonical_order`, in place: the sort is stable.
                let mut traits = q.traits;
                traits.sort_by_key(|t| t.canonical_rank());
                turn.questions.push(Question {
                    number: q.number,
                    line: q.line,
                    eyes: q.eyes,
                    target,
                    traits,
                });
            }
        }

        if errors.is_empty() {
            Ok(turn)
        } else {
            errors.sort_by_key(|e| e.line);
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        let names = ["Ann", "Ben", "Cleo"].map(String::from).to_vec();
        Game::new(names, Settings::default(), 3, None).unwrap()
    }

    fn card_of(g: &Game, seat: usize) -> Card {
        g.deal.hands[seat].iter().next().unwrap()
    }

    fn errors(g: &Game, seat: usize, text: &str) -> Vec<String> {
        g.validate(seat, text)
            .unwrap_err()
            .into_iter()
            .map(|e| e.to_string())
            .collect()
    }

    #[test]
    fn names_are_checked() {
        let s = Settings::default();
        let mk = |v: &[&str]| {
            Game::new(
                v.iter().map(|s| s.to_string()).collect(),
                s.clone(),
                1,
                None,
            )
        };
        assert_eq!(
            mk(&["A", "b", "B"]).unwrap_err(),
            SetupError::DuplicateName("B".into())
        );
        assert_eq!(mk(&["A", "Safe", "C"]).unwrap_err(), SetupError::Reserved);
        assert_eq!(
            mk(&["A", "B C", "D"]).unwrap_err(),
            SetupError::BadName("B C".into())
        );
        assert!(matches!(mk(&["A", "B"]), Err(SetupError::Settings(_))));
    }

    #[test]
    fn every_guess_rejection_reason() {
        let mut g = game();
        let own = card_of(&g, 0);
        let bens = card_of(&g, 1);
        assert!(errors(&g, 0, &format!("1: Zed has {bens}"))[0]
            .contains("\"Zed\", who is not a player"));
        assert!(errors(&g, 0, &format!("1: Ann has {bens}"))[0].contains("your own hand"));
        assert!(errors(&g, 0, &format!("1: {bens} is in the safe"))[0].contains("safe is empty"));
        assert!(errors(&g, 0, &format!("1: Ben has {own}"))[0].contains("in your own hand"));
        let again = errors(&g, 0, &format!("1: Ben has {bens}\n2: Cleo has {bens}"));
        assert_eq!(again.len(), 1);
        assert!(again[0].starts_with("line 2:") && again[0].contains("line 1 already does"));

        g.guessed[0].insert(bens);
        assert!(errors(&g, 0, &format!("1: Ben has {bens}"))[0].contains("earlier round"));
        g.guessed[0] = CardSet::EMPTY;
        g.published.insert(bens);
        assert!(
            errors(&g, 0, &format!("1: Ben has {bens}"))[0].contains("published as held by Ben")
        );
        g.published = CardSet::EMPTY;
        g.done[0] = true;
        assert!(errors(&g, 0, &format!("1: Ben has {bens}"))[0].contains("you are done"));
        // A done player may still ask.
        assert!(g.validate(0, "1 (3): Ben has how many Reds?").is_ok());
    }

    #[test]
    fn every_question_rejection_reason() {
        let g = game();
        assert!(errors(&g, 0, "1 (1): Zed has how many Reds?")[0].contains("not a player"));
        assert!(errors(&g, 0, "1 (1): Ann has how many Reds?")[0].contains("your own hand"));
        assert!(errors(&g, 0, "1 (1): the safe has how many Reds?")[0].contains("the safe"));
        assert!(errors(&g, 0, "1 (1): Ben has how many Reds Blues?")[0].contains("two colours"));
        assert!(errors(&g, 0, "1 (1): Ben has how many?")[0].contains("no trait"));
        let over = errors(&g, 0, "1 (20): Ben has how many Reds?\n2 (11): Cleo has how many Ones?\n3 (1): Cleo has how many Twos?");
        assert_eq!(over.len(), 1);
        assert!(
            over[0].starts_with("line 2:") && over[0].contains("31 Private Eyes, but you had 30")
        );
        assert!(g
            .validate(
                0,
                "1 (20): Ben has how many Reds?\n2 (10): Cleo has how many Ones?"
            )
            .is_ok());
    }

    #[test]
    fn a_rejected_turn_reports_parse_and_game_errors_together() {
        let g = game();
        let e = errors(
            &g,
            0,
            "1: Zed has 1 Red Opal\nwhat\n1 (1): Ann has how many Reds?",
        );
        assert_eq!(e.len(), 3, "{e:?}");
    }
}
