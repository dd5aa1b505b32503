//! The moves of a classic game (RULES-SLEUTH.md §2–3): a player's message checked whole and
//! then carried out (the turn's action, its draws, then any accusation), a turn's deadline,
//! and the game master's skip, mark-out and replacement. A refused message changes nothing.

use crate::games::deck::Trait;
use crate::games::polysleuth::rules::Card;

use super::command::{self, Command, Line, Rejected};
use super::game::{Accusation, Event, Reveal, Sleuth, Standing, Step};
use super::problem::Refusal;
use super::search::SearchCard;
use super::setup;

/// One question of a turn, checked: whom, about what, with which card (none when final).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    pub target: usize,
    pub traits: Vec<Trait>,
    pub card: Option<SearchCard>,
}

/// What a checked message does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub questions: Vec<Question>,
    pub final_question: bool,
    pub exchange: bool,
    pub pass: bool,
    pub accusation: Option<Vec<Card>>,
}

impl Plan {
    fn has_action(&self) -> bool {
        !self.questions.is_empty() || self.exchange || self.pass
    }
}

/// What carrying out a message, a deadline or a game master's action added to the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moved {
    pub events: Vec<Event>,
    pub reveals: Vec<Reveal>,
}

impl Sleuth {
    /// Checks a player's message and, when every line is right, carries it out.
    pub fn act(&mut self, seat: usize, text: &str) -> Result<Moved, Vec<Rejected>> {
        let lines = command::read(text)?;
        let plan = self.check(seat, &lines)?;
        self.steps.push(Step::Message {
            player: self.players[seat].clone(),
            text: text.to_string(),
            late: false,
        });
        Ok(self.carry_out(seat, plan))
    }

    /// A message of `seat`'s player that was not carried out (refused, or commands that are
    /// not the game's: `status`, `help`, …) still lifts a skip for idleness: a skipped player
    /// is skipped "until they send any command". When it lifts one, the message goes in the
    /// record, so `replay` (which finds it refused again) lifts it too. False when the seat
    /// was not skipped: nothing changes and nothing is recorded.
    pub fn heard_from(&mut self, seat: usize, text: &str) -> bool {
        self.heard(seat, text, false)
    }

    /// A message that came after its turn's deadline, read once that turn had passed and come
    /// straight back to its sender: its lines are not played (they were meant for the turn
    /// that ran out), but it is heard as any command is, and brings back a sender the pass
    /// skipped. The record keeps it as late, so `replay` does the same. False when the seat
    /// was not skipped.
    pub fn hear_late(&mut self, seat: usize, text: &str) -> bool {
        self.heard(seat, text, true)
    }

    fn heard(&mut self, seat: usize, text: &str, late: bool) -> bool {
        if self.over || !self.in_play(seat) || !self.seats[seat].skipped {
            return false;
        }
        self.steps.push(Step::Message {
            player: self.players[seat].clone(),
            text: text.to_string(),
            late,
        });
        self.seats[seat].skipped = false;
        self.seats[seat].idle = 0;
        self.log.push(Event::Returned {
            turn: self.turn,
            seat,
        });
        true
    }

    /// Checks every line of a message against the game; every refused line is reported.
    pub fn check(&self, seat: usize, lines: &[Line]) -> Result<Plan, Vec<Rejected>> {
        let mut plan = Plan::default();
        let mut errors = Vec::new();
        for l in lines {
            if let Err(problem) = self.check_line(seat, &l.command, &mut plan) {
                errors.push(Rejected::new(l.line, &l.text, problem));
            }
        }
        match errors.is_empty() {
            true => Ok(plan),
            false => Err(errors),
        }
    }

    fn check_line(&self, seat: usize, c: &Command, plan: &mut Plan) -> Result<(), Refusal> {
        if self.over {
            return Err(Refusal::GameOver);
        }
        match self.seats[seat].standing {
            Standing::Playing => {}
            Standing::Won => return Err(Refusal::NotInGame { won: true }),
            Standing::Out => return Err(Refusal::NotInGame { won: false }),
        }
        match c {
            Command::Back => Ok(()),
            Command::Accuse(cards) => {
                if plan.accusation.is_some() {
                    return Err(Refusal::OneAccusation);
                }
                let distinct: crate::games::polysleuth::rules::CardSet =
                    cards.iter().copied().collect();
                if let Some(&twice) = (cards.iter().enumerate())
                    .find(|(i, c)| cards[..*i].contains(c))
                    .map(|(_, c)| c)
                {
                    return Err(Refusal::AccuseTwice(twice));
                }
                if distinct.len() != self.settings.missing_gems {
                    return Err(Refusal::AccuseCount(self.settings.missing_gems));
                }
                plan.accusation = Some(cards.clone());
                Ok(())
            }
            _ if self.current != Some(seat) => Err(Refusal::NotYourTurn(
                self.current.map(|s| self.players[s].clone()),
            )),
            _ if self.final_asked => Err(Refusal::AwaitingAccusation),
            Command::Pass if !self.voluntary_pass => Err(Refusal::PassIsNoAction),
            Command::Pass | Command::Exchange if plan.has_action() => Err(Refusal::OneAction),
            Command::Pass => {
                plan.pass = true;
                Ok(())
            }
            Command::Exchange => {
                plan.exchange = true;
                Ok(())
            }
            Command::Ask(ask) => {
                let target = self
                    .seat_of(&ask.target)
                    .ok_or_else(|| Refusal::NotAPlayer(ask.target.clone()))?;
                if target == seat {
                    return Err(Refusal::AskedSelf);
                }
                if plan.exchange || plan.pass {
                    return Err(Refusal::OneAction);
                }
                if let Some(first) = plan.questions.first() {
                    if ask.final_question || plan.final_question {
                        return Err(Refusal::FinalAlone);
                    }
                    if !self.settings.two_questions {
                        return Err(Refusal::OneAction);
                    }
                    if plan.questions.len() > 1
                        || first.target == target
                        || first.traits.len() == ask.traits.len()
                    {
                        return Err(Refusal::TwoQuestions);
                    }
                }
                let card = match ask.final_question {
                    true => None,
                    false => Some(self.card_for(seat, &ask.traits, ask.card, plan)?),
                };
                plan.final_question = ask.final_question;
                plan.questions.push(Question {
                    target,
                    traits: ask.traits.clone(),
                    card,
                });
                Ok(())
            }
        }
    }

    /// The Search card a question uses: the one named, or the most specific held that allows
    /// it (the exact card, then an element Free Choice, then the open one; the oldest held
    /// among equals). A card already used by this turn's other question is not offered.
    fn card_for(
        &self,
        seat: usize,
        traits: &[Trait],
        named: Option<SearchCard>,
        plan: &Plan,
    ) -> Result<SearchCard, Refusal> {
        let mut held: Vec<(usize, SearchCard)> =
            self.search[seat].iter().copied().enumerate().collect();
        for used in plan.questions.iter().filter_map(|q| q.card) {
            if let Some(at) = held.iter().position(|(_, c)| *c == used) {
                held.remove(at);
            }
        }
        let names = || self.search[seat].clone();
        match named {
            Some(card) => {
                if !held.iter().any(|(_, c)| *c == card) {
                    return Err(match self.search[seat].contains(&card) {
                        true => Refusal::SameCardTwice(card),
                        false => Refusal::CardNotHeld {
                            card,
                            held: names(),
                        },
                    });
                }
                if !card.allows(traits) {
                    return Err(Refusal::CardDoesNotAllow {
                        card,
                        traits: traits.to_vec(),
                    });
                }
                Ok(card)
            }
            None => held
                .iter()
                .filter(|(_, c)| c.allows(traits))
                .min_by_key(|(age, c)| (c.rank(), *age))
                .map(|(_, c)| *c)
                .ok_or(Refusal::NoCardAllows {
                    traits: traits.to_vec(),
                    held: names(),
                }),
        }
    }

    /// Carries out a checked plan: the action, its draws, then the accusation; then the turn
    /// ends if it should, and the game if it should.
    pub fn carry_out(&mut self, seat: usize, plan: Plan) -> Moved {
        let (events, reveals) = (self.log.len(), self.reveals.len());
        if self.seats[seat].skipped {
            self.seats[seat].skipped = false;
            self.log.push(Event::Returned {
                turn: self.turn,
                seat,
            });
        }
        self.seats[seat].idle = 0;
        let mut turn_ends = false;
        if plan.pass {
            self.log.push(Event::Passed {
                turn: self.turn,
                seat,
                by_gm: false,
            });
            turn_ends = true;
        }
        if plan.exchange {
            let cards = std::mem::take(&mut self.search[seat]);
            self.log.push(Event::Exchanged {
                turn: self.turn,
                seat,
                cards: cards.clone(),
            });
            self.discard.extend(cards.iter().copied());
            self.draw(seat, cards.len());
            turn_ends = true;
        }
        for q in &plan.questions {
            self.ask(seat, q, plan.final_question);
        }
        if !plan.questions.is_empty() && !plan.final_question {
            let used: Vec<SearchCard> = plan.questions.iter().filter_map(|q| q.card).collect();
            for card in &used {
                let at = self.search[seat].iter().position(|c| c == card);
                self.search[seat].remove(at.expect("a checked card is held"));
                self.discard.push(*card);
            }
            self.draw(seat, used.len());
            turn_ends = true;
        }
        if plan.final_question {
            self.final_asked = true;
        }
        if let Some(cards) = plan.accusation {
            let correct = self.is_missing(&cards);
            self.accusations.push(Accusation {
                turn: self.turn,
                seat,
                cards,
                correct,
            });
            self.settle(seat, correct, false);
            if self.current == Some(seat) {
                turn_ends = true;
            }
        }
        if !self.over {
            if turn_ends && self.current == Some(seat) {
                self.begin_next(seat);
            } else if self.current.is_none() {
                // Nobody could take a turn; a player back from a skip takes the next one.
                self.begin_next(seat + self.players.len() - 1);
            }
        }
        self.moved_since(events, reveals)
    }

    fn ask(&mut self, seat: usize, q: &Question, final_question: bool) {
        let cards = self.matching(q.target, &q.traits);
        self.log.push(Event::Asked {
            turn: self.turn,
            seat,
            target: q.target,
            traits: q.traits.clone(),
            card: q.card,
            final_question,
            count: cards.len(),
        });
        if q.traits.len() == 2 && !self.settings.supersleuth {
            self.reveals.push(Reveal {
                turn: self.turn,
                asker: seat,
                target: q.target,
                traits: q.traits.clone(),
                cards,
            });
        }
    }

    /// Draws `n` Search cards for `seat`, one at a time, reshuffling the discard pile into a
    /// new deck whenever the deck is empty.
    fn draw(&mut self, seat: usize, n: usize) {
        let mut drawn = Vec::new();
        for _ in 0..n {
            if self.deck.is_empty() {
                if self.discard.is_empty() {
                    break;
                }
                let pile = std::mem::take(&mut self.discard);
                let k = self.reshuffles.len() as u64;
                let order = match self.given_reshuffles.first() {
                    Some(given) if same_cards(given, &pile) => self.given_reshuffles.remove(0),
                    _ => setup::reshuffled(&pile, &self.salt, self.seed, k),
                };
                self.log.push(Event::Reshuffled {
                    turn: self.turn,
                    cards: order.len(),
                });
                self.reshuffles.push(order.clone());
                self.deck = order;
            }
            drawn.push(self.deck.remove(0));
        }
        self.search[seat].extend(drawn.iter().copied());
        self.log.push(Event::Drew {
            turn: self.turn,
            seat,
            cards: drawn,
        });
    }

    /// An accusation's result: a winner or a player out; the game ends when it should.
    fn settle(&mut self, seat: usize, correct: bool, timed_out: bool) {
        self.log.push(Event::Accused {
            turn: self.turn,
            seat,
            correct,
            timed_out,
        });
        self.seats[seat].standing = match correct {
            true => {
                self.winners.push(seat);
                Standing::Won
            }
            false => Standing::Out,
        };
        if self.current == Some(seat) {
            self.final_asked = false;
        }
        self.end_if_done();
    }

    fn end_if_done(&mut self) {
        let none_left = !(0..self.players.len()).any(|s| self.in_play(s));
        if self.winners.len() >= self.settings.winners || none_left {
            self.over = true;
            self.current = None;
            self.final_asked = false;
            self.log.push(Event::Ended {
                turn: self.turn,
                winners: self.winners.clone(),
                by_gm: false,
            });
        }
    }

    /// The turn `turn` reached its deadline: it passes, or, after a final question with no
    /// accusation, counts as a wrong accusation. Nothing happens for a turn already over.
    pub fn deadline(&mut self, turn: u32) -> Moved {
        let (events, reveals) = (self.log.len(), self.reveals.len());
        let Some(seat) = self.current.filter(|_| turn == self.turn && !self.over) else {
            return Moved::default();
        };
        self.steps.push(Step::Deadline { deadline: true });
        if self.final_asked {
            self.settle(seat, false, true);
        } else {
            self.log.push(Event::Passed {
                turn: self.turn,
                seat,
                by_gm: false,
            });
            let idle = &mut self.seats[seat];
            idle.idle += 1;
            // A seat already skipped (every player is, and turns go on among them) is not
            // news: the game master is told once.
            if idle.idle >= self.settings.idle_turns && !idle.skipped {
                idle.skipped = true;
                self.log.push(Event::Skipped {
                    turn: self.turn,
                    seat,
                });
            }
        }
        if !self.over {
            self.begin_next(seat);
        }
        self.moved_since(events, reveals)
    }

    /// The game master ends the turn under way now: it passes without counting against the
    /// player (after a final question it counts as no accusation, as at the deadline).
    pub fn gm_skip(&mut self) -> Moved {
        let (events, reveals) = (self.log.len(), self.reveals.len());
        let Some(seat) = self.current.filter(|_| !self.over) else {
            return Moved::default();
        };
        self.steps.push(Step::Gm { gm: "skip".into() });
        if self.final_asked {
            self.settle(seat, false, true);
            if !self.over {
                self.begin_next(seat);
            }
            return self.moved_since(events, reveals);
        }
        self.log.push(Event::Passed {
            turn: self.turn,
            seat,
            by_gm: true,
        });
        self.begin_next(seat);
        self.moved_since(events, reveals)
    }

    /// The game master ends the game now: nobody else wins; the end is shown to all.
    pub fn gm_end(&mut self) -> Moved {
        let (events, reveals) = (self.log.len(), self.reveals.len());
        if !self.over {
            self.steps.push(Step::Gm { gm: "end".into() });
            self.over = true;
            self.current = None;
            self.final_asked = false;
            self.log.push(Event::Ended {
                turn: self.turn,
                winners: self.winners.clone(),
                by_gm: true,
            });
        }
        self.moved_since(events, reveals)
    }

    /// The game master marks a player out: no more turns or accusations; they still answer.
    pub fn mark_out(&mut self, seat: usize) -> Moved {
        let (events, reveals) = (self.log.len(), self.reveals.len());
        if self.over || !self.in_play(seat) {
            return Moved::default();
        }
        self.steps.push(Step::Gm {
            gm: format!("out {}", self.players[seat]),
        });
        self.seats[seat].standing = Standing::Out;
        self.log.push(Event::MarkedOut {
            turn: self.turn,
            seat,
        });
        let was_current = self.current == Some(seat);
        self.end_if_done();
        if !self.over && was_current {
            self.begin_next(seat);
        }
        self.moved_since(events, reveals)
    }

    /// A new player takes a seat: the hand, Search cards and standing stay; the seat is no
    /// longer skipped.
    pub fn replace(&mut self, seat: usize, name: &str) -> Moved {
        let (events, reveals) = (self.log.len(), self.reveals.len());
        self.steps.push(Step::Gm {
            gm: format!("replace {} {name}", self.players[seat]),
        });
        let before = std::mem::replace(&mut self.players[seat], name.to_string());
        self.former.push((seat, before.clone()));
        self.seats[seat].skipped = false;
        self.seats[seat].idle = 0;
        self.log.push(Event::Replaced {
            turn: self.turn,
            seat,
            before,
        });
        if self.current.is_none() && !self.over {
            self.begin_next(seat + self.players.len() - 1);
        }
        self.moved_since(events, reveals)
    }

    fn moved_since(&self, events: usize, reveals: usize) -> Moved {
        Moved {
            events: self.log[events..].to_vec(),
            reveals: self.reveals[reveals..].to_vec(),
        }
    }
}

fn same_cards(a: &[SearchCard], b: &[SearchCard]) -> bool {
    let mut a: Vec<String> = a.iter().map(|c| c.name()).collect();
    let mut b: Vec<String> = b.iter().map(|c| c.name()).collect();
    a.sort();
    b.sort();
    a == b
}
