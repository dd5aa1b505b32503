//! Raw messages shaped as real mail clients send them (`tests/mail/*.eml`), each with its
//! expected outcome beside it (`*.json`), fed through the real mail doors.

use crate::common;

use std::path::PathBuf;
use std::time::Duration;

use common::csrf;
use common::down::{Deadline, Down};
use common::mail::{header, replace_bytes, settle, start};
use common::{game_body, TestApp};
use serde_json::{json, Value};

async fn post_mail(app: &TestApp, raw: Vec<u8>, secret: &str) -> (u16, Value) {
    let r = app
        .client
        .post(app.url("/inbound/mail"))
        .header("x-polysleuth-secret", secret)
        .body(raw)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn every_fixture_has_its_expected_outcome() {
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/mail");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .collect();
    names.sort();
    assert!(names.len() >= 12);
    for path in names {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let expected: Value =
            serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
                .unwrap();
        let raw = std::fs::read(&path).unwrap();
        let raw = replace_bytes(
            &raw,
            &[
                (
                    "{REPLY_ELSEWHERE}",
                    &g.reply.replace("@polysleuth.test", "@evil.example"),
                ),
                ("{REPLY}", &g.reply),
                ("{ANN_KEY}", &g.key),
                ("{ANN_ID}", &g.ann_id),
            ],
        );
        let before = app.mails().len();
        let (status, answer) = post_mail(&app, raw, "test-inbound-secret").await;
        assert_eq!(status, 200, "{name}: {answer}");
        let outcome = answer["outcome"].as_str().unwrap().replace('_', " ");
        match expected.get("outcome_any") {
            Some(any) => assert!(
                any.as_array().unwrap().iter().any(|o| o == &outcome),
                "{name}: {outcome}"
            ),
            None => assert_eq!(outcome, expected["outcome"].as_str().unwrap(), "{name}"),
        }
        settle(&app).await;
        let new: Vec<String> = app.mails()[before..].to_vec();
        let mut to: Vec<String> = new
            .iter()
            .map(|m| header(m, "To").unwrap().trim().to_string())
            .collect();
        to.sort();
        assert_eq!(
            to,
            expected["replies"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect::<Vec<_>>(),
            "{name}: replies"
        );
        for m in &new {
            let unfolded = m.replace("=\r\n", "").replace("=\n", "");
            if let Some(subject) = expected.get("reply_subject") {
                assert!(
                    header(m, "Subject")
                        .unwrap()
                        .contains(subject.as_str().unwrap()),
                    "{name}: {m}"
                );
            }
            for want in expected
                .get("reply_contains")
                .and_then(|v| v.as_array())
                .into_iter()
                .flatten()
            {
                assert!(
                    unfolded.contains(want.as_str().unwrap()),
                    "{name}: {want} missing in {unfolded}"
                );
            }
            assert_eq!(
                header(m, "Auto-Submitted"),
                Some("auto-generated"),
                "{name}: our mail is marked automatic"
            );
        }
        let view = app.private_view(&g.ann).await;
        let turn = view["turn"]["text"].as_str().unwrap_or("").to_string();
        if let Some(t) = expected.get("turn") {
            assert_eq!(turn, t.as_str().unwrap(), "{name}: stored turn");
        }
        if let Some(lines) = expected.get("turn_lines") {
            let got: Vec<&str> = turn
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            assert_eq!(
                got,
                lines
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|l| l.as_str().unwrap())
                    .collect::<Vec<_>>(),
                "{name}"
            );
        }
    }
    // The guessed token is counted on the GM page; the forged From named no game.
    let gm = app.get_json(&format!("/api/gm/{}", g.gm)).await;
    assert_eq!(gm["refused_mail"], 1);
    let (_, page) = app.get_text(&format!("/gm/{}", g.gm)).await;
    assert!(page.contains(
        "1 mail(s) claiming to be from a player of this game had a wrong or missing key"
    ));
    app.stop().await;
}

#[tokio::test]
async fn limits_loops_and_the_secret() {
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    // The webhook wants its secret.
    let (status, _) = post_mail(&app, b"From: a@b\r\n\r\nhi".to_vec(), "wrong").await;
    assert_eq!(status, 401);
    // Too many command lines: refused whole with a clear reply.
    let mut body = String::new();
    for i in 0..501 {
        body.push_str(&format!("# note {i}\n"));
        body.push_str("1 (0): Ben has how many Reds?\n");
    }
    let raw = format!(
        "From: ann@example.org\nTo: {}\nSubject: t\n\n{body}",
        g.reply
    );
    let before = app.mails().len();
    let (_, answer) = post_mail(&app, raw.into_bytes(), "test-inbound-secret").await;
    assert_eq!(answer["outcome"], "refused");
    settle(&app).await;
    let reply = &app.mails()[before];
    assert!(reply.contains("501 command lines"), "{reply}");
    // Too large: refused with a reply too.
    let raw = format!(
        "From: ann@example.org\nTo: {}\nSubject: t\n\n1: Ben has 2 Blue Opal\n{}",
        g.reply,
        "x".repeat(1100 * 1024)
    );
    let (_, answer) = post_mail(&app, raw.into_bytes(), "test-inbound-secret").await;
    assert_eq!(answer["outcome"], "refused");
    settle(&app).await;
    assert!(app.mails().last().unwrap().contains("at most 1024 KiB"));
    assert_eq!(
        app.private_view(&g.ann).await["turn"],
        Value::Null,
        "nothing changed"
    );
    // Our own mail coming back is never answered.
    let own = app.mails().last().unwrap().clone();
    let before = app.mails().len();
    let (_, answer) = post_mail(&app, own.into_bytes(), "test-inbound-secret").await;
    assert_eq!(answer["outcome"], "automatic");
    settle(&app).await;
    assert_eq!(app.mails().len(), before);
    app.stop().await;
}

/// The public page's form asking that `email` follow game `id`: its status and page.
async fn observe(app: &TestApp, id: i64, csrf: &str, email: &str) -> (u16, String) {
    let r = (app.client.post(app.url(&format!("/games/{id}/observe"))))
        .form(&[("csrf", csrf), ("email", email)])
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

async fn pipe_owned(db: String, raw: String) -> std::process::Output {
    common::mail::pipe(&db, raw.into_bytes()).await
}

#[tokio::test]
async fn the_mta_pipe_exits_0_when_handled_and_75_when_it_cannot_store() {
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    let raw = format!(
        "From: ann@example.org\nTo: {}\nSubject: t\n\n1: Ben has 2 Blue Opal\n",
        g.reply
    );
    let run = |db: String, raw: String| pipe_owned(db, raw);
    let out = run(app.db.clone(), raw.clone()).await;
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("handled"));
    assert_eq!(
        app.private_view(&g.ann).await["turn"]["text"],
        "1: Ben has 2 Blue Opal"
    );
    let out = run(
        app.dir.join("no/such/folder/x.db").display().to_string(),
        raw,
    )
    .await;
    assert_eq!(
        out.status.code(),
        Some(75),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    app.stop().await;
}

#[tokio::test]
async fn a_turn_mailed_after_the_rounds_deadline_is_refused_even_while_the_service_is_down() {
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    let (s, reply) = app.turn(&g.ann, "1: Ben has 3 Red Opal").await;
    assert_eq!(s, 200, "{reply}");
    // The service stops; the round's deadline passes before it is back (the only game).
    app.stop().await;
    let down = Down::open(&app.db).await;
    sqlx::query("UPDATE games SET deadline = $1")
        .bind(polysleuth::clock::now() - 60)
        .execute(&down.store.pool)
        .await
        .unwrap();
    // A changed turn, then a withdrawal: neither is carried out.
    for (n, text) in [(1, "1: Ben has 2 Blue Opal"), (2, "clear")] {
        let raw = format!(
            "From: ann@example.org\nTo: {}\nSubject: t\nMessage-ID: <late-{n}@example.org>\n\n{text}\n",
            g.reply
        );
        down.pipe(raw.into_bytes()).await;
    }
    let turns: Vec<(String,)> = sqlx::query_as("SELECT text FROM turns")
        .fetch_all(&down.store.pool)
        .await
        .unwrap();
    assert_eq!(
        turns,
        vec![("1: Ben has 3 Red Opal".to_string(),)],
        "the turn sent in time stands"
    );
    let answers = down.unsent().await;
    let told = (answers.iter())
        .filter(|(to, body)| to == "ann@example.org" && body.contains("has passed its deadline"))
        .count();
    assert_eq!(told, 2, "Ann is told why, each time: {answers:?}");
}

#[tokio::test]
async fn reminders_go_to_players_with_no_turn_and_observers_get_bulletins_only() {
    let mut app = TestApp::spawn().await;
    let soon = polysleuth::clock::now() + 90 * 60;
    let (status, created) = app
        .post_game(&game_body(
            &["Ann", "Ben", "Cleo"],
            None,
            json!({"first_deadline": soon, "reminder_hours": ""}),
        ))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let ann = app.player_links(&created).await.remove(0);
    let gm = common::path_of(created["gm_link"].as_str().unwrap()).replacen("/gm/", "/api/gm/", 1);
    app.turn(&ann, "").await;

    // An observer follows the game from its public page.
    let (_, page) = app.get_text(&format!("/games/{id}")).await;
    let csrf = csrf(&page);
    let (_, said) = observe(&app, id, &csrf, "fan@example.net").await;
    assert!(said.contains("a mail with a link to confirm was sent to it"));
    settle(&app).await;
    // Double opt-in: the address gets one request, and nothing else until it confirms.
    let request = app
        .mails()
        .into_iter()
        .find(|m| m.contains("To: fan@example.net"))
        .unwrap()
        .replace("=\r\n", "")
        .replace("=\n", "");
    let confirm = request
        .lines()
        .find(|l| l.contains("/confirm"))
        .unwrap()
        .trim()
        .to_string();
    let (_, form) = app.get_text(&confirm).await;
    assert!(
        form.contains("Send me the bulletins"),
        "opening the link confirms nothing"
    );
    let at = form.find("name=\"csrf\" value=\"").unwrap() + 19;
    let csrf = form[at..at + 32].to_string();
    let r = app
        .client
        .post(&confirm)
        .form(&[("csrf", csrf.as_str())])
        .send()
        .await
        .unwrap();
    assert!(r
        .text()
        .await
        .unwrap()
        .contains("will receive the bulletins"));
    // Asking again for a confirmed address answers as for any address: the page tells no
    // one who follows the game, and no mail goes out.
    let mails = app.mails().len();
    let (_, again) = observe(&app, id, &csrf, "fan@example.net").await;
    assert!(
        again.contains("a mail with a link to confirm was sent to it")
            && !again.contains("already"),
        "{again}"
    );
    settle(&app).await;
    assert_eq!(app.mails().len(), mails);
    let before = app.mails().len();

    // The GM asks for reminders 24 and 2 hours ahead: both are due, one mail each, not Ann.
    let (st, v) = app
        .post_json(
            &format!("{gm}/actions"),
            &json!({"action": "reminders", "reminder_hours": "24,2"}),
        )
        .await;
    assert_eq!(st, 200, "{v}");
    tokio::time::sleep(Duration::from_millis(400)).await;
    settle(&app).await;
    let mails = app.mails();
    let reminders: Vec<&String> = mails[before..]
        .iter()
        .filter(|m| m.contains("reminder: no turn from you yet"))
        .collect();
    let mut to: Vec<&str> = reminders
        .iter()
        .map(|m| header(m, "To").unwrap().trim())
        .collect();
    to.sort();
    assert_eq!(to, ["ben@example.org", "cleo@example.org"]);
    tokio::time::sleep(Duration::from_millis(300)).await;
    settle(&app).await;
    assert_eq!(
        app.mails()
            .iter()
            .filter(|m| m.contains("reminder: no turn"))
            .count(),
        2,
        "each reminder is sent once"
    );

    // The round is resolved: the observer gets the public bulletin, no private part.
    let (st, _) = app
        .post_json(&format!("{gm}/actions"), &json!({"action": "resolve"}))
        .await;
    assert_eq!(st, 200);
    settle(&app).await;
    let mails = app.mails();
    let fan: Vec<&String> = mails
        .iter()
        .filter(|m| m.contains("To: fan@example.net"))
        .collect();
    assert_eq!(fan.len(), 2, "a confirmation and one bulletin");
    let bulletin = fan[1].replace("=\r\n", "").replace("=\n", "");
    assert!(
        bulletin.contains("bulletin of round 1") && !bulletin.contains("ONLY"),
        "{bulletin}"
    );
    let stop = bulletin
        .lines()
        .find(|l| l.trim_start().starts_with("http") && l.contains("/observe/"))
        .unwrap()
        .trim()
        .to_string();
    // A subscription carries a one-click unsubscribe (RFC 8058), which needs no form.
    assert_eq!(
        header(&bulletin, "List-Unsubscribe"),
        Some(format!("<{stop}>").as_str())
    );
    assert_eq!(
        header(&bulletin, "List-Unsubscribe-Post"),
        Some("List-Unsubscribe=One-Click")
    );
    let r = app
        .client
        .post(&stop)
        .form(&[("List-Unsubscribe", "One-Click")])
        .send()
        .await
        .unwrap();
    assert!(r
        .text()
        .await
        .unwrap()
        .contains("will receive no more bulletins"));
    app.stop().await;
}

#[tokio::test]
async fn one_address_asking_to_follow_many_games_at_once_is_sent_at_most_the_cap_of_requests() {
    let mut app = TestApp::spawn().await;
    let mut games = Vec::new();
    for n in 0..8 {
        let (status, created) = app
            .post_game(&game_body(
                &["Ann", "Ben", "Cleo"],
                None,
                json!({"name": format!("Followed {n}")}),
            ))
            .await;
        assert_eq!(status, 201, "{created}");
        games.push(created["id"].as_i64().unwrap());
    }
    let (_, page) = app.get_text(&format!("/games/{}", games[0])).await;
    let csrf = csrf(&page);
    // Eight requests for eight games, all at once, for one inbox written eight ways.
    let spellings: Vec<String> = (0..8)
        .map(|n| match n {
            0 => "fan@example.net".to_string(),
            _ => format!("Fan+{n}@example.net"),
        })
        .collect();
    let asks = (games.iter().zip(&spellings)).map(|(id, email)| observe(&app, *id, &csrf, email));
    let answers = futures_util::future::join_all(asks).await;
    for (status, page) in &answers {
        assert_eq!(*status, 200, "{page}");
        assert!(
            page.contains("a mail with a link to confirm was sent to it"),
            "every request is answered alike: {page}"
        );
    }
    settle(&app).await;
    let requests = (app.mails().iter())
        .filter(|m| spellings.iter().any(|e| m.contains(&format!("To: {e}"))))
        .count();
    assert_eq!(
        requests,
        polysleuth::master::MAX_UNCONFIRMED_SUBSCRIPTIONS as usize,
        "the cap holds however many ask at once"
    );
    app.stop().await;
}

#[tokio::test]
async fn an_absence_mailed_after_the_rounds_deadline_is_refused_and_the_missed_round_stays_missed()
{
    let mut app = TestApp::spawn().await;
    let (id, reply_to) = absences_allowed(&app).await;
    // The service stops; the round's deadline passes; Ann mails her absence after it.
    app.stop().await;
    let down = Down::open(&app.db).await;
    down.deadline_passed(id, Deadline::Round).await;
    let raw = format!(
        "From: ann@example.org\nTo: {reply_to}\nSubject: away\nMessage-ID: <away-late@example.org>\n\naway 1\n"
    );
    down.pipe(raw.into_bytes()).await;
    let (away,): (Option<i64>,) =
        sqlx::query_as("SELECT away_until FROM players WHERE game_id = $1 AND seat = 0")
            .bind(id)
            .fetch_one(&down.store.pool)
            .await
            .unwrap();
    assert_eq!(away, None, "nothing was changed");
    let why = "has passed its deadline and closes in a moment";
    assert!(
        down.told("ann@example.org", why).await,
        "Ann is told why: {:?}",
        down.unsent().await
    );
    down.close().await;
    // Back up: the round closes as one Ann sent nothing for.
    let mut app = TestApp::spawn_on(app.dir.clone(), app.db.clone()).await;
    app.wait_for_round(id, 1).await;
    let b1 = app.get_json(&format!("/api/games/{id}/rounds/1")).await;
    assert_eq!(b1["submitted"], json!(["Ben", "Cleo", "Dan"]), "{b1}");
    app.stop().await;
}

/// A game of four where a player may be away two rounds, the three others ready: its id and
/// Ann's reply address.
async fn absences_allowed(app: &TestApp) -> (i64, String) {
    let (status, created) = app
        .post_game(&common::game_body(
            &["Ann", "Ben", "Cleo", "Dan"],
            None,
            json!({"max_absence": 2}),
        ))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let links = app.player_links(&created).await;
    for link in &links[1..] {
        let (s, reply) = app.turn(link, "ready").await;
        assert_eq!(s, 200, "{reply}");
    }
    let welcome = (app.mails().into_iter())
        .find(|m| m.contains("To: ann@example.org"))
        .unwrap();
    let reply_to = common::mail::header(&welcome, "Reply-To")
        .unwrap()
        .trim()
        .to_string();
    (id, reply_to)
}

#[tokio::test]
async fn a_mail_of_many_absences_declares_the_last_one_and_is_answered_once() {
    let mut app = TestApp::spawn().await;
    let (id, reply_to) = absences_allowed(&app).await;
    settle(&app).await;
    let before = app.mails().len();
    let lines = "away 1\n".repeat(40) + "away 2\n";
    let raw = format!(
        "From: ann@example.org\r\nTo: {reply_to}\r\nSubject: away\r\nMessage-ID: <away-many@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{lines}"
    );
    let (status, answer) = post_mail(&app, raw.into_bytes(), "test-inbound-secret").await;
    assert_eq!(status, 200, "{answer}");
    settle(&app).await;
    let answers: Vec<String> = (app.mails()[before..].iter())
        .filter(|m| m.contains("To: ann@example.org") && m.contains("your absence"))
        .cloned()
        .collect();
    assert_eq!(answers.len(), 1, "{answers:?}");
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    let (away,): (Option<i64>,) =
        sqlx::query_as("SELECT away_until FROM players WHERE game_id = $1 AND seat = 0")
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(away, Some(2), "the last line stands: away rounds 1 and 2");
    app.stop().await;
}

#[tokio::test]
async fn keyless_help_goes_to_an_address_once_a_day_whatever_the_case_its_from_is_written_in() {
    let mut app = TestApp::spawn().await;
    start(&app).await;
    settle(&app).await;
    let before = app.mails().len();
    for (n, from) in ["ben@example.org", "BEN@example.org", "bEn@Example.ORG"]
        .iter()
        .enumerate()
    {
        let raw = format!(
            "From: Ben <{from}>\r\nTo: gm@polysleuth.test\r\nSubject: help\r\nMessage-ID: <help-{n}@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nhelp\r\n"
        );
        let (status, answer) = post_mail(&app, raw.into_bytes(), "test-inbound-secret").await;
        assert_eq!(status, 200, "{from}: {answer}");
    }
    settle(&app).await;
    let helps = (app.mails()[before..].iter())
        .filter(|m| m.to_lowercase().contains("to: ben@example.org"))
        .count();
    assert_eq!(helps, 1, "{:?}", &app.mails()[before..]);
    app.stop().await;
}

#[tokio::test]
async fn forged_joins_from_every_spelling_of_one_inbox_sent_at_once_bring_it_one_refusal() {
    let mut app = TestApp::spawn().await;
    start(&app).await;
    settle(&app).await;
    let before = app.mails().len();
    // One Gmail inbox, written five ways: case, `+tag`, dots, the old domain.
    let spellings = [
        "victim@gmail.com",
        "Victim+1@gmail.com",
        "v.ictim@gmail.com",
        "vic.tim+games@googlemail.com",
        "VICTIM@GMAIL.COM",
    ];
    let sends = (0..20).map(|i| {
        let from = spellings[i % spellings.len()];
        let raw = format!(
            "From: Victim <{from}>\r\nTo: gm@polysleuth.test\r\nSubject: join\r\nMessage-ID: <join-{i}@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\njoin 999999 Name{i}\r\n"
        );
        post_mail(&app, raw.into_bytes(), "test-inbound-secret")
    });
    // All at once: the day's refusal is claimed by one statement, so only one mail wins it.
    for (status, answer) in futures_util::future::join_all(sends).await {
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["outcome"], "join_refused", "{answer}");
    }
    settle(&app).await;
    let to_the_inbox = |m: &&String| {
        m.lines().any(|l| {
            let l = l.to_lowercase();
            l.starts_with("to:") && (l.contains("gmail.com") || l.contains("googlemail.com"))
        })
    };
    let mails = app.mails();
    let refusals: Vec<&String> = mails[before..].iter().filter(to_the_inbox).collect();
    assert_eq!(refusals.len(), 1, "{refusals:?}");
    assert!(
        refusals[0].contains("999999"),
        "the refusal says which game: {}",
        refusals[0]
    );
    // Another inbox is answered still.
    let raw = "From: Other <other@example.org>\r\nTo: gm@polysleuth.test\r\nSubject: join\r\nMessage-ID: <join-other@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\njoin 999999 Other\r\n";
    let (status, _) = post_mail(&app, raw.as_bytes().to_vec(), "test-inbound-secret").await;
    assert_eq!(status, 200);
    settle(&app).await;
    assert!(app.mails()[before..]
        .iter()
        .any(|m| m.contains("To: other@example.org")));
    app.stop().await;
}
