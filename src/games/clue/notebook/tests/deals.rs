//! The counts against every deal enumerated: small made-up problems, counted both ways, and
//! views of whole games played at random.

use rand::rngs::ChaCha20Rng;
use rand::SeedableRng;

use super::*;
use crate::games::clue::notebook::by_cards::by_cards;
use crate::games::clue::notebook::count::{
    by_sets, sample, Counts, Envelope, Hand, OverBudget, Problem,
};
use crate::games::clue::setup::Setup;
use crate::games::stream::below;

fn add(marg: &mut [u64], mut h: u32, n: u64) {
    while h != 0 {
        marg[h.trailing_zeros() as usize] += n;
        h &= h - 1;
    }
}

/// Each of the first `n` cards, with chance `pc` percent.
fn some(rng: &mut ChaCha20Rng, n: u32, pc: u64) -> u32 {
    (0..n)
        .filter(|_| below(rng, 100) < pc)
        .fold(0, |m, b| m | 1 << b)
}

/// A small random problem: up to 9 cards in three kinds, an envelope lacking some kinds,
/// two to four hands, some alike, others with exclusions and "one of" sets, and bans.
fn problem(seed: u64) -> Problem {
    let rng = &mut ChaCha20Rng::seed_from_u64(seed);
    let mut next = 0;
    let masks: Vec<u32> = (0..3)
        .map(|_| {
            let k = 1 + below(rng, 3) as u32;
            next += k;
            ((1 << k) - 1) << (next - k)
        })
        .collect();
    let cards = (1u32 << next) - 1;
    let lacking: Vec<u32> = masks.into_iter().filter(|_| below(rng, 4) != 0).collect();
    let left = next - lacking.len() as u32;
    let mut players = 2 + (below(rng, 3) as u32).min(left.saturating_sub(2));
    while (players as u64 + 1).pow(next) > 300_000 {
        players -= 1;
    }
    let mut sizes = vec![left / players; players as usize];
    for s in sizes.iter_mut().take((left % players) as usize) {
        *s += 1;
    }
    let mut hands = Vec::new();
    for size in sizes {
        let alike = below(rng, 3) == 0;
        let allowed = if alike {
            cards
        } else {
            cards & !some(rng, next, 15)
        };
        let one_of = match alike {
            true => vec![],
            false => (0..below(rng, 3)).map(|_| some(rng, next, 30)).collect(),
        };
        // Every third problem, "at least two of" sets too (ask_refuter).
        let two_of = match alike || !seed.is_multiple_of(3) {
            true => vec![],
            false => (0..below(rng, 2)).map(|_| some(rng, next, 40)).collect(),
        };
        hands.push(Hand {
            size,
            allowed,
            one_of,
            two_of,
        });
    }
    let mut banned = Vec::new();
    for _ in 0..below(rng, 3) {
        let pick = |rng: &mut ChaCha20Rng, k: u32| {
            let bits: Vec<u32> = (0..32).filter(|b| k >> b & 1 == 1).collect();
            1 << bits[below(rng, bits.len() as u64) as usize]
        };
        banned.push(lacking.iter().fold(0, |m, &k| m | pick(rng, k)));
    }
    let allowed = cards & !some(rng, next, 15);
    Problem {
        cards,
        envelope: Envelope {
            kinds: lacking,
            allowed,
            banned,
        },
        hands,
    }
}

/// Every assignment of every card to a place, kept when it fits.
fn every_assignment(p: &Problem) -> Counts {
    let places = 1 + p.hands.len();
    let n = p.cards.count_ones();
    let mut c = Counts {
        total: 0,
        envelope: vec![0; 32],
        hands: vec![vec![0; 32]; p.hands.len()],
    };
    for code in 0..(places as u64).pow(n) {
        let mut sets = vec![0u32; places];
        let mut x = code;
        for b in 0..n {
            sets[(x % places as u64) as usize] |= 1 << b;
            x /= places as u64;
        }
        let e = &p.envelope;
        let env_ok = sets[0].count_ones() as usize == e.kinds.len()
            && e.kinds.iter().all(|k| (sets[0] & k).count_ones() == 1)
            && sets[0] & !e.allowed == 0
            && !e.banned.contains(&sets[0]);
        let hands_ok = p.hands.iter().zip(&sets[1..]).all(|(h, &s)| {
            s.count_ones() == h.size
                && s & !h.allowed == 0
                && h.one_of.iter().all(|o| s & o != 0)
                && h.two_of.iter().all(|o| (s & o).count_ones() >= 2)
        });
        if env_ok && hands_ok {
            c.total += 1;
            add(&mut c.envelope, sets[0], 1);
            for (m, &s) in c.hands.iter_mut().zip(&sets[1..]) {
                add(m, s, 1);
            }
        }
    }
    c
}

#[test]
fn the_count_agrees_with_every_deal_enumerated_on_small_problems() {
    let (mut fitting, mut two_of) = (0, 0);
    for seed in 0..400 {
        let p = problem(seed);
        let exact = by_sets(&p, u64::MAX).unwrap();
        assert_eq!(exact, every_assignment(&p), "seed {seed}: {p:?}");
        match p.hands.iter().any(|h| !h.two_of.is_empty()) {
            // "At least two of" goes set by set, never card by card.
            true => {
                assert_eq!(crate::games::clue::notebook::by_cards::terms(&p), u64::MAX);
                two_of += (exact.total > 0) as usize;
            }
            false => assert_eq!(by_cards(&p, u64::MAX).unwrap(), exact, "seed {seed}: {p:?}"),
        }
        fitting += (exact.total > 0) as usize;
    }
    assert!(fitting > 150, "many problems have deals: {fitting}");
    assert!(
        two_of > 10,
        "many with \"at least two of\" have deals: {two_of}"
    );
}

#[test]
fn past_its_budget_the_count_stops_and_sampling_draws_only_deals_that_fit() {
    let p = (0..)
        .map(problem)
        .find(|p| by_sets(p, u64::MAX).unwrap().total > 20)
        .unwrap();
    assert_eq!(by_sets(&p, 3), Err(OverBudget));
    assert_eq!(by_cards(&p, 3), Err(OverBudget));
    let exact = by_sets(&p, u64::MAX).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let s = sample(&p, 40_000, &mut rng);
    assert_eq!(s, sample(&p, 40_000, &mut ChaCha20Rng::seed_from_u64(5)));
    assert!(s.total > 1000);
    let close = |a: u64, at: u64, b: u64, bt: u64| {
        (a as f64 / at as f64 - b as f64 / bt as f64).abs() < 0.03
    };
    for b in 0..32 {
        assert!(close(
            s.envelope[b],
            s.total,
            exact.envelope[b],
            exact.total
        ));
        for (h, e) in s.hands.iter().zip(&exact.hands) {
            assert!(close(h[b], s.total, e[b], exact.total));
            // A card no deal puts there is never drawn there.
            assert!(e[b] > 0 || h[b] == 0);
        }
    }
}

/// Every deal that fits the seat's events, by trying each place for each card it does not
/// see: (deals, per card per notebook place), or None past `limit` tries.
fn every_deal(v: &SeatView, places: &[Place], limit: u64) -> Option<(u64, Vec<Vec<u64>>)> {
    struct Walk<'a> {
        v: &'a SeatView,
        hidden: Vec<Card>,
        /// Per hidden card, the places to try (None: the envelope).
        choices: Vec<Vec<Option<usize>>>,
        deal: Vec<Option<usize>>,
        total: u64,
        counts: Vec<Vec<u64>>,
        col: Vec<usize>,
        tries: u64,
    }
    fn go(w: &mut Walk, i: usize, limit: u64) -> bool {
        w.tries += 1;
        if w.tries > limit {
            return false;
        }
        let Some(&card) = w.hidden.get(i) else {
            if fits(w.v, &w.deal) {
                w.total += 1;
                for c in Card::all() {
                    let col = match w.deal[c.index()] {
                        None => 0,
                        Some(s) => w.col.get(s).copied().unwrap_or(w.col.len() + 1),
                    };
                    w.counts[c.index()][col] += 1;
                }
            }
            return true;
        };
        for k in 0..w.choices[i].len() {
            let ch = w.choices[i][k];
            let full = match ch {
                None => w.hidden[..i]
                    .iter()
                    .any(|h| w.deal[h.index()].is_none() && h.kind() == card.kind()),
                Some(s) => {
                    w.hidden[..i]
                        .iter()
                        .filter(|h| w.deal[h.index()] == Some(s))
                        .count()
                        == hand_size(w.v.players)
                }
            };
            if !full {
                w.deal[card.index()] = ch;
                if !go(w, i + 1, limit) {
                    return false;
                }
            }
        }
        true
    }
    // Only to go faster: no hand that had none of a card, no other place for a card shown.
    let (mut barred, mut three) = (Vec::new(), [nth(0); 3]);
    for e in v.events.iter().map(|e| event_for(e, Some(v.seat))) {
        match e {
            Event::Suggested {
                guest,
                room,
                weapon,
                ..
            } => three = [guest, weapon, Card::of_room(room)],
            Event::HadNone { seat } => barred.extend(three.map(|c| (c, Some(seat)))),
            Event::Showed { seat, card, .. } => {
                barred.extend(
                    (0..v.players)
                        .filter(|s| *s != seat)
                        .map(|s| (card, Some(s))),
                );
                barred.push((card, None));
            }
            _ => {}
        }
    }
    let hidden: Vec<Card> = Card::all()
        .filter(|c| !v.hand.contains(c) && !v.spare.contains(c))
        .collect();
    let others = (0..v.players).filter(|s| *s != v.seat).map(Some);
    let places_for = |c: &Card| {
        others
            .clone()
            .chain([None])
            .filter(|p| !barred.contains(&(*c, *p)))
            .collect()
    };
    let mut w = Walk {
        v,
        choices: hidden.iter().map(places_for).collect(),
        hidden,
        // None: the envelope; the seat's hand and the spare cards are where they are.
        deal: Card::all()
            .map(|c| match () {
                _ if v.hand.contains(&c) => Some(v.seat),
                _ if v.spare.contains(&c) => Some(usize::MAX),
                _ => None,
            })
            .collect(),
        total: 0,
        counts: vec![vec![0; places.len()]; Card::COUNT],
        col: (0..v.players)
            .map(|s| places.iter().position(|p| *p == Place::Seat(s)).unwrap())
            .collect(),
        tries: 0,
    };
    go(&mut w, 0, limit).then_some((w.total, w.counts))
}

/// The seat's events read plainly against a whole deal (None: the envelope).
fn fits(v: &SeatView, deal: &[Option<usize>]) -> bool {
    let holds = |s: usize, c: Card| {
        if s == v.seat {
            v.hand.contains(&c)
        } else {
            deal[c.index()] == Some(s)
        }
    };
    let mut three = [nth(0); 3];
    v.events
        .iter()
        .map(|e| event_for(e, Some(v.seat)))
        .all(|e| match e {
            Event::Suggested {
                guest,
                room,
                weapon,
                ..
            } => {
                three = [guest, weapon, Card::of_room(room)];
                true
            }
            Event::HadNone { seat } => !three.iter().any(|c| holds(seat, *c)),
            Event::Asked { seat, .. } => three.iter().filter(|c| holds(seat, **c)).count() >= 2,
            Event::ShowedUnseen { seat, .. } => three.iter().any(|c| holds(seat, *c)),
            Event::Showed { seat, card, .. } => holds(seat, card) && three.contains(&card),
            Event::Accused {
                guest,
                room,
                weapon,
                right,
                ..
            } => {
                let env = [guest, weapon, Card::of_room(room)]
                    .iter()
                    .all(|c| deal[c.index()].is_none());
                env == right
            }
            _ => true,
        })
}

#[test]
fn every_chance_on_views_of_games_played_is_the_share_of_the_deals_that_fit_the_view() {
    every_chance_is_the_share_of_the_deals(false);
}

#[test]
fn with_ask_refuter_a_refuter_asked_to_choose_holds_two_and_every_chance_still_counts_every_deal() {
    every_chance_is_the_share_of_the_deals(true);
}

fn every_chance_is_the_share_of_the_deals(ask_refuter: bool) {
    let (mut compared, mut with_asked) = ([0; 4], 0);
    for (players, views) in (3..=6).zip(compared.iter_mut()) {
        for seed in 0..8 {
            for t in [3, 10, 20, 32, 44] {
                let setup = Setup::draw(players, seed).unwrap();
                let (g, events) = played_with(players, seed, t, setup, ask_refuter);
                let asked = events.iter().any(|e| matches!(e, Event::Asked { .. }));
                for seat in [0, players - 1] {
                    let v = seat_view(&g, &events, seat);
                    let nb = exact(&v);
                    assert!(!nb.contradiction);
                    let Some((total, counts)) = every_deal(&v, &nb.places, 120_000) else {
                        continue;
                    };
                    assert_eq!(
                        nb.deals,
                        Some(total),
                        "{players} players, seed {seed}, turn {t}"
                    );
                    for row in &nb.rows {
                        for (cell, &m) in row.cells.iter().zip(&counts[row.card.index()]) {
                            match cell {
                                Cell::Yes(_) => assert_eq!(m, total, "{}: {cell:?}", row.card),
                                Cell::No(_) => assert_eq!(m, 0, "{}: {cell:?}", row.card),
                                Cell::Open(p) => assert_eq!(*p, Some(m as f64 / total as f64)),
                            }
                        }
                    }
                    *views += 1;
                    with_asked += asked as usize;
                }
            }
        }
    }
    println!("views compared, tables of 3 to 6: {compared:?}, {with_asked} with a refuter asked");
    assert!(compared.iter().all(|n| *n >= 10), "{compared:?}");
    assert_eq!(
        with_asked > 40,
        ask_refuter,
        "{with_asked} views with a refuter asked"
    );
}
