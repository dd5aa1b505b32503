//! French and English through the real doors: public pages follow the game's language, the
//! reader's `Accept-Language` and the switch; a player's own page and mail follow the
//! language and time zone they choose; bad choices are refused and change nothing.

use crate::common;
use crate::web_pages::{csrf, post_form};

use common::{game_body, TestApp};
use serde_json::json;

async fn page_with(app: &TestApp, path: &str, accept: Option<&str>) -> String {
    let mut r = app.client.get(app.url(path));
    if let Some(a) = accept {
        r = r.header("accept-language", a);
    }
    r.send().await.unwrap().text().await.unwrap()
}

#[tokio::test]
async fn public_pages_follow_the_games_language_the_readers_browser_and_the_switch() {
    let mut app = TestApp::spawn().await;
    let names = ["Ann", "Ben", "Cleo", "Dan"];
    let (id, links, gm) = app
        .create_game(&game_body(&names, None, json!({"language": "fr"})))
        .await;
    let (st, _) = app
        .post_json(
            &format!("/api/gm/{}/actions", gm.trim_start_matches("/gm/")),
            &json!({"action": "resolve"}),
        )
        .await;
    assert_eq!(st, 200);
    let plain = reqwest::Client::new();
    let get = |path: String, accept: Option<&'static str>| {
        let mut r = plain.get(app.url(&path));
        if let Some(a) = accept {
            r = r.header("accept-language", a);
        }
        async move { r.send().await.unwrap().text().await.unwrap() }
    };
    // No preference: the game's language.
    let page = get(format!("/games/{id}"), None).await;
    assert!(
        page.contains("<html lang=\"fr\">") && page.contains("Classement"),
        "{page}"
    );
    // The reader's browser asks for English.
    let page = get(format!("/games/{id}"), Some("en-GB,en;q=0.9")).await;
    assert!(
        page.contains("<html lang=\"en\">") && page.contains("Standings"),
        "{page}"
    );
    // The bulletin is drawn once per language, and the answer says which it is.
    let fr = get(format!("/games/{id}/rounds/1"), Some("fr-CA")).await;
    let en = get(format!("/games/{id}/rounds/1"), Some("en")).await;
    assert!(
        fr.contains("Tours reçus de") && en.contains("Turns received from"),
        "{fr}\n{en}"
    );
    let txt = get(format!("/games/{id}/rounds/1.txt"), None).await;
    assert!(
        txt.starts_with(&format!("POLYSLEUTH - partie {id}")),
        "{txt}"
    );

    // The switch is remembered for the reader's next pages, over their browser's language.
    let page = page_with(&app, &format!("/games/{id}?lang=en"), Some("fr")).await;
    assert!(page.contains("<html lang=\"en\">"), "{page}");
    let page = page_with(&app, "/help", Some("fr")).await;
    assert!(
        page.contains("<html lang=\"en\">") && page.contains("How to play"),
        "{page}"
    );
    let page = page_with(&app, "/help?lang=fr", None).await;
    assert!(
        page.contains("Comment jouer") && page.contains("◆"),
        "{page}"
    );

    // Ann's own page is in the game's language, whatever her browser says.
    let page = page_with(&app, &links[0], Some("en")).await;
    assert!(
        page.contains("<html lang=\"fr\">") && page.contains("Votre main"),
        "{page}"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_player_chooses_a_language_and_a_time_zone_and_bad_choices_change_nothing() {
    let mut app = TestApp::spawn().await;
    let names = ["Ann", "Ben", "Cleo", "Dan"];
    let (_, links, _) = app
        .create_game(&game_body(
            &names,
            Some(&common::scenario()["spec"]["deal"]),
            json!({"language": "fr", "time_zone": "Europe/Paris"}),
        ))
        .await;
    let ann = &links[0];
    let (_, page) = app.get_text(ann).await;
    assert!(
        page.contains("CET"),
        "the game's time zone by default: {page}"
    );
    let token = csrf(&page);

    // A bad time zone is named, in her language, and nothing changes.
    let (_, page) = post_form(
        &app,
        ann,
        &[
            ("csrf", &token),
            ("action", "prefs"),
            ("language", "en"),
            ("time_zone", "Mars/Olympus"),
        ],
    )
    .await;
    assert!(
        page.contains("« Mars/Olympus » n’est pas un fuseau horaire"),
        "{page}"
    );
    assert!(page.contains("<html lang=\"fr\">"), "{page}");

    // English and New York: the page, its deadline, and what she types are now hers.
    let (_, page) = post_form(
        &app,
        ann,
        &[
            ("csrf", &token),
            ("action", "prefs"),
            ("language", "en"),
            ("time_zone", "America/New_York"),
        ],
    )
    .await;
    assert!(
        page.contains("Saved: pages and mail in English, deadlines in America/New_York"),
        "{page}"
    );
    assert!(
        page.contains("<html lang=\"en\">") && page.contains("EST"),
        "{page}"
    );
    // A French line is still read, and an error comes back in English.
    let (_, page) = post_form(
        &app,
        ann,
        &[
            ("csrf", &token),
            ("action", "send"),
            (
                "text",
                "1: Ben a la paire d’opales bleues\n2: Ben a 2 diamant violet",
            ),
        ],
    )
    .await;
    assert!(
        page.contains("&#34;violet&#34; is not a number, colour or gem"),
        "{page}"
    );
    assert!(
        !page.contains("line 1"),
        "the French line is understood: {page}"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_game_in_a_language_the_service_does_not_speak_is_refused_clearly() {
    let mut app = TestApp::spawn().await;
    let (st, v) = app
        .post_json(
            "/api/games",
            &game_body(&["Ann", "Ben", "Cleo"], None, json!({"language": "de"})),
        )
        .await;
    assert_eq!(st, 422, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains(
            "language \"de\" is not one the game master speaks: use en (English) or fr (French)"
        ),
        "{v}"
    );
    app.stop().await;
}
