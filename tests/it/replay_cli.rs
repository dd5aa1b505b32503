//! Runs `polysleuth replay` as a user would: every worked scenario, and bad input.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

fn scenarios_dir() -> PathBuf {
    std::env::var_os("POLYSLEUTH_SCENARIOS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/scenarios"))
}

fn replay(input: &str) -> Output {
    let dir = tempdir();
    let file = dir.join("spec.json");
    std::fs::write(&file, input).unwrap();
    Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .arg("replay")
        .arg(&file)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn tempdir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "polysleuth-replay-{}-{}",
        std::process::id(),
        rand::random::<u64>()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `expected` holds only the fields to compare; numbers compare by value (8 == 8.0). An empty
/// object expected (`"rejected": {}`) means none: it must be empty too.
fn assert_subset(expected: &Value, actual: &Value, path: &str) {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) if e.is_empty() => {
            assert!(a.is_empty(), "{path}: expected {{}}, got {actual}");
        }
        (Value::Object(e), Value::Object(a)) => {
            for (k, v) in e {
                let inner = format!("{path}.{k}");
                let got = a.get(k).unwrap_or_else(|| panic!("{inner} is missing"));
                assert_subset(v, got, &inner);
            }
        }
        (Value::Array(e), Value::Array(a)) => {
            assert_eq!(
                e.len(),
                a.len(),
                "{path}: expected {expected}, got {actual}"
            );
            for (i, (x, y)) in e.iter().zip(a).enumerate() {
                assert_subset(x, y, &format!("{path}[{i}]"));
            }
        }
        (Value::Number(e), Value::Number(a)) => {
            assert_eq!(e.as_f64(), a.as_f64(), "{path}");
        }
        _ => assert_eq!(expected, actual, "{path}"),
    }
}

#[test]
fn every_scenario_replays_to_its_expected_output() {
    let dir = scenarios_dir();
    let mut ran = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let scenario: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let out = replay(&scenario["spec"].to_string());
        assert!(
            out.status.success(),
            "{}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let actual: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_subset(
            &scenario["expected_output"],
            &actual,
            &path.display().to_string(),
        );
        ran += 1;
    }
    assert!(ran > 0, "no scenario found in {}", dir.display());
}

#[test]
fn bad_input_exits_2_with_one_clear_message() {
    let cases = [
        ("{\"players\": [", "not valid"),
        (
            r#"{"players": ["A","B","C"], "deal": {"A": ["1 Red Opal"], "B": [], "C": [], "Zed": []}}"#,
            "\"Zed\", who is not a player",
        ),
        (
            r#"{"players": ["A","B","C"], "deal": {"A": ["1 Red Opal"], "B": [], "C": []}}"#,
            "the deal holds 1 cards; it must hold all 36",
        ),
        (
            r#"{"players": ["A","B","C"], "settings": {"income": -3}}"#,
            "the settings are not valid",
        ),
        (
            r#"{"players": ["A","B","C"], "settings": {"safe_size": 2}}"#,
            "safe_size 2 does not work with 3 players",
        ),
    ];
    for (input, want) in cases {
        let out = replay(input);
        assert_eq!(out.status.code(), Some(2), "{input}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{input}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "one message: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn uneven_hands_are_refused() {
    let cards: Vec<String> = polysleuth::games::polysleuth::rules::Card::all()
        .map(|c| c.name())
        .collect();
    let deal = serde_json::json!({
        "players": ["A", "B", "C"],
        "deal": {"A": cards[..13], "B": cards[13..24], "C": cards[24..], "safe": []},
    });
    let out = replay(&deal.to_string());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("A holds 13 cards but every hand holds 12")
    );
}

#[test]
fn rejected_turns_count_as_no_turn() {
    let input = serde_json::json!({
        "players": ["A", "B", "C"],
        "seed": 3,
        "settings": {"idle_rounds": 1},
        "rounds": [{"A": "1: B has 1 Red Opal\nwhat is this", "B": ""}],
    });
    let out = replay(&input.to_string());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let round = &v["rounds"][0];
    assert_eq!(round["submitted"], serde_json::json!(["B"]));
    assert_eq!(round["rejected"]["A"][0]["line"], 2);
    assert!(round["rejected"]["A"][0]["error"]
        .as_str()
        .unwrap()
        .contains("\"what is this\" is not understood"));
    assert_eq!(round["done"], serde_json::json!(["A", "C"]));
}

fn deduce(input: &str, args: &[&str]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .arg("deduce")
        .arg("-")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn deduce_prints_a_players_sheet_and_refuses_bad_requests_clearly() {
    let scenario: Value = serde_json::from_str(
        &std::fs::read_to_string(scenarios_dir().join("four-players.json")).unwrap(),
    )
    .unwrap();
    let spec = scenario["spec"].to_string();
    let deal = &scenario["spec"]["deal"];
    let out = deduce(&spec, &["--player", "Ben", "--round", "1"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sheet: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(sheet["method"], "exact");
    assert_eq!(
        sheet["locations"],
        serde_json::json!(["Ann", "Ben", "Cleo", "Dan"])
    );
    let cards = sheet["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 36);
    for row in cards {
        let card = row["card"].as_str().unwrap();
        let mine = deal["Ben"].as_array().unwrap().iter().any(|c| c == card);
        let cell = &row["cells"][1];
        assert_eq!(cell["certain"], mine || cell["p"] == 0.0, "{card}");
        if mine {
            assert_eq!(cell["p"], 1.0);
        }
        let total: f64 = row["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["p"].as_f64().unwrap())
            .sum();
        assert!(
            (total - 1.0).abs() < 1e-9,
            "{card}: the chances add up to 1"
        );
    }
    // "player" and "round" may come from the file instead.
    let mut with = scenario["spec"].clone();
    with["player"] = "Ben".into();
    with["round"] = 1.into();
    let again = deduce(&with.to_string(), &[]);
    assert_eq!(again.stdout, out.stdout);

    for (args, message) in [
        (
            vec!["--player", "Zed"],
            "\"Zed\" is not a player (Ann, Ben, Cleo, Dan)",
        ),
        (
            vec!["--player", "Ben", "--round", "9"],
            "round 9 was not played",
        ),
        (vec![], "name the player whose sheet to compute"),
    ] {
        let out = deduce(&spec, &args);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{err}");
        assert!(out.stdout.is_empty());
    }
}

fn classic_scenario(name: &str) -> (Value, Value) {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/scenarios/{name}.json"));
    let scenario: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let out = replay(&scenario["spec"].to_string());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let actual: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_subset(&scenario["expected_output"], &actual, name);
    (scenario["spec"].clone(), actual)
}

#[test]
fn every_classic_sleuth_scenario_replays_to_its_expected_output() {
    for entry in
        std::fs::read_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios"))
            .unwrap()
    {
        let name = entry
            .unwrap()
            .path()
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .to_string();
        classic_scenario(&name);
    }
}

#[test]
fn the_seeds_examples_play_out_as_the_seed_tells_them() {
    let (spec, out) = classic_scenario("classic-five-players");
    // The five-player hand: Ann's sheet at the start shows her seven cards, hers for certain.
    let ann = &out["sheets"][0]["cards"];
    for card in spec["deal"]["Ann"].as_array().unwrap() {
        assert_eq!(
            ann[card.as_str().unwrap()]["Ann"]["certain"],
            true,
            "{card}"
        );
    }
    // "Three pairs".
    let pairs = &out["steps"][0]["events"][0];
    assert_eq!(
        (pairs["target"].as_str(), pairs["count"].as_u64()),
        (Some("Ben"), Some(3))
    );
    // The Blue Opals passed: two cards, shown to the asker alone.
    let shown = &out["steps"][1]["shown"][0];
    assert_eq!(shown["asker"], "Ben");
    assert_eq!(
        shown["cards"],
        serde_json::json!(["1 Blue Opal", "3 Blue Opal"])
    );
    // A wrong accusation never shows the card named; a right one wins.
    let wrong = out["steps"][6]["events"][0].to_string();
    assert!(wrong.contains("\"correct\":false") && !wrong.contains("Green Opal"));
    assert_eq!(out["winners"], serde_json::json!(["Eve"]));

    // The Pearl Clusters: Dan, who only heard "two", knows which two they are.
    let (_, out) = classic_scenario("classic-pearl-clusters");
    let dan = &out["sheets"][0];
    assert_eq!(dan["player"], "Dan");
    for card in ["3 Red Pearl", "3 Green Pearl"] {
        assert_eq!(dan["cards"][card]["Cleo"]["p"], 1.0);
        assert_eq!(dan["cards"][card]["Cleo"]["certain"], true);
    }
    assert_eq!(dan["cards"]["3 Yellow Pearl"]["table"]["certain"], true);
}

#[test]
fn a_bad_classic_record_exits_2_with_one_clear_message() {
    let cases = [
        (
            r#"{"ruleset":"sleuth","players":["Ann","Ben"]}"#,
            "3 to 7 players",
        ),
        (
            r#"{"ruleset":"sleuth","players":["Ann","Ben","Cleo","Dan"],"settings":{"missing_gems":2,"winners":9}}"#,
            "winners",
        ),
        (
            r#"{"ruleset":"sleuth","players":["Ann","Ben","Cleo"],"steps":[{"player":"Zed","text":"exchange"}]}"#,
            "\"Zed\" is not a player",
        ),
        (
            r#"{"ruleset":"sleuth","players":["Ann","Ben","Cleo"],"search_deck":["Pairs"]}"#,
            "54 Search cards",
        ),
    ];
    for (input, says) in cases {
        let out = replay(input);
        assert_eq!(out.status.code(), Some(2), "{input}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{input}: {err}");
        assert!(out.stdout.is_empty());
    }
}

fn verify(record: &Value) -> (Option<i32>, String) {
    let file = tempdir().join("record.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .arg("verify")
        .arg(&file)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout).trim().to_string()
        + String::from_utf8_lossy(&out.stderr).trim();
    (out.status.code(), said)
}

#[test]
fn a_classic_record_binds_its_reshuffles_through_the_committed_seed() {
    // Four players exchange ten times: the Search deck runs out and the discard pile is
    // reshuffled; then Ann accuses, and the game's record is the input with what it gave.
    let players = serde_json::json!(["Ann", "Ben", "Cleo", "Dan"]);
    let mut steps: Vec<Value> = ["Ann", "Ben", "Cleo", "Dan"]
        .iter()
        .cycle()
        .take(10)
        .map(|p| serde_json::json!({"player": p, "text": "exchange"}))
        .collect();
    let spec = serde_json::json!({"ruleset": "sleuth", "players": players, "seed": 9,
                                  "steps": steps.clone()});
    let first = replay(&spec.to_string());
    let out: Value = serde_json::from_slice(&first.stdout).unwrap();
    let missing = out["missing"][0].as_str().unwrap().to_string();
    steps.push(serde_json::json!({"player": "Cleo", "text": format!("accuse {missing}")}));
    let spec = serde_json::json!({"ruleset": "sleuth", "players": players, "seed": 9,
                                  "salt": "5a17", "steps": steps});
    let out: Value = serde_json::from_slice(&replay(&spec.to_string()).stdout).unwrap();
    assert_eq!(out["winners"], serde_json::json!(["Cleo"]));
    assert_eq!(out["reshuffles"].as_array().unwrap().len(), 1);
    let mut record = spec.clone();
    for key in [
        "deal",
        "search_deck",
        "reshuffles",
        "commitment",
        "log",
        "winners",
        "missing",
    ] {
        record[key] = out[key].clone();
    }
    assert_eq!(verify(&record), (Some(0), "verified".to_string()));

    // A reshuffle in another order than the seed and the salt give is caught, though it holds
    // the same cards and the steps still play.
    let mut changed = record.clone();
    changed["reshuffles"][0].as_array_mut().unwrap().swap(0, 1);
    let (code, said) = verify(&changed);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("reshuffles"), "{said}");
    // A reshuffle whose cards no discard pile held is refused by name, not quietly replaced
    // by the salt's order.
    let mut wrong = spec.clone();
    let cards = out["reshuffles"][0].as_array().unwrap();
    wrong["reshuffles"] = json!([cards[1..].to_vec()]);
    let refused = replay(&wrong.to_string());
    assert_eq!(refused.status.code(), Some(2));
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(
        said.contains("reshuffle 1 of the 1 given was not used"),
        "{said}"
    );

    // The commitment is the SHA-256 of the committed text, its last line the seed, then the salt.
    use sha2::Digest;
    let canonical = out["canonical"].as_str().unwrap();
    assert!(canonical.ends_with("seed: 9\n"), "{canonical}");
    let hash = |text: &str| format!("{:x}", sha2::Sha256::digest(format!("{text}5a17")));
    assert_eq!(record["commitment"], hash(canonical));
    // A game committed before the seed was (the same text without its last line) still
    // verifies, with a word that its reshuffles rest on a seed the commitment does not bind.
    let mut older = record.clone();
    older["commitment"] = json!(hash(canonical.strip_suffix("seed: 9\n").unwrap()));
    let file = tempdir().join("older.json");
    std::fs::write(&file, older.to_string()).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .arg("verify")
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&run.stderr).contains("committed before its seed"));

    // Another seed would give other reshuffles: it is committed, so it is caught too.
    let mut reseeded = record.clone();
    reseeded["seed"] = serde_json::json!(10);
    let (code, said) = verify(&reseeded);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("commitment"), "{said}");
}

#[test]
fn the_help_names_every_game_and_every_command_says_what_it_does() {
    let help = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_polysleuth"))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let top = help(&["--help"]);
    for game in polysleuth::games::ALL.iter() {
        assert!(
            top.contains(&format!("`{}`", game.name())),
            "{} in {top}",
            game.name()
        );
    }
    // Every command's line says more than its own name.
    let commands = top
        .split("Commands:")
        .nth(1)
        .unwrap()
        .split("Options:")
        .next()
        .unwrap();
    for line in commands.lines().filter(|l| !l.trim().is_empty()) {
        let words = line.split_whitespace().count();
        assert!(
            words >= 5,
            "a command that does not say what it does: {line}"
        );
    }
    let new = help(&["game", "new", "--help"]);
    assert!(
        new.contains("docs/src/game-masters/house-rules.md"),
        "{new}"
    );
}

#[test]
fn extra_fields_are_fine_inside_settings_too_and_a_key_left_out_is_noted() {
    let spec = json!({
        "players": ["Alice", "Bob", "Carol"],
        "settings": {"income": 5, "starting_eyes": 20, "house_note": "from our club"},
        "seed": 3,
        "rounds": [{"Alice": ""}],
        "comment": "a top-level extra field",
    });
    let out = replay(&spec.to_string());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("\"house_note\" is not a Polysleuth setting"),
        "{stderr}"
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    // The known settings still apply: 20 Private Eyes, then an income of 5.
    assert_eq!(v["rounds"][0]["standings"][0]["eyes"], 25, "{v}");
    // A known setting of the wrong kind is still refused.
    let bad = json!({"players": ["Alice", "Bob", "Carol"], "settings": {"income": "lots"}});
    let out = replay(&bad.to_string());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the settings are not valid"));
}
