//! Clue's rules checked step by step against an independent referee, written from the rules
//! and the record format alone (`tests/referee/clue_referee.py`), through `polysleuth replay`:
//! games worked by hand, with the events expected written out; the inputs of every
//! disagreement it found (now fixed); and random games, `ask_refuter` and replacements among
//! them.

use std::path::PathBuf;
use std::process::Command;

fn referee() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/referee")
}

/// Runs the referee with `args` against this build's binary: its exit status and what it said.
fn run(args: &[&str]) -> (bool, String) {
    let out = Command::new("python3")
        .arg(referee().join("clue_referee.py"))
        .args(args)
        .args(["--binary", env!("CARGO_BIN_EXE_polysleuth")])
        .current_dir(referee())
        .output()
        .expect("python3 runs the referee");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), said)
}

#[test]
fn games_worked_by_hand_give_the_events_the_referee_expects_step_by_step() {
    for game in ["hand_worked", "hand_worked_ask", "start_square"] {
        let expected = format!("{game}.expected.json");
        let (ok, said) = run(&["check", &format!("{game}.json"), "--expected", &expected]);
        assert!(ok, "{game}: {said}");
        assert!(said.contains("agreed:"), "{game}: {said}");
    }
}

#[test]
fn every_disagreement_the_referee_found_stays_fixed() {
    for input in [
        "regression_K1.json",
        "regression_K2.json",
        "regression_K3.json",
        "door_passage.json",
        "status_refused.json",
        "old_name_after_replace.json",
    ] {
        let (ok, said) = run(&["check", input]);
        assert!(ok, "{input}: {said}");
    }
}

#[test]
fn random_games_agree_with_the_referee_line_by_line() {
    let (ok, said) = run(&["random", "--games", "25", "--steps", "150", "--seed", "5"]);
    assert!(ok, "{said}");
    assert!(said.contains("25 games"), "{said}");
}

#[test]
fn deduce_reads_a_clue_game_and_gives_one_players_notebook_after_a_turn() {
    let file = referee().join("hand_worked.json");
    let out = Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args([
            "deduce",
            file.to_str().unwrap(),
            "--player",
            "Ann",
            "--round",
            "4",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let book: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(book["ruleset"], "clue");
    assert_eq!(book["after_turn"], 4);
    assert_eq!(book["method"], "exact");
    assert_eq!(
        book["places"],
        serde_json::json!(["Pool", "Ann", "Ben", "Cleo"])
    );
    let cards = book["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 21);
    // Every card is somewhere: a certain place, or chances that add up to one.
    for row in cards {
        let cells = row["cells"].as_array().unwrap();
        let yes = cells.iter().filter(|c| c["certain"] == "yes").count();
        let chances: f64 = cells.iter().filter_map(|c| c["chance"].as_f64()).sum();
        assert!(
            yes == 1 || (yes == 0 && (chances - 1.0).abs() < 1e-9),
            "{row}"
        );
    }
    // A player who is not is named, with those who are.
    let out = Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args(["deduce", file.to_str().unwrap(), "--player", "Zed"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("\"Zed\" is not a player: Ann, Ben, Cleo")
    );
}
