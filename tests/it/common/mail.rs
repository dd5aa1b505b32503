//! Helpers of the play-by-mail tests: a four-player game whose player Ann replies to her
//! welcome mail, and a wait for the outbox to drain.

use std::time::{Duration, Instant};

use serde_json::json;

use super::{game_body, scenario, TestApp};

pub async fn settle(app: &TestApp) {
    let master = app.running.as_ref().unwrap().master.clone();
    let start = Instant::now();
    while master.store.unsent_mail_count().await.unwrap() > 0 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the outbox does not drain"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A raw mail piped into `polysleuth mail ingest` on the database `db`, as an MTA does it
/// (beside the test's runtime): how the command ended.
pub async fn pipe(db: &str, raw: Vec<u8>) -> std::process::Output {
    let db = db.to_string();
    tokio::task::spawn_blocking(move || {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_polysleuth"))
            .args(["mail", "ingest", "--database-url", &db])
            .args(["--mail-from", "Polysleuth <gm@polysleuth.test>"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(child.stdin.as_mut().unwrap(), &raw).unwrap();
        child.wait_with_output().unwrap()
    })
    .await
    .unwrap()
}

pub fn header<'a>(mail: &'a str, name: &str) -> Option<&'a str> {
    mail.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
}

pub struct Game {
    pub gm: String,
    pub reply: String,
    pub key: String,
    pub ann_id: String,
    pub ann: String,
}

pub async fn start(app: &TestApp) -> Game {
    let (status, created) = app
        .post_game(&game_body(
            &["Ann", "Ben", "Cleo", "Dan"],
            Some(&scenario()["spec"]["deal"]),
            json!({}),
        ))
        .await;
    assert_eq!(status, 201);
    settle(app).await;
    let link = app.player_links(&created).await.remove(0);
    let token = link.rsplit('/').next().unwrap();
    let (ann_id, key) = token.split_once('-').unwrap();
    let welcome = app
        .mails()
        .into_iter()
        .find(|m| m.contains("To: ann@example.org"))
        .unwrap();
    let reply = header(&welcome, "Reply-To")
        .expect("player mail carries a reply address")
        .trim()
        .to_string();
    assert!(reply.starts_with(&format!("gm+{ann_id}-")), "{reply}");
    Game {
        gm: created["gm_link"]
            .as_str()
            .unwrap()
            .rsplit('/')
            .next()
            .unwrap()
            .to_string(),
        reply,
        key: key.to_string(),
        ann_id: ann_id.to_string(),
        ann: link.clone(),
    }
}

/// The message with each placeholder (`{REPLY}`, `{ANN_KEY}`…) replaced, as raw bytes.
pub fn replace_bytes(raw: &[u8], pairs: &[(&str, &str)]) -> Vec<u8> {
    let mut out = raw.to_vec();
    for (from, to) in pairs {
        let mut next = Vec::new();
        let mut i = 0;
        while i < out.len() {
            if out[i..].starts_with(from.as_bytes()) {
                next.extend_from_slice(to.as_bytes());
                i += from.len();
            } else {
                next.push(out[i]);
                i += 1;
            }
        }
        out = next;
    }
    out
}

/// Feeds a raw message to `polysleuth mail ingest`, as an MTA's pipe would.
/// Runs on a thread of its own: the test's runtime, which also runs the service, goes on
/// meanwhile (a blocked runtime would hold whatever write the service had begun).
pub async fn ingest_by_pipe(db: &str, raw: &[u8]) -> std::process::Output {
    let (db, raw) = (db.to_string(), raw.to_vec());
    tokio::task::spawn_blocking(move || ingest_by_pipe_now(&db, &raw))
        .await
        .unwrap()
}

fn ingest_by_pipe_now(db: &str, raw: &[u8]) -> std::process::Output {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args([
            "mail",
            "ingest",
            "--database-url",
            db,
            "--mail-from",
            "Polysleuth <gm@polysleuth.test>",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the polysleuth binary runs");
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), raw).unwrap();
    child.wait_with_output().unwrap()
}

/// Posts a raw message to the inbound-mail webhook with the tests' secret; its JSON answer.
pub async fn post_inbound(app: &TestApp, raw: impl Into<Vec<u8>>) -> serde_json::Value {
    let r = app
        .client
        .post(app.url("/inbound/mail"))
        .header("x-polysleuth-secret", "test-inbound-secret")
        .body(raw.into())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}
