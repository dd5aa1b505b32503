//! A whole two-round game played only by mail, against a real SMTP server (aiosmtpd): the
//! service sends through SMTP, players answer by replying to what they received.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::{game_body, scenario, TestApp};
use mail_parser::MessageParser;
use serde_json::json;

/// Received mail, decoded: (to, subject, reply-to, body text).
#[derive(Clone, Debug)]
pub(crate) struct Received {
    pub(crate) to: String,
    pub(crate) subject: String,
    pub(crate) reply_to: Option<String>,
    pub(crate) body: String,
    pub(crate) message_id: String,
}

pub(crate) fn received(maildir: &Path) -> Vec<Received> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(maildir.join("new"))
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
    files
        .iter()
        .map(|p| {
            let raw = std::fs::read(p).unwrap();
            let m = MessageParser::default().parse(&raw).unwrap();
            Received {
                to: m
                    .to()
                    .and_then(|a| a.first())
                    .and_then(|a| a.address())
                    .unwrap_or("")
                    .to_string(),
                subject: m.subject().unwrap_or("").to_string(),
                reply_to: m
                    .reply_to()
                    .and_then(|a| a.first())
                    .and_then(|a| a.address())
                    .map(str::to_string),
                body: m.body_text(0).unwrap_or_default().to_string(),
                message_id: m.message_id().unwrap_or("").to_string(),
            }
        })
        .collect()
}

pub(crate) async fn wait_for(maildir: &Path, count: usize) -> Vec<Received> {
    let start = Instant::now();
    loop {
        let got = received(maildir);
        if got.len() >= count {
            return got;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "expected {count} mails, got {}: {got:#?}",
            got.len()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A reply as a mail client writes it: the new text, then the quoted original.
fn reply(from: &str, to: &Received, text: &str) -> Vec<u8> {
    let quoted: String = to.body.lines().map(|l| format!("> {l}\n")).collect();
    format!(
        "From: {from}\r\nTo: {}\r\nSubject: Re: {}\r\nIn-Reply-To: <{}>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n\r\nOn Mon, 2 Nov 2026 at 10:00, Polysleuth <gm@polysleuth.test> wrote:\r\n{}",
        to.reply_to.as_ref().expect("mail to a player carries a reply address"),
        to.subject,
        to.message_id,
        text.replace('\n', "\r\n"),
        quoted.replace('\n', "\r\n"),
    )
    .into_bytes()
}

#[tokio::test]
async fn a_whole_game_by_mail_through_a_real_smtp_server() {
    let dir = common::tempdir("smtp");
    let sink = common::smtp_sink(&dir);
    let db = common::database_url(&dir).await;
    let mut opts = common::options(&dir, &db);
    opts.smtp_url = Some(format!("smtp://127.0.0.1:{}", sink.port));
    let running = polysleuth::app::start(opts).await.unwrap();
    let app = TestApp {
        base: format!("http://{}", running.addr),
        running: Some(running),
        db,
        dir: dir.clone(),
        client: reqwest::Client::new(),
    };
    let mut app = app;
    let s = scenario();
    let names = ["Ann", "Ben", "Cleo", "Dan"];
    let (status, created) = app
        .post_game(&game_body(&names, Some(&s["spec"]["deal"]), json!({})))
        .await;
    assert_eq!(status, 201);
    let id = created["id"].as_i64().unwrap();

    // Welcome mails: one per player (with their hand) and one to the game master.
    let mails = wait_for(&sink.maildir, 5).await;
    let deal = &s["spec"]["deal"];
    for name in names {
        let addr = format!("{}@example.org", name.to_lowercase());
        let welcome = mails.iter().find(|m| m.to == addr).expect("a welcome mail");
        for card in deal[name].as_array().unwrap() {
            assert!(
                welcome.body.contains(card.as_str().unwrap()),
                "{name}'s welcome lists their hand"
            );
        }
        assert!(
            welcome.body.contains("signon"),
            "the welcome says how to play by mail"
        );
    }

    // Round 1: every player replies to their welcome mail with their turn.
    let mut sent = 5;
    for name in names {
        let addr = format!("{}@example.org", name.to_lowercase());
        let welcome = mails.iter().find(|m| m.to == addr).unwrap().clone();
        let text = format!("{}\nready", s["spec"]["rounds"][0][name].as_str().unwrap());
        let r = app
            .client
            .post(app.url("/inbound/mail"))
            .header("x-polysleuth-secret", "test-inbound-secret")
            .body(reply(&addr, &welcome, &text))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        sent += 1;
        // Mail goes out several at once, so wait for this confirmation itself.
        let start = Instant::now();
        while !received(&sink.maildir)
            .iter()
            .any(|m| m.to == addr && m.subject.contains("round 1] turn accepted"))
        {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "no confirmation for {addr}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    // Everyone ready: the round closes, and each player gets the bulletin with their own part.
    let mails = wait_for(&sink.maildir, sent + 4).await;
    let bulletins: Vec<&Received> = mails
        .iter()
        .filter(|m| m.subject.contains("round 1] bulletin"))
        .collect();
    assert_eq!(bulletins.len(), 4);
    for b in &bulletins {
        assert!(b
            .body
            .contains("Dan has 2 Green Diamonds (question by Ben, 7)"));
        let is_ben = b.to == "ben@example.org";
        assert_eq!(
            b.body.contains("◆ 1 Green Diamond, ◆◆ 2 Green Diamond"),
            is_ben,
            "the reveal goes to the asker only: {}",
            b.to
        );
    }
    let ann = bulletins
        .iter()
        .find(|m| m.to == "ann@example.org")
        .unwrap();
    assert!(ann.body.contains("FOR Ann ONLY"));
    assert!(
        ann.body.contains("Ben has ●● 2 Blue Opal - right"),
        "{}",
        ann.body
    );
    assert!(ann.body.contains("42 Private Eyes and 8 Sleuth Points"));
    assert!(
        !ann.body.contains("2 Blue Pearl"),
        "Ben's guess of Ann's card is not told to Ann"
    );

    // Round 2, by replying to the bulletin mails.
    let mut sent = mails.len();
    for name in names {
        let addr = format!("{}@example.org", name.to_lowercase());
        let bulletin = bulletins.iter().find(|m| m.to == addr).unwrap();
        let text = match s["spec"]["rounds"][1][name].as_str() {
            Some(t) => format!("{}\nready", t.trim_end_matches("\nready")),
            None => "ready".to_string(),
        };
        app.client
            .post(app.url("/inbound/mail"))
            .header("x-polysleuth-secret", "test-inbound-secret")
            .body(reply(&addr, bulletin, &text))
            .send()
            .await
            .unwrap();
        sent += 1;
        wait_for(&sink.maildir, sent).await;
    }
    let mails = wait_for(&sink.maildir, sent + 4).await;
    let second: Vec<&Received> = mails
        .iter()
        .filter(|m| m.subject.contains("round 2] bulletin"))
        .collect();
    assert_eq!(second.len(), 4);
    let cleo = second.iter().find(|m| m.to == "cleo@example.org").unwrap();
    assert!(
        cleo.body.contains("2 Blue Pearl: held by Ann"),
        "{}",
        cleo.body
    );
    assert!(cleo.body.contains("6½ Sleuth Points"), "{}", cleo.body);
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(g["round"], 3);
    app.stop().await;
}
