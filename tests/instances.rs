//! Crash safety with real processes: a deadline storm of 200 games, one `polysleuth serve`
//! killed with SIGKILL half-way. On PostgreSQL two instances share the database; on SQLite one
//! instance is killed and started again. Every round is resolved once, no accepted turn is
//! lost, and every committed mail reaches a real SMTP server.

mod common;

use std::collections::HashMap;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use mail_parser::MessageParser;
use polysleuth::store::Store;
use serde_json::json;

const GAMES: usize = 200;

struct Instance(Child);

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn serve(db: &str, port: u16, smtp: u16, dir: &std::path::Path) -> Instance {
    let child = Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args([
            "serve",
            "--database-url",
            db,
            "--listen",
            &format!("127.0.0.1:{port}"),
        ])
        .args([
            "--smtp-url",
            &format!("smtp://127.0.0.1:{smtp}"),
            "--tick-ms",
            "50",
        ])
        .args(["--mail-from", "Polysleuth <gm@polysleuth.test>", "--outbox"])
        .arg(dir.join("outbox"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the instance did not start"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    Instance(child)
}

async fn wait(what: &str, secs: u64, mut done: impl AsyncFnMut() -> bool) {
    let start = Instant::now();
    while !done().await {
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_instance_loses_nothing_and_resolves_nothing_twice() {
    let dir = common::tempdir("kill");
    let db = common::database_url(&dir).await;
    let postgres = db.starts_with("postgres");
    let sink = common::smtp_sink(&dir);
    let (pa, pb) = (free_port(), free_port());
    let a = serve(&db, pa, sink.port, &dir);
    let b = postgres.then(|| serve(&db, pb, sink.port, &dir));
    let store = Store::connect(&db).await.unwrap();
    let client = reqwest::Client::new();

    // 200 games with one turn in each; then every first round falls due at the same moment.
    let mut ann = Vec::new();
    for i in 0..GAMES {
        let body = common::game_body(
            &["Ann", "Ben", "Cleo", "Dan"],
            None,
            json!({"reminder_hours": "", "seed": i, "name": format!("storm {i}")}),
        );
        let port = if postgres && i % 2 == 1 { pb } else { pa };
        let r = client
            .post(format!("http://127.0.0.1:{port}/api/games"))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201);
        let created: serde_json::Value = r.json().await.unwrap();
        ann.push((
            created["id"].as_i64().unwrap(),
            common::path_of(created["players"][0]["link"].as_str().unwrap()),
        ));
    }
    for (i, (_, link)) in ann.iter().enumerate() {
        let port = if postgres && i % 2 == 0 { pb } else { pa };
        let r = client
            .post(format!(
                "http://127.0.0.1:{port}{}/turn",
                link.replacen("/play/", "/api/play/", 1)
            ))
            .body("1 (1): Ben has how many Reds?")
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "the turn is accepted");
    }
    let due = store
        .set_every_deadline(polysleuth::master::now())
        .await
        .unwrap();
    assert_eq!(due, GAMES as u64);

    eprintln!(
        "set up; {} mails sent so far",
        store.stats().await.unwrap().sent
    );
    // Kill instance A with SIGKILL as soon as the storm has begun.
    wait("the storm to begin", 60, async || {
        store.stats().await.unwrap().bulletins >= GAMES as i64 / 2
    })
    .await;
    let mut a = a;
    a.0.kill().unwrap();
    a.0.wait().unwrap();
    let at_kill = store.stats().await.unwrap();
    assert!(
        at_kill.bulletins < GAMES as i64,
        "the kill came after the storm; nothing was tested"
    );
    // On SQLite the only instance comes back; on PostgreSQL B carries on alone.
    let _again = (!postgres).then(|| serve(&db, free_port(), sink.port, &dir));
    wait("every round to be resolved", 120, async || {
        store.stats().await.unwrap().bulletins == GAMES as i64
    })
    .await;
    wait("every mail to be sent", 120, async || {
        store.stats().await.unwrap().unsent == 0
    })
    .await;
    drop(b);

    // Every round resolved exactly once, with the accepted turn in it.
    for (id, _) in &ann {
        let row = store.game(&store.pool, *id).await.unwrap().unwrap();
        assert_eq!(row.round, 2, "game {id}");
        let (body, _) = store.bulletin(*id, 1).await.unwrap().unwrap();
        let b: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(
            b["submitted"],
            json!(["Ann"]),
            "game {id}: the accepted turn counted"
        );
        assert!(store.bulletin(*id, 2).await.unwrap().is_none());
    }

    // Every committed mail arrived at the SMTP server.
    let ids = store.mail_ids().await.unwrap();
    assert_eq!(
        ids.len(),
        GAMES * 10,
        "5 welcomes, 1 confirmation, 4 bulletins per game"
    );
    let mut seen: HashMap<String, usize> = HashMap::new();
    wait("the SMTP server to hold every mail", 60, async || {
        std::fs::read_dir(sink.maildir.join("new"))
            .map(|d| d.count())
            .unwrap_or(0)
            >= ids.len()
    })
    .await;
    for entry in std::fs::read_dir(sink.maildir.join("new")).unwrap() {
        let raw = std::fs::read(entry.unwrap().path()).unwrap();
        let msg = MessageParser::default().parse(&raw).unwrap();
        *seen
            .entry(msg.message_id().unwrap().to_string())
            .or_default() += 1;
    }
    for id in &ids {
        assert!(
            seen.contains_key(&format!("outbox-{id}@polysleuth.test")),
            "mail {id} never arrived"
        );
    }
    assert_eq!(seen.len(), ids.len(), "no mail that was not committed");
    // A mail the SMTP server accepted in the instant before the kill, not yet marked sent, is
    // sent again by the survivor: at most the mails in flight at the kill (one batch).
    let twice = seen.values().filter(|n| **n > 1).count();
    assert!(
        twice as i64 <= polysleuth::mail::outbox::BATCH,
        "{twice} mails arrived twice"
    );
    eprintln!(
        "killed with {} of {GAMES} rounds resolved and {} mails sent; {twice} sent twice",
        at_kill.bulletins, at_kill.sent
    );
}
