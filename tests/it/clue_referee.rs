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
