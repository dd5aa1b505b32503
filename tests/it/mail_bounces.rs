//! Mail that does not arrive: an address no mail server would take is refused when the game
//! is made; a delivery report that comes back is matched to its player, never answered, and
//! shown to the game master; a real SMTP server's permanent refusal is recorded the same way
//! and never retried.

use crate::common;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::mail::{header, post_inbound, settle, start};
use common::{game_body, TestApp};
use serde_json::json;

#[tokio::test]
async fn an_address_no_mail_server_would_take_is_refused_when_the_game_is_made() {
    let mut app = TestApp::spawn().await;
    let mut body = game_body(&["Ann", "Ben", "Cleo"], None, json!({}));
    body["players"][1] = json!("Ben <\"b en\"@example.org>");
    body["players"][2] = json!("Cleo <cleo@[192.0.2.7]>");
    let (status, answer) = app.post_game(&body).await;
    assert_eq!(status, 422, "{answer}");
    let text = answer.to_string();
    assert!(
        text.contains("e-mail address of Ben") && text.contains("quoted"),
        "{text}"
    );
    assert!(
        text.contains("e-mail address of Cleo") && text.contains("address literal"),
        "{text}"
    );
    assert_eq!(
        app.get_json("/api/games").await.as_array().unwrap().len(),
        0
    );
    assert!(app.nothing_mailed().await, "nothing was mailed");
    app.stop().await;
}

/// The envelope sender (VERP) the service gave the mail with this Message-ID: where a mail
/// server returns it. Signed, so no one else can write a bounce the service believes.
fn bounce_address(app: &TestApp, message_id: &str) -> String {
    let row: i64 = message_id["<outbox-".len()..message_id.find('@').unwrap()]
        .parse()
        .unwrap();
    let site = &app.running.as_ref().unwrap().master.site;
    format!(
        "gm+bounce-{}@polysleuth.test",
        polysleuth::keys::token(row, &site.sign("bounce", row))
    )
}

#[tokio::test]
async fn a_delivery_report_is_matched_to_its_player_never_answered_and_shown_to_the_gm() {
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    let welcome = app
        .mails()
        .into_iter()
        .find(|m| m.contains("To: ben@example.org"))
        .unwrap();
    let message_id = header(&welcome, "Message-ID").unwrap().trim().to_string();
    let report = |to: &str| {
        format!(
            "From: Mail Delivery System <MAILER-DAEMON@mx.example.org>\r\n\
             To: {to}\r\nSubject: Undelivered Mail Returned to Sender\r\n\
             Message-ID: <dsn-{}@mx.example.org>\r\nAuto-Submitted: auto-replied\r\n\
             MIME-Version: 1.0\r\n\
             Content-Type: multipart/report; report-type=delivery-status; boundary=\"b\"\r\n\r\n\
             --b\r\nContent-Type: text/plain\r\n\r\nYour message could not be delivered.\r\n\
             --b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.org\r\n\r\n\
             Final-Recipient: rfc822; ben@example.org\r\nAction: failed\r\nStatus: 5.1.1\r\n\
             Diagnostic-Code: smtp; 550 5.1.1 <ben@example.org>: click http://evil.example/\r\n\
             --b\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: {message_id}\r\n\
             To: ben@example.org\r\n--b--\r\n",
            rand::random::<u64>()
        )
    };
    let before = app.mails().len();
    // Anyone can write a report naming Ben's mail, to the game master's address or to a bounce
    // address they made up: automatic mail, recorded as nothing.
    for to in [
        "gm@polysleuth.test".to_string(),
        "gm+bounce-1@polysleuth.test".into(),
    ] {
        let r = post_inbound(&app, report(&to)).await;
        assert_eq!(r["outcome"], "automatic", "{to}: {r}");
    }
    let gm = app.get_json(&format!("/api/gm/{}", g.gm)).await;
    assert_eq!(gm["bounces"], json!([]), "a forged bounce is never shown");
    // The real one comes to the signed address the mail was sent from.
    let r = post_inbound(&app, report(&bounce_address(&app, &message_id))).await;
    assert_eq!(r["outcome"], "bounce");
    settle(&app).await;
    assert_eq!(app.mails().len(), before, "a bounce is never answered");
    let gm = app.get_json(&format!("/api/gm/{}", g.gm)).await;
    // A fixed sentence: what the remote server wrote is never shown.
    assert_eq!(
        gm["bounces"],
        json!([
            "mail to Ben has bounced since round 1: the receiving mail server refused it for good"
        ])
    );
    let (_, page) = app.get_text(&format!("/gm/{}", g.gm)).await;
    assert!(
        page.contains("mail to Ben has bounced since round 1"),
        "{page}"
    );
    assert!(!page.contains("evil.example"), "{page}");
    // A plain bounce with no report, to the envelope sender of Cleo's welcome mail (VERP).
    let cleo = app
        .mails()
        .into_iter()
        .find(|m| m.contains("To: cleo@example.org"))
        .unwrap();
    let id = header(&cleo, "Message-ID").unwrap().trim().to_string();
    let bounce = format!(
        "From: postmaster@mx.example.net\r\nTo: {}\r\n\
         Subject: failure notice\r\n\r\nSorry, we were unable to deliver your message.\r\n",
        bounce_address(&app, &id)
    );
    let r = post_inbound(&app, bounce).await;
    assert_eq!(r["outcome"], "bounce");
    let gm = app.get_json(&format!("/api/gm/{}", g.gm)).await;
    assert_eq!(
        gm["bounces"][1],
        "mail to Cleo has bounced since round 1: the receiving mail server refused it for good"
    );
    app.stop().await;
}

struct Refuser(Child);

impl Drop for Refuser {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A real SMTP server (aiosmtpd) that refuses one recipient for good and takes the rest.
fn refusing_smtp(refused: &str) -> (Refuser, u16) {
    smtp_answering(refused, "550 5.1.1")
}

/// A real SMTP server (aiosmtpd) that answers one recipient with `code` (quoting the address,
/// as servers do) and takes the rest.
fn smtp_answering(refused: &str, code: &str) -> (Refuser, u16) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let script = format!(
        r#"
import asyncio
from aiosmtpd.controller import Controller
class H:
    async def handle_RCPT(self, server, session, envelope, address, options):
        if address == "{refused}":
            return "{code} <{refused}>: mailbox unknown"
        envelope.rcpt_tos.append(address)
        return "250 OK"
    async def handle_DATA(self, server, session, envelope):
        return "250 OK"
c = Controller(H(), hostname="127.0.0.1", port={port})
c.start()
asyncio.get_event_loop().run_forever()
"#
    );
    let python = if std::path::Path::new("/usr/bin/python3").exists() {
        "/usr/bin/python3"
    } else {
        "python3"
    };
    let child = Command::new(python)
        .args(["-c", &script])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3 with aiosmtpd (Debian: python3-aiosmtpd)");
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "aiosmtpd did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (Refuser(child), port)
}

#[tokio::test]
async fn a_permanent_smtp_refusal_is_recorded_as_a_bounce_and_never_retried() {
    let (_smtp, port) = refusing_smtp("cleo@example.org");
    let dir = common::tempdir("refused");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| {
        o.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
    })
    .await;
    let (status, created) = app
        .post_game(&game_body(&["Ann", "Ben", "Cleo"], None, json!({})))
        .await;
    assert_eq!(status, 201, "{created}");
    let gm = common::path_of(created["gm_link"].as_str().unwrap()).replacen("/gm/", "/api/gm/", 1);
    let master = app.running.as_ref().unwrap().master.clone();
    let start = Instant::now();
    loop {
        let v = app.get_json(&gm).await;
        if v["bounces"].as_array().is_some_and(|b| !b.is_empty()) {
            let line = v["bounces"][0].as_str().unwrap();
            assert!(
                line.starts_with("mail to Cleo has bounced since round 1"),
                "{line}"
            );
            // The page says a fixed sentence; the server's own words stay in the database.
            assert!(!line.contains("550"), "{line}");
            let reasons: Vec<(String,)> = sqlx::query_as("SELECT reason FROM bounces")
                .fetch_all(&master.store.pool)
                .await
                .unwrap();
            assert!(reasons.iter().any(|(r,)| r.contains("550")), "{reasons:?}");
            assert_eq!(v["failing_mail"], json!([]), "given up, not failing");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "no bounce recorded: {v}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Everything else was sent, and the refused mail is not waiting for another try.
    settle(&app).await;
    assert_eq!(master.store.unsent_mail_count().await.unwrap(), 0);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let v = app.get_json(&gm).await;
    assert_eq!(v["bounces"].as_array().unwrap().len(), 1, "tried once: {v}");
    app.stop().await;
}

#[tokio::test]
async fn a_mail_that_keeps_failing_is_shown_to_the_game_master_by_kind_and_code_never_the_address()
{
    let (_smtp, port) = smtp_answering("cleo@example.org", "450 4.2.1");
    let dir = common::tempdir("failing");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| {
        o.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
    })
    .await;
    let (status, created) = app
        .post_game(&game_body(&["Ann", "Ben", "Cleo"], None, json!({})))
        .await;
    assert_eq!(status, 201, "{created}");
    let gm = common::path_of(created["gm_link"].as_str().unwrap());
    let api = gm.replacen("/gm/", "/api/gm/", 1);
    let start = Instant::now();
    let failing = loop {
        let v = app.get_json(&api).await;
        if let Some(f) = v["failing_mail"].as_array().filter(|f| !f.is_empty()) {
            break f.clone();
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "nothing failing: {v}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(failing[0]["recipient"], "Cleo", "{failing:?}");
    assert_eq!(
        failing[0]["error"], "SMTP: transient error (450)",
        "{failing:?}"
    );
    let page = app.get_text(&gm).await.1;
    assert!(page.contains("SMTP: transient error (450)"), "{page}");
    assert!(
        !page.contains("cleo@example.org"),
        "the address stays hidden: {page}"
    );
    app.stop().await;
}
