//! The engine's rules, each on a table laid out by hand, and random whole games.

use rand::rngs::ChaCha20Rng;
use rand::SeedableRng;

use super::*;
use crate::games::sherlock::command::read;
use crate::games::sherlock::setup::{deck, play_stream};

mod replies;

fn rng() -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(1)
}

/// A physical card of a face (the first not yet used in `used`).
fn card(face: &str, used: &mut Vec<Card>) -> Card {
    let f = Face::parse(face).unwrap();
    let c = Card::all()
        .find(|c| c.face() == f && !used.contains(c))
        .expect("a card left");
    used.push(c);
    c
}

/// A game whose deck begins with `top` (then every other card), one detective.
fn game_with(detective: Detective, case: Case, top: &[&str]) -> Game {
    let mut used = Vec::new();
    let mut d: Vec<Card> = top.iter().map(|f| card(f, &mut used)).collect();
    d.extend(Card::all().filter(|c| !used.contains(c)));
    let settings = Settings {
        detectives: vec![detective],
        case,
        ..Settings::default()
    };
    Game::new(settings, d, &mut rng()).0
}

fn run(g: &mut Game, line: &str) -> Result<Vec<Event>, Refusal> {
    g.play(&read(line).unwrap(), &mut rng())
}

fn faces(hand: &[InHand]) -> Vec<String> {
    hand.iter().map(|h| h.card.face().name()).collect()
}

#[test]
fn a_turn_draws_four_and_plays_two_into_the_office_and_two_into_the_crime_scene() {
    let mut g = game_with(Detective::Holmes, Case::ValleyOfFear, &["1", "A", "2", "3"]);
    assert_eq!(faces(&g.hand), ["1", "A", "2", "3"]);
    run(&mut g, "1 office").unwrap();
    run(&mut g, "A office").unwrap();
    assert_eq!(g.office[0].said(), "1 A");
    // Two into the Office already: a third is refused, nothing changed.
    let before = g.clone();
    let third = run(&mut g, "2 office");
    assert_eq!(third, Err(Refusal::TwoPlayed(Area::Office)));
    assert_eq!(g, before);
    run(&mut g, "2 scene").unwrap();
    run(&mut g, "3 scene").unwrap();
    assert!(g.hand.is_empty());
    let events = g.settle(&mut rng());
    assert!(
        matches!(events[0], Event::TurnBegan { turn: 2, .. }),
        "{events:?}"
    );
    assert_eq!(g.hand.len(), 4);
    assert_eq!(g.wounds, 0);
}

#[test]
fn the_office_keeps_its_set_rules_and_says_why_a_card_has_no_place() {
    let mut g = game_with(Detective::Holmes, Case::ValleyOfFear, &["A", "1", "1", "B"]);
    // A letter never starts a set.
    let letter = run(&mut g, "A office");
    assert!(matches!(letter, Err(Refusal::NoPlace { .. })));
    run(&mut g, "1 office").unwrap();
    // A number on a number is refused: kinds alternate.
    let number = run(&mut g, "1 office");
    assert!(matches!(number, Err(Refusal::NoPlace { .. })));
    run(&mut g, "A office").unwrap();
    assert_eq!(g.office_places(Face::Number(1)), vec![1]);
    assert_eq!(
        g.office_places(Face::Letter('A')),
        Vec::<u8>::new(),
        "a letter once in a set"
    );
}

#[test]
fn a_pair_of_threat_cards_in_the_crime_scene_wounds_and_cards_left_in_hand_wound_once() {
    let mut g = game_with(Detective::Holmes, Case::ValleyOfFear, &["A", "A", "B", "C"]);
    run(&mut g, "A scene").unwrap();
    let events = run(&mut g, "A scene").unwrap();
    assert!(events.contains(&Event::Pair {
        face: Face::Letter('A')
    }));
    assert_eq!(g.wounds, 1);
    assert_eq!(g.discard.len(), 2);
    // B and C: no set takes a letter, the Crime Scene has its two: the turn ends with one
    // wound for both cards left.
    let events = g.settle(&mut rng());
    assert!(events.contains(&Event::Discarded {
        faces: vec![Face::Letter('B'), Face::Letter('C')]
    }));
    assert_eq!(g.wounds, 2);
    assert_eq!(g.turn, 2);
}

#[test]
fn holmes_pair_of_threes_asks_which_letter_leaves_the_office_and_an_abnormal_set_plays_on() {
    // Turn 1: 1 A into the Office, 3 into the scene; turn 2 brings the second 3 and B.
    let mut g = game_with(
        Detective::Holmes,
        Case::ValleyOfFear,
        &["1", "A", "3", "2", "2", "B", "3", "4"],
    );
    run(&mut g, "1 office").unwrap();
    run(&mut g, "A office").unwrap();
    run(&mut g, "3 scene").unwrap();
    run(&mut g, "2 scene").unwrap();
    g.settle(&mut rng());
    assert_eq!(faces(&g.hand), ["2", "B", "3", "4"]);
    run(&mut g, "2 office").unwrap();
    run(&mut g, "B office on 2").unwrap();
    // The pair of 2s in the scene? No: the first 2 is there, this turn's 2 went to the Office.
    // The pair of 3s: Holmes takes a Threat card out of a set; two sets have one: a choice.
    run(&mut g, "3 scene").unwrap();
    let w = g.waiting.clone().expect("a choice waits");
    assert_eq!(w.options.len(), 2, "{:?}", w.options);
    assert!(matches!(run(&mut g, "4 scene"), Err(Refusal::Waiting(_))));
    run(&mut g, "then A from set 1 to discard").unwrap();
    // Set 1 is now abnormal (1 alone); a number cannot go on its number top.
    assert_eq!(g.office[0].said(), "1");
    assert!(g.waiting.is_none());
    run(&mut g, "4 scene").unwrap();
}

#[test]
fn an_ability_with_nothing_to_move_is_skipped_with_a_wound() {
    // Watson's 2s: an Investigation card from the scene into the Office; the scene holds none
    // after the pair leaves.
    let mut g = game_with(Detective::Watson, Case::ValleyOfFear, &["2", "2", "A", "B"]);
    run(&mut g, "2 scene").unwrap();
    let events = run(&mut g, "2 scene").unwrap();
    assert!(events.contains(&Event::Skipped {
        detective: Detective::Watson,
        number: 2
    }));
    assert_eq!(g.wounds, 1);
}

#[test]
fn watson_heals_and_holmes_draws_a_plus_card_that_is_no_play_of_the_two() {
    let mut g = game_with(
        Detective::Watson,
        Case::ValleyOfFear,
        &["A", "A", "1", "2", "4", "4", "3", "B"],
    );
    run(&mut g, "A scene").unwrap();
    run(&mut g, "A scene").unwrap();
    run(&mut g, "1 office").unwrap();
    run(&mut g, "2 office").unwrap();
    assert_eq!(g.wounds, 1);
    g.settle(&mut rng());
    run(&mut g, "4 scene").unwrap();
    let events = run(&mut g, "4 scene").unwrap();
    assert!(events.contains(&Event::Healed { wounds: 0 }), "{events:?}");
    assert_eq!(g.wounds, 0);

    let mut g = game_with(
        Detective::Holmes,
        Case::ValleyOfFear,
        &["4", "4", "1", "2", "3"],
    );
    run(&mut g, "4 scene").unwrap();
    let events = run(&mut g, "4 scene").unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Moved {
            to: Place::Hand,
            ..
        }
    )));
    assert!(g
        .hand
        .iter()
        .any(|h| h.plus && h.card.face() == Face::Number(3)));
    run(&mut g, "1 office").unwrap();
    run(&mut g, "2 office").unwrap();
    // The plus 3 goes into the Office though two drawn cards went there; a line that leaves
    // out its plus is told how to write it.
    let refused = run(&mut g, "3 office").unwrap_err();
    assert!(matches!(refused, Refusal::NotInHand { .. }));
    assert!(refused.to_string().contains("write \"+3\""), "{refused}");
    run(&mut g, "+3 office").unwrap();
    assert_eq!(g.office.len(), 3);
}

#[test]
fn completing_sets_solves_the_final_problem_and_is_refused_in_the_valley_of_fear() {
    let mut g = game_with(Detective::Holmes, Case::ValleyOfFear, &["1", "A", "2", "3"]);
    assert_eq!(run(&mut g, "complete 1"), Err(Refusal::NeverCompletes));
    let mut g = game_with(Detective::Holmes, Case::FinalProblem, &["1", "A", "2", "3"]);
    assert_eq!(run(&mut g, "complete 1"), Err(Refusal::NoFullSet(1)));
    // A set of four Investigation cards, laid by hand, completes; three numbers win level 1.
    let mut used: Vec<Card> = g.office.iter().flat_map(|s| s.cards.clone()).collect();
    used.extend(g.hand.iter().map(|h| h.card));
    for n in 1..=3u8 {
        let mut set = Vec::new();
        for f in [
            n.to_string(),
            "A".into(),
            n.to_string(),
            "B".into(),
            n.to_string(),
            "C".into(),
            n.to_string(),
        ] {
            set.push(card(&f, &mut used));
        }
        g.office.push(Set {
            number: n,
            cards: set,
        });
    }
    run(&mut g, "complete 1").unwrap();
    run(&mut g, "complete 2").unwrap();
    assert!(!g.over());
    let events = run(&mut g, "complete 3").unwrap();
    assert!(events.contains(&Event::Over {
        outcome: Outcome::Won
    }));
    assert_eq!(g.outcome, Some(Outcome::Won));
}

#[test]
fn redraw_is_allowed_once_before_the_first_play_with_three_alike() {
    let mut g = game_with(
        Detective::Holmes,
        Case::ValleyOfFear,
        &["2", "2", "2", "A", "1", "B", "3", "4"],
    );
    let events = run(&mut g, "redraw").unwrap();
    assert!(events.contains(&Event::Redrew));
    assert_eq!(faces(&g.hand), ["1", "B", "3", "4"]);
    assert_eq!(run(&mut g, "redraw"), Err(Refusal::NoRedraw));
    let mut g = game_with(Detective::Holmes, Case::ValleyOfFear, &["1", "2", "A", "B"]);
    assert_eq!(run(&mut g, "redraw"), Err(Refusal::NoRedraw));
}

#[test]
fn an_empty_deck_reshuffles_the_discard_and_the_scene_threats_and_advanced_wounds() {
    let mut g = game_with(Detective::Holmes, Case::ValleyOfFear, &["A", "1", "2", "3"]);
    g.settings.advanced = true;
    // Everything but the hand goes to the discard pile, one B in the scene.
    g.discard = std::mem::take(&mut g.deck);
    let b = g
        .discard
        .iter()
        .position(|c| c.face() == Face::Letter('B'))
        .unwrap();
    g.scene.push(g.discard.remove(b));
    let (pile, scene) = (g.discard.len(), g.scene.len());
    let mut events = Vec::new();
    g.draw(1, &mut rng(), &mut events);
    assert!(
        events.contains(&Event::Reshuffled {
            cards: pile + scene
        }),
        "{events:?}"
    );
    assert!(
        g.scene.is_empty(),
        "the scene's Threat cards went into the deck"
    );
    assert_eq!(g.wounds, 1, "advanced: a reshuffle wounds");
}

#[test]
fn the_third_wound_and_the_clock_end_the_game() {
    let mut g = game_with(Detective::Holmes, Case::ValleyOfFear, &["A", "A", "B", "B"]);
    g.wounds = 1;
    run(&mut g, "A scene").unwrap();
    let events = run(&mut g, "B scene").unwrap();
    assert!(events.is_empty() || !g.over());
    g.scene.clear();
    let mut g2 = game_with(Detective::Holmes, Case::ValleyOfFear, &["A", "A", "B", "B"]);
    g2.wounds = 2;
    let events = run(&mut g2, "A scene")
        .and_then(|_| run(&mut g2, "A scene"))
        .unwrap();
    assert!(events.contains(&Event::Over {
        outcome: Outcome::Wounded
    }));
    assert!(matches!(run(&mut g2, "B scene"), Err(Refusal::Over)));
    // The clock: the last turn of The Valley of Fear at level 1 is the sixth.
    let mut g3 = game_with(Detective::Holmes, Case::ValleyOfFear, &[]);
    g3.turn = 6;
    g3.hand.clear();
    let events = g3.settle(&mut rng());
    assert!(
        events.contains(&Event::Over {
            outcome: Outcome::OutOfTime
        }),
        "{events:?}"
    );
}

#[test]
fn random_games_play_to_an_end_and_a_refusal_changes_nothing() {
    let mut ends = std::collections::HashMap::new();
    for seed in 0..200u64 {
        let settings = Settings {
            detectives: match seed % 3 {
                0 => vec![Detective::Holmes],
                1 => vec![Detective::Watson],
                _ => vec![Detective::Holmes, Detective::Watson],
            },
            case: if seed % 2 == 0 {
                Case::ValleyOfFear
            } else {
                Case::FinalProblem
            },
            level: 1 + (seed % 3) as u8,
            advanced: seed % 5 == 0,
            turn_hours: None,
        };
        let mut rng = play_stream("salt", seed);
        let (mut g, _) = Game::new(settings, deck(seed), &mut rng);
        let mut pick = ChaCha20Rng::seed_from_u64(seed);
        let mut steps = 0;
        while !g.over() && steps < 5_000 {
            steps += 1;
            let lines = legal_lines(&g);
            if lines.is_empty() {
                g.settle(&mut rng);
                continue;
            }
            let line = &lines[crate::games::stream::below(&mut pick, lines.len() as u64) as usize];
            let before = g.clone();
            match g.play(&read(line).unwrap(), &mut rng) {
                Ok(_) => {}
                Err(e) => {
                    assert_eq!(g, before, "a refusal changes nothing");
                    panic!("a legal line was refused: {line}: {e}");
                }
            }
            let total = g.deck.len()
                + g.discard.len()
                + g.scene.len()
                + g.hand.len()
                + g.office.iter().map(|s| s.cards.len()).sum::<usize>();
            assert_eq!(total, 48, "no card lost or made");
        }
        assert!(g.over(), "seed {seed} ended");
        *ends.entry(format!("{:?}", g.outcome.unwrap())).or_insert(0) += 1;
    }
    assert!(ends.len() >= 2, "{ends:?}");
}

/// Every line the engine should accept now (a test's own enumeration).
fn legal_lines(g: &Game) -> Vec<String> {
    if let Some(w) = &g.waiting {
        return w.options.iter().map(|c| c.line()).collect();
    }
    let mut lines = Vec::new();
    for h in &g.hand {
        let f = h.card.face();
        let plus = if h.plus { "+" } else { "" };
        if h.plus || g.office_plays < 2 {
            for n in g.office_places(f) {
                lines.push(format!("{plus}{f} office on {n}"));
            }
        }
        if h.plus || g.scene_plays < 2 {
            lines.push(format!("{plus}{f} scene"));
        }
    }
    if g.settings.case == Case::FinalProblem {
        for s in &g.office {
            if s.investigations() >= 4 {
                lines.push(format!("complete {}", s.number));
            }
        }
    }
    lines
}

/// A Final Problem game whose Office holds a set of four 4s, ready to complete, with
/// `1 2 3 A` drawn.
fn a_set_to_complete() -> Game {
    let mut g = game_with(Detective::Holmes, Case::FinalProblem, &["1", "2", "3", "A"]);
    let mut used: Vec<Card> = g.hand.iter().map(|h| h.card).collect();
    let fours: Vec<Card> = (0..4).map(|_| card("4", &mut used)).collect();
    g.deck.retain(|c| !fours.contains(c));
    g.office.push(Set {
        number: 4,
        cards: fours,
    });
    g
}

#[test]
fn a_reply_refused_at_a_line_leaves_the_turn_open_while_a_set_can_still_be_completed() {
    let text = "1 scene\n2 scene\n3 office\nA office on 3\ncompelte 4";
    let mut g = a_set_to_complete();
    let done = crate::games::sherlock::replay::reply(&mut g, text, &mut rng());
    assert!(done.refused().is_some(), "{done:?}");
    assert!(g.hand.is_empty());
    assert!(done.settled.is_empty(), "{done:?}");
    assert_eq!((g.turn, g.wounds), (1, 0), "the turn stays open");
    // The next reply completes the set, and ends the turn.
    let done = crate::games::sherlock::replay::reply(&mut g, "complete 4", &mut rng());
    assert_eq!(done.refused(), None, "{done:?}");
    assert_eq!(g.completed, [4]);
    assert!(g.over() || g.turn == 2, "{done:?}");

    // A game stored before this rule settles its turn after a refused line, as it did.
    let mut old = a_set_to_complete();
    old.refusal_keeps_turn = false;
    let done = crate::games::sherlock::replay::reply(&mut old, text, &mut rng());
    assert!(done.refused().is_some());
    assert!(
        matches!(done.settled.first(), Some(Event::TurnBegan { turn: 2, .. })),
        "{done:?}"
    );
    // With nothing left to do, a refused line ends the turn in every game.
    let mut g = game_with(Detective::Holmes, Case::ValleyOfFear, &["1", "2", "3", "A"]);
    let done = crate::games::sherlock::replay::reply(
        &mut g,
        "1 scene\n2 scene\n3 office\nA office on 3\nthanks",
        &mut rng(),
    );
    assert!(done.refused().is_some());
    assert_eq!(g.turn, 2, "{done:?}");
}

#[test]
fn a_game_stored_before_refused_replies_kept_their_turn_reads_as_it_played() {
    let g = a_set_to_complete();
    assert!(
        g.refusal_keeps_turn,
        "a new game keeps a refused reply's turn open"
    );
    let mut stored = serde_json::to_value(&g).unwrap();
    stored.as_object_mut().unwrap().remove("refusal_keeps_turn");
    let old: Game = serde_json::from_value(stored).unwrap();
    assert!(!old.refusal_keeps_turn);
}

#[test]
fn with_the_deck_and_the_pile_both_empty_the_draw_stops_short_though_threats_lie_in_the_scene() {
    // The four drawn are played away; the deck and the pile are then empty, and a Threat card
    // lies in the Crime Scene.
    let setup = |short: bool| {
        let mut g = game_with(Detective::Holmes, Case::ValleyOfFear, &["1", "2", "3", "A"]);
        g.short_draw_on_empty_pile = short;
        run(&mut g, "1 scene").unwrap();
        run(&mut g, "A scene").unwrap();
        run(&mut g, "2 office").unwrap();
        run(&mut g, "3 office").unwrap();
        g.deck.clear();
        g.discard.clear();
        assert!(g.hand.is_empty() && g.scene.iter().any(|c| !c.face().is_number()));
        g
    };
    let mut g = setup(true);
    let events = g.settle(&mut rng());
    assert!(
        !events.iter().any(|e| matches!(e, Event::Reshuffled { .. })),
        "{events:?}"
    );
    assert!(g.hand.is_empty(), "nothing was drawn: {:?}", faces(&g.hand));
    assert!(
        g.scene.iter().any(|c| !c.face().is_number()),
        "the Threat card stays"
    );

    // A game stored before: the Crime Scene's Threat card alone made a new deck, and is drawn.
    let mut old = setup(false);
    let events = old.settle(&mut rng());
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Reshuffled { cards: 1 })),
        "{events:?}"
    );
    assert_eq!(faces(&old.hand), ["A"]);

    // A game stored without the key reads as before.
    let mut stored = serde_json::to_value(setup(true)).unwrap();
    stored
        .as_object_mut()
        .unwrap()
        .remove("short_draw_on_empty_pile");
    let read: Game = serde_json::from_value(stored).unwrap();
    assert!(!read.short_draw_on_empty_pile);
}
