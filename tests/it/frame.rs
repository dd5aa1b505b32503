//! The frame every game's pages and mails sit in, through the real entry points: the header
//! (whose round or turn, until when, what you can do now), banners that tell a refusal from
//! a success, what happened to you in the last round, confirmations for what cannot be
//! undone, endings that say who ended the game, each game's rules on the site, and the
//! player's own page linked from every mail to them.

use serde_json::json;

use crate::classic::{deal, mail_to, post_form, public};
use crate::common::csrf;
use crate::common::{path_of, TestApp};

/// A Polysleuth game of three on a fixed seed: its id, the players' page paths and the game
/// master's page path.
async fn polysleuth(app: &TestApp) -> (i64, Vec<String>, String) {
    let (status, created) = app
        .post_game(&json!({
            "name": "Frame", "gm_email": "gm@example.org", "seed": 5,
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let links = app.player_links(&created).await;
    let gm = path_of(created["gm_link"].as_str().unwrap());
    (created["id"].as_i64().unwrap(), links, gm)
}

/// The part of a page between `from` and the next `to`.
fn part<'a>(page: &'a str, from: &str, to: &str) -> &'a str {
    let at = page
        .find(from)
        .unwrap_or_else(|| panic!("no {from} in the page"));
    let rest = &page[at..];
    &rest[..rest.find(to).map_or(rest.len(), |e| e + to.len())]
}

#[tokio::test]
async fn a_players_page_opens_on_who_they_are_the_round_its_deadline_and_what_they_can_do() {
    let mut app = TestApp::spawn().await;
    let (_, links, _) = polysleuth(&app).await;
    let page = app.get_text(&links[0]).await.1;
    let head = part(&page, "id=\"table-head\"", "</header>");
    assert!(head.contains("Ann") && head.contains("Frame"), "{head}");
    assert!(
        head.contains("href=\"/rules/polysleuth?lang=en\""),
        "{head}"
    );
    assert!(
        head.contains("Round 1 is open.") && head.contains("data-deadline="),
        "{head}"
    );
    assert!(head.contains("Send your turn for round 1"), "{head}");

    // A refused turn is a refusal, marked and announced as one; the header is unchanged.
    let page = post_form(
        &app,
        &links[0],
        &[
            ("csrf", &csrf(&page)),
            ("action", "send"),
            ("text", "1: Ben has a purple cow"),
        ],
    )
    .await;
    let banner = part(&page, "id=\"banner\"", "</div>");
    assert!(
        page.contains("class=\"banner refused\" role=\"alert\""),
        "{banner}"
    );
    assert!(
        banner.contains("✗") && banner.contains("NOT accepted"),
        "{banner}"
    );
    assert!(part(&page, "id=\"can\"", "</p>").contains("Send your turn"));

    // A stored turn is a success, and the header now says it can still change.
    let page = post_form(
        &app,
        &links[0],
        &[
            ("csrf", &csrf(&page)),
            ("action", "send"),
            ("text", "1 (3): Ben has how many red"),
        ],
    )
    .await;
    assert!(
        page.contains("class=\"banner done\" role=\"status\""),
        "{page}"
    );
    assert!(
        part(&page, "id=\"can\"", "</p>").contains("is stored (not yet ready)"),
        "{page}"
    );
    app.stop().await;
}

#[tokio::test]
async fn an_outbid_question_is_told_to_its_asker_with_what_it_cost_and_the_bulletin_labels_bids() {
    let mut app = TestApp::spawn().await;
    let (id, links, gm) = polysleuth(&app).await;
    assert_eq!(
        app.turn(&links[0], "1 (9): Cleo has how many red").await.0,
        200
    );
    assert_eq!(
        app.turn(&links[1], "1 (2): Cleo has how many blue diamonds")
            .await
            .0,
        200
    );
    let (s, answer) = app
        .post_json(
            &(gm.replacen("/gm/", "/api/gm/", 1) + "/actions"),
            &json!({"action": "resolve"}),
        )
        .await;
    assert_eq!(s, 200, "{answer}");
    app.wait_for_round(id, 1).await;

    let ben = app.get_text(&links[1]).await.1;
    let news = part(&ben, "id=\"happened\"", "</section>");
    assert!(news.contains("What happened to you in round 1"), "{news}");
    assert!(
        news.contains("Question 1 to Cleo")
            && news.contains("bid 2")
            && news.contains("not answered")
            && news.contains("you paid 0"),
        "{news}"
    );
    let ann = app.get_text(&links[0]).await.1;
    let news = part(&ann, "id=\"happened\"", "</section>");
    assert!(
        news.contains("answered — Cleo has") && news.contains("you paid 9"),
        "{news}"
    );
    // Cleo asked nothing and is told so; nobody's page tells another's questions.
    let cleo = app.get_text(&links[2]).await.1;
    assert!(part(&cleo, "id=\"happened\"", "</section>").contains("asked nothing"));
    assert!(!cleo.contains("bid 2"), "Ben's lost question is his alone");

    // The bulletin tells the bid apart from the one-trait markup.
    let (_, bulletin) = app.get_text(&format!("/games/{id}/rounds/1")).await;
    assert!(
        bulletin.contains("(question by Ann, 11: bid 9 + 2 for one trait)"),
        "{bulletin}"
    );
    app.stop().await;
}

#[tokio::test]
async fn done_and_the_game_masters_acts_that_cannot_be_undone_wait_for_their_box() {
    let mut app = TestApp::spawn().await;
    let (id, links, gm) = polysleuth(&app).await;
    let page = app.get_text(&links[0]).await.1;
    assert!(
        page.contains("name=\"confirm\" value=\"yes\" required"),
        "the box is asked for"
    );

    // "done" without its box: refused, nothing stored.
    let answer = post_form(
        &app,
        &links[0],
        &[("csrf", &csrf(&page)), ("action", "done"), ("text", "")],
    )
    .await;
    assert!(answer.contains("class=\"banner refused\""), "{answer}");
    assert!(
        answer.contains("I will guess no more this game"),
        "{answer}"
    );
    let view = app.private_view(&links[0]).await;
    assert!(view["turn"].is_null(), "nothing was stored: {view}");

    // The game master's page asks before resolving while someone has sent nothing, and
    // before marking a player done.
    let gm_page = app.get_text(&gm).await.1;
    let resolve = part(&gm_page, "value=\"resolve\"", ">");
    assert!(!resolve.is_empty());
    assert!(
        gm_page.contains("Ann, Ben, Cleo sent nothing this round: resolve anyway"),
        "{gm_page}"
    );
    let answer = post_form(
        &app,
        &gm,
        &[
            ("csrf", &csrf(&gm_page)),
            ("action", "done"),
            ("seat", "1"),
            ("needs_confirm", "yes"),
        ],
    )
    .await;
    assert!(answer.contains("class=\"banner refused\""), "{answer}");
    assert!(
        answer.contains("Nothing was done: tick the box"),
        "{answer}"
    );
    let answer = post_form(
        &app,
        &gm,
        &[
            ("csrf", &csrf(&gm_page)),
            ("action", "resolve"),
            ("round", "1"),
            ("needs_confirm", "yes"),
        ],
    )
    .await;
    assert!(
        answer.contains("Nothing was done: tick the box"),
        "{answer}"
    );
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(g["round"], 1, "the round stays open: {g}");
    let answer = post_form(
        &app,
        &gm,
        &[
            ("csrf", &csrf(&gm_page)),
            ("action", "resolve"),
            ("round", "1"),
            ("needs_confirm", "yes"),
            ("confirm", "yes"),
        ],
    )
    .await;
    assert!(answer.contains("class=\"banner done\""), "{answer}");
    app.wait_for_round(id, 1).await;
    app.stop().await;
}

#[tokio::test]
async fn a_classic_page_says_whose_turn_who_plays_before_you_and_what_your_question_showed() {
    let mut app = TestApp::spawn().await;
    let (status, created) = app
        .post_game(&json!({
            "name": "Classic frame", "gm_email": "gm@example.org", "ruleset": "sleuth",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>",
                        "Cleo <cleo@example.org>", "Dan <dan@example.org>"],
            "seed": 9, "deal": {
                "Ann": deal()["Ann"], "Ben": deal()["Ben"], "Cleo": deal()["Cleo"],
                "Dan": deal()["Robo"], "table": deal()["table"], "missing": deal()["missing"],
            },
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
    let can = |page: &str| part(page, "id=\"can\"", "</p>").to_string();
    let ann = app.get_text(&links[0]).await.1;
    assert!(
        part(&ann, "id=\"now\"", "</p>").contains("Turn 1: Ann is playing."),
        "{ann}"
    );
    assert!(part(&ann, "id=\"now\"", "</p>").contains("data-deadline="));
    assert!(can(&ann).contains("Your turn: ask a question"), "{ann}");
    assert!(ann.contains("href=\"/rules/sleuth?lang=en\""));
    let ben = app.get_text(&links[1]).await.1;
    assert!(can(&ben).contains("Ann is playing; you are next."), "{ben}");
    let dan = app.get_text(&links[3]).await.1;
    assert!(can(&dan).contains("you play after Ben, Cleo."), "{dan}");

    // An accusation without its box is refused and changes nothing.
    let answer = post_form(
        &app,
        &links[1],
        &[
            ("csrf", &csrf(&ben)),
            ("action", "accuse"),
            ("accused", "2 Yellow Pearl"),
        ],
    )
    .await;
    assert!(answer.contains("class=\"banner refused\""), "{answer}");
    assert!(
        answer.contains("tick the box to confirm your accusation"),
        "{answer}"
    );
    assert_eq!(public(&app, id).await["over"], false);

    // Ann's question: the banner tells what it did and what she was shown.
    let question = ann
        .split("id=\"q_question\"")
        .nth(1)
        .unwrap()
        .split("<option value=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    let answer = post_form(
        &app,
        &links[0],
        &[
            ("csrf", &csrf(&ann)),
            ("action", "ask"),
            ("q_target", "Ben"),
            ("q_question", &question),
        ],
    )
    .await;
    let banner = part(&answer, "id=\"banner\"", "</div>");
    assert!(banner.contains("class=\"banner done\"") || answer.contains("class=\"banner done\""));
    assert!(banner.contains("Ann asked Ben"), "{banner}");
    assert!(
        can(&answer).contains("Ben is playing; you play after Cleo, Dan."),
        "{answer}"
    );

    // Ben's "your turn" letter links his own page, which leads to his classic page.
    let turn = mail_to(&app, "ben@example.org", "your turn").await;
    let link = turn
        .body
        .lines()
        .find_map(|l| l.split("keep it to yourself): ").nth(1))
        .unwrap_or_else(|| panic!("no page link: {}", turn.body))
        .trim()
        .to_string();
    assert!(turn.body.contains("/rules/sleuth?lang=en"), "{}", turn.body);
    let r = app.get(&path_of(&link)).await;
    assert_eq!(r.status(), 303);
    let classic = r.headers()["location"].to_str().unwrap().to_string();
    let page = app.get_text(&classic).await.1;
    assert!(can(&page).contains("Your turn"), "{page}");
    assert!(part(&page, "id=\"table-head\"", "</h1>").contains("Ben"));
    app.stop().await;
}

#[tokio::test]
async fn a_classic_game_ended_by_its_game_master_says_so() {
    let mut app = TestApp::spawn().await;
    let (status, created) = app
        .post_game(&json!({
            "name": "Ended", "gm_email": "gm@example.org", "ruleset": "sleuth",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>",
                        "Cleo <cleo@example.org>", "Dan <dan@example.org>"],
            "seed": 3,
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let gm = path_of(created["gm_link"].as_str().unwrap()).replacen("/gm/", "/classic/gm/", 1);
    let page = app.get_text(&gm).await.1;
    assert!(page.contains("value=\"end\""), "{page}");
    // Without the box: nothing ends.
    let answer = post_form(
        &app,
        &gm,
        &[
            ("csrf", &csrf(&page)),
            ("action", "end"),
            ("needs_confirm", "yes"),
        ],
    )
    .await;
    assert!(answer.contains("class=\"banner refused\""), "{answer}");
    assert_eq!(public(&app, id).await["over"], false);
    post_form(
        &app,
        &gm,
        &[
            ("csrf", &csrf(&page)),
            ("action", "end"),
            ("needs_confirm", "yes"),
            ("confirm", "yes"),
        ],
    )
    .await;
    assert_eq!(public(&app, id).await["over"], true);
    let (_, table) = app.get_text(&format!("/classic/games/{id}")).await;
    assert!(table.contains("The game master ended the game."), "{table}");
    let end = mail_to(&app, "ann@example.org", "over").await;
    assert!(
        end.body.contains("The game master ended the game."),
        "{}",
        end.body
    );
    app.stop().await;
}

#[tokio::test]
async fn every_mail_to_a_player_links_their_own_page_and_the_games_rules() {
    let mut app = TestApp::spawn().await;
    let (id, links, gm) = polysleuth(&app).await;
    app.turn(&links[0], "ready").await;
    let (s, _) = app
        .post_json(
            &(gm.replacen("/gm/", "/api/gm/", 1) + "/actions"),
            &json!({"action": "resolve"}),
        )
        .await;
    assert_eq!(s, 200);
    app.wait_for_round(id, 1).await;
    let round = mail_to(&app, "ben@example.org", "round 1").await;
    let link = round
        .body
        .lines()
        .find_map(|l| {
            l.split("Your page (it is your key: keep it to yourself): ")
                .nth(1)
        })
        .unwrap_or_else(|| panic!("no page link: {}", round.body))
        .trim()
        .to_string();
    assert!(
        round.body.contains("/rules/polysleuth?lang=en"),
        "{}",
        round.body
    );
    // The link opens Ben's own page, not the key he was welcomed with.
    let path = path_of(&link);
    assert_ne!(path, links[1]);
    let page = app.get_text(&path).await.1;
    assert!(
        part(&page, "id=\"table-head\"", "</h1>").contains("Ben"),
        "{page}"
    );
    // A new link shuts the mailed one out too.
    let (s, _) = app
        .post_json(
            &(gm.replacen("/gm/", "/api/gm/", 1) + "/actions"),
            &json!({"action": "newlink", "seat": 1}),
        )
        .await;
    assert_eq!(s, 200);
    assert_eq!(
        app.get(&path).await.status(),
        403,
        "the old link is refused"
    );
    app.stop().await;
}

#[tokio::test]
async fn each_games_rules_are_on_the_site_in_english_and_french_and_the_help_links_them() {
    let mut app = TestApp::spawn().await;
    for (game, en, fr) in [
        (
            "polysleuth",
            "Polysleuth: the rules",
            "Polysleuth : les règles",
        ),
        (
            "sleuth",
            "Classic Sleuth: the rules",
            "Sleuth classique : les règles",
        ),
        ("clue", "Clue: the rules", "Clue : les règles"),
    ] {
        let (s, page) = app.get_text(&format!("/rules/{game}?lang=en")).await;
        assert_eq!(s, 200);
        assert!(
            page.contains(en) && page.contains("<table>"),
            "{game}: {page}"
        );
        let (_, page) = app.get_text(&format!("/rules/{game}?lang=fr")).await;
        assert!(
            page.contains(fr) && page.contains("lang=\"fr\""),
            "{game}: {page}"
        );
        let (_, help) = app.get_text("/help?lang=en").await;
        assert!(
            help.contains(&format!("href=\"/rules/{game}?lang=en\"")),
            "{help}"
        );
    }
    let (s, page) = app.get_text("/rules/chess").await;
    assert_eq!(s, 404);
    assert!(page.contains("<main>"), "a page that says so: {page}");
    app.stop().await;
}

/// Every mail in the outbox to one of `people`: (recipient, body).
fn mails_to(app: &TestApp, people: &[&str]) -> Vec<(String, String)> {
    app.mails()
        .iter()
        .filter_map(|raw| {
            let m = mail_parser::MessageParser::default()
                .parse(raw.as_bytes())
                .unwrap();
            let to = m.to()?.first()?.address()?.to_string();
            people
                .contains(&to.as_str())
                .then(|| (to, m.body_text(0).unwrap_or_default().to_string()))
        })
        .collect()
}

#[tokio::test]
async fn every_letter_a_player_gets_in_either_game_links_their_own_page() {
    let mut app = TestApp::spawn().await;
    // Polysleuth: the welcome, a web turn's confirmation, a mail command's answers, the round.
    let (id, links, gm) = polysleuth(&app).await;
    app.turn(&links[0], "1 (3): Ben has how many red").await;
    let welcome = mail_to(&app, "cleo@example.org", "").await;
    let help = crate::classic::reply("cleo@example.org", &welcome, "help\nstatus");
    crate::classic::send_mail(&app, help).await;
    let (s, _) = app
        .post_json(
            &(gm.replacen("/gm/", "/api/gm/", 1) + "/actions"),
            &json!({"action": "resolve"}),
        )
        .await;
    assert_eq!(s, 200);
    app.wait_for_round(id, 1).await;
    mail_to(&app, "cleo@example.org", "round 1").await;
    // Classic Sleuth: the welcomes, a turn's news, the next player's "your turn".
    let (status, created) = app
        .post_game(&json!({
            "name": "Letters", "gm_email": "gm@example.org", "ruleset": "sleuth",
            "players": ["Dan <dan@example.org>", "Eve <eve@example.org>", "Fay <fay@example.org>"],
            "seed": 4,
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let dan = app.player_links(&created).await[0].replacen("/play/", "/classic/play/", 1);
    let page = app.get_text(&dan).await.1;
    post_form(
        &app,
        &dan,
        &[
            ("csrf", &csrf(&page)),
            ("action", "command"),
            ("text", "exchange"),
        ],
    )
    .await;
    mail_to(&app, "eve@example.org", "your turn").await;

    let people = [
        "ann@example.org",
        "ben@example.org",
        "cleo@example.org",
        "dan@example.org",
        "eve@example.org",
        "fay@example.org",
    ];
    let letters = mails_to(&app, &people);
    assert!(letters.len() >= 14, "{}", letters.len());
    for (to, body) in &letters {
        let name = to.split('@').next().unwrap();
        let link = body
            .split_whitespace()
            .find(|w| w.contains("/play/"))
            .unwrap_or_else(|| panic!("a letter to {to} without their page: {body}"));
        // The link opens the recipient's own page (a classic seat's leads on to it).
        let mut r = app.get(&path_of(link)).await;
        if r.status() == 303 {
            r = app.get(r.headers()["location"].to_str().unwrap()).await;
        }
        assert_eq!(r.status(), 200, "{to}: {link}");
        let page = r.text().await.unwrap();
        let head = part(&page, "id=\"table-head\"", "</h1>");
        assert!(head.to_lowercase().contains(name), "{to} opens {head}");
    }
    app.stop().await;
}

#[tokio::test]
async fn every_games_play_form_without_its_own_token_is_refused_and_changes_nothing() {
    let mut app = TestApp::spawn().await;
    let three = json!([
        "Ann <ann@example.org>",
        "Ben <ben@example.org>",
        "Cleo <cleo@example.org>"
    ]);
    let games = [
        ("sleuth", "classic", json!({}), three.clone(), "exchange"),
        (
            "clue",
            "clue",
            json!({"board": false}),
            three,
            "suggest Mrs Peacock, the Rope",
        ),
        (
            "sherlock",
            "sherlock",
            json!({}),
            json!(["Ann <ann@example.org>"]),
            "send",
        ),
    ];
    for (ruleset, prefix, settings, players, text) in games {
        let (status, created) = app
            .post_game(&json!({
                "name": "Forged", "gm_email": "gm@example.org", "ruleset": ruleset,
                "players": players, "seed": 5, "settings": settings,
            }))
            .await;
        assert_eq!(status, 201, "{ruleset}: {created}");
        let id = created["id"].as_i64().unwrap();
        let link =
            app.player_links(&created).await[0].replacen("/play/", &format!("/{prefix}/play/"), 1);
        let page = app.get_text(&link).await.1;
        let public = format!("/api/{prefix}/games/{id}");
        let before = app.get_json(&public).await;
        // A form another site made the player's browser send: the browser's cookie, but a
        // token the page never gave.
        let r = app
            .client
            .post(app.url(&link))
            .form(&[("csrf", "forged"), ("action", "command"), ("text", text)])
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 409, "{ruleset}");
        assert!(
            r.text().await.unwrap().contains("came from another site"),
            "{ruleset}"
        );
        assert_eq!(
            app.get_json(&public).await,
            before,
            "{ruleset}: nothing changed"
        );
        // The player's own form, with the page's token, is read and answered in a banner on
        // their page.
        let token = csrf(&page);
        let own = [
            ("csrf", token.as_str()),
            ("action", "command"),
            ("text", text),
        ];
        let answer = post_form(&app, &link, &own).await;
        assert!(
            !answer.contains("came from another site"),
            "{ruleset}: {answer}"
        );
        assert!(answer.contains("id=\"banner\""), "{ruleset}: {answer}");
    }
    app.stop().await;
}
