//! The three holes an attack round found, each tried again through the door it came by: a
//! player may not choose the deal (the API refuses a seed or a deal; the operator's deal says
//! it was given), one HTML mail may not hold up the service (the webhook and the IMAP door), an
//! oversized message is not fetched whole, and one request may not mail thousands.

use crate::common;
use crate::common::RunAside;

use std::time::{Duration, Instant};

use common::imap::imap_server;
use common::mail::{header, post_inbound, settle, start};
use common::TestApp;
use serde_json::{json, Value};

/// A body the API would take but for what is asked of it.
fn api_body(extra: Value) -> Value {
    common::api_body(&["Ann", "Ben", "Cleo"], extra)
}

#[tokio::test]
async fn the_api_refuses_a_seed_or_a_deal_from_whoever_asks_and_stores_nothing() {
    use polysleuth::web::admission::CreateGames;
    for policy in [CreateGames::Open, CreateGames::Confirmed] {
        let dir = common::tempdir("chosen-deal");
        let db = common::database_url(&dir).await;
        let mut app = TestApp::spawn_with(dir, db, |o| o.create_games = policy.clone()).await;
        let deal = &common::scenario()["spec"]["deal"];
        let forming = json!({"min_players": 3, "max_players": 4});
        for (extra, field) in [
            (json!({"seed": 42}), "seed"),
            (json!({"deal": deal}), "deal"),
            (
                json!({"seed": 42, "forming": forming, "players": []}),
                "seed",
            ),
            (json!({"ruleset": "sleuth", "seed": 9}), "seed"),
        ] {
            let mut body = api_body(json!({}));
            for (k, v) in extra.as_object().unwrap() {
                body[k] = v.clone();
            }
            if field == "deal" {
                body["players"] = json!([
                    "Ann <ann@example.org>",
                    "Ben <ben@example.org>",
                    "Cleo <cleo@example.org>",
                    "Dan <dan@example.org>"
                ]);
            }
            let (status, answer) = app.post_json("/api/games", &body).await;
            assert_eq!(status, 422, "{policy:?} {extra}: {answer}");
            let said = answer.to_string();
            assert!(
                said.contains(&format!("\\\"{field}\\\" may not be given here"))
                    && said.contains("game new --seed"),
                "{said}"
            );
        }
        assert!(app.nothing_mailed().await, "a refused game mails nobody");
        let master = app.running.as_ref().unwrap().master.clone();
        assert_eq!(
            master
                .store
                .unconfirmed_games("gm@example.org")
                .await
                .unwrap(),
            0
        );
        assert!(app
            .get_json("/api/games")
            .await
            .as_array()
            .unwrap()
            .is_empty());
        // Without them the same body makes a game, whose deal the service drew.
        let (status, created) = app.post_json("/api/games", &api_body(json!({}))).await;
        assert_eq!(status, 201, "{created}");
        let (_, page) = app.get_text(&format!("/games/{}", created["id"])).await;
        assert!(!page.contains("given by the operator"), "{page}");
        app.stop().await;
    }
}

#[tokio::test]
async fn a_deal_the_operator_gives_is_said_on_the_page_in_the_opening_mail_and_in_the_record() {
    let dir = common::tempdir("operator-deal");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_on(dir, db).await;
    let players = ["Ann", "Ben", "Cleo"];
    // The command line, as an operator types it.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args(["game", "new", "--database-url", &app.db, "--seed", "42"])
        .args(["--gm-email", "gm@example.org", "--round-hours", "1"])
        .args(players.iter().flat_map(|p| {
            [
                "--player".to_string(),
                format!("{p} <{}@example.org>", p.to_lowercase()),
            ]
        }))
        .output_aside()
        .await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let created: Value = serde_json::from_slice(&out.stdout).unwrap();
    let id = created["id"].as_i64().unwrap();
    let (_, page) = app.get_text(&format!("/games/{id}")).await;
    assert!(
        page.contains("This deal was given by the operator"),
        "{page}"
    );
    let links = app.player_links(&created).await;
    settle(&app).await;
    let welcome = app
        .mails()
        .into_iter()
        .find(|m| header(m, "To").is_some_and(|t| t.contains("ann@example.org")))
        .unwrap()
        .replace("=\r\n", "")
        .replace("\r\n", "\n");
    assert!(
        welcome.contains("This deal was given by the operator"),
        "{welcome}"
    );
    // The record, once the game is over, says who gave the deal; verify repeats it.
    let gm = common::path_of(created["gm_link"].as_str().unwrap());
    let actions = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (status, answer) = app
        .post_json(&actions, &json!({"action": "end", "confirm": true}))
        .await;
    assert_eq!(status, 200, "{answer}");
    let record = loop {
        let r = app.get(&format!("/games/{id}/record.json")).await;
        if r.status() == 200 {
            break r.json::<Value>().await.unwrap();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(record["deal_given_by"], "operator");
    assert_eq!(record["seed"], 42);
    let file = app.dir.join("record.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .arg("verify")
        .arg(&file)
        .output_aside()
        .await;
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "verified");
    assert!(String::from_utf8_lossy(&out.stderr).contains("given by the operator"));
    assert!(!links.is_empty());
    app.stop().await;
}

/// A reply from Ann whose HTML part nests `<ol><li>` fifty thousand times (400 KB), her turn
/// at the bottom.
fn nested_reply(reply_to: &str, n: usize) -> Vec<u8> {
    let mut html = "<ol><li>".repeat(50_000);
    html.push_str("<div>1: Ben has 2 Red Diamond</div>");
    format!(
        "From: Ann <ann@example.org>\r\nTo: {reply_to}\r\nSubject: Re: turn\r\n\
         Message-ID: <nested-{n}-{}@example.org>\r\nDate: Mon, 2 Nov 2026 10:00:00 +0000\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n{html}\r\n",
        std::process::id()
    )
    .into_bytes()
}

#[tokio::test]
async fn deeply_nested_html_is_read_at_once_and_the_service_keeps_answering() {
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    // Two such mails at once, while the health check is asked again and again.
    let started = Instant::now();
    let (a, b) = (nested_reply(&g.reply, 1), nested_reply(&g.reply, 2));
    let mails = futures_util::future::join(post_inbound(&app, a), post_inbound(&app, b));
    let health = async {
        let mut slowest = Duration::ZERO;
        for _ in 0..10 {
            let asked = Instant::now();
            let r = app.get("/healthz").await;
            assert_eq!(r.status(), 200);
            slowest = slowest.max(asked.elapsed());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        slowest
    };
    let ((first, second), slowest) = futures_util::future::join(mails, health).await;
    let took = started.elapsed();
    assert_eq!(first["outcome"], "handled", "{first}");
    assert_eq!(second["outcome"], "handled", "{second}");
    // Before the bounds these took over a minute each and /healthz waited as long; the bound
    // here is a liveness bound, far above what they take now.
    assert!(took < Duration::from_secs(20), "the mails took {took:?}");
    assert!(
        slowest < Duration::from_secs(5),
        "/healthz took {slowest:?}"
    );
    let view = app.private_view(&g.ann).await;
    assert_eq!(view["turn"]["text"], "1: Ben has 2 Red Diamond");
    app.stop().await;
}

#[tokio::test]
async fn the_imap_door_reads_nested_html_and_fetches_only_the_header_of_an_oversized_message() {
    use polysleuth::mail::imap::{ImapDoor, ImapUrl};
    let dir = common::tempdir("imap-holes");
    let server = imap_server(&dir.join("imap"));
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_on(dir, db).await;
    let g = start(&app).await;
    // 20 MB from a stranger, 3 MB from Ann (a reply: she is told it was too big), and Ann's
    // deeply nested HTML turn.
    let big = |from: &str, to: &str, n: usize, mb: usize| {
        let mut raw = format!(
            "From: {from}\r\nTo: {to}\r\nSubject: big\r\nMessage-ID: <big-{n}-{}@example.org>\r\n\
             Content-Type: text/plain; charset=utf-8\r\n\r\n",
            std::process::id()
        )
        .into_bytes();
        let line = b"1: Ben has 2 Red Diamond padding padding padding padding padding\r\n";
        while raw.len() < mb * 1024 * 1024 {
            raw.extend_from_slice(line);
        }
        raw
    };
    server.deliver(&big(
        "Mallory <m@evil.example>",
        "gm@polysleuth.test",
        1,
        20,
    ));
    server.deliver(&big("Ann <ann@example.org>", &g.reply, 2, 3));
    server.deliver(&nested_reply(&g.reply, 3));
    let door = ImapDoor {
        url: ImapUrl::parse(&server.url()).unwrap(),
        done_folder: None,
        poll: Duration::from_secs(1),
        holder: "test".into(),
    };
    let master = app.running.as_ref().unwrap().master.clone();
    let read = polysleuth::mail::imap::poll_once(&master, &door)
        .await
        .unwrap();
    assert_eq!(read.read, 3, "{read:?}");
    assert_eq!(server.unseen_in_inbox(), 0);
    settle(&app).await;
    // Dovecot counts what it sent at logout: the headers and the small message, not 23 MB.
    let sent_out = loop {
        let log = server.log_text();
        if let Some(out) = log
            .lines()
            .rev()
            .find_map(|l| l.split(" out=").nth(1))
            .and_then(|o| o.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse::<u64>().ok())
        {
            break out;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(sent_out < 1024 * 1024, "Dovecot sent {sent_out} bytes");
    // What is stored of the big ones is their header and a line, the key masked.
    let raws: Vec<(Vec<u8>,)> = sqlx::query_as("SELECT raw FROM inbound")
        .fetch_all(&master.store.pool)
        .await
        .unwrap();
    let stored: Vec<usize> = raws.iter().map(|(r,)| r.len()).collect();
    assert!(
        raws.iter()
            .any(|(r,)| String::from_utf8_lossy(r).contains("the body was not kept")),
        "the header is kept with a line saying what was not"
    );
    assert_eq!(stored.len(), 3);
    assert!(stored.iter().all(|n| *n < 512 * 1024), "{stored:?}");
    let mails = app.mails();
    let too_big = mails
        .iter()
        .filter(|m| header(m, "To").is_some_and(|t| t.contains("ann@example.org")))
        .filter(|m| m.contains("too big") || m.contains("KiB"))
        .count();
    assert_eq!(too_big, 1, "Ann is told once");
    assert!(
        !mails.iter().any(|m| m.contains("evil.example")),
        "the stranger is not answered"
    );
    let view = app.private_view(&g.ann).await;
    assert_eq!(view["turn"]["text"], "1: Ben has 2 Red Diamond");
    app.stop().await;
}

/// A forming game inviting `invite` people, `p{from}@example.org` and on (each address may be
/// invited to only three games a day, so the caps per game master and per client are met
/// with other people each time).
fn forming_body(invite: usize, from: usize, max_players: usize, gm: &str) -> Value {
    let mut body = api_body(json!({
        "players": [],
        "forming": {
            "min_players": 3,
            "max_players": max_players,
            "invite": (from..from + invite).map(|i| format!("p{i}@example.org")).collect::<Vec<_>>(),
        },
    }));
    body["gm_email"] = json!(gm);
    body
}

#[tokio::test]
async fn one_request_cannot_invite_more_than_twice_the_seats_nor_one_address_forty_a_day() {
    let mut app = TestApp::spawn().await;
    let (status, answer) = app
        .post_json("/api/games", &forming_body(3000, 0, 5, "gm@example.org"))
        .await;
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer.to_string().contains("at most 10 addresses"),
        "{answer}"
    );
    let (status, answer) = app
        .post_json("/api/games", &forming_body(11, 0, 5, "gm@example.org"))
        .await;
    assert_eq!(status, 422, "{answer}");
    assert!(
        app.nothing_mailed().await,
        "nothing mailed for a refused game"
    );
    // Ten per game is allowed; four such games from one address fill its day.
    for i in 0..4 {
        let (status, answer) = app
            .post_json("/api/games", &forming_body(10, 10 * i, 5, "gm@example.org"))
            .await;
        assert_eq!(status, 201, "{answer}");
    }
    let (status, answer) = app
        .post_json("/api/games", &forming_body(1, 40, 5, "GM@example.org"))
        .await;
    assert_eq!(status, 429, "{answer}");
    assert!(answer.to_string().contains("at most 40 a day"), "{answer}");
    settle(&app).await;
    let invitations = app
        .mails()
        .iter()
        .filter(|m| header(m, "To").is_some_and(|t| t.contains("@example.org") && t.contains('p')))
        .filter(|m| !m.contains("To: gm@example.org"))
        .count();
    assert_eq!(invitations, 40);
    app.stop().await;
}

#[tokio::test]
async fn invitations_count_in_an_anonymous_clients_hourly_budget() {
    use polysleuth::web::admission::CreateGames;
    let dir = common::tempdir("invite-budget");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| o.create_games = CreateGames::Confirmed).await;
    // Each game from another game-master address, so only the client's budget counts: forty
    // invitations an hour, then 429, and the game that would pass it is not made.
    for i in 0..4 {
        let (status, answer) = app
            .post_json(
                "/api/games",
                &forming_body(10, 10 * i, 5, &format!("gm{i}@example.org")),
            )
            .await;
        assert_eq!(status, 201, "{answer}");
    }
    let (status, answer) = app
        .post_json("/api/games", &forming_body(2, 40, 5, "gm9@example.org"))
        .await;
    assert_eq!(status, 429, "{answer}");
    assert!(
        answer.to_string().contains("invitations to play"),
        "{answer}"
    );
    let master = app.running.as_ref().unwrap().master.clone();
    assert_eq!(
        master
            .store
            .unconfirmed_games("gm9@example.org")
            .await
            .unwrap(),
        0
    );
    app.stop().await;
}
