//! Sherlock Solitaire played through the service's real doors: a game won on the page with its
//! buttons (a play lined up, taken back, sent), a game lost by mail to its third wound, two
//! detectives played by two people by mail, the rules' hard cases met in play (an ability whose
//! card has no place in the Office, an abnormal set played on, a reshuffle under `advanced`,
//! sets completed in The Final Problem), and every record verified, a tampered deck caught.

use polysleuth::games::sherlock::game::{Event, Outcome, WoundWhy};
use polysleuth::games::sherlock::places::Place;
use polysleuth::games::sherlock::setup::{Case, Detective, Settings};
use serde_json::{json, Value};

use crate::classic::{mail_to, post_form, reply, send_mail};
use crate::common::csrf;
use crate::common::sherlock::{careless, create, plan_turn, searching, seed_where, stored};
use crate::common::TestApp;

fn settings(case: Case, level: u8, detectives: &[Detective], advanced: bool) -> Settings {
    Settings {
        detectives: detectives.to_vec(),
        case,
        level,
        advanced,
        turn_hours: None,
    }
}

/// Posts one of the page's buttons; the page it answers with.
async fn press(app: &TestApp, page_path: &str, fields: &[(&str, &str)]) -> String {
    let page = app.get_text(page_path).await.1;
    let csrf = csrf(&page);
    let mut all: Vec<(&str, &str)> = vec![("csrf", csrf.as_str())];
    all.extend_from_slice(fields);
    post_form(app, page_path, &all).await
}

/// The record published at the end verifies, and one with two cards of its deck swapped is
/// caught.
async fn record_verifies_and_a_tampered_deck_is_caught(app: &TestApp, id: i64) -> Value {
    let record = app.get_json(&format!("/games/{id}/record.json")).await;
    assert_eq!(record["ruleset"], "sherlock", "{record}");
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    // Its refused replies left their turn open (a game made now); a record of before, without
    // the key, replays as every reply settled, which changes nothing where no refused reply
    // left a set to complete.
    assert_eq!(record["refusal_keeps_turn"], true, "{record}");
    // So with a draw on an empty deck and pile: it stops short in a game made now.
    assert_eq!(record["short_draw_on_empty_pile"], true, "{record}");
    let mut before = record.clone();
    before.as_object_mut().unwrap().remove("refusal_keeps_turn");
    let (code, out, err) = crate::records::verify(&before).await;
    assert_eq!(code, Some(0), "{out} {err}");
    let mut bad = record.clone();
    let deck = bad["deck"].as_array_mut().unwrap();
    let other = (1..deck.len()).find(|i| deck[*i] != deck[0]).unwrap();
    deck.swap(0, other);
    let (code, out, err) = crate::records::verify(&bad).await;
    assert_eq!(code, Some(1), "{out} {err}");
    assert!(format!("{out}{err}").contains("deck"), "{out} {err}");
    record
}

#[tokio::test]
async fn a_game_is_won_on_the_page_with_plays_lined_up_taken_back_and_sent() {
    let mut app = TestApp::spawn().await;
    let rules = settings(Case::ValleyOfFear, 1, &[Detective::Holmes], false);
    let seed = seed_where(&rules, searching, 1, |g, _| g.outcome == Some(Outcome::Won));
    let (id, links, _gm) = create(&app, seed, &["Ann <ann@example.org>"], json!(rules)).await;
    let me = &links[0];

    // The welcome brings the first four cards and the plays open to them.
    let welcome = mail_to(&app, "ann@example.org", "welcome to").await;
    assert!(welcome.body.contains("Your hand:"), "{}", welcome.body);
    assert!(welcome.body.contains("Plays open now:"), "{}", welcome.body);

    // The page: cards drawn with their kind in words, each legal play a button.
    let page = app.get_text(me).await.1;
    assert!(page.contains("id=\"hand\""), "{page}");
    assert!(page.contains("class=\"card inv") || page.contains("class=\"card threat"));
    assert!(page.contains("Investigation") || page.contains("Threat"));
    let s = stored(&app, id).await;
    let first = plan_turn(&s, searching)[0].clone();
    assert!(
        page.contains(&format!("value=\"{first}\"")),
        "{first}: {page}"
    );

    // A play lined up changes nothing stored; taken back, it is gone.
    let page = press(&app, me, &[("action", "line"), ("line", &first)]).await;
    assert!(page.contains("id=\"undo\""), "{page}");
    assert_eq!(
        stored(&app, id).await.game,
        s.game,
        "nothing is carried out before it is sent"
    );
    // A reply refused whole by the API, meanwhile, changes nothing: the play stays lined up.
    let api = me.replacen("/sherlock/play/", "/api/sherlock/play/", 1);
    let (status, said) = app.post_json(&api, &json!({"text": "hello"})).await;
    assert_eq!(status, 422, "{said}");
    assert_eq!(stored(&app, id).await.pending, vec![first.clone()]);
    let page = press(&app, me, &[("action", "undo")]).await;
    assert!(!page.contains("id=\"undo\""), "{page}");
    assert!(stored(&app, id).await.pending.is_empty());

    // A play the rules refuse is said, and nothing is kept.
    let page = press(&app, me, &[("action", "line"), ("line", "complete 2")]).await;
    assert!(page.contains("was not carried out"), "{page}");
    assert!(stored(&app, id).await.pending.is_empty());

    // Every turn: its plays lined up one button at a time, then sent.
    let mut turns = 0;
    loop {
        let s = stored(&app, id).await;
        if s.over() {
            break;
        }
        turns += 1;
        assert!(turns <= 6, "the case's clock ends the game by turn 6");
        for line in plan_turn(&s, searching) {
            press(&app, me, &[("action", "line"), ("line", &line)]).await;
        }
        if !stored(&app, id).await.over() {
            press(&app, me, &[("action", "send")]).await;
        }
    }
    let s = stored(&app, id).await;
    assert_eq!(s.game.outcome, Some(Outcome::Won));

    // The table says so and shows the deck left; the record is published and verifies.
    let (_, table) = app.get_text(&format!("/sherlock/games/{id}")).await;
    assert!(table.contains("The case is solved!"), "{table}");
    assert!(table.contains("id=\"deck\""), "{table}");
    let record = record_verifies_and_a_tampered_deck_is_caught(&app, id).await;
    assert_eq!(record["outcome"], "won");
    let end = mail_to(&app, "ann@example.org", "the case is closed").await;
    assert!(end.body.contains("record.json"), "{}", end.body);
    app.stop().await;
}

#[tokio::test]
async fn a_game_is_lost_by_mail_at_its_third_wound_and_the_lines_after_it_are_ignored() {
    let mut app = TestApp::spawn().await;
    let rules = settings(Case::ValleyOfFear, 3, &[Detective::Watson], false);
    let seed = seed_where(&rules, careless, 1, |g, _| {
        g.outcome == Some(Outcome::Wounded)
    });
    let (id, _links, _gm) = create(&app, seed, &["Ann <ann@example.org>"], json!(rules)).await;
    let mut letter = mail_to(&app, "ann@example.org", "welcome to").await;
    let mut replies = 0;
    loop {
        let s = stored(&app, id).await;
        if s.over() {
            break;
        }
        let mut lines = plan_turn(&s, careless);
        let mut g = s.game.clone();
        let mut rng = s.rng();
        for l in &lines {
            g.play(
                &polysleuth::games::sherlock::command::read(l).unwrap(),
                &mut rng,
            )
            .unwrap();
        }
        if g.over() {
            // The third wound comes mid-reply: a line after it is ignored, and said so.
            lines.push("4 scene".into());
        }
        send_mail(&app, reply("ann@example.org", &letter, &lines.join("\n"))).await;
        replies += 1;
        assert!(replies < 20, "the game ends");
        crate::common::mail::settle(&app).await;
        if stored(&app, id).await.over() {
            break;
        }
        letter = mail_to(
            &app,
            "ann@example.org",
            &format!("turn {} of", stored(&app, id).await.game.turn),
        )
        .await;
        assert!(letter.body.contains("Your hand:"), "{}", letter.body);
        assert!(
            letter.body.contains("turns left") || letter.body.contains("left, this one"),
            "{}",
            letter.body
        );
    }
    let s = stored(&app, id).await;
    assert_eq!(s.game.outcome, Some(Outcome::Wounded));
    assert_eq!(s.game.wounds, 3);
    let answer = mail_to(&app, "ann@example.org", ": your plays").await;
    assert!(
        answer
            .body
            .contains("The game ended before these lines: 4 scene"),
        "{}",
        answer.body
    );
    let end = mail_to(&app, "ann@example.org", "the case is closed").await;
    assert!(end.body.contains("third wound"), "{}", end.body);
    let gm_end = mail_to(&app, "gm@example.org", "the case is closed").await;
    assert!(gm_end.body.contains("wound"), "{}", gm_end.body);
    let record = record_verifies_and_a_tampered_deck_is_caught(&app, id).await;
    assert_eq!(record["outcome"], "wounded");
    app.stop().await;
}

/// Plays a game through the API, a turn's plan a request, until `seen` holds of the stored
/// game's log (or the game ends); true when it held.
async fn play_api_until(
    app: &TestApp,
    id: i64,
    link: &str,
    seen: impl Fn(&[Event]) -> bool,
) -> bool {
    let api = link.replacen("/sherlock/play/", "/api/sherlock/play/", 1);
    for _ in 0..40 {
        let s = stored(app, id).await;
        let events: Vec<Event> = s.log.iter().flat_map(|l| l.events.clone()).collect();
        if seen(&events) {
            return true;
        }
        if s.over() {
            return false;
        }
        let lines = plan_turn(&s, searching);
        let (status, done) = app
            .post_json(&api, &json!({"text": lines.join("\n")}))
            .await;
        assert_eq!(status, 200, "{done}");
        assert_eq!(done["accepted"], true, "{done}");
    }
    false
}

/// The game master ends the game through the API; the record verifies.
pub(crate) async fn gm_ends(app: &TestApp, id: i64, gm: &str) -> Value {
    let api = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    if !stored(app, id).await.over() {
        let (s, said) = app
            .post_json(&api, &json!({"action": "end", "confirm": true}))
            .await;
        assert_eq!(s, 200, "{said}");
    }
    record_verifies_and_a_tampered_deck_is_caught(app, id).await
}

#[tokio::test]
async fn an_ability_whose_card_has_no_place_in_the_office_is_skipped_with_a_wound() {
    let mut app = TestApp::spawn().await;
    let rules = settings(Case::ValleyOfFear, 3, &[Detective::Holmes], false);
    // Holmes's 1s move a Threat card from the Crime Scene into the Office: a seed where one
    // lies there but no set of the Office may take it.
    let holmes_ones = |e: &Event| {
        matches!(
            e,
            Event::Skipped {
                detective: Detective::Holmes,
                number: 1
            }
        )
    };
    let seed = seed_where(&rules, searching, 1, |g, ev| {
        let n = ev.len();
        n >= 2 && holmes_ones(&ev[n - 2]) && g.scene.iter().any(|c| !c.face().is_number())
    });
    let (id, links, gm) = create(&app, seed, &["Ann <ann@example.org>"], json!(rules)).await;
    assert!(play_api_until(&app, id, &links[0], |ev| ev.iter().any(holmes_ones)).await);
    let events: Vec<Event> = (stored(&app, id).await.log.iter())
        .flat_map(|l| l.events.clone())
        .collect();
    let at = events.iter().position(holmes_ones).unwrap();
    assert!(
        matches!(
            events[at + 1],
            Event::Wounded {
                why: WoundWhy::Skipped,
                ..
            }
        ),
        "the skipped ability wounds at once: {:?}",
        &events[at..]
    );
    // The table says so to anyone.
    let (_, table) = app.get_text(&format!("/sherlock/games/{id}")).await;
    assert!(table.contains("could not be used"), "{table}");
    assert!(table.contains("an ability not used"), "{table}");
    let record = gm_ends(&app, id, &gm).await;
    assert_eq!(record["outcome"], "ended");
    app.stop().await;
}

#[tokio::test]
async fn an_abnormal_set_left_by_an_ability_is_played_on_against_its_top_card() {
    let mut app = TestApp::spawn().await;
    let rules = settings(Case::ValleyOfFear, 3, &[Detective::Holmes], false);
    // A card moved out of a set, and a later play on that set.
    let played_on_after_a_move = |ev: &[Event]| {
        ev.iter().enumerate().any(|(i, e)| match e {
            Event::Moved {
                from: Place::Set(n),
                ..
            } => ev[i + 1..]
                .iter()
                .any(|p| matches!(p, Event::Played { set: Some(m), .. } if m == n)),
            _ => false,
        })
    };
    let abnormal = |g: &polysleuth::games::sherlock::game::Game| {
        g.office.iter().any(|s| {
            s.cards
                .windows(2)
                .any(|w| w[0].face().is_number() && w[1].face().is_number())
        })
    };
    let seed = seed_where(&rules, searching, 1, |g, ev| {
        abnormal(g) && played_on_after_a_move(ev)
    });
    let (id, links, gm) = create(&app, seed, &["Ann <ann@example.org>"], json!(rules)).await;
    assert!(play_api_until(&app, id, &links[0], played_on_after_a_move).await);
    let s = stored(&app, id).await;
    assert!(
        abnormal(&s.game) || s.over(),
        "a set holds two numbers in a row: {:?}",
        s.game.office
    );
    gm_ends(&app, id, &gm).await;
    app.stop().await;
}

#[tokio::test]
async fn with_the_advanced_rule_an_empty_deck_is_reshuffled_from_the_seed_with_a_wound() {
    let mut app = TestApp::spawn().await;
    let rules = settings(Case::FinalProblem, 3, &[Detective::Watson], true);
    // The first reshuffle comes with the same plays whatever the salt: find one that comes.
    let mut seed = 1;
    let id = loop {
        let found = seed_where(&rules, searching, seed, |_, ev| {
            ev.iter().any(|e| matches!(e, Event::Drew { .. }))
                && ev
                    .iter()
                    .filter(|e| matches!(e, Event::TurnBegan { .. }))
                    .count()
                    >= 12
        });
        let (id, links, gm) = create(&app, found, &["Ann <ann@example.org>"], json!(rules)).await;
        // The house rule is printed in the game's opening mail and on its pages.
        let rule = "House rules: advanced on (each reshuffle of an empty deck gives a wound)";
        let welcome = mail_to(&app, "ann@example.org", "welcome to").await;
        assert!(welcome.body.contains(rule), "{}", welcome.body);
        for page in [links[0].clone(), format!("/sherlock/games/{id}")] {
            let (_, html) = app.get_text(&page).await;
            assert!(html.contains(rule), "{page}: {html}");
        }
        let reshuffled = |ev: &[Event]| ev.iter().any(|e| matches!(e, Event::Reshuffled { .. }));
        if play_api_until(&app, id, &links[0], reshuffled).await {
            let events: Vec<Event> = (stored(&app, id).await.log.iter())
                .flat_map(|l| l.events.clone())
                .collect();
            let at = events
                .iter()
                .position(|e| matches!(e, Event::Reshuffled { .. }))
                .unwrap();
            assert!(
                matches!(
                    events[at + 1],
                    Event::Wounded {
                        why: WoundWhy::Reshuffle,
                        ..
                    }
                ),
                "{:?}",
                &events[at..]
            );
            // The new order comes from the salt and the seed: the record replays it.
            gm_ends(&app, id, &gm).await;
            break id;
        }
        seed = found + 1;
        assert!(seed < 400, "a game reaches an empty deck");
    };
    let (_, table) = app.get_text(&format!("/sherlock/games/{id}")).await;
    assert!(table.contains("shuffled into a new deck"), "{table}");
    app.stop().await;
}

#[tokio::test]
async fn sets_are_completed_in_the_final_problem_and_refused_in_the_valley_of_fear() {
    let mut app = TestApp::spawn().await;
    let rules = settings(Case::FinalProblem, 2, &[Detective::Holmes], false);
    let completed = |ev: &[Event]| ev.iter().any(|e| matches!(e, Event::Completed { .. }));
    let seed = seed_where(&rules, searching, 1, |_, ev| completed(ev));
    let (id, links, gm) = create(&app, seed, &["Ann <ann@example.org>"], json!(rules)).await;
    assert!(play_api_until(&app, id, &links[0], completed).await);
    let s = stored(&app, id).await;
    assert!(!s.game.completed.is_empty());
    let (_, table) = app.get_text(&format!("/sherlock/games/{id}")).await;
    assert!(table.contains("completed"), "{table}");
    gm_ends(&app, id, &gm).await;

    // In The Valley of Fear `complete` is refused, said, and changes nothing.
    let valley = settings(Case::ValleyOfFear, 1, &[Detective::Holmes], false);
    let (id, links, _) = create(&app, 3, &["Ben <ben@example.org>"], json!(valley)).await;
    let before = stored(&app, id).await;
    let api = links[0].replacen("/sherlock/play/", "/api/sherlock/play/", 1);
    let (status, done) = app.post_json(&api, &json!({"text": "complete 1"})).await;
    assert_eq!(status, 422, "{done}");
    assert_eq!(done["refused"]["line"], "complete 1", "{done}");
    assert_eq!(stored(&app, id).await, before);
    app.stop().await;
}

#[tokio::test]
async fn two_detectives_are_played_by_two_people_by_mail_in_alternate_turns() {
    let mut app = TestApp::spawn().await;
    let rules = settings(
        Case::ValleyOfFear,
        2,
        &[Detective::Watson, Detective::Holmes],
        false,
    );
    let (id, links, gm) = create(
        &app,
        21,
        &["Ann <ann@example.org>", "Ben <ben@example.org>"],
        json!(rules),
    )
    .await;
    assert_eq!(links.len(), 2);
    // Ann plays Watson first: her welcome holds the cards; Ben's says whose turn it is.
    let ann = mail_to(&app, "ann@example.org", "welcome to").await;
    let ben = mail_to(&app, "ben@example.org", "welcome to").await;
    assert!(ann.body.contains("Your hand:"), "{}", ann.body);
    assert!(!ben.body.contains("Your hand:"), "{}", ben.body);
    assert!(
        ben.body.contains("It is Ann's turn (Dr. Watson)"),
        "{}",
        ben.body
    );

    // Ben writing on Ann's turn is refused, and nothing changes.
    let before = stored(&app, id).await;
    send_mail(&app, reply("ben@example.org", &ben, "1 scene")).await;
    let refused = mail_to(&app, "ben@example.org", "not carried out whole").await;
    assert!(
        refused.body.contains("It is Ann's turn"),
        "{}",
        refused.body
    );
    assert_eq!(stored(&app, id).await, before);

    // Four turns by mail, each by the one whose detective it is.
    let mut letters = [ann, ben];
    for turn in 1..=4u32 {
        let s = stored(&app, id).await;
        assert_eq!(s.game.turn, turn);
        let seat = s.seat_on_turn();
        assert_eq!(seat, (turn as usize - 1) % 2);
        let who = ["ann@example.org", "ben@example.org"][seat];
        let mut lines = plan_turn(&s, searching);
        if turn == 1 && lines.len() > 1 {
            // Part of a turn: the answer says where it stands, with the hand, to its player.
            send_mail(&app, reply(who, &letters[seat], &lines[0])).await;
            let open = mail_to(&app, who, "turn 1: your plays").await;
            assert!(open.body.contains("Your turn goes on"), "{}", open.body);
            let s = stored(&app, id).await;
            assert_eq!(s.game.turn, 1, "the turn goes on");
            assert!(open.body.contains("Your hand:"), "{}", open.body);
            letters[seat] = open;
            lines = plan_turn(&s, searching);
        }
        send_mail(&app, reply(who, &letters[seat], &lines.join("\n"))).await;
        crate::common::mail::settle(&app).await;
        if stored(&app, id).await.over() {
            break;
        }
        // Both hear of the turn; the next player gets the cards, the other only how many.
        let next = 1 - seat;
        let theirs = mail_to(
            &app,
            ["ann@example.org", "ben@example.org"][next],
            &format!("turn {} of", turn + 1),
        )
        .await;
        assert!(theirs.body.contains("Your hand:"), "{}", theirs.body);
        let mine = mail_to(&app, who, &format!("turn {}", turn + 1)).await;
        assert!(!mine.body.contains("Your hand:"), "{}", mine.body);
        assert!(mine.body.contains("cards were drawn"), "{}", mine.body);
        letters[next] = theirs;
        letters[seat] = mine;
    }
    let s = stored(&app, id).await;
    assert!(s.game.turn >= 4 || s.over());
    let record = gm_ends(&app, id, &gm).await;
    assert_eq!(record["players"], json!(["Ann", "Ben"]));
    let steps = record["messages"].to_string();
    assert!(steps.contains("\"player\":\"Ann\"") && steps.contains("\"player\":\"Ben\""));
    app.stop().await;
}

#[tokio::test]
async fn a_game_is_made_on_the_web_form_and_the_command_line_and_bad_requests_are_named() {
    use crate::common::RunAside;
    let mut app = TestApp::spawn().await;
    // The web form: two detectives, one person each, The Final Problem at level 2.
    let (_, page) = app.get_text("/games/new").await;
    assert!(page.contains("<option value=\"sherlock\""), "{page}");
    let csrf = csrf(&page);
    let fields = [
        ("csrf", csrf.as_str()),
        ("name", "Two at Baker Street"),
        ("gm_email", "gm@example.org"),
        ("ruleset", "sherlock"),
        ("sherlock_detectives", "watson,holmes"),
        ("sherlock_case", "final_problem"),
        ("sherlock_level", "2"),
        ("sherlock_turn_hours", "48"),
        ("time_zone", "UTC"),
        ("player1_name", "Ann"),
        ("player1_email", "ann@example.org"),
        ("player2_name", "Ben"),
        ("player2_email", "ben@example.org"),
    ];
    let created = post_form(&app, "/games/new", &fields).await;
    assert!(created.contains("/sherlock/games/1"), "{created}");
    let g = app.get_json("/api/sherlock/games/1").await;
    assert_eq!(g["settings"]["detectives"], json!(["watson", "holmes"]));
    assert_eq!(g["settings"]["case"], "final_problem");
    assert_eq!(g["settings"]["level"], 2);
    assert_eq!(g["players"], json!(["Ann", "Ben"]));
    assert_eq!(g["on_turn"], "Ann");
    assert!(
        g["deadline"].as_i64().is_some(),
        "turn_hours sets a deadline: {g}"
    );
    // Each player reads when the turn ends, in the welcome mail and on the table.
    let ann = mail_to(&app, "ann@example.org", "welcome to").await;
    assert!(ann.body.contains("This turn ends at"), "{}", ann.body);
    let (_, table) = app.get_text("/sherlock/games/1").await;
    assert!(table.contains("id=\"turn-ends\""), "{table}");
    assert!(g.get("hand").is_none() && g["deck"].is_null(), "{g}");
    let r = app.get("/games/1").await;
    assert_eq!(r.status(), 303, "the core's page leads to Sherlock's");

    // The command line: one person, Holmes, no deadline.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args([
            "game",
            "new",
            "--database-url",
            &app.db,
            "--ruleset",
            "sherlock",
        ])
        .args([
            "--gm-email",
            "gm@example.org",
            "--setting",
            "case=final_problem",
        ])
        .args([
            "--setting",
            "level=3",
            "--player",
            "Cleo <cleo@example.org>",
        ])
        .output_aside()
        .await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let created: Value = serde_json::from_slice(&out.stdout).unwrap();
    let g = app
        .get_json(&format!("/api/sherlock/games/{}", created["id"]))
        .await;
    assert_eq!(g["settings"]["level"], 3);
    assert!(g["deadline"].is_null(), "no turn_hours, no deadline: {g}");

    // What the rules do not allow is named; nothing is made.
    for (extra, says) in [
        (json!({"settings": {"level": 4}}), "the level is 1, 2 or 3"),
        (
            json!({"settings": {"detectives": ["holmes", "holmes"]}}),
            "one each",
        ),
        (
            json!({"players": ["Ann <ann@example.org>", "Ben <ben@example.org>"]}),
            "one person or by one person per detective",
        ),
        (json!({"settings": {"turn_hours": 0}}), "between 1 and 720"),
    ] {
        let mut body = json!({
            "name": "Bad", "gm_email": "gm@example.org", "ruleset": "sherlock",
            "players": ["Ann <ann@example.org>"],
        });
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, answer) = app.post_game(&body).await;
        assert_eq!(status, 422, "{extra}: {answer}");
        assert!(answer.to_string().contains(says), "{extra}: {answer}");
    }
    app.stop().await;
}

#[tokio::test]
async fn a_computer_detective_plays_its_turns_at_once_and_its_lines_are_in_the_record() {
    let mut app = TestApp::spawn().await;
    let rules = settings(
        Case::FinalProblem,
        1,
        &[Detective::Holmes, Detective::Watson],
        false,
    );
    let (status, created) = app
        .post_game(&json!({
            "name": "Half machine", "gm_email": "gm@example.org", "ruleset": "sherlock",
            "players": ["Ann <ann@example.org>", "Robo <computer:detective>"],
            "seed": 12, "settings": rules,
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let gm = crate::common::path_of(created["gm_link"].as_str().unwrap());
    // Only the person is mailed a link.
    let mut person = created.clone();
    person["players"] = json!([created["players"][0]]);
    let links = app.player_links(&person).await;
    let api = links[0].replacen("/play/", "/api/sherlock/play/", 1);
    for turn in [1u32, 3] {
        let s = stored(&app, id).await;
        if s.over() {
            break;
        }
        assert_eq!(
            s.game.turn, turn,
            "Robo's turn is played as soon as it comes"
        );
        let (status, done) = app
            .post_json(&api, &json!({"text": plan_turn(&s, searching).join("\n")}))
            .await;
        assert_eq!(status, 200, "{done}");
    }
    let s = stored(&app, id).await;
    assert!(s.game.turn >= 5 || s.over(), "turn {}", s.game.turn);
    let record = gm_ends(&app, id, &gm).await;
    assert!(
        record["messages"]
            .to_string()
            .contains("\"player\":\"Robo\""),
        "{record}"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_mistyped_play_at_the_top_of_a_mail_is_refused_and_the_plays_after_it_wait() {
    let mut app = TestApp::spawn().await;
    let rules = settings(Case::ValleyOfFear, 1, &[Detective::Holmes], false);
    let (id, _links, _gm) = create(&app, 5, &["Ann <ann@example.org>"], json!(rules)).await;
    let welcome = mail_to(&app, "ann@example.org", "welcome to").await;
    let before = stored(&app, id).await;
    let lines = plan_turn(&before, searching);
    assert!(lines.len() > 1, "{lines:?}");
    // The first play mistyped, as a hurried reply has it, after a greeting.
    let typo = lines[0]
        .replace("office", "ofice")
        .replace("scene", "sceen");
    let text = format!(
        "Hello Sherlock,\n\n{typo}\n{}\n\nAnn",
        lines[1..].join("\n")
    );
    send_mail(&app, reply("ann@example.org", &welcome, &text)).await;
    let refused = mail_to(&app, "ann@example.org", "not carried out whole").await;
    assert!(refused.body.contains(&typo), "{}", refused.body);
    assert_eq!(
        stored(&app, id).await.game,
        before.game,
        "nothing after the wrong line was played"
    );
    app.stop().await;
}
