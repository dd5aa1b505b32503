//! The notebook's tests: each rule's certainty with its reason (here), the counts against
//! every deal enumerated (`deals`), and what a seat may not see, sampling and time (`seen`).

mod deals;
mod seen;

use rand::rngs::ChaCha20Rng;
use rand::SeedableRng;

use super::*;
use crate::games::clue::board::Room;
use crate::games::clue::command::Command;
use crate::games::clue::game::{Game, Phase};
use crate::games::clue::setup::{play_stream, Setup};
use crate::games::stream::below;

fn c(name: &str) -> Card {
    Card::parse(name).unwrap()
}

fn nth(i: u64) -> Card {
    Card::all().nth(i as usize).unwrap()
}

fn asked(seat: usize, guest: &str, weapon: &str, room: &str) -> Event {
    let room = c(room).room().unwrap();
    Event::Suggested {
        seat,
        guest: c(guest),
        room,
        weapon: c(weapon),
    }
}

fn view(players: usize, hand: &[&str], spare: &[&str], events: Vec<Vec<Event>>) -> SeatView {
    SeatView {
        seat: 0,
        players,
        hand: hand.iter().map(|n| c(n)).collect(),
        spare: spare.iter().map(|n| c(n)).collect(),
        events: events.concat(),
    }
}

fn exact(v: &SeatView) -> Notebook {
    Notebook::build(v, &Budget::default(), 1)
}

/// A game with the board off, `turns` turns of random suggestions, a few random accusations.
fn played(players: usize, seed: u64, turns: usize, setup: Setup) -> (Game, Vec<Event>) {
    played_with(players, seed, turns, setup, false)
}

/// `played`, with the house rule `ask_refuter` on or off: a refuter asked shows one of its
/// cards drawn at random.
fn played_with(
    players: usize,
    seed: u64,
    turns: usize,
    setup: Setup,
    ask_refuter: bool,
) -> (Game, Vec<Event>) {
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let mut g = Game::new(names, (0..players).collect(), setup, false);
    g.ask_refuter = ask_refuter;
    let (rng, pick) = (
        &mut play_stream("salt", seed, 0),
        &mut ChaCha20Rng::seed_from_u64(seed),
    );
    let mut events = Vec::new();
    for _ in 0..turns {
        if g.phase == Phase::Over {
            break;
        }
        let seat = g.turn;
        let mut room = Room::ALL[below(pick, 9) as usize];
        while g.last_room[seat] == Some(room) {
            room = Room::ALL[below(pick, 9) as usize];
        }
        // As players do, mostly cards they do not hold.
        let mut draw = |from: u64, n: u64| loop {
            let card = nth(from + below(pick, n));
            if !g.setup.hands[seat].contains(&card) || below(pick, 4) == 0 {
                break card;
            }
        };
        let (guest, weapon) = (draw(0, 6), draw(6, 6));
        let suggest = Command::Suggest {
            guest,
            room: Some(room),
            weapon,
        };
        events.extend(g.play(seat, &suggest, rng).unwrap());
        if let Some((refuter, cards)) = g.asked.clone() {
            let card = cards[below(pick, cards.len() as u64) as usize];
            events.extend(g.play(refuter, &Command::Show(card), rng).unwrap());
        }
        let end = match below(pick, 12) {
            0 => Command::Accuse {
                guest,
                room,
                weapon,
            },
            _ => Command::Done,
        };
        events.extend(g.play(seat, &end, rng).unwrap());
    }
    (g, events)
}

fn seat_view(g: &Game, events: &[Event], seat: usize) -> SeatView {
    SeatView::new(&g.private_view(seat), &g.public_view(), events)
}

#[test]
fn your_hand_and_the_spare_cards_are_certain_and_every_chance_of_a_card_adds_up_to_one() {
    let v = view(
        4,
        &["Plum", "Rope", "Spa", "Hall"],
        &["Bat", "Patio"],
        vec![],
    );
    let nb = exact(&v);
    assert_eq!(
        nb.places,
        vec![
            Place::Envelope,
            Place::Seat(0),
            Place::Seat(1),
            Place::Seat(2),
            Place::Seat(3),
            Place::Spare
        ]
    );
    assert_eq!(
        nb.cell(c("Plum"), Place::Seat(0)),
        &Cell::Yes(Reason::InYourHand)
    );
    assert_eq!(
        nb.cell(c("Plum"), Place::Envelope),
        &Cell::No(Reason::InYourHand)
    );
    assert_eq!(
        nb.cell(c("Bat"), Place::Spare),
        &Cell::Yes(Reason::SpareCard)
    );
    assert_eq!(
        nb.cell(c("Bat"), Place::Seat(2)),
        &Cell::No(Reason::SpareCard)
    );
    assert_eq!(
        nb.cell(c("Knife"), Place::Seat(0)),
        &Cell::No(Reason::NotInYourHand)
    );
    assert_eq!(
        nb.cell(c("Knife"), Place::Spare),
        &Cell::No(Reason::NotSpare)
    );
    // Nothing else known: 5 guests for the envelope's one, 15 cards for 12 places in hands.
    assert_eq!(
        nb.cell(c("Scarlet"), Place::Envelope),
        &Cell::Open(Some(0.2))
    );
    assert_eq!(nb.method, Method::Exact);
    for row in &nb.rows {
        let sum: f64 = row
            .cells
            .iter()
            .map(|x| match x {
                Cell::Yes(_) => 1.0,
                Cell::No(_) => 0.0,
                Cell::Open(p) => p.unwrap(),
            })
            .sum();
        assert!((sum - 1.0).abs() < 1e-12, "{}: {sum}", row.card);
    }
}

const MINE: [&str; 6] = ["Scarlet", "Mustard", "Knife", "Spa", "Theater", "Hall"];

/// Me (0) holding `MINE`. Turn 1: I ask Green, Rope, Spa; Ben had none, Cleo shows me the
/// Rope. Turn 3: Cleo asks Plum, Candlestick, Patio; nobody else has any. Turn 6: Cleo asks
/// Plum, Rope, Kitchen; I have none, Ben shows her one.
fn three_turns() -> SeatView {
    view(
        3,
        &MINE,
        &[],
        vec![
            vec![asked(0, "Green", "Rope", "Spa"), Event::HadNone { seat: 1 }],
            vec![
                Event::Showed {
                    seat: 2,
                    to: 0,
                    card: c("Rope"),
                },
                Event::Turn { seat: 1 },
            ],
            vec![
                Event::Turn { seat: 2 },
                asked(2, "Plum", "Candlestick", "Patio"),
            ],
            vec![
                Event::HadNone { seat: 0 },
                Event::HadNone { seat: 1 },
                Event::NobodyShowed,
            ],
            vec![
                Event::Turn { seat: 0 },
                Event::Turn { seat: 1 },
                Event::Turn { seat: 2 },
            ],
            vec![
                asked(2, "Plum", "Rope", "Kitchen"),
                Event::HadNone { seat: 0 },
            ],
            vec![Event::ShowedUnseen { seat: 1, to: 2 }],
        ],
    )
}

#[test]
fn a_card_shown_to_you_is_with_who_showed_it_and_nowhere_else() {
    let nb = exact(&three_turns());
    let why = Reason::ShownToYou { by: 2, turn: 1 };
    assert_eq!(nb.cell(c("Rope"), Place::Seat(2)), &Cell::Yes(why.clone()));
    assert_eq!(nb.cell(c("Rope"), Place::Envelope), &Cell::No(why));
}

#[test]
fn a_player_who_had_none_of_the_three_holds_none_of_them_though_the_asker_may() {
    let nb = exact(&three_turns());
    let cards = [c("Plum"), c("Candlestick"), c("Patio")];
    for card in cards {
        let why = Reason::HadNoneOf {
            player: 1,
            turn: 3,
            cards,
        };
        assert_eq!(nb.cell(card, Place::Seat(1)), &Cell::No(why));
        assert!(matches!(nb.cell(card, Place::Seat(2)), Cell::Open(Some(p)) if *p > 0.0));
    }
}

#[test]
fn a_card_ruled_out_of_every_other_place_is_in_the_one_left_and_no_other_of_its_kind_is() {
    let nb = exact(&view(
        3,
        &MINE,
        &[],
        vec![
            vec![
                asked(2, "Plum", "Candlestick", "Patio"),
                Event::HadNone { seat: 0 },
            ],
            vec![
                Event::HadNone { seat: 1 },
                Event::NobodyShowed,
                Event::Turn { seat: 0 },
            ],
            vec![Event::Turn { seat: 1 }, asked(1, "Plum", "Rope", "Kitchen")],
            vec![
                Event::HadNone { seat: 2 },
                Event::HadNone { seat: 0 },
                Event::NobodyShowed,
            ],
        ],
    ));
    assert_eq!(
        nb.cell(c("Plum"), Place::Envelope),
        &Cell::Yes(Reason::OnlyPlaceLeft)
    );
    let why = Reason::EnvelopeHasOneOfKind { card: c("Plum") };
    assert_eq!(nb.cell(c("Green"), Place::Envelope), &Cell::No(why));
}

#[test]
fn a_player_who_showed_one_of_three_holds_the_one_left_when_the_others_are_ruled_out() {
    let nb = exact(&three_turns());
    let cards = [c("Plum"), c("Rope"), c("Kitchen")];
    let why = Reason::ShowedOneOf {
        player: 1,
        turn: 6,
        cards,
    };
    assert_eq!(nb.cell(c("Kitchen"), Place::Seat(1)), &Cell::Yes(why));
    let held = Reason::HeldElsewhere {
        place: Place::Seat(1),
    };
    assert_eq!(nb.cell(c("Kitchen"), Place::Envelope), &Cell::No(held));
    // As the page and the mail receive it: each reason as data, cards by English name.
    let json = serde_json::to_value(&nb).unwrap();
    let kitchen = &json["rows"][Card::parse("Kitchen").unwrap().index()];
    assert_eq!(kitchen["card"], "Kitchen");
    assert_eq!(
        kitchen["cells"][2],
        serde_json::json!({"yes": {"reason": "showed_one_of", "player": 1, "turn": 6,
            "cards": ["Professor Plum", "Rope", "Kitchen"]}})
    );
    assert_eq!(
        kitchen["cells"][0],
        serde_json::json!({"no": {"reason": "held_elsewhere", "place": {"seat": 1}}})
    );
    assert_eq!(json["method"], "exact");
}

/// A table of six, me holding three rooms; Ben (1) has had none of five asked triples
/// with no card in common, and someone after him showed each time.
fn ben_had_none_five_times() -> SeatView {
    let triples = [
        ("Scarlet", "Candlestick", "Spa"),
        ("Mustard", "Knife", "Theater"),
        ("White", "Rope", "Living Room"),
        ("Green", "Pistol", "Observatory"),
        ("Peacock", "Bat", "Dining Room"),
    ];
    let asks = triples.iter().enumerate().map(|(i, (g, w, r))| {
        vec![
            asked(5, g, w, r),
            Event::HadNone { seat: 0 },
            Event::HadNone { seat: 1 },
            Event::ShowedUnseen {
                seat: 2 + i % 3,
                to: 5,
            },
            Event::Turn { seat: 0 },
        ]
    });
    view(6, &["Kitchen", "Hall", "Patio"], &[], asks.collect())
}

#[test]
fn a_hand_with_just_enough_room_holds_every_card_not_ruled_out() {
    let nb = exact(&ben_had_none_five_times());
    for card in ["Plum", "Poison", "Guest House"] {
        assert_eq!(
            nb.cell(c(card), Place::Seat(1)),
            &Cell::Yes(Reason::HandNeedsAll { player: 1 })
        );
    }
}

#[test]
fn a_full_hand_holds_nothing_else() {
    let shows = [
        ("Plum", "Rope", "Spa", "Plum"),
        ("Green", "Bat", "Theater", "Bat"),
        ("White", "Knife", "Patio", "Patio"),
    ];
    let nb = exact(&view(
        6,
        &["Kitchen", "Hall", "Pistol"],
        &[],
        shows
            .iter()
            .map(|(g, w, r, s)| {
                vec![
                    asked(0, g, w, r),
                    Event::Showed {
                        seat: 1,
                        to: 0,
                        card: c(s),
                    },
                    Event::Turn { seat: 1 },
                ]
            })
            .collect(),
    ));
    assert_eq!(
        nb.cell(c("Scarlet"), Place::Seat(1)),
        &Cell::No(Reason::HandFull { player: 1 })
    );
    assert_eq!(
        nb.cell(c("Rope"), Place::Seat(1)),
        &Cell::No(Reason::HandFull { player: 1 })
    );
}

#[test]
fn a_certainty_no_single_fact_gives_is_found_by_counting_the_deals() {
    // Ben (1) of a table of six showed a card for three triples with nothing in common: his
    // three cards are one of each, so no other card is his, though no rule says so alone.
    let triples = [
        ("Scarlet", "Candlestick", "Spa"),
        ("Mustard", "Knife", "Theater"),
        ("White", "Rope", "Living Room"),
    ];
    let nb = exact(&view(
        6,
        &["Kitchen", "Hall", "Patio"],
        &[],
        triples
            .iter()
            .map(|(g, w, r)| {
                vec![
                    asked(0, g, w, r),
                    Event::ShowedUnseen { seat: 1, to: 0 },
                    Event::Turn { seat: 1 },
                ]
            })
            .collect(),
    ));
    assert_eq!(
        nb.cell(c("Plum"), Place::Seat(1)),
        &Cell::No(Reason::ForcedByCount)
    );
    assert!(matches!(
        nb.cell(c("Scarlet"), Place::Seat(1)),
        Cell::Open(Some(_))
    ));
}

/// Me (0), a table of three: Scarlet, Mustard, White, Knife, Rope, Pistol. Ben shows me Green
/// and Peacock, Cleo the Poison and the Bat; then Cleo shows Ben a card for Plum, Bat, Hall,
/// and Ben accuses Plum in the Hall with the Candlestick, wrongly, on turn 14.
fn guests_and_weapons_known() -> SeatView {
    let hand = ["Scarlet", "Mustard", "White", "Knife", "Rope", "Pistol"];
    let round = [
        Event::Turn { seat: 1 },
        Event::Turn { seat: 2 },
        Event::Turn { seat: 0 },
    ];
    let show = |g, w, r, seat, card| {
        let mut v = vec![asked(0, g, w, r)];
        if seat == 2 {
            v.push(Event::HadNone { seat: 1 });
        }
        v.push(Event::Showed {
            seat,
            to: 0,
            card: c(card),
        });
        v.extend(round.clone());
        v
    };
    view(
        3,
        &hand,
        &[],
        vec![
            show("Green", "Bat", "Spa", 1, "Green"),
            show("Peacock", "Bat", "Theater", 1, "Peacock"),
            show("Plum", "Poison", "Hall", 2, "Poison"),
            show("Plum", "Bat", "Kitchen", 2, "Bat"),
            vec![Event::Turn { seat: 1 }, asked(1, "Plum", "Bat", "Hall")],
            // As the game records it; the notebook reads it as I see it.
            vec![Event::Showed {
                seat: 2,
                to: 1,
                card: c("Bat"),
            }],
            vec![Event::Accused {
                seat: 1,
                guest: c("Plum"),
                room: Room::Hall,
                weapon: c("Candlestick"),
                right: false,
            }],
        ],
    )
}

#[test]
fn the_envelope_holds_the_last_card_of_a_kind_and_a_wrong_accusation_rules_out_its_third() {
    let nb = exact(&guests_and_weapons_known());
    assert_eq!(
        nb.cell(c("Plum"), Place::Envelope),
        &Cell::Yes(Reason::LastOfItsKind)
    );
    assert_eq!(
        nb.cell(c("Candlestick"), Place::Envelope),
        &Cell::Yes(Reason::LastOfItsKind)
    );
    let cards = [c("Plum"), c("Candlestick"), c("Hall")];
    let why = Reason::WrongAccusation {
        by: 1,
        turn: 14,
        cards,
    };
    assert_eq!(nb.cell(c("Hall"), Place::Envelope), &Cell::No(why));
}

#[test]
fn a_right_accusation_names_the_envelope_and_a_view_that_cannot_be_is_marked_so() {
    let mut v = guests_and_weapons_known();
    let (guest, weapon) = (c("Plum"), c("Candlestick"));
    v.events.push(Event::Accused {
        seat: 2,
        guest,
        room: Room::Kitchen,
        weapon,
        right: true,
    });
    let nb = exact(&v);
    let why = Reason::RightAccusation { by: 2, turn: 14 };
    assert_eq!(
        nb.cell(c("Kitchen"), Place::Envelope),
        &Cell::Yes(why.clone())
    );
    assert_eq!(nb.cell(c("Kitchen"), Place::Seat(2)), &Cell::No(why));
    assert!(!nb.contradiction && nb.deals.unwrap() > 0);
    // Ben had none of Plum, Poison, Hall, yet is said to show Cleo one of them.
    v.events.extend([
        asked(2, "Plum", "Poison", "Hall"),
        Event::ShowedUnseen { seat: 1, to: 2 },
    ]);
    let nb = exact(&v);
    assert!(nb.contradiction);
    assert_eq!(nb.deals, None);
}
