//! The Detective Notebook as a player's page draws it: a row per card (guests, weapons,
//! rooms), a column per place (the envelope, each player, the spare cards), each cell a
//! certainty with its reason in the reader's words, or the exact chance; and how the chances
//! were found. Built from the seat's own view alone (`notebook::SeatView`).

use super::cards::Card;
use super::notebook::{Budget, Cell, Method, Notebook, Place, Reason, SeatView};
use super::service::Stored;
use crate::lang::Lang;
use rand::Rng;

/// One cell as drawn: its class (`yes`, `no`, `open`), its mark and its words.
pub struct CellView {
    pub class: &'static str,
    pub mark: String,
    pub why: String,
}

pub struct SheetView {
    pub places: Vec<String>,
    pub rows: Vec<(String, Vec<CellView>)>,
    pub method: String,
}

/// The seat's notebook, worded; None when the house rule `assistant` is off.
pub fn sheet(t: Lang, g: &Stored, seat: usize) -> Option<SheetView> {
    if !g.settings.assistant {
        return None;
    }
    let events: Vec<_> = g.log.iter().flat_map(|l| l.events.clone()).collect();
    let view = SeatView::new(&g.game.private_view(seat), &g.game.public_view(), &events);
    // A sample drawn from the secret seed as it stands could, tried against every seed, tell
    // something of the deal: it is keyed by a digest of it, as the computer players are.
    let key = crate::games::stream::stream("clue-notebook-key", g.seed, 0).next_u64();
    let seed = key ^ ((seat as u64) << 48) ^ g.turn_no as u64;
    let book = Notebook::build(&view, &Budget::default(), seed);
    Some(worded(t, g, &book))
}

fn place(t: Lang, g: &Stored, p: Place) -> String {
    match p {
        Place::Envelope => t.t("clue-envelope"),
        Place::Seat(s) => g.game.players[s].clone(),
        Place::Spare => t.t("clue-spare-short"),
    }
}

fn worded(t: Lang, g: &Stored, book: &Notebook) -> SheetView {
    let rows = (book.rows.iter())
        .map(|row| {
            let cells = (row.cells.iter())
                .map(|c| match c {
                    Cell::Yes(r) => CellView {
                        class: "yes",
                        mark: "✓".into(),
                        why: reason(t, g, r),
                    },
                    Cell::No(r) => CellView {
                        class: "no",
                        mark: "·".into(),
                        why: reason(t, g, r),
                    },
                    Cell::Open(p) => CellView {
                        class: "open",
                        mark: p.map_or("?".into(), |p| format!("{}%", (p * 100.0).round())),
                        why: String::new(),
                    },
                })
                .collect();
            (t.clue_card(row.card), cells)
        })
        .collect();
    let method = match (book.contradiction, book.method) {
        (true, _) => t.t("clue-notebook-contradiction"),
        (false, Method::Exact) => t.t("clue-notebook-exact"),
        (false, Method::Sampled { deals }) => t.t1("clue-notebook-sampled", "deals", deals),
    };
    SheetView {
        places: book.places.iter().map(|p| place(t, g, *p)).collect(),
        rows,
        method,
    }
}

/// The notebook as the `status` mail writes it: a line per card not in the reader's hand —
/// where it certainly is (and why), or each place's chance.
pub fn lines(t: Lang, g: &Stored, seat: usize) -> Vec<String> {
    let Some(view) = sheet(t, g, seat) else {
        return vec![t.t("clue-notebook-off")];
    };
    let mine: Vec<String> = (g.game.setup.hands[seat].iter())
        .map(|c| t.clue_card(*c))
        .collect();
    let mut out = vec![view.method.clone()];
    for (card, cells) in view.rows.iter().filter(|(c, _)| !mine.contains(c)) {
        let at = cells.iter().position(|c| c.class == "yes");
        let said = match at {
            Some(i) => format!("{} ✓ ({})", view.places[i], cells[i].why),
            None => (view.places.iter().zip(cells))
                .filter(|(_, c)| c.class == "open")
                .map(|(p, c)| format!("{p} {}", c.mark))
                .collect::<Vec<_>>()
                .join(", "),
        };
        out.push(format!("{card}: {said}"));
    }
    out
}

fn three(t: Lang, cards: &[Card; 3]) -> String {
    cards
        .iter()
        .map(|c| t.clue_card(*c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why a cell is certain, in the reader's words.
pub fn reason(t: Lang, g: &Stored, r: &Reason) -> String {
    let who = |s: &usize| g.game.players[*s].clone();
    match r {
        Reason::InYourHand => t.t("clue-why-in-hand"),
        Reason::NotInYourHand => t.t("clue-why-not-in-hand"),
        Reason::SpareCard => t.t("clue-why-spare"),
        Reason::NotSpare => t.t("clue-why-not-spare"),
        Reason::ShownToYou { by, turn } => {
            t.t2("clue-why-shown", "player", who(by), "turn", *turn as u32)
        }
        Reason::HadNoneOf {
            player,
            turn,
            cards,
        } => t.tr(
            "clue-why-had-none",
            [
                ("player", who(player).into()),
                ("turn", (*turn as u32).into()),
                ("cards", three(t, cards).into()),
            ],
        ),
        Reason::ShowedOneOf {
            player,
            turn,
            cards,
        } => t.tr(
            "clue-why-showed-one",
            [
                ("player", who(player).into()),
                ("turn", (*turn as u32).into()),
                ("cards", three(t, cards).into()),
            ],
        ),
        Reason::HeldElsewhere { place: p } => t.t1("clue-why-elsewhere", "place", place(t, g, *p)),
        Reason::OnlyPlaceLeft => t.t("clue-why-only-place"),
        Reason::HandFull { player } => t.t1("clue-why-hand-full", "player", who(player)),
        Reason::HandNeedsAll { player } => t.t1("clue-why-hand-needs", "player", who(player)),
        Reason::EnvelopeHasOneOfKind { card } => {
            t.t1("clue-why-envelope-has", "card", t.clue_card(*card))
        }
        Reason::LastOfItsKind => t.t("clue-why-last-of-kind"),
        Reason::WrongAccusation { by, turn, cards } => t.tr(
            "clue-why-wrong-accusation",
            [
                ("player", who(by).into()),
                ("turn", (*turn as u32).into()),
                ("cards", three(t, cards).into()),
            ],
        ),
        Reason::RightAccusation { by, turn } => t.t2(
            "clue-why-right-accusation",
            "player",
            who(by),
            "turn",
            *turn as u32,
        ),
        Reason::ForcedByCount => t.t("clue-why-count"),
    }
}
