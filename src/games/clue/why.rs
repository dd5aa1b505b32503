//! Why a line of a Clue message was not carried out, kept whole — not a command, refused by
//! the rules at that moment, or a turn line after a move that fell short of its room — so the
//! answer to its sender words it in their language. The record and the API keep the English
//! sentence (`Display`), which the English words equal.

use std::fmt;

use super::board::{distance, Room, Spot};
use super::command::Problem;
use super::game::{Event, NamesWanted, Refusal};
use crate::lang::Lang;

/// A move that did not reach its room: the roll, and the squares still needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShortMove {
    pub room: Room,
    pub dice: (u32, u32),
    pub left: u32,
}

impl fmt::Display for ShortMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.dice;
        write!(
            f,
            "the move did not reach the {}: you rolled {a} and {b} ({}), and {} squares are still needed, so your turn ended there",
            super::cards::Card::of_room(self.room).name(),
            a + b,
            self.left
        )
    }
}

/// When a `move to ROOM` fell short (its events hold the roll and where the piece stopped):
/// what a later turn line of the message is refused with.
pub fn fell_short(room: Room, events: &[Event]) -> Option<ShortMove> {
    let dice = events.iter().find_map(|e| match e {
        Event::Rolled { dice, .. } => Some(*dice),
        _ => None,
    })?;
    let to = events.iter().find_map(|e| match e {
        Event::Moved { to, .. } => Some(*to),
        _ => None,
    })?;
    (to != Spot::In(room)).then(|| ShortMove {
        room,
        dice,
        left: distance(to, room),
    })
}

/// Why a line was not carried out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    Unread(Problem),
    Refused(Refusal),
    Short(ShortMove),
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Unread(p) => p.fmt(f),
            Why::Refused(r) => r.fmt(f),
            Why::Short(s) => s.fmt(f),
        }
    }
}

impl Lang {
    /// Why a line was not carried out, in this language.
    pub fn clue_why(&self, why: &Why) -> String {
        match why {
            Why::Unread(p) => self.clue_problem(p),
            Why::Refused(r) => self.clue_refusal(r),
            Why::Short(s) => {
                let (a, b) = s.dice;
                self.tr(
                    "clue-refusal-short",
                    [
                        ("room", self.clue_room(s.room).into()),
                        ("a", a.into()),
                        ("b", b.into()),
                        ("sum", (a + b).into()),
                        ("left", s.left.into()),
                    ],
                )
            }
        }
    }

    fn clue_problem(&self, p: &Problem) -> String {
        match p {
            Problem::NotUnderstood => self.t("clue-refusal-not-understood"),
            Problem::NoCard(word) => self.t1("clue-refusal-no-card", "word", word.as_str()),
            Problem::WrongKind(word, kind) => self.t2(
                "clue-refusal-wrong-kind",
                "word",
                word.as_str(),
                "kind",
                self.t(&format!("clue-refusal-kind-{kind}")),
            ),
            Problem::Twice(card) => self.t1("clue-refusal-twice", "card", self.clue_card(*card)),
            Problem::EmptyShowOrder => self.t("clue-refusal-empty-show-order"),
        }
    }

    fn clue_refusal(&self, r: &Refusal) -> String {
        let cards = |cards: &[super::cards::Card]| {
            let names: Vec<String> = cards.iter().map(|c| self.clue_card(*c)).collect();
            names.join(", ")
        };
        match r {
            Refusal::NotYourTurn => self.t("clue-refusal-not-your-turn"),
            Refusal::Out => self.t("clue-refusal-out"),
            Refusal::Over => self.t("clue-refusal-over"),
            Refusal::MoveFirst => self.t("clue-refusal-move-first"),
            Refusal::MovedAlready => self.t("clue-refusal-moved-already"),
            Refusal::SuggestedAlready => self.t("clue-refusal-suggested-already"),
            Refusal::NoBoard => self.t("clue-refusal-no-board"),
            Refusal::SuggestFirst => self.t("clue-refusal-suggest-first"),
            Refusal::SameRoom => self.t("clue-refusal-same-room"),
            Refusal::NoPassage => self.t("clue-refusal-no-passage"),
            Refusal::NoStay => self.t("clue-refusal-no-stay"),
            Refusal::NotInRoom => self.t("clue-refusal-not-in-room"),
            Refusal::Names(wanted) => self.t(match wanted {
                NamesWanted::Nothing => "clue-refusal-names",
                NamesWanted::NotARoom => "clue-refusal-names-not-a-room",
                NamesWanted::AnotherRoom => "clue-refusal-names-another-room",
                NamesWanted::ARoom => "clue-refusal-names-a-room",
            }),
            Refusal::AccuseAfterAnswer => self.t("clue-refusal-accuse-after-answer"),
            Refusal::NothingToShow => self.t("clue-refusal-nothing-to-show"),
            Refusal::ShowOneOf(c) => self.t1("clue-refusal-show-one-of", "cards", cards(c)),
            Refusal::WaitingForAnswer => self.t("clue-refusal-waiting-for-answer"),
            Refusal::NotHeld(c) => self.t1("clue-refusal-not-held", "cards", cards(c)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::clue::cards::Card;

    fn every_why() -> Vec<Why> {
        let card = |name: &str| Card::parse(name).expect("a card");
        let (rope, plum) = (card("Rope"), card("Plum"));
        let mut all: Vec<Why> = [
            Problem::NotUnderstood,
            Problem::NoCard("Zeppelin".into()),
            Problem::WrongKind("Plum".into(), "weapon"),
            Problem::WrongKind("Rope".into(), "room"),
            Problem::WrongKind("Spa".into(), "guest"),
            Problem::Twice(rope),
            Problem::EmptyShowOrder,
        ]
        .into_iter()
        .map(Why::Unread)
        .collect();
        let refusals = [
            Refusal::NotYourTurn,
            Refusal::Out,
            Refusal::Over,
            Refusal::MoveFirst,
            Refusal::MovedAlready,
            Refusal::SuggestedAlready,
            Refusal::NoBoard,
            Refusal::SuggestFirst,
            Refusal::SameRoom,
            Refusal::NoPassage,
            Refusal::NoStay,
            Refusal::NotInRoom,
            Refusal::Names(NamesWanted::Nothing),
            Refusal::Names(NamesWanted::NotARoom),
            Refusal::Names(NamesWanted::AnotherRoom),
            Refusal::Names(NamesWanted::ARoom),
            Refusal::AccuseAfterAnswer,
            Refusal::NothingToShow,
            Refusal::ShowOneOf(vec![rope, plum]),
            Refusal::WaitingForAnswer,
            Refusal::NotHeld(vec![plum]),
        ];
        all.extend(refusals.into_iter().map(Why::Refused));
        all.push(Why::Short(ShortMove {
            room: card("Kitchen").room().expect("a room"),
            dice: (2, 3),
            left: 4,
        }));
        all
    }

    #[test]
    fn every_reason_reads_in_english_as_the_engine_words_it_and_in_french_in_french() {
        for why in every_why() {
            assert_eq!(Lang::En.clue_why(&why), why.to_string(), "{why:?}");
            let french = Lang::Fr.clue_why(&why);
            assert!(!french.contains("clue-refusal"), "{why:?}: {french}");
            assert_ne!(french, why.to_string(), "{why:?} is not worded in French");
        }
        let one = Why::Short(ShortMove {
            room: Card::parse("Kitchen").and_then(Card::room).expect("a room"),
            dice: (1, 1),
            left: 1,
        });
        assert!(Lang::Fr.clue_why(&one).contains("il manque encore 1 case,"));
        let short = every_why().pop().expect("the short move");
        assert_eq!(
            Lang::Fr.clue_why(&short),
            "le déplacement n’a pas atteint la pièce Cuisine : vous avez fait 2 et 3 (5), il manque encore 4 cases, donc votre tour s’est arrêté là"
        );
    }
}
