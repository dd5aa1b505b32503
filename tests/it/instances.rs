//! Crash safety with real processes: a deadline storm of 200 games, one `polysleuth serve`
//! killed with SIGKILL half-way. On PostgreSQL two instances share the database; on SQLite one
//! instance is killed and started again. Every round is resolved once, no accepted turn is
//! lost, and every committed mail reaches a real SMTP server. And a service killed while turns
//! pour in keeps every turn it acknowledged.

use crate::common;

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
            "--create-games",
            "open",
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

/// A four-player game created through the API of the instance at `port`.
async fn create_game(client: &reqwest::Client, port: u16, i: usize) -> serde_json::Value {
    let body = common::api_body(
        &["Ann", "Ben", "Cleo", "Dan"],
        json!({"reminder_hours": "", "name": format!("storm {i}")}),
    );
    let r = client
        .post(format!("http://127.0.0.1:{port}/api/games"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    r.json().await.unwrap()
}

/// The players' links of created games, from the welcome mails the SMTP server received.
async fn links_by_mail(maildir: &std::path::Path, games: &[serde_json::Value]) -> Vec<Vec<String>> {
    let start = Instant::now();
    loop {
        let mails = common::maildir_mails(maildir);
        let links: Option<Vec<Vec<String>>> = games
            .iter()
            .map(|created| common::links_in_mails(&mails, created))
            .collect();
        if let Some(links) = links {
            return links;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the welcome mails did not all arrive"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
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
    let mut games = Vec::new();
    for i in 0..GAMES {
        let port = if postgres && i % 2 == 1 { pb } else { pa };
        games.push(create_game(&client, port, i).await);
    }
    let ann: Vec<(i64, String)> = links_by_mail(&sink.maildir, &games)
        .await
        .into_iter()
        .zip(&games)
        .map(|(links, created)| (created["id"].as_i64().unwrap(), links[0].clone()))
        .collect();
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
        .set_every_deadline(polysleuth::clock::now())
        .await
        .unwrap();
    assert_eq!(due, GAMES as u64);

    eprintln!(
        "set up; {} mails sent so far",
        store.stats().await.unwrap().sent
    );
    // Kill instance A with SIGKILL as soon as the storm has begun.
    // Rounds are closed many to a transaction: the kill comes after the first of them.
    wait("the storm to begin", 60, async || {
        store.stats().await.unwrap().bulletins >= 1
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
        let body = store.bulletin(*id, 1).await.unwrap().unwrap().body;
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

/// Turns are answered only once their batch is durable: a process killed with SIGKILL while
/// turns pour in keeps every turn it acknowledged, and each player's stored turn is one they
/// sent, never older than the last one acknowledged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turns_acknowledged_before_a_kill_survive_it() {
    turns_acknowledged_before_a_stop_survive_it(Stop::Kill).await;
}

/// A service manager's stop (SIGTERM) while turns pour in: the service finishes what is in
/// hand, exits cleanly, and every turn it acknowledged is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turns_acknowledged_before_a_graceful_stop_survive_it() {
    turns_acknowledged_before_a_stop_survive_it(Stop::Term).await;
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Stop {
    Kill,
    Term,
}

async fn turns_acknowledged_before_a_stop_survive_it(stop: Stop) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    let dir = common::tempdir("kill-turns");
    let db = common::database_url(&dir).await;
    let sink = common::smtp_sink(&dir);
    let port = free_port();
    let mut a = serve(&db, port, sink.port, &dir);
    let client = reqwest::Client::new();
    let names = ["Ann", "Ben", "Cleo", "Dan"];
    let mut players = Vec::new();
    for i in 0..10 {
        let created = create_game(&client, port, i).await;
        let links = links_by_mail(&sink.maildir, &[created]).await.remove(0);
        for (k, link) in links.into_iter().enumerate() {
            players.push((link.replacen("/play/", "/api/play/", 1), names[(k + 1) % 4]));
        }
    }

    // Every player revises their turn again and again, one request at a time, until the
    // service is gone: (the last revision acknowledged, the last one sent).
    let acknowledged = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for (api, other) in players.clone() {
        let client = client.clone();
        let acknowledged = acknowledged.clone();
        tasks.push(tokio::spawn(async move {
            let (mut last_ack, mut last_sent) = (0i64, 0i64);
            for k in 1i64.. {
                last_sent = k;
                let sent = client
                    .post(format!("http://127.0.0.1:{port}{api}/turn"))
                    .header("content-type", "text/plain")
                    .body(format!("# revision {k}\n1 (1): {other} has how many Reds?"))
                    .send()
                    .await;
                let Ok(r) = sent else { break };
                if r.status() != 200 {
                    break;
                }
                let Ok(v) = r.json::<serde_json::Value>().await else {
                    break;
                };
                assert_eq!(v["revision"], k, "revisions follow the submissions: {v}");
                last_ack = k;
                acknowledged.fetch_add(1, Ordering::SeqCst);
            }
            (last_ack, last_sent)
        }));
    }
    wait("turns to pour in", 60, async || {
        acknowledged.load(Ordering::SeqCst) >= 2000
    })
    .await;
    match stop {
        Stop::Kill => {
            a.0.kill().unwrap();
            a.0.wait().unwrap();
        }
        Stop::Term => {
            let pid = a.0.id().to_string();
            // The shell's own `kill`: no other package needed.
            let status = Command::new("sh")
                .args(["-c", &format!("kill -TERM {pid}")])
                .status()
                .unwrap();
            assert!(status.success());
            let start = Instant::now();
            let exited = loop {
                if let Some(status) = a.0.try_wait().unwrap() {
                    break status;
                }
                assert!(
                    start.elapsed() < Duration::from_secs(30),
                    "the service did not stop on SIGTERM"
                );
                tokio::time::sleep(Duration::from_millis(20)).await;
            };
            assert!(exited.success(), "a graceful stop exits cleanly: {exited}");
        }
    }
    let mut sent = Vec::new();
    for t in tasks {
        sent.push(t.await.unwrap());
    }

    let port = free_port();
    let _again = serve(&db, port, sink.port, &dir);
    let mut in_flight = 0;
    for ((api, _), (last_ack, last_sent)) in players.iter().zip(&sent) {
        assert!(
            *last_ack >= 10,
            "{api}: only {last_ack} turns before the kill"
        );
        let view: serde_json::Value = client
            .get(format!("http://127.0.0.1:{port}{api}"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let revision = view["turn"]["revision"].as_i64().unwrap();
        assert!(
            (*last_ack..=*last_sent).contains(&revision),
            "{api}: stored revision {revision}, acknowledged {last_ack}, sent {last_sent}"
        );
        let text = view["turn"]["text"].as_str().unwrap();
        assert!(
            text.starts_with(&format!("# revision {revision}\n")),
            "{api}: revision {revision} holds {text}"
        );
        in_flight += (revision > *last_ack) as usize;
    }
    eprintln!(
        "{stop:?} after {} acknowledged turns; {in_flight} of {} players' stored turns were sent but not yet answered",
        acknowledged.load(Ordering::SeqCst),
        players.len()
    );
}
