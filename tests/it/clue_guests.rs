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

#[tokio::test]
async fn a_game_of_clue_in_french_is_played_by_mail_alone_to_its_end() {
    use crate::classic::{mail_to, reply, send_mail};
    let mut app = TestApp::spawn().await;
    let names = ["Ann", "Ben", "Cleo"];
    let (status, created) = app
        .post_game(&json!({
            "name": "La piscine", "gm_email": "gm@example.org", "ruleset": "clue", "language": "fr",
            "players": ["Ann <ann@example.org> as Violet", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
            "seed": 12, "settings": {"board": false},
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    let (state,): (String,) = sqlx::query_as("SELECT state FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    let state: Value = serde_json::from_str(&state).unwrap();
    let first = state["game"]["turn"].as_u64().unwrap() as usize;
    let address = |seat: usize| format!("{}@example.org", names[seat].to_lowercase());
    // Everyone's welcome is in French, their hand by the French card names.
    let welcome = mail_to(&app, &address(0), "bienvenue").await;
    assert!(
        welcome.body.contains("Professeur Violet"),
        "{}",
        welcome.body
    );
    // The first player suggests in French and ends the turn; the next asks for their state.
    let mail = mail_to(&app, &address(first), "bienvenue").await;
    send_mail(
        &app,
        reply(
            &address(first),
            &mail,
            "suggérer Rose à la Cuisine avec la Corde\nfini",
        ),
    )
    .await;
    let next = (first + 1) % 3;
    let news = mail_to(&app, &address(next), "à vous de jouer").await;
    assert!(news.body.contains("Ce qui s’est passé"), "{}", news.body);
    assert!(
        news.body.contains("Cuisine") && news.body.contains("Corde"),
        "{}",
        news.body
    );
    send_mail(&app, reply(&address(next), &news, "état")).await;
    let status = mail_to(&app, &address(next), "votre état").await;
    assert!(
        status.body.contains("CARNET DU DÉTECTIVE")
            || status.body.to_uppercase().contains("CARNET"),
        "{}",
        status.body
    );
    // A mail with no command in it is answered in French, and nothing is done.
    send_mail(&app, reply(&address(next), &news, "bonjour tout le monde")).await;
    let none = mail_to(&app, &address(next), "PAS été exécutée").await;
    assert!(
        none.body.contains("aucune commande") && none.body.contains("rien n’a changé"),
        "{}",
        none.body
    );
    // The next accuses rightly, in French, after a suggestion.
    let envelope: Vec<String> =
        serde_json::from_value(state["game"]["setup"]["envelope"].clone()).unwrap();
    let fr = |en: &str| {
        polysleuth::games::clue::cards::Card::parse(en)
            .unwrap()
            .name_fr()
    };
    let text = format!(
        "suggérer {} à {} avec {}\naccuser {} à {} avec {}",
        fr(&envelope[0]),
        fr(&envelope[2]),
        fr(&envelope[1]),
        fr(&envelope[0]),
        fr(&envelope[2]),
        fr(&envelope[1])
    );
    send_mail(&app, reply(&address(next), &news, &text)).await;
    let over = mail_to(&app, &address((next + 1) % 3), "la partie est terminée").await;
    assert!(
        over.body.contains(&format!("{} a trouvé", names[next])),
        "{}",
        over.body
    );
    let g: Value = app.get_json(&format!("/api/clue/games/{id}")).await;
    assert_eq!(g["phase"], "over");
    assert_eq!(g["winner"], next);
    let record = app.get_json(&format!("/games/{id}/record.json")).await;
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    app.stop().await;
}

#[tokio::test]
async fn a_guest_named_for_a_computer_player_of_a_game_open_for_sign_up_is_refused_not_dropped() {
    let app = TestApp::spawn().await;
    let body = |robo: &str| {
        json!({
            "name": "Robo chose", "gm_email": "gm@example.org", "ruleset": "clue",
            "players": [robo], "forming": {"min_players": 3, "max_players": 4}, "seed": 4,
        })
    };
    let (status, refused) = app
        .post_game(&body("Robo <computer:detective> as Professor Plum"))
        .await;
    assert_eq!(status, 422, "{refused}");
    assert!(
        refused.to_string().contains(
            "Robo: a computer player of a game open for sign-up is given its piece at the start"
        ),
        "{refused}"
    );
    assert!(app.nothing_mailed().await, "nothing was made");
    let (status, made) = app.post_game(&body("Robo <computer:detective>")).await;
    assert_eq!(status, 201, "{made}");
}

#[tokio::test]
async fn two_joiners_waiting_to_confirm_the_same_guest_the_first_to_confirm_has_it_the_other_is_told(
) {
    let mut app = TestApp::spawn().await;
    let (status, created) = app
        .post_game(&json!({
            "name": "Both want Plum", "gm_email": "gm@example.org", "ruleset": "clue",
            "players": [], "forming": {"min_players": 3, "max_players": 4}, "seed": 4,
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    // Both ask for Plum before either confirms: both asks are taken.
    for (name, email) in [("Ann", "ann@example.org"), ("Ben", "ben@example.org")] {
        let said = join(&app, id, name, email, "Professor Plum").await;
        assert!(said.contains(&format!("A mail went to {email}")), "{said}");
    }
    confirm(&app, "ann@example.org").await;
    let said = confirm(&app, "ben@example.org").await;
    assert!(
        said.contains("Professor Plum was taken meanwhile"),
        "{said}"
    );
    let (_, page) = app.get_text(&format!("/games/{id}")).await;
    assert!(page.contains("Ann (Professor Plum)"), "{page}");
    assert!(!page.contains("Ben (Professor Plum)"), "{page}");
    app.stop().await;
}
