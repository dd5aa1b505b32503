//! Games that form themselves: sign-up on the web and by mail, an invitation, the game
//! master's start refused below the least number, the start when full, a standby given a
//! seat mid-game, and the record of the whole game verified. And two people taking the last
//! seat at once: exactly one has it.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::mail::{header, post_inbound, settle};
use crate::common::{csrf, links_in_mails, path_of, tempdir, RunAside, TestApp};

/// Posts a form as a browser does, its token read from the page first.
pub(crate) async fn submit(
    app: &TestApp,
    page: &str,
    action: &str,
    fields: &[(&str, &str)],
) -> String {
    let (_, html) = app.get_text(page).await;
    let token = csrf(&html);
    let mut form: Vec<(&str, &str)> = vec![("csrf", &token)];
    form.extend_from_slice(fields);
    let r = app
        .client
        .post(app.url(action))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{action}: {}", r.status());
    r.text().await.unwrap()
}

/// The newest mail to an address, unfolded.
pub(crate) async fn last_mail_to(app: &TestApp, to: &str, containing: &str) -> String {
    let start = Instant::now();
    loop {
        settle(app).await;
        if let Some(m) = app.mails().into_iter().rev().find(|m| {
            m.contains(&format!("To: {to}")) && m.replace("=\r\n", "").contains(containing)
        }) {
            return m.replace("=\r\n", "").replace("=\n", "").replace('\r', "");
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no mail to {to} with {containing}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub(crate) fn join_link(mail: &str) -> String {
    let line = mail
        .lines()
        .find(|l| l.contains("/join/"))
        .expect("a sign-up link");
    path_of(line.trim())
}

/// Stands by for any game on the web and confirms by the link mailed: the sign-up's number.
async fn confirmed_standby(app: &TestApp, name: &str, email: &str) -> String {
    submit(app, "/", "/standby", &[("name", name), ("email", email)]).await;
    let link = join_link(&last_mail_to(app, email, "/join/").await);
    submit(app, &link, &link, &[("action", "confirm")]).await;
    link.trim_start_matches("/join/")
        .split('-')
        .next()
        .unwrap()
        .to_string()
}

/// Joins on the web: the form, then the link mailed to the address.
pub(crate) async fn join_on_the_web(app: &TestApp, id: i64, name: &str, email: &str) -> String {
    let page = format!("/games/{id}");
    let said = submit(
        app,
        &page,
        &format!("/games/{id}/join"),
        &[("name", name), ("email", email)],
    )
    .await;
    assert!(said.contains(&format!("A mail went to {email}")), "{said}");
    let link = join_link(&last_mail_to(app, email, "/join/").await);
    submit(app, &link, &link, &[("action", "confirm")]).await
}

fn reply(from: &str, to: &str, text: &str) -> String {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: Re: your sign-up\r\nMessage-ID: <{}@example.org>\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{text}\r\n\r\n> Someone asked to join\r\n",
        rand::random::<u64>()
    )
}

async fn create(app: &TestApp, min: u32, max: u32, invite: &[&str]) -> (i64, String) {
    let (s, created) = app
        .post_game(&json!({
            "name": "Formed by sign-up",
            "gm_email": "gm@example.org",
            "players": [],
            "forming": {"min_players": min, "max_players": max, "invite": invite},
            "grace_minutes": 0,
            "seed": 9,
            "settings": {"max_rounds": 3},
        }))
        .await;
    assert_eq!(s, 201, "{created}");
    (
        created["id"].as_i64().unwrap(),
        path_of(created["gm_link"].as_str().unwrap()),
    )
}

async fn gm_action(app: &TestApp, gm: &str, action: Value) -> (u16, Value) {
    app.post_json(&(gm.replacen("/gm/", "/api/gm/", 1) + "/actions"), &action)
        .await
}

#[tokio::test]
async fn a_game_open_for_sign_up_refuses_a_first_deadline_rather_than_dropping_it() {
    let app = TestApp::spawn().await;
    let (s, refused) = app
        .post_game(&json!({
            "name": "Formed by sign-up",
            "gm_email": "gm@example.org",
            "players": [],
            "forming": {"min_players": 3, "max_players": 4},
            "first_deadline": chrono::Utc::now().timestamp() + 3 * 86_400,
        }))
        .await;
    assert_eq!(s, 422, "{refused}");
    assert!(
        refused.to_string().contains("has no first deadline yet")
            && refused.to_string().contains("leave the first deadline out"),
        "{refused}"
    );
    let listed = app.get_json("/api/games").await;
    assert!(
        !listed.to_string().contains("Formed by sign-up") && app.nothing_mailed().await,
        "no game was made: {listed}"
    );
    let (s, made) = app
        .post_game(&json!({
            "name": "Formed by sign-up",
            "gm_email": "gm@example.org",
            "players": [],
            "forming": {"min_players": 3, "max_players": 4},
        }))
        .await;
    assert_eq!(s, 201, "{made}");
    let listed = app.get_json("/api/games").await;
    assert!(listed.to_string().contains("Formed by sign-up"), "{listed}");
}

#[tokio::test]
async fn a_joiner_whose_name_a_game_reads_as_its_own_word_is_told_which_game() {
    let app = TestApp::spawn().await;
    let (id, _) = create(&app, 3, 4, &[]).await;
    let page = format!("/games/{id}");
    for (name, game) in [("Plum", "Clue"), ("missing", "classic Sleuth")] {
        let said = submit(
            &app,
            &page,
            &format!("/games/{id}/join"),
            &[("name", name), ("email", "pat@example.org")],
        )
        .await;
        let said = said.replace("&#34;", "\"").replace("&#39;", "'");
        assert!(
            said.contains(&format!(
                "\"{name}\" cannot be a player's name: {game} reads it as a word of its turns"
            )),
            "{said}"
        );
    }
    // A name not written as a name is: the one rule says so, as it does for a seat given to
    // someone else and a sign-up game's computer players.
    let said = submit(
        &app,
        &page,
        &format!("/games/{id}/join"),
        &[("name", "Zoé Lee"), ("email", "pat@example.org")],
    )
    .await
    .replace("&#34;", "\"");
    assert!(
        said.contains("player name \"Zoé Lee\" is not usable: use 1 to 32 letters, digits, _ or -"),
        "{said}"
    );
    settle(&app).await;
    assert!(
        !app.mails().iter().any(|m| m.contains("pat@example.org")),
        "no confirmation was mailed"
    );
}

#[tokio::test]
async fn a_game_formed_by_sign_up_plays_to_its_end_with_a_replacement_and_its_record_verifies() {
    let mut app = TestApp::spawn().await;
    let (id, gm) = create(&app, 3, 4, &["dan@example.org"]).await;
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(
        (g["status"].as_str(), g["seats_free"].as_i64()),
        (Some("forming"), Some(4))
    );

    // Ann joins on the web; her link cannot be used twice.
    let said = join_on_the_web(&app, id, "Ann", "ann@example.org").await;
    assert!(said.contains("You have joined"), "{said}");
    let link = join_link(&last_mail_to(&app, "ann@example.org", "/join/").await);
    let again = submit(&app, &link, &link, &[("action", "confirm")]).await;
    assert!(again.contains("confirmed already"), "{again}");
    // A name taken, an address taken: each is named, nothing changes.
    let page = format!("/games/{id}");
    let taken = submit(
        &app,
        &page,
        &format!("/games/{id}/join"),
        &[("name", "ANN"), ("email", "x@example.org")],
    )
    .await;
    assert!(taken.contains("is taken"), "{taken}");
    let twice = submit(
        &app,
        &page,
        &format!("/games/{id}/join"),
        &[("name", "Annie"), ("email", "ann@example.org")],
    )
    .await;
    // Whether an address has joined is told only to that address, when it confirms.
    assert!(twice.contains("A mail went to ann@example.org"), "{twice}");
    let link = join_link(&last_mail_to(&app, "ann@example.org", "as Annie").await);
    let twice = submit(&app, &link, &link, &[("action", "confirm")]).await;
    assert!(twice.contains("has joined this game already"), "{twice}");

    // Ben joins by mail, and confirms by replying.
    let r = post_inbound(
        &app,
        reply(
            "Ben <ben@example.org>",
            "gm@polysleuth.test",
            &format!("join {id} Ben"),
        ),
    )
    .await;
    assert_eq!(r["outcome"], "handled");
    let confirm = last_mail_to(&app, "ben@example.org", "confirm").await;
    let to = header(&confirm, "Reply-To").unwrap().trim().to_string();
    assert!(to.starts_with("gm+join-"), "{to}");
    post_inbound(
        &app,
        reply("Ben <ben@example.org>", &to, "Yes, count me in."),
    )
    .await;
    last_mail_to(&app, "ben@example.org", "you have joined").await;

    // Two of at least three: the game master cannot start it yet.
    let (s, answer) = gm_action(&app, &gm, json!({"action": "start"})).await;
    assert_ne!(s, 200);
    assert!(
        answer.to_string().contains("only 2 of the least 3"),
        "{answer}"
    );

    // Dan accepts his invitation by mail, with his name; Eve fills the last seat on the web.
    let invitation = last_mail_to(&app, "dan@example.org", "invites you").await;
    let to = header(&invitation, "Reply-To").unwrap().trim().to_string();
    post_inbound(&app, reply("Dan <dan@example.org>", &to, "accept Dan")).await;
    last_mail_to(&app, "dan@example.org", "you have joined").await;
    let said = join_on_the_web(&app, id, "Eve", "eve@example.org").await;
    assert!(
        said.contains("The game has started with 4 players"),
        "{said}"
    );
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "open");
    let names: Vec<&str> = g["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    // Seats go in the order of joining (within one second, of signing up).
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, ["Ann", "Ben", "Dan", "Eve"]);
    let ben = names.iter().position(|n| *n == "Ben").unwrap();
    let created =
        json!({"id": id, "players": names.iter().map(|n| json!({"name": n})).collect::<Vec<_>>()});
    settle(&app).await;
    let links = links_in_mails(&app.mails(), &created).expect("every player was mailed a link");

    // Too late to join: Fay stands by instead.
    let late = submit(
        &app,
        &page,
        &format!("/games/{id}/join"),
        &[("name", "Fay"), ("email", "fay@example.org")],
    )
    .await;
    assert!(late.contains("offer yourself as a standby"), "{late}");
    let offered = submit(
        &app,
        &page,
        &format!("/games/{id}/standby"),
        &[("name", "Fay"), ("email", "fay@example.org")],
    )
    .await;
    assert!(
        offered.contains("A mail went to fay@example.org"),
        "{offered}"
    );
    let fay_link = join_link(&last_mail_to(&app, "fay@example.org", "/join/").await);
    let stands = submit(&app, &fay_link, &fay_link, &[("action", "confirm")]).await;
    assert!(stands.contains("stands by"), "{stands}");
    let fay_signup = fay_link
        .trim_start_matches("/join/")
        .split('-')
        .next()
        .unwrap()
        .to_string();

    // Round 1: everyone ready on the web.
    for l in &links {
        let (s, r) = app.turn(l, "ready").await;
        assert_eq!(s, 200, "{r}");
    }
    app.wait_for_round(id, 1).await;

    // Round 2: Ben's seat goes to Fay; his link stops working at once.
    let (s, said) = gm_action(
        &app,
        &gm,
        json!({"action": "replace", "seat": ben, "with": format!("standby:{fay_signup}")}),
    )
    .await;
    assert_eq!(s, 200, "{said}");
    let (s, _) = app.turn(&links[ben], "ready").await;
    assert!(
        s == 401 || s == 403 || s == 404,
        "Ben's old link still works: {s}"
    );
    let welcome = last_mail_to(&app, "fay@example.org", "Your private page").await;
    let fay = welcome
        .lines()
        .skip_while(|l| !l.starts_with("Your private page"))
        .nth(1)
        .map(|l| path_of(l.trim()))
        .unwrap();
    last_mail_to(&app, "ben@example.org", "your seat has a new player").await;
    let mut seated = links.clone();
    seated[ben] = fay.clone();
    let mut now_named: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    now_named[ben] = "Fay".into();
    for (i, l) in seated.iter().enumerate() {
        let next = &now_named[(i + 1) % now_named.len()];
        let text = format!("1 (3): {next} has how many Reds?\nready");
        let (s, r) = app.turn(l, &text).await;
        assert_eq!(s, 200, "{r}");
    }
    app.wait_for_round(id, 2).await;
    let b2 = app.get_json(&format!("/api/games/{id}/rounds/2")).await;
    assert!(
        b2.to_string()
            .contains(&format!("Fay replaced Ben in seat {}", ben + 1)),
        "{b2}"
    );

    // Round 3, the last: then the record verifies.
    for l in &seated {
        app.turn(l, "ready").await;
    }
    let g = app.wait_for_round(id, 3).await;
    assert_eq!(g["status"], "over");
    let record = app.get_json(&format!("/games/{id}/record.json")).await;
    assert_eq!(record["players"], json!(names));
    assert_eq!(
        record["replacements"],
        json!([{"round": 2, "seat": ben + 1, "name": "Fay"}])
    );
    let file = tempdir("formed").join("record.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args(["verify", file.to_str().unwrap()])
        .output_aside()
        .await;
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "verified",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    app.stop().await;
}

#[tokio::test]
async fn two_people_taking_the_last_seat_at_once_exactly_one_has_it() {
    let mut app = TestApp::spawn().await;
    let (id, _) = create(&app, 3, 3, &[]).await;
    join_on_the_web(&app, id, "Ann", "ann@example.org").await;
    join_on_the_web(&app, id, "Ben", "ben@example.org").await;
    // Cleo and Dan both ask; both confirmation links are opened at the same moment.
    let page = format!("/games/{id}");
    let mut links = Vec::new();
    for (name, email) in [("Cleo", "cleo@example.org"), ("Dan", "dan@example.org")] {
        submit(
            &app,
            &page,
            &format!("/games/{id}/join"),
            &[("name", name), ("email", email)],
        )
        .await;
        links.push(join_link(&last_mail_to(&app, email, "/join/").await));
    }
    let (_, html) = app.get_text(&links[0]).await;
    let token = csrf(&html);
    let confirm = |link: String| {
        let req = app
            .client
            .post(app.url(&link))
            .form(&[("csrf", token.as_str()), ("action", "confirm")]);
        async move { req.send().await.unwrap().text().await.unwrap() }
    };
    let (a, b) = tokio::join!(confirm(links[0].clone()), confirm(links[1].clone()));
    let seated = [&a, &b]
        .iter()
        .filter(|t| t.contains("The game has started"))
        .count();
    assert_eq!(seated, 1, "exactly one takes the seat:\n{a}\n---\n{b}");
    assert!(
        a.contains("started without you")
            || b.contains("started without you")
            || a.contains("full")
            || b.contains("full")
    );
    let g = app.get_json(&format!("/api/games/{id}")).await;
    let names: Vec<&str> = g["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 3);
    assert_eq!(
        names
            .iter()
            .filter(|n| **n == "Cleo" || **n == "Dan")
            .count(),
        1
    );
    app.stop().await;
}

#[tokio::test]
async fn an_absence_within_the_limit_plays_empty_turns_and_an_idle_seat_goes_to_a_standby() {
    let mut app = TestApp::spawn().await;
    let (s, created) = app
        .post_game(&json!({
                "name": "Absences",
                "gm_email": "gm@example.org",
                "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
                "grace_minutes": 0,
                "max_absence": 2,
                "auto_standby": true,
                "settings": {"idle_rounds": 1},
            }),
        )
        .await;
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let gm = path_of(created["gm_link"].as_str().unwrap());
    let links = app.player_links(&created).await;

    // The house rules printed at the start name the table's two: in the welcomes, the game
    // master's letter and the game page.
    let absence = "Longest absence a player may declare: 2 rounds at a time";
    let standby = "A standby takes the seat of a player marked done for being idle: on";
    for to in ["ann@example.org", "gm@example.org"] {
        let welcome = last_mail_to(&app, to, "Longest absence").await;
        assert!(
            welcome.contains(absence) && welcome.contains(standby),
            "{welcome}"
        );
    }
    let (_, page) = app.get_text(&format!("/games/{id}")).await;
    assert!(
        page.contains("<dt>Longest absence a player may declare</dt><dd>2 rounds at a time</dd>"),
        "{page}"
    );

    // Longer than allowed: named, nothing changes; within the limit: shown to all.
    let said = submit(
        &app,
        &links[0],
        &links[0],
        &[("action", "away"), ("rounds", "3")],
    )
    .await;
    assert!(
        said.contains("longer than this game allows: at most 2"),
        "{said}"
    );
    let (_, page) = app.get_text(&format!("/games/{id}")).await;
    assert!(!page.contains("away through"));
    let said = submit(
        &app,
        &links[0],
        &links[0],
        &[("action", "away"), ("rounds", "2")],
    )
    .await;
    assert!(said.contains("You are away through round 2"), "{said}");
    let (_, page) = app.get_text(&format!("/games/{id}")).await;
    assert!(page.contains("Ann (away through round 2)"), "{page}");

    // Fay stands by for any game.
    let said = submit(
        &app,
        "/",
        "/standby",
        &[("name", "Fay"), ("email", "fay@example.org")],
    )
    .await;
    assert!(said.contains("A mail went to fay@example.org"), "{said}");
    let fay = join_link(&last_mail_to(&app, "fay@example.org", "/join/").await);
    let said = submit(&app, &fay, &fay, &[("action", "confirm")]).await;
    assert!(said.contains("stands by for a seat in any game"), "{said}");

    // Round 1: Ben and Cleo ready; Ann's empty turn is sent for her, so the round closes.
    app.turn(&links[1], "ready").await;
    app.turn(&links[2], "ready").await;
    app.wait_for_round(id, 1).await;
    let b1 = app.get_json(&format!("/api/games/{id}/rounds/1")).await;
    assert_eq!(b1["submitted"], json!(["Ann", "Ben", "Cleo"]));

    // Round 2: Cleo sends nothing and is marked done for it; her seat goes to Fay.
    app.turn(&links[1], "ready").await;
    let (s, answer) = gm_action(&app, &gm, json!({"action": "resolve"})).await;
    assert_eq!(s, 200, "{answer}");
    let start = Instant::now();
    loop {
        let g = app.get_json(&format!("/api/games/{id}")).await;
        let names: Vec<&str> = g["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        if names == ["Ann", "Ben", "Fay"] {
            assert_eq!(g["players"][2]["done"], false, "the newcomer plays on");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "Cleo's seat was not given: {names:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let welcome = last_mail_to(&app, "fay@example.org", "Your private page").await;
    // Seated in round 3 (round 2 just closed): her welcome names the round she plays.
    assert!(welcome.contains("Round 3 closes at"), "{welcome}");
    last_mail_to(&app, "cleo@example.org", "your seat has a new player").await;

    // A standby whose name is already seated cannot take another seat.
    let ben2 = confirmed_standby(&app, "Ben", "ben2@example.org").await;
    let (s, answer) = gm_action(
        &app,
        &gm,
        json!({"action": "replace", "seat": 0, "with": format!("standby:{ben2}")}),
    )
    .await;
    assert_ne!(s, 200);
    assert!(
        answer.to_string().contains("Ben is already seated"),
        "{answer}"
    );
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(g["players"][0]["name"], "Ann", "nothing changed");

    // Nor may the game master's own address: they would play a hand they can steer.
    let mo = confirmed_standby(&app, "Mo", "GM@example.org").await;
    let (s, answer) = gm_action(
        &app,
        &gm,
        json!({"action": "replace", "seat": 0, "with": format!("standby:{mo}")}),
    )
    .await;
    assert_eq!(s, 409, "{answer}");
    assert!(
        answer.to_string().contains("the game master's own"),
        "{answer}"
    );
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(g["players"][0]["name"], "Ann", "nothing changed");

    // A confirmation link older than two days is refused, and the sign-up stays pending.
    submit(
        &app,
        "/",
        "/standby",
        &[("name", "Gus"), ("email", "gus@example.org")],
    )
    .await;
    let link = join_link(&last_mail_to(&app, "gus@example.org", "/join/").await);
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    sqlx::query(
        "UPDATE signups SET created_at = created_at - 200000 WHERE email = 'gus@example.org'",
    )
    .execute(&pool)
    .await
    .unwrap();
    let said = submit(&app, &link, &link, &[("action", "confirm")]).await;
    assert!(said.contains("has expired"), "{said}");
    app.stop().await;
}

#[tokio::test]
async fn thirty_forged_joins_send_a_victim_three_confirmations_and_one_refusal() {
    let mut app = TestApp::spawn().await;
    let (id, _gm) = create(&app, 3, 5, &[]).await;
    settle(&app).await;
    let before = app.mails().len();
    let mut outcomes = Vec::new();
    for i in 0..30 {
        let r = post_inbound(
            &app,
            reply(
                "Victim <victim@example.org>",
                "gm@polysleuth.test",
                &format!("join {id} Name{i}"),
            ),
        )
        .await;
        outcomes.push(r["outcome"].as_str().unwrap_or_default().to_string());
    }
    settle(&app).await;
    let to_victim: Vec<String> = app.mails()[before..]
        .iter()
        .filter(|m| m.contains("To: victim@example.org"))
        .cloned()
        .collect();
    assert_eq!(
        outcomes.iter().filter(|o| *o == "handled").count(),
        3,
        "{outcomes:?}"
    );
    assert_eq!(
        outcomes.iter().filter(|o| *o == "join_refused").count(),
        27,
        "{outcomes:?}"
    );
    assert_eq!(
        to_victim.len(),
        4,
        "three confirmations and one refusal a day"
    );
    // Nor can many addresses fill one game's list: four a seat wait at most.
    for i in 0..25 {
        let _ = post_inbound(
            &app,
            reply(
                &format!("P{i} <p{i}@example.org>"),
                "gm@polysleuth.test",
                &format!("join {id} P{i}"),
            ),
        )
        .await;
    }
    let master = app.running.as_ref().unwrap().master.clone();
    let (_, signups) = master.forming_of(id).await.unwrap();
    assert_eq!(signups.len(), 20, "4 a seat for a game of at most 5");
    app.stop().await;
}

#[tokio::test]
async fn an_invitee_cannot_accept_under_a_computer_players_name() {
    let mut app = TestApp::spawn().await;
    let (s, created) = app
        .post_json(
            "/api/games",
            &json!({
                "name": "With a computer",
                "gm_email": "gm@example.org",
                "players": ["Hal <computer:detective>"],
                "forming": {"min_players": 3, "max_players": 4, "invite": ["dan@example.org"]},
            }),
        )
        .await;
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let invitation = last_mail_to(&app, "dan@example.org", "invited").await;
    let to = header(&invitation, "Reply-To").unwrap().trim().to_string();
    let before = app.mails().len();
    let r = post_inbound(&app, reply("Dan <dan@example.org>", &to, "accept Hal")).await;
    assert_eq!(r["outcome"], "handled", "{r}");
    settle(&app).await;
    let answer = app.mails()[before..]
        .iter()
        .find(|m| m.contains("To: dan@example.org"))
        .cloned()
        .unwrap_or_default()
        .replace("=\r\n", "");
    assert!(answer.contains("Hal"), "{answer}");
    let master = app.running.as_ref().unwrap().master.clone();
    let (_, signups) = master.forming_of(id).await.unwrap();
    assert!(
        signups.iter().all(|s| !s.name.eq_ignore_ascii_case("Hal")),
        "nobody joined as the computer player: {:?}",
        signups
            .iter()
            .map(|s| (&s.name, s.status))
            .collect::<Vec<_>>()
    );
    // Under a name of their own, the same invitation is accepted.
    let r = post_inbound(&app, reply("Dan <dan@example.org>", &to, "accept Dan")).await;
    assert_eq!(r["outcome"], "handled", "{r}");
    let (_, signups) = master.forming_of(id).await.unwrap();
    assert!(signups.iter().any(|s| s.name == "Dan"), "Dan joined");
    app.stop().await;
}

#[tokio::test]
async fn a_forming_game_discarded_before_its_start_says_so_and_is_no_error() {
    use polysleuth::web::admission::CreateGames;
    let dir = crate::common::tempdir("discarded");
    let db = crate::common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| o.create_games = CreateGames::Confirmed).await;
    let (s, created) = app
        .post_json(
            "/api/games",
            &json!({
                "name": "Never played",
                "gm_email": "gm@example.org",
                "players": [],
                "forming": {"min_players": 3, "max_players": 4},
            }),
        )
        .await;
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let mail = last_mail_to(&app, "gm@example.org", "/gm/").await;
    let gm = mail
        .lines()
        .find(|l| l.contains("/gm/"))
        .map(|l| path_of(l.trim()))
        .unwrap();
    let (s, answer) = gm_action(&app, &gm, json!({"action": "end", "confirm": true})).await;
    assert_eq!(s, 200, "{answer}");
    for path in [
        format!("/games/{id}"),
        format!("/api/games/{id}"),
        gm.clone(),
    ] {
        let (status, body) = app.get_text(&path).await;
        assert_eq!(status, 404, "{path}: {body}");
        assert!(
            body.contains("discarded by its game master"),
            "{path}: {body}"
        );
    }
    app.stop().await;
}

#[tokio::test]
async fn classic_sleuth_seats_no_address_twice_and_its_game_master_form_keeps_the_mail_limit() {
    let mut app = TestApp::spawn().await;
    let (s, created) = app
        .post_json(
            "/api/games",
            &json!({"name": "Classic seats", "gm_email": "gm@example.org", "ruleset": "sleuth",
                    "players": ["Ann <ann@example.org>", "Ben <ben@example.org>",
                                "Cleo <cleo@example.org>"]}),
        )
        .await;
    assert_eq!(s, 201, "{created}");
    let gm = path_of(created["gm_link"].as_str().unwrap());
    // A standby with Ben's own address may not take Ann's seat: Ben would hold two hands.
    let benny = confirmed_standby(&app, "Benny", "ben@example.org").await;
    let (s, answer) = gm_action(
        &app,
        &gm,
        json!({"action": "replace", "seat": 0, "with": format!("standby:{benny}")}),
    )
    .await;
    assert_eq!(s, 409, "{answer}");
    assert!(answer.to_string().contains("already seated"), "{answer}");
    // The classic game master's page goes through the same per-game mail limit as the API:
    // thirty actions that mail players an hour.
    let page = gm.replacen("/gm/", "/classic/gm/", 1);
    let mut refused_at = None;
    for i in 1..=31 {
        let html = submit(&app, &page, &page, &[("action", "newlink"), ("seat", "2")]).await;
        if html.contains("too many") {
            refused_at = Some(i);
            break;
        }
    }
    assert_eq!(
        refused_at,
        Some(31),
        "the 31st new link in the hour is refused"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_standby_for_any_game_is_seated_once_when_two_games_claim_them_at_once() {
    use polysleuth::store::{SignupKind, SignupStatus};
    let mut app = TestApp::spawn().await;
    let store = &app.running.as_ref().unwrap().master.store;
    let mut tx = store.write().await.unwrap();
    let id = store
        .add_signup(
            &mut tx,
            None,
            SignupKind::Standby,
            "Sam",
            "sam@example.org",
            "sam@example.org",
            1,
        )
        .await
        .unwrap();
    store
        .set_signup(&mut tx, id, SignupStatus::Joined, None, 2)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    // Two games, each in its own transaction, claim the same standby: only the first does.
    let mut first = store.write().await.unwrap();
    assert!(store.seat_standby(&mut first, id).await.unwrap());
    first.commit().await.unwrap();
    let mut second = store.write().await.unwrap();
    assert!(
        !store.seat_standby(&mut second, id).await.unwrap(),
        "seated already"
    );
    drop(second);
    app.stop().await;
}

#[tokio::test]
async fn an_absence_sends_the_empty_turn_of_the_round_it_is_declared_in_at_once() {
    let mut app = TestApp::spawn().await;
    let (s, created) = app
        .post_game(&json!({
            "name": "Away at once",
            "gm_email": "gm@example.org",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
            "max_absence": 2,
        }))
        .await;
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let links = app.player_links(&created).await;
    // Back with a clock that ticks once at the start, then not for an hour: only the
    // declaration itself can send the empty turn.
    app.stop().await;
    let (dir, db) = (app.dir.clone(), app.db.clone());
    let mut app = TestApp::spawn_with(dir, db, |o| o.tick = Duration::from_secs(3600)).await;
    // The clock's one tick runs at the start, in a task of its own: it is over well before
    // the absence (it takes milliseconds), so it cannot be what sends the turn.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let said = submit(
        &app,
        &links[0],
        &links[0],
        &[("action", "away"), ("rounds", "1")],
    )
    .await;
    assert!(said.contains("You are away through round 1"), "{said}");
    let g = app.get_json(&format!("/api/games/{id}")).await;
    let store = &app.running.as_ref().unwrap().master.store;
    let turns = store.turns(&store.pool, id, 1).await.unwrap();
    assert!(
        turns.iter().any(|t| t.seat == 0 && t.ready == 1),
        "Ann's empty turn is in round 1 already: {turns:?} {g}"
    );
    app.stop().await;
}

#[tokio::test]
async fn one_address_is_invited_at_most_three_times_a_day_whoever_the_game_masters_are() {
    let mut app = TestApp::spawn().await;
    let game = |gm: &str, invited: &str| {
        json!({
            "name": "Come and play",
            "gm_email": gm,
            "players": [],
            "forming": {"min_players": 3, "max_players": 4, "invite": [invited]},
        })
    };
    // Three game masters, each a fresh address, invite one person: all three are made.
    for (n, invited) in ["vic@example.org", "Vic@example.org", "VIC@Example.ORG"]
        .iter()
        .enumerate()
    {
        let (s, created) = app
            .post_game(&game(&format!("gm{n}@example.org"), invited))
            .await;
        assert_eq!(s, 201, "{created}");
    }
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    let games = || async {
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM games")
            .fetch_one(&pool)
            .await
            .unwrap();
        n
    };
    assert_eq!(games().await, 3);
    // A fourth is made as the others were: a refusal would tell its game master that other
    // games invited Vic today. Vic is sent no fourth invitation, and nothing says whether
    // any was held.
    let (s, made) = app
        .post_game(&game("gm9@example.org", "vIc@example.org"))
        .await;
    assert_eq!(s, 201, "{made}");
    assert_eq!(games().await, 4, "the fourth game is made");
    crate::common::mail::settle(&app).await;
    let to_vic = (app.mails().iter())
        .filter(|m| m.to_lowercase().contains("to: vic@example.org"))
        .count();
    assert_eq!(to_vic, 3, "no fourth invitation");
    let first = last_mail_to(&app, "gm0@example.org", "/gm/").await;
    let fourth = last_mail_to(&app, "gm9@example.org", "/gm/").await;
    for letter in [&first, &fourth] {
        assert!(letter.contains("already invited to 3"), "{letter}");
        assert!(!letter.to_lowercase().contains("vic"), "{letter}");
    }
    let words = |letter: &str| {
        let digits = |c: char| c.is_ascii_digit();
        (letter.lines())
            .filter(|l| !l.contains("/gm/") && !l.contains("/games/") && !l.contains(':'))
            .map(|l| l.replace(digits, ""))
            .collect::<Vec<_>>()
    };
    assert_eq!(words(&first), words(&fourth), "the same words for both");
    app.stop().await;
}

#[tokio::test]
async fn invitations_of_games_still_waiting_shut_no_one_out_and_a_confirmed_game_sends_none_over_the_cap(
) {
    use polysleuth::web::admission::CreateGames;
    let dir = crate::common::tempdir("invited-waiting");
    let db = crate::common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| o.create_games = CreateGames::Confirmed).await;
    // Four games made by strangers invite one address; none is confirmed, so no invitation
    // went out, and none counts against the address.
    for n in 0..4 {
        let (s, created) = app
            .post_game(&json!({
                "name": "Come and play",
                "gm_email": format!("stranger{n}@example.org"),
                "players": [],
                "forming": {"min_players": 3, "max_players": 4, "invite": ["vic@example.org"]},
            }))
            .await;
        assert_eq!(s, 201, "{created}");
        assert_eq!(created["status"], "unconfirmed", "{created}");
    }
    crate::common::mail::settle(&app).await;
    let invitations = |app: &TestApp| {
        (app.mails().iter())
            .filter(|m| m.contains("To: vic@example.org"))
            .count()
    };
    assert_eq!(invitations(&app), 0, "no invitation went out");
    // Their game masters confirm, one after another: three invitations go out, the fourth
    // is held back, and every game master is told the same words, held or not.
    for n in 0..4 {
        let mail = last_mail_to(&app, &format!("stranger{n}@example.org"), "/gm/").await;
        let gm = (mail.lines())
            .find(|l| l.contains("/gm/"))
            .map(|l| path_of(l.trim()))
            .unwrap();
        let (s, answer) = gm_action(&app, &gm, json!({"action": "start"})).await;
        assert_eq!(s, 200, "{answer}");
        let said = answer.to_string();
        assert!(
            said.contains("each to an address not already invited to 3"),
            "{n}: {said}"
        );
        assert!(!said.to_lowercase().contains("vic"), "{n}: {said}");
    }
    crate::common::mail::settle(&app).await;
    assert_eq!(invitations(&app), 3);
    app.stop().await;
}

#[tokio::test]
async fn sign_ups_left_unconfirmed_lapse_and_no_longer_close_a_game_to_others() {
    let mut app = TestApp::spawn().await;
    let (id, _) = create(&app, 3, 3, &[]).await;
    let page = format!("/games/{id}");
    let join = |i: usize| {
        let (name, email) = (format!("Pat{i}"), format!("pat{i}@example.org"));
        let app = &app;
        let page = page.clone();
        async move {
            submit(
                app,
                &page,
                &format!("/games/{id}/join"),
                &[("name", name.as_str()), ("email", email.as_str())],
            )
            .await
        }
    };
    // Twelve sign-ups nobody confirms: four a seat, and the thirteenth waits.
    for i in 0..12 {
        assert!(join(i).await.contains("A mail went to"), "sign-up {i}");
    }
    let full = join(12).await;
    assert!(full.contains("12 sign-ups waiting"), "{full}");
    // Two days on, their confirmations have lapsed, and so has the place they held.
    crate::classic::sql(
        &app,
        "UPDATE signups SET created_at = created_at - 3 * 86400 WHERE game_id = $1",
        id,
    )
    .await;
    let again = join(12).await;
    assert!(
        again.contains("A mail went to pat12@example.org"),
        "{again}"
    );
    app.stop().await;
}

#[tokio::test]
async fn one_inbox_written_many_ways_is_sent_three_sign_up_confirmations_a_day_in_all() {
    let mut app = TestApp::spawn().await;
    let (id, _) = create(&app, 3, 7, &[]).await;
    let page = format!("/games/{id}");
    let spellings = [
        "victim@gmail.com",
        "Victim+1@gmail.com",
        "v.ictim@googlemail.com",
        "vic.tim+x@gmail.com",
    ];
    let mut said = Vec::new();
    for (i, email) in spellings.iter().enumerate() {
        let name = format!("Vic{i}");
        said.push(
            submit(
                &app,
                &page,
                &format!("/games/{id}/join"),
                &[("name", name.as_str()), ("email", email)],
            )
            .await,
        );
    }
    for (email, answer) in spellings.iter().zip(&said).take(3) {
        assert!(
            answer.contains(&format!("A mail went to {email}")),
            "{answer}"
        );
    }
    assert!(
        said[3].contains("already has 3 sign-ups waiting for their confirmation today"),
        "the fourth spelling is the same inbox: {}",
        said[3]
    );
    // Another inbox is still sent its confirmation.
    let other = submit(
        &app,
        &page,
        &format!("/games/{id}/join"),
        &[("name", "Other"), ("email", "other@gmail.com")],
    )
    .await;
    assert!(other.contains("A mail went to other@gmail.com"), "{other}");
    app.stop().await;
}
