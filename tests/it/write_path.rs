//! The group-commit write path: every acknowledged turn is stored exactly once, revisions by
//! one player keep their order, and a batch that cannot commit fails every request in it.

use crate::common;

use common::{game_body, TestApp};
use serde_json::{json, Value};

async fn games(app: &TestApp, n: usize) -> Vec<(String, String)> {
    let names = ["Ann", "Ben", "Cleo", "Dan"];
    let mut players = Vec::new();
    for i in 0..n {
        let (st, created) = app
            .post_game(&game_body(
                &names,
                None,
                json!({"seed": i, "reminder_hours": ""}),
            ))
            .await;
        assert_eq!(st, 201);
        for (k, link) in app.player_links(&created).await.into_iter().enumerate() {
            players.push((link, names[(k + 1) % 4].to_string()));
        }
    }
    players
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_acknowledged_turn_is_stored_once_in_order() {
    let app = TestApp::spawn().await;
    let players = games(&app, 3).await;
    let app = std::sync::Arc::new(app);
    let mut tasks = Vec::new();
    for (link, other) in players.clone() {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let mut revisions = Vec::new();
            for k in 0..15 {
                let (st, v) = app
                    .turn(&link, &format!("1 ({k}): {other} has how many Reds?"))
                    .await;
                assert_eq!(st, 200, "{v}");
                revisions.push(v["revision"].as_i64().unwrap());
            }
            (link, revisions)
        }));
    }
    for t in tasks {
        let (link, revisions) = t.await.unwrap();
        assert_eq!(
            revisions,
            (1..=15).collect::<Vec<i64>>(),
            "each revision once, in order"
        );
        let view = app.private_view(&link).await;
        assert_eq!(view["turn"]["revision"], 15);
        assert!(
            view["turn"]["text"]
                .as_str()
                .unwrap()
                .starts_with("1 (14):"),
            "the last one counts"
        );
    }
    let metrics = app.get_text("/metrics").await.1;
    assert!(metrics.contains("polysleuth_write_batches_total "));
    // This instance's own count: `/metrics` counts every instance of the process together.
    let batches = app.running.as_ref().unwrap().master.writer.batches();
    assert!(
        batches < 12 * 15,
        "submissions were committed in batches ({batches} transactions for 180 turns)"
    );
    // Requests are counted by their route's pattern, never by a path that holds a key (the
    // counters are the process's, shared with the other test here).
    let counted: u64 = metrics
        .lines()
        .find_map(|l| {
            l.strip_prefix(
                "polysleuth_http_requests_total{route=\"/api/play/{token}/turn\",method=\"POST\",status=\"200\"} ",
            )
        })
        .unwrap_or_else(|| panic!("no count for the turn route:\n{metrics}"))
        .parse()
        .unwrap();
    assert!(counted >= 180, "{counted} turns counted under their route");
    for (link, _) in &players {
        let key = link.rsplit('/').next().unwrap();
        assert!(!metrics.contains(key), "a key in the metrics");
    }
    let mut app = std::sync::Arc::try_unwrap(app).ok().unwrap();
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_batch_that_cannot_commit_fails_every_request_in_it() {
    let app = TestApp::spawn().await;
    let players = games(&app, 4).await;
    // A fault in the database: any turn that says "boom" makes its transaction fail.
    let store = polysleuth::store::Store::connect(&app.db).await.unwrap();
    let ddl: &[&str] = if app.db.starts_with("postgres") {
        &[
            "CREATE FUNCTION boom() RETURNS trigger AS $$ BEGIN IF NEW.text LIKE '%boom%' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql",
            "CREATE TRIGGER boom BEFORE INSERT OR UPDATE ON turns FOR EACH ROW EXECUTE FUNCTION boom()",
        ]
    } else {
        &["CREATE TRIGGER boom BEFORE INSERT ON turns WHEN NEW.text LIKE '%boom%' BEGIN SELECT RAISE(ABORT, 'boom'); END"]
    };
    for statement in ddl {
        sqlx::query(statement).execute(&store.pool).await.unwrap();
    }
    let app = std::sync::Arc::new(app);
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(players.len()));
    let mut tasks = Vec::new();
    for (i, (link, other)) in players.iter().cloned().enumerate() {
        let (app, barrier) = (app.clone(), barrier.clone());
        tasks.push(tokio::spawn(async move {
            let text = if i % 5 == 0 {
                "# boom\nready".to_string()
            } else {
                format!("1 (2): {other} has how many Reds?")
            };
            barrier.wait().await;
            let (st, v) = app.turn(&link, &text).await;
            (link, text, st, v)
        }));
    }
    let mut failed = 0;
    for t in tasks {
        let (link, text, st, v) = t.await.unwrap();
        let stored = app.private_view(&link).await["turn"].clone();
        match st {
            200 => assert_eq!(
                stored["text"].as_str(),
                Some(text.as_str()),
                "an acknowledged turn is stored"
            ),
            503 => {
                failed += 1;
                assert!(
                    v["error"]
                        .as_str()
                        .unwrap()
                        .contains("nothing of it was stored, please send it again"),
                    "{v}"
                );
                assert_eq!(stored, Value::Null, "a failed request stored nothing");
            }
            other => panic!("unexpected status {other}: {v}"),
        }
        assert!(
            !(text.contains("boom") && st == 200),
            "a poisoned turn cannot be acknowledged"
        );
    }
    assert!(
        failed >= players.len() / 5,
        "every poisoned request failed ({failed})"
    );
    let mut app = std::sync::Arc::try_unwrap(app).ok().unwrap();
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_players_submissions_at_once_are_numbered_in_order_and_the_last_stays() {
    let app = std::sync::Arc::new(TestApp::spawn().await);
    let players = games(&app, 1).await;
    let (link, other) = players[0].clone();
    // Sent together, so several land in one batch; one of them is not a valid turn.
    let sends = (0..12).map(|k| {
        let app = app.clone();
        let link = link.clone();
        let text = if k == 6 {
            "1 (1): Nobody has how many Reds?".to_string()
        } else {
            format!("1 ({k}): {other} has how many Reds?")
        };
        tokio::spawn(async move { app.turn(&link, &text).await })
    });
    let mut accepted = Vec::new();
    let mut kept = None;
    for send in sends {
        let (status, v) = send.await.unwrap();
        match status {
            200 => accepted.push((
                v["revision"].as_i64().unwrap(),
                v["text"].as_str().unwrap().to_string(),
            )),
            422 => kept = Some(v["kept"].clone()),
            _ => panic!("{status} {v}"),
        }
    }
    accepted.sort();
    let revisions: Vec<i64> = accepted.iter().map(|(r, _)| *r).collect();
    assert_eq!(
        revisions,
        (1..=11).collect::<Vec<_>>(),
        "each revision once"
    );
    // The rejected one reports the turn in force when it came: none yet, or an accepted one.
    let kept = kept.expect("the invalid turn was rejected");
    assert!(
        kept.is_null() || accepted.iter().any(|(_, t)| kept == t.as_str()),
        "kept {kept}"
    );
    let view = app.private_view(&link).await;
    assert_eq!(view["turn"]["revision"], 11);
    assert_eq!(
        view["turn"]["text"],
        accepted[10].1.as_str(),
        "the last one counts"
    );
}

/// The confirmation mails of one address with the given subject ending.
fn mails_to(app: &TestApp, address: &str, what: &str) -> Vec<String> {
    app.mails()
        .into_iter()
        .filter(|m| m.contains(address) && m.contains(what))
        .collect()
}

async fn wait_for_mails(app: &TestApp, address: &str, what: &str, n: usize) -> Vec<String> {
    let start = std::time::Instant::now();
    loop {
        let found = mails_to(app, address, what);
        if found.len() >= n || start.elapsed() > std::time::Duration::from_secs(10) {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn web_changes_to_a_turn_are_confirmed_in_one_mail_sent_before_the_round_closes() {
    let dir = common::tempdir("web-confirm");
    let db = common::database_url(&dir).await;
    // Far longer than the test: only the round's end can send the waiting confirmation.
    let mut app = TestApp::spawn_with(dir, db, |o| {
        o.web_confirm_after = std::time::Duration::from_secs(600)
    })
    .await;
    let names = ["Ann", "Ben", "Cleo", "Dan"];
    let (game, links, _) = app
        .create_game(&game_body(&names, None, json!({"reminder_hours": ""})))
        .await;
    for k in 1..=3 {
        let (st, v) = app
            .turn(&links[0], &format!("1 ({k}): Ben has how many Reds?"))
            .await;
        assert_eq!(st, 200, "{v}");
    }
    let (st, _) = app
        .turn(&links[0], "1 (1): Nobody has how many Reds?")
        .await;
    assert_eq!(st, 422);
    let (st, v) = app
        .turn(&links[0], "1 (4): Ben has how many Green Pearls?\nready")
        .await;
    assert_eq!(st, 200, "{v}");
    // Mail about anything else still goes out at once.
    let welcomes = wait_for_mails(&app, "ann@example.org", "welcome", 1).await;
    assert!(!welcomes.is_empty(), "the welcome mail went out");
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    assert!(
        mails_to(&app, "ann@example.org", "turn accepted").is_empty()
            && mails_to(&app, "ann@example.org", "turn has ERRORS").is_empty(),
        "the confirmation waits for more changes"
    );
    for (k, link) in links.iter().enumerate().skip(1) {
        let other = names[(k + 1) % 4];
        let (st, v) = app
            .turn(link, &format!("1 (2): {other} has how many Reds?\nready"))
            .await;
        assert_eq!(st, 200, "{v}");
    }
    app.wait_for_round(game, 1).await;
    let confirmations = wait_for_mails(&app, "ann@example.org", "turn accepted", 1).await;
    assert_eq!(
        confirmations.len(),
        1,
        "five changes on the web, one confirmation"
    );
    let mail = &confirmations[0];
    assert!(
        mail.contains("Green Pearls") && !mail.contains("1 (3)"),
        "it shows the turn in force:\n{mail}"
    );
    for name in &names[1..] {
        let address = format!("{}@example.org", name.to_lowercase());
        assert_eq!(
            wait_for_mails(&app, &address, "turn accepted", 1)
                .await
                .len(),
            1,
            "{name}'s confirmation went out with the round"
        );
    }
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_web_change_after_its_confirmation_went_out_gets_a_new_one() {
    let dir = common::tempdir("web-confirm-again");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| {
        o.web_confirm_after = std::time::Duration::from_secs(1)
    })
    .await;
    let names = ["Ann", "Ben", "Cleo", "Dan"];
    let (_, links, _) = app
        .create_game(&game_body(&names, None, json!({"reminder_hours": ""})))
        .await;
    let (st, _) = app.turn(&links[0], "1 (1): Ben has how many Reds?").await;
    assert_eq!(st, 200);
    let first = wait_for_mails(&app, "ann@example.org", "turn accepted", 1).await;
    assert_eq!(first.len(), 1, "the confirmation went out after its wait");
    assert!(first[0].contains("1 (1): Ben has how many Reds?"));
    let (st, _) = app.turn(&links[0], "1 (2): Ben has how many Blues?").await;
    assert_eq!(st, 200);
    let both = wait_for_mails(&app, "ann@example.org", "turn accepted", 2).await;
    assert_eq!(both.len(), 2, "a change after the mail gets its own");
    assert!(both.iter().any(|m| m.contains("Blues")));
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn stopping_the_service_with_turns_in_flight_keeps_every_acknowledged_turn() {
    let dir = common::tempdir("stop-mid-batch");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_on(dir.clone(), db.clone()).await;
    let players = games(&app, 2).await;
    // Turns in flight while the service stops: its writer may be stopped inside a batch.
    let mut sends = Vec::new();
    for (p, (link, other)) in players.iter().enumerate() {
        for k in 0..6 {
            let path = link.replacen("/play/", "/api/play/", 1) + "/turn";
            let request = app
                .client
                .post(app.url(&path))
                .header("content-type", "text/plain")
                .body(format!("1 ({k}): {other} has how many Reds?"));
            sends.push(tokio::spawn(async move {
                let answer = request.send().await.ok()?;
                let ok = answer.status() == 200;
                let v: Value = answer.json().await.ok()?;
                ok.then(|| (p, v["revision"].as_i64().unwrap()))
            }));
        }
    }
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    app.stop().await;
    let mut acknowledged = vec![0; players.len()];
    for send in sends {
        if let Ok(Some((p, revision))) = send.await {
            acknowledged[p] = acknowledged[p].max(revision);
        }
    }
    // A new start on the same database has every acknowledged turn and takes more.
    let mut again = TestApp::spawn_on(dir, db).await;
    for (p, (link, _)) in players.iter().enumerate() {
        let stored = again.private_view(link).await["turn"]["revision"]
            .as_i64()
            .unwrap_or(0);
        assert!(
            stored >= acknowledged[p],
            "revision {} was acknowledged, {stored} is stored",
            acknowledged[p]
        );
    }
    let (link, other) = &players[0];
    let (status, v) = again
        .turn(link, &format!("1 (9): {other} has how many Blues?"))
        .await;
    assert_eq!(status, 200, "{v}");
    let view = again.private_view(link).await;
    assert!(view["turn"]["text"].as_str().unwrap().contains("Blues"));
    again.stop().await;
}

/// The two connections the writer may hold run the same batch code: the same jobs on two
/// identical games in one SQLite file, one game through the writer's own connection and the
/// other through the pool, give the same answers and store the same rows.
#[tokio::test]
async fn both_connections_store_the_same_jobs_the_same_way() {
    use polysleuth::games::polysleuth::service::{self, model::TurnReply};
    use polysleuth::master::{GameRequest, Master};
    use polysleuth::model::Via;
    use polysleuth::writer::Writer;

    let file = std::env::temp_dir().join(format!(
        "polysleuth-paths-{}-{}.db",
        std::process::id(),
        polysleuth::clock::now()
    ));
    let store = polysleuth::store::Store::connect(file.to_str().unwrap())
        .await
        .unwrap();
    let site = polysleuth::app::site(&store, "http://paths.test", "GM <gm@paths.test>")
        .await
        .unwrap();
    // Web confirmations are due at once, so every mail of the jobs can be claimed.
    let kept = service::keep(&site, 0);
    let pooled = Writer::inline(&store, kept.rounds.clone());
    let (direct, task) = Writer::start(&store, kept.rounds.clone()).unwrap();
    let master = Master::new(
        store.clone(),
        site,
        pooled.clone(),
        polysleuth::games::tables(),
        vec![kept.part],
    );
    let mut ids = Vec::new();
    for _ in 0..2 {
        let request = GameRequest::sample("Paths", ["Ann", "Ben", "Cleo", "Dan"], Some(11));
        ids.push(master.create_game(request).await.unwrap().id);
    }

    let mut answers = Vec::new();
    for (writer, game) in [(&direct, ids[0]), (&pooled, ids[1])] {
        let players = store.players(&store.pool, game).await.unwrap();
        let mut said = Vec::new();
        let jobs = [
            (0, "1 (3): Ben has how many Reds?", Via::Web),
            (1, "1: Zed has 2 Red Opal", Via::Web),
            (
                1,
                "ready",
                Via::Mail {
                    ignored: 2,
                    inbound: None,
                },
            ),
            (0, "1 (4): Ben has how many Reds?\nready", Via::Web),
            (2, "ready", Via::Web),
            (3, "done", Via::Web),
        ];
        for (seat, text, via) in jobs {
            let reply = writer
                .submit(&players[seat], text, via, None)
                .await
                .unwrap();
            let reply = reply.downcast::<TurnReply>().expect("Polysleuth's reply");
            said.push(serde_json::to_value(&*reply).unwrap());
        }
        let inbound = writer
            .store_inbound(format!("raw {game}").as_bytes(), &format!("key {game}"))
            .await
            .unwrap();
        let again = writer
            .store_inbound(format!("raw {game}").as_bytes(), &format!("key {game}"))
            .await
            .unwrap();
        said.push(json!([inbound.is_some(), again.is_some()]));
        let row = store.game(&store.pool, game).await.unwrap().unwrap();
        said.push(json!(row.close_at.is_some()));
        let turns: Vec<Value> = store
            .turns(&store.pool, game, 1)
            .await
            .unwrap()
            .into_iter()
            .map(|t| json!([t.seat, t.text, t.ready, t.revision]))
            .collect();
        said.push(json!(turns));
        answers.push(said);
    }
    assert_eq!(
        answers[0], answers[1],
        "the writer's own connection and the pool answer and store alike"
    );
    assert!(
        answers[0][1]["errors"][0]["text"]
            .as_str()
            .unwrap_or_default()
            .contains("Zed"),
        "the comparison covers a rejected turn: {}",
        answers[0][1]
    );

    // Mail queued by both paths is claimed and marked sent by both alike.
    let claimed_direct = direct.claim_mail(60, 1_000).await.unwrap();
    assert!(!claimed_direct.is_empty());
    assert!(pooled.claim_mail(60, 1_000).await.unwrap().is_empty());
    let subjects = |game: i64| -> Vec<String> {
        let mut s: Vec<String> = claimed_direct
            .iter()
            .filter(|m| m.game_id == Some(game))
            .map(|m| m.subject.replace(&format!("game {game}"), "game N"))
            .collect();
        s.sort();
        s
    };
    assert_eq!(subjects(ids[0]), subjects(ids[1]));
    direct
        .mails_sent(claimed_direct.iter().map(|m| m.id).collect())
        .await
        .unwrap();
    assert_eq!(store.unsent_mail_count().await.unwrap(), 0);
    task.abort();
    let _ = std::fs::remove_file(&file);
}
