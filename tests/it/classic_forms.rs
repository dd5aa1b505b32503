//! Classic Sleuth's forms on the player's page, as a player without a mail client uses them:
//! two questions in one turn (house rule `two_questions`), a final question on any subject,
//! and an accusation of two missing gems from two choices; the page of a game whose
//! assistant is off; a game of classic Sleuth formed by sign-up; and a reply that only says
//! "I accuse …", read as the accusation; a winner's page while the others play on.

use serde_json::{json, Value};

use crate::classic::{post_form, public};
use crate::common::csrf;
use crate::common::TestApp;

const COLOURS: [&str; 4] = ["Blue", "Green", "Red", "Yellow"];
const GEMS: [&str; 3] = ["Diamond", "Opal", "Pearl"];

/// Three players of eleven cards, one table card, two missing gems: 2 Yellow Opal and
/// 3 Yellow Pearl.
fn deal() -> Value {
    let mut all: Vec<String> = Vec::new();
    for v in 1..=3 {
        for c in COLOURS {
            for g in GEMS {
                all.push(format!("{v} {c} {g}"));
            }
        }
    }
    let missing = ["2 Yellow Opal".to_string(), "3 Yellow Pearl".to_string()];
    all.retain(|c| !missing.contains(c));
    json!({
        "Ann": all[0..11], "Ben": all[11..22], "Cleo": all[22..33],
        "table": all[33..34], "missing": missing,
    })
}

/// The options of a `<select>` of a page: their values.
fn options(page: &str, id: &str) -> Vec<String> {
    page.split(&format!("id=\"{id}\""))
        .nth(1)
        .unwrap_or_else(|| panic!("no select {id}"))
        .split("</select>")
        .next()
        .unwrap()
        .split("<option value=\"")
        .skip(1)
        .map(|o| o.split('"').next().unwrap().to_string())
        .collect()
}

/// The Search card a builder's question names (`… using Free Choice Blue`).
fn card_of(question: &str) -> &str {
    question.split(" using ").nth(1).unwrap_or("")
}

/// Makes games from successive seeds until Ann's Search cards allow a one-element and a
/// two-element question on two different cards; returns the game, its links and the pair.
async fn game_with_two_kinds(app: &TestApp) -> (i64, Vec<String>, String, String) {
    for seed in 1..60 {
        let (status, created) = app
            .post_game(&json!({
                "name": "Two gems", "gm_email": "gm@example.org", "ruleset": "sleuth",
                "players": ["Ann <ann@example.org>", "Ben <ben@example.org>",
                            "Cleo <cleo@example.org>"],
                "settings": {"missing_gems": 2, "two_questions": true, "assistant": false},
                "seed": seed, "deal": deal(),
            }))
            .await;
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_i64().unwrap();
        let links: Vec<String> = app
            .player_links(&created)
            .await
            .iter()
            .map(|l| l.replacen("/play/", "/classic/play/", 1))
            .collect();
        let page = app.get_text(&links[0]).await.1;
        let asked = options(&page, "q_question");
        let one = asked.iter().find(|q| q.starts_with("how many "));
        let two = asked
            .iter()
            .find(|q| q.starts_with("for ") && one.is_some_and(|o| card_of(o) != card_of(q)));
        if let (Some(one), Some(two)) = (one, two) {
            return (id, links, one.clone(), two.clone());
        }
    }
    panic!("no seed gave Ann both kinds of question");
}

#[tokio::test]
async fn the_page_builds_two_questions_a_final_question_and_an_accusation_of_two_gems() {
    let mut app = TestApp::spawn().await;
    let (id, links, one, two) = game_with_two_kinds(&app).await;

    // Ann's page: a second question, a final question on anything, two accusation choices,
    // and no Information Sheet (the assistant is off in this game).
    let page = app.get_text(&links[0]).await.1;
    assert!(
        options(&page, "q_question_2").contains(&String::new()),
        "no second question is a choice"
    );
    let any = options(&page, "f_question");
    assert_eq!(any.len(), 10 + 33, "every question there is: {any:?}");
    assert!(
        any.iter().all(|q| !q.contains(" using ")),
        "no Search card: {any:?}"
    );
    for slot in ["accused", "accused_2"] {
        let cards = options(&page, slot);
        assert_eq!(cards[0], "", "{slot}: the form starts on no card");
        assert_eq!(
            cards.len() - 1,
            36 - 11 - 1,
            "{slot}: not her cards nor the table's"
        );
    }
    assert!(!page.contains("id=\"accused_3\""));
    assert!(
        page.contains("assistant is off"),
        "the sheet says it is off"
    );
    assert!(!page.contains("id=\"classic-sheet\""));

    // Two questions in one turn, to two players, one of each kind.
    let answer = post_form(
        &app,
        &links[0],
        &[
            ("csrf", &csrf(&page)),
            ("action", "ask"),
            ("q_target", "Ben"),
            ("q_question", &one),
            ("q_target_2", "Cleo"),
            ("q_question_2", &two),
        ],
    )
    .await;
    assert!(
        answer.contains("class=\"banner done\""),
        "both were taken: {answer}"
    );
    let g = public(&app, id).await;
    let asked: Vec<&Value> = g["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "asked" && e["seat"] == "Ann")
        .collect();
    assert_eq!(asked.len(), 2, "{g}");
    assert_eq!(
        (asked[0]["target"].as_str(), asked[1]["target"].as_str()),
        (Some("Ben"), Some("Cleo"))
    );
    assert_eq!(g["current"], "Ben");

    // Ben's final question, through its form: no Search card is used, and he must accuse.
    let page = app.get_text(&links[1]).await.1;
    let before = public(&app, id).await["seats"][1]["search"].clone();
    let question = options(&page, "f_question")
        .into_iter()
        .find(|q| q.starts_with("for "))
        .unwrap();
    let answer = post_form(
        &app,
        &links[1],
        &[
            ("csrf", &csrf(&page)),
            ("action", "final"),
            ("f_target", "Cleo"),
            ("f_question", &question),
        ],
    )
    .await;
    assert!(answer.contains("class=\"banner done\""), "{answer}");
    let g = public(&app, id).await;
    assert_eq!(g["final_asked"], true, "{g}");
    assert!(
        g["deadline"].as_i64().is_some(),
        "the turn's clock is public: {g}"
    );
    assert!(
        answer.contains("must now accuse, before"),
        "the page says until when"
    );
    assert_eq!(
        g["seats"][1]["search"], before,
        "a final question uses no Search card"
    );
    assert!(
        !answer.contains("id=\"ask-form\""),
        "nothing but an accusation now"
    );

    // His accusation names both missing gems from the two choices, in any order: he wins.
    let answer = post_form(
        &app,
        &links[1],
        &[
            ("csrf", &csrf(&answer)),
            ("action", "accuse"),
            ("confirm", "yes"),
            ("accused", "3 Yellow Pearl"),
            ("accused_2", "2 Yellow Opal"),
        ],
    )
    .await;
    assert!(answer.contains("class=\"banner done\""), "{answer}");
    let g = public(&app, id).await;
    assert_eq!(g["winners"], json!(["Ben"]), "{g}");
    assert_eq!(g["over"], true);
    assert!(g["deadline"].is_null(), "no clock once over: {g}");
    app.stop().await;
}

#[tokio::test]
async fn a_game_of_classic_sleuth_forms_by_sign_up_and_starts_as_one_when_full() {
    let mut app = TestApp::spawn().await;
    let (status, created) = app
        .post_game(&json!({
            "name": "Classic by sign-up", "gm_email": "gm@example.org", "ruleset": "sleuth",
            "players": ["Robo <computer:detective>"],
            "forming": {"min_players": 3, "max_players": 3, "invite": []},
            "settings": {"turn_hours": 12, "winners": 1}, "seed": 5,
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    // The sign-up page names the ruleset and classic Sleuth's own house rules.
    let page = app.get_text(&format!("/games/{id}")).await.1;
    assert!(
        page.contains("Classic Sleuth") && page.contains("turn_hours"),
        "{page}"
    );
    assert!(!page.contains("starting_eyes"), "no Polysleuth rules");
    // Two people join and fill it.
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "forming");
    crate::forming::join_on_the_web(&app, id, "Ann", "ann@example.org").await;
    crate::forming::join_on_the_web(&app, id, "Ben", "ben@example.org").await;

    // Full: it started as a game of classic Sleuth; Robo, in seat 1, played at once.
    let g = public(&app, id).await;
    let names: Vec<&str> = (g["seats"].as_array().unwrap().iter())
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Robo", "Ann", "Ben"], "{g}");
    assert_eq!(g["current"], "Ann", "{g}");
    assert!(g["log"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["seat"] == "Robo" && e["event"] != "turn_began"));
    let clock = g["deadline"].as_i64().unwrap() - chrono::Utc::now().timestamp();
    assert!(
        (11 * 3600..=12 * 3600).contains(&clock),
        "turn_hours=12: {clock}"
    );

    // Ann was welcomed with her hand and Search cards, then told it is her turn; the game
    // master heard it started; her link plays.
    let welcome = crate::classic::mail_to(&app, "ann@example.org", "welcome").await;
    assert!(welcome.body.contains("YOUR HAND"), "{}", welcome.body);
    crate::classic::mail_to(&app, "ann@example.org", "your turn").await;
    crate::classic::mail_to(&app, "gm@example.org", "has started").await;
    let link = welcome
        .body
        .lines()
        .find(|l| l.contains("/play/"))
        .unwrap()
        .trim()
        .to_string();
    let token = link.rsplit('/').next().unwrap();
    let (s, said) = app
        .post_json(
            &format!("/api/classic/play/{token}"),
            &json!({"text": "exchange"}),
        )
        .await;
    assert_eq!(s, 200, "{said}");
    assert_eq!(public(&app, id).await["current"], "Ben");
    app.stop().await;
}

#[tokio::test]
async fn a_mail_that_only_says_i_accuse_is_read_as_the_accusation() {
    let mut app = TestApp::spawn().await;
    let (status, created) = app
        .post_game(&json!({
            "name": "By mail", "gm_email": "gm@example.org", "ruleset": "sleuth",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>",
                        "Cleo <cleo@example.org>", "Robo <computer:novice>"],
            "seed": 3, "deal": crate::classic::deal(),
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    // Ben, whose turn it is not, replies to his welcome with his accusation in prose's words:
    // greeting, "I accuse …", sign-off and the quote, as a mail client writes it.
    let welcome = crate::classic::mail_to(&app, "ben@example.org", "welcome").await;
    let raw = crate::classic::reply("ben@example.org", &welcome, "I accuse 2 Yellow Pearl.");
    crate::classic::send_mail(&app, raw).await;
    let start = std::time::Instant::now();
    let g = loop {
        let g = public(&app, id).await;
        if g["over"] == true || start.elapsed() > std::time::Duration::from_secs(10) {
            break g;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert_eq!(g["winners"], json!(["Ben"]), "{g}");
    app.stop().await;
}

#[tokio::test]
async fn a_winner_while_the_others_play_on_is_told_the_deal_comes_at_the_end() {
    let mut app = TestApp::spawn().await;
    let mut d = crate::classic::deal();
    d["Dan"] = d["Robo"].take();
    d.as_object_mut().unwrap().remove("Robo");
    let (status, created) = app
        .post_game(&json!({
            "name": "Second place", "gm_email": "gm@example.org", "ruleset": "sleuth",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>",
                        "Cleo <cleo@example.org>", "Dan <dan@example.org>"],
            "settings": {"turn_hours": 24, "winners": 2}, "seed": 9, "deal": d,
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let links = app.player_links(&created).await;
    let api = links[1].replacen("/play/", "/api/classic/play/", 1);
    let (status, answer) = app
        .post_json(&api, &json!({"text": "accuse 2 Yellow Pearl"}))
        .await;
    assert_eq!(status, 200, "{answer}");
    let g = public(&app, id).await;
    assert_eq!(g["winners"], json!(["Ben"]), "{g}");
    assert_eq!(g["over"], false, "a second winner is played for");
    let page = app
        .get_text(&links[1].replacen("/play/", "/classic/play/", 1))
        .await
        .1;
    assert!(page.contains("You accused rightly and have won"), "{page}");
    assert!(!page.contains("are below"), "nothing is below yet");
    app.stop().await;
}
