//! What an attacker tried, and what must hold: nobody but a player sees that player's key
//! (the game's creator and game master included), a leaked link can be replaced, private
//! content goes only to the registered address, and a game ends only when the game master
//! really says so.

use crate::common;
use crate::common::RunAside;

use common::mail::{header, post_inbound, settle, start};
use common::{path_of, TestApp};
use serde_json::{json, Value};

#[tokio::test]
async fn whoever_creates_a_game_sees_no_players_key_in_the_answer_or_the_gm_mail() {
    let mut app = TestApp::spawn().await;
    let (status, created) = app
        .post_json(
            "/api/games",
            &common::api_body(&["Ann", "Ben", "Cleo"], json!({})),
        )
        .await;
    assert_eq!(status, 201);
    assert!(!created.to_string().contains("/play/"), "{created}");
    assert_eq!(created["players"][0], json!({"name": "Ann"}));
    let links = app.player_links(&created).await;
    settle(&app).await;
    let gm_mail = app
        .mails()
        .into_iter()
        .find(|m| header(m, "To").is_some_and(|t| t.contains("gm@example.org")))
        .unwrap();
    for link in &links {
        let key = link.rsplit('-').next().unwrap();
        assert!(!gm_mail.contains(key), "the GM's mail holds a player's key");
    }
    assert!(gm_mail.contains("mailed to that player alone"));
    // The GM's page and its API answer hold no key either.
    let gm = path_of(created["gm_link"].as_str().unwrap());
    let (_, page) = app.get_text(&gm).await;
    let api = app.get_json(&gm.replacen("/gm/", "/api/gm/", 1)).await;
    for link in &links {
        let key = link.rsplit('-').next().unwrap();
        assert!(!page.contains(key) && !api.to_string().contains(key));
    }
    app.stop().await;
}

#[tokio::test]
async fn the_command_line_prints_the_public_page_and_the_gm_link_but_no_players_key() {
    let dir = common::tempdir("cli-new");
    let db = dir.join("cli.db").display().to_string();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args(["game", "new", "--database-url", &db])
        .args([
            "--player",
            "Ann <ann@example.org>",
            "--player",
            "Ben <ben@example.org>",
        ])
        .args([
            "--player",
            "Cleo <cleo@example.org>",
            "--gm-email",
            "gm@example.org",
        ])
        .output_aside()
        .await;
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed: Value = serde_json::from_str(&stdout).unwrap();
    assert!(printed["gm_link"].as_str().unwrap().contains("/gm/"));
    assert!(printed["public_page"].as_str().unwrap().contains("/games/"));
    assert!(!stdout.contains("/play/"), "{stdout}");
}

#[tokio::test]
async fn a_seat_is_mailed_three_new_links_a_day_at_most_and_the_fourth_is_refused_unsent() {
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    let gm = format!("/api/gm/{}/actions", g.gm);
    settle(&app).await;
    let to_ann = |app: &TestApp| {
        (app.mails().iter())
            .filter(|m| header(m, "To").is_some_and(|t| t.trim() == "ann@example.org"))
            .count()
    };
    let before = to_ann(&app);
    for _ in 0..3 {
        let (status, answer) = app
            .post_json(&gm, &json!({"action": "newlink", "seat": 0}))
            .await;
        assert_eq!(status, 200, "{answer}");
    }
    let (status, answer) = app
        .post_json(&gm, &json!({"action": "newlink", "seat": 0}))
        .await;
    assert_eq!(status, 429, "{answer}");
    assert!(
        answer
            .to_string()
            .contains("Ann was sent a new link 3 times today already"),
        "{answer}"
    );
    settle(&app).await;
    assert_eq!(to_ann(&app), before + 3, "three new links, no fourth");
    // Another seat is not held up by Ann's.
    let (status, answer) = app
        .post_json(&gm, &json!({"action": "newlink", "seat": 1}))
        .await;
    assert_eq!(status, 200, "{answer}");
    // The last link mailed still opens Ann's page: the refused one changed nothing.
    let last = (app.mails().iter())
        .rev()
        .find(|m| header(m, "To").is_some_and(|t| t.trim() == "ann@example.org"))
        .unwrap()
        .replace("=\r\n", "")
        .replace("=\n", "");
    let link = last
        .lines()
        .skip_while(|l| !l.starts_with("Your private page"))
        .nth(1)
        .map(|l| path_of(l.trim()))
        .unwrap();
    assert_eq!(app.private_view(&link).await["me"], "Ann");
    app.stop().await;
}

#[tokio::test]
async fn a_new_link_shuts_out_the_old_link_and_the_old_reply_address() {
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    let gm = format!("/api/gm/{}/actions", g.gm);
    let before = app.mails().len();
    let (status, answer) = app
        .post_json(&gm, &json!({"action": "newlink", "seat": 0}))
        .await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer
        .to_string()
        .contains("new private link was mailed to Ann"));
    assert!(
        !answer.to_string().contains("/play/"),
        "the GM does not see it"
    );
    settle(&app).await;
    let mails = app.mails()[before..].to_vec();
    assert_eq!(mails.len(), 1);
    let mail = mails[0].replace("=\r\n", "").replace("=\n", "");
    assert_eq!(header(&mail, "To").unwrap().trim(), "ann@example.org");
    let new_link = mail
        .lines()
        .skip_while(|l| !l.starts_with("Your private page"))
        .nth(1)
        .map(|l| path_of(l.trim()))
        .unwrap();
    // The old link is refused at once, the new one works.
    let old = app.get(&g.ann.replacen("/play/", "/api/play/", 1)).await;
    assert_eq!(old.status(), 403);
    let view = app.private_view(&new_link).await;
    assert_eq!(view["me"], "Ann");
    // A turn to the old reply address changes nothing and gets no answer.
    let raw = format!(
        "From: ann@example.org\r\nTo: {}\r\nSubject: t\r\n\r\n1: Ben has 2 Red Diamond\r\n",
        g.reply
    );
    let before = app.mails().len();
    let r = post_inbound(&app, raw).await;
    assert_eq!(r["outcome"], "bad_key");
    settle(&app).await;
    assert_eq!(app.mails().len(), before);
    // The new mail's reply address works.
    let reply = header(&mail, "Reply-To").unwrap().trim().to_string();
    assert_ne!(reply, g.reply);
    let raw = format!(
        "From: ann@example.org\r\nTo: {reply}\r\nSubject: t\r\n\r\n1: Ben has 2 Red Diamond\r\n"
    );
    let r = post_inbound(&app, raw).await;
    assert_eq!(r["outcome"], "handled");
    app.stop().await;
}

#[tokio::test]
async fn a_game_ends_only_when_the_end_is_confirmed() {
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    let gm = format!("/api/gm/{}/actions", g.gm);
    for confirm in [json!(false), json!("no"), json!(""), json!(0)] {
        let (status, answer) = app
            .post_json(&gm, &json!({"action": "end", "confirm": confirm}))
            .await;
        assert_eq!(status, 422, "{confirm}: {answer}");
    }
    let game = app.get_json("/api/games/1").await;
    assert_ne!(game["status"], "over");
    let (status, _) = app
        .post_json(&gm, &json!({"action": "end", "confirm": true}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(app.get_json("/api/games/1").await["status"], "over");
    app.stop().await;
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

#[tokio::test]
async fn a_million_line_turn_gets_a_short_answer_and_the_service_stays_small() {
    let dir = common::tempdir("million");
    let db = common::database_url(&dir).await;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args([
            "serve",
            "--database-url",
            &db,
            "--listen",
            &format!("127.0.0.1:{port}"),
        ])
        .args(["--tick-ms", "50", "--create-games", "open", "--outbox"])
        .arg(dir.join("outbox"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Stopped however the test ends.
    let child = Killed(child);
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let start = std::time::Instant::now();
    let created: Value = loop {
        if let Ok(r) = client
            .post(format!("{base}/api/games"))
            .json(&common::api_body(&["Ann", "Ben", "Cleo"], json!({})))
            .send()
            .await
        {
            break r.json().await.unwrap();
        }
        assert!(start.elapsed().as_secs() < 20, "serve did not start");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    let ann = loop {
        let mails: Vec<String> = std::fs::read_dir(dir.join("outbox"))
            .map(|d| {
                d.flatten()
                    .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                    .collect()
            })
            .unwrap_or_default();
        if let Some(links) = common::links_in_mails(&mails, &created) {
            break links[0].clone();
        }
        assert!(start.elapsed().as_secs() < 20, "no welcome mail");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    let turn = format!("{base}{}/turn", ann.replacen("/play/", "/api/play/", 1));
    let before = rss_kib(child.0.id());
    for _ in 0..3 {
        let r = client
            .post(&turn)
            .header("content-type", "text/plain")
            .body("x\n".repeat(1_000_000))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 413);
        let answer = r.text().await.unwrap();
        assert!(
            answer.len() < 1024 && answer.contains("at most 500 lines"),
            "{answer}"
        );
    }
    let after = rss_kib(child.0.id());
    assert!(
        after < before + 20 * 1024,
        "the service grew from {before} KiB to {after} KiB"
    );
    // 501 comment lines are refused whole; 200 bad lines are answered with 50 and a count.
    let r = client
        .post(&turn)
        .body("# note\n".repeat(501))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 422);
    let v: Value = r.json().await.unwrap();
    assert!(v["errors"][0].to_string().contains("at most 500"), "{v}");
    let r = client
        .post(&turn)
        .body("nonsense\n".repeat(200))
        .send()
        .await
        .unwrap();
    let v: Value = r.json().await.unwrap();
    let errors = v["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 51, "{v}");
    assert!(errors[50].to_string().contains("and 150 more"), "{v}");
}

#[tokio::test]
async fn game_names_and_house_rules_are_bounded_for_the_api_as_for_the_form() {
    let mut app = TestApp::spawn().await;
    for (extra, says) in [
        (json!({"name": "n".repeat(81)}), "1 to 80 characters"),
        (
            json!({"name": "line\nbreak"}),
            "control or invisible characters",
        ),
        // A right-to-left override would make a mail's subject read otherwise than it is.
        (
            json!({"name": "Pay \u{202E}lasrever"}),
            "control or invisible characters",
        ),
        (
            json!({"name": "zero\u{200B}width"}),
            "control or invisible characters",
        ),
        // Far more seats than a game has: the count is named, the seats are not each read.
        (
            json!({"players": (0..5000).map(|i| format!("P{i} <p{i}@example.org>")).collect::<Vec<_>>()}),
            "you gave 5000",
        ),
        (
            json!({"settings": {"starting_eyes": 4294967295u32}}),
            "starting_eyes 4294967295 is too large",
        ),
        (
            json!({"settings": {"income": 1000000}}),
            "income 1000000 is too large",
        ),
    ] {
        let (status, answer) = app
            .post_json(
                "/api/games",
                &common::api_body(&["Ann", "Ben", "Cleo"], extra),
            )
            .await;
        assert_eq!(status, 422, "{answer}");
        assert!(answer.to_string().contains(says), "{answer}");
    }
    assert!(app.nothing_mailed().await);
    app.stop().await;
}

#[tokio::test]
async fn a_game_made_by_anyone_waits_mailing_nobody_until_its_game_master_starts_it() {
    use polysleuth::web::admission::CreateGames;
    let dir = common::tempdir("confirmed");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| o.create_games = CreateGames::Confirmed).await;
    let (status, created) = app
        .post_json(
            "/api/games",
            &common::api_body(&["Ann", "Ben", "Cleo"], json!({})),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["status"], "unconfirmed");
    assert!(
        created.get("gm_link").is_none(),
        "the maker does not get the GM's link"
    );
    settle(&app).await;
    // Only the address named as game master is mailed; no player is.
    let mails = app.mails();
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert_eq!(header(&mails[0], "To").unwrap().trim(), "gm@example.org");
    let body = mails[0].replace("=\r\n", "").replace("=\n", "");
    let gm = body
        .lines()
        .find(|l| l.contains("/gm/"))
        .map(|l| path_of(l.trim()))
        .unwrap();
    // Not listed, and no GM action but the start until it starts.
    assert!(app
        .get_json("/api/games")
        .await
        .as_array()
        .unwrap()
        .is_empty());
    let actions = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (status, answer) = app.post_json(&actions, &json!({"action": "resolve"})).await;
    assert_eq!(status, 409, "{answer}");
    let (_, page) = app.get_text(&gm).await;
    assert!(page.contains("Start the game"), "{page}");
    let (status, answer) = app.post_json(&actions, &json!({"action": "start"})).await;
    assert_eq!(status, 200, "{answer}");
    assert!(
        answer.to_string().contains("The game has started"),
        "{answer}"
    );
    let links = app.player_links(&created).await;
    assert_eq!(links.len(), 3);
    let view = app.private_view(&links[0]).await;
    assert_eq!(view["me"], "Ann");
    let game = app.get_json(&format!("/api/games/{}", created["id"])).await;
    assert_eq!(game["status"], "open");
    let (status, _) = app.post_json(&actions, &json!({"action": "start"})).await;
    assert_eq!(status, 409, "started once");
    app.stop().await;
}

#[tokio::test]
async fn one_address_and_one_client_can_make_only_a_few_waiting_games() {
    use polysleuth::web::admission::CreateGames;
    let dir = common::tempdir("limits");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| o.create_games = CreateGames::Confirmed).await;
    let body = |gm: &str| {
        let mut b = common::api_body(&["Ann", "Ben", "Cleo"], json!({}));
        b["gm_email"] = json!(gm);
        b
    };
    for _ in 0..3 {
        let (status, _) = app
            .post_json("/api/games", &body("victim@example.org"))
            .await;
        assert_eq!(status, 201);
    }
    let (status, answer) = app
        .post_json("/api/games", &body("victim@example.org"))
        .await;
    assert_eq!(status, 429, "{answer}");
    assert!(
        answer.to_string().contains("already has 3 games waiting"),
        "{answer}"
    );
    // Other addresses, from the same client: ten games an hour, then 429.
    let mut last = 0;
    for i in 0..10 {
        let (status, _) = app
            .post_json("/api/games", &body(&format!("gm{i}@example.org")))
            .await;
        last = status;
        if status == 429 {
            break;
        }
    }
    assert_eq!(last, 429, "the client is limited");
    app.stop().await;
}

#[tokio::test]
async fn a_private_instance_makes_games_only_for_holders_of_its_token() {
    use polysleuth::web::admission::CreateGames;
    let dir = common::tempdir("token");
    let db = common::database_url(&dir).await;
    let token = "a-long-shared-creation-token";
    let mut app = TestApp::spawn_with(dir, db, |o| {
        o.create_games = CreateGames::Token(token.into())
    })
    .await;
    let body = common::api_body(&["Ann", "Ben", "Cleo"], json!({}));
    let (status, answer) = app.post_json("/api/games", &body).await;
    assert_eq!(status, 403);
    assert!(answer.to_string().contains("creation token"), "{answer}");
    let r = app
        .client
        .post(app.url("/api/games"))
        .header("x-polysleuth-create-token", "wrong-token-of-some-length")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    assert!(app.nothing_mailed().await);
    let r = app
        .client
        .post(app.url("/api/games"))
        .header("x-polysleuth-create-token", token)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    let created: Value = r.json().await.unwrap();
    assert_eq!(
        app.player_links(&created).await.len(),
        3,
        "players mailed at once"
    );
    // The form asks for the token too.
    let (_, page) = app.get_text("/games/new").await;
    assert!(page.contains("name=\"create_token\""));
    app.stop().await;
}

#[tokio::test]
async fn no_key_stays_in_the_database_once_its_mail_is_delivered_or_its_message_stored() {
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    let master = app.running.as_ref().unwrap().master.clone();
    // A signon mail from another address: its key is acted on, but not stored.
    let raw = format!(
        "From: ann@work.example.net\r\nTo: gm@polysleuth.test\r\nSubject: t\r\n\r\n\
         signon Ann {}\r\n1: Ben has 2 Red Diamond\r\n",
        g.key
    );
    let r = post_inbound(&app, raw).await;
    assert_eq!(r["outcome"], "handled");
    settle(&app).await;
    let bodies: Vec<(String, Option<String>)> =
        sqlx::query_as("SELECT body, reply_to FROM outbox WHERE sent_at IS NOT NULL")
            .fetch_all(&master.store.pool)
            .await
            .unwrap();
    assert!(bodies.len() >= 6);
    assert!(
        bodies.iter().all(|(b, r)| b.is_empty() && r.is_none()),
        "{bodies:?}"
    );
    let raws: Vec<(Vec<u8>,)> = sqlx::query_as("SELECT raw FROM inbound")
        .fetch_all(&master.store.pool)
        .await
        .unwrap();
    let stored = String::from_utf8_lossy(&raws[0].0).to_string();
    assert!(
        stored.contains("signon Ann [key]") && !stored.contains(&g.key),
        "{stored}"
    );
    // Past its keeping time the raw text goes; the row stays for the GM's counts.
    let dropped = master
        .store
        .purge_inbound(polysleuth::clock::now() + 1)
        .await
        .unwrap();
    assert_eq!(dropped, 1);
    let raws: Vec<(Vec<u8>,)> = sqlx::query_as("SELECT raw FROM inbound")
        .fetch_all(&master.store.pool)
        .await
        .unwrap();
    assert!(raws[0].0.is_empty());
    app.stop().await;
}

#[tokio::test]
async fn mail_past_its_keeping_time_is_deleted_and_the_games_record_stays() {
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    let master = app.running.as_ref().unwrap().master.clone();
    let raw = format!(
        "From: ann@example.org\r\nTo: gm@polysleuth.test\r\nSubject: t\r\n\r\n\
         signon Ann {}\r\n1: Ben has 2 Red Diamond\r\n",
        g.key
    );
    assert_eq!(post_inbound(&app, raw).await["outcome"], "handled");
    settle(&app).await;
    let stats = master.store.stats().await.unwrap();
    assert!(stats.sent >= 5, "{stats:?}");
    // Kept as long as asked: nothing goes before its time.
    let keep = polysleuth::retention::Keep::default();
    assert_eq!(
        polysleuth::retention::once(&master.store, keep)
            .await
            .unwrap(),
        (0, 0, 0)
    );
    // A keeping time of nothing: every delivered mail and every inbound record goes.
    let nothing = polysleuth::retention::Keep {
        inbound_raw: std::time::Duration::ZERO,
        inbound_records: std::time::Duration::ZERO,
        sent_mail: std::time::Duration::ZERO,
    };
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let (_, records, mails) = polysleuth::retention::once(&master.store, nothing)
        .await
        .unwrap();
    assert_eq!(records, 1);
    assert_eq!(mails as i64, stats.sent);
    let after = master.store.stats().await.unwrap();
    assert_eq!((after.sent, after.unsent), (0, stats.unsent));
    // The game itself is untouched: the player's page shows the turn the mail sent.
    let view = app.private_view(&g.ann).await;
    assert_eq!(view["turn"]["text"], "1: Ben has 2 Red Diamond", "{view}");
    app.stop().await;
}

#[tokio::test]
async fn the_request_log_shows_no_key_however_the_path_is_written() {
    let dir = common::tempdir("log");
    let db = dir.join("log.db").display().to_string();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let log = std::fs::File::create(dir.join("serve.log")).unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args([
            "serve",
            "--database-url",
            &db,
            "--listen",
            &format!("127.0.0.1:{port}"),
        ])
        .env("RUST_LOG", "info,actix_web::middleware::logger=info")
        .stdout(std::process::Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap();
    let child = Killed(child);
    let key = "0123456789abcdef0123456789abcdef";
    let client = reqwest::Client::new();
    let base = format!("http://127.0.0.1:{port}");
    let start = std::time::Instant::now();
    while client.get(format!("{base}/healthz")).send().await.is_err() {
        assert!(start.elapsed().as_secs() < 20, "serve did not start");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    for path in [
        format!("/play/1%2D{key}"),
        format!("/play/{key}"),
        format!("/gm/2-{key}"),
        format!("/api/play/3-{key}/turn"),
        format!("/pl%61y/4-{key}"),
        format!("//play/{key}"),
        format!("/./gm//7-{key}"),
        format!("/no/such/route/{key}"),
    ] {
        let _ = client.get(format!("{base}{path}")).send().await.unwrap();
    }
    let _ = client
        .post(format!("{base}/observe/5-{key}"))
        .form(&[("List-Unsubscribe", "One-Click")])
        .send()
        .await
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    drop(child);

    let logged = std::fs::read_to_string(dir.join("serve.log")).unwrap();
    assert!(
        logged.contains("/play/1…"),
        "the requests are logged: {logged}"
    );
    assert!(!logged.contains("abcdef"), "{logged}");
}

#[tokio::test]
async fn pages_carry_a_strict_policy_and_a_csrf_token_the_attacker_cannot_choose() {
    let mut app = TestApp::spawn().await;
    let r = app.get("/games/new").await;
    let csp = r.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
        "{csp}"
    );
    assert!(
        r.headers().get("strict-transport-security").is_none(),
        "not behind http"
    );
    // The old double-submit: a cookie and a field of the attacker's choosing.
    let chosen = "0123456789abcdef0123456789abcdef";
    let r = reqwest::Client::new()
        .post(app.url("/games/new"))
        .header("cookie", format!("polysleuth_csrf={chosen}"))
        .form(&[("csrf", chosen), ("name", "x")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    assert!(r.text().await.unwrap().contains("came from another site"));
    // A planted cookie of the right shape: the form neither believes it nor hands out its
    // token; it sets a cookie of its own.
    let site = app.running.as_ref().unwrap().master.site.clone();
    let r = reqwest::Client::new()
        .get(app.url("/games/new"))
        .header("cookie", format!("polysleuth_csrf={chosen}"))
        .send()
        .await
        .unwrap();
    let set = r
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().to_string());
    let page = r.text().await.unwrap();
    assert!(
        !page.contains(&site.sign_text("csrf", chosen)),
        "the planted cookie's token"
    );
    assert!(
        set.is_some_and(|c| !c.contains(chosen)),
        "a cookie of its own"
    );
    let r = reqwest::Client::new()
        .post(app.url("/games/new"))
        .header("cookie", format!("polysleuth_csrf={chosen}"))
        .form(&[
            ("csrf", site.sign_text("csrf", chosen).as_str()),
            ("name", "x"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(
        r.status(),
        409,
        "a token for a cookie the service did not issue"
    );
    app.stop().await;

    // Behind https: a __Host- cookie, Secure, and HSTS.
    let dir = common::tempdir("https");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| {
        o.base_url = Some("https://sleuth.example.org".into())
    })
    .await;
    let r = app.get("/games/new").await;
    assert_eq!(
        r.headers()["strict-transport-security"].to_str().unwrap(),
        "max-age=31536000"
    );
    let cookie = r.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(cookie.starts_with("__Host-polysleuth_csrf="), "{cookie}");
    assert!(
        cookie.contains("Secure") && cookie.contains("Path=/"),
        "{cookie}"
    );
    app.stop().await;
}

/// A service process, killed when dropped (a failed assertion included).
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test]
async fn a_key_is_never_stored_readable_however_the_message_encodes_it() {
    use base64::Engine;
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    let master = app.running.as_ref().unwrap().master.clone();
    let line = format!("signon Ann {}\r\n1: Ben has 2 Red Diamond\r\n", g.key);
    let head = |n: usize, ctype: &str, encoding: &str| {
        format!(
            "From: ann@work.example.net\r\nTo: gm@polysleuth.test\r\nSubject: t\r\n\
             Message-ID: <encoded-{n}@work.example.net>\r\nMIME-Version: 1.0\r\n\
             Content-Type: {ctype}\r\nContent-Transfer-Encoding: {encoding}\r\n\r\n"
        )
        .into_bytes()
    };
    // Quoted-printable with every digit of the key written as =3X.
    let qp: String = line
        .chars()
        .map(|c| match c {
            '0'..='9' => format!("=3{c}"),
            c => c.to_string(),
        })
        .collect();
    // HTML with the key split by tags, so no run of 32 digits is in the raw text.
    let (a, b) = g.key.split_at(10);
    let html =
        format!("<div>signon Ann {a}<span></span>{b}</div><div>1: Ben has 2 Red Diamond</div>");
    // UTF-16 little-endian, base64 over it.
    let utf16: Vec<u8> = line.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
    let b64 = base64::engine::general_purpose::STANDARD;
    let messages: Vec<Vec<u8>> = vec![
        [
            head(1, "text/plain; charset=utf-8", "base64"),
            b64.encode(&line).into_bytes(),
        ]
        .concat(),
        [
            head(2, "text/plain; charset=utf-8", "quoted-printable"),
            qp.into_bytes(),
        ]
        .concat(),
        [
            head(3, "text/html; charset=utf-8", "7bit"),
            html.into_bytes(),
        ]
        .concat(),
        [
            head(4, "text/plain; charset=utf-16le", "base64"),
            b64.encode(&utf16).into_bytes(),
        ]
        .concat(),
    ];
    for raw in &messages {
        let r = post_inbound(&app, raw.clone()).await;
        assert_eq!(r["outcome"], "handled", "{r}");
    }
    let raws: Vec<(Vec<u8>,)> = sqlx::query_as("SELECT raw FROM inbound ORDER BY id")
        .fetch_all(&master.store.pool)
        .await
        .unwrap();
    assert_eq!(raws.len(), 4);
    for ((stored,), sent) in raws.iter().zip(&messages) {
        let text = String::from_utf8_lossy(stored);
        // Read back every way the message wrote it: no key in any.
        let parsed = mail_parser::MessageParser::default().parse(stored).unwrap();
        let decoded: String = (0..parsed.text_body_count())
            .filter_map(|i| parsed.body_text(i).map(|t| t.to_string()))
            .collect();
        for seen in [text.to_string(), decoded] {
            assert!(!seen.contains(&g.key), "a key stored: {seen}");
            assert!(!seen.contains(b), "a part of a key stored: {seen}");
        }
        let body = &sent[common_prefix(sent)..];
        assert!(
            !stored
                .windows(body.len().min(40))
                .any(|w| w == &body[..body.len().min(40)]),
            "the encoded body was kept as it came"
        );
        assert!(text.contains("signon Ann [key]"), "{text}");
    }
    // A key only in a link's address, in base64 HTML: in no line of the text as read, but in
    // the part, and so masked there too.
    let link = [
        head(5, "text/html; charset=utf-8", "base64"),
        b64.encode(format!(
            "<div>hello</div><a href=\"http://x.test/play/1-{}\">my page</a>",
            g.key
        ))
        .into_bytes(),
    ]
    .concat();
    let r = post_inbound(&app, link).await;
    assert_eq!(r["outcome"], "bad_key", "{r}");
    let (stored,): (Vec<u8>,) = sqlx::query_as("SELECT raw FROM inbound ORDER BY id DESC LIMIT 1")
        .fetch_one(&master.store.pool)
        .await
        .unwrap();
    let text = String::from_utf8_lossy(&stored);
    assert!(
        !text.contains(&g.key) && !text.contains(&b64.encode(&g.key)[..20]),
        "{text}"
    );
    assert!(text.contains("/play/1-[key]"), "{text}");
    app.stop().await;
}

/// Where a raw message's body begins (after its header's empty line).
fn common_prefix(raw: &[u8]) -> usize {
    raw.windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(0, |i| i + 4)
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit_and_spoofing_gains_nothing()
{
    use polysleuth::web::admission::{proxies, CreateGames};
    let make = |app: &TestApp, i: usize, forwarded: &str| {
        let mut body = common::api_body(&["Ann", "Ben", "Cleo"], json!({}));
        body["gm_email"] = json!(format!("gm{i}@example.org"));
        let request = app
            .client
            .post(app.url("/api/games"))
            .header("X-Forwarded-For", forwarded.to_string())
            .json(&body);
        async move { request.send().await.unwrap().status().as_u16() }
    };
    // Behind the proxy at 127.0.0.1: the forwarded client counts.
    let dir = common::tempdir("proxy");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| {
        o.create_games = CreateGames::Confirmed;
        o.trusted_proxies = proxies(&["127.0.0.1".into()]).unwrap();
    })
    .await;
    for i in 0..10 {
        assert_eq!(make(&app, i, "203.0.113.1").await, 201);
    }
    assert_eq!(
        make(&app, 10, "203.0.113.1").await,
        429,
        "one client's ten games"
    );
    // A client that writes its own entry to the left is still known by the proxy's.
    assert_eq!(make(&app, 11, "198.51.100.7, 203.0.113.1").await, 429);
    // Another client, through the same proxy, has its own hour.
    assert_eq!(make(&app, 12, "203.0.113.2").await, 201);
    app.stop().await;

    // With no trusted proxy the header is the client's own words: ignored.
    let dir = common::tempdir("no-proxy");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| o.create_games = CreateGames::Confirmed).await;
    let mut statuses = Vec::new();
    for i in 0..11 {
        statuses.push(make(&app, i, &format!("203.0.113.{}", i + 1)).await);
    }
    assert_eq!(statuses.last(), Some(&429), "{statuses:?}");
    app.stop().await;
    assert!(proxies(&["10.0.0.0/8".into(), "::1".into()]).is_ok());
    assert!(proxies(&["ten".into()])
        .unwrap_err()
        .contains("--trusted-proxy \"ten\""));
}

#[tokio::test]
async fn four_resolves_of_round_one_at_once_close_round_one_only_and_a_double_click_skips_one_turn()
{
    let mut app = TestApp::spawn().await;
    let (id, _links, gm) = app
        .create_game(&common::game_body(&["Ann", "Ben", "Cleo"], None, json!({})))
        .await;
    let actions = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let body = json!({"action": "resolve", "round": 1});
    let posts = (0..4).map(|_| app.post_json(&actions, &body));
    let statuses: Vec<u16> = futures_util::future::join_all(posts)
        .await
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        1,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 409).count(),
        3,
        "{statuses:?}"
    );
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(g["round"], 2, "only round 1 closed");
    // The game master's page carries the round it shows.
    let (_, page) = app.get_text(&gm).await;
    assert!(page.contains("name=\"round\" value=\"2\""), "{page}");

    // Classic Sleuth: the page's "end the turn now", clicked twice, ends one turn.
    let players = [
        "Ann <ann@example.org>",
        "Ben <ben@example.org>",
        "Cleo <cleo@example.org>",
    ];
    let (status, created) = app
        .post_json(
            "/api/games",
            &json!({"name": "Twice", "gm_email": "gm@example.org", "ruleset": "sleuth",
                    "players": players}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let cid = created["id"].as_i64().unwrap();
    let cgm = path_of(created["gm_link"].as_str().unwrap()).replacen("/gm/", "/classic/gm/", 1);
    let table_path = format!("/api/classic/games/{cid}");
    let first = app.get_json(&table_path).await["current"].clone();
    let (_, page) = app.get_text(&cgm).await;
    let csrf = page
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap()
        .to_string();
    let turn = page
        .split("name=\"round\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap()
        .to_string();
    let click = || {
        app.client
            .post(app.url(&cgm))
            .form(&[
                ("csrf", csrf.as_str()),
                ("round", turn.as_str()),
                ("action", "resolve"),
            ])
            .send()
    };
    let (a, b) = futures_util::future::join(click(), click()).await;
    let pages = [
        a.unwrap().text().await.unwrap(),
        b.unwrap().text().await.unwrap(),
    ];
    assert!(
        pages
            .iter()
            .any(|p| p.contains("is already over: nothing was done")),
        "the second click is refused"
    );
    let after = app.get_json(&table_path).await;
    let seats = ["Ann", "Ben", "Cleo"];
    let next = seats[(seats.iter().position(|s| *s == first).unwrap() + 1) % 3];
    assert_eq!(after["current"], next, "one turn ended, not two: {after}");
    app.stop().await;
}

/// A game made on the web that waits for its game master says where the game master's mail
/// went, and that the players' links are mailed when the game starts — not that they were.
#[tokio::test]
async fn a_waiting_games_page_names_the_game_masters_address_and_says_players_are_mailed_at_the_start(
) {
    use crate::common::csrf;
    use crate::web_pages::post_form;
    use polysleuth::web::admission::CreateGames;
    let dir = common::tempdir("waiting-page");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| o.create_games = CreateGames::Confirmed).await;
    let (_, form) = app.get_text("/games/new").await;
    let token = csrf(&form);
    let mut fields = vec![
        ("csrf", token.as_str()),
        ("name", "Waiting game"),
        ("gm_email", "keeper@example.org"),
        ("round_hours", "24"),
    ];
    fields.extend(common::THREE_PLAYERS);
    let (status, page) = post_form(&app, "/games/new", &fields).await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("went to keeper@example.org"), "{page}");
    assert!(
        page.contains("will be mailed to that player alone when the game starts"),
        "{page}"
    );
    assert!(
        !page.contains("it was mailed to that player alone"),
        "{page}"
    );
    let stranger = [("gm_email", "gm@stranger"), ("csrf", token.as_str())];
    let (status, refused) = post_form(&app, "/games/new", &stranger).await;
    assert_eq!(status, 422);
    assert!(
        refused.contains("is not a domain on the internet"),
        "{refused}"
    );
    app.stop().await;
}
