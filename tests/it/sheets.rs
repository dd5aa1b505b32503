//! The Information Sheet in the service: worked out after each round, and built from nothing
//! but what the player's own pages show.

use crate::common;

use std::time::{Duration, Instant};

use common::{game_body, TestApp};
use polysleuth::deduce::{Budget, Sheet, View};
use polysleuth::games::polysleuth::assistant::Told;
use polysleuth::games::polysleuth::rules::view::{PrivateGuess, Reveal};
use polysleuth::games::polysleuth::rules::{Bulletin, CardSet, PrivateReport};
use serde_json::{json, Value};

async fn new_game(app: &TestApp, extra: Value) -> (Vec<String>, String) {
    let (_, links, gm) = app
        .create_game(&game_body(&["Ann", "Ben", "Cleo", "Dan"], None, extra))
        .await;
    (links, gm.replacen("/gm/", "/api/gm/", 1))
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// Two rounds with guesses and one- and two-trait questions, resolved by the game master.
async fn play_two_rounds(app: &TestApp, links: &[String], gm: &str) {
    for round in 0..2 {
        for (i, link) in links.iter().enumerate() {
            let hand = strings(&app.private_view(link).await["hand"]);
            let others = ["Ann", "Ben", "Cleo", "Dan"];
            let next = others[(i + 1) % 4];
            let guess = polysleuth::games::polysleuth::rules::Card::all()
                .map(|c| c.name())
                .filter(|c| !hand.contains(c))
                .nth(round * 4 + i)
                .unwrap();
            let question = if (i + round) % 2 == 0 {
                format!("1 (3): {next} has how many Red Pearl?")
            } else {
                format!("1 (2): {next} has how many Twos?")
            };
            let (st, v) = app
                .turn(link, &format!("1: {next} has {guess}\n{question}"))
                .await;
            assert_eq!(st, 200, "{v}");
        }
        let (st, v) = app
            .post_json(&format!("{gm}/actions"), &json!({"action": "resolve"}))
            .await;
        assert_eq!(st, 200, "{v}");
    }
}

/// Waits until the player's page shows the full sheet of the latest round.
async fn settled(app: &TestApp, link: &str) -> Value {
    let start = Instant::now();
    loop {
        let v = app.private_view(link).await;
        if v["sheet_pending"] == false {
            return v;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the sheet never came"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The view rebuilt from the player's own API answer: hand, sizes, bulletins, own reports.
fn view_from_page(v: &Value) -> View {
    let players = v["game"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect::<Vec<_>>();
    let me = players.iter().position(|p| *p == v["me"]).unwrap();
    let hand: CardSet = strings(&v["hand"])
        .iter()
        .map(|c| polysleuth::games::polysleuth::rules::Card::parse(c).unwrap())
        .collect();
    let mut view = View::new(
        &players,
        me,
        hand,
        v["game"]["hand_size"].as_u64().unwrap() as usize,
        v["game"]["safe_size"].as_u64().unwrap() as usize,
    )
    .unwrap();
    for b in v["game"]["bulletins"].as_array().unwrap() {
        let b: Bulletin = serde_json::from_value(b.clone()).unwrap();
        view.add_bulletin(&b).unwrap();
    }
    let rounds = v["game"]["bulletins"].as_array().unwrap().len() as i64;
    for round in 1..=rounds {
        let report = PrivateReport {
            player: v["me"].as_str().unwrap().into(),
            guesses: v["guesses"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|g| g["round"] == round)
                .map(|g| serde_json::from_value::<PrivateGuess>(g.clone()).unwrap())
                .collect(),
            reveals: v["reveals"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|r| r["round"] == round)
                .map(|r| serde_json::from_value::<Reveal>(r.clone()).unwrap())
                .collect(),
            eyes: 0,
            half_points: 0,
            questions: vec![],
        };
        view.add_report(round as u32, &report).unwrap();
    }
    view
}

/// Equal JSON, numbers to within rounding (a float read back from JSON may differ in its
/// last bit).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            (x.as_f64().unwrap() - y.as_f64().unwrap()).abs() < 1e-12
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

#[tokio::test]
async fn each_sheet_is_worked_out_from_the_players_own_view_only() {
    let mut app = TestApp::spawn().await;
    let (links, gm) = new_game(&app, json!({"seed": 5})).await;
    let before = app.private_view(&links[0]).await;
    assert_eq!(
        before["sheet_pending"], false,
        "nothing to work out before round 1"
    );
    assert_eq!(before["sheet"]["cards"].as_array().unwrap().len(), 36);
    play_two_rounds(&app, &links, &gm).await;
    let mut reveals = 0;
    for link in &links {
        let v = settled(&app, link).await;
        assert_eq!(v["sheet"]["method"], "exact");
        reveals += v["reveals"].as_array().unwrap().len();
        let expected = Sheet::compute(&view_from_page(&v), &Budget::default());
        assert!(
            same(&v["sheet"], &serde_json::to_value(&expected).unwrap()),
            "{}'s sheet is what their own page allows, no more:\n{}\n{}",
            v["me"],
            v["sheet"],
            serde_json::to_value(&expected).unwrap()
        );
        // The page shows the same grid.
        let (_, page) = app.get_text(link).await;
        for colour in ["red", "green", "blue", "yellow"] {
            assert!(
                page.contains(&format!("<table class=\"sheet {colour}\">")),
                "{page}"
            );
        }
        assert!(!page.contains("being worked out"));
    }
    assert!(
        reveals > 0,
        "two-trait questions were answered with reveals"
    );
    app.stop().await;
}

#[tokio::test]
async fn with_the_assistant_off_the_sheet_shows_only_what_was_told() {
    let mut app = TestApp::spawn().await;
    let (links, gm) = new_game(&app, json!({"seed": 6, "settings": {"assistant": false}})).await;
    let public = app.get_json("/api/games").await;
    let id = public[0]["id"].as_i64().unwrap();
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert!(
        g["settings"].to_string().contains("off (each player"),
        "the rules on the game page say the assistant is off: {}",
        g["settings"]
    );
    play_two_rounds(&app, &links, &gm).await;
    let v = settled(&app, &links[0]).await;
    assert_eq!(v["sheet"]["method"], "told");
    let unknown = v["sheet"]["cards"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["cells"].as_array().unwrap().clone())
        .filter(|c| c["certain"] == false)
        .collect::<Vec<_>>();
    assert!(!unknown.is_empty());
    assert!(unknown.iter().all(|c| c["p"].is_null()), "no probabilities");
    app.stop().await;
}
