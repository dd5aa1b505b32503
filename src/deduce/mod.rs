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

#[cfg(test)]
mod tests {
    use super::count::count;
    use super::sample::{estimate, Plan};
    use super::*;
    use crate::games::deck::matching;
    use crate::games::polysleuth::assistant::Told;
    use crate::games::polysleuth::rules::view::{Answer, Published, Reveal};
    use crate::games::polysleuth::rules::{
        Bulletin, CardSet, Deal, PrivateReport, Settings, Trait,
    };
    use crate::games::polysleuth::sim::{self, Style};
    use rand::RngExt;

    fn names(n: usize) -> Vec<String> {
        ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    /// A small view of seat 0: most cards published, some true answers and a reveal, leaving
    /// `open` cards whose place is unknown.
    fn small_view(n: usize, seed: u64, open: usize) -> (View, Deal) {
        let settings = Settings::default();
        let deal = Deal::draw(n, &settings, seed).unwrap();
        let players = names(n);
        let mut view = View::new(
            &players,
            0,
            deal.hands[0],
            settings.hand_size_for(n),
            settings.safe_size_for(n),
        )
        .unwrap();
        let owner_name = |c| match deal.owner(c) {
            crate::games::polysleuth::rules::Owner::Seat(s) => players[s].clone(),
            crate::games::polysleuth::rules::Owner::Safe => "safe".into(),
        };
        let mut rng = sim::rng(seed);
        let mut unknown: Vec<Card> = Card::all()
            .filter(|c| !deal.hands[0].contains(*c))
            .collect();
        let mut published = Vec::new();
        while unknown.len() > open {
            let c = unknown.swap_remove(rng.random_range(0..unknown.len()));
            published.push(Published {
                card: c.name(),
                owner: owner_name(c),
            });
        }
        let traits = Trait::all();
        let mut answers = Vec::new();
        for _ in 0..3 {
            let target = rng.random_range(1..n);
            let a = traits[rng.random_range(0..10)];
            let mut ts = vec![a];
            let b = traits[rng.random_range(0..10)];
            if b.kind() != a.kind() && rng.random_bool(0.5) {
                ts.push(b);
            }
            let set = matching(&ts);
            answers.push(Answer {
                target: players[target].clone(),
                traits: ts.iter().map(|t| t.name().to_string()).collect(),
                count: set.intersect(deal.hands[target]).len() as u32,
                asker: players[0].clone(),
                weight: 0,
            });
        }
        view.add_bulletin(&Bulletin {
            round: 1,
            answers,
            published,
            ..Bulletin::default()
        })
        .unwrap();
        let target = rng.random_range(1..n);
        let ts = [
            Trait::Number(rng.random_range(1..=3u8)),
            Trait::Gem(crate::games::polysleuth::rules::Gem::Opal),
        ];
        let set = matching(&ts);
        view.add_report(
            1,
            &PrivateReport {
                player: players[0].clone(),
                guesses: vec![],
                reveals: vec![Reveal {
                    player: players[0].clone(),
                    target: players[target].clone(),
                    traits: ts.iter().map(|t| t.name().to_string()).collect(),
                    cards: set.intersect(deal.hands[target]).names(),
                }],
                eyes: 0,
                half_points: 0,
            },
        )
        .unwrap();
        (view, deal)
    }

    /// Every assignment of the unknown cards to every place, checked against every fact.
    fn brute_force(view: &View) -> (u128, Vec<[u128; 8]>) {
        let locs = view.locations.len();
        let mut known = [None; 36];
        for f in &view.facts {
            if f.count == f.set.len() && f.set != CardSet::ALL {
                for c in f.set.iter() {
                    known[c.index()] = Some(f.loc);
                }
            }
        }
        let unknown: Vec<usize> = (0..36).filter(|&k| known[k].is_none()).collect();
        let mut total = 0u128;
        let mut at = vec![[0u128; 8]; 36];
        let mut place = vec![0usize; unknown.len()];
        loop {
            let mut sets = vec![CardSet::EMPTY; locs];
            for k in 0..36 {
                let l = match known[k] {
                    Some(l) => l,
                    None => place[unknown.iter().position(|&u| u == k).unwrap()],
                };
                sets[l].insert(Card::from_index(k));
            }
            if view
                .facts
                .iter()
                .all(|f| sets[f.loc].intersect(f.set).len() == f.count)
            {
                total += 1;
                for (l, s) in sets.iter().enumerate() {
                    for c in s.iter() {
                        at[c.index()][l] += 1;
                    }
                }
            }
            // Next assignment, as a counter in base `locs`.
            let mut i = 0;
            loop {
                if i == place.len() {
                    return (total, at);
                }
                place[i] += 1;
                if place[i] < locs {
                    break;
                }
                place[i] = 0;
                i += 1;
            }
        }
    }

    #[test]
    fn exact_counts_match_brute_force_enumeration() {
        let mut compared = 0;
        for (n, open) in [(3, 10), (4, 8), (5, 6), (6, 6)] {
            for seed in 0..6 {
                let (view, _) = small_view(n, seed * 31 + n as u64, open);
                let (total, at) = brute_force(&view);
                assert!(total > 0, "the true deal always fits");
                let d = propagate(&view).expect("a true view is consistent");
                let c = count(&view, &d, u64::MAX).unwrap();
                assert_eq!(c.deals, total, "{n} players, seed {seed}");
                assert_eq!(c.at, at, "{n} players, seed {seed}");
                compared += 1;
            }
        }
        assert_eq!(compared, 24);
    }

    #[test]
    fn a_view_no_deal_fits_is_a_contradiction_not_a_crash() {
        // A card published with Cleo that Ben was seen to hold.
        let (mut view, deal) = small_view(4, 3, 8);
        let bens = deal.hands[1].iter().next().unwrap();
        for owner in ["Ben", "Cleo"] {
            view.add_bulletin(&Bulletin {
                round: 2,
                published: vec![Published {
                    card: bens.name(),
                    owner: owner.into(),
                }],
                ..Bulletin::default()
            })
            .unwrap();
        }
        let sheet = Sheet::compute(&view, &Budget::default());
        assert!(sheet
            .contradiction
            .unwrap()
            .contains("published in round 2"));
        // Two answers that cannot both hold.
        let (mut view, _) = small_view(4, 5, 12);
        for count in [0, 1] {
            view.add_bulletin(&Bulletin {
                round: 3,
                answers: vec![Answer {
                    target: "Ben".into(),
                    traits: vec!["Red".into(), "Opal".into()],
                    count,
                    asker: "Cleo".into(),
                    weight: 3,
                }],
                ..Bulletin::default()
            })
            .unwrap();
        }
        let sheet = Sheet::compute(&view, &Budget::default());
        assert!(sheet.contradiction.unwrap().starts_with("no deal fits"));
        assert!(sheet.cards.is_empty());
        assert_eq!(sheet.deals.as_deref(), Some("0"));
    }

    fn light() -> Budget {
        Budget {
            count: 300_000,
            sample: Plan {
                chains: 3,
                sweeps: 300,
                burn_in: 50,
                proof_nodes: 2_000,
            },
        }
    }

    #[test]
    fn certainties_hold_and_the_truth_is_never_ruled_out_in_random_games() {
        let mut views = 0;
        let mut certain = 0;
        for n in 3..=7 {
            for seed in 0..3u64 {
                let (start, outcomes) =
                    sim::play(n, 1000 + seed * 7 + n as u64, &Style::default(), 6);
                let owners = start.deal.owners();
                for rounds in [0, 2, outcomes.len()] {
                    for seat in 0..n {
                        let view = crate::games::polysleuth::assistant::of_recorded(
                            &start, &outcomes, seat, rounds,
                        )
                        .unwrap();
                        let sheet = Sheet::compute(&view, &light());
                        assert!(sheet.contradiction.is_none(), "{:?}", sheet.contradiction);
                        for (k, row) in sheet.cards.iter().enumerate() {
                            let truth = match owners[k] {
                                crate::games::polysleuth::rules::Owner::Seat(s) => s,
                                crate::games::polysleuth::rules::Owner::Safe => n,
                            };
                            for (l, cell) in row.cells.iter().enumerate() {
                                if l == truth {
                                    assert!(cell.p > 0.0, "{} ruled out where it is: {n} players, seat {seat}, rounds {rounds}, {:?} {:?}", row.card, sheet.method, cell);
                                }
                                if cell.certain {
                                    certain += 1;
                                    assert_eq!(cell.p == 1.0, l == truth, "{} at {l}", row.card);
                                }
                            }
                        }
                        views += 1;
                    }
                }
            }
        }
        assert!(views > 200 && certain > views * 36);
    }

    #[test]
    fn the_sampler_converges_to_the_exact_values() {
        let mut checked = 0;
        for (n, seed) in [(3, 4u64), (4, 9), (5, 2)] {
            let (start, outcomes) = sim::play(n, seed, &Style::default(), 4);
            let view = crate::games::polysleuth::assistant::of_recorded(
                &start,
                &outcomes,
                0,
                outcomes.len().min(3),
            )
            .unwrap();
            let d = propagate(&view).unwrap();
            let Ok(exact) = count(&view, &d, 50_000_000) else {
                continue;
            };
            let plan = Plan {
                chains: 4,
                sweeps: 4_000,
                burn_in: 200,
                proof_nodes: 20_000,
            };
            let e = estimate(&view, &d, &plan).unwrap();
            let mut worst: f64 = 0.0;
            for k in 0..36 {
                for l in 0..view.locations.len() {
                    let p = exact.at[k][l] as f64 / exact.deals as f64;
                    worst = worst.max((e.p[k][l] - p).abs());
                    if p == 0.0 {
                        assert!(e.impossible[k][l] || d.places[k] >> l & 1 == 1);
                    }
                }
            }
            assert!(worst < 0.05, "{n} players: the sampler is off by {worst}");
            checked += 1;
        }
        assert!(checked >= 2);
    }

    #[test]
    fn a_stored_sheet_reads_back_the_same_unknown_cells_included() {
        let (view, _) = small_view(4, 2, 8);
        for sheet in [
            Sheet::told(&view),
            Sheet::compute(&view, &Budget::default()),
        ] {
            let json = serde_json::to_string(&sheet).unwrap();
            let back: Sheet = serde_json::from_str(&json).unwrap();
            assert_eq!(serde_json::to_string(&back).unwrap(), json);
            let unknown = back
                .cards
                .iter()
                .flat_map(|r| &r.cells)
                .filter(|c| c.p.is_nan());
            assert_eq!(unknown.count() > 0, sheet.method == Method::Told);
        }
    }

    #[test]
    fn certainties_come_with_a_reason() {
        let (view, deal) = small_view(4, 11, 8);
        let sheet = Sheet::compute(&view, &Budget::default());
        assert_eq!(sheet.method, Method::Exact);
        let mine = deal.hands[0].iter().next().unwrap();
        let row = &sheet.cards[mine.index()];
        assert_eq!(row.cells[0].p, 1.0);
        assert_eq!(
            row.cells[0].why.as_deref(),
            Some(format!("you hold {}: your hand", mine.name()).as_str())
        );
        assert!(row.cells[1]
            .why
            .as_deref()
            .unwrap()
            .starts_with("Ben does not hold"));
    }
}
