//! What each reader of a classic game may see (RULES-SLEUTH.md §4), as data the pages, the
//! mails, the API and `replay` are built from: the public table for everyone, and one seat's
//! own hand, the cards shown to them and their accusations for that player alone. The deal,
//! the salt and the Search deck's order appear only once the game is over.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::games::deck::Trait;
use crate::games::polysleuth::rules::{Card, CardSet};

use super::game::{Event, Sleuth, Standing};
use super::search::SearchCard;
use super::settings::Settings;

#[derive(Clone, Debug, Serialize)]
pub struct PublicSeat {
    pub name: String,
    pub standing: Standing,
    pub skipped: bool,
    pub search: Vec<SearchCard>,
}

/// The end of a game, shown to everyone once it is over.
#[derive(Clone, Debug, Serialize)]
pub struct End {
    pub missing: CardSet,
    pub deal: BTreeMap<String, CardSet>,
    pub salt: String,
    pub search_order: Vec<SearchCard>,
    pub reshuffles: Vec<Vec<SearchCard>>,
    /// The seed that keys the reshuffles, which the commitment binds.
    pub seed: u64,
    /// The text the commitment hashed (before the salt), so anyone can check it.
    pub canonical: String,
}

/// Everything public about a game.
#[derive(Clone, Debug, Serialize)]
pub struct Public {
    pub settings: Settings,
    pub seats: Vec<PublicSeat>,
    pub turn: u32,
    pub current: Option<String>,
    pub final_asked: bool,
    pub table: CardSet,
    pub discard: Vec<SearchCard>,
    pub deck_size: usize,
    pub log: Vec<serde_json::Value>,
    pub winners: Vec<String>,
    pub over: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<End>,
}

/// Cards shown to the reader by one of their questions.
#[derive(Clone, Debug, Serialize)]
pub struct Shown {
    pub turn: u32,
    pub target: String,
    pub traits: Vec<Trait>,
    pub cards: CardSet,
}

/// What one seat alone may see.
#[derive(Clone, Debug, Serialize)]
pub struct Own {
    pub name: String,
    pub hand: CardSet,
    pub shown: Vec<Shown>,
    pub accusations: Vec<Vec<Card>>,
}

impl Sleuth {
    /// The name seat `seat` had when the log's event number `at` happened: a seat given to
    /// someone else later keeps its old name in the lines before (the `Replaced` event's
    /// `before`), so the log reads as it happened.
    pub fn name_at(&self, seat: usize, at: usize) -> &str {
        self.log
            .iter()
            .skip(at + 1)
            .find_map(|e| match e {
                Event::Replaced {
                    seat: s, before, ..
                } if *s == seat => Some(before.as_str()),
                _ => None,
            })
            .unwrap_or(self.players[seat].as_str())
    }

    /// An event with names in place of seats (as they were when it happened, `at` being its
    /// place in the log), as the log and `replay` give it.
    pub fn named(&self, e: &Event, at: usize) -> serde_json::Value {
        let mut v = serde_json::to_value(e).expect("events serialise");
        if let Some(map) = v.as_object_mut() {
            for key in ["seat", "target"] {
                if let Some(seat) = map.get(key).and_then(|s| s.as_u64()) {
                    map.insert(key.into(), self.name_at(seat as usize, at).into());
                }
            }
            if let Some(list) = map.get("winners").and_then(|w| w.as_array()).cloned() {
                let names: Vec<serde_json::Value> = list
                    .iter()
                    .filter_map(|s| s.as_u64())
                    .map(|s| self.players[s as usize].clone().into())
                    .collect();
                map.insert("winners".into(), names.into());
            }
        }
        v
    }

    pub fn public(&self) -> Public {
        Public {
            settings: self.settings.clone(),
            seats: (0..self.players.len())
                .map(|s| PublicSeat {
                    name: self.players[s].clone(),
                    standing: self.seats[s].standing,
                    skipped: self.seats[s].skipped,
                    search: self.search[s].clone(),
                })
                .collect(),
            turn: self.turn,
            current: self.current.map(|s| self.players[s].clone()),
            final_asked: self.final_asked,
            table: self.deal.table,
            discard: self.discard.clone(),
            deck_size: self.deck.len(),
            log: (self.log.iter().enumerate())
                .map(|(at, e)| self.named(e, at))
                .collect(),
            winners: self
                .winners
                .iter()
                .map(|s| self.players[*s].clone())
                .collect(),
            over: self.over,
            end: self.over.then(|| self.end()),
        }
    }

    /// The missing gems, the whole deal and what the commitment binds.
    pub fn end(&self) -> End {
        let mut deal: BTreeMap<String, CardSet> = self
            .players
            .iter()
            .cloned()
            .zip(self.deal.hands.iter().copied())
            .collect();
        deal.insert("table".into(), self.deal.table);
        deal.insert("missing".into(), self.deal.missing);
        End {
            missing: self.deal.missing,
            deal,
            salt: self.salt.clone(),
            search_order: self.search_order.clone(),
            reshuffles: self.reshuffles.clone(),
            seed: self.seed,
            canonical: self.canonical_text(),
        }
    }

    /// What `seat` alone may see.
    pub fn own(&self, seat: usize) -> Own {
        Own {
            name: self.players[seat].clone(),
            hand: self.deal.hands[seat],
            shown: self
                .reveals
                .iter()
                .filter(|r| r.asker == seat)
                .map(|r| Shown {
                    turn: r.turn,
                    target: self.players[r.target].clone(),
                    traits: r.traits.clone(),
                    cards: r.cards,
                })
                .collect(),
            accusations: self
                .accusations
                .iter()
                .filter(|a| a.seat == seat)
                .map(|a| a.cards.clone())
                .collect(),
        }
    }
}
