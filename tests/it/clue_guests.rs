//! Clue's guests chosen by the players: when the game is made (`Ann <ann@example.org> as
//! Plum`, through the API, and the same text on the command line), and when joining a game
//! formed by sign-up (the join form's guest, first come first served); unchosen guests go to
//! the other seats in the rules' order. A guest no one may choose is named, and nothing is made.

use serde_json::{json, Value};

use crate::common::{path_of, TestApp};
use crate::forming::{join_link, last_mail_to, submit};

async fn guests(app: &TestApp, id: i64) -> Vec<String> {
    let g: Value = app.get_json(&format!("/api/clue/games/{id}")).await;
    serde_json::from_value(g["guests"].clone()).unwrap()
}

#[tokio::test]
async fn players_named_with_a_guest_play_it_the_others_get_the_rest_in_the_rules_order_and_bad_choices_are_named(
) {
    let mut app = TestApp::spawn().await;
    let (status, created) = app
        .post_game(&json!({
            "name": "Chosen", "gm_email": "gm@example.org", "ruleset": "clue",
            "players": ["Ann <ann@example.org> as Plum", "Ben <ben@example.org> as Rose",
                        "Cleo <cleo@example.org>"],
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    assert_eq!(
        guests(&app, id).await,
        ["Professor Plum", "Miss Scarlet", "Colonel Mustard"],
        "Ben chose Miss Scarlet by her French name; Cleo gets the first guest left"
    );
    let welcome = crate::classic::mail_to(&app, "ann@example.org", "welcome").await;
    assert!(welcome.body.contains("Professor Plum"), "{}", welcome.body);

    for (players, ruleset, says) in [
        (
            json!([
                "Ann <ann@example.org> as Batman",
                "Ben <ben@example.org>",
                "Cleo <cleo@example.org>"
            ]),
            "clue",
            "is not a guest of Clue",
        ),
        (
            json!([
                "Ann <ann@example.org> as Plum",
                "Ben <ben@example.org> as Violet",
                "Cleo <cleo@example.org>"
            ]),
            "clue",
            "Ben chose Professor Plum, which another player chose",
        ),
        (
            json!([
                "Ann <ann@example.org> as Plum",
                "Ben <ben@example.org>",
                "Cleo <cleo@example.org>"
            ]),
            "polysleuth",
            "has no pieces to choose",
        ),
    ] {
        let (status, answer) = app
            .post_game(&json!({"name": "Bad", "gm_email": "gm@example.org", "ruleset": ruleset, "players": players}))
            .await;
        assert_eq!(status, 422, "{players}: {answer}");
        assert!(answer.to_string().contains(says), "{players}: {answer}");
    }
    app.stop().await;
}

/// Joins on the web choosing `guest` ("" for none): what the page said.
async fn join(app: &TestApp, id: i64, name: &str, email: &str, guest: &str) -> String {
    submit(
        app,
        &format!("/games/{id}"),
        &format!("/games/{id}/join"),
        &[("name", name), ("email", email), ("choice", guest)],
    )
    .await
}

async fn confirm(app: &TestApp, email: &str) -> String {
    let link = join_link(&last_mail_to(app, email, "/join/").await);
    submit(app, &link, &link, &[("action", "confirm")]).await
}

#[tokio::test]
async fn joiners_of_a_clue_game_formed_by_sign_up_choose_their_guests_and_a_guest_taken_is_refused()
{
    let mut app = TestApp::spawn().await;
    let (status, created) = app
        .post_game(&json!({
            "name": "Sign up for the Pool", "gm_email": "gm@example.org", "ruleset": "clue",
            "players": [], "forming": {"min_players": 3, "max_players": 3}, "seed": 4,
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let (_, page) = app.get_text(&format!("/games/{id}")).await;
    assert!(
        page.contains("id=\"choice\"") && page.contains("Your guest"),
        "{page}"
    );
    assert!(
        page.contains("<option value=\"Professor Plum\">Professor Plum</option>"),
        "{page}"
    );

    let said = join(&app, id, "Ann", "ann@example.org", "Professor Plum").await;
    assert!(said.contains("A mail went to ann@example.org"), "{said}");
    confirm(&app, "ann@example.org").await;
    let (_, page) = app.get_text(&format!("/games/{id}")).await;
    assert!(page.contains("Ann (Professor Plum)"), "{page}");
    // Plum is Ann's now: Ben is told so, with the guests still free; nothing is stored.
    let said = join(&app, id, "Ben", "ben@example.org", "Plum").await;
    assert!(said.contains("Professor Plum is taken"), "{said}");
    assert!(
        said.contains("Miss Scarlet") && !said.contains("A mail went"),
        "{said}"
    );
    join(&app, id, "Ben", "ben@example.org", "").await;
    confirm(&app, "ben@example.org").await;
    join(&app, id, "Cleo", "cleo@example.org", "Mr. Green").await;
    confirm(&app, "cleo@example.org").await;

    // Full: the game starts, each with the guest chosen, Ben with the first one left.
    let started = std::time::Instant::now();
    loop {
        let g: Value = app.get_json(&format!("/api/clue/games/{id}")).await;
        if g.get("guests").is_some() {
            let players: Vec<String> = serde_json::from_value(g["players"].clone()).unwrap();
            let guests: Vec<String> = serde_json::from_value(g["guests"].clone()).unwrap();
            let of = |name: &str| guests[players.iter().position(|p| p == name).unwrap()].clone();
            assert_eq!(of("Ann"), "Professor Plum");
            assert_eq!(of("Cleo"), "Mr. Green");
            assert_eq!(of("Ben"), "Miss Scarlet");
            break;
        }
        assert!(
            started.elapsed().as_secs() < 10,
            "the game did not start: {g}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let _ = path_of;
    app.stop().await;
}
