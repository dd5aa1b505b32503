//! What the pages of a classic game show, built from the engine's views: the public table for
//! everyone (whose turn and until when, every player's Search cards, the table, the discard
//! pile and the deck's size, the log), and for a player alone their hand, the cards shown to
//! them, their Search cards with the questions they allow, and their Information Sheet.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;

use crate::deduce::Sheet;
use crate::games::polysleuth::rules::{Card, CardSet};
use crate::games::sleuth::letters::allows;
use crate::games::sleuth::rules::sheet::MISSING;
use crate::games::sleuth::rules::{Event, Sleuth, Standing};
use crate::lang::Lang;
use crate::store::{GameRow, GameStatus};
use crate::web::cards::CardView;

#[derive(Serialize)]
pub struct SeatView {
    pub name: String,
    pub standing: String,
    pub search: String,
    pub current: bool,
}

#[derive(Serialize)]
pub struct TurnLog {
    pub turn: u32,
    pub lines: Vec<String>,
}

#[derive(Serialize)]
pub struct EndView {
    pub missing: Vec<CardView>,
    pub winners: String,
    pub salt: String,
    pub deal: Vec<(String, Vec<CardView>)>,
    /// The committed text: its SHA-256 with the salt after it is the commitment.
    pub canonical: String,
}

/// The public table of a classic game, in one reader's language.
#[derive(Serialize)]
pub struct TableView {
    pub id: i64,
    /// The turn now (the game row's `round`): the game master's forms carry it.
    pub turn: i64,
    pub name: String,
    pub whose: String,
    pub over: bool,
    pub seats: Vec<SeatView>,
    pub table: Vec<CardView>,
    pub discard: String,
    pub deck: usize,
    /// Newest turn first.
    pub log: Vec<TurnLog>,
    pub end: Option<EndView>,
    pub commitment: String,
    /// The operator gave the seed or the deal: the page says so beside the commitment.
    pub operator_deal: bool,
    pub settings: Vec<(&'static str, String)>,
}

pub fn table(t: Lang, row: &GameRow, g: &Sleuth, zone: &str) -> TableView {
    let whose = match (g.current, g.over) {
        (_, true) => t.t("classic-over"),
        (None, false) => t.t("classic-nobody"),
        (Some(s), false) if row.status == GameStatus::Paused => {
            t.t1("classic-whose-turn-paused", "player", g.players[s].as_str())
        }
        (Some(s), false) if g.final_asked => t.t2(
            "classic-final-asked",
            "player",
            g.players[s].as_str(),
            "deadline",
            crate::games::sleuth::letters::deadline(t, row.turn_deadline, zone),
        ),
        (Some(s), false) => t.t2(
            "classic-whose-turn",
            "player",
            g.players[s].as_str(),
            "deadline",
            crate::games::sleuth::letters::deadline(t, row.turn_deadline, zone),
        ),
    };
    let seats = (0..g.players.len())
        .map(|s| SeatView {
            name: g.players[s].clone(),
            standing: t.t(match (g.seats[s].standing, g.seats[s].skipped) {
                (Standing::Won, _) => "classic-standing-won",
                (Standing::Out, _) => "classic-standing-out",
                (Standing::Playing, true) => "classic-standing-skipped",
                (Standing::Playing, false) => "classic-standing-playing",
            }),
            search: t.search_cards(&g.search[s]),
            current: g.current == Some(s),
        })
        .collect();
    let mut log: Vec<TurnLog> = Vec::new();
    for (at, e) in g.log.iter().enumerate() {
        if matches!(e, Event::Drew { .. }) {
            continue;
        }
        let line = t.classic_event(g, e, at);
        match log.last_mut() {
            Some(l) if l.turn == e.turn() => l.lines.push(line),
            _ => log.push(TurnLog {
                turn: e.turn(),
                lines: vec![line],
            }),
        }
    }
    log.reverse();
    let cards =
        |set: CardSet| -> Vec<CardView> { set.iter().map(|c| CardView::new(t, c)).collect() };
    let end = g.over.then(|| {
        let mut deal: Vec<(String, Vec<CardView>)> = g
            .players
            .iter()
            .zip(&g.deal.hands)
            .map(|(p, h)| (p.clone(), cards(*h)))
            .collect();
        deal.push((t.t("classic-table"), cards(g.deal.table)));
        let winners: Vec<&str> = g.winners.iter().map(|s| g.players[*s].as_str()).collect();
        EndView {
            missing: cards(g.deal.missing),
            winners: winners.join(", "),
            salt: g.salt.clone(),
            deal,
            canonical: g.canonical_text(),
        }
    });
    TableView {
        turn: row.round,
        id: row.id,
        name: row.name.clone(),
        whose,
        over: g.over,
        seats,
        table: cards(g.deal.table),
        discard: if g.discard.is_empty() {
            t.t("classic-discard-none")
        } else {
            t.search_cards(&g.discard)
        },
        deck: g.deck.len(),
        log,
        end,
        commitment: row.commitment.clone(),
        operator_deal: row.operator_deal,
        settings: g.settings.lines(),
    }
}

#[derive(Clone, Serialize)]
pub struct Choice {
    pub value: String,
    pub label: String,
}

/// One card's line of a classic Information Sheet.
#[derive(Clone, Serialize)]
pub struct SheetLine {
    pub card: CardView,
    /// The chance that it is the missing gem, as a percentage.
    pub missing: String,
    /// Where else it may be: `Ben 40%, Cleo 35%`.
    pub elsewhere: String,
}

/// What only one player sees.
#[derive(Serialize)]
pub struct OwnView {
    pub me: String,
    pub hand: Vec<CardView>,
    pub shown: Vec<String>,
    pub cards: Vec<(String, String)>,
    pub my_turn: bool,
    pub must_accuse: bool,
    pub in_play: bool,
    pub digest: bool,
    /// The questions the builder offers: those the player's Search cards allow.
    pub questions: Vec<Choice>,
    /// With `two_questions`: the builder offers a second question in the same turn.
    pub two_questions: bool,
    /// Every question there is, for a final question (no Search card needed).
    pub any_question: Vec<Choice>,
    pub targets: Vec<String>,
    pub accusable: Vec<Choice>,
    /// How many cards an accusation names: one per missing gem.
    pub accuse_slots: Vec<usize>,
    pub sheet: Vec<SheetLine>,
    pub sheet_method: String,
    /// The game's house rule `assistant` is off: the sheet is not worked out.
    pub sheet_off: bool,
}

/// The frame's header of a classic player's page: whose turn until when, and what this
/// player can do now (their turn, an accusation only, or who plays before them).
pub fn header(
    t: Lang,
    row: &GameRow,
    g: &Sleuth,
    seat: usize,
    zone: &str,
) -> crate::web::frame::Header {
    let paused = row.status == GameStatus::Paused;
    let now = match g.current {
        _ if g.over => t.t("frame-over"),
        _ if paused => t.t("frame-paused"),
        None => t.t("classic-nobody"),
        Some(s) => t.t2(
            "classic-now",
            "turn",
            g.turn,
            "player",
            g.players[s].as_str(),
        ),
    };
    let deadline = row
        .turn_deadline
        .filter(|_| !g.over && !paused && g.current.is_some())
        .map(|at| {
            (
                at,
                crate::games::sleuth::letters::deadline(t, Some(at), zone),
            )
        });
    let can = match (g.current, g.seats[seat].standing) {
        _ if g.over => t.t("classic-can-over"),
        (_, Standing::Out) => t.t("classic-can-out"),
        // A winner while others play on (house rule `winners`): the deal is shown at the end.
        (_, Standing::Won) => t.t("classic-can-won"),
        (Some(s), _) if s == seat && g.final_asked => t.t("classic-can-accuse-only"),
        (Some(s), _) if s == seat => t.t("classic-can-play"),
        (Some(s), _) => match g.before(seat) {
            Some(before) if before.is_empty() => {
                t.t1("classic-can-next", "player", g.players[s].as_str())
            }
            Some(before) => {
                let names: Vec<&str> = before.iter().map(|b| g.players[*b].as_str()).collect();
                t.t2(
                    "classic-can-after",
                    "player",
                    g.players[s].as_str(),
                    "before",
                    names.join(", "),
                )
            }
            None => t.t1("classic-can-skipped", "player", g.players[s].as_str()),
        },
        (None, _) => t.t("classic-can-accuse"),
    };
    crate::web::frame::Header {
        me: g.players[seat].clone(),
        game: row.name.clone(),
        game_href: format!("/classic/games/{}", row.id),
        ruleset: t.t("classic-ruleset"),
        rules_href: crate::web::frame::rules_href("sleuth", t),
        now,
        deadline,
        can,
    }
}

pub fn own(
    t: Lang,
    g: &Sleuth,
    seat: usize,
    digest: bool,
    sheets: &SheetCache,
    game_id: i64,
) -> OwnView {
    let mine: Vec<_> = g
        .reveals
        .iter()
        .filter(|r| r.asker == seat)
        .cloned()
        .collect();
    let asked = |traits: &[crate::games::deck::Trait]| {
        let what = crate::games::sleuth::rules::search::question_words(traits);
        let how = if traits.len() == 1 { "how many" } else { "for" };
        let exact = match traits {
            [a] => crate::games::sleuth::rules::SearchCard::One(*a),
            [a, b] => crate::games::sleuth::rules::SearchCard::Two(*a, *b),
            _ => crate::games::sleuth::rules::SearchCard::Free,
        };
        (
            format!("{how} {what}"),
            allows(t, exact, g.settings.supersleuth),
        )
    };
    let mut questions = Vec::new();
    for card in &g.search[seat] {
        for traits in Sleuth::allowed_by(*card) {
            let (value, words) = asked(&traits);
            questions.push(Choice {
                value: format!("{value} using {}", card.name()),
                label: format!("{} — {words}", t.search_card(*card)),
            });
        }
    }
    let any_question = Sleuth::allowed_by(crate::games::sleuth::rules::SearchCard::Free)
        .iter()
        .map(|traits| {
            let (value, label) = asked(traits);
            Choice { value, label }
        })
        .collect();
    let known = g.deal.hands[seat].union(g.deal.table);
    let accusable = Card::all()
        .filter(|c| !known.contains(*c))
        .map(|c| Choice {
            value: c.name(),
            label: format!("{} {}", crate::lang::marks(c), crate::lang::card(t, c)),
        })
        .collect();
    let sheet_off = !g.settings.assistant;
    let (sheet, sheet_method) = match sheet_off {
        true => (Vec::new(), String::new()),
        false => sheets.of(g, seat, game_id, t),
    };
    OwnView {
        me: g.players[seat].clone(),
        hand: g.deal.hands[seat]
            .iter()
            .map(|c| CardView::new(t, c))
            .collect(),
        shown: crate::games::sleuth::letters::shown_lines(t, g, &mine),
        cards: crate::games::sleuth::letters::cards_allowing(t, g, seat),
        my_turn: g.current == Some(seat) && !g.final_asked,
        must_accuse: g.current == Some(seat) && g.final_asked,
        in_play: g.in_play(seat) && !g.over,
        digest,
        questions,
        two_questions: g.settings.two_questions,
        any_question,
        targets: (0..g.players.len())
            .filter(|s| *s != seat)
            .map(|s| g.players[s].clone())
            .collect(),
        accusable,
        accuse_slots: (1..=g.settings.missing_gems).collect(),
        sheet,
        sheet_method,
        sheet_off,
    }
}

/// Each card that may be missing: its chance of being the missing gem, and where else it may
/// be with what chance; and how the sheet was worked out.
type Worked = (Vec<Missing>, String);

/// A card, its chance of being missing, and its other places with their chances.
type Missing = (Card, f64, Vec<(String, f64)>);

/// Classic sheets worked out once per (game, seat, log length) and kept.
#[derive(Default)]
pub struct SheetCache {
    kept: Mutex<HashMap<(i64, usize, usize), Arc<Worked>>>,
}

impl SheetCache {
    fn of(&self, g: &Sleuth, seat: usize, game_id: i64, t: Lang) -> (Vec<SheetLine>, String) {
        let key = (game_id, seat, g.log.len() + g.reveals.len());
        let cached = self.kept.lock().expect("sheet cache").get(&key).cloned();
        let rows = match cached {
            Some(r) => r,
            None => {
                let r = Arc::new(work_out(g, seat));
                let mut kept = self.kept.lock().expect("sheet cache");
                if kept.len() > 2_000 {
                    kept.clear();
                }
                kept.insert(key, r.clone());
                r
            }
        };
        let pc = |p: f64| {
            format!(
                "{}%",
                (p * 100.0).round().clamp(
                    if p > 0.0 && p < 1.0 { 1.0 } else { 0.0 },
                    if p < 1.0 { 99.0 } else { 100.0 }
                )
            )
        };
        let lines = rows
            .0
            .iter()
            .map(|(card, p, elsewhere)| SheetLine {
                card: CardView::new(t, *card),
                missing: pc(*p),
                elsewhere: elsewhere
                    .iter()
                    .map(|(place, q)| format!("{place} {}", pc(*q)))
                    .collect::<Vec<_>>()
                    .join(", "),
            })
            .collect();
        (lines, rows.1.clone())
    }
}

/// Every card that may be the missing gem, likeliest first, with where else it may be.
fn work_out(g: &Sleuth, seat: usize) -> Worked {
    let Ok(view) = g.view_of(seat) else {
        return (Vec::new(), String::new());
    };
    let sheet = Sheet::compute(&view, &crate::games::sleuth::rules::sheet::page_budget());
    let Some(col) = sheet.locations.iter().position(|l| l == MISSING) else {
        return (Vec::new(), String::new());
    };
    let mut rows: Vec<Missing> = sheet
        .cards
        .iter()
        .filter_map(|r| {
            let p = r.cells[col].p;
            if p.is_nan() || p <= 0.0 {
                return None;
            }
            let card = Card::parse(&r.card).ok()?;
            let elsewhere = sheet
                .locations
                .iter()
                .zip(&r.cells)
                .enumerate()
                .filter(|(i, (_, c))| *i != col && c.p > 0.0)
                .map(|(_, (l, c))| (l.clone(), c.p))
                .collect();
            Some((card, p, elsewhere))
        })
        .collect();
    rows.sort_by(|a, b| b.1.total_cmp(&a.1));
    let method = format!("{:?}", sheet.method).to_lowercase();
    (rows, method)
}
