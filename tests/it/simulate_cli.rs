//! Runs `polysleuth simulate` as a user would: a summary that adds up, the same result for
//! the same seed whatever the number of workers, and bad input named back.

use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn simulate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .arg("simulate")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = simulate(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "no progress bar when not on a terminal"
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_same_seed_gives_the_same_games_whatever_the_number_of_workers() {
    let args = |jobs: &'static str| {
        [
            "--players",
            "4",
            "--games",
            "12",
            "--seats",
            "detective,novice,master,novice",
            "--seed",
            "5",
            "--json",
            "--jobs",
            jobs,
        ]
    };
    let one = json(&args("1"));
    let two = json(&args("2"));
    assert_eq!(one["games"], two["games"]);
    assert_eq!(one["summary"], two["summary"]);
    let other = json(&[
        "--players",
        "4",
        "--games",
        "12",
        "--seats",
        "detective,novice,master,novice",
        "--seed",
        "6",
        "--json",
    ]);
    assert_ne!(
        one["games"], other["games"],
        "another seed deals other games"
    );

    // The summary adds up: one win per game, shared in ties, and levels turn round the seats.
    let games = one["games"].as_array().unwrap();
    assert_eq!(games.len(), 12);
    let wins: f64 = one["summary"]["by_level"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l[1]["wins"].as_f64().unwrap())
        .sum();
    assert!((wins - 12.0).abs() < 1e-9, "{wins}");
    assert_eq!(games[1]["levels"][0], games[0]["levels"][1]);
    for g in games {
        assert!(g["ended"].as_bool().unwrap(), "every game ended: {g}");
        let best = g["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_f64().unwrap())
            .fold(0.0, f64::max);
        for w in g["winners"].as_array().unwrap() {
            assert_eq!(
                g["points"][w.as_u64().unwrap() as usize].as_f64(),
                Some(best)
            );
        }
    }
}

#[test]
fn the_table_shows_every_level_and_every_seat() {
    let out = simulate(&[
        "--players",
        "3",
        "--games",
        "6",
        "--seats",
        "detective,novice,novice",
        "--seed",
        "2",
    ]);
    assert!(out.status.success());
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.starts_with("6 games of 3 players (detective, novice, novice), seed 2"));
    for row in [
        "| novice | 12 |",
        "| detective | 6 |",
        "| 1 | 6 |",
        "| 3 | 6 |",
    ] {
        assert!(table.contains(row), "{row} missing from:\n{table}");
    }
}

#[test]
fn bad_seats_and_settings_are_named_back_with_status_2() {
    for (args, says) in [
        (
            vec!["--players", "4", "--seats", "detective,genius"],
            "\"genius\" is not a computer player's level; use novice, detective or master",
        ),
        (
            vec!["--players", "4", "--seats", "detective,novice"],
            "--seats names 2 levels for 4 players",
        ),
        (
            vec!["--players", "4", "--seats", "novice", "--setting", "income"],
            "--setting income: write KEY=VALUE",
        ),
        (vec!["--players", "9", "--seats", "novice"], "9"),
    ] {
        let out = simulate(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("polysleuth simulate: ") && err.contains(says),
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
}

/// `simulate` finds its game through the registry: `--ruleset` anywhere on the line picks it,
/// an unknown name is answered with the names there are, and a house rule the game cannot
/// take is refused in its words; each refusal is status 2 with nothing on standard output.
#[test]
fn simulate_finds_its_game_by_ruleset_and_refuses_a_name_it_cannot_play() {
    let picked = json(&[
        "--players",
        "3",
        "--games",
        "2",
        "--seats",
        "novice",
        "--json",
        "--ruleset",
        "polysleuth",
    ]);
    let default = json(&[
        "--players",
        "3",
        "--games",
        "2",
        "--seats",
        "novice",
        "--json",
    ]);
    assert_eq!(picked, default, "Polysleuth is the first game");
    for (args, says) in [
        (
            vec!["--ruleset", "nope"],
            "\"nope\" is not a ruleset: use polysleuth, sleuth (classic Sleuth), clue or sherlock (Sherlock Solitaire)",
        ),
        (
            vec![
                "--ruleset=sleuth",
                "--players",
                "4",
                "--seats",
                "novice",
                "--setting",
                "missing_gems=5",
            ],
            "missing_gems",
        ),
    ] {
        let out = simulate(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("polysleuth simulate: ") && err.contains(says),
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
}

/// Classic Sleuth's simulation plays whole games between its computer players on every core,
/// the same games whatever the number of workers, and sums up how each level did.
#[test]
fn simulate_plays_classic_sleuth_between_computer_players_and_sums_up_each_level() {
    let args = |jobs: &'static str| {
        vec![
            "--ruleset",
            "sleuth",
            "--players",
            "3",
            "--games",
            "6",
            "--seats",
            "master,novice,novice",
            "--seed",
            "5",
            "--jobs",
            jobs,
            "--json",
        ]
    };
    let one = json(&args("1"));
    let two = json(&args("2"));
    assert_eq!(one["games"], two["games"], "the workers change nothing");
    let games = one["games"].as_array().unwrap();
    assert_eq!(games.len(), 6);
    assert!(games.iter().all(|g| g["ended"] == true));
    let levels = one["summary"]["levels"].as_array().unwrap();
    let seats: u64 = levels.iter().map(|l| l["seats"].as_u64().unwrap()).sum();
    assert_eq!(seats, 18, "three seats in each of six games");
    let master = levels.iter().find(|l| l["level"] == "master").unwrap();
    assert_eq!(master["seats"], 6);
    let wins: u64 = games
        .iter()
        .map(|g| g["winners"].as_array().unwrap().len() as u64)
        .sum();
    assert_eq!(
        levels
            .iter()
            .map(|l| l["wins"].as_u64().unwrap())
            .sum::<u64>(),
        wins
    );
    let table = simulate(&[
        "--ruleset",
        "sleuth",
        "--players",
        "3",
        "--games",
        "2",
        "--seats",
        "detective",
    ]);
    assert!(table.status.success());
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(text.contains("| detective | 6 |"), "{text}");
    assert!(text.contains("the seat that plays first won"), "{text}");
}
