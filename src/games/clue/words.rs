//! Clue's sentences in the reader's language: a card, a room, a spot on the board, and every
//! event of the log as one reader may see it (a card shown is named only to the suggester and
//! the refuter: `view::event_for`). The pages, the letters and the mail answers all word the
//! game through these.

use super::board::{Room, Spot, CORRIDORS};
use super::cards::Card;
use super::game::Event;
use super::service::Stored;
use super::view::event_for;
use crate::lang::Lang;

impl Lang {
    /// A card by its name in this language (`Colonel Mustard` / `Colonel Moutarde`).
    pub fn clue_card(&self, c: Card) -> String {
        match self {
            Lang::En => c.name(),
            Lang::Fr => c.name_fr(),
        }
    }

    /// A room by its card's name in this language.
    pub fn clue_room(&self, r: Room) -> String {
        self.clue_card(Card::of_room(r))
    }

    /// Where a move took a piece, in words (`to the Kitchen`).
    pub fn clue_spot(&self, s: Spot) -> String {
        self.clue_spot_as(s, "clue-spot")
    }

    /// Where a piece stands, in words (`in the Kitchen`).
    pub fn clue_where(&self, s: Spot) -> String {
        self.clue_spot_as(s, "clue-at")
    }

    fn clue_spot_as(&self, s: Spot, prefix: &str) -> String {
        match s {
            Spot::In(r) => self.t1(&format!("{prefix}-in"), "room", self.clue_room(r)),
            Spot::Door(r) => self.t1(&format!("{prefix}-door"), "room", self.clue_room(r)),
            Spot::Start(_) => self.t(&format!("{prefix}-start")),
            Spot::Corridor { corridor, from_a } => {
                let (a, b, len) = CORRIDORS[corridor];
                self.tr(
                    &format!("{prefix}-corridor"),
                    [
                        ("a", self.clue_place(a).into()),
                        ("b", self.clue_place(b).into()),
                        ("squares", from_a.into()),
                        ("left", (len - from_a).into()),
                    ],
                )
            }
        }
    }

    fn clue_place(&self, p: super::board::Place) -> String {
        match p {
            super::board::Place::Room(r) => self.clue_room(r),
            super::board::Place::Start(_) => self.t("clue-spot-start"),
        }
    }

    /// Names joined as "a, b or c", in the reader's language.
    fn clue_or(&self, names: &[String]) -> String {
        match (names.split_last(), self) {
            (Some((last, rest)), Lang::Fr) if !rest.is_empty() => {
                format!("{} ou {last}", rest.join(", "))
            }
            _ => crate::lang::words::or_list(names),
        }
    }

    /// One event as `viewer` may see it (None: the public).
    pub fn clue_event(&self, g: &Stored, e: &Event, viewer: Option<usize>) -> String {
        let who = |s: &usize| g.game.players[*s].as_str();
        let guest = |i: &usize| self.clue_card(Card::all().nth(*i).expect("a guest"));
        match event_for(e, viewer) {
            Event::Rolled { seat, dice } => self.tr(
                "clue-rolled",
                [
                    ("player", who(&seat).into()),
                    ("a", dice.0.into()),
                    ("b", dice.1.into()),
                ],
            ),
            Event::Moved { guest: g_, to } => {
                self.t2("clue-moved", "guest", guest(&g_), "to", self.clue_spot(to))
            }
            Event::Suggested {
                seat,
                guest,
                room,
                weapon,
            } => self.tr(
                "clue-suggested",
                [
                    ("player", who(&seat).into()),
                    ("guest", self.clue_card(guest).into()),
                    ("room", self.clue_room(room).into()),
                    ("weapon", self.clue_card(weapon).into()),
                ],
            ),
            Event::HadNone { seat } => self.t1("clue-had-none", "player", who(&seat)),
            // The refuter alone sees the cards it may show.
            Event::Asked { seat, to, cards } if viewer == Some(seat) && !cards.is_empty() => {
                let names: Vec<String> = cards.iter().map(|c| self.clue_card(*c)).collect();
                self.tr(
                    "clue-asked-you",
                    [
                        ("to", who(&to).into()),
                        ("cards", self.clue_or(&names).into()),
                        ("first", names[0].clone().into()),
                    ],
                )
            }
            Event::Asked { seat, to, .. } => {
                self.t2("clue-asked", "player", who(&seat), "to", who(&to))
            }
            Event::ShowedUnseen { seat, to } => {
                self.t2("clue-showed-unseen", "player", who(&seat), "to", who(&to))
            }
            Event::Showed { seat, to, card } if viewer == Some(to) => self.tr(
                "clue-showed-you",
                [
                    ("player", who(&seat).into()),
                    ("card", self.clue_card(card).into()),
                ],
            ),
            Event::Showed { to, card, .. } => self.tr(
                "clue-you-showed",
                [
                    ("to", who(&to).into()),
                    ("card", self.clue_card(card).into()),
                ],
            ),
            Event::NobodyShowed => self.t("clue-nobody-showed"),
            Event::Accused {
                seat,
                guest,
                room,
                weapon,
                right,
            } => self.tr(
                if right {
                    "clue-accused-right"
                } else {
                    "clue-accused-wrong"
                },
                [
                    ("player", who(&seat).into()),
                    ("guest", self.clue_card(guest).into()),
                    ("room", self.clue_room(room).into()),
                    ("weapon", self.clue_card(weapon).into()),
                ],
            ),
            Event::Turn { seat } => self.t1("clue-turn", "player", who(&seat)),
            Event::Over { winner: Some(w) } => self.t1("clue-over-won", "player", who(&w)),
            Event::Over { winner: None } => self.t("clue-over-none"),
            Event::Replaced { seat, before } => {
                self.t2("clue-replaced", "player", who(&seat), "before", before)
            }
        }
    }
}
