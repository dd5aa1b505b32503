//! The player's and the game master's pages are kept once drawn (`PageCache`'s whole pages)
//! and read again only when the file changed (`store::reader`): these tests check that a kept
//! page is never stale after anything it shows changed, by any door, and that it is only ever
//! served to the reader it was drawn for, each browser with its own form token.

use crate::common;

use common::TestApp;
use serde_json::json;

use super::web_pages::post_form;
use crate::common::csrf;

/// A browser of its own: its own cookies, so its own form token.
fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .unwrap()
}

async fn page(app: &TestApp, client: &reqwest::Client, path: &str) -> String {
    let r = client.get(app.url(path)).send().await.unwrap();
    assert_eq!(r.status(), 200, "{path}");
    assert_eq!(
        r.headers()["cache-control"],
        "no-store",
        "a private page is never kept by a browser or a proxy"
    );
    r.text().await.unwrap()
}

/// Sends "ready" from the page's form with the given token; the answer's status.
async fn send_ready(app: &TestApp, client: &reqwest::Client, path: &str, token: &str) -> u16 {
    let r = client
        .post(app.url(path))
        .form(&[("csrf", token), ("text", "ready")])
        .send()
        .await
        .unwrap();
    r.status().as_u16()
}

#[tokio::test]
async fn a_kept_page_shows_at_once_a_turn_sent_elsewhere_and_a_round_resolved() {
    let mut app = TestApp::spawn().await;
    let body = common::api_body(&["Ann", "Ben", "Cleo"], json!({"round_hours": 24}));
    let (id, players, gm) = app.create_game(&body).await;
    let (ann, ben) = (&players[0], &players[1]);
    let client = browser();

    // Drawn and kept, twice alike.
    let first = page(&app, &client, ann).await;
    assert!(first.contains("Send your turn for round 1"), "{first}");
    let gm_first = page(&app, &client, &gm).await;
    assert!(gm_first.contains("<td>Ann</td><td>no</td>"), "{gm_first}");

    // A turn sent through the API (another door): Ann's page shows it at once, and so does
    // the game master's, though the mail problems it also shows are kept for a moment.
    let (s, _) = app.turn(ann, "1 (2): Ben has how many Reds?").await;
    assert_eq!(s, 200);
    let after = page(&app, &client, ann).await;
    assert!(after.contains("1 (2): Ben has how many Reds?"), "{after}");
    assert!(!after.contains("Send your turn for round 1"), "{after}");
    let (s, _) = app.turn(ben, "ready").await;
    assert_eq!(s, 200);
    let gm_after = page(&app, &client, &gm).await;
    assert!(
        gm_after.contains("<td>Ann</td><td>yes</td>")
            && gm_after.contains("<td>Ben</td><td>yes</td>"),
        "the game master's page shows the turns sent: {gm_after}"
    );

    // Ben's page was never drawn with Ann's turn.
    let ben_page = page(&app, &client, ben).await;
    assert!(
        !ben_page.contains("1 (2): Ben has how many Reds?"),
        "{ben_page}"
    );

    // The game master resolves the round: both kept pages show round 2.
    let actions = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (s, said) = app.post_json(&actions, &json!({"action": "resolve"})).await;
    assert_eq!(s, 200, "{said}");
    app.wait_for_round(id, 1).await;
    let resolved = page(&app, &client, ann).await;
    assert!(
        resolved.contains("Send your turn for round 2"),
        "{resolved}"
    );
    let gm_resolved = page(&app, &client, &gm).await;
    assert!(gm_resolved.contains("Round 2"), "{gm_resolved}");
    app.stop().await;
}

#[tokio::test]
async fn a_kept_page_goes_only_to_its_reader_each_browser_with_its_own_form_token() {
    let mut app = TestApp::spawn().await;
    let body = common::api_body(&["Ann", "Ben", "Cleo"], json!({"round_hours": 24}));
    let (_, players, _) = app.create_game(&body).await;
    let (ann, ben) = (&players[0], &players[1]);
    let ann_hand = app.private_view(&common::path_of(ann)).await["hand"].clone();
    let ben_hand = app.private_view(&common::path_of(ben)).await["hand"].clone();
    let (home, away) = (browser(), browser());

    // The two pages, each read several times in turn from two browsers.
    let mut tokens: Vec<String> = Vec::new();
    for _ in 0..3 {
        for (i, client) in [&home, &away].into_iter().enumerate() {
            let a = page(&app, client, ann).await;
            let b = page(&app, client, ben).await;
            assert!(a.contains("<h1>Ann "), "{a}");
            assert!(b.contains("<h1>Ben "), "{b}");
            for card in ann_hand.as_array().unwrap() {
                let mine = format!("data-card=\"{}\"", card.as_str().unwrap());
                assert!(a.contains(&mine), "Ann's page shows her {mine}");
                assert!(!b.contains(&mine), "Ben's page never shows Ann's {mine}");
            }
            for card in ben_hand.as_array().unwrap() {
                let mine = format!("data-card=\"{}\"", card.as_str().unwrap());
                assert!(!a.contains(&mine), "Ann's page never shows Ben's {mine}");
            }
            match tokens.get(i) {
                None => tokens.push(csrf(&a)),
                Some(kept) => assert_eq!(&csrf(&a), kept, "a browser keeps its form token"),
            }
            assert_eq!(csrf(&a), csrf(&b), "one browser, one form token");
        }
    }
    assert_ne!(tokens[0], tokens[1], "two browsers, two form tokens");

    // Each browser's token works with its own cookie, not with the other's.
    let token = csrf(&page(&app, &away, ann).await);
    assert_eq!(send_ready(&app, &away, ann, &token).await, 200);
    assert_eq!(
        send_ready(&app, &home, ann, &token).await,
        409,
        "another browser's token is refused"
    );
    // The test client's own browser: a fresh cookie and token, and the form goes through.
    let (_, fresh) = app.get_text(ben).await;
    let (s, _) = post_form(&app, ben, &[("csrf", &csrf(&fresh)), ("text", "ready")]).await;
    assert_eq!(s, 200);
    app.stop().await;
}
