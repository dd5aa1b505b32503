//! Sherlock Solitaire by mail where a reply's refused line leaves the turn open: a player by
//! mail can still end it without completing a set, by a reply with no play (RULES-SHERLOCK §7,
//! "By message"), and is told so.

use serde_json::json;

use crate::classic::{mail_to, reply, send_mail};
use crate::common::sherlock::{create, create_with, plan_turn, searching, seed_where, stored};
use crate::common::TestApp;
use crate::sherlock::gm_ends;
use polysleuth::games::sherlock::game::Game;
use polysleuth::games::sherlock::setup::{Case, Detective, Settings};

/// Nothing left to play, no choice waiting, and a set that could be completed.
fn only_a_set_to_complete(g: &Game) -> bool {
    !g.over() && !g.turn_goes_on() && g.anything_to_do()
}

#[tokio::test]
async fn a_mail_with_no_play_ends_a_turn_left_open_with_only_a_set_to_complete() {
    let mut app = TestApp::spawn().await;
    let rules = Settings {
        case: Case::FinalProblem,
        level: 2,
        detectives: vec![Detective::Holmes],
        advanced: false,
        turn_hours: None,
    };
    let seed = seed_where(&rules, searching, 1, |g, _| only_a_set_to_complete(g));
    let (id, links, gm) = create(&app, seed, &["Ann <ann@example.org>"], json!(rules)).await;
    let welcome = mail_to(&app, "ann@example.org", "welcome to").await;
    let api = links[0].replacen("/sherlock/play/", "/api/sherlock/play/", 1);

    // Whole turns by the API until the turn in which the plan leaves only a set to complete;
    // that turn's plays are mailed up to there, with the `complete` line mistyped.
    let (turn, completed, set) = loop {
        let s = stored(&app, id).await;
        assert!(!s.over(), "the game ended before the wanted turn");
        let lines = plan_turn(&s, searching);
        let mut g = s.game.clone();
        let mut rng = s.rng();
        let mut upto = None;
        for (i, line) in lines.iter().enumerate() {
            if only_a_set_to_complete(&g) {
                upto = Some(i);
                break;
            }
            let play = polysleuth::games::sherlock::command::read(line).unwrap();
            g.play(&play, &mut rng).unwrap();
        }
        let Some(upto) = upto else {
            let (status, done) = app
                .post_json(&api, &json!({"text": lines.join("\n")}))
                .await;
            assert_eq!(status, 200, "{done}");
            continue;
        };
        let set = lines[upto]
            .strip_prefix("complete ")
            .expect("the plan completes the set")
            .to_string();
        let mut text = lines[..upto].to_vec();
        text.push(format!("compelte {set}"));
        send_mail(&app, reply("ann@example.org", &welcome, &text.join("\n"))).await;
        break (s.game.turn, s.game.completed.clone(), set);
    };
    let refused = mail_to(&app, "ann@example.org", "not carried out whole").await;
    assert!(refused.body.contains("compelte"), "{}", refused.body);
    assert!(
        refused
            .body
            .contains("nothing is left to play but a set to complete")
            && refused.body.contains("reply with no play at all"),
        "the answer says how to end the turn: {}",
        refused.body
    );
    let open = stored(&app, id).await;
    assert_eq!(open.game.turn, turn, "a refused line leaves the turn open");
    assert!(only_a_set_to_complete(&open.game));

    // A mail of greetings alone is a reply with no play: the turn ends, the set stays.
    send_mail(
        &app,
        reply(
            "ann@example.org",
            &welcome,
            "I will leave that set for now.",
        ),
    )
    .await;
    let mut ended = stored(&app, id).await;
    for _ in 0..100 {
        if ended.game.turn != turn || ended.over() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        ended = stored(&app, id).await;
    }
    assert!(
        ended.game.turn == turn + 1 || ended.over(),
        "the turn ended: turn {} of {turn}",
        ended.game.turn
    );
    assert_eq!(
        ended.game.completed, completed,
        "set {set} was not completed"
    );
    // With a card still to play, a mail with no play is refused as before and changes nothing.
    if !ended.over() {
        let before = stored(&app, id).await;
        send_mail(
            &app,
            reply("ann@example.org", &welcome, "Just saying hello."),
        )
        .await;
        let said = mail_to(&app, "ann@example.org", "not carried out whole").await;
        assert!(said.body.contains("held no play"), "{}", said.body);
        assert_eq!(stored(&app, id).await.game, before.game);
    }

    // The record keeps the reply with no play, and verifies.
    gm_ends(&app, id, &gm).await;
    let record = app.get_json(&format!("/games/{id}/record.json")).await;
    assert_eq!(record["refusal_keeps_turn"], true, "{record}");
    let texts: Vec<&str> = (record["messages"].as_array().unwrap().iter())
        .filter_map(|m| m["text"].as_str())
        .collect();
    let at = texts
        .iter()
        .position(|t| t.ends_with(&format!("compelte {set}")));
    assert_eq!(
        at.and_then(|i| texts.get(i + 1)),
        Some(&""),
        "the refused reply, then the reply with no play: {texts:?}"
    );
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    app.stop().await;
}

/// Holmes alone in The Valley of Fear, level 1, no clock.
fn holmes_in_the_valley() -> Settings {
    Settings {
        case: Case::ValleyOfFear,
        level: 1,
        detectives: vec![Detective::Holmes],
        advanced: false,
        turn_hours: None,
    }
}

#[tokio::test]
async fn a_refused_line_after_which_nothing_is_left_to_play_ends_the_turn_and_the_answer_says_so() {
    let mut app = TestApp::spawn().await;
    let rules = holmes_in_the_valley();
    let (id, _, _) = create(&app, 3, &["Ann <ann@example.org>"], json!(rules)).await;
    let welcome = mail_to(&app, "ann@example.org", "welcome to").await;
    // The first turn's plays, whole, then a line The Valley of Fear refuses: nothing is left
    // to play after it, so the turn ends though a line was refused.
    let s = stored(&app, id).await;
    let mut text = plan_turn(&s, searching);
    text.push("complete 1".into());
    send_mail(&app, reply("ann@example.org", &welcome, &text.join("\n"))).await;
    let refused = mail_to(&app, "ann@example.org", "not carried out whole").await;
    assert!(
        refused.body.contains("\"complete 1\"")
            && refused.body.contains("your turn ended")
            && !refused.body.contains("the turn is open"),
        "the answer says the turn ended: {}",
        refused.body
    );
    let after = stored(&app, id).await;
    assert!(
        after.game.turn == s.game.turn + 1 || after.over(),
        "the turn ended: turn {} of {}",
        after.game.turn,
        s.game.turn
    );
    app.stop().await;
}

#[tokio::test]
async fn a_french_players_refused_line_is_told_why_in_french() {
    let mut app = TestApp::spawn().await;
    let rules = json!(holmes_in_the_valley());
    let players = ["Ann <ann@example.org>"];
    create_with(&app, 3, &players, rules, json!({"language": "fr"})).await;
    let welcome = mail_to(&app, "ann@example.org", "bienvenue dans").await;
    // The Valley of Fear never completes a set: the line is refused, and said why in French.
    send_mail(&app, reply("ann@example.org", &welcome, "compléter 1")).await;
    let refused = mail_to(&app, "ann@example.org", "pas été jouée entière").await;
    assert!(
        refused
            .body
            .contains("« compléter 1 » : La Vallée de la peur ne complète jamais de série"),
        "{}",
        refused.body
    );
    assert!(
        !refused.body.contains("never completes"),
        "{}",
        refused.body
    );
    // A reply too long to be read is told so in French too.
    let flood = vec!["3 scène"; 60].join("\n");
    send_mail(&app, reply("ann@example.org", &welcome, &flood)).await;
    let too_long = mail_to(&app, "ann@example.org", "pas été jouée entière").await;
    assert!(
        too_long
            .body
            .contains("le message est trop long pour être des commandes (60 lignes"),
        "{}",
        too_long.body
    );
    app.stop().await;
}

#[tokio::test]
async fn a_mail_too_long_to_read_after_the_game_ended_is_not_told_its_turn_ended() {
    let mut app = TestApp::spawn().await;
    let rules = holmes_in_the_valley();
    let (id, _, gm) = create(&app, 3, &["Ann <ann@example.org>"], json!(rules)).await;
    let welcome = mail_to(&app, "ann@example.org", "welcome to").await;
    let actions = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (s, said) = app
        .post_json(&actions, &json!({"action": "end", "confirm": true}))
        .await;
    assert_eq!(s, 200, "{said}");
    assert!(stored(&app, id).await.over());
    let flood = vec!["3 scene"; 60].join("\n");
    send_mail(&app, reply("ann@example.org", &welcome, &flood)).await;
    let refused = mail_to(&app, "ann@example.org", "not carried out").await;
    assert!(
        refused.body.contains("at most 50 lines"),
        "{}",
        refused.body
    );
    assert!(
        !refused.body.contains("your turn ended"),
        "{}",
        refused.body
    );
    app.stop().await;
}
