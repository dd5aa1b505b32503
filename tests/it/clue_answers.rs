//! What Clue answers at its doors when a message is not what the player meant: an empty
//! message is refused, not taken as done; a mistyped accusation left out of a mail is quoted
//! back to its sender, alone or after a turn; the next player's line after a deadline the clock
//! has not passed yet is taken in their turn; the game master hears when every player still in
//! is skipped because the last active one went out; a table with no board shows no movers and
//! no tokens; a game master asking for reminders is told Clue sends none.

use serde_json::{json, Value};

use crate::classic::{mail_to, reply, send_mail};
use crate::common::clue::{public, stored};
use crate::common::down::{Deadline, Down};
use crate::common::{csrf, TestApp};

const NAMES: [&str; 3] = ["Ann", "Ben", "Cleo"];

/// A game of Clue of Ann, Ben and Cleo with the given house rules: the game as made.
async fn made(app: &TestApp, seed: u64, settings: Value) -> Value {
    made_in(app, seed, settings, "en").await
}

/// `made`, in a language.
async fn made_in(app: &TestApp, seed: u64, settings: Value, language: &str) -> Value {
    let (status, created) = app
        .post_game(&json!({
            "name": "Pool party", "gm_email": "gm@example.org", "ruleset": "clue",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
            "seed": seed, "settings": settings, "language": language,
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    created
}

/// The API path of each seat's command door, in seat order.
async fn api_links(app: &TestApp, created: &Value) -> Vec<String> {
    (app.player_links(created).await.iter())
        .map(|l| l.replacen("/play/", "/api/clue/play/", 1))
        .collect()
}

/// A wrong accusation: the envelope's room and weapon with another guest.
fn wrong_accusation(state: &Value) -> String {
    let envelope: Vec<String> =
        serde_json::from_value(state["game"]["setup"]["envelope"].clone()).unwrap();
    let guest = ["Plum", "Scarlet"]
        .into_iter()
        .find(|g| !envelope[0].contains(g))
        .unwrap();
    format!("accuse {guest} in {} with {}", envelope[2], envelope[1])
}

#[tokio::test]
async fn a_french_players_refused_line_is_told_why_in_french_through_the_api_and_by_mail() {
    let mut app = TestApp::spawn().await;
    let created = made_in(&app, 7, json!({}), "fr").await;
    let id = created["id"].as_i64().unwrap();
    let first = public(&app, id).await["turn"].as_u64().unwrap() as usize;
    let other = (first + 1) % 3;
    let api = api_links(&app, &created).await;
    // Not their turn: said in French, the player's language.
    let (status, answer) = app
        .post_json(&api[other], &json!({"text": "aller à la Cuisine"}))
        .await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(
        answer["refused"]["why"], "ce n’est pas votre tour",
        "{answer}"
    );
    // A show order naming a card not held names it in French.
    let hand: Vec<String> =
        serde_json::from_value(stored(&app, id).await["game"]["setup"]["hands"][first].clone())
            .unwrap();
    let foreign = ["Rope", "Knife", "Kitchen", "Plum"]
        .into_iter()
        .find(|c| !hand.iter().any(|h| h.contains(c)))
        .unwrap();
    let french = match foreign {
        "Rope" => "Corde",
        "Knife" => "Poignard",
        "Kitchen" => "Cuisine",
        _ => "Violet",
    };
    let (status, answer) = app
        .post_json(&api[first], &json!({"text": format!("ordre {foreign}")}))
        .await;
    assert_eq!(status, 422, "{answer}");
    let why = answer["refused"]["why"].as_str().unwrap();
    assert!(
        why.starts_with("votre ordre nomme des cartes que vous n’avez pas : ")
            && why.contains(french),
        "{why}"
    );
    // By mail, the same: the answer's reason is in French.
    let address = format!("{}@example.org", NAMES[other].to_lowercase());
    let welcome = mail_to(&app, &address, "Clue").await;
    send_mail(&app, reply(&address, &welcome, "fini")).await;
    let refused = mail_to(&app, &address, "PAS été exécutée").await;
    assert!(
        refused.body.contains("« fini » ce n’est pas votre tour"),
        "{}",
        refused.body
    );
    assert!(
        !refused.body.contains("it is not your turn"),
        "{}",
        refused.body
    );
    app.stop().await;
}

#[tokio::test]
async fn an_empty_message_is_refused_as_no_command_and_changes_nothing() {
    let mut app = TestApp::spawn().await;
    let created = made(&app, 7, json!({"board": false})).await;
    let id = created["id"].as_i64().unwrap();
    let first = public(&app, id).await["turn"].as_u64().unwrap() as usize;
    let api = api_links(&app, &created).await;
    let before = stored(&app, id).await;
    for text in ["", "  \n\n", "> quoted from before\n-- \nAnn"] {
        let (status, answer) = app.post_json(&api[first], &json!({"text": text})).await;
        assert_eq!(status, 422, "{text:?}: {answer}");
        assert_eq!(answer["accepted"], false);
        let why = answer["refused"]["why"].as_str().unwrap();
        assert!(why.contains("holds no command"), "{why}");
    }
    let after = stored(&app, id).await;
    assert_eq!(after["game"], before["game"]);
    assert_eq!(after["messages"], before["messages"], "nothing kept");
    app.stop().await;
}

#[tokio::test]
async fn a_mistyped_accusation_after_the_turn_is_named_back_to_its_sender_as_not_read() {
    let mut app = TestApp::spawn().await;
    let created = made(&app, 7, json!({"board": false})).await;
    let id = created["id"].as_i64().unwrap();
    let (first, address, welcome) = crate::clue::on_turn(&app, id).await;
    let text = "suggest Plum in Kitchen with Rope\naccuse Plum in Kitchen wiht Rope\n\nAnn";
    send_mail(&app, reply(&address, &welcome, text)).await;
    let told = mail_to(&app, &address, "not read").await;
    assert!(
        told.body.contains("accuse Plum in Kitchen wiht Rope"),
        "{}",
        told.body
    );
    assert!(
        !told.body.contains("\n  Ann"),
        "a signature is not named: {}",
        told.body
    );
    // The suggestion was made; the accusation was not.
    let state = stored(&app, id).await;
    assert_eq!(state["game"]["out"][first], false, "{state}");
    assert_eq!(state["game"]["phase"], "answered", "{}", state["game"]);
    app.stop().await;
}

#[tokio::test]
async fn the_game_master_is_told_when_the_last_active_player_goes_out_among_the_skipped() {
    let mut app = TestApp::spawn().await;
    let created = made(&app, 3, json!({"board": false, "idle_turns": 1})).await;
    let id = created["id"].as_i64().unwrap();
    let api = api_links(&app, &created).await;
    // Two players let their turns pass and are skipped, one after the other.
    for _ in 0..2 {
        let on = public(&app, id).await["turn"].as_u64().unwrap() as usize;
        crate::classic::sql(&app, "UPDATE games SET turn_deadline = 1 WHERE id = $1", id).await;
        let start = std::time::Instant::now();
        while stored(&app, id).await["skipped"][on] != true {
            assert!(start.elapsed().as_secs() < 15, "{} was skipped", NAMES[on]);
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
    let state = stored(&app, id).await;
    let last = public(&app, id).await["turn"].as_u64().unwrap() as usize;
    assert_eq!(state["skipped"][last], false, "{state}");
    // The last active player suggests, then accuses wrongly: out, among the skipped.
    let text = format!(
        "suggest Plum in Kitchen with Rope\n{}",
        wrong_accusation(&state)
    );
    let (status, answer) = app.post_json(&api[last], &json!({"text": text})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(stored(&app, id).await["game"]["out"][last], true);
    let told = mail_to(&app, "gm@example.org", "every player still in is skipped").await;
    assert!(
        told.body.contains("turns go on in seat order"),
        "{}",
        told.body
    );
    app.stop().await;
}

#[tokio::test]
async fn a_table_without_the_board_shows_no_movers_and_no_weapon_tokens() {
    let mut app = TestApp::spawn().await;
    let off = made(&app, 7, json!({"board": false})).await["id"]
        .as_i64()
        .unwrap();
    let on = made(&app, 7, json!({})).await["id"].as_i64().unwrap();
    let page = |id: i64| format!("/clue/games/{id}");
    let (status, with_board) = app.get_text(&page(on)).await;
    assert_eq!(status, 200);
    assert!(with_board.contains("id=\"pieces\""), "{with_board}");
    assert!(with_board.contains("<svg"), "{with_board}");
    let (status, without) = app.get_text(&page(off)).await;
    assert_eq!(status, 200);
    assert!(!without.contains("id=\"pieces\""), "{without}");
    assert!(!without.contains("<svg"), "{without}");
    app.stop().await;
}

#[tokio::test]
async fn the_next_players_suggestion_after_a_deadline_not_yet_passed_by_the_clock_is_taken() {
    let mut app = TestApp::spawn().await;
    let created = made(&app, 7, json!({"board": false})).await;
    let id = created["id"].as_i64().unwrap();
    let before = stored(&app, id).await;
    let first = before["game"]["turn"].as_u64().unwrap() as usize;
    let next = (first + 1) % 3;
    let address = format!("{}@example.org", NAMES[next].to_lowercase());
    let welcome = mail_to(&app, &address, "welcome").await;
    // The service stops; the turn's deadline passes, and the next player writes before the
    // clock has passed that turn.
    app.stop().await;
    let down = Down::open(&app.db).await;
    down.deadline_passed(id, Deadline::Turn).await;
    let line = "suggest Plum in Kitchen with Rope";
    down.pipe(reply(&address, &welcome, line)).await;
    let after = down.state(id).await;
    assert_eq!(
        after["turn_no"],
        before["turn_no"].as_u64().unwrap() + 1,
        "the turn that ran out passed: {after}"
    );
    assert_eq!(after["game"]["turn"], json!(next), "{after}");
    assert_eq!(after["game"]["phase"], "answered", "{}", after["game"]);
    assert!(
        !down.told(&address, "NOT carried out").await,
        "{:?}",
        down.unsent().await
    );
    down.close().await;
}

#[tokio::test]
async fn a_mail_of_only_a_mistyped_accusation_quotes_it_back_with_the_way_to_write_it() {
    let mut app = TestApp::spawn().await;
    let created = made(&app, 7, json!({"board": false})).await;
    let id = created["id"].as_i64().unwrap();
    let (_, address, welcome) = crate::clue::on_turn(&app, id).await;
    let before = stored(&app, id).await;
    let text = "Excuse the delay\n\naccuse Plum in Kitchen wiht Rope\n\nAnn";
    send_mail(&app, reply(&address, &welcome, text)).await;
    let told = mail_to(&app, &address, "NOT carried out").await;
    assert!(
        told.body.contains("accuse Plum in Kitchen wiht Rope"),
        "{}",
        told.body
    );
    assert!(told.body.contains("after \"with\""), "{}", told.body);
    assert!(
        !told.body.contains("Excuse the delay"),
        "prose is not named: {}",
        told.body
    );
    assert_eq!(
        stored(&app, id).await["game"],
        before["game"],
        "nothing was played"
    );
    app.stop().await;
}

#[tokio::test]
async fn an_empty_message_from_the_page_gives_the_reason_with_no_empty_quote() {
    let mut app = TestApp::spawn().await;
    let created = made(&app, 7, json!({"board": false})).await;
    let id = created["id"].as_i64().unwrap();
    let first = public(&app, id).await["turn"].as_u64().unwrap() as usize;
    let page_link =
        api_links(&app, &created).await[first].replacen("/api/clue/play/", "/clue/play/", 1);
    let page = app.get_text(&page_link).await.1;
    let answer = crate::classic::post_form(
        &app,
        &page_link,
        &[("csrf", &csrf(&page)), ("action", "text"), ("text", "")],
    )
    .await;
    assert!(answer.contains("the message holds no command"), "{answer}");
    assert!(
        !answer.contains("“”") && !answer.contains("&ldquo;&rdquo;"),
        "{answer}"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_clue_game_master_asking_for_reminders_is_told_clue_sends_none() {
    let mut app = TestApp::spawn().await;
    let created = made(&app, 7, json!({"board": false})).await;
    let gm = created["gm_link"].as_str().unwrap();
    let actions = crate::common::path_of(gm).replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (status, said) = app
        .post_json(
            &actions,
            &json!({"action": "reminders", "reminder_hours": "24,2"}),
        )
        .await;
    assert_eq!(status, 422, "{said}");
    let text = said.to_string();
    assert!(text.contains("a game of Clue sends no reminders"), "{text}");
    assert!(!text.contains("classic Sleuth"), "{text}");
    app.stop().await;
}
