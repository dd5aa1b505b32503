//! The length of a round, at the doors a game master uses: the API and the new-game form take
//! a quarter of an hour to sixty days, and refuse anything else with the length given (to six
//! significant digits) and the bounds (the API in English, as all its answers; the form in the
//! reader's language), making no game and sending no mail.

use serde_json::json;

use crate::common::csrf;
use crate::common::{TestApp, THREE_PLAYERS};
use crate::web_pages::post_form_as;

fn game(name: &str, round_hours: f64) -> serde_json::Value {
    json!({
        "name": name,
        "gm_email": "gm@example.org",
        "round_hours": round_hours,
        "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
    })
}

#[tokio::test]
async fn a_round_shorter_than_a_quarter_hour_or_longer_than_sixty_days_is_refused_by_the_api() {
    let app = TestApp::spawn().await;
    for (hours, echoed) in [
        (1.0 / 3600.0, "0.000277778"),
        (0.2, "0.2"),
        (1440.5, "1440.5"),
    ] {
        let (s, refused) = app.post_game(&game("Too short or long", hours)).await;
        assert_eq!(s, 422, "{hours}: {refused}");
        let refused = refused.to_string();
        assert!(
            refused.contains(&format!("a round of {echoed} hours is not allowed"))
                && refused.contains(
                    "give a round length from 0.25 hours (a quarter of an hour) to 1440 hours"
                ),
            "{hours}: {refused}"
        );
    }
    let listed = app.get_json("/api/games").await.to_string();
    assert!(
        !listed.contains("Too short") && app.nothing_mailed().await,
        "no game was made and no mail sent: {listed}"
    );
    for (name, hours) in [("Quarter hour", 0.25), ("Sixty days", 1440.0)] {
        let (s, made) = app.post_game(&game(name, hours)).await;
        assert_eq!(s, 201, "{hours}: {made}");
    }
    let listed = app.get_json("/api/games").await.to_string();
    assert!(
        listed.contains("Quarter hour") && listed.contains("Sixty days"),
        "{listed}"
    );
}

/// Posts the new-game form with its token, as a reader of `language` does.
async fn post_new_game(app: &TestApp, language: &str, fields: &[(&str, &str)]) -> (u16, String) {
    let (_, page) = app.get_text("/games/new").await;
    let token = csrf(&page);
    let mut all = vec![("csrf", token.as_str())];
    all.extend_from_slice(fields);
    post_form_as(app, "/games/new", &all, Some(language)).await
}

#[tokio::test]
async fn the_new_game_form_refuses_a_round_of_a_few_minutes_and_keeps_what_was_typed() {
    let app = TestApp::spawn().await;
    let mut fields = vec![
        ("name", "Minute rounds"),
        ("gm_email", "gm@example.org"),
        ("round_hours", "0.05"),
        ("grace_minutes", "0"),
    ];
    fields.extend(THREE_PLAYERS);
    let (status, body) = post_new_game(&app, "en", &fields).await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body.contains("a round of 0.05 hours is not allowed: give a round length from 0.25 hours"),
        "{body}"
    );
    assert!(body.contains("value=\"0.05\""), "the typed length is kept");
    assert!(body.contains("value=\"Minute rounds\""), "the name is kept");
    let (status, body) = post_new_game(&app, "fr-FR,fr;q=0.9", &fields).await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body.contains("une manche de 0,05 h n’est pas permise")
            && body.contains("un quart d’heure"),
        "{body}"
    );
    assert!(app.nothing_mailed().await, "no mail for a refused game");
    let listed = app.get_json("/api/games").await.to_string();
    assert!(!listed.contains("Minute rounds"), "{listed}");
}
