//! Clue's table beyond two people: computer players seated beside a person on the web and one
//! by mail, to a right accusation; the `ask_refuter` house rule — a refuter's choice by mail,
//! and one left to its deadline — with the suggester's clock stopped meanwhile; a seat the
//! game master gives to a computer player, and the record of it all verified.

use serde_json::{json, Value};

use crate::classic::{mail_to, post_form, reply, send_mail};
use crate::common::clue::{public, stored};
use crate::common::csrf;
use crate::common::{path_of, TestApp};

async fn deadline(app: &TestApp, id: i64) -> i64 {
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    let (d,): (Option<i64>,) = sqlx::query_as("SELECT turn_deadline FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    d.expect("a deadline")
}

/// A game of Clue, board off: its id, its players' page paths by seat, the game master's.
async fn made(
    app: &TestApp,
    players: &[&str],
    seed: u64,
    settings: Value,
) -> (i64, Vec<String>, String) {
    let (status, created) = app
        .post_game(&json!({
            "name": "Pool party", "gm_email": "gm@example.org", "ruleset": "clue",
            "players": players, "seed": seed, "settings": settings,
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    // Each person's page, from their welcome letter; a computer has none.
    let mut links = Vec::new();
    for p in players {
        let (name, rest) = p.split_once(" <").unwrap();
        let address = rest.trim_end_matches('>');
        links.push(match address.starts_with("computer:") {
            true => String::new(),
            false => {
                let welcome = mail_to(app, address, "welcome").await;
                let line = (welcome.body.lines())
                    .find(|l| l.contains("/play/"))
                    .unwrap_or_else(|| panic!("{name}'s link: {}", welcome.body));
                let at = line.find("http").expect("a link");
                path_of(line[at..].split_whitespace().next().unwrap()).replacen(
                    "/play/",
                    "/clue/play/",
                    1,
                )
            }
        });
    }
    let id = created["id"].as_i64().unwrap();
    (id, links, path_of(created["gm_link"].as_str().unwrap()))
}

fn address(name: &str) -> String {
    format!("{}@example.org", name.to_lowercase())
}

const GUESTS: [&str; 6] = [
    "Miss Scarlet",
    "Colonel Mustard",
    "Mrs. White",
    "Mr. Green",
    "Mrs. Peacock",
    "Professor Plum",
];
const WEAPONS: [&str; 6] = ["Candlestick", "Knife", "Rope", "Pistol", "Bat", "Poison"];

fn hand(state: &Value, seat: usize) -> Vec<String> {
    serde_json::from_value(state["game"]["setup"]["hands"][seat].clone()).unwrap()
}

#[tokio::test]
async fn a_person_on_the_web_one_by_mail_and_two_computer_players_play_clue_to_a_right_accusation()
{
    let mut app = TestApp::spawn().await;
    let names = ["Ann", "Ben", "Robo", "Hal"];
    let (id, links, _) = made(
        &app,
        &[
            "Ann <ann@example.org>",
            "Ben <ben@example.org>",
            "Robo <computer:master>",
            "Hal <computer:detective>",
        ],
        21,
        json!({"board": false}),
    )
    .await;
    assert!(
        links[2].is_empty() && links[3].is_empty(),
        "computers get no link"
    );
    let state = stored(&app, id).await;
    let envelope: Vec<String> =
        serde_json::from_value(state["game"]["setup"]["envelope"].clone()).unwrap();
    // Each person's turn: a suggestion and `done` for two rounds, then the truth; Ann on her
    // page, Ben by mail. The computers play their turns on their own in between.
    let mut turns_of_people = 0;
    for _ in 0..40 {
        let g = public(&app, id).await;
        if g["phase"] == "over" {
            break;
        }
        let seat = g["turn"].as_u64().unwrap() as usize;
        assert!(
            seat < 2,
            "a person's turn: the computers played theirs: {g}"
        );
        turns_of_people += 1;
        let (guest, weapon, room) = match turns_of_people > 4 {
            true => (
                envelope[0].clone(),
                envelope[1].clone(),
                envelope[2].clone(),
            ),
            false => (
                "Mrs. Peacock".into(),
                "Rope".into(),
                ["Spa", "Patio", "Hall"][turns_of_people % 3].to_string(),
            ),
        };
        let last = match turns_of_people > 4 {
            true => format!("accuse {guest} in {room} with {weapon}"),
            false => "done".into(),
        };
        let text = format!("suggest {guest} in {room} with {weapon}\n{last}");
        if seat == 0 {
            let page = app.get_text(&links[0]).await.1;
            let answer = post_form(
                &app,
                &links[0],
                &[
                    ("csrf", &csrf(&page)),
                    ("action", "command"),
                    ("text", &text),
                ],
            )
            .await;
            assert!(answer.contains("class=\"banner done\""), "{answer}");
        } else {
            let news = mail_to(&app, &address("Ben"), "welcome").await;
            send_mail(&app, reply(&address("Ben"), &news, &text)).await;
        }
    }
    let g = public(&app, id).await;
    assert_eq!(g["phase"], "over", "{g}");
    // The computers suggested (their seats' events are in the log).
    let suggesters: Vec<u64> = (g["log"].as_array().unwrap().iter())
        .flat_map(|l| l["events"].as_array().unwrap())
        .filter(|e| e["event"] == "suggested")
        .map(|e| e["seat"].as_u64().unwrap())
        .collect();
    assert!(
        suggesters.contains(&2) && suggesters.contains(&3),
        "{suggesters:?}"
    );
    let winner = g["winner"].as_u64().unwrap() as usize;
    let (_, table) = app.get_text(&format!("/clue/games/{id}")).await;
    assert!(
        table.contains(names[winner]) && table.contains("solved it"),
        "{table}"
    );
    let record = app.get_json(&format!("/games/{id}/record.json")).await;
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    app.stop().await;
}

/// Three cards of a suggestion the seat `refuter` holds two of (a guest and a weapon), with a
/// room nobody need hold.
fn two_of(state: &Value, refuter: usize) -> (String, String) {
    let cards = hand(state, refuter);
    let guest = cards.iter().find(|c| GUESTS.contains(&c.as_str()));
    let weapon = cards.iter().find(|c| WEAPONS.contains(&c.as_str()));
    (
        guest.expect("a guest in hand").clone(),
        weapon.expect("a weapon in hand").clone(),
    )
}

#[tokio::test]
async fn with_ask_refuter_a_refuter_chooses_by_mail_and_one_silent_past_its_hours_is_answered_by_its_preferences(
) {
    let mut app = TestApp::spawn().await;
    let names = ["Ann", "Ben", "Cleo"];
    let players: Vec<String> = names
        .iter()
        .map(|n| format!("{n} <{}>", address(n)))
        .collect();
    let players: Vec<&str> = players.iter().map(String::as_str).collect();
    // A seed whose two seats after the first each hold a guest and a weapon.
    let holds_two = |state: &Value, seat: usize| {
        let cards = hand(state, seat);
        cards.iter().any(|c| GUESTS.contains(&c.as_str()))
            && cards.iter().any(|c| WEAPONS.contains(&c.as_str()))
    };
    let mut found = None;
    for seed in 1..40u64 {
        let settings = json!({"board": false, "ask_refuter": true, "show_hours": 2});
        let (id, links, gm) = made(&app, &players, seed, settings).await;
        let state = stored(&app, id).await;
        let first = state["game"]["turn"].as_u64().unwrap() as usize;
        let refuter = (first + 1) % 3;
        if holds_two(&state, refuter) && holds_two(&state, (first + 2) % 3) {
            found = Some((id, links, gm, state, first, refuter));
            break;
        }
    }
    let (id, links, gm, state, first, refuter) = found.expect("such a seed");
    let bystander = (first + 2) % 3;
    let (guest, weapon) = two_of(&state, refuter);
    let before = deadline(&app, id).await;

    // The suggestion waits for the refuter: everyone sees that they are asked, the refuter
    // alone which cards; the suggester's clock stops, the refuter's runs for show_hours.
    let news = mail_to(&app, &address(names[first]), "welcome").await;
    // The opening bulletin says what a refuter's wait tells everyone, in the welcome and on
    // the table.
    let told = "everyone knows that refuter holds at least two of the three";
    assert!(
        news.body.contains("ask_refuter = on") && news.body.contains(told),
        "{}",
        news.body
    );
    let (_, table) = app.get_text(&format!("/clue/games/{id}")).await;
    assert!(table.contains(told), "{table}");
    let text = format!("suggest {guest} in Hall with {weapon}\ndone");
    send_mail(&app, reply(&address(names[first]), &news, &text)).await;
    let g = public(&app, id).await;
    assert_eq!(g["phase"], "showing", "{g}");
    assert_eq!(g["turn"], first, "the turn is still the suggester's");
    let asked = mail_to(&app, &address(names[refuter]), "show a card").await;
    assert!(
        asked
            .body
            .contains(&format!("Show a card to {}", names[first])),
        "{}",
        asked.body
    );
    assert!(
        asked.body.contains(&guest) && asked.body.contains(&weapon),
        "{}",
        asked.body
    );
    let now = chrono::Utc::now().timestamp();
    let show_deadline = deadline(&app, id).await;
    assert!(
        (show_deadline - now - 2 * 3600).abs() < 60,
        "the refuter has two hours"
    );
    assert!(
        before > show_deadline,
        "the suggester's own deadline was later"
    );
    let refused = mail_to(&app, &address(names[first]), "NOT carried out").await;
    assert!(
        refused.body.contains("waits for its answer"),
        "{}",
        refused.body
    );
    let third = app.get_text(&links[bystander]).await.1;
    assert!(
        third.contains(&format!("{} holds two or three", names[refuter])),
        "{third}"
    );
    assert!(!third.contains("Show a card to"), "{third}");
    // The deadline named is the refuter's, as theirs: the suggester's turn waits on it.
    assert!(
        third.contains(&format!(
            "{} chooses which card to show {}, until",
            names[refuter], names[first]
        )),
        "{third}"
    );
    let theirs = app.get_text(&links[refuter]).await.1;
    assert!(theirs.contains("id=\"show-form\""), "{theirs}");
    // A card not among those asked about is refused; `show` from another, too.
    send_mail(
        &app,
        reply(&address(names[refuter]), &asked, "show Kitchen"),
    )
    .await;
    let no = mail_to(&app, &address(names[refuter]), "NOT carried out").await;
    assert!(
        no.body
            .contains("show one of the cards you were asked about"),
        "{}",
        no.body
    );
    assert_eq!(public(&app, id).await["phase"], "showing");
    // The game master extends the turn while the refuter chooses: the refuter's clock and the
    // suggester's stopped one both gain the three hours.
    let api = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (s, said) = (app.post_json(&api, &json!({"action": "extend", "hours": 3}))).await;
    assert_eq!(s, 200, "{said}");
    assert_eq!(deadline(&app, id).await, show_deadline + 3 * 3600);
    // The refuter answers by mail: the suggester sees the card, the clock goes on.
    send_mail(
        &app,
        reply(&address(names[refuter]), &asked, &format!("show {weapon}")),
    )
    .await;
    let g = public(&app, id).await;
    assert_eq!(g["phase"], "answered", "{g}");
    let mine = app.get_text(&links[first]).await.1;
    assert!(
        mine.contains(&format!("{} showed you {weapon}", names[refuter])),
        "{mine}"
    );
    let resumed = deadline(&app, id).await;
    assert!(
        (resumed - (before + 3 * 3600)).abs() < 60,
        "the suggester's time left comes back, three hours longer: {} after the first deadline",
        resumed - before
    );

    // The suggester ends the turn; the refuter, now playing, names two of the next
    // player's cards and that player lets the time to choose pass.
    let page = app.get_text(&links[first]).await.1;
    post_form(
        &app,
        &links[first],
        &[("csrf", &csrf(&page)), ("action", "done")],
    )
    .await;
    assert_eq!(public(&app, id).await["turn"], refuter);
    let (g2, w2) = two_of(&state, bystander);
    let page = app.get_text(&links[refuter]).await.1;
    let text = format!("suggest {g2} in Spa with {w2}");
    let fields = [
        ("csrf", csrf(&page)),
        ("action", "command".into()),
        ("text", text),
    ];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    post_form(&app, &links[refuter], &fields).await;
    assert_eq!(public(&app, id).await["phase"], "showing");
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    sqlx::query("UPDATE games SET turn_deadline = 1 WHERE id = $1")
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
    let started = std::time::Instant::now();
    while public(&app, id).await["phase"] == "showing" {
        assert!(
            started.elapsed().as_secs() < 15,
            "the deadline was not seen"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let g = public(&app, id).await;
    assert_eq!(g["phase"], "answered", "its preferences answered: {g}");
    assert_eq!(g["turn"], refuter, "the suggester's turn goes on");
    let theirs = app.get_text(&links[refuter]).await.1;
    assert!(
        theirs.contains(&format!("{} showed you", names[bystander])),
        "{theirs}"
    );
    // `show` with nothing asked is refused.
    let page = app.get_text(&links[first]).await.1;
    let answer = post_form(
        &app,
        &links[first],
        &[
            ("csrf", &csrf(&page)),
            ("action", "command"),
            ("text", "show Rope"),
        ],
    )
    .await;
    assert!(answer.contains("only when you are asked"), "{answer}");
    // The record keeps every step and verifies.
    let record = crate::records::ended(&app, &gm, id).await;
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    app.stop().await;
}

#[tokio::test]
async fn the_game_master_gives_a_seat_to_a_computer_player_which_plays_its_turns_and_the_record_verifies(
) {
    let mut app = TestApp::spawn().await;
    let names = ["Ann", "Ben", "Cleo"];
    let players: Vec<String> = names
        .iter()
        .map(|n| format!("{n} <{}>", address(n)))
        .collect();
    let players: Vec<&str> = players.iter().map(String::as_str).collect();
    let (id, links, gm) = made(&app, &players, 5, json!({"board": false})).await;
    let first = public(&app, id).await["turn"].as_u64().unwrap() as usize;
    // The game master gives the seat whose turn it is to a computer detective.
    let page = app.get_text(&gm.replacen("/gm/", "/clue/gm/", 1)).await.1;
    assert!(
        page.contains("value=\"replace\""),
        "the form offers it: {page}"
    );
    let api = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (s, said) = app
        .post_json(&api, &json!({"action": "replace", "seat": first, "with": "computer:detective", "name": "Robo"}))
        .await;
    assert_eq!(s, 200, "{said}");
    assert!(said.to_string().contains("Robo now plays seat"), "{said}");
    let g = public(&app, id).await;
    assert_eq!(g["players"][first], "Robo");
    assert_ne!(
        g["turn"], first,
        "the computer played its turn at once: {g}"
    );
    let log = g["log"].to_string();
    assert!(log.contains("replaced"), "{log}");
    // The old link is shut; the others' letters tell who plays now.
    let r = app.get(&links[first]).await;
    assert_ne!(r.status(), 200, "the old link is shut");
    let other = (first + 1) % 3;
    let news = mail_to(&app, &address(names[other]), "your turn").await;
    assert!(
        news.body
            .contains(&format!("Robo now plays in place of {}", names[first])),
        "{}",
        news.body
    );
    let (s, said) = app
        .post_json(&api, &json!({"action": "end", "confirm": true}))
        .await;
    assert_eq!(s, 200, "{said}");
    let record = app.get_json(&format!("/games/{id}/record.json")).await;
    assert_eq!(
        record["players"][first], names[first],
        "the record begins with who began"
    );
    assert!(
        record["messages"].to_string().contains("\"replace\""),
        "{}",
        record["messages"]
    );
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    app.stop().await;
}

#[tokio::test]
async fn a_wrong_accusation_puts_a_player_out_who_still_shows_cards_by_their_show_order_sent_by_mail(
) {
    let mut app = TestApp::spawn().await;
    let names = ["Ann", "Ben", "Cleo"];
    let players: Vec<String> = names
        .iter()
        .map(|n| format!("{n} <{}>", address(n)))
        .collect();
    let players: Vec<&str> = players.iter().map(String::as_str).collect();
    let (id, _, _) = made(&app, &players, 9, json!({"board": false})).await;
    let state = stored(&app, id).await;
    let first = state["game"]["turn"].as_u64().unwrap() as usize;
    let (second, third) = ((first + 1) % 3, (first + 2) % 3);
    let envelope: Vec<String> =
        serde_json::from_value(state["game"]["setup"]["envelope"].clone()).unwrap();
    // The second player sets a show order by mail before any turn: their weapon first.
    let (guest, weapon) = two_of(&state, second);
    let welcome = mail_to(&app, &address(names[second]), "welcome").await;
    let order = format!("show order {weapon}, {guest}");
    send_mail(&app, reply(&address(names[second]), &welcome, &order)).await;
    // The first accuses wrongly (a guest of the second's hand cannot be in the Pool).
    let mail = mail_to(&app, &address(names[first]), "welcome").await;
    let text = format!(
        "suggest {} in Spa with {}\naccuse {guest} in {} with {}",
        envelope[0], envelope[1], envelope[2], envelope[1]
    );
    send_mail(&app, reply(&address(names[first]), &mail, &text)).await;
    let g = public(&app, id).await;
    assert_eq!(g["out"][first], true, "{g}");
    assert_eq!(g["turn"], second);
    let news = mail_to(&app, &address(names[third]), "what happened").await;
    assert!(news.body.contains("wrong"), "{}", news.body);
    // The second's turn: a suggestion naming two of the first's cards; the first, out, shows.
    let (g1, w1) = two_of(&state, first);
    let news = mail_to(&app, &address(names[second]), "your turn").await;
    let text = format!("suggest {g1} in Hall with {w1}\ndone");
    send_mail(&app, reply(&address(names[second]), &news, &text)).await;
    let g = public(&app, id).await;
    let showed = (g["log"].as_array().unwrap().iter())
        .flat_map(|l| l["events"].as_array().unwrap())
        .any(|e| e["event"] == "showed_unseen" && e["seat"] == first);
    assert!(showed, "the player out still showed a card: {g}");
    // The third names the second's guest and weapon: the show order picks the weapon.
    let news = mail_to(&app, &address(names[third]), "your turn").await;
    let text = format!("suggest {guest} in Patio with {weapon}");
    send_mail(&app, reply(&address(names[third]), &news, &text)).await;
    let state = stored(&app, id).await;
    let last = state["game"]["shown"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last, json!([second, third, weapon]), "the show order chose");
    app.stop().await;
}

#[tokio::test]
async fn computer_players_play_their_turns_while_the_game_master_has_paused_the_clock() {
    let mut app = TestApp::spawn().await;
    let (id, links, gm) = made(
        &app,
        &[
            "Ann <ann@example.org>",
            "Robo <computer:master>",
            "Hal <computer:detective>",
        ],
        31,
        json!({"board": false}),
    )
    .await;
    let api = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (s, said) = app.post_json(&api, &json!({"action": "pause"})).await;
    assert_eq!(s, 200, "{said}");
    // Paused, Ann still plays her turn; the computers play theirs at once.
    let g = public(&app, id).await;
    assert_eq!(g["turn"], 0, "the computers played up to Ann's turn: {g}");
    assert_eq!(g["paused"], true);
    let before = g["turn_no"].as_u64().unwrap();
    let page = app.get_text(&links[0]).await.1;
    // No deadline is named while paused (it was "until ." before).
    assert!(
        page.contains("It is your turn; the game is paused, so the turn has no deadline."),
        "{page}"
    );
    let fields = [
        ("csrf", csrf(&page)),
        ("action", "command".to_string()),
        (
            "text",
            "suggest Mrs. Peacock in Spa with Rope\ndone".to_string(),
        ),
    ];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    post_form(&app, &links[0], &fields).await;
    let g = public(&app, id).await;
    assert!(
        g["phase"] == "over" || (g["turn"] == 0 && g["turn_no"].as_u64().unwrap() >= before + 3),
        "Robo and Hal played while paused: {g}"
    );
    app.stop().await;
}
