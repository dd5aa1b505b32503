//! What a seat may not see changes nothing in its notebook; past its budget the notebook
//! samples; and its time on views of games played and on the hardest early views.

use rand::rngs::ChaCha20Rng;
use rand::SeedableRng;

use super::*;
use crate::games::clue::setup::Setup;
use crate::games::stream::below;

#[test]
fn a_card_shown_to_someone_else_changes_nothing_in_your_notebook() {
    let (g, events) = played(4, 3, 12, Setup::draw(4, 3).unwrap());
    let seen = seat_view(&g, &events, 0);
    assert!(!seen
        .events
        .iter()
        .any(|e| matches!(e, Event::Showed { seat, to, .. } if *seat != 0 && *to != 0)));
    // Even a view built with the cards shown to others left in reads them as unseen.
    let told = SeatView {
        events: events.clone(),
        ..seen.clone()
    };
    assert_ne!(told, seen);
    assert_eq!(exact(&told), exact(&seen));
}

#[test]
fn two_deals_that_look_the_same_to_a_seat_give_it_the_same_notebook() {
    let mut same = 0;
    for seed in 0..400u64 {
        let players = 3 + seed as usize % 4;
        let a = Setup::draw(players, seed).unwrap();
        // Swap two cards the seat does not see, between two other places.
        let mut b = a.clone();
        let rng = &mut ChaCha20Rng::seed_from_u64(seed);
        let (s, t) = (
            1 + below(rng, players as u64 - 1) as usize,
            below(rng, players as u64) as usize,
        );
        let (i, j) = (
            below(rng, b.hands[s].len() as u64) as usize,
            below(rng, 3) as usize,
        );
        if t == 0 || t == s {
            if b.hands[s][i].kind() != b.envelope[j].kind() {
                continue;
            }
            std::mem::swap(&mut b.hands[s][i], &mut b.envelope[j]);
        } else {
            let (x, j) = (b.hands[s][i], j % b.hands[t].len());
            b.hands[s][i] = std::mem::replace(&mut b.hands[t][j], x);
        }
        let (ga, ea) = played(players, seed, 5, a);
        let (gb, eb) = played(players, seed, 5, b);
        let (va, vb) = (seat_view(&ga, &ea, 0), seat_view(&gb, &eb, 0));
        if va == vb && ga.setup != gb.setup {
            same += 1;
            assert_eq!(exact(&va), exact(&vb));
            let budget = Budget {
                work: 0,
                proposals: 2_000,
            };
            assert_eq!(
                Notebook::build(&va, &budget, 7),
                Notebook::build(&vb, &budget, 7)
            );
        }
    }
    assert!(
        same >= 20,
        "deals told apart by nothing the seat sees: {same}"
    );
}

#[test]
fn beyond_its_budget_the_notebook_samples_and_says_so_keeping_its_proved_certainties() {
    let v = three_turns();
    let nb = exact(&v);
    let budget = Budget {
        work: 10,
        proposals: 100_000,
    };
    let sampled = Notebook::build(&v, &budget, 42);
    assert!(matches!(sampled.method, Method::Sampled { deals } if deals > 1_000));
    assert_eq!(sampled, Notebook::build(&v, &budget, 42));
    assert_eq!(sampled.deals, None);
    for (e, s) in nb.rows.iter().zip(&sampled.rows) {
        for (x, y) in e.cells.iter().zip(&s.cells) {
            match (x, y) {
                (Cell::Open(Some(p)), Cell::Open(Some(q))) => assert!((p - q).abs() < 0.02),
                (
                    Cell::Yes(Reason::ForcedByCount) | Cell::No(Reason::ForcedByCount),
                    Cell::Open(_),
                ) => {}
                _ => assert_eq!(x, y, "{}", e.card),
            }
        }
    }
}

/// The hardest views: a table of six early on, where each player showed someone a card for
/// three the viewer does not hold, and nothing else is known.
fn early_refutations(asks: usize, seed: u64) -> SeatView {
    let rng = &mut ChaCha20Rng::seed_from_u64(seed);
    let hand = [
        nth(below(rng, 6)),
        nth(6 + below(rng, 6)),
        nth(12 + below(rng, 9)),
    ];
    let mut events = Vec::new();
    for k in 0..asks {
        let asker = 1 + k % 5;
        let pick = |rng: &mut ChaCha20Rng, from: u64, n: u64| loop {
            let card = nth(from + below(rng, n));
            if !hand.contains(&card) {
                break card;
            }
        };
        let (guest, weapon, room) = (pick(rng, 0, 6), pick(rng, 6, 6), pick(rng, 12, 9));
        let room = room.room().unwrap();
        events.push(Event::Suggested {
            seat: asker,
            guest,
            room,
            weapon,
        });
        let next = (asker + 1) % 6;
        events.push(match next {
            0 => Event::HadNone { seat: 0 },
            _ => Event::ShowedUnseen {
                seat: next,
                to: asker,
            },
        });
        if next == 0 {
            events.push(Event::ShowedUnseen { seat: 1, to: asker });
        }
        events.push(Event::Turn {
            seat: (asker + 1) % 6,
        });
    }
    SeatView {
        seat: 0,
        players: 6,
        hand: hand.to_vec(),
        spare: vec![],
        events,
    }
}

#[test]
fn a_notebook_takes_milliseconds_on_views_of_games_played() {
    for asks in [3, 5, 6, 7, 8, 10, 12, 16] {
        let mut worst = (0.0f64, String::new());
        for seed in 0..6 {
            let v = early_refutations(asks, seed);
            let start = std::time::Instant::now();
            let nb = Notebook::build(&v, &Budget::default(), seed);
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            if ms > worst.0 {
                worst = (ms, format!("{:?}, {:?} deals", nb.method, nb.deals));
            }
        }
        println!(
            "6 players, {asks} refutations and nothing else: worst {:.2} ms ({})",
            worst.0, worst.1
        );
    }
    for players in 3..=6 {
        let (mut times, mut sampled) = (Vec::new(), 0);
        for seed in 0..4 {
            for t in [0, 6, 12, 20, 30, 45] {
                let (g, events) = played(players, seed, t, Setup::draw(players, seed).unwrap());
                for seat in 0..players {
                    let v = seat_view(&g, &events, seat);
                    let start = std::time::Instant::now();
                    let nb = Notebook::build(&v, &Budget::default(), seed);
                    times.push((start.elapsed().as_secs_f64() * 1000.0, t));
                    sampled += matches!(nb.method, Method::Sampled { .. }) as usize;
                }
            }
        }
        times.sort_by(|a, b| a.0.total_cmp(&b.0));
        let median = times[times.len() / 2].0;
        let (worst, at) = times[times.len() - 1];
        println!("{players} players: {} views, median {median:.2} ms, worst {worst:.2} ms (turn {at}), sampled {sampled}", times.len());
    }
}
