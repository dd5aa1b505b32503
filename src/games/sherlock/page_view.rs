//! What Sherlock Solitaire's pages show, worded for one reader: the table (the Office as its
//! sets, the Crime Scene, the discard pile, the wound track, the deck's size, the turns left,
//! the log), and, for the player on turn, the hand with every legal play as a button, the
//! ability's choice asked in place, and the plays lined up but not sent. Cards are drawn as a
//! player knows them: numbers and letters, Investigation and Threat told apart by shape and a
//! word as well as colour.

use super::cards::Face;
use super::command::{read, Area, Command};
use super::game::{Event, Game};
use super::places::Place;
use super::stored::Stored;
use super::view::event_for_onlooker;
use super::words::{detective, event};
use crate::lang::Lang;
use crate::store::GameRow;

/// A card as drawn on a page.
pub struct CardView {
    pub face: String,
    /// `inv` or `threat`: the shape and colour of its kind.
    pub kind: &'static str,
    /// Its kind in words, for readers without colour or sight.
    pub label: String,
    /// An ability put it into the hand.
    pub plus: bool,
}

impl CardView {
    pub fn of(t: Lang, face: Face, plus: bool) -> CardView {
        let (kind, label) = match face.is_number() {
            true => ("inv", t.t1("sherlock-card-inv", "card", face.to_string())),
            false => (
                "threat",
                t.t1("sherlock-card-threat", "card", face.to_string()),
            ),
        };
        CardView {
            face: face.to_string(),
            kind,
            label,
            plus,
        }
    }
}

/// A set of the Office, bottom card first.
pub struct SetView {
    pub number: u32,
    pub cards: Vec<CardView>,
    pub investigations: usize,
}

/// The table as the reader may see it.
pub struct TableView {
    pub id: i64,
    pub name: String,
    pub turn: u32,
    pub limit: u32,
    pub left: u32,
    /// When the turn ends, for a game with a deadline (in the reader's time zone).
    pub ends: Option<String>,
    pub detective: String,
    pub whose: String,
    pub over: bool,
    pub case_line: String,
    pub office: Vec<SetView>,
    pub scene: Vec<CardView>,
    pub discard: Vec<CardView>,
    pub deck_size: usize,
    pub hand_size: usize,
    /// The wound track: three boxes, those filled true.
    pub wounds: Vec<bool>,
    pub wound_count: u32,
    pub completed: String,
    /// Newest first: (turn, lines).
    pub log: Vec<(u32, Vec<String>)>,
    pub commitment: String,
    /// Once over: the deck as it stood, top first.
    pub deck: Vec<CardView>,
    /// Whether the deck and the record may be shown (a daily case's wait for its day's end).
    pub published: bool,
    /// A daily case's day.
    pub daily: Option<String>,
}

/// A play offered as a button: the line it sends and its words.
pub struct Button {
    pub line: String,
    pub label: String,
}

/// A card of the hand with the plays open to it.
pub struct HandCard {
    pub card: CardView,
    pub plays: Vec<Button>,
}

/// What the player on turn alone sees.
pub struct OwnView {
    pub me: String,
    /// Whether it is this reader's turn.
    pub mine: bool,
    pub hand: Vec<HandCard>,
    /// An ability's choice waiting: what asks, and its options.
    pub choice: Option<(String, Vec<Button>)>,
    pub redraw: bool,
    pub completes: Vec<Button>,
    /// The plays lined up and not sent, each with what it did.
    pub pending: Vec<(String, String)>,
    /// Nothing more can be played: sending ends the turn.
    pub turn_ends: bool,
}

/// The seat that played a turn.
fn faces_of(t: Lang, cards: &[super::cards::Card]) -> Vec<CardView> {
    cards
        .iter()
        .map(|c| CardView::of(t, c.face(), false))
        .collect()
}

/// The table, worded for `viewer` (None: the public), from `game` (the stored game, or for
/// its player on turn the game after the plays they lined up), its times in `zone`.
pub fn table(
    t: Lang,
    row: &GameRow,
    g: &Stored,
    game: &Game,
    viewer: Option<usize>,
    zone: &str,
) -> TableView {
    let published = game.over() && g.daily.as_deref().is_none_or(super::day::ended);
    let mut log: Vec<(u32, Vec<String>)> = Vec::new();
    for l in &g.log {
        let own = viewer == Some(g.seat_of_turn(l.turn));
        let lines = (l.events.iter()).map(|e| match own {
            true => event(t, e),
            false => event(t, &event_for_onlooker(e)),
        });
        match log.last_mut() {
            Some((turn, v)) if *turn == l.turn => v.extend(lines),
            _ => log.push((l.turn, lines.collect())),
        }
    }
    log.reverse();
    TableView {
        id: row.id,
        name: row.name.clone(),
        turn: game.turn,
        limit: game.settings.turn_limit(),
        left: game.turns_left(),
        ends: super::letters::turn_ends(t, row, g, zone),
        detective: detective(t, game.detective()),
        whose: match viewer {
            Some(seat) => super::letters::whose_turn(t, g, seat),
            None if g.over() => t.t("frame-over"),
            None => t.t2(
                "sherlock-whose-turn",
                "player",
                g.players[g.seat_on_turn()].as_str(),
                "detective",
                detective(t, game.detective()),
            ),
        },
        over: game.over(),
        case_line: super::letters::case_line(t, g),
        office: (game.office.iter())
            .map(|s| SetView {
                number: s.number as u32,
                cards: faces_of(t, &s.cards),
                investigations: s.investigations(),
            })
            .collect(),
        scene: faces_of(t, &game.scene),
        discard: faces_of(t, &game.discard),
        deck_size: game.deck.len(),
        hand_size: game.hand.len(),
        wounds: (0..3).map(|i| i < game.wounds).collect(),
        wound_count: game.wounds as u32,
        completed: (game.completed.iter())
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(", "),
        log,
        commitment: row.commitment.clone(),
        deck: match game.over() && published {
            true => faces_of(t, &game.deck),
            false => Vec::new(),
        },
        published,
        daily: g.daily.clone(),
    }
}

/// A line of the turn language in the reader's words, for its button.
pub fn label(t: Lang, line: &str) -> String {
    let place = |p: Place| super::words::place(t, p);
    match read(line) {
        Ok(Command::Play {
            face,
            plus,
            area: Area::Office,
            on,
        }) => {
            let card = format!("{}{face}", if plus { "+" } else { "" });
            match on {
                Some(n) => t.t2("sherlock-button-set", "card", card, "set", n as i64),
                None => t.t1("sherlock-button-office", "card", card),
            }
        }
        Ok(Command::Play {
            face,
            plus,
            area: Area::Scene,
            ..
        }) => t.t1(
            "sherlock-button-scene",
            "card",
            format!("{}{face}", if plus { "+" } else { "" }),
        ),
        Ok(Command::Then { face, from, to }) => t.tr(
            "sherlock-button-then",
            [
                ("card", face.to_string().into()),
                ("from", place(from).into()),
                ("to", place(to).into()),
            ],
        ),
        Ok(Command::Complete(n)) => t.t1("sherlock-button-complete", "set", n as i64),
        Ok(Command::Redraw) => t.t("sherlock-button-redraw"),
        Err(_) => line.to_string(),
    }
}

/// What the player in `seat` alone sees, from the game after their lined-up plays.
pub fn own(
    t: Lang,
    g: &Stored,
    game: &Game,
    done: &super::replay::Replied,
    seat: usize,
) -> OwnView {
    let mine = !g.over() && g.seat_on_turn() == seat;
    let lines = match mine {
        true => super::solver::legal_lines(game),
        false => Vec::new(),
    };
    let button = |line: &String| Button {
        line: line.clone(),
        label: label(t, line),
    };
    let mut hand: Vec<HandCard> = Vec::new();
    if mine {
        for h in &game.hand {
            let written = format!("{}{}", if h.plus { "+" } else { "" }, h.card.face());
            let plays = (lines.iter())
                .filter(|l| game.waiting.is_none() && l.split(' ').next() == Some(written.as_str()))
                .map(button)
                .collect();
            hand.push(HandCard {
                card: CardView::of(t, h.card.face(), h.plus),
                plays,
            });
        }
    }
    let choice = (game.waiting.as_ref().filter(|_| mine)).map(|w| {
        (
            t.t2(
                "sherlock-choice-line",
                "detective",
                detective(t, w.detective),
                "number",
                w.number as i64,
            ),
            lines.iter().map(button).collect(),
        )
    });
    let pending = (done.lines.iter())
        .map(|l| {
            let words: Vec<String> = (l.events.iter().flatten())
                .filter(|e| !matches!(e, Event::TurnBegan { .. }))
                .map(|e| event(t, e))
                .collect();
            (label(t, &l.line), words.join(" "))
        })
        .collect();
    OwnView {
        me: g.players[seat].clone(),
        mine,
        completes: (lines.iter())
            .filter(|l| l.starts_with("complete") && game.waiting.is_none())
            .map(button)
            .collect(),
        redraw: mine && game.may_redraw(),
        turn_ends: mine && game.waiting.is_none() && !game.hand.iter().any(|h| game.playable(h)),
        hand,
        choice,
        pending,
    }
}
