//! The Information Sheet laid out as the printed one: a block per colour, a column per gem and
//! type (◆ ◆◆ ◆◆◆, ○ ○○ ○○○, ● ●● ●●●), a row per player and the safe. Each cell holds a
//! certainty or a chance, its reason (shown on hover and on focus), words for screen readers,
//! and a mark when it changed since the last round.

use crate::deduce::{Cell, Method, Sheet};
use crate::games::polysleuth::rules::{Card, Colour, Gem};
use crate::lang::Lang;

/// The sheet as the page draws it.
pub struct Grid {
    /// The columns: (marks, words) per gem and number.
    pub columns: Vec<(String, String)>,
    pub blocks: Vec<Block>,
    /// Set when no deal fits what the player knows.
    pub contradiction: Option<String>,
    pub method: Method,
    /// How many cells changed since the last round (0 when there is no earlier sheet).
    pub changed: usize,
}

/// One colour's part of the sheet.
pub struct Block {
    pub colour: &'static str,
    pub name: String,
    pub rows: Vec<GridRow>,
}

pub struct GridRow {
    pub place: String,
    pub me: bool,
    pub cells: Vec<GridCell>,
}

pub struct GridCell {
    /// `yes`, `no`, `unknown`, or `open p7` (its shade in twentieths).
    pub class: String,
    /// What the cell shows: ✓, ·, a percentage, or nothing.
    pub text: String,
    /// The cell in words for a screen reader: `certainly`, `certainly not`, `%`.
    pub words: String,
    /// Why it is certain, or how the estimate was made; empty when nothing is to be said.
    pub why: String,
    pub changed: bool,
}

/// What a cell says, to compare it with the same cell a round earlier.
fn state(c: &Cell) -> (u8, i64) {
    match (c.certain, c.p) {
        (true, p) if p > 0.5 => (2, 0),
        (true, _) => (1, 0),
        (false, p) if p.is_nan() => (3, 0),
        (false, p) => (0, (p * 100.0).round() as i64),
    }
}

/// Whether a cell changed since a round earlier: a certainty won or lost, or a chance that
/// moved. A sampled chance moves only beyond twice the two estimates' standard errors, so the
/// sampler's own noise does not mark a cell that nothing new touched.
fn moved(now: &Cell, before: &Cell) -> bool {
    let (a, b) = (state(now), state(before));
    if a.0 != b.0 || a.0 != 0 {
        return a != b;
    }
    let noise = 2.0 * (now.error.unwrap_or(0.0) + before.error.unwrap_or(0.0));
    a.1 != b.1 && (now.p - before.p).abs() > noise
}

impl Grid {
    pub fn new(lang: Lang, sheet: &Sheet, previous: Option<&Sheet>, me: usize) -> Grid {
        let columns = GEMS_IN_PRINT
            .iter()
            .flat_map(|g| (1..=3u8).map(move |n| Card::new(n, Colour::Red, *g)))
            .map(|c| {
                let traits = [
                    crate::games::polysleuth::rules::Trait::Number(c.number()),
                    crate::games::polysleuth::rules::Trait::Gem(c.gem()),
                ];
                (
                    crate::lang::marks(c),
                    crate::lang::traits_plural(lang, &traits),
                )
            })
            .collect();
        let place_name = |i: usize, l: &str| {
            if i == me {
                lang.t("sheet-you")
            } else if l == "safe" {
                lang.t("sheet-safe")
            } else {
                l.to_string()
            }
        };
        let mut changed = 0;
        let blocks = COLOURS_IN_PRINT
            .iter()
            .map(|colour| Block {
                colour: crate::lang::colour_key(*colour),
                name: lang.t1("sheet-colour", "colour", crate::lang::colour_key(*colour)),
                rows: sheet
                    .locations
                    .iter()
                    .enumerate()
                    .map(|(l, loc)| GridRow {
                        place: place_name(l, loc),
                        me: l == me,
                        cells: GEMS_IN_PRINT
                            .iter()
                            .flat_map(|g| (1..=3u8).map(move |n| Card::new(n, *colour, *g)))
                            .map(|card| {
                                let cell = sheet
                                    .cards
                                    .iter()
                                    .find(|r| r.card == card.static_name())
                                    .and_then(|r| r.cells.get(l));
                                let before = previous
                                    .and_then(|p| {
                                        p.cards.iter().find(|r| r.card == card.static_name())
                                    })
                                    .and_then(|r| r.cells.get(l));
                                let place = crate::lang::Place {
                                    name: loc,
                                    me: l == me,
                                    safe: loc == "safe",
                                };
                                let c = cell_view(lang, sheet.method, cell, card, &place);
                                let moved = match (cell, before) {
                                    (Some(a), Some(b)) => moved(a, b),
                                    _ => false,
                                };
                                changed += moved as usize;
                                GridCell {
                                    changed: moved,
                                    ..c
                                }
                            })
                            .collect(),
                    })
                    .collect(),
            })
            .collect();
        Grid {
            columns,
            blocks,
            contradiction: sheet.contradiction.clone(),
            method: sheet.method,
            changed,
        }
    }
}

/// The printed sheet's order: Diamonds, Pearls, Opals; Red, Green, Blue, Yellow.
const GEMS_IN_PRINT: [Gem; 3] = [Gem::Diamond, Gem::Pearl, Gem::Opal];
const COLOURS_IN_PRINT: [Colour; 4] = [Colour::Red, Colour::Green, Colour::Blue, Colour::Yellow];

/// A cell: what it shows, and in words only what its row (the place) and column (the gem
/// and type, under the colour's caption) do not already say to a screen reader.
fn cell_view(
    lang: Lang,
    method: Method,
    cell: Option<&Cell>,
    card: Card,
    place: &crate::lang::Place,
) -> GridCell {
    let Some(c) = cell else {
        return GridCell {
            class: "unknown".into(),
            text: String::new(),
            words: lang.t("sheet-cell-unknown"),
            why: String::new(),
            changed: false,
        };
    };
    // The reason in the reader's language; a sheet stored before reasons were data keeps its
    // English words.
    let why = match &c.reason {
        Some(r) => crate::lang::reason(lang, r, card, place),
        None => c.why.clone().unwrap_or_default(),
    };
    if c.certain && c.p > 0.5 {
        GridCell {
            class: "yes".into(),
            text: "✓".into(),
            words: lang.t("sheet-cell-yes"),
            why,
            changed: false,
        }
    } else if c.certain {
        GridCell {
            class: "no".into(),
            text: "·".into(),
            words: lang.t("sheet-cell-no"),
            why,
            changed: false,
        }
    } else if method == Method::Told || c.p.is_nan() {
        GridCell {
            class: "unknown".into(),
            text: String::new(),
            words: lang.t("sheet-cell-unknown"),
            why: String::new(),
            changed: false,
        }
    } else {
        let pc = (c.p * 100.0).round().clamp(1.0, 99.0) as i64;
        let estimate = c.error.map(|e| {
            lang.t2(
                "sheet-estimate",
                "percent",
                pc,
                "error",
                (2.0 * e * 100.0).max(1.0).round() as i64,
            )
        });
        GridCell {
            class: format!("open p{}", c.shade()),
            text: format!("{pc}"),
            words: "%".to_string(),
            why: estimate.unwrap_or_default(),
            changed: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduce::view::View;
    use crate::games::polysleuth::rules::CardSet;

    #[test]
    fn a_cell_that_changed_since_the_last_round_is_marked_and_counted() {
        let players: Vec<String> = ["Ann", "Ben", "Cleo", "Dan"].map(String::from).to_vec();
        let hand: CardSet = Card::all().take(9).collect();
        let view = View::new(&players, 0, hand, 9, 0).expect("a view");
        let before = Sheet::bounds(&view);
        let mut after = before.clone();
        // Ben is now known to hold the first card Ann does not.
        let row = &mut after.cards[9];
        for (l, cell) in row.cells.iter_mut().enumerate() {
            cell.certain = true;
            cell.p = if l == 1 { 1.0 } else { 0.0 };
        }
        let unchanged = Grid::new(Lang::En, &before, Some(&before), 0);
        assert_eq!(unchanged.changed, 0);
        let grid = Grid::new(Lang::Fr, &after, Some(&before), 0);
        assert_eq!(
            grid.changed, 3,
            "Ben's, Cleo's and Dan's cells of that card"
        );
        let marked = grid
            .blocks
            .iter()
            .flat_map(|b| b.rows.iter().flat_map(|r| r.cells.iter()))
            .filter(|c| c.changed)
            .count();
        assert_eq!(marked, 3);
        let first = Grid::new(Lang::En, &after, None, 0);
        assert_eq!(
            first.changed, 0,
            "nothing is marked without an earlier sheet"
        );
    }

    #[test]
    fn a_sampled_chance_is_marked_only_when_it_moves_beyond_the_samplers_noise() {
        let cell = |p: f64, error: Option<f64>| Cell {
            p,
            certain: false,
            error,
            why: None,
            reason: None,
        };
        // Exact chances: any move of a whole percent is a change.
        assert!(moved(&cell(0.31, None), &cell(0.30, None)));
        assert!(!moved(&cell(0.301, None), &cell(0.30, None)));
        // Sampled chances 2 points apart with errors of 1.5 points: noise, not news.
        assert!(!moved(&cell(0.32, Some(0.015)), &cell(0.30, Some(0.015))));
        assert!(moved(&cell(0.45, Some(0.015)), &cell(0.30, Some(0.015))));
        // A certainty won is always a change.
        let mut sure = cell(1.0, None);
        sure.certain = true;
        assert!(moved(&sure, &cell(0.99, Some(0.01))));
    }
}
