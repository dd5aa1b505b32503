//! The service end to end over HTTP: a real server on port 0 with a temporary SQLite database.

use crate::common;
use crate::common::RunAside;

use common::{game_body, scenario, TestApp};
use polysleuth::model::{ClosedBy, Resolution};
use serde_json::{json, Value};

async fn scenario_game(app: &TestApp) -> (i64, Vec<String>, String) {
    let s = scenario();
    app.create_game(&game_body(
        &["Ann", "Ben", "Cleo", "Dan"],
        Some(&s["spec"]["deal"]),
        json!({}),
    ))
    .await
}

#[tokio::test]
async fn a_round_played_over_http_matches_the_engine() {
    let mut app = TestApp::spawn().await;
    let (id, links, gm) = scenario_game(&app).await;
    let spec = scenario()["spec"].clone();
    let texts: Vec<String> = ["Ann", "Ben", "Cleo", "Dan"]
        .iter()
        .map(|p| spec["rounds"][0][p].as_str().unwrap().to_string())
        .collect();

    // Ann sends a first turn, then revises it.
    let (s, first) = app.turn(&links[0], "1: Ben has 2 Blue Opal").await;
    assert_eq!((s, first["status"].as_str()), (200, Some("accepted")));
    let (_, revised) = app.turn(&links[0], &texts[0]).await;
    assert_eq!(revised["revision"], 2);

    // Ben's first try is rejected with every error, by line; then he sends a good turn.
    let (s, rejected) = app
        .turn(
            &links[1],
            "1: Ben has 1 Red Opal\n2: Zed has 1 Red Opal\nhello",
        )
        .await;
    assert_eq!(s, 422);
    let errors = rejected["errors"].as_array().unwrap();
    assert_eq!(
        errors
            .iter()
            .map(|e| e["line"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert_eq!(rejected["kept"], Value::Null);
    app.turn(&links[1], &texts[1]).await;
    // A later rejected turn leaves the accepted one in force.
    let (s, again) = app.turn(&links[1], "1 (99): Dan has how many Reds?").await;
    assert_eq!(s, 422);
    assert_eq!(again["kept"].as_str(), Some(texts[1].as_str()));
    assert_eq!(
        app.private_view(&links[1]).await["turn"]["text"].as_str(),
        Some(texts[1].as_str())
    );

    app.turn(&links[2], &texts[2]).await;

    // The game master sees who has sent a turn, never what it says.
    let gm_view = app.get_json(&gm.replacen("/gm/", "/api/gm/", 1)).await;
    let sent: Vec<bool> = gm_view["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["sent"].as_bool().unwrap())
        .collect();
    assert_eq!(sent, [true, true, true, false]);
    assert!(!gm_view.to_string().contains("Blue Opal"));

    // Three of four ready: the round stays open.
    for (i, t) in texts.iter().enumerate().take(3) {
        app.turn(&links[i], &format!("{t}\nready")).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    assert_eq!(app.get_json(&format!("/api/games/{id}")).await["round"], 1);
    // The last one ready: the round closes (grace 0) and the scheduler resolves it.
    app.turn(&links[3], &format!("{}\nready", texts[3])).await;
    let game = app.wait_for_round(id, 1).await;
    assert_eq!(game["round"], 2);

    // The bulletin holds exactly what the rules engine computes for these turns.
    let mut replay_spec = spec.clone();
    replay_spec["rounds"] = json!([spec["rounds"][0]]);
    let engine = polysleuth::games::polysleuth::replay::run(&replay_spec.to_string()).unwrap();
    let expected = &engine["rounds"][0];
    let bulletin = app.get_json(&format!("/api/games/{id}/rounds/1")).await;
    assert_eq!(bulletin["closed_by"], "all ready");
    assert_eq!(bulletin["guesses"], expected["guesses"]);
    assert_eq!(bulletin["answers"], expected["answers"]);
    assert_eq!(bulletin["published"], expected["published"]);
    assert_eq!(bulletin["submitted"], expected["submitted"]);
    for (got, want) in bulletin["standings"]
        .as_array()
        .unwrap()
        .iter()
        .zip(expected["standings"].as_array().unwrap())
    {
        assert_eq!(got["eyes"], want["eyes"]);
        assert_eq!(
            got["half_points"].as_f64().unwrap() / 2.0,
            want["points"].as_f64().unwrap()
        );
    }
    let (status, page) = app.get_text(&format!("/games/{id}/rounds/1")).await;
    assert_eq!(status, 200);
    assert!(
        page.contains("Dan has 2 Green Diamonds (question by Ben, 7)"),
        "{page}"
    );
    assert!(page.contains("Ann has 4 Opals (question by Dan, 5: bid 3 + 2 for one trait)"));
    let (_, text) = app.get_text(&format!("/games/{id}/rounds/1.txt")).await;
    assert!(text.contains("Ann guess 2: right"));

    // The next round is open with the new balances; the reveal went to Ben alone.
    let ben = app.private_view(&links[1]).await;
    assert_eq!(ben["eyes"], 35);
    assert_eq!(ben["points"], 4.0);
    assert_eq!(ben["turn"], Value::Null);
    assert_eq!(
        ben["reveals"][0]["cards"],
        json!(["1 Green Diamond", "2 Green Diamond"])
    );
    let ann = app.private_view(&links[0]).await;
    assert_eq!(ann["eyes"], 42);
    assert_eq!(ann["reveals"], json!([]));
    assert_eq!(ann["guesses"][1]["card"], "1 Red Diamond");

    // The mails: Ben's round mail carries his reveal, nobody else's does.
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    let mails = app.mails();
    let round_mails: Vec<&String> = mails
        .iter()
        .filter(|m| m.contains("round 1] bulletin"))
        .collect();
    assert_eq!(round_mails.len(), 4, "one bulletin mail per player");
    for m in &round_mails {
        let unfolded = m.replace("=\r\n", "").replace("=\n", "");
        assert_eq!(
            unfolded.contains("1 Green Diamond, "),
            m.contains("To: ben@example.org")
        );
    }
    app.stop().await;
}

#[tokio::test]
async fn a_deadline_missed_while_the_service_was_down_is_resolved_at_start() {
    let dir = common::tempdir("down");
    let db = common::database_url(&dir).await;
    // Create the game with the command line while no service runs, with a 2-second round.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args([
            "game",
            "new",
            "--database-url",
            &db,
            "--round-hours",
            "0.0005",
            "--seed",
            "4",
        ])
        .args([
            "--player",
            "Ann <ann@example.org>",
            "--player",
            "Ben <ben@example.org>",
            "--player",
            "Cleo <cleo@example.org>",
        ])
        .output_aside()
        .await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let created: Value = serde_json::from_slice(&out.stdout).unwrap();
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["players"].as_array().unwrap().len(), 3);
    std::thread::sleep(std::time::Duration::from_millis(2200));
    let mut app = TestApp::spawn_on(dir, db).await;
    let game = app.wait_for_round(id, 1).await;
    assert_eq!(game["round"], 2);
    let bulletin = app.get_json(&format!("/api/games/{id}/rounds/1")).await;
    assert_eq!(bulletin["closed_by"], "deadline");
    assert_eq!(bulletin["submitted"], json!([]));
    assert_eq!(bulletin["standings"][0]["eyes"], 42);
    app.stop().await;
}

#[tokio::test]
async fn a_round_is_never_resolved_twice() {
    let mut app = TestApp::spawn().await;
    let (id, _, _) = scenario_game(&app).await;
    let master = app.running.as_ref().unwrap().master.clone();
    let (a, b) = tokio::join!(
        master.close_round(id, 1, ClosedBy::GameMaster, Resolution::Continue),
        master.close_round(id, 1, ClosedBy::GameMaster, Resolution::Continue)
    );
    assert_eq!([a.unwrap(), b.unwrap()].iter().filter(|r| **r).count(), 1);
    assert!(!master
        .close_round(id, 1, ClosedBy::GameMaster, Resolution::Continue)
        .await
        .unwrap());
    assert_eq!(app.get_json(&format!("/api/games/{id}")).await["round"], 2);
    assert_eq!(
        app.get(&format!("/api/games/{id}/rounds/2")).await.status(),
        404
    );
    app.stop().await;
}

#[tokio::test]
async fn the_command_line_closes_a_round() {
    let mut app = TestApp::spawn().await;
    let (id, links, _) = scenario_game(&app).await;
    app.turn(&links[0], "1: Ben has 2 Blue Opal").await;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args([
            "round",
            "close",
            "--database-url",
            &app.db,
            "--game",
            &id.to_string(),
        ])
        .output_aside()
        .await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let b = app.get_json(&format!("/api/games/{id}/rounds/1")).await;
    assert_eq!(
        b["guesses"],
        json!([{"player": "Ann", "number": 1, "correct": true}])
    );
    assert_eq!(b["closed_by"], "game master");
    app.stop().await;
}

#[tokio::test]
async fn bad_links_and_bad_input_are_refused_clearly() {
    let mut app = TestApp::spawn().await;
    let (id, links, _) = scenario_game(&app).await;
    let forged = format!(
        "{}0123456789abcdef0123456789abcdef",
        &links[0][..links[0].find('-').unwrap() + 1]
    );
    let r = app.get(&forged).await;
    assert_eq!(r.status(), 403);
    let body = r.text().await.unwrap();
    assert!(body.contains("that link is not valid"));
    assert!(!body.contains("Blue Opal"));
    let (s, v) = app.turn(&forged, "1: Ben has 2 Blue Opal").await;
    assert_eq!(s, 403, "{v}");
    assert_eq!(app.get("/api/games/999").await.status(), 404);
    assert_eq!(
        app.get(&format!("/games/{id}/rounds/1")).await.status(),
        404
    );
    let (s, v) = app
        .post_game(&game_body(
            &["Ann", "ann"],
            None,
            json!({"settings": {"safe_size": 5}}),
        ))
        .await;
    assert_eq!(s, 422);
    let problems = v["problems"].to_string();
    assert!(
        problems.contains("3 to 7 players; you gave 2")
            && problems.contains("two players are called"),
        "{v}"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_deadline_closing_found_before_a_pause_or_an_extension_leaves_the_round_open() {
    let mut app = TestApp::spawn().await;
    let (id, _, gm) = scenario_game(&app).await;
    let master = app.running.as_ref().unwrap().master.clone();
    let actions = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    // The game master pauses; a scheduler that listed the round as due just before still
    // asks for its closing at the deadline: the round stays open, as the game master was told.
    let (s, said) = app.post_json(&actions, &json!({"action": "pause"})).await;
    assert_eq!(s, 200, "{said}");
    let closed = master
        .close_round(id, 1, ClosedBy::Deadline, Resolution::Continue)
        .await
        .unwrap();
    assert!(!closed, "a paused round is not closed by its deadline");
    let (s, said) = app.post_json(&actions, &json!({"action": "resume"})).await;
    assert_eq!(s, 200, "{said}");
    // Extended, so not due: the same.
    let (s, said) = app
        .post_json(&actions, &json!({"action": "extend", "hours": 5}))
        .await;
    assert_eq!(s, 200, "{said}");
    let closed = master
        .close_round(id, 1, ClosedBy::Deadline, Resolution::Continue)
        .await
        .unwrap();
    assert!(
        !closed,
        "a round whose deadline is ahead is not closed by it"
    );
    assert_eq!(master.public_game(id).await.unwrap().round, 1);
    // The game master's own "resolve now" still closes it.
    let closed = master
        .close_round(id, 1, ClosedBy::GameMaster, Resolution::Continue)
        .await
        .unwrap();
    assert!(closed);
    app.stop().await;
}

/// When the round closes early (every active player ready, after the grace), as stored.
async fn close_at(app: &TestApp, id: i64) -> Option<i64> {
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    let (at,): (Option<i64>,) = sqlx::query_as("SELECT close_at FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    at
}

#[tokio::test]
async fn a_round_everyone_is_ready_for_closes_after_its_grace_through_a_pause_and_waits_for_a_newcomer(
) {
    let mut app = TestApp::spawn().await;
    let (id, links, gm) = app
        .create_game(&game_body(
            &["Ann", "Ben", "Cleo", "Dan"],
            Some(&scenario()["spec"]["deal"]),
            json!({"grace_minutes": 30}),
        ))
        .await;
    let actions = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let act = |action: Value| {
        let actions = actions.clone();
        let app = &app;
        async move {
            let (s, said) = app.post_json(&actions, &action).await;
            assert_eq!(s, 200, "{said}");
        }
    };
    // Paused, then every player is ready: the round waits for the resume.
    act(json!({"action": "pause"})).await;
    for link in &links {
        let (s, reply) = app.turn(link, "ready").await;
        assert_eq!(s, 200, "{reply}");
    }
    // Resumed: it closes after its grace, as it would have without the pause.
    act(json!({"action": "resume"})).await;
    let now = polysleuth::clock::now();
    let at = close_at(&app, id).await.expect("the round closes early");
    assert!((at - (now + 30 * 60)).abs() < 5, "{at} vs {now}");
    // A seat given away meanwhile: the newcomer has sent nothing, so the round waits again
    // (a computer newcomer plays at once, and the grace starts from its turn).
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    act(json!({"action": "replace", "seat": 3, "with": "computer:novice", "name": "Robo"})).await;
    assert_ne!(
        close_at(&app, id).await,
        Some(at),
        "the round does not close without the newcomer's turn"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_first_deadline_more_than_a_year_away_is_refused_by_name() {
    let mut app = TestApp::spawn().await;
    for far in [polysleuth::clock::now() + 400 * 86_400, i64::MAX] {
        let (status, answer) = app
            .post_game(&json!({
                "name": "Someday", "gm_email": "gm@example.org",
                "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
                "first_deadline": far,
            }))
            .await;
        assert_eq!(status, 422, "{answer}");
        assert!(
            answer
                .to_string()
                .contains("the first deadline is more than a year away"),
            "{answer}"
        );
    }
    app.stop().await;
}

#[tokio::test]
async fn an_extension_meant_for_a_round_that_has_closed_extends_nothing() {
    let mut app = TestApp::spawn().await;
    let (id, _, gm) = scenario_game(&app).await;
    let actions = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let deadline = |app: &TestApp| {
        let pool = app.running.as_ref().unwrap().master.store.pool.clone();
        async move {
            let (d,): (Option<i64>,) = sqlx::query_as("SELECT deadline FROM games WHERE id = $1")
                .bind(id)
                .fetch_one(&pool)
                .await
                .unwrap();
            d
        }
    };
    // Round 1 closes; the game master's page still showed it.
    let (s, said) = app
        .post_json(&actions, &json!({"action": "resolve", "round": 1}))
        .await;
    assert_eq!(s, 200, "{said}");
    let before = deadline(&app).await;
    let (s, said) = app
        .post_json(
            &actions,
            &json!({"action": "extend", "hours": 24, "round": 1}),
        )
        .await;
    assert_eq!(s, 409, "{said}");
    assert!(
        said.to_string()
            .contains("round 1 has closed since you looked"),
        "{said}"
    );
    assert_eq!(deadline(&app).await, before, "round 2 was not extended");
    // For the round open now, it extends.
    let (s, said) = app
        .post_json(
            &actions,
            &json!({"action": "extend", "hours": 24, "round": 2}),
        )
        .await;
    assert_eq!(s, 200, "{said}");
    assert_eq!(deadline(&app).await, before.map(|d| d + 24 * 3600));
    app.stop().await;
}

#[tokio::test]
async fn a_turn_worked_out_for_a_round_that_closed_since_is_refused_not_stored_for_the_next() {
    let mut app = TestApp::spawn().await;
    let (id, links, _) = scenario_game(&app).await;
    let master = app.running.as_ref().unwrap().master.clone();
    let token = links[0].rsplit('/').next().unwrap().to_string();
    let ann = master.authenticate(&token).await.unwrap();
    // For the open round, it is stored.
    let via = polysleuth::model::Via::Computer;
    assert!(master.submit_for(&ann, "ready", via, Some(1)).await.is_ok());
    // The round closes; a turn still meant for it is refused, and round 2 holds nothing.
    assert!(master
        .close_round(id, 1, ClosedBy::GameMaster, Resolution::Continue)
        .await
        .unwrap());
    let late = master.submit_for(&ann, "ready", via, Some(1)).await;
    assert!(
        matches!(late, Err(polysleuth::master::MasterError::Conflict(_))),
        "{late:?}"
    );
    let turns = master.store.turns(&master.store.pool, id, 2).await.unwrap();
    assert!(turns.iter().all(|t| t.seat != ann.seat), "{turns:?}");
    app.stop().await;
}

#[tokio::test]
async fn a_round_past_its_deadline_closes_with_the_empty_turn_of_a_player_away_for_it() {
    let mut app = TestApp::spawn().await;
    let (id, links, _) = scenario_game(&app).await;
    for link in &links[1..] {
        let (s, reply) = app.turn(link, "ready").await;
        assert_eq!(s, 200, "{reply}");
    }
    // While the service is down, Ann is away for this round (her empty turn not yet sent)
    // and the round's deadline passes.
    app.stop().await;
    let down = common::down::Down::open(&app.db).await;
    sqlx::query("UPDATE players SET away_until = 1 WHERE game_id = $1 AND seat = 0")
        .bind(id)
        .execute(&down.store.pool)
        .await
        .unwrap();
    down.deadline_passed(id, common::down::Deadline::Round)
        .await;
    down.close().await;
    // Back up: her empty turn, owed to the round, counts, and the round closes (while away, a
    // player never goes idle).
    let mut app = TestApp::spawn_on(app.dir.clone(), app.db.clone()).await;
    let g = app.wait_for_round(id, 1).await;
    assert_eq!(g["round"], 2, "{g}");
    let b1 = app.get_json(&format!("/api/games/{id}/rounds/1")).await;
    assert_eq!(
        b1["submitted"],
        json!(["Ann", "Ben", "Cleo", "Dan"]),
        "{b1}"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_seat_the_game_lacks_is_named_as_the_game_master_counts_seats_by_every_action() {
    let mut app = TestApp::spawn().await;
    let (_, _, gm) = scenario_game(&app).await;
    let actions = common::path_of(&gm).replacen("/gm/", "/api/gm/", 1) + "/actions";
    // Four seats, shown 1 to 4; the form sends 0 to 3, so 7 is the eighth.
    for action in [
        json!({"action": "newlink", "seat": 7}),
        json!({"action": "done", "seat": 7}),
        json!({"action": "replace", "seat": 7, "with": "computer:novice", "name": "Robo"}),
    ] {
        let (s, said) = app.post_json(&actions, &action).await;
        assert_eq!(s, 422, "{action}: {said}");
        let text = said.to_string();
        assert!(
            text.contains("seat 8") && !text.contains("seat 7"),
            "{action}: {said}"
        );
    }
    app.stop().await;
}

#[tokio::test]
async fn resolve_now_closes_the_round_while_another_transaction_holds_the_game_for_a_moment() {
    let mut app = TestApp::spawn().await;
    let (id, _, gm) = scenario_game(&app).await;
    let store = app.running.as_ref().unwrap().master.store.clone();
    // Another transaction holds the game's row (a game master's other action, a page's
    // write) when "resolve now" comes, and lets it go a moment later.
    let mut tx = store.write().await.unwrap();
    sqlx::query("UPDATE games SET name = name WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .unwrap();
    let actions = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let resolve = json!({"action": "resolve", "round": 1});
    let (answer, ()) = tokio::join!(app.post_json(&actions, &resolve), async {
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        tx.commit().await.unwrap();
    });
    assert_eq!(answer.0, 200, "{}", answer.1);
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(g["round"], 2, "{g}");
    app.stop().await;
}

#[tokio::test]
async fn a_game_master_api_call_with_a_field_its_action_does_not_read_is_refused_by_name() {
    let mut app = TestApp::spawn().await;
    let (status, made) = app
        .post_game(&json!({
            "name": "Misspelt", "gm_email": "gm@example.org",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
        }))
        .await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_i64().unwrap();
    let gm = made["gm_link"].as_str().unwrap();
    let actions = crate::common::path_of(gm).replacen("/gm/", "/api/gm/", 1) + "/actions";
    let before = app.get_json(&format!("/api/games/{id}")).await;
    // "hour" for "hours": refused, naming both, and the deadline stays where it was.
    let (status, said) = app
        .post_json(
            &actions,
            &json!({"action": "extend", "hours": 2, "hour": 5}),
        )
        .await;
    assert_eq!(status, 422, "{said}");
    assert!(
        said.to_string().contains(
            "the action “extend” reads no field “hour”: it reads action, round, confirm, hours"
        ),
        "{said}"
    );
    let (status, said) = app
        .post_json(&actions, &json!({"action": "pause", "seat": 1}))
        .await;
    assert_eq!(status, 422, "{said}");
    assert!(said.to_string().contains("no field “seat”"), "{said}");
    let after = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(
        (&before["deadline"], &before["status"]),
        (&after["deadline"], &after["status"]),
        "nothing changed"
    );
    // The fields every action may carry, with those it reads, are taken.
    let (status, said) = app
        .post_json(
            &actions,
            &json!({"action": "extend", "hours": 2, "round": 1, "confirm": true}),
        )
        .await;
    assert_eq!(status, 200, "{said}");
    let extended = app.get_json(&format!("/api/games/{id}")).await;
    assert_ne!(extended["deadline"], before["deadline"], "{extended}");
    app.stop().await;
}

#[tokio::test]
async fn a_reminders_call_that_leaves_out_its_hours_is_refused_not_read_as_none() {
    let mut app = TestApp::spawn().await;
    let (status, made) = app
        .post_game(&json!({
            "name": "Reminded", "gm_email": "gm@example.org",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
        }))
        .await;
    assert_eq!(status, 201, "{made}");
    let gm = made["gm_link"].as_str().unwrap();
    let actions = crate::common::path_of(gm).replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (status, said) = app
        .post_json(&actions, &json!({"action": "reminders", "hours": "24"}))
        .await;
    assert_eq!(status, 422, "{said}");
    assert!(said.to_string().contains("reminder_hours"), "{said}");
    // Said outright, none is a choice like any other.
    let (status, said) = app
        .post_json(
            &actions,
            &json!({"action": "reminders", "reminder_hours": ""}),
        )
        .await;
    assert_eq!(status, 200, "{said}");
    app.stop().await;
}
