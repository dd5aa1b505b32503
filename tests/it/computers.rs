//! Computer players in a real game: seated by the game master, playing through the service's
//! own path, never mailed, shown on the public page as computer players.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::{scenario, TestApp};

const SEATS: [(&str, &str); 4] = [
    ("Ann", "ann@example.org"),
    ("Ben", "computer:detective"),
    ("Cleo", "computer:novice"),
    ("Dan", "computer:master"),
];

/// Ann's first turn: every card she does not hold, guessed where the known deal put it.
fn every_card_guessed(deal: &Value) -> String {
    let mut lines = Vec::new();
    for (owner, cards) in deal.as_object().unwrap() {
        if owner == "Ann" {
            continue;
        }
        for card in cards.as_array().unwrap() {
            let card = card.as_str().unwrap();
            lines.push(match owner.as_str() {
                "safe" => format!("{}: {card} is in the safe", lines.len() + 1),
                _ => format!("{}: {owner} has {card}", lines.len() + 1),
            });
        }
    }
    lines.push("ready".into());
    lines.join("\n")
}

/// The private page of Ann, the one person of the game `name`, from her welcome.
async fn welcome_link(app: &TestApp, name: &str) -> String {
    let start = Instant::now();
    loop {
        let welcome = (app.mails().into_iter())
            .map(|m| m.replace("=\r\n", "").replace('\r', ""))
            .find(|m| {
                m.contains("To: ann@example.org") && m.contains("welcome to") && m.contains(name)
            });
        if let Some(m) = welcome {
            let link = (m.lines())
                .skip_while(|l| !l.starts_with("Your private page"))
                .nth(1)
                .unwrap()
                .trim()
                .to_string();
            return crate::common::path_of(&link);
        }
        assert!(start.elapsed() < Duration::from_secs(15), "no welcome mail");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn wait_for_end(app: &TestApp, id: i64) -> Value {
    let start = Instant::now();
    loop {
        let g = app.get_json(&format!("/api/games/{id}")).await;
        if g["status"] == "over" {
            return g;
        }
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "the computer players did not finish the game: {g}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_game_of_one_person_and_three_computer_players_plays_to_its_end_with_mail() {
    let mut app = TestApp::spawn().await;
    let deal = scenario()["spec"]["deal"].clone();
    let body = json!({
        "name": "Ann and the machines",
        "gm_email": "gm@example.org",
        "players": SEATS.iter().map(|(n, a)| format!("{n} <{a}>")).collect::<Vec<_>>(),
        "seed": 3,
        "grace_minutes": 0,
        "deal": deal,
        "settings": {"max_rounds": 80},
    });
    let (status, created) = app.post_game(&body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    // Only the person is mailed a welcome; her link is the only one.
    let ann = {
        let start = Instant::now();
        loop {
            let welcomes: Vec<String> = app
                .mails()
                .into_iter()
                .filter(|m| m.contains("welcome to"))
                .collect();
            if let Some(m) = welcomes.first() {
                assert_eq!(welcomes.len(), 1, "only Ann is welcomed");
                assert!(m.contains("To: ann@example.org"));
                let m = m.replace("=\r\n", "").replace('\r', "");
                let link = m
                    .lines()
                    .skip_while(|l| !l.starts_with("Your private page"))
                    .nth(1)
                    .unwrap()
                    .trim()
                    .to_string();
                break crate::common::path_of(&link);
            }
            assert!(start.elapsed() < Duration::from_secs(15), "no welcome mail");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };

    // The public page names the computer players as such.
    let (_, page) = app.get_text(&format!("/games/{id}")).await;
    assert!(page.contains("Ben (computer player, detective)"), "{page}");
    assert!(page.contains("Dan (computer player, master)"));

    let (s, reply) = app.turn(&ann, &every_card_guessed(&deal)).await;
    assert_eq!(s, 200, "{reply}");
    app.wait_for_round(id, 1).await;
    let first = app.get_json(&format!("/api/games/{id}/rounds/1")).await;
    let submitted: Vec<&str> = first["submitted"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(submitted, ["Ann", "Ben", "Cleo", "Dan"], "{first}");
    // Every guess of Ann's was right: she scored on all 27 cards.
    let right = first["guesses"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["player"] == "Ann" && g["correct"] == true)
        .count();
    assert_eq!(right, 27);

    // Ann is done; the computer players play on alone until every card is published.
    let (s, _) = app.turn(&ann, "done\nready").await;
    assert_eq!(s, 200);
    let end = wait_for_end(&app, id).await;
    let rounds = end["round"].as_i64().unwrap();
    assert!(
        rounds < 80,
        "the game ended by its round limit, not by play"
    );
    let last = app
        .get_json(&format!("/api/games/{id}/rounds/{rounds}"))
        .await;
    assert_eq!(last["game_over"], true);
    // Each round after the first heard from the computer players.
    let second = app.get_json(&format!("/api/games/{id}/rounds/2")).await;
    for name in ["Ben", "Cleo", "Dan"] {
        assert!(
            second["submitted"]
                .as_array()
                .unwrap()
                .contains(&json!(name)),
            "{name} sent no turn in round 2: {second}"
        );
    }
    assert!(last["winners"].as_array().is_some_and(|w| !w.is_empty()));

    // Mail went to Ann and the game master only, and Ann's last mail carries the deal.
    let start = Instant::now();
    loop {
        let mails = app.mails();
        for m in &mails {
            assert!(
                m.contains("To: ann@example.org") || m.contains("To: gm@example.org"),
                "a mail went to someone else: {}",
                m.lines().find(|l| l.starts_with("To:")).unwrap_or("no To")
            );
        }
        let to_ann = mails
            .iter()
            .filter(|m| m.contains("To: ann@example.org"))
            .count();
        if to_ann as i64 > rounds
            && mails
                .iter()
                .any(|m| m.contains("To: ann@example.org") && m.contains("THE DEAL"))
        {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "Ann was not mailed every round ({to_ann} mails, {rounds} rounds)"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    app.stop().await;
}

#[tokio::test]
async fn a_computer_player_of_an_unknown_level_or_a_game_of_machines_alone_is_refused() {
    let mut app = TestApp::spawn().await;
    let mut body = json!({
        "name": "Bad seats",
        "gm_email": "gm@example.org",
        "players": ["Ann <ann@example.org>", "Ben <computer:expert>", "Cleo <cleo@example.org>"],
    });
    let (s, answer) = app.post_game(&body).await;
    assert_eq!(s, 422, "{answer}");
    let text = answer.to_string();
    assert!(
        text.contains("player Ben") && text.contains("novice, detective or master"),
        "{text}"
    );
    body["players"] = json!([
        "Ann <computer:novice>",
        "Ben <computer:master>",
        "Cleo <computer:detective>"
    ]);
    let (s, answer) = app.post_game(&body).await;
    assert_eq!(s, 422);
    assert!(
        answer.to_string().contains("at least one person"),
        "{answer}"
    );
    assert_eq!(
        app.get_json("/api/games").await.as_array().map(Vec::len),
        Some(0)
    );
    app.stop().await;
}

#[tokio::test]
async fn computer_players_draw_their_choices_from_the_games_seed_so_two_games_of_one_seed_play_alike(
) {
    let mut app = TestApp::spawn().await;
    // Two games of one seed: their seats' rows have other ids, their deals are the same.
    let mut rounds = Vec::new();
    for game in 0..2 {
        let body = json!({
            "name": format!("Novices {game}"),
            "gm_email": "gm@example.org",
            "players": ["Ann <ann@example.org>", "Ben <computer:novice>", "Cleo <computer:novice>", "Dan <computer:novice>"],
            "seed": 11,
            "grace_minutes": 0,
        });
        let (status, created) = app.post_game(&body).await;
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_i64().unwrap();
        let ann = welcome_link(&app, &format!("Novices {game}")).await;
        let mut bulletins = Vec::new();
        for round in 1..=3 {
            app.turn(&ann, "ready").await;
            app.wait_for_round(id, round).await;
            let b = app
                .get_json(&format!("/api/games/{id}/rounds/{round}"))
                .await;
            bulletins.push(json!([b["submitted"], b["answers"], b["guesses"]]));
        }
        rounds.push(bulletins);
    }
    assert!(
        rounds[0]
            .iter()
            .any(|b| b[1].as_array().is_some_and(|a| !a.is_empty())),
        "the novices asked something: {:?}",
        rounds[0]
    );
    assert_eq!(
        rounds[0], rounds[1],
        "the same seed, the same computer players' turns"
    );
    app.stop().await;
}

#[tokio::test]
async fn resolving_one_game_now_plays_its_own_computers_and_no_broken_game_stops_it() {
    // Computers play an hour into a round: only a round about to close makes them play.
    let dir = crate::common::tempdir("resolve-alone");
    let db = crate::common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| {
        o.computers.after = Duration::from_secs(3600);
    })
    .await;
    let body = |name: &str| {
        json!({
            "name": name,
            "gm_email": "gm@example.org",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Robo <computer:novice>"],
        })
    };
    let (s, asked) = app.post_game(&body("Asked")).await;
    assert_eq!(s, 201, "{asked}");
    let (s, broken) = app.post_game(&body("Broken")).await;
    assert_eq!(s, 201, "{broken}");
    let gm = asked["gm_link"].as_str().unwrap().to_string();
    let (asked, broken) = (
        asked["id"].as_i64().unwrap(),
        broken["id"].as_i64().unwrap(),
    );
    // The later game's state is damaged while its computer still owes a turn.
    let store = &app.running.as_ref().unwrap().master.store;
    sqlx::query("UPDATE games SET state = '{' WHERE id = $1")
        .bind(broken)
        .execute(&store.pool)
        .await
        .unwrap();
    let actions = crate::common::path_of(&gm).replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (s, said) = app
        .post_json(&actions, &json!({"action": "resolve", "round": 1}))
        .await;
    assert_eq!(s, 200, "{said}");
    let b1 = app.get_json(&format!("/api/games/{asked}/rounds/1")).await;
    assert_eq!(b1["submitted"], json!(["Robo"]), "{b1}");
    app.stop().await;
}

/// A game of Ann and two novice computers, Robo and Hal.
fn ann_robo_hal(name: &str) -> polysleuth::master::GameRequest {
    polysleuth::master::GameRequest {
        players: [
            ("Ann", "ann@example.org"),
            ("Robo", "computer:novice"),
            ("Hal", "computer:novice"),
        ]
        .iter()
        .map(|(n, a)| (n.to_string(), a.to_string()))
        .collect(),
        ..polysleuth::master::GameRequest::sample(name, ["Ann", "Ben", "Cleo", "Dan"], None)
    }
}

/// 101 such games: more computer seats owe a turn than one pass of the clock reads.
async fn early_games(master: &polysleuth::master::Master) {
    for n in 0..101 {
        master
            .create_game(ann_robo_hal(&format!("Early {n}")))
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn a_round_due_at_a_restart_closes_with_its_computers_turns_however_many_seats_owe_before_it()
{
    // Computers play an hour into a round: the earlier games' seats keep owing.
    let dir = crate::common::tempdir("due-first");
    let db = crate::common::database_url(&dir).await;
    let later = |o: &mut polysleuth::app::Options| o.computers.after = Duration::from_secs(3600);
    let mut app = TestApp::spawn_with(dir.clone(), db.clone(), later).await;
    let master = app.running.as_ref().unwrap().master.clone();
    early_games(&master).await;
    let due = master.create_game(ann_robo_hal("Due")).await.unwrap().id;
    // The service stops; the last game's deadline passes before it is back.
    app.stop().await;
    let down = crate::common::down::Down::open(&db).await;
    down.deadline_passed(due, crate::common::down::Deadline::Round)
        .await;
    down.close().await;
    let mut app = TestApp::spawn_with(dir, db, later).await;
    app.wait_for_round(due, 1).await;
    let b1 = app.get_json(&format!("/api/games/{due}/rounds/1")).await;
    assert_eq!(b1["submitted"], json!(["Robo", "Hal"]), "{b1}");
    app.stop().await;
}

#[tokio::test]
async fn the_computers_of_a_game_behind_a_full_page_of_seats_not_yet_due_play_when_theirs_is() {
    // Computers play an hour into a round: the earlier games' seats owe all along.
    let dir = crate::common::tempdir("rotating-pass");
    let db = crate::common::database_url(&dir).await;
    let later = |o: &mut polysleuth::app::Options| o.computers.after = Duration::from_secs(3600);
    let mut app = TestApp::spawn_with(dir, db, later).await;
    let master = app.running.as_ref().unwrap().master.clone();
    early_games(&master).await;
    // The last game's one person is ready: its computers' time has come, and the rotating
    // pass reaches them past the full page of seats whose time has not.
    let (status, created) = app
        .post_game(&json!({
            "name": "Late", "gm_email": "gm@example.org",
            "players": ["Ann <ann@example.org>", "Robo <computer:novice>", "Hal <computer:novice>"],
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let mut people = created.clone();
    people["players"] = json!(created["players"].as_array().unwrap()[..1]);
    let ann = app.player_links(&people).await.remove(0);
    let (status, said) = app.turn(&ann, "ready").await;
    assert_eq!(status, 200, "{said}");
    let pool = master.store.pool.clone();
    let start = Instant::now();
    loop {
        let (turns,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM turns WHERE game_id = $1 AND round = 1")
                .bind(id)
                .fetch_one(&pool)
                .await
                .unwrap();
        let g = app.get_json(&format!("/api/games/{id}")).await;
        if turns == 3 || g["round"].as_i64() > Some(1) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the late game's computers played: {turns} turns"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The earlier games' computers still wait for their hour.
    let (early,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM turns t JOIN players p ON p.game_id = t.game_id AND p.seat = t.seat WHERE t.game_id < $1 AND p.computer IS NOT NULL",
    )
    .bind(id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(early, 0);
    app.stop().await;
}

#[tokio::test]
async fn a_resolve_for_a_round_that_has_moved_on_is_refused_before_any_computer_plays() {
    // Computers play an hour into a round: only a resolve makes them play now.
    let dir = crate::common::tempdir("resolve-stale");
    let db = crate::common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| {
        o.computers.after = Duration::from_secs(3600);
    })
    .await;
    let (s, made) = app
        .post_game(&json!({
            "name": "Second click", "gm_email": "gm@example.org",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Robo <computer:novice>"],
        }))
        .await;
    assert_eq!(s, 201, "{made}");
    let id = made["id"].as_i64().unwrap();
    let gm = made["gm_link"].as_str().unwrap();
    let actions = crate::common::path_of(gm).replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (s, said) = app
        .post_json(&actions, &json!({"action": "resolve", "round": 2}))
        .await;
    assert_eq!(s, 409, "{said}");
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    let (turns,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM turns WHERE game_id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(turns, 0, "Robo did not play");
    app.stop().await;
}
