//! A finished game's record: games played through the service (turns by web and by mail,
//! early closes, a player marked done, the game master's "resolve now" and "end now") publish
//! `/games/{id}/record.json`, and `polysleuth verify` checks it; a record changed anywhere is
//! caught, and `polysleuth replay` reads it.

use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

use crate::common::mail::{header, post_inbound, settle};
use crate::common::{game_body, scenario, tempdir, RunAside, TestApp};

/// The command line, run beside the service's runtime.
async fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args(args)
        .stdin(Stdio::null())
        .output_aside()
        .await
}

/// `polysleuth replay` on a record, as a file: what it prints, read as JSON (it must succeed).
pub(crate) async fn replay(record: &Value) -> Value {
    let file = tempdir("record").join("record.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let out = run(&["replay", file.to_str().unwrap()]).await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

pub(crate) async fn verify(record: &Value) -> (Option<i32>, String, String) {
    let file = tempdir("record").join("record.json");
    std::fs::write(&file, serde_json::to_string_pretty(record).unwrap()).unwrap();
    let out = run(&["verify", file.to_str().unwrap()]).await;
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
        String::from_utf8_lossy(&out.stderr).trim().to_string(),
    )
}

/// The game master of the page or link `gm` ends game `id` (confirmed): its record.
pub(crate) async fn ended(app: &TestApp, gm: &str, id: i64) -> Value {
    let actions = crate::common::path_of(gm).replacen("/gm/", "/api/gm/", 1) + "/actions";
    let end = json!({"action": "end", "confirm": true});
    let (s, said) = app.post_json(&actions, &end).await;
    assert_eq!(s, 200, "{said}");
    app.get_json(&format!("/games/{id}/record.json")).await
}

async fn gm(app: &TestApp, gm: &str, action: Value) {
    let path = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (s, said) = app.post_json(&path, &action).await;
    assert_eq!(s, 200, "{action}: {said}");
}

/// A turn by mail: Ann replies to her welcome mail.
async fn by_mail(app: &TestApp, link: &str, text: &str) {
    settle(app).await;
    let welcome = app
        .mails()
        .into_iter()
        .find(|m| m.contains("To: ann@example.org") && m.contains("welcome to"))
        .unwrap();
    let reply_to = header(&welcome, "Reply-To").unwrap().trim().to_string();
    let raw = format!(
        "From: Ann <ann@example.org>\r\nTo: {reply_to}\r\nSubject: Re: welcome\r\n\
         Message-ID: <{}@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n\r\nAnn\r\n",
        rand::random::<u64>(),
        text.replace('\n', "\r\n")
    );
    let answer = post_inbound(app, raw).await;
    assert_eq!(answer["outcome"], "handled", "{answer}");
    let first = text.lines().next().unwrap();
    let seen = app.private_view(link).await;
    assert!(
        seen["turn"]["text"]
            .as_str()
            .is_some_and(|t| t.contains(first)),
        "the mailed turn is not in force: {seen}"
    );
}

#[tokio::test]
async fn a_finished_games_record_verifies_and_a_changed_one_does_not() {
    let mut app = TestApp::spawn().await;
    let spec = scenario()["spec"].clone();
    let (id, links, gm_link) = app
        .create_game(&game_body(
            &["Ann", "Ben", "Cleo", "Dan"],
            Some(&spec["deal"]),
            json!({}),
        ))
        .await;
    // Before the end there is no record: it would tell the deal.
    let (s, body) = app.get_text(&format!("/games/{id}/record.json")).await;
    assert_eq!(s, 404);
    assert!(body.contains("is not over"), "{body}");

    // Round 1: Ann by mail, the others on the web; all ready, so it closes early.
    let round1 = &spec["rounds"][0];
    by_mail(
        &app,
        &links[0],
        &format!("{}\nready", round1["Ann"].as_str().unwrap()),
    )
    .await;
    for (i, name) in ["Ben", "Cleo", "Dan"].iter().enumerate() {
        let text = format!("{}\nready", round1[name].as_str().unwrap());
        let (s, r) = app.turn(&links[i + 1], &text).await;
        assert_eq!(s, 200, "{r}");
    }
    app.wait_for_round(id, 1).await;

    // Round 2: the game master marks Dan done, then resolves at once.
    let (s, _) = app.turn(&links[2], "1: Ann has 2 Blue Pearl").await;
    assert_eq!(s, 200);
    app.turn(&links[1], "1 (5): Cleo has how many Reds?").await;
    gm(&app, &gm_link, json!({"action": "done", "seat": 3})).await;
    gm(&app, &gm_link, json!({"action": "resolve"})).await;
    app.wait_for_round(id, 2).await;

    // Round 3: a turn by mail, then the game master ends the game.
    by_mail(
        &app,
        &links[0],
        "1: Dan has 3 Red Pearl\n1 (2): Ben has how many Blue Opals?",
    )
    .await;
    gm(&app, &gm_link, json!({"action": "end", "confirm": true})).await;
    let g = app.wait_for_round(id, 3).await;
    assert_eq!(g["status"], "over");

    let record = app.get_json(&format!("/games/{id}/record.json")).await;
    assert_eq!(record["rounds"].as_array().unwrap().len(), 3);
    assert_eq!(
        record["game_master"],
        json!([{"round": 2, "done": ["Dan"]}, {"round": 3, "end": true}])
    );
    assert_eq!(
        record["closed_by"],
        json!(["all ready", "game master", "game master"])
    );
    assert!(record["rounds"][0]["Ann"]
        .as_str()
        .unwrap()
        .contains("Blue Opal"));
    let (page_status, page) = app.get_text(&format!("/games/{id}")).await;
    assert_eq!(page_status, 200);
    assert!(page.contains(&format!("/games/{id}/record.json")));
    settle(&app).await;
    assert!(app
        .mails()
        .iter()
        .any(|m| m.contains("To: ann@example.org") && m.contains("record.json")));

    let (code, out, err) = verify(&record).await;
    assert_eq!((code, out.as_str()), (Some(0), "verified"), "{err}");

    // `replay` reads the record as it is and gives the same last bulletin.
    let replayed = replay(&record).await;
    assert_eq!(replayed["winners"], record["winners"]);
    assert_eq!(replayed["commitment"], record["commitment"]);

    // A turn changed, a salt changed, a bulletin changed: each is the first difference.
    let mut changed = record.clone();
    changed["rounds"][0]["Cleo"] = json!("1: Dan has 1 Red Pearl\nready");
    let (code, out, _) = verify(&changed).await;
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with("not verified: round 1: the bulletin's guesses"),
        "{out}"
    );
    let mut changed = record.clone();
    changed["salt"] = json!("0000");
    let (code, out, _) = verify(&changed).await;
    assert_eq!(code, Some(1));
    assert!(out.contains("do not give the commitment"), "{out}");
    let mut changed = record.clone();
    changed["game_master"] = json!([{"round": 3, "end": true}]);
    let (code, out, _) = verify(&changed).await;
    assert_eq!(code, Some(1));
    assert!(out.contains("round 2"), "{out}");
    let (code, _, err) = verify(&json!({"players": ["A", "B", "C"]})).await;
    assert_eq!(code, Some(2));
    assert!(err.contains("has no \"commitment\""), "{err}");
    app.stop().await;
}

#[tokio::test]
async fn a_record_whose_seed_does_not_draw_its_deal_does_not_verify_when_the_service_drew_it() {
    let mut app = TestApp::spawn().await;
    // Made on the public API: the service draws the seed and the deal.
    let mut body = game_body(&["Ann", "Ben", "Cleo"], None, json!({}));
    body.as_object_mut().unwrap().remove("seed");
    let (status, created) = app.post_json("/api/games", &body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let gm_link = crate::common::path_of(created["gm_link"].as_str().unwrap());
    gm(&app, &gm_link, json!({"action": "end", "confirm": true})).await;
    let record = app.get_json(&format!("/games/{id}/record.json")).await;
    assert_eq!(record["deal_given_by"], "service", "{record}");
    let (code, out, err) = verify(&record).await;
    assert_eq!((code, out.as_str()), (Some(0), "verified"), "{err}");
    // Another seed keys other coin tosses: with the deal and the commitment unchanged, the
    // record no longer verifies.
    let mut changed = record.clone();
    changed["seed"] = json!(record["seed"].as_u64().unwrap() ^ 1);
    let (code, out, _) = verify(&changed).await;
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("the seed does not draw the committed deal"),
        "{out}"
    );
    app.stop().await;
}
