//! Clue played through the service's real doors: a game made by the API, played on the
//! pages and by mail to a right accusation, its record published and verified; who may see a
//! card shown (the suggester and the refuter alone); a turn passed at its deadline; an
//! accusation that waits for its box.

use serde_json::{json, Value};

use crate::classic::{mail_to, post_form, reply, send_mail};
use crate::common::clue::{public, stored};
use crate::common::csrf;
use crate::common::down::{Deadline, Down};
use crate::common::{path_of, TestApp};

/// A game of Clue without the board (every turn a suggestion naming a room), of Ann, Ben and
/// Cleo: its id, the players' page paths (in seat order) and the game master's.
async fn clue(app: &TestApp, seed: u64) -> (i64, Vec<String>, String) {
    let (status, created) = app
        .post_game(&json!({
            "name": "Pool party", "gm_email": "gm@example.org", "ruleset": "clue",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
            "seed": seed, "settings": {"board": false},
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    assert!(created["public_page"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/clue/games/{id}")));
    let links = app
        .player_links(&created)
        .await
        .iter()
        .map(|l| l.replacen("/play/", "/clue/play/", 1))
        .collect();
    (id, links, path_of(created["gm_link"].as_str().unwrap()))
}

const NAMES: [&str; 3] = ["Ann", "Ben", "Cleo"];

/// A game of Clue without the board of Ann, Ben and Cleo (seed 3) whose players are skipped
/// after `idle_turns` turns let pass: the game as made.
async fn idle_clue(app: &TestApp, name: &str, idle_turns: u32) -> Value {
    let (status, created) = app
        .post_game(&json!({
            "name": name, "gm_email": "gm@example.org", "ruleset": "clue",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
            "seed": 3, "settings": {"board": false, "idle_turns": idle_turns},
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    created
}

/// Lets the turn under way pass at its deadline, with the service running: the scheduler
/// passes it.
async fn let_turn_pass(app: &TestApp, id: i64) {
    let before = stored(app, id).await["turn_no"].as_u64().unwrap();
    crate::classic::sql(app, "UPDATE games SET turn_deadline = 1 WHERE id = $1", id).await;
    let start = std::time::Instant::now();
    while stored(app, id).await["turn_no"].as_u64().unwrap() == before {
        assert!(start.elapsed().as_secs() < 15, "the turn passed");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// The seat on turn in game `id`, its player's address and their welcome mail.
pub(crate) async fn on_turn(app: &TestApp, id: i64) -> (usize, String, crate::classic::Mail) {
    let first = public(app, id).await["turn"].as_u64().unwrap() as usize;
    let address = format!("{}@example.org", NAMES[first].to_lowercase());
    let welcome = mail_to(app, &address, "welcome").await;
    (first, address, welcome)
}

#[tokio::test]
async fn a_game_of_clue_is_played_on_the_pages_and_by_mail_to_a_right_accusation_and_verifies() {
    let mut app = TestApp::spawn().await;
    let (id, links, gm) = clue(&app, 7).await;
    let g = public(&app, id).await;
    let first = g["turn"].as_u64().unwrap() as usize;

    // The public table: whose turn, the spare cards; no board (it is off here), no hand.
    let (_, table) = app.get_text(&format!("/clue/games/{id}")).await;
    assert!(
        !table.contains("<svg"),
        "no board is drawn with the board off"
    );
    assert!(table.contains(NAMES[first]), "{table}");
    let state = stored(&app, id).await;
    for hand in state["game"]["setup"]["hands"].as_array().unwrap() {
        for card in hand.as_array().unwrap() {
            let name = card.as_str().unwrap_or_default();
            assert!(
                !table.contains(&format!("<li>{name}</li>")),
                "no hand on the table"
            );
        }
    }

    // The opening bulletin: every house rule, and every roll for the first turn.
    let rolled = format!("{} plays first", NAMES[first]);
    assert!(
        table.contains("House rules: turn_hours = 24, board = off, ask_refuter = off"),
        "{table}"
    );
    assert!(table.contains(&rolled), "{table}");
    assert!(!table.contains("id=\"hands\""), "no hand before the end");
    assert!(
        !table.contains(state["salt"].as_str().unwrap()),
        "no salt before the end"
    );

    // Welcome letters give each their hand and page, and the opening bulletin; the page
    // opens on the frame.
    let welcome = mail_to(
        &app,
        &format!("{}@example.org", NAMES[first].to_lowercase()),
        "welcome",
    )
    .await;
    assert!(welcome.body.contains("Your hand:"), "{}", welcome.body);
    assert!(
        welcome
            .body
            .contains("House rules: turn_hours = 24, board = off")
            && welcome.body.contains("The roll for the first turn: ")
            && welcome.body.contains(&rolled),
        "{}",
        welcome.body
    );
    let page = app.get_text(&links[first]).await.1;
    assert!(
        page.contains("id=\"table-head\"") && page.contains("Your turn"),
        "{page}"
    );
    assert!(
        page.contains("id=\"suggest-form\""),
        "board off: the turn is a suggestion"
    );

    // The first player suggests on the page: the banner tells who showed what.
    let envelope: Vec<String> =
        serde_json::from_value(state["game"]["setup"]["envelope"].clone()).unwrap();
    let page = post_form(
        &app,
        &links[first],
        &[
            ("csrf", &csrf(&page)),
            ("action", "suggest"),
            ("guest", &envelope[0]),
            ("room", "Kitchen"),
            ("weapon", &envelope[1]),
        ],
    )
    .await;
    assert!(page.contains("class=\"banner done\""), "{page}");
    assert!(page.contains("suggested"), "{page}");
    assert!(
        page.contains("id=\"accuse-form\""),
        "answered: the accusation is offered"
    );

    // An accusation without its box is refused, nothing changes.
    let page = post_form(
        &app,
        &links[first],
        &[
            ("csrf", &csrf(&page)),
            ("action", "accuse"),
            ("guest", &envelope[0]),
            ("room", &envelope[2]),
            ("weapon", &envelope[1]),
        ],
    )
    .await;
    assert!(page.contains("class=\"banner refused\""), "{page}");
    assert_eq!(public(&app, id).await["phase"], "answered");

    // She ends her turn on the page; the next player accuses rightly by mail.
    post_form(
        &app,
        &links[first],
        &[("csrf", &csrf(&page)), ("action", "done")],
    )
    .await;
    let next = (first + 1) % 3;
    assert_eq!(public(&app, id).await["turn"], next);
    let news = mail_to(
        &app,
        &format!("{}@example.org", NAMES[next].to_lowercase()),
        "your turn",
    )
    .await;
    assert!(
        news.body.contains("/play/"),
        "the letter links the page: {}",
        news.body
    );
    let room = envelope[2].clone();
    let text = format!(
        "suggest {} in {room} with {}\naccuse {} in {room} with {}",
        envelope[0], envelope[1], envelope[0], envelope[1]
    );
    send_mail(
        &app,
        reply(
            &format!("{}@example.org", NAMES[next].to_lowercase()),
            &news,
            &text,
        ),
    )
    .await;
    let g = public(&app, id).await;
    assert_eq!(g["phase"], "over", "{g}");
    assert_eq!(g["winner"], next);
    let (_, table) = app.get_text(&format!("/clue/games/{id}")).await;
    assert!(table.contains("solved it"), "{table}");
    let feed = app.get(&format!("/clue/games/{id}/feed.atom")).await;
    assert!(feed.headers()["content-type"]
        .to_str()
        .unwrap()
        .contains("atom"));
    let feed = feed.text().await.unwrap();
    assert!(
        feed.contains("<entry>") && feed.contains("solved it"),
        "{feed}"
    );
    assert!(!feed.contains("showed you"), "the feed is public: {feed}");
    assert!(table.contains("id=\"envelope\""));
    // The final bulletin: the whole deal, the seed and the salt, on the table and in the
    // last letters, the game master's too.
    let salt = state["salt"].as_str().unwrap();
    let hands = state["game"]["setup"]["hands"].as_array().unwrap();
    let dealt = &table[table.find("id=\"hands\"").expect("every hand")..];
    for (seat, hand) in hands.iter().enumerate() {
        assert!(dealt.contains(NAMES[seat]), "{dealt}");
        for card in hand.as_array().unwrap() {
            assert!(dealt.contains(card.as_str().unwrap()), "{dealt}");
        }
    }
    assert!(
        table.contains(salt) && table.contains("record.json"),
        "{table}"
    );
    for to in [
        "ann@example.org",
        "ben@example.org",
        "cleo@example.org",
        "gm@example.org",
    ] {
        let last = mail_to(&app, to, "the game is over").await;
        assert!(
            last.body.contains("The whole deal:") && last.body.contains(salt),
            "{to}: {}",
            last.body
        );
    }

    // The record is published and verifies; a changed seed is caught.
    let record = app.get_json(&format!("/games/{id}/record.json")).await;
    assert_eq!(record["ruleset"], "clue");
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    // A game made now keeps a refused suggestion's right to stay; the same record without the
    // key (as records were before) replays the old way, which changes nothing here.
    assert_eq!(record["refusal_keeps_stay"], true, "{record}");
    let mut before = record.clone();
    before.as_object_mut().unwrap().remove("refusal_keeps_stay");
    let (code, out, err) = crate::records::verify(&before).await;
    assert_eq!(code, Some(0), "{out} {err}");
    let mut bad = record.clone();
    bad["seed"] = json!(record["seed"].as_u64().unwrap() + 1);
    let (code, out, err) = crate::records::verify(&bad).await;
    assert_eq!(code, Some(1), "{err}");
    assert!(format!("{out}{err}").contains("commitment"), "{out} {err}");
    // The record holds every roll of the roll-off; a roll changed is caught.
    let rolls = record["setup"]["roll_off"][0]
        .as_array()
        .expect("the first rolls");
    assert_eq!(rolls.len(), 3, "{record}");
    let mut bad = record.clone();
    let roll = bad["setup"]["roll_off"][0][0]["rolled"].as_u64().unwrap();
    bad["setup"]["roll_off"][0][0]["rolled"] = json!(roll % 6 + 1);
    let (code, out, err) = crate::records::verify(&bad).await;
    assert_eq!(code, Some(1), "{out} {err}");
    assert!(format!("{out}{err}").contains("set-up"), "{out} {err}");
    // A suggestion changed before the winning accusation, the end left as it was: the log
    // catches it.
    assert!(!record["log"].as_array().unwrap().is_empty(), "{record}");
    let mut bad = record.clone();
    let messages = bad["messages"].as_array_mut().unwrap();
    let step = (messages.iter_mut())
        .find(|m| m["text"].as_str().is_some_and(|t| t.contains("suggest")))
        .expect("a suggestion");
    let text = step["text"].as_str().unwrap().to_string();
    let other = match text.contains("Plum") {
        true => text.replacen("Plum", "Green", 1),
        false => text.replacen("suggest ", "suggest Plum with ", 1),
    };
    step["text"] = json!(other);
    let (code, out, err) = crate::records::verify(&bad).await;
    assert_eq!(code, Some(1), "{out} {err}");
    let _ = gm;
    app.stop().await;
}

#[tokio::test]
async fn a_card_shown_is_told_to_the_suggester_and_the_refuter_alone() {
    let mut app = TestApp::spawn().await;
    let (id, links, _) = clue(&app, 11).await;
    let state = stored(&app, id).await;
    let first = state["game"]["turn"].as_u64().unwrap() as usize;
    let refuter = (first + 1) % 3;
    let bystander = (first + 2) % 3;
    // A suggestion naming a card the next seat holds: that seat must show one.
    let hand: Vec<String> =
        serde_json::from_value(state["game"]["setup"]["hands"][refuter].clone()).unwrap();
    let guests = [
        "Miss Scarlet",
        "Colonel Mustard",
        "Mrs. White",
        "Mr. Green",
        "Mrs. Peacock",
        "Professor Plum",
    ];
    let weapons = ["Candlestick", "Knife", "Rope", "Pistol", "Bat", "Poison"];
    let guest = hand
        .iter()
        .find(|c| guests.contains(&c.as_str()))
        .cloned()
        .unwrap_or("Professor Plum".into());
    let weapon = hand
        .iter()
        .find(|c| weapons.contains(&c.as_str()))
        .cloned()
        .unwrap_or("Rope".into());
    let room = hand
        .iter()
        .find(|c| !guests.contains(&c.as_str()) && !weapons.contains(&c.as_str()))
        .cloned()
        .unwrap_or("Kitchen".into());
    let page = app.get_text(&links[first]).await.1;
    let text = format!("suggest {guest} in {room} with {weapon}");
    let answer = post_form(
        &app,
        &links[first],
        &[
            ("csrf", &csrf(&page)),
            ("action", "command"),
            ("text", &text),
        ],
    )
    .await;
    assert!(answer.contains("class=\"banner done\""), "{text}: {answer}");
    let g = public(&app, id).await;
    let shown = (g["log"].as_array().unwrap().iter())
        .flat_map(|l| l["events"].as_array().unwrap())
        .filter(|e| e["event"] == "showed_unseen")
        .count();
    assert_eq!(shown, 1, "the next seat showed a card: {g}");
    // Neither the public table nor its API names the card.
    assert!(!g["log"].to_string().contains("\"card\""), "{g}");
    let mine = app.get_text(&links[first]).await.1;
    let theirs = app.get_text(&links[refuter]).await.1;
    let third = app.get_text(&links[bystander]).await.1;
    assert!(
        mine.contains(&format!("{} showed you", NAMES[refuter])),
        "the suggester sees the card: {mine}"
    );
    assert!(
        theirs.contains("You showed"),
        "the refuter sees it too: {theirs}"
    );
    assert!(
        !third.contains("showed you") && !third.contains("You showed"),
        "{third}"
    );
    assert!(
        third.contains(&format!(
            "{} showed {} a card",
            NAMES[refuter], NAMES[first]
        )),
        "{third}"
    );
    // The suggester's Detective Notebook marks the card shown, with its reason; the
    // bystander's says nothing of which card it was.
    let notebook = |page: &str| {
        page.split("id=\"clue-notebook\"")
            .nth(1)
            .unwrap_or_else(|| panic!("no notebook: {page}"))
            .split("</table>")
            .next()
            .unwrap()
            .to_string()
    };
    let why = format!("{} showed it to you", NAMES[refuter]);
    assert!(notebook(&mine).contains(&why), "{}", notebook(&mine));
    assert!(!notebook(&third).contains("showed it to you"));
    assert!(mine.contains("Worked out exactly"), "the method is said");
    // The status mail carries the notebook too, the card shown certain with its reason.
    let me = format!("{}@example.org", NAMES[first].to_lowercase());
    let welcome = mail_to(&app, &me, "welcome").await;
    send_mail(&app, reply(&me, &welcome, "status")).await;
    let status = mail_to(&app, &me, "your status").await;
    assert!(
        status.body.contains("DETECTIVE NOTEBOOK"),
        "{}",
        status.body
    );
    let why = format!("✓ ({} showed it to you", NAMES[refuter]);
    assert!(status.body.contains(&why), "{}", status.body);
    assert!(
        status.body.contains('%'),
        "the open cards' chances: {}",
        status.body
    );
    // So do their letters: the bystander's names no card.
    let news = mail_to(
        &app,
        &format!("{}@example.org", NAMES[bystander].to_lowercase()),
        "what happened",
    )
    .await;
    assert!(
        news.body.contains("a card") && !news.body.contains("showed you"),
        "{}",
        news.body
    );
    app.stop().await;
}

#[tokio::test]
async fn a_turn_passed_at_its_deadline_and_the_game_masters_skip_and_end_are_in_a_record_that_verifies(
) {
    let mut app = TestApp::spawn().await;
    let (id, _, gm) = clue(&app, 3).await;
    let first = public(&app, id).await["turn"].as_u64().unwrap() as usize;
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    sqlx::query("UPDATE games SET turn_deadline = 1 WHERE id = $1")
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
    let next = (first + 1) % 3;
    mail_to(
        &app,
        &format!("{}@example.org", NAMES[next].to_lowercase()),
        "your turn",
    )
    .await;
    let g = public(&app, id).await;
    assert_eq!(g["turn"], next, "{g}");
    assert!(
        g["deadline"].as_i64().unwrap() > 1_000_000,
        "a new deadline: {g}"
    );

    // The game master skips a turn, then ends the game: the record keeps every step, and it
    // verifies and replays.
    let api = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (s, said) = app.post_json(&api, &json!({"action": "resolve"})).await;
    assert_eq!(s, 200, "{said}");
    assert_eq!(public(&app, id).await["turn"], (next + 1) % 3);
    let (s, said) = app
        .post_json(&api, &json!({"action": "end", "confirm": true}))
        .await;
    assert_eq!(s, 200, "{said}");
    let record = app.get_json(&format!("/games/{id}/record.json")).await;
    let steps = record["messages"].to_string();
    for step in ["\"deadline\":true", "\"gm\":\"skip\"", "\"gm\":\"end\""] {
        assert!(steps.contains(step), "{step} in {steps}");
    }
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    let replayed = crate::records::replay(&record).await;
    assert_eq!(replayed["commitment"], record["commitment"]);
    assert_eq!(replayed["over"], true);
    app.stop().await;
}

#[tokio::test]
async fn a_game_of_clue_is_made_from_the_command_line_and_bad_requests_are_named() {
    use crate::common::RunAside;
    let mut app = TestApp::spawn().await;
    // The command line, as an operator types it: the game is Clue's, with its own pages.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args([
            "game",
            "new",
            "--database-url",
            &app.db,
            "--ruleset",
            "clue",
        ])
        .args(["--gm-email", "gm@example.org", "--setting", "turn_hours=12"])
        .args(NAMES.iter().flat_map(|p| {
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
    let r = app.get(&format!("/games/{id}")).await;
    assert_eq!(r.status(), 303, "the core's page leads to Clue's");
    let g = public(&app, id).await;
    assert!(g["deadline"].as_i64().is_some(), "{g}");

    // What Clue's rules do not allow is named; nothing is made.
    for (extra, says) in [
        (
            json!({"settings": {"show_hours": 0}}),
            "show_hours must be between 1 and 720",
        ),
        (
            json!({"settings": {"turn_hours": 0}}),
            "turn_hours must be between 1 and 720",
        ),
        (
            json!({"players": ["Ann <ann@example.org>", "Ben <ben@example.org>"]}),
            "3 to 6 players",
        ),
        (
            json!({"players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Robo <computer:genius>"]}),
            "genius",
        ),
    ] {
        let mut body = json!({
            "name": "Bad", "gm_email": "gm@example.org", "ruleset": "clue",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
        });
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, answer) = app.post_game(&body).await;
        assert_eq!(status, 422, "{extra}: {answer}");
        assert!(answer.to_string().contains(says), "{extra}: {answer}");
    }
    app.stop().await;
}

#[tokio::test]
async fn a_player_skipped_for_idleness_is_back_after_a_status_mail_and_the_record_still_verifies() {
    let mut app = TestApp::spawn().await;
    let created = idle_clue(&app, "Sleepy", 1).await;
    let id = created["id"].as_i64().unwrap();
    let gm = path_of(created["gm_link"].as_str().unwrap());
    let (first, address, welcome) = on_turn(&app, id).await;

    // The first player lets the turn pass: with idle_turns = 1 they are skipped.
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    sqlx::query("UPDATE games SET turn_deadline = 1 WHERE id = $1")
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
    let told = mail_to(&app, "gm@example.org", "skipped for idleness").await;
    assert!(told.body.contains(NAMES[first]), "{}", told.body);
    assert_eq!(stored(&app, id).await["skipped"][first], true);

    // A mail with nothing but `status` is a command: it lifts the skip.
    send_mail(&app, reply(&address, &welcome, "status")).await;
    mail_to(&app, &address, "your status").await;
    let s = stored(&app, id).await;
    assert_eq!(s["skipped"][first], false, "{s}");
    assert_eq!(s["idle"][first], 0, "{s}");

    // The record keeps the mail, so a replay lifts the skip too: it verifies.
    let record = crate::records::ended(&app, &gm, id).await;
    assert!(
        record["messages"]
            .to_string()
            .contains("\"text\":\"status\""),
        "{}",
        record["messages"]
    );
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    app.stop().await;
}

#[tokio::test]
async fn a_message_that_changes_nothing_is_not_kept_and_an_ended_game_takes_none() {
    let mut app = TestApp::spawn().await;
    let (id, links, gm) = clue(&app, 7).await;
    let first = public(&app, id).await["turn"].as_u64().unwrap() as usize;
    let other = (first + 1) % 3;
    let api = |k: usize| links[k].replacen("/clue/play/", "/api/clue/play/", 1);
    let kept = |s: &Value| s["messages"].as_array().unwrap().len();

    // Out of turn, refused whole: nothing changed, so nothing is kept.
    let before = stored(&app, id).await;
    let (status, answer) = app
        .post_json(
            &api(other),
            &json!({"text": "suggest Plum in Kitchen with Rope"}),
        )
        .await;
    assert_eq!(status, 422, "{answer}");
    let after = stored(&app, id).await;
    assert_eq!(kept(&after), kept(&before));
    assert_eq!(after["game"], before["game"]);

    // Too long to be commands: refused whole, saying the limits.
    let flood = vec!["suggest Plum in Kitchen with Rope"; 60].join("\n");
    let (status, answer) = app.post_json(&api(first), &json!({"text": flood})).await;
    assert_eq!(status, 422, "{answer}");
    let why = answer["refused"]["why"].as_str().unwrap();
    assert!(why.contains("at most 50 lines and 8 KiB"), "{why}");
    assert_eq!(stored(&app, id).await, after, "nothing read, nothing kept");

    // Ended: a message is refused, and the published record does not change.
    let actions = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (s, said) = app
        .post_json(&actions, &json!({"action": "end", "confirm": true}))
        .await;
    assert_eq!(s, 200, "{said}");
    let record = app.get_json(&format!("/games/{id}/record.json")).await;
    let (status, answer) = app
        .post_json(
            &api(first),
            &json!({"text": "suggest Plum in Kitchen with Rope"}),
        )
        .await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["refused"]["why"], "the game is over");
    let after = app.get_json(&format!("/games/{id}/record.json")).await;
    assert_eq!(after, record, "the record stays as published");
    app.stop().await;
}

#[tokio::test]
async fn a_line_of_letters_whose_lower_case_has_another_length_is_refused_and_the_doors_go_on() {
    let mut app = TestApp::spawn().await;
    let (id, links, _) = clue(&app, 7).await;
    let (first, address, welcome) = on_turn(&app, id).await;
    // `K` is the Kelvin sign (one byte shorter lowered), `İ` grows by one.
    let odd = "suggest \u{212A} with x \u{130}\u{130}";

    // By the API: a refusal that names the line, not a dropped connection.
    let api = links[first].replacen("/clue/play/", "/api/clue/play/", 1);
    let (status, answer) = app.post_json(&api, &json!({"text": odd})).await;
    assert_eq!(status, 422, "{answer}");
    // By mail: the player is told the line was not carried out, and the door takes the next.
    send_mail(&app, reply(&address, &welcome, odd)).await;
    let refused = mail_to(&app, &address, "NOT carried out").await;
    assert!(
        refused.body.contains("which is no card"),
        "{}",
        refused.body
    );
    send_mail(&app, reply(&address, &welcome, "status")).await;
    mail_to(&app, &address, "your status").await;
    app.stop().await;
}

#[tokio::test]
async fn a_players_page_names_the_turns_deadline_in_the_time_zone_they_chose() {
    let mut app = TestApp::spawn().await;
    let (id, links, _) = clue(&app, 7).await;
    let (first, address, welcome) = on_turn(&app, id).await;
    let page = app.get_text(&links[first]).await.1;
    assert!(page.contains("UTC"), "the game's zone by default: {page}");
    send_mail(&app, reply(&address, &welcome, "timezone Asia/Tokyo")).await;
    let start = std::time::Instant::now();
    loop {
        let page = app.get_text(&links[first]).await.1;
        if page.contains("JST") {
            break;
        }
        assert!(
            start.elapsed().as_secs() < 10,
            "the player's own zone: {page}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    app.stop().await;
}

#[tokio::test]
async fn a_setting_of_rounds_given_for_a_game_of_turns_is_refused_by_name_not_dropped() {
    let mut app = TestApp::spawn().await;
    let (status, answer) = app
        .post_json(
            "/api/games",
            &json!({
                "name": "Pool party", "gm_email": "gm@example.org", "ruleset": "clue",
                "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
                "round_hours": 12, "max_absence": 3,
            }),
        )
        .await;
    assert_eq!(status, 422, "{answer}");
    let said = answer["problems"].to_string();
    for field in ["round_hours", "max_absence"] {
        assert!(
            said.contains(&format!("{field} is a setting of games played in rounds")),
            "{said}"
        );
    }
    assert!(said.contains("turn_hours"), "and what to use: {said}");
    // Without them, the same game is made.
    let (status, answer) = app
        .post_json(
            "/api/games",
            &json!({
                "name": "Pool party", "gm_email": "gm@example.org", "ruleset": "clue",
                "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
                "settings": {"turn_hours": 12},
            }),
        )
        .await;
    assert!(status == 201 || status == 202, "{answer}");
    app.stop().await;
}

#[tokio::test]
async fn a_game_waiting_for_its_game_master_says_so_not_that_it_is_paused() {
    use polysleuth::web::admission::CreateGames;
    let dir = crate::common::tempdir("clue-waits");
    let db = crate::common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| o.create_games = CreateGames::Confirmed).await;
    let (status, created) = app
        .post_game(&json!({
            "name": "Not yet", "gm_email": "gm@example.org", "ruleset": "clue",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["status"], "unconfirmed", "{created}");
    let id = created["id"].as_i64().unwrap();
    let (_, table) = app.get_text(&format!("/clue/games/{id}")).await;
    assert!(
        table.contains("waits for its game master to start it"),
        "{table}"
    );
    assert!(!table.contains("paused"), "{table}");
    app.stop().await;
}

#[tokio::test]
async fn a_turn_line_mailed_after_the_deadline_passes_the_turn_first_and_still_counts_as_heard() {
    let mut app = TestApp::spawn().await;
    let created = idle_clue(&app, "Late", 3).await;
    let id = created["id"].as_i64().unwrap();
    let (first, address, welcome) = on_turn(&app, id).await;
    // The player on turn let one turn pass already.
    crate::common::clue::edit_stored(&app, id, |s| {
        let mut idle = vec![0; 3];
        idle[first] = 1;
        s["idle"] = json!(idle);
    })
    .await;
    let before = stored(&app, id).await;
    // The service stops; the turn's deadline passes before the mail comes.
    app.stop().await;
    let down = Down::open(&app.db).await;
    down.deadline_passed(id, Deadline::Turn).await;
    let line = "suggest Professor Plum in Kitchen with Rope";
    down.pipe(reply(&address, &welcome, line)).await;
    let after = down.state(id).await;
    // The turn passed as at its deadline; the line was not played in the next; the mail was
    // heard, so the count of turns let pass starts again.
    assert_eq!(
        after["turn_no"],
        before["turn_no"].as_u64().unwrap() + 1,
        "{after}"
    );
    assert_ne!(after["game"]["turn"], json!(first), "{after}");
    assert_eq!(after["idle"][first], 0, "{after}");
    assert!(
        down.told(&address, "passed its deadline").await,
        "told why: {:?}",
        down.unsent().await
    );
    // The record keeps the pass and the mail, and replays to the same log: it verifies.
    down.close().await;
    let mut app = TestApp::spawn_on(app.dir.clone(), app.db.clone()).await;
    let gm = created["gm_link"].as_str().unwrap();
    let record = crate::records::ended(&app, gm, id).await;
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    app.stop().await;
}

#[tokio::test]
async fn a_late_mail_whose_turn_comes_straight_back_is_heard_not_played_and_kept_in_the_record() {
    let mut app = TestApp::spawn().await;
    let created = idle_clue(&app, "Straight back", 3).await;
    let id = created["id"].as_i64().unwrap();
    let (first, address, welcome) = on_turn(&app, id).await;
    // Every turn lets pass at its deadline; the player on turn writes `status` on theirs, which
    // keeps their count below the limit: after three rounds the two others are skipped, so a
    // turn passed comes straight back to the player on turn.
    for turn in 0..9 {
        if turn % 3 == 0 && turn > 0 {
            send_mail(&app, reply(&address, &welcome, "status")).await;
        }
        let_turn_pass(&app, id).await;
    }
    let s = stored(&app, id).await;
    assert_eq!(s["game"]["turn"], json!(first), "{s}");
    let others: Vec<bool> = (0..3)
        .filter(|seat| *seat != first)
        .map(|seat| s["skipped"][seat] == true)
        .collect();
    assert_eq!(others, [true, true], "{s}");
    assert_eq!(s["idle"][first], 1, "{s}");
    let before = stored(&app, id).await;
    app.stop().await;
    let down = Down::open(&app.db).await;
    down.deadline_passed(id, Deadline::Turn).await;
    let line = "suggest Professor Plum in Kitchen with Rope";
    down.pipe(reply(&address, &welcome, line)).await;
    let after = down.state(id).await;
    // The turn passed at its deadline and came back; the line was not played in the new
    // turn, but the mail was heard: the count of turns let pass starts again.
    assert!(
        after["turn_no"].as_u64().unwrap() > before["turn_no"].as_u64().unwrap(),
        "{after}"
    );
    assert_eq!(after["game"]["turn"], json!(first), "{after}");
    assert_eq!(
        after["game"]["phase"], before["game"]["phase"],
        "nothing played"
    );
    assert_eq!(after["idle"][first], 0, "heard: {after}");
    assert!(
        down.told(&address, "passed its deadline").await,
        "told why: {:?}",
        down.unsent().await
    );
    // The record keeps the mail as heard, not played, and replays to the same game.
    down.close().await;
    let mut app = TestApp::spawn_on(app.dir.clone(), app.db.clone()).await;
    let gm = created["gm_link"].as_str().unwrap();
    let record = crate::records::ended(&app, gm, id).await;
    let late: Vec<&Value> = (record["messages"].as_array().unwrap().iter())
        .filter(|m| m["late"] == json!(true))
        .collect();
    assert_eq!(late.len(), 1, "{record}");
    assert_eq!(late[0]["text"], line);
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    app.stop().await;
}

#[tokio::test]
async fn a_mistyped_command_at_the_top_of_a_mail_is_refused_and_the_accusation_after_it_waits() {
    let mut app = TestApp::spawn().await;
    let (id, _links, _) = clue(&app, 7).await;
    let (_, address, welcome) = on_turn(&app, id).await;
    let before = stored(&app, id).await;
    // A hurried reply: a greeting, a suggestion mistyped, an accusation, a signature.
    let text =
        "Hello all,\n\nsugest Plum in Kitchen with Rope\naccuse Plum in Kitchen with Rope\n\nAnn";
    send_mail(&app, reply(&address, &welcome, text)).await;
    let refused = mail_to(&app, &address, "NOT carried out").await;
    assert!(refused.body.contains("sugest Plum"), "{}", refused.body);
    assert_eq!(
        stored(&app, id).await["game"],
        before["game"],
        "the accusation after the wrong line was not made"
    );
    app.stop().await;
}
