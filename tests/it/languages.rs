//! French and English through the real doors: public pages follow the game's language, the
//! reader's `Accept-Language` and the switch; a player's own page and mail follow the
//! language and time zone they choose; bad choices are refused and change nothing.

use crate::common;
use crate::common::csrf;
use crate::web_pages::post_form;

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
        .post_game(&game_body(
            &["Ann", "Ben", "Cleo"],
            None,
            json!({"language": "de"}),
        ))
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

/// Posts the game master's form with its token, read from their page first.
async fn gm_form(app: &TestApp, gm: &str, fields: &[(&str, &str)]) -> String {
    let (_, page) = app.get_text(gm).await;
    let token = csrf(&page);
    let mut form: Vec<(&str, &str)> = vec![("csrf", &token)];
    form.extend_from_slice(fields);
    post_form(app, gm, &form).await.1
}

#[tokio::test]
async fn a_french_game_master_is_answered_in_french_and_the_bulletin_words_the_notes_per_reader() {
    let mut app = TestApp::spawn().await;
    let names = ["Ann", "Ben", "Cleo", "Dan"];
    let (id, links, gm) = app
        .create_game(&game_body(
            &names,
            None,
            json!({"language": "fr", "time_zone": "Europe/Paris"}),
        ))
        .await;
    let page = gm_form(&app, &gm, &[("action", "pause")]).await;
    assert!(
        page.contains("Le maître de jeu a mis la partie en pause"),
        "{page}"
    );
    // A refusal is French too, and keeps the page.
    let page = gm_form(&app, &gm, &[("action", "pause")]).await;
    assert!(page.contains("la partie est déjà en pause"), "{page}");
    let page = gm_form(&app, &gm, &[("action", "extend"), ("hours", "1.5")]).await;
    assert!(page.contains("prolongé l’échéance de 1,5 heure"), "{page}");
    let page = gm_form(&app, &gm, &[("action", "extend"), ("hours", "beaucoup")]).await;
    assert!(
        page.contains("« beaucoup » n’est pas un nombre d’heures"),
        "{page}"
    );
    let page = gm_form(&app, &gm, &[("action", "resume")]).await;
    assert!(
        page.contains("a repris la partie ; l’échéance est le"),
        "{page}"
    );
    let page = gm_form(&app, &gm, &[("action", "resolve")]).await;
    assert!(page.contains("La manche 1 a été résolue."), "{page}");

    // The bulletin keeps the notes as data: each reader has them in their language.
    let fr = page_with(&app, &format!("/games/{id}/rounds/1"), Some("fr")).await;
    assert!(
        fr.contains("Le maître de jeu a mis la partie en pause")
            && fr.contains("Le maître de jeu a prolongé l’échéance de 1,5 heure"),
        "{fr}"
    );
    let en = page_with(&app, &format!("/games/{id}/rounds/1"), Some("en")).await;
    assert!(
        en.contains("The game master paused the game")
            && en.contains("extended the deadline by 1.5 hours"),
        "{en}"
    );
    // The API speaks English, as it always has.
    let api = app.get_json(&format!("/api/games/{id}/rounds/1")).await;
    assert!(
        api["notes"].to_string().contains("resumed the game"),
        "{api}"
    );

    // A player's refused absence comes back in her language.
    let (_, page) = app.get_text(&links[0]).await;
    let token = csrf(&page);
    // The script counts down in the page's words and leaves the deadline in her time zone.
    assert!(
        page.contains("data-countdown-days=\"%d j %h h %m min %s s\""),
        "{page}"
    );
    let (_, script) = app.get_text("/static/play.js").await;
    assert!(
        !script.contains("toLocale") && !script.contains("' j '"),
        "{script}"
    );
    let (_, page) = post_form(
        &app,
        &links[0],
        &[("csrf", &token), ("action", "away"), ("rounds", "2")],
    )
    .await;
    assert!(page.contains("<html lang=\"fr\">"), "{page}");
    assert!(!page.contains("this game allows no absences"), "{page}");
    app.stop().await;
}

#[tokio::test]
async fn a_french_form_error_page_and_sign_up_mail() {
    let mut app = TestApp::spawn().await;
    // The new-game form names classic Sleuth's fields in words, not keys.
    let form = page_with(&app, "/games/new?lang=fr", None).await;
    assert!(
        form.contains("Gemmes manquantes") && !form.contains(">missing_gems<"),
        "{form}"
    );
    // An error page in the reader's language.
    let page = page_with(&app, "/games/1/rounds/x", Some("fr")).await;
    assert!(
        page.contains("« x » n’est pas un numéro de manche"),
        "{page}"
    );
    let (s, created) = app
        .post_game(&json!({
            "name": "Partie ouverte",
            "gm_email": "mj@example.org",
            "players": [],
            "language": "fr",
            "forming": {"min_players": 3, "max_players": 4, "start_at": 1_900_000_800},
        }))
        .await;
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let (_, page) = app.get_text(&format!("/games/{id}")).await;
    // Its start date and round length in French words and numbers.
    assert!(page.contains("dimanche 17 mars 2030 à 18:00"), "{page}");
    assert!(page.contains("48 heures"), "{page}");
    let token = csrf(&page);
    let (_, said) = post_form(
        &app,
        &format!("/games/{id}/join"),
        &[
            ("csrf", &token),
            ("name", "Zoé Lee"),
            ("email", "zoe@example.org"),
        ],
    )
    .await;
    assert!(
        said.contains("le nom de joueur « Zoé Lee » n’est pas utilisable : utilisez de 1 à 32"),
        "{said}"
    );
    let (_, said) = post_form(
        &app,
        &format!("/games/{id}/join"),
        &[
            ("csrf", &token),
            ("name", "Zoe"),
            ("email", "zoe@example.org"),
        ],
    )
    .await;
    assert!(
        said.contains("Un courriel est parti vers zoe@example.org"),
        "{said}"
    );
    common::mail::settle(&app).await;
    let mails = app.mails();
    let to_zoe = mails
        .iter()
        .rev()
        .find(|m| m.contains("To: zoe@example.org"))
        .expect("a mail to Zoe")
        .replace("=\r\n", "");
    assert!(
        to_zoe.contains("confirmez") && !to_zoe.contains("Someone asked"),
        "{to_zoe}"
    );
    let to_gm = mails
        .iter()
        .find(|m| m.contains("To: mj@example.org"))
        .expect("the game master's first mail")
        .replace("=\r\n", "");
    assert!(!to_gm.contains("is open for sign-up"), "{to_gm}");
    app.stop().await;
}

#[tokio::test]
async fn a_players_error_page_follows_their_language_not_their_browsers() {
    let mut app = TestApp::spawn().await;
    let names = ["Ann", "Ben", "Cleo"];
    let (_, links, gm) = app
        .create_game(&game_body(&names, None, json!({"language": "fr"})))
        .await;
    let ann = common::path_of(&links[0]);
    let page = page_with(&app, &ann, Some("en")).await;
    assert!(page.contains("lang=\"fr\""), "Ann's page is French");
    let token = csrf(&page);
    let (s, said) = app
        .post_json(
            &(gm.replacen("/gm/", "/api/gm/", 1) + "/actions"),
            &json!({"action": "end", "confirm": true}),
        )
        .await;
    assert_eq!(s, 200, "{said}");
    // Her withdrawal comes too late: the error page is hers, in French, whatever her browser
    // asks for.
    let r = app
        .client
        .post(app.url(&ann))
        .header("accept-language", "en")
        .form(&[("csrf", token.as_str()), ("action", "clear")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    let body = r.text().await.unwrap();
    assert!(body.contains("la partie est terminée"), "{body}");
    app.stop().await;
}

/// A name with accents is a name: a game seats Amélie, a turn names her in any case or with
/// the accent typed as a separate mark, and a second Amélie in another case is refused.
#[tokio::test]
async fn a_player_named_with_accents_is_seated_and_named_in_turns_whatever_the_case() {
    let mut app = common::TestApp::spawn().await;
    let body = |players: &[&str]| {
        let mut body = common::game_body(&["Ann"], None, serde_json::json!({}));
        body["players"] = players
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{p} <p{i}@example.org>"))
            .collect();
        body
    };
    let (_, links, _) = app.create_game(&body(&["Amélie", "Ben", "Zoë"])).await;
    let (status, reply) = app
        .turn(
            &links[1],
            "1 (0): AMÉLIE has how many Reds?\n2 (0): zoë has how many Opals?",
        )
        .await;
    assert_eq!(status, 200, "{reply}");
    let (status, reply) = app
        .turn(&links[1], "1 (0): Ame\u{301}lie has how many Blues?")
        .await;
    assert_eq!(
        status, 200,
        "a combining accent reads as the letter: {reply}"
    );
    let view = app.private_view(&links[0]).await;
    assert_eq!(
        view["me"].as_str().or(view["name"].as_str()),
        Some("Amélie"),
        "{view}"
    );
    let (status, refused) = app.post_game(&body(&["Amélie", "AMÉLIE", "Ben"])).await;
    assert_eq!(status, 422, "{refused}");
    app.stop().await;
}
