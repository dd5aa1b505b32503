//! The corpus of replies as real mail clients send them (`tests/mail/clients/*.eml`: Gmail,
//! Outlook, Apple Mail, Thunderbird, Yahoo, Proton… in seven languages), each with the turn
//! expected from it beside it (`*.json`), fed through `polysleuth mail ingest` as an MTA would.
//! Each must be accepted with exactly the typed turn, and its confirmation must list that
//! turn and nothing else.

use crate::common;

use std::path::PathBuf;

use common::mail::{header, ingest_by_pipe, post_inbound, replace_bytes, settle, start};
use common::TestApp;
use serde_json::Value;

/// The turn lines a confirmation lists: the indented lines after "…before the round closes:"
/// up to "It is (not) marked ready".
fn listed_turn(mail: &str) -> Vec<String> {
    let unfolded = mail
        .replace("=\r\n", "")
        .replace("=\n", "")
        .replace("\r\n", "\n")
        .replace("=20", " ")
        .replace("=3D", "=");
    let mut lines = unfolded
        .lines()
        .skip_while(|l| !l.ends_with("before the round closes:"));
    lines.next();
    lines
        .take_while(|l| !l.starts_with("It is "))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn every_client_reply_is_accepted_with_exactly_the_typed_turn() {
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/mail/clients");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 40, "the corpus has {} replies", paths.len());
    let mut failures = Vec::new();
    for path in &paths {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let expected: Value =
            serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
                .unwrap();
        let want = strings(&expected["turn_lines"]);
        let raw = replace_bytes(
            &std::fs::read(path).unwrap(),
            &[
                ("{REPLY}", &g.reply),
                ("{ANN_KEY}", &g.key),
                ("{ANN_ID}", &g.ann_id),
            ],
        );
        let before = app.mails().len();
        let out = ingest_by_pipe(&app.db, &raw).await;
        let stdout = String::from_utf8_lossy(&out.stdout).to_string();
        assert_eq!(out.status.code(), Some(0), "{name}: {stdout}");
        assert!(stdout.contains("\"handled\""), "{name}: {stdout}");
        settle(&app).await;
        let new = app.mails()[before..].to_vec();
        let to: Vec<&str> = new
            .iter()
            .map(|m| header(m, "To").unwrap().trim())
            .collect();
        assert_eq!(to, ["ann@example.org"], "{name}: one answer, to Ann");
        let answer = &new[0];
        if !header(answer, "Subject").unwrap().contains("turn accepted") {
            failures.push(format!("{name}: not accepted:\n{answer}"));
            continue;
        }
        let listed = listed_turn(answer);
        let stored: Vec<String> = app.private_view(&g.ann).await["turn"]["text"]
            .as_str()
            .unwrap_or("")
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect();
        if stored != want || listed != want {
            failures.push(format!(
                "{name}: expected {want:?}, stored {stored:?}, confirmed {listed:?}"
            ));
            continue;
        }
        let unfolded = answer.replace("=\r\n", "").replace("=\n", "");
        match expected.get("ignored_lines").and_then(Value::as_u64) {
            Some(0) if unfolded.contains("of other text") => {
                failures.push(format!("{name}: the confirmation speaks of ignored lines"));
            }
            Some(n) if n > 0 => {
                let says = format!("{n} line{} of other text", if n == 1 { "" } else { "s" });
                if !unfolded.contains(&says) {
                    failures.push(format!("{name}: the confirmation does not say \"{says}\""));
                }
            }
            _ => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} replies were not read as typed:\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n")
    );
    app.stop().await;
}

#[tokio::test]
async fn the_same_message_through_two_doors_is_acted_on_once() {
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    let raw = format!(
        "From: Ann <ann@example.org>\r\nTo: {}\r\nSubject: turn\r\nMessage-ID: \
         <twice@example.org>\r\n\r\n1: Ben has 2 Blue Opal\r\n",
        g.reply
    );
    let before = app.mails().len();
    let first = ingest_by_pipe(&app.db, raw.as_bytes()).await;
    assert!(String::from_utf8_lossy(&first.stdout).contains("\"handled\""));
    // The same message again by the pipe, and by the webhook.
    let again = ingest_by_pipe(&app.db, raw.as_bytes()).await;
    assert_eq!(again.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&again.stdout).contains("\"duplicate\""),
        "{}",
        String::from_utf8_lossy(&again.stdout)
    );
    let r = post_inbound(&app, raw.clone()).await;
    let answer = r;
    assert_eq!(answer["outcome"], "duplicate");
    settle(&app).await;
    let answers = app.mails()[before..].len();
    assert_eq!(answers, 1, "one confirmation for one message");
    // Without a Message-ID, the same bytes are the same message.
    let bare = raw.replace("Message-ID: <twice@example.org>\r\n", "");
    let bare = bare.replace("2 Blue Opal", "3 Red Opal");
    let one = ingest_by_pipe(&app.db, bare.as_bytes()).await;
    let two = ingest_by_pipe(&app.db, bare.as_bytes()).await;
    assert!(String::from_utf8_lossy(&one.stdout).contains("\"handled\""));
    assert!(String::from_utf8_lossy(&two.stdout).contains("\"duplicate\""));
    app.stop().await;
}

#[tokio::test]
async fn one_message_posted_eight_times_at_once_to_two_instances_is_acted_on_once() {
    let dir = common::tempdir("claim-a");
    let db = common::database_url(&dir).await;
    let mut a = TestApp::spawn_on(dir, db.clone()).await;
    let g = start(&a).await;
    let mut b = TestApp::spawn_on(common::tempdir("claim-b"), db).await;
    settle(&a).await;
    let before = a.mails().len() + b.mails().len();
    // `status` and a turn: each handled once would mail two answers, each handled twice four.
    let raw = format!(
        "From: Ann <ann@example.org>\r\nTo: {}\r\nSubject: turn\r\nMessage-ID: \
         <eight-at-once@example.org>\r\n\r\n1: Ben has 2 Blue Opal\r\nstatus\r\n",
        g.reply
    );
    let posts = (0..8).map(|i| {
        let app = if i % 2 == 0 { &a } else { &b };
        app.client
            .post(app.url("/inbound/mail"))
            .header("x-polysleuth-secret", "test-inbound-secret")
            .body(raw.clone())
            .send()
    });
    let mut outcomes = Vec::new();
    for r in futures_util::future::join_all(posts).await {
        let r = r.unwrap();
        let status = r.status().as_u16();
        let body: serde_json::Value = r.json().await.unwrap_or_default();
        // A delivery that comes while another handles the message is told to try again.
        outcomes.push(match status {
            503 => "try again".to_string(),
            _ => body["outcome"].as_str().unwrap_or_default().to_string(),
        });
    }
    assert_eq!(
        outcomes.iter().filter(|o| *o == "handled").count(),
        1,
        "{outcomes:?}"
    );
    assert!(
        outcomes
            .iter()
            .all(|o| ["handled", "duplicate", "try again"].contains(&o.as_str())),
        "{outcomes:?}"
    );
    // The retries that follow are duplicates: nothing more is done.
    for app in [&a, &b] {
        assert_eq!(post_inbound(app, raw.clone()).await["outcome"], "duplicate");
    }
    settle(&a).await;
    settle(&b).await;
    let answers = a.mails().len() + b.mails().len() - before;
    assert_eq!(answers, 2, "one turn answer and one status, once each");
    let view = a.private_view(&g.ann).await;
    assert_eq!(view["turn"]["text"], "1: Ben has 2 Blue Opal");
    b.stop().await;
    a.stop().await;
}
