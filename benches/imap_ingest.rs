//! Mail through the IMAP door: messages delivered into a real Dovecot mailbox (run without
//! privileges, as in the tests), then one `mail poll` pass reads, handles and flags them all.
//! Prints messages per second. Run: `cargo bench --bench imap_ingest` (needs Debian's
//! dovecot-imapd; `MESSAGES=N` sets the count, default 2000).

#[allow(dead_code)]
#[path = "../tests/it/common/imap.rs"]
mod imap;

use std::time::{Duration, Instant};

use polysleuth::mail::imap::{poll_once, ImapDoor, ImapUrl};
use polysleuth::master::GameRequest;

fn main() {
    let messages: usize = std::env::var("MESSAGES")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(2000);
    let dir = std::env::temp_dir().join(format!("polysleuth-imap-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let server = imap::imap_server(&dir.join("imap"));
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    // The game master is dropped inside the runtime, as its pooled connection needs.
    let _inside = rt.enter();
    let db = dir.join("bench.db").display().to_string();
    let (master, reply) = rt.block_on(async {
        let store = polysleuth::app::connect(&db).await.unwrap();
        // As `serve` runs it: mail is stored through the group-commit writer.
        let (master, _writer) = polysleuth::app::serving_master(
            store,
            "http://127.0.0.1:8080",
            "Polysleuth <gm@polysleuth.test>",
            polysleuth::app::WEB_CONFIRM_AFTER,
        )
        .await
        .unwrap();
        let created = master
            .create_game(GameRequest::sample(
                "bench",
                ["Ann", "Ben", "Cleo", "Dan"],
                Some(1),
            ))
            .await
            .unwrap();
        let id: i64 = created.players[0]
            .link
            .rsplit('/')
            .next()
            .unwrap()
            .split('-')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let reply = master.site.reply_address(id, 0);
        (master, reply)
    });
    for n in 0..messages {
        let raw = format!(
            "From: Ann <ann@example.org>\r\nTo: {reply}\r\nSubject: Re: turn\r\n\
             Message-ID: <imap-bench-{n}@example.org>\r\n\
             Content-Type: text/plain; charset=utf-8\r\n\r\n1 ({}): Ben has how many Reds?\r\n\
             ready\r\n\r\nOn Mon, 2 Nov 2026, GM wrote:\r\n> old text\r\n",
            n % 4
        );
        server.deliver(raw.as_bytes());
    }
    let door = ImapDoor {
        url: ImapUrl::parse(&server.url()).unwrap(),
        done_folder: None,
        poll: Duration::from_secs(1),
        holder: "bench".into(),
    };
    let start = Instant::now();
    let pass = rt.block_on(poll_once(&master, &door)).unwrap();
    let took = start.elapsed();
    assert_eq!(pass.read, messages, "every message read");
    assert_eq!(server.unseen_in_inbox(), 0, "every message flagged seen");
    println!(
        "IMAP door: {messages} messages read, handled and flagged in {:.2} s: {:.0} messages/s",
        took.as_secs_f64(),
        messages as f64 / took.as_secs_f64()
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
