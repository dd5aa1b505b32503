//! The assistant checked on Polysleuth's views: exact counts against brute force on small
//! deals, certainties that never rule out the truth in random games, the sampler converging to
//! the exact values, a contradiction reported rather than a crash, and every certainty with
//! its reason. The views come from this game's engine and random players (`sim`).

use crate::deduce::count::count;
use crate::deduce::sample::{estimate, Plan};
use crate::deduce::*;
use crate::games::deck::{matching, Card};
use crate::games::polysleuth::assistant::Told;
use crate::games::polysleuth::rules::view::{Answer, Published, Reveal};
use crate::games::polysleuth::rules::{Bulletin, CardSet, Deal, PrivateReport, Settings, Trait};
use crate::games::polysleuth::sim::{self, Style};
use rand::RngExt;

fn names(n: usize) -> Vec<String> {
    ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// A small view of seat 0: most cards published, some true answers and a reveal, leaving
/// `open` cards whose place is unknown.
fn small_view(n: usize, seed: u64, open: usize) -> (View, Deal) {
    let settings = Settings::default();
    let deal = Deal::draw(n, &settings, seed).unwrap();
    let players = names(n);
    let mut view = View::new(
        &players,
        0,
        deal.hands[0],
        settings.hand_size_for(n),
        settings.safe_size_for(n),
    )
    .unwrap();
    let owner_name = |c| match deal.owner(c) {
        crate::games::polysleuth::rules::Owner::Seat(s) => players[s].clone(),
        crate::games::polysleuth::rules::Owner::Safe => "safe".into(),
    };
    let mut rng = sim::rng(seed);
    let mut unknown: Vec<Card> = Card::all()
        .filter(|c| !deal.hands[0].contains(*c))
        .collect();
    let mut published = Vec::new();
    while unknown.len() > open {
        let c = unknown.swap_remove(rng.random_range(0..unknown.len()));
        published.push(Published {
            card: c.name().into(),
            owner: owner_name(c).into(),
        });
    }
    let traits = Trait::all();
    let mut answers = Vec::new();
    for _ in 0..3 {
        let target = rng.random_range(1..n);
        let a = traits[rng.random_range(0..10)];
        let mut ts = vec![a];
        let b = traits[rng.random_range(0..10)];
        if b.kind() != a.kind() && rng.random_bool(0.5) {
            ts.push(b);
        }
        let set = matching(&ts);
        answers.push(Answer {
            target: players[target].as_str().into(),
            traits: ts.iter().map(|t| t.name().into()).collect(),
            count: set.intersect(deal.hands[target]).len() as u32,
            asker: players[0].as_str().into(),
            weight: 0,
        });
    }
    view.add_bulletin(&Bulletin {
        round: 1,
        answers,
        published,
        ..Bulletin::default()
    })
    .unwrap();
    let target = rng.random_range(1..n);
    let ts = [
        Trait::Number(rng.random_range(1..=3u8)),
        Trait::Gem(crate::games::polysleuth::rules::Gem::Opal),
    ];
    let set = matching(&ts);
    view.add_report(
        1,
        &PrivateReport {
            player: players[0].as_str().into(),
            guesses: vec![],
            reveals: vec![Reveal {
                player: players[0].as_str().into(),
                target: players[target].as_str().into(),
                traits: ts.iter().map(|t| t.name().into()).collect(),
                cards: set
                    .intersect(deal.hands[target])
                    .iter()
                    .map(|c| c.name().into())
                    .collect(),
            }],
            eyes: 0,
            half_points: 0,
            questions: vec![],
        },
    )
    .unwrap();
    (view, deal)
}

/// Every assignment of the unknown cards to every place, checked against every fact.
fn brute_force(view: &View) -> (u128, Vec<[u128; 8]>) {
    let locs = view.locations.len();
    let mut known = [None; 36];
    for f in &view.facts {
        if f.count == f.set.len() && f.set != CardSet::ALL {
            for c in f.set.iter() {
                known[c.index()] = Some(f.loc);
            }
        }
    }
    let unknown: Vec<usize> = (0..36).filter(|&k| known[k].is_none()).collect();
    let mut total = 0u128;
    let mut at = vec![[0u128; 8]; 36];
    let mut place = vec![0usize; unknown.len()];
    loop {
        let mut sets = vec![CardSet::EMPTY; locs];
        for k in 0..36 {
            let l = match known[k] {
                Some(l) => l,
                None => place[unknown.iter().position(|&u| u == k).unwrap()],
            };
            sets[l].insert(Card::from_index(k));
        }
        if view
            .facts
            .iter()
            .all(|f| sets[f.loc].intersect(f.set).len() == f.count)
        {
            total += 1;
            for (l, s) in sets.iter().enumerate() {
                for c in s.iter() {
                    at[c.index()][l] += 1;
                }
            }
        }
        // Next assignment, as a counter in base `locs`.
        let mut i = 0;
        loop {
            if i == place.len() {
                return (total, at);
            }
            place[i] += 1;
            if place[i] < locs {
                break;
            }
            place[i] = 0;
            i += 1;
        }
    }
}

#[test]
fn exact_counts_match_brute_force_enumeration() {
    let mut compared = 0;
    for (n, open) in [(3, 10), (4, 8), (5, 6), (6, 6)] {
        for seed in 0..6 {
            let (view, _) = small_view(n, seed * 31 + n as u64, open);
            let (total, at) = brute_force(&view);
            assert!(total > 0, "the true deal always fits");
            let d = propagate(&view).expect("a true view is consistent");
            let c = count(&view, &d, u64::MAX).unwrap();
            assert_eq!(c.deals, total, "{n} players, seed {seed}");
            assert_eq!(c.at, at, "{n} players, seed {seed}");
            compared += 1;
        }
    }
    assert_eq!(compared, 24);
}

#[test]
fn a_view_no_deal_fits_is_a_contradiction_not_a_crash() {
    // A card published with Cleo that Ben was seen to hold.
    let (mut view, deal) = small_view(4, 3, 8);
    let bens = deal.hands[1].iter().next().unwrap();
    for owner in ["Ben", "Cleo"] {
        view.add_bulletin(&Bulletin {
            round: 2,
            published: vec![Published {
                card: bens.name().into(),
                owner: owner.into(),
            }],
            ..Bulletin::default()
        })
        .unwrap();
    }
    let sheet = Sheet::compute(&view, &Budget::default());
    assert!(sheet
        .contradiction
        .unwrap()
        .contains("published in round 2"));
    // Two answers that cannot both hold.
    let (mut view, _) = small_view(4, 5, 12);
    for count in [0, 1] {
        view.add_bulletin(&Bulletin {
            round: 3,
            answers: vec![Answer {
                target: "Ben".into(),
                traits: vec!["Red".into(), "Opal".into()],
                count,
                asker: "Cleo".into(),
                weight: 3,
            }],
            ..Bulletin::default()
        })
        .unwrap();
    }
    let sheet = Sheet::compute(&view, &Budget::default());
    assert!(sheet.contradiction.unwrap().starts_with("no deal fits"));
    assert!(sheet.cards.is_empty());
    assert_eq!(sheet.deals.as_deref(), Some("0"));
}

fn light() -> Budget {
    Budget {
        count: 300_000,
        sample: Plan {
            chains: 3,
            sweeps: 300,
            burn_in: 50,
            proof_nodes: 2_000,
        },
    }
}

#[test]
fn certainties_hold_and_the_truth_is_never_ruled_out_in_random_games() {
    let mut views = 0;
    let mut certain = 0;
    for n in 3..=7 {
        for seed in 0..3u64 {
            let (start, outcomes) = sim::play(n, 1000 + seed * 7 + n as u64, &Style::default(), 6);
            let owners = start.deal.owners();
            for rounds in [0, 2, outcomes.len()] {
                for seat in 0..n {
                    let view = crate::games::polysleuth::assistant::of_recorded(
                        &start, &outcomes, seat, rounds,
                    )
                    .unwrap();
                    let sheet = Sheet::compute(&view, &light());
                    assert!(sheet.contradiction.is_none(), "{:?}", sheet.contradiction);
                    for (k, row) in sheet.cards.iter().enumerate() {
                        let truth = match owners[k] {
                            crate::games::polysleuth::rules::Owner::Seat(s) => s,
                            crate::games::polysleuth::rules::Owner::Safe => n,
                        };
                        for (l, cell) in row.cells.iter().enumerate() {
                            if l == truth {
                                assert!(cell.p > 0.0, "{} ruled out where it is: {n} players, seat {seat}, rounds {rounds}, {:?} {:?}", row.card, sheet.method, cell);
                            }
                            if cell.certain {
                                certain += 1;
                                assert_eq!(cell.p == 1.0, l == truth, "{} at {l}", row.card);
                            }
                        }
                    }
                    views += 1;
                }
            }
        }
    }
    assert!(views > 200 && certain > views * 36);
}

#[test]
fn the_sampler_converges_to_the_exact_values() {
    let mut checked = 0;
    for (n, seed) in [(3, 4u64), (4, 9), (5, 2)] {
        let (start, outcomes) = sim::play(n, seed, &Style::default(), 4);
        let view = crate::games::polysleuth::assistant::of_recorded(
            &start,
            &outcomes,
            0,
            outcomes.len().min(3),
        )
        .unwrap();
        let d = propagate(&view).unwrap();
        let Ok(exact) = count(&view, &d, 50_000_000) else {
            continue;
        };
        let plan = Plan {
            chains: 4,
            sweeps: 4_000,
            burn_in: 200,
            proof_nodes: 20_000,
        };
        let e = estimate(&view, &d, &plan).unwrap();
        let mut worst: f64 = 0.0;
        for k in 0..36 {
            for l in 0..view.locations.len() {
                let p = exact.at[k][l] as f64 / exact.deals as f64;
                worst = worst.max((e.p[k][l] - p).abs());
                if p == 0.0 {
                    assert!(e.impossible[k][l] || d.places[k] >> l & 1 == 1);
                }
            }
        }
        assert!(worst < 0.05, "{n} players: the sampler is off by {worst}");
        checked += 1;
    }
    assert!(checked >= 2);
}

#[test]
fn the_sampler_gives_the_same_estimate_on_one_thread_as_on_several() {
    let (start, outcomes) = sim::play(5, 2, &Style::default(), 4);
    let view = crate::games::polysleuth::assistant::of_recorded(&start, &outcomes, 0, 3).unwrap();
    let d = propagate(&view).unwrap();
    let plan = Plan {
        chains: 5,
        sweeps: 300,
        burn_in: 20,
        proof_nodes: 20_000,
    };
    let one = crate::deduce::sample::estimate_on(&view, &d, &plan, 1).unwrap();
    for threads in [2, 3, 8] {
        let several = crate::deduce::sample::estimate_on(&view, &d, &plan, threads).unwrap();
        assert_eq!(several, one, "{threads} threads");
    }
    let open = (0..36).filter(|&k| !d.is_placed(k)).count();
    assert!(open > 5, "the view leaves {open} cards open");
}

/// A 7-player view of the deduce bench (game 1, seat 5, after round 3) past the counting
/// budget, whose first start search in one long try ran out of nodes: the sampler then gave
/// nothing and the sheet showed certainties only. Restarts find a start within the same nodes.
#[test]
fn the_sampler_finds_a_first_deal_where_one_long_search_would_run_out() {
    let (start, outcomes) = sim::play(7, 7_000 + 13 + 7, &Style::default(), 12);
    let view = crate::games::polysleuth::assistant::of_recorded(&start, &outcomes, 5, 3).unwrap();
    let d = propagate(&view).unwrap();
    let plan = Plan {
        chains: 4,
        sweeps: 20,
        burn_in: 0,
        proof_nodes: 20_000,
    };
    let e = estimate(&view, &d, &plan).expect("every chain finds a first deal");
    for k in 0..36 {
        let total: f64 = e.p[k].iter().sum();
        assert!(
            (total - 1.0).abs() < 1e-9,
            "each card is somewhere: {total}"
        );
    }
}

#[test]
fn a_stored_sheet_reads_back_the_same_unknown_cells_included() {
    let (view, _) = small_view(4, 2, 8);
    for sheet in [
        Sheet::told(&view),
        Sheet::compute(&view, &Budget::default()),
    ] {
        let json = serde_json::to_string(&sheet).unwrap();
        let back: Sheet = serde_json::from_str(&json).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
        let unknown = back
            .cards
            .iter()
            .flat_map(|r| &r.cells)
            .filter(|c| c.p.is_nan());
        assert_eq!(unknown.count() > 0, sheet.method == Method::Told);
    }
}

#[test]
fn certainties_come_with_a_reason() {
    let (view, deal) = small_view(4, 11, 8);
    let sheet = Sheet::compute(&view, &Budget::default());
    assert_eq!(sheet.method, Method::Exact);
    let mine = deal.hands[0].iter().next().unwrap();
    let row = &sheet.cards[mine.index()];
    assert_eq!(row.cells[0].p, 1.0);
    assert_eq!(
        row.cells[0].why.as_deref(),
        Some(format!("you hold {}: your hand", mine.name()).as_str())
    );
    assert!(row.cells[1]
        .why
        .as_deref()
        .unwrap()
        .starts_with("Ben does not hold"));
}

mod counting {
    //! The exact count's fast paths give the counts of its plain ones on this game's views.
    use crate::deduce::count::{count_in, Tuning};
    use crate::deduce::propagate;
    use crate::games::polysleuth::assistant::of_recorded;
    use crate::games::polysleuth::sim::{self, Style};

    #[test]
    fn pass_two_in_64_bits_gives_the_same_counts_as_in_128() {
        let mut narrow = 0;
        for n in [4, 5] {
            let (start, outcomes) = sim::play(n, 40 + n as u64, &Style::default(), 6);
            for r in 1..=outcomes.len() {
                for seat in 0..n {
                    let view = of_recorded(&start, &outcomes, seat, r).unwrap();
                    let d = propagate(&view).unwrap();
                    let wide = Tuning {
                        narrow: false,
                        ..Tuning::DEFAULT
                    };
                    let wide = count_in(&view, &d, u64::MAX, wide).unwrap();
                    assert_eq!(
                        count_in(&view, &d, u64::MAX, Tuning::DEFAULT).unwrap(),
                        wide
                    );
                    if wide.deals <= u64::MAX as u128 / 1296 {
                        narrow += 1;
                    }
                }
            }
        }
        assert!(narrow > 10, "the 64-bit pass ran on {narrow} views");
    }

    #[test]
    fn counting_on_two_threads_gives_the_same_counts_as_on_one() {
        let alone = Tuning {
            shared_start: usize::MAX,
            shared_step: usize::MAX,
            ..Tuning::DEFAULT
        };
        let always = Tuning {
            shared_start: 1,
            shared_step: 1,
            ..Tuning::DEFAULT
        };
        let mut shared = 0;
        for n in [4, 5] {
            let (start, outcomes) = sim::play(n, 60 + n as u64, &Style::default(), 6);
            for r in 1..=outcomes.len() {
                for seat in 0..n {
                    let view = of_recorded(&start, &outcomes, seat, r).unwrap();
                    let d = propagate(&view).unwrap();
                    let one = count_in(&view, &d, u64::MAX, alone).unwrap();
                    assert_eq!(count_in(&view, &d, u64::MAX, always).unwrap(), one);
                    shared += (one.deals > 0) as usize;
                }
            }
        }
        assert!(shared > 10, "{shared} views with deals counted both ways");
    }
}
