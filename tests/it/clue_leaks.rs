//! RULES-CLUE §5 for every viewer of a Clue game in progress: a card shown is seen by the
//! suggester and the refuter alone, the cards a refuter is asked to choose from by the refuter
//! alone, a hand by its player alone — on the pages, through the API, in the mails, the feed
//! and the game master's page. One person plays among two computer players, who show each
//! other cards the person must never see, with `ask_refuter` on.

use serde_json::{json, Value};

use crate::classic::{mail_to, outbox, post_form};
use crate::common::clue::stored;
use crate::common::csrf;
use crate::common::{path_of, TestApp};

/// Every "X showed you CARD" and "You showed CARD to X" a text holds: the cards named.
fn shown_phrases(text: &str) -> Vec<String> {
    let mut cards = Vec::new();
    for (marker, end) in [("showed you ", "."), ("You showed ", " to ")] {
        for part in text.split(marker).skip(1) {
            cards.push(
                part.split(end)
                    .next()
                    .unwrap_or_default()
                    .trim()
                    .to_string(),
            );
        }
    }
    cards
}

#[tokio::test]
async fn no_viewer_of_a_clue_game_sees_a_card_shown_to_another_or_another_hand() {
    let mut app = TestApp::spawn().await;
    let (status, created) = app
        .post_game(&json!({
            "name": "Leaks", "gm_email": "gm@example.org", "ruleset": "clue", "seed": 8,
            "players": ["Ann <ann@example.org>", "Robo <computer:master>", "Hal <computer:detective>"],
            "settings": {"board": false, "ask_refuter": true},
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let gm = path_of(created["gm_link"].as_str().unwrap());
    let welcome = mail_to(&app, "ann@example.org", "welcome").await;
    let line = welcome.body.lines().find(|l| l.contains("/play/")).unwrap();
    let link = path_of(&line[line.find("http").unwrap()..]).replacen("/play/", "/clue/play/", 1);
    let api = link.replacen("/clue/play/", "/api/clue/play/", 1);

    // Ann plays two turns, naming the computers' cards so they show; asked to choose, she
    // shows on her page. The computers play theirs between.
    let state = stored(&app, id).await;
    let theirs: Vec<String> = (1..3)
        .flat_map(|s| {
            serde_json::from_value::<Vec<String>>(state["game"]["setup"]["hands"][s].clone())
                .unwrap()
        })
        .collect();
    let guests = [
        "Miss Scarlet",
        "Colonel Mustard",
        "Mrs. White",
        "Mr. Green",
        "Mrs. Peacock",
        "Professor Plum",
    ];
    let weapons = ["Candlestick", "Knife", "Rope", "Pistol", "Bat", "Poison"];
    let rooms = [
        "Spa",
        "Theater",
        "Living Room",
        "Observatory",
        "Patio",
        "Hall",
        "Kitchen",
        "Dining Room",
        "Guest House",
    ];
    let (mut turns, mut asked_ann) = (0, 0);
    for step in 0..60 {
        let g: Value = app.get_json(&format!("/api/clue/games/{id}")).await;
        if turns >= 2 {
            break;
        }
        let page = app.get_text(&link).await.1;
        if page.contains("id=\"show-form\"") {
            asked_ann += 1;
            let card = page
                .split("name=\"card\" value=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            post_form(
                &app,
                &link,
                &[("csrf", &csrf(&page)), ("action", "show"), ("card", card)],
            )
            .await;
            continue;
        }
        assert_eq!(g["turn"], 0, "step {step}: Ann's turn, or her choice: {g}");
        let guest = theirs
            .iter()
            .find(|c| guests.contains(&c.as_str()) && step % 2 == 0)
            .cloned()
            .unwrap_or(guests[step % 6].into());
        let weapon = theirs
            .iter()
            .find(|c| weapons.contains(&c.as_str()))
            .cloned()
            .unwrap_or(weapons[step % 6].into());
        let room = rooms[(step + 3) % 9];
        let text = format!("suggest {guest} in {room} with {weapon}");
        post_form(
            &app,
            &link,
            &[
                ("csrf", &csrf(&page)),
                ("action", "command"),
                ("text", &text),
            ],
        )
        .await;
        let page = app.get_text(&link).await.1;
        if !page.contains("id=\"show-form\"")
            && app.get_json(&format!("/api/clue/games/{id}")).await["phase"] == "answered"
        {
            post_form(&app, &link, &[("csrf", &csrf(&page)), ("action", "done")]).await;
        }
        turns += 1;
    }
    let table: Value = app.get_json(&format!("/api/clue/games/{id}")).await;
    assert_ne!(table["phase"], "over", "the game is in progress: {table}");
    let state = stored(&app, id).await;
    let shown: Vec<(usize, usize, String)> =
        serde_json::from_value(state["game"]["shown"].clone()).unwrap();
    assert!(
        shown.iter().any(|(r, s, _)| *r != 0 && *s != 0),
        "the computers showed each other cards: {shown:?}"
    );
    assert!(shown.iter().any(|(_, s, _)| *s == 0), "Ann was shown cards");
    let hand: Vec<String> =
        serde_json::from_value(state["game"]["setup"]["hands"][0].clone()).unwrap();
    // What Ann may see of cards shown: those shown to her, those she showed.
    let hers: Vec<&String> = (shown.iter())
        .filter(|(r, s, _)| *r == 0 || *s == 0)
        .map(|(_, _, c)| c)
        .collect();

    // Her page, her API answer and her mails name no card shown between the others.
    let page = app.get_text(&link).await.1;
    let own: Value = app.get_json(&api).await;
    let mails: String = (outbox(&app).into_iter())
        .filter(|m| m.to == "ann@example.org")
        .map(|m| m.body)
        .collect::<Vec<_>>()
        .join("\n");
    for (what, text) in [("page", &page), ("mails", &mails)] {
        for card in shown_phrases(text) {
            assert!(
                hers.iter().any(|c| **c == card),
                "{what} names {card}, not shown to or by Ann"
            );
        }
    }
    assert_eq!(own["own"]["hand"], json!(hand));
    for e in own["game"]["log"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|l| l["events"].as_array().unwrap())
    {
        if e.get("card").is_some() {
            assert!(
                e["seat"] == 0 || e["to"] == 0,
                "the API shows Ann a card shown to another: {e}"
            );
        }
        if e["event"] == "asked" {
            assert!(e.get("cards").is_none() || e["seat"] == 0, "{e}");
        }
    }
    // Nobody's hand but hers, in what she reads (her page lists her hand alone).
    let others: Vec<String> = (1..3)
        .flat_map(|s| {
            serde_json::from_value::<Vec<String>>(state["game"]["setup"]["hands"][s].clone())
                .unwrap()
        })
        .collect();
    for card in &others {
        assert!(
            !page.contains(&format!("<li>{card}</li>")),
            "{card} listed on Ann's page"
        );
        assert!(
            !mails.contains(&format!("Your hand: {card}")),
            "{card} in Ann's hand line"
        );
    }

    // The public table, its API and feed, and the game master's page: no card shown at all.
    let public = app.get_text(&format!("/clue/games/{id}")).await.1;
    let feed = app.get_text(&format!("/clue/games/{id}/feed.atom")).await.1;
    let gm_page = app.get_text(&gm.replacen("/gm/", "/clue/gm/", 1)).await.1;
    let table: Value = app.get_json(&format!("/api/clue/games/{id}")).await;
    for (what, text) in [
        ("public page", &public),
        ("feed", &feed),
        ("game master's page", &gm_page),
    ] {
        assert!(shown_phrases(text).is_empty(), "{what} names a card shown");
        assert!(!text.contains("Show a card to"), "{what}");
    }
    assert!(!table["log"].to_string().contains("\"card\""), "{table}");
    assert!(table.get("hands").is_none_or(Value::is_null), "{table}");
    let gm_mails: String = (outbox(&app).into_iter())
        .filter(|m| m.to == "gm@example.org")
        .map(|m| m.body)
        .collect();
    assert!(shown_phrases(&gm_mails).is_empty(), "{gm_mails}");
    assert!(asked_ann > 0, "Ann was asked to choose once at least");
    app.stop().await;
}
