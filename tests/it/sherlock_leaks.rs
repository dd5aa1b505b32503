//! Who may see what of a game of Sherlock Solitaire (its rules' "who may see what"): with two
//! people playing the two detectives, the hand and the cards drawn are the player's on turn
//! alone — not their partner's page, API or mail, nor the public table, its API or its feed,
//! nor the game master's page — and so are the plays their page has lined up but not sent.

use serde_json::json;

use crate::classic::{mail_to, post_form, reply, send_mail};
use crate::common::csrf;
use crate::common::sherlock::{create, plan_turn, searching, stored};
use crate::common::TestApp;

#[tokio::test]
async fn no_one_but_the_player_on_turn_sees_the_hand_the_draw_or_the_plays_lined_up() {
    let mut app = TestApp::spawn().await;
    let (id, links, gm) = create(
        &app,
        8,
        &["Ann <ann@example.org>", "Ben <ben@example.org>"],
        json!({"detectives": ["holmes", "watson"]}),
    )
    .await;
    // Ann plays turn 1 by mail; turn 2 is Ben's.
    let welcome = mail_to(&app, "ann@example.org", "welcome to").await;
    let s = stored(&app, id).await;
    send_mail(
        &app,
        reply(
            "ann@example.org",
            &welcome,
            &plan_turn(&s, searching).join("\n"),
        ),
    )
    .await;
    crate::common::mail::settle(&app).await;
    let s = stored(&app, id).await;
    assert_eq!(s.game.turn, 2, "Ann's reply ended her turn");
    let ben_hand: Vec<String> = s
        .game
        .hand
        .iter()
        .map(|h| h.card.face().to_string())
        .collect();

    // Ben lines a play up on his page, not sent.
    let page = app.get_text(&links[1]).await.1;
    assert!(page.contains("id=\"hand\""), "Ben sees his hand");
    let line = plan_turn(&s, searching)[0].clone();
    let csrf = csrf(&page);
    post_form(
        &app,
        &links[1],
        &[("csrf", csrf.as_str()), ("action", "line"), ("line", &line)],
    )
    .await;
    assert_eq!(stored(&app, id).await.pending, vec![line.clone()]);

    // Ann's page and API: no hand, nothing lined up, the draw as a count.
    let ann_page = app.get_text(&links[0]).await.1;
    assert!(!ann_page.contains("id=\"hand\""), "{ann_page}");
    assert!(!ann_page.contains("id=\"pending\""), "{ann_page}");
    assert!(ann_page.contains("4 cards were drawn"), "{ann_page}");
    assert!(
        !ann_page.contains(&format!("value=\"{line}\"")),
        "{ann_page}"
    );
    let ann_api = app
        .get_json(&links[0].replacen("/sherlock/play/", "/api/sherlock/play/", 1))
        .await;
    assert_eq!(ann_api["own"], json!({"your_turn": false}), "{ann_api}");
    let ben_api = app
        .get_json(&links[1].replacen("/sherlock/play/", "/api/sherlock/play/", 1))
        .await;
    let seen: Vec<String> = ben_api["own"]["view"]["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h[0].as_str().unwrap().to_string())
        .collect();
    assert_eq!(seen, ben_hand, "Ben's own API gives his hand");
    assert_eq!(ben_api["own"]["pending"], json!([line]));

    // The public table, its API and feed, and the game master's page: the same.
    for path in [
        format!("/sherlock/games/{id}"),
        format!("/sherlock/games/{id}/feed.atom"),
        gm.replacen("/gm/", "/sherlock/gm/", 1),
    ] {
        let (_, text) = app.get_text(&path).await;
        assert!(
            !text.contains("id=\"hand\"") && !text.contains("You drew"),
            "{path}: {text}"
        );
        assert!(!text.contains("id=\"pending\""), "{path}");
        assert!(text.contains("cards were drawn"), "{path}: {text}");
    }
    let public = app.get_json(&format!("/api/sherlock/games/{id}")).await;
    let text = public.to_string();
    assert!(
        !text.contains("\"hand\"") && !text.contains("\"drew\"") && !text.contains("pending"),
        "{text}"
    );
    assert!(public["deck"].is_null(), "{public}");
    assert_eq!(public["hand_size"], ben_hand.len());

    // Ann's mail of turn 2 counts Ben's draw and names none of it.
    let news = mail_to(&app, "ann@example.org", "turn 2").await;
    assert!(
        !news.body.contains("Your hand:") && !news.body.contains("You drew"),
        "{}",
        news.body
    );
    assert!(news.body.contains("4 cards were drawn"), "{}", news.body);
    app.stop().await;
}

/// The hand of the turn now open, as a draw names it.
fn hand_words(s: &polysleuth::games::sherlock::stored::Stored) -> String {
    let faces: Vec<String> = (s.game.hand.iter()).map(|h| h.card.face().name()).collect();
    faces.join(", ")
}

#[tokio::test]
async fn a_player_whose_reply_ends_the_turn_reads_how_many_cards_the_partner_drew_never_which() {
    let mut app = TestApp::spawn().await;
    let (id, links, _) = create(
        &app,
        8,
        &["Ann <ann@example.org>", "Ben <ben@example.org>"],
        json!({"detectives": ["holmes", "watson"]}),
    )
    .await;

    // Ann ends turn 1 by the API: its answer counts Ben's draw and names none of it.
    let s = stored(&app, id).await;
    let api = links[0].replacen("/sherlock/play/", "/api/sherlock/play/", 1);
    let (status, answer) = app
        .post_json(&api, &json!({"text": plan_turn(&s, searching).join("\n")}))
        .await;
    assert_eq!(status, 200, "{answer}");
    let s = stored(&app, id).await;
    assert_eq!(s.game.turn, 2, "Ann's reply ended her turn: {answer}");
    let settled = answer["done"]["settled"].as_array().unwrap();
    let began = (settled.iter())
        .position(|e| e["event"] == "turn_began")
        .expect("turn 2 began in the answer");
    assert!(
        settled[began..].iter().all(|e| e["event"] != "drew"),
        "Ben's draw is named to Ann: {answer}"
    );
    assert!(
        (settled[began..].iter()).any(|e| e["event"] == "drew_hidden" && e["count"] == 4),
        "{answer}"
    );

    // Ben ends turn 2 from his page: the page's banner counts Ann's draw, never names it.
    let page = app.get_text(&links[1]).await.1;
    let csrf = csrf(&page);
    let text = plan_turn(&s, searching).join("\n");
    let answered = post_form(&app, &links[1], &[("csrf", csrf.as_str()), ("text", &text)]).await;
    let s = stored(&app, id).await;
    assert_eq!(s.game.turn, 3, "Ben's reply ended his turn");
    assert!(
        !answered.contains(&hand_words(&s)),
        "Ann's new hand ({}) is named on Ben's page: {answered}",
        hand_words(&s)
    );
    assert!(answered.contains("4 cards were drawn"), "{answered}");
    app.stop().await;
}
