//! The engine against the seed's own examples and RULES-SLEUTH.md's rulings, move by move.

use super::game::{Event, Standing};
use super::search::SearchCard;
use super::setup::Deal;
use super::*;
use crate::games::polysleuth::rules::{Card, CardSet};

/// Four players; Ann, Ben, Cleo, Dan hold 8 each, the table 3, one missing gem.
fn four(settings: Settings, order: Option<Vec<SearchCard>>) -> Sleuth {
    let mut all: Vec<Card> = Card::all().collect();
    let missing = all.remove(35); // 3 Yellow Pearl
    let table: CardSet = all.drain(32..).collect();
    let hands = (0..4)
        .map(|p| all[p * 8..(p + 1) * 8].iter().copied().collect())
        .collect();
    let deal = Deal {
        hands,
        table,
        missing: std::iter::once(missing).collect(),
    };
    let names = ["Ann", "Ben", "Cleo", "Dan"].map(String::from).to_vec();
    Sleuth::new(names, settings, 1, "salt".into(), Some(deal), order).unwrap()
}

fn order_with(first: &[&str]) -> Vec<SearchCard> {
    let mut deck = SearchCard::deck();
    let front: Vec<SearchCard> = first
        .iter()
        .map(|n| SearchCard::parse(n).unwrap())
        .collect();
    deck.retain(|c| !front.contains(c));
    front.into_iter().chain(deck).collect()
}

#[test]
fn seat_one_plays_first_and_everyone_holds_four_search_cards() {
    let g = four(Settings::default(), None);
    assert_eq!(g.current, Some(0));
    assert_eq!(g.turn, 1);
    assert!(g.search.iter().all(|s| s.len() == 4));
    assert_eq!(g.deck.len(), 54 - 16);
}

#[test]
fn a_one_element_question_answers_a_count_and_uses_its_card() {
    let order = order_with(&["Pairs", "Reds", "Blue Opals", "Free Choice", "Clusters"]);
    let mut g = four(Settings::default(), Some(order));
    let bens = g.deal.hands[1];
    let moved = g.act(0, "ask Ben how many Pairs").unwrap();
    let want = bens.intersect(crate::games::deck::matching(&[
        crate::games::polysleuth::rules::Trait::Number(2),
    ]));
    assert!(moved.events.iter().any(|e| matches!(e,
        Event::Asked { target: 1, count, card: Some(SearchCard::One(_)), .. } if *count == want.len())));
    assert!(
        moved.reveals.is_empty(),
        "a one-element question shows no card"
    );
    assert_eq!(g.discard, vec![SearchCard::parse("Pairs").unwrap()]);
    assert_eq!(g.search[0].len(), 4);
    assert_eq!(g.current, Some(1));
}

#[test]
fn the_most_specific_card_is_used_and_a_question_no_card_allows_is_refused() {
    let order = order_with(&["Free Choice Blue", "Blue Opals", "Reds", "Pairs"]);
    let mut g = four(Settings::default(), Some(order));
    let err = g.act(0, "ask Ben for Green Pearls").unwrap_err();
    assert_eq!(
        err[0].to_string(),
        "line 1: \"ask Ben for Green Pearls\" needs a Search card that allows Green Pearls, and you hold Free Choice Blue, Blue Opals, Reds, Pairs; ask what those allow, or \"exchange\""
    );
    assert!(g.discard.is_empty(), "a refused turn changes nothing");
    // Blue Opals: the exact card, though the Free Choice Blue is held longer.
    g.act(0, "ask Ben for Blue Opals").unwrap();
    assert_eq!(g.discard, vec![SearchCard::parse("Blue Opals").unwrap()]);
}

#[test]
fn only_the_player_whose_turn_it_is_acts_but_anyone_accuses() {
    let mut g = four(Settings::default(), None);
    let err = g.act(2, "exchange").unwrap_err();
    assert!(err[0].to_string().contains("it is Ann's turn"));
    let moved = g.act(2, "accuse 1 Blue Diamond").unwrap();
    assert!(moved.events.iter().any(|e| matches!(
        e,
        Event::Accused {
            seat: 2,
            correct: false,
            ..
        }
    )));
    assert_eq!(g.seats[2].standing, Standing::Out);
    assert_eq!(g.current, Some(0), "Ann's turn goes on");
    let out = g.act(2, "accuse 3 Yellow Pearl").unwrap_err();
    assert_eq!(out[0].problem, Refusal::NotInGame { won: false });
    assert!(out[0]
        .to_string()
        .contains("after you went out of the game"));
}

#[test]
fn an_accusation_naming_a_card_twice_is_refused_as_such() {
    let mut g = four(Settings::default(), None);
    let err = g
        .act(2, "accuse 1 Blue Diamond, 1 Blue Diamond")
        .unwrap_err();
    assert_eq!(
        err[0].problem,
        Refusal::AccuseTwice(Card::parse("1 Blue Diamond").unwrap())
    );
    assert!(err[0].to_string().contains("names 1 Blue Diamond twice"));
    assert_eq!(g.seats[2].standing, Standing::Playing, "nothing changed");
    let err = g
        .act(2, "accuse 1 Blue Diamond, 2 Blue Diamond")
        .unwrap_err();
    assert_eq!(err[0].problem, Refusal::AccuseCount(1));
}

#[test]
fn pass_is_not_a_turns_action_and_a_refused_pass_changes_nothing() {
    let mut g = four(Settings::default(), None);
    let before = g.clone();
    for text in ["pass", "Passe", "je passe"] {
        let err = g.act(0, text).unwrap_err();
        assert_eq!(err[0].problem, super::problem::Refusal::PassIsNoAction);
        assert!(
            err[0].to_string().contains("\"exchange\""),
            "the refusal says what a turn may do: {}",
            err[0]
        );
        assert_eq!(g, before, "{text:?} changed the game");
    }
    // An accusation in the same message is not settled either: the message is refused whole.
    assert!(g.act(0, "pass\naccuse 1 Blue Diamond").is_err());
    assert_eq!(g, before);
    // Another player's pass is refused for not being their turn, as any action is.
    assert!(g.act(1, "pass").unwrap_err()[0]
        .to_string()
        .contains("Ann's turn"));
    // The turn's actions still end it.
    g.act(0, "exchange").unwrap();
    assert_eq!(g.current, Some(1));
}

#[test]
fn a_game_stored_before_pass_was_refused_still_takes_it() {
    let mut stored = serde_json::to_value(four(Settings::default(), None)).unwrap();
    assert_eq!(stored["voluntary_pass"], false, "a new game refuses pass");
    stored.as_object_mut().unwrap().remove("voluntary_pass");
    let mut g: Sleuth = serde_json::from_value(stored).unwrap();
    assert!(g.voluntary_pass);
    let moved = g.act(0, "pass").unwrap();
    assert!(moved.events.iter().any(|e| matches!(
        e,
        Event::Passed {
            seat: 0,
            by_gm: false,
            ..
        }
    )));
    assert_eq!(g.current, Some(1));
}

#[test]
fn a_final_question_must_be_followed_by_an_accusation_or_counts_as_wrong() {
    let mut g = four(Settings::default(), None);
    g.act(0, "final ask Ben for Blue Opals").unwrap();
    assert!(g.final_asked);
    assert!(g.act(0, "exchange").is_err());
    let moved = g.deadline(1);
    assert!(moved.events.iter().any(|e| matches!(
        e,
        Event::Accused {
            seat: 0,
            correct: false,
            timed_out: true,
            ..
        }
    )));
    assert_eq!(g.seats[0].standing, Standing::Out);
    assert_eq!(g.current, Some(1));
    // A right accusation after a final question wins and ends the game.
    g.act(1, "final ask Cleo how many Reds\naccuse 3 Yellow Pearl")
        .unwrap();
    assert!(g.over);
    assert_eq!(g.winners, vec![1]);
}

#[test]
fn idle_turns_in_a_row_skip_a_player_until_they_send_a_command() {
    let s = Settings {
        idle_turns: 2,
        ..Settings::default()
    };
    let mut g = four(s, None);
    let mut skipped = 0;
    for _ in 0..16 {
        let t = g.turn;
        let moved = g.deadline(t);
        skipped += (moved.events.iter())
            .filter(|e| matches!(e, Event::Skipped { .. }))
            .count();
    }
    assert!(g.seats.iter().all(|s| s.skipped));
    assert_eq!(skipped, 4, "the game master is told of each seat once");
    // Turns go on in seat order among the skipped: the game never stalls.
    let on = g.current.expect("a turn under way");
    let t = g.turn;
    g.deadline(t);
    assert_eq!(g.current, Some((on + 1) % 4));
    assert_eq!(g.turn, t + 1);
    // A player back from the skip plays; the others' turns pass at once again.
    let back = (on + 2) % 4;
    g.act(back, "back").unwrap();
    assert!(!g.seats[back].skipped);
    let t = g.turn;
    g.deadline(t);
    assert_eq!(g.current, Some(back), "the only seat not skipped is next");
}

#[test]
fn a_skipped_player_is_back_after_any_command_even_a_refused_one_and_the_record_keeps_it() {
    let s = Settings {
        idle_turns: 1,
        ..Settings::default()
    };
    let mut g = four(s, None);
    let first = g.current.unwrap();
    let t = g.turn;
    g.deadline(t);
    assert!(g.seats[first].skipped);
    // Out of turn, its question is refused; it still lifts the skip, and is recorded.
    assert!(g.act(first, "ask Ben how many Pairs").is_err());
    let steps = g.steps.len();
    assert!(g.heard_from(first, "ask Ben how many Pairs"));
    assert!(!g.seats[first].skipped && g.seats[first].idle == 0);
    assert_eq!(g.steps.len(), steps + 1);
    assert!(matches!(g.log.last(), Some(Event::Returned { .. })));
    // Not skipped: nothing to lift, nothing recorded.
    assert!(!g.heard_from(first, "status"));
    assert_eq!(g.steps.len(), steps + 1);
}

#[test]
fn an_empty_deck_reshuffles_the_whole_discard_pile() {
    let mut g = four(Settings::default(), None);
    for _ in 0..10 {
        let s = g.current.unwrap();
        g.act(s, "exchange").unwrap();
    }
    assert!(g.log.iter().any(|e| matches!(e, Event::Reshuffled { .. })));
    assert_eq!(g.reshuffles.len(), 1);
    let total = g.deck.len() + g.discard.len() + g.search.iter().map(|s| s.len()).sum::<usize>();
    assert_eq!(total, 54, "no Search card is lost or made");
}

#[test]
fn two_questions_go_to_two_players_one_of_each_kind() {
    let s = Settings {
        two_questions: true,
        ..Settings::default()
    };
    let order = order_with(&["Pairs", "Blue Opals", "Reds", "Greens"]);
    let mut g = four(s, Some(order));
    assert!(g
        .act(0, "ask Ben how many Pairs\nask Ben for Blue Opals")
        .is_err());
    g.act(0, "ask Ben how many Pairs\nask Cleo for Blue Opals")
        .unwrap();
    assert_eq!(g.discard.len(), 2);
}

#[test]
fn supersleuth_answers_the_count_only() {
    let s = Settings {
        supersleuth: true,
        ..Settings::default()
    };
    let order = order_with(&["Blue Opals"]);
    let mut g = four(s, Some(order));
    let moved = g.act(0, "ask Ben for Blue Opals").unwrap();
    assert!(moved.reveals.is_empty());
}

#[test]
fn playing_for_second_goes_on_after_the_first_winner() {
    let s = Settings {
        winners: 2,
        ..Settings::default()
    };
    let mut g = four(s, None);
    g.act(1, "accuse 3 Yellow Pearl").unwrap();
    assert!(!g.over);
    assert_eq!(g.seats[1].standing, Standing::Won);
    assert!(g.public().end.is_none(), "the missing gem stays hidden");
    g.act(3, "accuse 3 Yellow Pearl").unwrap();
    assert!(g.over);
    assert_eq!(g.winners, vec![1, 3]);
}

#[test]
fn the_sheet_makes_the_missing_gem_one_more_place() {
    let g = four(Settings::default(), None);
    let view = g.view_of(0).unwrap();
    let sheet = crate::deduce::Sheet::bounds(&view);
    assert_eq!(sheet.locations.last().map(String::as_str), Some("table"));
    let missing_col = sheet.locations.iter().position(|l| l == "missing").unwrap();
    // A table card is surely not missing.
    let table_card = g.deal.table.iter().next().unwrap().name();
    let row = sheet.cards.iter().find(|r| r.card == table_card).unwrap();
    assert!(row.cells[missing_col].certain && row.cells[missing_col].p == 0.0);
}

#[test]
fn the_log_names_a_seat_as_it_was_when_each_line_happened() {
    let mut g = four(Settings::default(), None);
    g.act(0, "exchange").unwrap();
    g.replace(0, "Fay");
    g.replace(0, "Gil");
    g.act(1, "exchange").unwrap();
    let log = g.public().log;
    let of = |event: &str| -> Vec<(String, String)> {
        log.iter()
            .filter(|e| e["event"] == event)
            .map(|e| {
                (
                    e["seat"].as_str().unwrap().to_string(),
                    e["before"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect()
    };
    assert_eq!(of("exchanged")[0].0, "Ann", "before the replacements");
    assert_eq!(
        of("replaced"),
        [
            ("Fay".to_string(), "Ann".to_string()),
            ("Gil".to_string(), "Fay".to_string())
        ]
    );
    assert_eq!(of("exchanged")[1].0, "Ben");
    assert_eq!(g.players[0], "Gil", "the seat's name now");
}
