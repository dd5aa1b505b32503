//! Clue's game played: turns, moves, suggestions and their answers, accusations, and random
//! games to the end.

use super::*;
use crate::games::clue::command::read;
use crate::games::clue::setup::play_stream;

fn game(seed: u64) -> Game {
    let setup = Setup::draw(3, seed).unwrap();
    Game::new(
        ["Ann", "Ben", "Cleo"].map(String::from).to_vec(),
        vec![0, 1, 5],
        setup,
        true,
    )
}

fn run(
    g: &mut Game,
    seat: usize,
    line: &str,
    rng: &mut ChaCha20Rng,
) -> Result<Vec<Event>, Refusal> {
    g.play(seat, &read(line).unwrap(), rng)
}

#[test]
fn only_the_player_whose_turn_it_is_moves_and_a_turn_begins_with_a_move() {
    let mut g = game(1);
    let mut rng = play_stream("salt", 1, 0);
    let other = (g.turn + 1) % 3;
    assert_eq!(
        run(&mut g, other, "move to Spa", &mut rng),
        Err(Refusal::NotYourTurn)
    );
    let me = g.turn;
    assert_eq!(run(&mut g, me, "done", &mut rng), Err(Refusal::MoveFirst));
    assert_eq!(
        run(&mut g, me, "suggest Plum with Rope", &mut rng),
        Err(Refusal::MoveFirst)
    );
    assert_eq!(
        run(&mut g, me, "passage", &mut rng),
        Err(Refusal::NoPassage)
    );
}

#[test]
fn with_no_board_a_move_or_an_early_done_is_refused_with_what_a_turn_is() {
    let setup = Setup::draw(3, 1).unwrap();
    let names = ["Ann", "Ben", "Cleo"].map(String::from).to_vec();
    let mut g = Game::new(names, vec![0, 1, 5], setup, false);
    let mut rng = play_stream("salt", 1, 0);
    let me = g.turn;
    for line in ["move to Spa", "passage", "stay"] {
        let refused = run(&mut g, me, line, &mut rng);
        assert_eq!(refused, Err(Refusal::NoBoard), "{line}");
        assert!(refused
            .unwrap_err()
            .to_string()
            .contains("suggest GUEST in ROOM"));
    }
    assert_eq!(
        run(&mut g, me, "done", &mut rng),
        Err(Refusal::SuggestFirst)
    );
}

#[test]
fn a_second_suggestion_in_a_turn_is_refused_as_such_not_as_a_second_move() {
    let setup = Setup::draw(3, 1).unwrap();
    let names = ["Ann", "Ben", "Cleo"].map(String::from).to_vec();
    let mut g = Game::new(names, vec![0, 1, 5], setup, false);
    let mut rng = play_stream("salt", 1, 0);
    let me = g.turn;
    run(&mut g, me, "suggest Plum in Kitchen with Rope", &mut rng).unwrap();
    assert_eq!(g.phase, Phase::Answered);
    let again = run(&mut g, me, "suggest Plum in Spa with Rope", &mut rng);
    assert_eq!(again, Err(Refusal::SuggestedAlready));
    assert!(again
        .unwrap_err()
        .to_string()
        .contains("accuse now, or send \"done\""));
}

#[test]
fn a_suggestion_is_answered_by_the_first_player_after_who_holds_a_card() {
    for seed in 0..40 {
        let mut g = game(seed);
        let mut rng = play_stream("salt", seed, 0);
        let me = g.turn;
        // Move until a room is entered (a turn ends outside one).
        let mut tries = 0;
        while g.phase != Phase::Suggest && tries < 30 {
            let seat = g.turn;
            let target = if g.spot_of(seat) == Spot::In(Room::Spa) {
                "Hall"
            } else {
                "Spa"
            };
            run(&mut g, seat, &format!("move to {target}"), &mut rng).unwrap();
            tries += 1;
        }
        let seat = g.turn;
        let events = run(&mut g, seat, "suggest Scarlet with Rope", &mut rng).unwrap();
        let Spot::In(room) = g.spot_of(seat) else {
            panic!("in a room")
        };
        let three = [
            Card::parse("Scarlet").unwrap(),
            Card::of_room(room),
            Card::parse("Rope").unwrap(),
        ];
        // Scarlet's mover and the Rope are carried there.
        assert_eq!(g.movers[0], Spot::In(room));
        assert_eq!(g.tokens[2], room);
        for e in &events {
            match e {
                Event::HadNone { seat: s } => {
                    assert!(three.iter().all(|c| !g.setup.hands[*s].contains(c)))
                }
                Event::Showed { seat: s, to, card } => {
                    assert_eq!(*to, seat);
                    assert!(three.contains(card) && g.setup.hands[*s].contains(card));
                }
                Event::NobodyShowed => {
                    for s in (0..3).filter(|s| *s != seat) {
                        assert!(three.iter().all(|c| !g.setup.hands[s].contains(c)));
                    }
                }
                _ => {}
            }
        }
        assert_eq!(g.phase, Phase::Answered);
        let _ = me;
    }
}

#[test]
fn a_right_accusation_wins_and_a_wrong_one_puts_the_accuser_out() {
    let mut g = game(3);
    let mut rng = play_stream("salt", 3, 0);
    g.board = false;
    let seat = g.turn;
    let env = g.setup.envelope;
    let room = env[2].room().unwrap();
    let wrong_guest = Card::all()
        .find(|c| c.kind() == Kind::Guest && *c != env[0])
        .unwrap();
    run(
        &mut g,
        seat,
        &format!(
            "suggest {} in {} with {}",
            wrong_guest.name(),
            room.name(),
            env[1].name()
        ),
        &mut rng,
    )
    .unwrap();
    let events = g
        .play(
            seat,
            &Command::Accuse {
                guest: wrong_guest,
                room,
                weapon: env[1],
            },
            &mut rng,
        )
        .unwrap();
    assert!(matches!(events[0], Event::Accused { right: false, .. }));
    assert!(g.out[seat]);
    let next = g.turn;
    assert_ne!(next, seat);
    run(
        &mut g,
        next,
        &format!(
            "suggest {} in {} with {}",
            env[0].name(),
            room.name(),
            env[1].name()
        ),
        &mut rng,
    )
    .unwrap();
    let events = g
        .play(
            next,
            &Command::Accuse {
                guest: env[0],
                room,
                weapon: env[1],
            },
            &mut rng,
        )
        .unwrap();
    assert_eq!(events.last(), Some(&Event::Over { winner: Some(next) }));
    assert_eq!(g.winner, Some(next));
    assert_eq!(run(&mut g, next, "done", &mut rng), Err(Refusal::Over));
}

#[test]
fn a_refuter_shows_again_what_it_showed_that_suggester_else_its_show_order() {
    let g = game(5);
    let mut rng = play_stream("salt", 5, 0);
    let hand = g.setup.hands[1].clone();
    let held = [hand[0], hand[1]];
    let mut g2 = g.clone();
    g2.show_orders[1] = vec![hand[1], hand[0]];
    assert_eq!(g2.choose(1, 0, &held, &mut rng), hand[1]);
    g2.shown.push((1, 0, hand[0]));
    assert_eq!(
        g2.choose(1, 0, &held, &mut rng),
        hand[0],
        "already shown to this suggester"
    );
    assert_eq!(
        g2.choose(1, 2, &held, &mut rng),
        hand[1],
        "another suggester: the order"
    );
}

/// Random players to the end: every game ends with a right accusation or everyone out,
/// the cards never move between hands, and the state reads back from its JSON at every
/// step.
#[test]
fn random_games_always_end_and_their_state_reads_back() {
    use rand::RngExt;
    let mut ends = (0, 0);
    for seed in 0..60u64 {
        let n = 3 + (seed % 4) as usize;
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        let setup = Setup::draw(n, seed).unwrap();
        let mut g = Game::new(names, (0..n).collect(), setup.clone(), seed % 5 != 0);
        g.ask_refuter = seed % 3 == 0;
        let mut rng = play_stream("salt", seed, 0);
        let mut choice = crate::games::stream::stream("clue/test-players", seed, 0);
        let rooms = Room::ALL;
        let guests: Vec<Card> = Card::all().filter(|c| c.kind() == Kind::Guest).collect();
        let weapons: Vec<Card> = Card::all().filter(|c| c.kind() == Kind::Weapon).collect();
        let mut steps = 0;
        while g.phase != Phase::Over && steps < 5_000 {
            steps += 1;
            let mut seat = g.turn;
            let room = rooms[choice.random_range(0..9)];
            let guest = guests[choice.random_range(0..6)];
            let weapon = weapons[choice.random_range(0..6)];
            let command = match (g.phase, choice.random_range(0..10)) {
                (Phase::Move, 0) => Command::Passage,
                (Phase::Move, 1) => Command::Stay,
                // With the right to stay: a suggestion naming a room (refused with the board
                // on, changing nothing), or one without (the right used).
                (Phase::Move, k @ (2 | 3)) if g.board && g.stay[g.turn].is_some() => {
                    Command::Suggest {
                        guest,
                        room: (k == 2).then_some(room),
                        weapon,
                    }
                }
                (Phase::Move, _) if g.board => Command::MoveTo(room),
                (Phase::Move | Phase::Suggest, _) => Command::Suggest {
                    guest,
                    room: (!g.board).then_some(room),
                    weapon,
                },
                // Now and then the truth, else a guess, else done.
                (Phase::Answered, 0) => Command::Accuse {
                    guest: g.setup.envelope[0],
                    room: g.setup.envelope[2].room().unwrap(),
                    weapon: g.setup.envelope[1],
                },
                (Phase::Answered, 1) => Command::Accuse {
                    guest,
                    room,
                    weapon,
                },
                (Phase::Answered, _) => Command::Done,
                // The refuter asked shows one of its cards (now and then another card, or
                // the suggester tries to go on: both refused).
                (Phase::Showing, k) => {
                    let (refuter, cards) = g.asked.clone().expect("a refuter is asked");
                    match k {
                        0 => Command::Done,
                        1 => {
                            seat = refuter;
                            Command::Show(guest)
                        }
                        _ => {
                            seat = refuter;
                            Command::Show(cards[choice.random_range(0..cards.len())])
                        }
                    }
                }
                (Phase::Over, _) => unreachable!(),
            };
            let before = g.clone();
            match g.play(seat, &command, &mut rng) {
                Ok(_) => {}
                Err(_) => assert_eq!(g, before, "a refusal changes nothing"),
            }
            let text = serde_json::to_string(&g).unwrap();
            assert_eq!(serde_json::from_str::<Game>(&text).unwrap(), g);
            assert_eq!(g.setup, setup, "the deal never changes");
        }
        assert_eq!(g.phase, Phase::Over, "seed {seed} did not end");
        match g.winner {
            Some(w) => {
                assert!(!g.out[w]);
                ends.0 += 1;
            }
            None => {
                assert!(g.out.iter().all(|o| *o));
                ends.1 += 1;
            }
        }
    }
    assert!(ends.0 > 0 && ends.1 > 0, "{ends:?}");
}

#[test]
fn a_refused_suggestion_keeps_the_right_to_stay_and_the_turn_where_it_was() {
    let mut g = game(4);
    let mut rng = play_stream("salt", 4, 0);
    let me = g.turn;
    // As after another's suggestion carried this player's mover into the Kitchen.
    g.movers[g.guests[me]] = Spot::In(Room::Kitchen);
    g.stay[me] = Some(Room::Kitchen);
    let before = g.clone();
    // With the board on, a suggestion names no room: refused, and nothing changes.
    let refused = run(&mut g, me, "suggest Plum in Kitchen with Rope", &mut rng);
    assert!(refused.is_err(), "{refused:?}");
    assert_eq!(g, before, "a refusal changes nothing");
    // The right is still there: a move is not refused as made already, and a suggestion
    // without a room uses the right.
    assert!(run(&mut g, me, "suggest Plum with Rope", &mut rng).is_ok());
    assert_eq!(g.stay[me], None);
    assert_ne!(g.phase, Phase::Move);
    // A game stored before the mend used the right up, and replays as it played.
    let mut old = before.clone();
    old.refusal_keeps_stay = false;
    let refused = run(&mut old, me, "suggest Plum in Kitchen with Rope", &mut rng);
    assert!(refused.is_err());
    assert_eq!((old.stay[me], old.phase), (None, Phase::Suggest));
    let mut stored = serde_json::to_value(&before).unwrap();
    stored.as_object_mut().unwrap().remove("refusal_keeps_stay");
    let read: Game = serde_json::from_value(stored).unwrap();
    assert!(
        !read.refusal_keeps_stay,
        "a game stored before reads as it played"
    );
}
