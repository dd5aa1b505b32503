//! The Information Sheet assistant: from one player's view alone, which card locations are
//! certain and how likely every other one is. Pure: no I/O, no clock; effort is bounded by a
//! work budget so the same view always gives the same sheet.

pub mod bounds;
pub mod view;

use serde::Serialize;

pub use bounds::{propagate, Domains};
pub use view::{Fact, Source, View, ViewError};

use crate::rules::Card;

/// How the probabilities were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Certainties only, from the facts one at a time.
    Bounds,
    /// Every consistent deal counted.
    Exact,
    /// Estimated by sampling consistent deals; certain cells are still proved.
    Sampled,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// The chance that the card is in this location, given everything the player knows.
    pub p: f64,
    /// `p` is proved: 1 means the card is surely here, 0 surely not.
    pub certain: bool,
    /// The standard error of a sampled estimate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<f64>,
    /// Why a certain cell is certain, when one fact tells.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

impl Cell {
    /// The chance as a whole percentage, never rounding an open cell to 0 % or 100 %.
    pub fn percent(&self) -> String {
        let pc = (self.p * 100.0).round().clamp(1.0, 99.0);
        format!("{pc}%")
    }

    /// How dark to shade the cell, from 0 to 1.
    pub fn shade(&self) -> String {
        format!("{:.2}", self.p)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    pub card: String,
    pub cells: Vec<Cell>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sheet {
    pub locations: Vec<String>,
    pub method: Method,
    /// Set when no deal fits the view (the view is wrong somewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contradiction: Option<String>,
    /// The number of deals consistent with the view, when counted exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deals: Option<String>,
    pub cards: Vec<Row>,
}

impl Sheet {
    /// The certainties that follow fact by fact; open cells are left at an even share.
    pub fn bounds(view: &View) -> Sheet {
        match propagate(view) {
            Ok(d) => {
                let mut sheet = Sheet::from_domains(view, &d, Method::Bounds);
                for row in &mut sheet.cards {
                    let open = row.cells.iter().filter(|c| !c.certain).count();
                    for c in row.cells.iter_mut().filter(|c| !c.certain) {
                        c.p = 1.0 / open as f64;
                    }
                }
                sheet
            }
            Err(c) => Sheet::contradiction(view, c.fact),
        }
    }

    fn from_domains(view: &View, d: &Domains, method: Method) -> Sheet {
        let cards = Card::all()
            .map(|card| {
                let k = card.index();
                let cells = (0..view.locations.len())
                    .map(|l| {
                        let here = d.places[k] >> l & 1 == 1;
                        let certain = !here || d.places[k] == 1 << l;
                        Cell {
                            p: if here && certain { 1.0 } else { 0.0 },
                            certain,
                            error: None,
                            why: certain
                                .then(|| explain(view, d, card, l, here))
                                .flatten(),
                        }
                    })
                    .collect();
                Row {
                    card: card.name(),
                    cells,
                }
            })
            .collect();
        Sheet {
            locations: view.locations.clone(),
            method,
            contradiction: None,
            deals: None,
            cards,
        }
    }

    /// A sheet for a view that could not be read (a stored page the assistant cannot parse).
    pub fn unreadable(locations: Vec<String>, problem: String) -> Sheet {
        Sheet {
            locations,
            method: Method::Bounds,
            contradiction: Some(format!("the assistant could not read your view: {problem}")),
            deals: None,
            cards: Vec::new(),
        }
    }

    fn contradiction(view: &View, fact: Option<usize>) -> Sheet {
        let what = match fact.and_then(|i| view.facts.get(i)) {
            Some(f) => format!(
                "no deal fits everything you know; the first fact that cannot hold is: {}",
                f.label
            ),
            None => "no deal fits everything you know".into(),
        };
        Sheet {
            locations: view.locations.clone(),
            method: Method::Bounds,
            contradiction: Some(what),
            deals: Some("0".into()),
            cards: Vec::new(),
        }
    }
}

fn explain(view: &View, d: &Domains, card: Card, loc: usize, here: bool) -> Option<String> {
    let fact = &view.facts[d.why[card.index()][loc]? as usize];
    let who = &view.locations[loc];
    let verb = match (loc == view.me, here) {
        (true, true) => "you hold".to_string(),
        (true, false) => "you do not hold".to_string(),
        (false, true) if who == "safe" => "the safe holds".to_string(),
        (false, false) if who == "safe" => "the safe does not hold".to_string(),
        (false, true) => format!("{who} holds"),
        (false, false) => format!("{who} does not hold"),
    };
    Some(format!("{verb} {}: {}", card.name(), fact.label))
}
