//! Classic Sleuth in the reader's language: Search cards, questions, and each public event of
//! a game's log. English keeps the printed cards' names (`Pairs`, `Blue Opals`).

use super::{words, Lang};
use crate::rules::cards::Trait;
use crate::sleuth::search::question_words;
use crate::sleuth::{Event, SearchCard, Sleuth};

impl Lang {
    /// What a question is about: `Pairs`, `Blue Opals` / `paires`, `opales bleues`.
    pub fn classic_what(&self, traits: &[Trait]) -> String {
        match self {
            Lang::En => question_words(traits),
            _ => words::traits_plural(*self, traits),
        }
    }

    /// A Search card's name: `Free Choice Blue` / `Choix libre : bleus`.
    pub fn search_card(&self, card: SearchCard) -> String {
        match (self, card) {
            (Lang::En, c) => c.name(),
            (_, SearchCard::One(t)) => self.classic_what(&[t]),
            (_, SearchCard::Two(a, b)) => self.classic_what(&[a, b]),
            (_, SearchCard::Free) => self.t("classic-free-choice"),
            (_, SearchCard::FreeOf(t)) => {
                self.t1("classic-free-choice-of", "element", self.classic_what(&[t]))
            }
        }
    }

    pub fn search_cards(&self, cards: &[SearchCard]) -> String {
        let names: Vec<String> = cards.iter().map(|c| self.search_card(*c)).collect();
        names.join(", ")
    }

    /// One public event of a classic game as a sentence; none for what needs no line.
    pub fn classic_event(&self, g: &Sleuth, e: &Event) -> String {
        let name = |s: &usize| g.players[*s].as_str();
        match e {
            Event::TurnBegan { turn, seat } => {
                self.t2("classic-turn-began", "turn", *turn, "player", name(seat))
            }
            Event::Asked {
                seat,
                target,
                traits,
                card,
                final_question,
                count,
                ..
            } => {
                let id = match (traits.len(), final_question) {
                    (1, false) => "classic-asked-one",
                    (_, false) => "classic-asked-two",
                    (1, true) => "classic-asked-final-one",
                    (_, true) => "classic-asked-final-two",
                };
                self.tr(
                    id,
                    [
                        ("asker", name(seat).into()),
                        ("target", name(target).into()),
                        ("what", self.classic_what(traits).into()),
                        (
                            "card",
                            card.map(|c| self.search_card(c)).unwrap_or_default().into(),
                        ),
                        ("count", (*count as u32).into()),
                    ],
                )
            }
            Event::Exchanged { seat, cards, .. } => self.t2(
                "classic-exchanged",
                "player",
                name(seat),
                "cards",
                self.search_cards(cards),
            ),
            Event::Drew { seat, cards, .. } => self.t2(
                "classic-drew",
                "player",
                name(seat),
                "cards",
                self.search_cards(cards),
            ),
            Event::Reshuffled { cards, .. } => {
                self.t1("classic-reshuffled", "count", *cards as u32)
            }
            Event::Passed { seat, by_gm, .. } => match by_gm {
                true => self.t1("classic-passed-gm", "player", name(seat)),
                false => self.t1("classic-passed", "player", name(seat)),
            },
            Event::Skipped { seat, .. } => self.t2(
                "classic-skipped",
                "player",
                name(seat),
                "turns",
                g.settings.idle_turns,
            ),
            Event::Returned { seat, .. } => self.t1("classic-returned", "player", name(seat)),
            Event::Accused {
                seat,
                correct,
                timed_out,
                ..
            } => self.t1(
                match (correct, timed_out) {
                    (true, _) => "classic-accused-right",
                    (false, true) => "classic-accused-timeout",
                    (false, false) => "classic-accused-wrong",
                },
                "player",
                name(seat),
            ),
            Event::MarkedOut { seat, .. } => self.t1("classic-marked-out", "player", name(seat)),
            Event::Replaced { seat, before, .. } => self.t2(
                "classic-replaced",
                "player",
                name(seat),
                "before",
                before.as_str(),
            ),
            Event::Ended { winners, .. } if winners.is_empty() => self.t("classic-ended-none"),
            Event::Ended { winners, .. } => {
                let names: Vec<&str> = winners.iter().map(name).collect();
                self.t1("classic-ended", "winners", names.join(", "))
            }
        }
    }
}
