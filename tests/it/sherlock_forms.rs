//! A game of Sherlock Solitaire formed by sign-up: made with no players and a seat for each
//! detective, joined on the web by two people, it starts as one when full — each detective
//! seated in turn order, each player welcomed (the cards only to whoever plays first), the game
//! master told — and its first turn is played by mail. And a game with a turn deadline says
//! when the turn ends, and that its clock is stopped while the game master pauses it.

use polysleuth::games::sherlock::setup::{Case, Detective, Settings};
use serde_json::json;

use crate::classic::{mail_to, reply, send_mail};
use crate::common::sherlock::{plan_turn, searching, stored};
use crate::common::TestApp;

#[tokio::test]
async fn a_game_of_two_detectives_forms_by_sign_up_and_starts_when_full() {
    let mut app = TestApp::spawn().await;
    let rules = Settings {
        detectives: vec![Detective::Holmes, Detective::Watson],
        case: Case::FinalProblem,
        level: 2,
        ..Settings::default()
    };
    let (status, created) = app
        .post_game(&json!({
            "name": "Baker Street by sign-up", "gm_email": "gm@example.org",
            "ruleset": "sherlock", "players": [],
            "forming": {"min_players": 2, "max_players": 2, "invite": []},
            "settings": rules, "seed": 8,
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "forming", "{g}");
    let page = app.get_text(&format!("/games/{id}")).await.1;
    assert!(page.contains("Sherlock Solitaire"), "{page}");

    crate::forming::join_on_the_web(&app, id, "Ann", "ann@example.org").await;
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "forming", "one seat of two: {g}");
    crate::forming::join_on_the_web(&app, id, "Ben", "ben@example.org").await;

    // Full: the game began at its first turn, Ann as Holmes (first), Ben as Watson.
    let s = stored(&app, id).await;
    assert_eq!(s.game.turn, 1);
    assert_eq!(s.game.settings, rules);
    assert_eq!(s.seat_on_turn(), 0);
    let ann = mail_to(&app, "ann@example.org", "welcome to").await;
    let ben = mail_to(&app, "ben@example.org", "welcome to").await;
    assert!(ann.body.contains("Your hand:"), "{}", ann.body);
    assert!(!ben.body.contains("Your hand:"), "{}", ben.body);
    assert!(ben.body.contains("It is Ann's turn"), "{}", ben.body);
    assert!(
        !ann.body.contains("This turn ends"),
        "no turn_hours, no deadline"
    );
    let gm = mail_to(&app, "gm@example.org", "has started").await;
    assert!(
        gm.body.contains("Ann (Sherlock Holmes), Ben (Dr. Watson)"),
        "{}",
        gm.body
    );

    // Ann's reply plays the first turn; then it is Ben's, with the cards in his mail.
    let lines = plan_turn(&s, searching);
    send_mail(&app, reply("ann@example.org", &ann, &lines.join("\n"))).await;
    crate::common::mail::settle(&app).await;
    let s = stored(&app, id).await;
    assert_eq!(s.game.turn, 2, "{:?}", s.game);
    assert_eq!(s.seat_on_turn(), 1);
    let next = mail_to(&app, "ben@example.org", "turn 2 of").await;
    assert!(next.body.contains("Your hand:"), "{}", next.body);
    app.stop().await;
}

#[tokio::test]
async fn with_turn_hours_the_table_says_when_the_turn_ends_and_that_its_clock_stops_when_paused() {
    let mut app = TestApp::spawn().await;
    let rules = Settings {
        turn_hours: Some(24),
        ..Settings::default()
    };
    let (id, links, gm) = crate::common::sherlock::create(
        &app,
        3,
        &["Ann <ann@example.org>"],
        serde_json::to_value(&rules).unwrap(),
    )
    .await;
    let table = format!("/sherlock/games/{id}");
    let page = app.get_text(&table).await.1;
    assert!(page.contains("This turn ends at"), "{page}");
    let api = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (s, said) = app.post_json(&api, &json!({"action": "pause"})).await;
    assert_eq!(s, 200, "{said}");
    for path in [&table, &links[0]] {
        let page = app.get_text(path).await.1;
        assert!(page.contains("clock is stopped"), "{page}");
        assert!(!page.contains("This turn ends at"), "{page}");
    }
    let (s, said) = app.post_json(&api, &json!({"action": "resume"})).await;
    assert_eq!(s, 200, "{said}");
    let page = app.get_text(&links[0]).await.1;
    assert!(page.contains("This turn ends at"), "{page}");
    app.stop().await;
}

#[tokio::test]
async fn without_turn_hours_the_game_master_cannot_end_a_turn_and_with_them_can() {
    let mut app = TestApp::spawn().await;
    for hours in [None, Some(24)] {
        let rules = Settings {
            turn_hours: hours,
            ..Settings::default()
        };
        let (id, _, gm) = crate::common::sherlock::create(
            &app,
            3,
            &["Ann <ann@example.org>"],
            serde_json::to_value(&rules).unwrap(),
        )
        .await;
        let r = app.get(&gm).await;
        let page = match r.headers().get("location") {
            Some(to) => app.get_text(to.to_str().unwrap()).await.1,
            None => r.text().await.unwrap(),
        };
        assert_eq!(
            page.contains("End the turn now"),
            hours.is_some(),
            "the button only with a clock: {page}"
        );
        let before = stored(&app, id).await;
        let api = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
        let (s, said) = app
            .post_json(&api, &json!({"action": "resolve", "confirm": true}))
            .await;
        if hours.is_none() {
            assert_eq!(s, 409, "{said}");
            assert!(
                said.to_string()
                    .contains("a turn ends only by its player's reply"),
                "{said}"
            );
            assert_eq!(stored(&app, id).await.game, before.game, "nothing changed");
        } else {
            assert_eq!(s, 200, "{said}");
            assert_eq!(stored(&app, id).await.game.turn, before.game.turn + 1);
        }
    }
    app.stop().await;
}
