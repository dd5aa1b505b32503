//! The IMAP door against a real Dovecot: `serve --imap-url` reads new mail (IDLE) and flags
//! each message `\Seen` only once it is handled; `mail poll` moves handled mail to a folder;
//! and a service killed with SIGKILL in the middle of a batch neither loses a message nor acts
//! on one twice.

use crate::common;
use crate::common::RunAside;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::imap::{imap_server, ImapServer};
use common::mail::{header, settle, start};
use common::TestApp;
use polysleuth::mail::imap::{ImapDoor, ImapUrl};

/// A reply from Ann with its own Message-ID.
fn reply(reply_to: &str, n: usize, turn: &str) -> Vec<u8> {
    format!(
        "From: Ann <ann@example.org>\r\nTo: {reply_to}\r\nSubject: Re: turn {n}\r\n\
         Message-ID: <imap-{n}-{}@example.org>\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{turn}\r\n\r\nSent from my phone\r\n",
        std::process::id()
    )
    .into_bytes()
}

async fn wait_until(what: &str, secs: u64, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

fn door(server: &ImapServer, done_folder: Option<&str>) -> ImapDoor {
    ImapDoor {
        url: ImapUrl::parse(&server.url()).unwrap(),
        done_folder: done_folder.map(str::to_string),
        poll: Duration::from_secs(1),
        holder: "test".into(),
    }
}

fn accepted(app: &TestApp) -> usize {
    app.mails()
        .iter()
        .filter(|m| header(m, "Subject").is_some_and(|s| s.contains("turn accepted")))
        .count()
}

#[tokio::test]
async fn serve_reads_the_mailbox_and_flags_a_message_seen_only_once_it_is_handled() {
    let dir = common::tempdir("imap-serve");
    let server = imap_server(&dir.join("imap"));
    let db = common::database_url(&dir).await;
    let imap = door(&server, None);
    let mut app = TestApp::spawn_with(dir, db, |o| o.imap = Some(imap)).await;
    let g = start(&app).await;
    for n in 1..=3 {
        let turn = format!("1: Ben has {n} Red Diamond");
        server.deliver(&reply(&g.reply, n, &turn));
    }
    wait_until("three messages read", 20, || server.unseen_in_inbox() == 0).await;
    settle(&app).await;
    assert_eq!(accepted(&app), 3, "each message answered once");
    let view = app.private_view(&g.ann).await;
    assert_eq!(view["turn"]["text"], "1: Ben has 3 Red Diamond");
    // A message delivered while the door idles is read too; one delivered again is a
    // duplicate and changes nothing.
    server.deliver(&reply(&g.reply, 4, "1: Dan has 2 Green Pearl\nready"));
    server.deliver(&reply(&g.reply, 2, "1: Ben has 2 Red Diamond"));
    wait_until("the new message read", 20, || server.unseen_in_inbox() == 0).await;
    settle(&app).await;
    assert_eq!(accepted(&app), 4);
    let view = app.private_view(&g.ann).await;
    assert_eq!(view["turn"]["text"], "1: Dan has 2 Green Pearl\nready");
    assert_eq!(server.folder_count("INBOX"), (5, 0), "all kept, all seen");
    app.stop().await;
}

#[tokio::test]
async fn mail_poll_moves_each_handled_message_to_the_done_folder() {
    let dir = common::tempdir("imap-poll");
    let server = imap_server(&dir.join("imap"));
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_on(dir, db).await;
    let g = start(&app).await;
    for n in 1..=4 {
        server.deliver(&reply(
            &g.reply,
            n,
            &format!("1: Cleo has {} Green Pearl", n % 3 + 1),
        ));
    }
    let poll = |db: String, url: String| async move {
        Command::new(env!("CARGO_BIN_EXE_polysleuth"))
            .args(["mail", "poll", "--database-url", &db, "--imap-url"])
            .arg(url)
            .args(["--imap-done-folder", "Done"])
            .args(["--mail-from", "Polysleuth <gm@polysleuth.test>"])
            .output_aside()
            .await
    };
    let out = poll(app.db.clone(), server.url()).await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"read\":4"));
    wait_until("the moves", 10, || server.messages_in("Done") == 4).await;
    assert_eq!(server.messages_in("INBOX"), 0);
    // A second pass finds nothing new.
    let out = poll(app.db.clone(), server.url()).await;
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"read\":0"));
    settle(&app).await;
    assert_eq!(accepted(&app), 4);
    // A wrong password is said plainly, without the password.
    let out = Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args(["mail", "poll", "--database-url", &app.db, "--imap-url"])
        .arg(server.url().replace(":secret@", ":wrong-pw@"))
        .output_aside()
        .await;
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("login") && !err.contains("wrong-pw"), "{err}");
    app.stop().await;
}

struct Service(Child);

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve(db: &str, port: u16, imap: &str, dir: &std::path::Path) -> Service {
    let child = Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args(["serve", "--database-url", db])
        .args(["--listen", &format!("127.0.0.1:{port}")])
        .args([
            "--imap-url",
            imap,
            "--imap-poll-seconds",
            "1",
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
            "serve did not start"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    Service(child)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_in_the_middle_of_a_batch_neither_loses_a_message_nor_acts_on_one_twice() {
    const MESSAGES: usize = 300;
    let dir = common::tempdir("imap-kill");
    let server = imap_server(&dir.join("imap"));
    let db = common::database_url(&dir).await;
    // The game is made by the in-process service, which then stops; the IMAP reader is a
    // real `serve` process.
    let mut app = TestApp::spawn_on(dir.clone(), db.clone()).await;
    let g = start(&app).await;
    app.stop().await;
    let welcome_mails = app.mails().len();
    for n in 1..=MESSAGES {
        let turn = format!("1: Ben has {} Red Diamond\n# revision {n}", n % 3 + 1);
        server.deliver(&reply(&g.reply, n, &turn));
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let service = serve(&db, port, &server.url(), &dir);
    // Killed once a first batch is flagged and before the last one is.
    wait_until("a first batch", 60, || {
        server.unseen_in_inbox() <= MESSAGES - 50
    })
    .await;
    let seen_at_kill = MESSAGES - server.unseen_in_inbox();
    drop(service);
    assert!(
        seen_at_kill < MESSAGES,
        "the kill came after the last message ({seen_at_kill} seen); nothing was in flight"
    );
    let _again = serve(&db, port, &server.url(), &dir);
    wait_until("every message read", 60, || server.unseen_in_inbox() == 0).await;
    let store = polysleuth::store::Store::connect(&db).await.unwrap();
    // Mail the killed instance had claimed waits out its lease before it is sent again.
    let patience = polysleuth::mail::outbox::FILE_LEASE_SECONDS as u64 + 40;
    let start = Instant::now();
    while store.unsent_mail_count().await.unwrap() > 0 {
        assert!(
            start.elapsed() < Duration::from_secs(patience),
            "the outbox does not drain"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let answers: Vec<String> = app.mails()[welcome_mails..]
        .iter()
        .filter(|m| header(m, "Subject").is_some_and(|s| s.contains("turn accepted")))
        .map(|m| {
            m.lines()
                .find(|l| l.trim().starts_with("# revision"))
                .unwrap_or("")
                .trim()
                .to_string()
        })
        .collect();
    let mut revisions: Vec<usize> = answers
        .iter()
        .filter_map(|l| l.strip_prefix("# revision ")?.parse().ok())
        .collect();
    revisions.sort_unstable();
    let twice: Vec<usize> = revisions
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| w[0])
        .collect();
    let missing: Vec<usize> = (1..=MESSAGES)
        .filter(|n| revisions.binary_search(n).is_err())
        .collect();
    assert!(
        twice.is_empty() && missing.is_empty(),
        "{seen_at_kill} were flagged at the kill; answered twice: {twice:?}; never: {missing:?}"
    );
    assert_eq!(revisions.len(), MESSAGES);
}

#[tokio::test]
async fn one_reader_holds_the_mailbox_until_its_lease_runs_out() {
    let dir = common::tempdir("imap-lease");
    let db = common::database_url(&dir).await;
    let store = polysleuth::store::Store::connect(&db).await.unwrap();
    let lease = |holder: &'static str, now: i64| {
        let store = store.clone();
        async move { store.take_lease("imap x", holder, now, 20).await.unwrap() }
    };
    assert!(lease("a", 100).await, "a free lease is taken");
    assert!(!lease("b", 110).await, "another reader waits while it runs");
    assert!(lease("a", 115).await, "its holder renews it");
    assert!(!lease("b", 130).await, "renewed: still a's");
    assert!(lease("b", 136).await, "expired: b takes over");
    assert!(!lease("a", 137).await, "and a, come back, waits");
}

#[tokio::test]
async fn mail_poll_reads_nothing_while_the_service_reads_the_mailbox() {
    let dir = common::tempdir("imap-busy");
    let server = imap_server(&dir.join("imap"));
    let db = common::database_url(&dir).await;
    let imap = door(&server, None);
    let mut app = TestApp::spawn_with(dir, db, |o| o.imap = Some(imap)).await;
    let store = polysleuth::store::Store::connect(&app.db).await.unwrap();
    // Looked at, never taken: a test that took the lease itself would keep the service out.
    let name = format!("imap {}", ImapUrl::parse(&server.url()).unwrap().display());
    wait_until_async("the service's lease", 20, || async {
        store
            .lease_holder(&name)
            .await
            .unwrap()
            .is_some_and(|(_, until)| until > polysleuth::clock::now())
    })
    .await;
    // Beside the runtime, which runs the service: see `RunAside`.
    let out = Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args(["mail", "poll", "--database-url", &app.db, "--imap-url"])
        .arg(server.url())
        .output_aside()
        .await;
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("another instance reads"), "{err}");
    app.stop().await;
}

async fn wait_until_async<F: std::future::Future<Output = bool>>(
    what: &str,
    secs: u64,
    mut done: impl FnMut() -> F,
) {
    let start = Instant::now();
    while !done().await {
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "timed out waiting for {what}"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}
