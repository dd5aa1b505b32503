//! The Information Sheet assistant: from one player's view alone, which card locations are
//! certain and how likely every other one is. Pure: no I/O, no clock; effort is bounded by a
//! work budget so the same view always gives the same sheet.

pub mod bounds;
pub mod count;
pub mod sample;
pub mod view;

use serde::{Deserialize, Serialize};

pub use bounds::{propagate, Domains};
pub use view::{Fact, Source, View, ViewError};

use crate::games::deck::Card;

/// How the probabilities were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Only what the player was told, fact by fact (the assistant is off).
    Told,
    /// Certainties only, from the facts one at a time.
    Bounds,
    /// Every consistent deal counted.
    Exact,
    /// Estimated by sampling consistent deals; certain cells are still proved.
    Sampled,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    /// The chance that the card is in this location, given everything the player knows;
    /// not a number (null in JSON) when not known and not worked out.
    #[serde(deserialize_with = "unknown_as_nan")]
    pub p: f64,
    /// `p` is proved: 1 means the card is surely here, 0 surely not.
    pub certain: bool,
    /// The standard error of a sampled estimate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<f64>,
    /// Why a certain cell is certain, when one fact tells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// The same as data, for each language to word (`why` is its English).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
}

/// Why a certain cell is certain: one fact (`fact`), or that no deal that fits everything the
/// player knows puts the card elsewhere (`here`) or there (not `here`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reason {
    pub here: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fact: Option<view::FactWords>,
}

/// JSON has no NaN: an unknown chance is written as null and read back as NaN.
fn unknown_as_nan<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::NAN))
}

impl Cell {
    /// The chance as a whole percentage, never rounding an open cell to 0 % or 100 %.
    pub fn percent(&self) -> String {
        let pc = (self.p * 100.0).round().clamp(1.0, 99.0);
        format!("{pc}%")
    }

    /// For a sampled estimate: "estimated 23% ± 2%"; empty for an exact chance.
    pub fn estimate_text(&self) -> String {
        match self.error {
            Some(e) => format!(
                "estimated {} ± {:.0}% (two standard errors)",
                self.percent(),
                (2.0 * e * 100.0).max(1.0)
            ),
            None => String::new(),
        }
    }

    /// How dark to shade the cell, from 0 to 1.
    /// The shade of the cell, in twentieths: a class of the style sheet (`p0` … `p20`), so the
    /// page needs no inline style under its Content-Security-Policy.
    pub fn shade(&self) -> u8 {
        (self.p.clamp(0.0, 1.0) * 20.0).round() as u8
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    pub card: String,
    pub cells: Vec<Cell>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sheet {
    pub locations: Vec<String>,
    pub method: Method,
    /// Set when no deal fits the view (the view is wrong somewhere).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contradiction: Option<String>,
    /// The number of deals consistent with the view, when counted exactly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deals: Option<String>,
    pub cards: Vec<Row>,
}

/// How much work the assistant may spend on one view before it samples instead of counting.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Units of counting work: by default enough to count every view of the bench up to six
    /// players, the costliest in about a second on a 2-core machine (see benches/deduce.rs).
    pub count: u64,
    /// The sampling done when counting would cost more.
    pub sample: sample::Plan,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            count: 26_000_000,
            sample: sample::Plan::default(),
        }
    }
}

impl Sheet {
    /// The full sheet: exact where the budget allows, sampled beyond it, certainties proved.
    pub fn compute(view: &View, budget: &Budget) -> Sheet {
        let d = match propagate(view) {
            Ok(d) => d,
            Err(c) => return Sheet::contradiction(view, c.fact),
        };
        match count::count(view, &d, budget.count) {
            Ok(c) if c.deals == 0 => Sheet::contradiction(view, None),
            Ok(c) => {
                let mut sheet = Sheet::from_domains(view, &d, Method::Exact);
                for (k, row) in sheet.cards.iter_mut().enumerate() {
                    for (l, cell) in row.cells.iter_mut().enumerate() {
                        if cell.certain {
                            continue;
                        }
                        let at = c.at[k][l];
                        cell.p = at as f64 / c.deals as f64;
                        if at == 0 || at == c.deals {
                            cell.certain = true;
                            cell.p = if at == 0 { 0.0 } else { 1.0 };
                            cell.why = Some(no_deal(view, k, l, at != 0));
                            cell.reason = Some(Reason {
                                here: at != 0,
                                fact: None,
                            });
                        }
                    }
                }
                sheet.deals = Some(c.deals.to_string());
                sheet
            }
            Err(_) => match sample::estimate(view, &d, &budget.sample) {
                None => Sheet::bounds(view),
                Some(e) => {
                    let mut sheet = Sheet::from_domains(view, &d, Method::Sampled);
                    for (k, row) in sheet.cards.iter_mut().enumerate() {
                        let open: Vec<usize> = (0..row.cells.len())
                            .filter(|&l| !e.impossible[k][l])
                            .collect();
                        for (l, cell) in row.cells.iter_mut().enumerate() {
                            if cell.certain {
                                continue;
                            }
                            if e.impossible[k][l] {
                                cell.certain = true;
                                cell.p = 0.0;
                                cell.why = Some(no_deal(view, k, l, false));
                                cell.reason = Some(Reason {
                                    here: false,
                                    fact: None,
                                });
                            } else if open == [l] {
                                cell.certain = true;
                                cell.p = 1.0;
                                cell.why = Some(no_deal(view, k, l, true));
                                cell.reason = Some(Reason {
                                    here: true,
                                    fact: None,
                                });
                            } else {
                                // Possible but never sampled: shown as under 1 %, never 0.
                                cell.p = e.p[k][l].max(0.5 / e.samples as f64);
                                cell.error = Some(e.error[k][l]);
                            }
                        }
                    }
                    sheet
                }
            },
        }
    }

    /// Only what the player was told outright: their hand, published cards, their guesses'
    /// results and their reveals. No deduction: for games where the assistant is off.
    pub fn told(view: &View) -> Sheet {
        let mut places = [0xffu8 >> (8 - view.locations.len()); 36];
        let mut why = [[None; 8]; 36];
        for (i, f) in view.facts.iter().enumerate() {
            if f.source == Source::Sizes {
                continue;
            }
            for c in f.set.iter() {
                let k = c.index();
                if f.count == f.set.len() {
                    places[k] &= 1 << f.loc;
                    why[k][f.loc] = Some(i as u16);
                } else if f.count == 0 {
                    places[k] &= !(1 << f.loc);
                    why[k][f.loc] = Some(i as u16);
                }
            }
        }
        if places.contains(&0) {
            return Sheet::contradiction(view, None);
        }
        let mut sheet = Sheet::from_domains(view, &Domains { places, why }, Method::Told);
        for row in &mut sheet.cards {
            for c in row.cells.iter_mut().filter(|c| !c.certain) {
                c.p = f64::NAN;
            }
        }
        sheet
    }

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
                            why: certain.then(|| explain(view, d, card, l, here)).flatten(),
                            reason: certain
                                .then(|| {
                                    let fact = &view.facts[d.why[k][l]? as usize];
                                    Some(Reason {
                                        here,
                                        fact: Some(fact.words.clone()),
                                    })
                                })
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

fn no_deal(view: &View, card: usize, loc: usize, here: bool) -> String {
    let name = Card::from_index(card).name();
    let place = if loc == view.me {
        "you".to_string()
    } else {
        view.locations[loc].clone()
    };
    if here {
        format!("{name} can only be with {place}: no deal that fits everything you know puts it anywhere else")
    } else {
        format!(
            "{name} cannot be with {place}: no deal that fits everything you know puts it there"
        )
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
