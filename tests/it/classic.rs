//! A game of classic Sleuth through the service, to an accusation: three people — one on the
//! web, two by mail replying to what they received — and a computer player, on the database
//! the run uses (SQLite, or PostgreSQL in the postgres run).

use crate::common;

use std::time::{Duration, Instant};

use common::csrf;
use common::down::{Deadline, Down};
use common::mail::settle;
use common::TestApp;
use mail_parser::MessageParser;
use serde_json::{json, Value};

/// One mail the outbox wrote, decoded.
#[derive(Clone, Debug)]
pub(crate) struct Mail {
    pub to: String,
    pub subject: String,
    pub reply_to: String,
    pub message_id: String,
    pub body: String,
}

pub(crate) fn outbox(app: &TestApp) -> Vec<Mail> {
    app.mails()
        .iter()
        .map(|raw| {
            let m = MessageParser::default().parse(raw.as_bytes()).unwrap();
            let addr = |a: Option<&mail_parser::Address>| {
                a.and_then(|a| a.first())
                    .and_then(|a| a.address())
                    .unwrap_or("")
                    .to_string()
            };
            Mail {
                to: addr(m.to()),
                subject: m.subject().unwrap_or("").to_string(),
                reply_to: addr(m.reply_to()),
                message_id: m.message_id().unwrap_or("").to_string(),
                body: m.body_text(0).unwrap_or_default().to_string(),
            }
        })
        .collect()
}

/// Waits for a mail to `to` whose subject holds `subject`, and returns the newest one.
pub(crate) async fn mail_to(app: &TestApp, to: &str, subject: &str) -> Mail {
    let start = Instant::now();
    loop {
        settle(app).await;
        if let Some(m) = outbox(app)
            .into_iter()
            .rfind(|m| m.to == to && m.subject.contains(subject))
        {
            return m;
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "no mail to {to} about \"{subject}\""
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// How many events of `kind` a stored classic game's log holds.
fn logged(state: &Value, kind: &str) -> usize {
    (state["log"].as_array().unwrap().iter())
        .filter(|e| e["event"] == kind)
        .count()
}

/// A reply as Thunderbird writes it: greeting, the command, a sign-off, and the quote.
pub(crate) fn reply(from: &str, to: &Mail, text: &str) -> Vec<u8> {
    let quoted: String = to.body.lines().map(|l| format!("> {l}\r\n")).collect();
    format!(
        "From: {from}\r\nTo: {}\r\nSubject: Re: {}\r\nIn-Reply-To: <{}>\r\nReferences: <{}>\r\n\
         Message-ID: <{}@example.org>\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=UTF-8; format=flowed\r\nContent-Transfer-Encoding: 8bit\r\n\r\n\
         Hi,\r\n\r\n{}\r\n\r\nThanks!\r\n\r\nOn 24/11/2026 10:00, Polysleuth wrote:\r\n{quoted}",
        to.reply_to,
        to.subject,
        to.message_id,
        to.message_id,
        rand::random::<u64>(),
        text.replace('\n', "\r\n"),
    )
    .into_bytes()
}

pub(crate) async fn send_mail(app: &TestApp, raw: Vec<u8>) {
    let r = app
        .client
        .post(app.url("/inbound/mail"))
        .header("x-polysleuth-secret", "test-inbound-secret")
        .body(raw)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{}", r.status());
}

pub(crate) async fn post_form(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> String {
    let r = app
        .client
        .post(app.url(path))
        .form(fields)
        .send()
        .await
        .unwrap();
    let status = r.status();
    let body = r.text().await.unwrap();
    // 422 is a page that names what was wrong.
    assert!(status == 200 || status == 422, "POST {path}: {status}");
    body
}

pub(crate) async fn public(app: &TestApp, id: i64) -> Value {
    app.get_json(&format!("/api/classic/games/{id}")).await
}

pub(crate) fn deal() -> Value {
    // Four players: hands of 8, three cards on the table, the 2 Yellow Pearl missing.
    json!({
        "Ann": ["1 Blue Diamond", "1 Blue Opal", "1 Blue Pearl", "1 Green Diamond",
                "1 Green Opal", "1 Green Pearl", "1 Red Diamond", "1 Red Opal"],
        "Ben": ["1 Red Pearl", "1 Yellow Diamond", "1 Yellow Opal", "1 Yellow Pearl",
                "2 Blue Diamond", "2 Blue Opal", "2 Blue Pearl", "2 Green Diamond"],
        "Cleo": ["2 Green Opal", "2 Green Pearl", "2 Red Diamond", "2 Red Opal",
                 "2 Red Pearl", "2 Yellow Diamond", "2 Yellow Opal", "3 Blue Diamond"],
        "Robo": ["3 Blue Opal", "3 Blue Pearl", "3 Green Diamond", "3 Green Opal",
                 "3 Green Pearl", "3 Red Diamond", "3 Red Opal", "3 Red Pearl"],
        "table": ["3 Yellow Diamond", "3 Yellow Opal", "3 Yellow Pearl"],
        "missing": ["2 Yellow Pearl"]
    })
}

#[tokio::test]
async fn three_people_and_a_computer_play_classic_sleuth_to_an_accusation() {
    let mut app = TestApp::spawn().await;
    let (status, created) = app
        .post_game(&json!({
            "name": "Classic table",
            "gm_email": "gm@example.org",
            "ruleset": "sleuth",
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>",
                        "Cleo <cleo@example.org>", "Robo <computer:detective>"],
            "settings": {"turn_hours": 24, "idle_turns": 3},
            "seed": 9,
            "deal": deal(),
        }))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    assert!(created["public_page"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/classic/games/{id}")));
    // The people's links come in their welcomes; the computer player has none.
    let mut people = created.clone();
    people["players"] = json!(created["players"].as_array().unwrap()[..3]);
    let links = app.player_links(&people).await;
    let gm = common::path_of(created["gm_link"].as_str().unwrap());

    // Each welcome lists that player's own hand and Search cards, and no other hand.
    let d = deal();
    for (name, other) in [("Ann", "Ben"), ("Ben", "Cleo"), ("Cleo", "Ann")] {
        let welcome = mail_to(
            &app,
            &format!("{}@example.org", name.to_lowercase()),
            "welcome",
        )
        .await;
        for card in d[name].as_array().unwrap() {
            assert!(
                welcome.body.contains(card.as_str().unwrap()),
                "{name}'s hand"
            );
        }
        for card in d[other].as_array().unwrap() {
            assert!(
                !welcome
                    .body
                    .contains(&format!("  {}", card.as_str().unwrap())),
                "no other hand"
            );
        }
        assert!(welcome.body.contains("AND WHAT EACH ALLOWS"));
        // Ann plays first: her welcome is her "your turn", the others' say whose turn it is.
        assert_eq!(
            welcome
                .body
                .contains("You play first: it is your turn until"),
            name == "Ann",
            "{name}"
        );
        let allows = welcome.body.split("AND WHAT EACH ALLOWS:").nth(1).unwrap();
        let first = allows.lines().nth(1).unwrap_or_default();
        assert!(
            [
                "how many",
                "shown to you alone",
                "any one element",
                "alone or with"
            ]
            .iter()
            .any(|w| first.contains(w)),
            "{first}"
        );
    }
    assert!(!mail_to(&app, "gm@example.org", "game master")
        .await
        .body
        .contains("2 Yellow Pearl"));

    // A Polysleuth link of a classic seat leads to its classic page.
    let r = app.get(&links[0]).await;
    assert_eq!(r.status(), 303);
    let ann_page_path = r.headers()["location"].to_str().unwrap().to_string();
    assert_eq!(
        ann_page_path,
        links[0].replacen("/play/", "/classic/play/", 1)
    );

    // Ann's turn, on the web: the builder offers only what her Search cards allow.
    let page = app.get_text(&ann_page_path).await.1;
    assert!(page.contains("data-card=\"1 Blue Diamond\""), "her hand");
    assert!(!page.contains("data-card=\"2 Blue Diamond\""), "not Ben's");
    assert!(
        !page.contains("data-card=\"2 Yellow Pearl\""),
        "not the missing gem"
    );
    let g = public(&app, id).await;
    let ann_cards: Vec<String> = g["seats"][0]["search"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    let select = page
        .split("id=\"q_question\"")
        .nth(1)
        .unwrap()
        .split("</select>")
        .next()
        .unwrap();
    let options: Vec<&str> = select
        .split("<option value=\"")
        .skip(1)
        .map(|o| o.split('"').next().unwrap())
        .collect();
    assert!(!options.is_empty());
    for o in &options {
        assert!(
            ann_cards.iter().any(|c| o.ends_with(&format!("using {c}"))),
            "{o} uses a card Ann holds"
        );
    }
    // A two-element question, so that cards are shown.
    let question = options
        .iter()
        .find(|o| o.starts_with("for "))
        .copied()
        .unwrap_or(options[0]);
    assert!(
        question.starts_with("for "),
        "Ann holds a two-element card: {options:?}"
    );
    let token = csrf(&page);
    let answer = post_form(
        &app,
        &ann_page_path,
        &[
            ("csrf", &token),
            ("action", "ask"),
            ("q_target", "Ben"),
            ("q_question", question),
        ],
    )
    .await;
    assert!(
        answer.contains("class=\"banner done\""),
        "the question was taken"
    );
    // The cards shown go to Ann alone, on her page and by mail; the others hear the count.
    let ann_news = mail_to(&app, "ann@example.org", "what happened").await;
    assert!(
        ann_news.body.contains("SHOWN TO YOU ALONE"),
        "{}",
        ann_news.body
    );
    let ben_news = mail_to(&app, "ben@example.org", "your turn").await;
    assert!(!ben_news.body.contains("SHOWN TO YOU ALONE"));
    assert!(
        ben_news.body.contains("Ann asked Ben for"),
        "{}",
        ben_news.body
    );
    let ann_page = app.get_text(&ann_page_path).await.1;
    assert!(ann_page.contains("id=\"shown-list\""));
    assert!(
        ann_page.contains("id=\"classic-sheet\""),
        "her Information Sheet"
    );
    // Nobody else's page, nor the public table, the game master's page or the public API,
    // shows a hand or the missing gem.
    let public_page = app.get_text(&format!("/classic/games/{id}")).await.1;
    let gm_page = app
        .get_text(&gm.replacen("/gm/", "/classic/gm/", 1))
        .await
        .1;
    let api = app
        .get_json(&format!("/api/classic/games/{id}"))
        .await
        .to_string();
    for card in d["Ben"]
        .as_array()
        .unwrap()
        .iter()
        .chain(d["missing"].as_array().unwrap())
    {
        let card = card.as_str().unwrap();
        for (what, page) in [
            ("public", &public_page),
            ("gm", &gm_page),
            ("ann", &ann_page),
        ] {
            assert!(
                !page.contains(&format!("data-card=\"{card}\"")),
                "{what} shows {card}"
            );
        }
        assert!(!api.contains(card), "the public API names {card}");
    }
    let g = public(&app, id).await;
    assert_eq!(g["current"], "Ben");
    assert!(g["log"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["event"] == "asked" && e["seat"] == "Ann" && e["target"] == "Ben"));

    // Ben's turn, by mail: his "your turn" letter lists his Search cards; he replies with an
    // exchange and asks for the daily digest.
    let ben_turn = mail_to(&app, "ben@example.org", "your turn").await;
    assert!(ben_turn.body.contains("YOUR SEARCH CARDS"));
    send_mail(
        &app,
        reply("ben@example.org", &ben_turn, "exchange\ndigest on"),
    )
    .await;
    let g = public(&app, id).await;
    assert_eq!(g["current"], "Cleo", "{g}");
    mail_to(&app, "ben@example.org", "digest on").await;

    // Out of turn, Ben's question is refused line by line and changes nothing.
    send_mail(
        &app,
        reply("ben@example.org", &ben_turn, "ask Ann how many Reds"),
    )
    .await;
    let refused = mail_to(&app, "ben@example.org", "NOT accepted").await;
    assert!(
        refused.body.contains("it is Cleo's turn"),
        "{}",
        refused.body
    );
    assert_eq!(public(&app, id).await["current"], "Cleo");
    // A reply with no command is answered in this game's words, with its own commands as
    // examples (not Polysleuth's).
    send_mail(
        &app,
        reply(
            "ben@example.org",
            &ben_turn,
            "I will think about it over the weekend",
        ),
    )
    .await;
    let start = Instant::now();
    let nothing = loop {
        let m = mail_to(&app, "ben@example.org", "NOT accepted").await;
        if m.body.contains("holds no command") {
            break m;
        }
        assert!(start.elapsed() < Duration::from_secs(15), "{}", m.body);
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(
        nothing.subject.contains("[Sleuth game"),
        "{}",
        nothing.subject
    );
    assert!(
        nothing.body.contains("ask Ben how many Pairs"),
        "{}",
        nothing.body
    );
    assert!(!nothing.body.contains("Red Diamond"), "{}", nothing.body);

    // Cleo, by mail, accuses wrongly: she is out; the wrong card is never told.
    let cleo_turn = mail_to(&app, "cleo@example.org", "your turn").await;
    let before = outbox(&app).len();
    send_mail(
        &app,
        reply("cleo@example.org", &cleo_turn, "accuse 1 Yellow Pearl"),
    )
    .await;
    settle(&app).await;
    let g = public(&app, id).await;
    assert_eq!(g["seats"][2]["standing"], "out");
    // The computer played its turn at once, and it is Ann's turn again.
    assert!(
        g["log"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["seat"] == "Robo" && e["event"] != "turn_began"),
        "{g}"
    );
    assert_eq!(g["current"], "Ann");
    let after = &outbox(&app)[before..];
    assert!(
        after.iter().all(|m| !m.body.contains("1 Yellow Pearl")),
        "a wrong accusation never shows its card"
    );
    assert!(
        after.iter().all(|m| m.to != "ben@example.org"),
        "Ben reads a digest now"
    );

    // The game master ends Ann's turn; Ben's "pass" by mail is refused, for it is no turn's
    // action, and changes nothing; he exchanges; Ann accuses rightly on the web.
    let r = app.get(&gm).await;
    assert_eq!(r.status(), 303);
    let gm_page_path = r.headers()["location"].to_str().unwrap().to_string();
    let gm_page = app.get_text(&gm_page_path).await.1;
    let said = post_form(
        &app,
        &gm_page_path,
        &[("csrf", &csrf(&gm_page)), ("action", "resolve")],
    )
    .await;
    assert!(said.contains("The turn was ended now"), "{said}");
    assert_eq!(public(&app, id).await["current"], "Ben");
    let ben_turn = mail_to(&app, "ben@example.org", "your turn").await;
    let before = public(&app, id).await;
    send_mail(&app, reply("ben@example.org", &ben_turn, "pass")).await;
    let refused = mail_to(&app, "ben@example.org", "NOT accepted").await;
    assert!(
        refused.body.contains("\"pass\" is not a turn's action")
            && refused.body.contains("\"exchange\""),
        "{}",
        refused.body
    );
    assert_eq!(
        public(&app, id).await,
        before,
        "a refused pass changes nothing"
    );
    send_mail(&app, reply("ben@example.org", &ben_turn, "exchange")).await;
    let g = public(&app, id).await;
    assert_eq!(g["current"], "Ann", "Cleo is out and Robo played: {g}");
    let page = app.get_text(&ann_page_path).await.1;
    post_form(
        &app,
        &ann_page_path,
        &[
            ("csrf", &csrf(&page)),
            ("action", "accuse"),
            ("confirm", "yes"),
            ("accused", "2 Yellow Pearl"),
        ],
    )
    .await;

    // The end: Ann won; the missing gem, the deal and the salt are public; all are told.
    let g = public(&app, id).await;
    assert_eq!(g["over"], true);
    assert_eq!(g["winners"], json!(["Ann"]));
    assert_eq!(g["end"]["missing"], json!(["2 Yellow Pearl"]));
    let salt = g["end"]["salt"].as_str().unwrap().to_string();
    for who in [
        "ann@example.org",
        "ben@example.org",
        "cleo@example.org",
        "gm@example.org",
    ] {
        let end = mail_to(&app, who, "the game is over").await;
        assert!(end.body.contains("Ann"), "{who}");
    }
    let ben_end = mail_to(&app, "ben@example.org", "the game is over").await;
    assert!(
        ben_end.body.contains(&salt) && ben_end.body.contains("Cleo accused and was wrong"),
        "the end carries Ben's waiting digest: {}",
        ben_end.body
    );
    // The end letter shows the whole deal: every hand and the table.
    let d = deal();
    for (who, list) in d.as_object().unwrap() {
        for card in list.as_array().unwrap() {
            assert!(
                ben_end.body.contains(card.as_str().unwrap()),
                "{who}: {card}"
            );
        }
    }
    assert!(ben_end.body.contains("Cleo held:"), "{}", ben_end.body);
    let page = app.get_text(&format!("/games/{id}")).await;
    assert_eq!(
        page.0, 303,
        "the Polysleuth address of a classic game leads on"
    );
    let page = app.get_text(&format!("/classic/games/{id}")).await.1;
    assert!(page.contains("data-card=\"2 Yellow Pearl\"") && page.contains(&salt));
    let feed = app
        .get_text(&format!("/classic/games/{id}/feed.atom"))
        .await
        .1;
    assert!(feed.contains("<title>Turn 1</title>") && feed.contains("accused and was right"));
    // The record replays to the same log and verifies; a record changed anywhere does not.
    let record = app.get_json(&format!("/games/{id}/record.json")).await;
    // The end shows the committed text: with the salt after it, it hashes to the commitment.
    use sha2::Digest;
    let canonical = g["end"]["canonical"].as_str().unwrap();
    assert_eq!(
        format!("{:x}", sha2::Sha256::digest(format!("{canonical}{salt}"))),
        record["commitment"].as_str().unwrap()
    );
    assert!(canonical.ends_with(&format!("seed: {}\n", g["end"]["seed"])));
    assert_eq!(
        record["steps"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["gm"] == "skip")
            .count(),
        1
    );
    // Cleo's wrong accusation is in it, but never the card she named: stand-ins replay alike.
    let cleos: Vec<&str> = (record["steps"].as_array().unwrap().iter())
        .filter(|s| s["player"] == "Cleo")
        .filter_map(|s| s["text"].as_str())
        .filter(|t| t.starts_with("accuse"))
        .collect();
    assert_eq!(cleos.len(), 1, "{}", record["steps"]);
    assert!(!cleos[0].contains("Yellow Pearl"), "{}", cleos[0]);
    let (code, said, _) = crate::records::verify(&record).await;
    assert_eq!((code, said.as_str()), (Some(0), "verified"));
    let mut salted = record.clone();
    salted["salt"] = json!("0123456789abcdef");
    let (code, said, _) = crate::records::verify(&salted).await;
    assert_eq!(code, Some(1));
    assert!(said.contains("commitment"), "{said}");
    let mut changed = record.clone();
    let steps = changed["steps"].as_array_mut().unwrap();
    let last = steps.len() - 1;
    steps[last]["text"] = json!("accuse 1 Yellow Pearl");
    let (code, said, _) = crate::records::verify(&changed).await;
    assert_eq!(code, Some(1), "{said}");
    app.stop().await;
}

#[tokio::test]
async fn a_classic_game_with_bad_settings_is_refused_with_every_problem() {
    let mut app = TestApp::spawn().await;
    let (status, body) = app
        .post_game(&json!({
                "name": "Bad",
                "gm_email": "gm@example.org",
                "ruleset": "sleuth",
                "players": ["Ann <ann@example.org>", "Ben <ben@example.org>",
                            "Cleo <cleo@example.org>", "Dan <dan@example.org>", "Eve <eve@example.org>"],
                "settings": {"missing_gems": 2},
            }),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body.to_string()
            .contains("missing_gems = 2 is allowed only with 3 or 4 players"),
        "{body}"
    );
    let (status, body) = app
        .post_game(&json!({"name": "Bad", "gm_email": "gm@example.org", "ruleset": "monopoly",
                    "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"]}),
        )
        .await;
    assert_eq!(status, 422);
    assert!(body.to_string().contains("not a ruleset"), "{body}");
    app.stop().await;
}

/// A game of classic Sleuth for Ann, Ben and Cleo (seed 4) whose seats are skipped after one
/// idle turn of 24 hours: the game as made (`id`, the players' links).
async fn drowsy_game(app: &TestApp, name: &str) -> Value {
    let (status, created) = app
        .post_game(&json!({
                "name": name,
                "gm_email": "gm@example.org",
                "ruleset": "sleuth",
                "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
                "settings": {"idle_turns": 1, "turn_hours": 24},
                "seed": 4,
            }),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    created
}

/// The player on turn in game `id`: their name, address and welcome mail.
async fn on_turn(app: &TestApp, id: i64) -> (String, String, Mail) {
    let first = public(app, id).await["current"]
        .as_str()
        .unwrap()
        .to_string();
    let address = format!("{}@example.org", first.to_lowercase());
    let welcome = mail_to(app, &address, "welcome").await;
    (first, address, welcome)
}

/// A game master's action sent twice at once (a double click): one is carried out, the
/// other refused as done already.
async fn twice_at_once(app: &TestApp, actions: &str, action: &Value) {
    let (a, b) = futures_util::future::join(
        app.post_json(actions, action),
        app.post_json(actions, action),
    )
    .await;
    let mut codes = [a.0, b.0];
    codes.sort();
    assert_eq!(codes, [200, 409], "{a:?} {b:?}");
}

pub(crate) async fn sql(app: &TestApp, statement: &str, id: i64) {
    let master = app.running.as_ref().unwrap().master.clone();
    sqlx::query(statement)
        .bind(id)
        .execute(&master.store.pool)
        .await
        .unwrap();
}

async fn wait_until(app: &TestApp, id: i64, what: &str, f: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let g = public(app, id).await;
        if f(&g) {
            return g;
        }
        assert!(start.elapsed() < Duration::from_secs(15), "{what}: {g}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn deadlines_pass_turns_skip_the_idle_remind_and_mail_digests_a_day_old() {
    let mut app = TestApp::spawn().await;
    let created = drowsy_game(&app, "Clockwork").await;
    let id = created["id"].as_i64().unwrap();
    let links = app.player_links(&created).await;
    let api = |l: &str| l.replacen("/play/", "/api/classic/play/", 1);

    // Cleo reads a daily digest from now on (her page's button).
    let cleo_page = links[2].replacen("/play/", "/classic/play/", 1);
    let page = app.get_text(&cleo_page).await.1;
    let page = post_form(
        &app,
        &cleo_page,
        &[("csrf", &csrf(&page)), ("action", "digest_on")],
    )
    .await;
    assert!(
        page.contains("value=\"digest_off\""),
        "the page offers to switch it off"
    );

    // Ann lets her turn reach its deadline: it passes, and with idle_turns = 1 she is skipped.
    sql(&app, "UPDATE games SET turn_deadline = 1 WHERE id = $1", id).await;
    let g = wait_until(&app, id, "Ann's turn passes", |g| g["current"] == "Ben").await;
    assert_eq!(g["seats"][0]["skipped"], true);
    let told = mail_to(&app, "gm@example.org", "skipped for idleness").await;
    assert!(
        told.body.contains("Ann let 1 turn in a row pass"),
        "{}",
        told.body
    );
    mail_to(&app, "ben@example.org", "your turn").await;

    // Ben's turn ends soon: he is reminded once, with his Search cards.
    let soon = format!(
        "UPDATE games SET turn_deadline = {} WHERE id = $1",
        polysleuth::clock::now() + 600
    );
    sql(&app, &soon, id).await;
    let reminder = mail_to(&app, "ben@example.org", "reminder").await;
    assert!(reminder.body.contains("YOUR SEARCH CARDS"));

    // Ben exchanges: Cleo, on a digest, gets no mail for it until her digest is a day old.
    let before = outbox(&app).len();
    let (s, _) = app
        .post_json(&api(&links[1]), &json!({"text": "exchange"}))
        .await;
    assert_eq!(s, 200);
    settle(&app).await;
    let cleo_now: Vec<Mail> = outbox(&app)[before..]
        .iter()
        .filter(|m| m.to == "cleo@example.org")
        .cloned()
        .collect();
    assert_eq!(cleo_now.len(), 1, "her turn comes at once: {cleo_now:?}");
    assert!(
        cleo_now[0].subject.contains("your turn")
            && cleo_now[0]
                .body
                .contains("Ben exchanged their Search cards")
    );
    assert!(
        outbox(&app)
            .iter()
            .all(|m| !m.subject.contains("daily digest")),
        "not a day old yet"
    );
    sql(
        &app,
        "UPDATE digests SET created_at = created_at - 90000 WHERE game_id = $1",
        id,
    )
    .await;
    let digest = mail_to(&app, "cleo@example.org", "daily digest").await;
    assert!(
        digest.body.contains("Ann's turn passed."),
        "{}",
        digest.body
    );

    // A refused command from Ann changes nothing; "back" brings her into the turns again.
    let (s, refused) = app
        .post_json(&api(&links[0]), &json!({"text": "ask Ben how many Reds"}))
        .await;
    assert_eq!(s, 422);
    assert!(refused["errors"][0]
        .as_str()
        .unwrap()
        .contains("it is Cleo's turn"));
    let (s, _) = app
        .post_json(&api(&links[0]), &json!({"text": "back"}))
        .await;
    assert_eq!(s, 200);
    let g = public(&app, id).await;
    assert_eq!(g["seats"][0]["skipped"], false);
    assert!(g["log"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["event"] == "returned" && e["seat"] == "Ann"));

    // The game master pauses the clock and resumes it.
    let gm = common::path_of(created["gm_link"].as_str().unwrap()).replacen("/gm/", "/api/gm/", 1)
        + "/actions";
    let (s, said) = app.post_json(&gm, &json!({"action": "pause"})).await;
    assert_eq!(s, 200, "{said}");
    let master = app.running.as_ref().unwrap().master.clone();
    let row = master.public_game(id).await.unwrap();
    assert_eq!((row.turn_deadline, row.status.as_str()), (None, "paused"));
    assert!(row.remaining.unwrap() > 0);
    let (s, _) = app.post_json(&gm, &json!({"action": "resume"})).await;
    assert_eq!(s, 200);
    let row = master.public_game(id).await.unwrap();
    assert!(row.turn_deadline.is_some() && row.status.as_str() == "open");

    // The game master gives Cleo's seat, whose turn it is, to a computer player: it plays at
    // once, and Cleo's link no longer works.
    assert_eq!(public(&app, id).await["current"], "Cleo");
    // A place of the Information Sheet is no player's name.
    let (s, said) = app
        .post_json(
            &gm,
            &json!({"action": "replace", "seat": "2", "with": "computer:novice", "name": "Table"}),
        )
        .await;
    assert_eq!(s, 422, "{said}");
    assert!(
        said["error"].as_str().is_some_and(
            |e| e.contains("\"Table\" cannot be a player's name: classic Sleuth reads it")
        ),
        "{said}"
    );
    let (s, said) = app
        .post_json(
            &gm,
            &json!({"action": "replace", "seat": "2", "with": "computer:novice", "name": "Bot"}),
        )
        .await;
    assert_eq!(s, 200, "{said}");
    let g = public(&app, id).await;
    assert_eq!(g["seats"][2]["name"], "Bot");
    assert!(g["log"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["event"] == "replaced" && e["before"] == "Cleo"));
    assert_eq!(g["current"], "Ann", "the computer played its turn: {g}");
    let r = app
        .get(&links[2].replacen("/play/", "/classic/play/", 1))
        .await;
    assert_eq!(r.status(), 403, "Cleo's old link");
    app.stop().await;
}

#[tokio::test]
async fn the_new_game_form_makes_a_game_of_classic_sleuth_with_its_house_rules() {
    let mut app = TestApp::spawn().await;
    let (_, page) = app.get_text("/games/new").await;
    assert!(
        page.contains("<option value=\"sleuth\""),
        "the form offers classic Sleuth"
    );
    let token = csrf(&page);
    let mut fields = vec![
        ("csrf", token.as_str()),
        ("name", "Form table"),
        ("gm_email", "gm@example.org"),
        ("ruleset", "sleuth"),
        ("classic_turn_hours", "12"),
        ("classic_missing_gems", "2"),
        ("classic_supersleuth", "on"),
        ("time_zone", "UTC"),
        ("listed", "on"),
    ];
    fields.extend(common::THREE_PLAYERS);
    let created = post_form(&app, "/games/new", &fields).await;
    assert!(
        created.contains("/classic/games/1"),
        "{}",
        &created[created.find("<main>").unwrap_or(0)..]
    );
    let g = public(&app, 1).await;
    assert_eq!(g["settings"]["turn_hours"], 12);
    assert_eq!(g["settings"]["missing_gems"], 2);
    assert_eq!(g["settings"]["supersleuth"], true);
    // With supersleuth, the welcome's how-to-play says a two-element question shows no card.
    let welcome = mail_to(&app, "ben@example.org", "welcome to").await;
    assert!(
        welcome.body.contains("(the count only: no card is shown)"),
        "{}",
        welcome.body
    );
    assert!(!welcome.body.contains("(the cards are shown to you alone)"));
    assert_eq!(
        g["table"].as_array().unwrap().len(),
        36 - 2 - 33,
        "three hands of 11 and 2 missing"
    );
    let row = app
        .running
        .as_ref()
        .unwrap()
        .master
        .public_game(1)
        .await
        .unwrap();
    let left = row.turn_deadline.unwrap() - polysleuth::clock::now();
    assert!(
        (12 * 3600 - 60..=12 * 3600).contains(&left),
        "a turn lasts 12 hours: {left}"
    );
    // A bad house rule is named and nothing is made.
    let (_, page) = app.get_text("/games/new").await;
    let token = csrf(&page);
    let mut bad = fields.to_vec();
    bad[0] = ("csrf", token.as_str());
    bad[4] = ("classic_turn_hours", "many");
    let refused = post_form(&app, "/games/new", &bad).await;
    assert!(
        refused.contains("turn_hours takes a whole number"),
        "{refused}"
    );
    assert!(
        app.get_json("/api/games")
            .await
            .to_string()
            .matches("Form table")
            .count()
            == 1
    );
    app.stop().await;
}

#[tokio::test]
async fn an_extension_past_a_year_is_refused_for_every_game_and_no_turn_passes_by_it() {
    let mut app = TestApp::spawn().await;
    let players = [
        "Ann <ann@example.org>",
        "Ben <ben@example.org>",
        "Cleo <cleo@example.org>",
    ];
    for ruleset in ["sleuth", "polysleuth"] {
        let (status, created) = app
            .post_json(
                "/api/games",
                &json!({"name": "Long", "gm_email": "gm@example.org", "ruleset": ruleset,
                        "players": players}),
            )
            .await;
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_i64().unwrap();
        let gm = common::path_of(created["gm_link"].as_str().unwrap());
        let actions = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
        let game = match ruleset {
            "sleuth" => format!("/api/classic/games/{id}"),
            _ => format!("/api/games/{id}"),
        };
        let before = app.get_json(&game).await;
        for hours in [1e300, -5.0, 0.0, 24.0 * 366.0] {
            let (status, answer) = app
                .post_json(&actions, &json!({"action": "extend", "hours": hours}))
                .await;
            assert_eq!(status, 422, "{ruleset} {hours}: {answer}");
            assert!(
                answer.to_string().contains("at most a year"),
                "{ruleset}: {answer}"
            );
        }
        // Nothing moved: the same turn or round, under the same clock.
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let after = app.get_json(&game).await;
        assert_eq!(before, after, "{ruleset}");
        let (status, answer) = app
            .post_json(
                &actions,
                &json!({"action": "extend", "hours": 24.0 * 365.0}),
            )
            .await;
        assert_eq!(status, 200, "{ruleset}: {answer}");
    }
    app.stop().await;
}

#[tokio::test]
async fn when_every_player_is_skipped_turns_go_on_among_them_and_the_game_master_is_told_once() {
    let mut app = TestApp::spawn().await;
    let created = drowsy_game(&app, "Sleepers").await;
    let id = created["id"].as_i64().unwrap();
    // Six deadlines in a row: each seat is skipped at its first, and turns still go on.
    for k in 0..6u64 {
        let turn = public(&app, id).await["turn"].as_u64().unwrap();
        sql(&app, "UPDATE games SET turn_deadline = 1 WHERE id = $1", id).await;
        let what = format!("deadline {k} passes");
        let g = wait_until(&app, id, &what, |g| g["turn"].as_u64() > Some(turn)).await;
        assert!(!g["current"].is_null(), "a turn is always under way: {g}");
    }
    settle(&app).await;
    let told: Vec<Mail> = (outbox(&app).into_iter())
        .filter(|m| m.to == "gm@example.org" && m.subject.contains("skipped for idleness"))
        .collect();
    assert_eq!(told.len(), 3, "one mail a seat: {told:?}");
    let everyone = (told.iter())
        .filter(|m| {
            m.body
                .contains("Every player who could take a turn is skipped now")
        })
        .count();
    assert_eq!(everyone, 1, "and the last says everyone is");
    // A record of such a game written before records carried `turns_among_skipped` still
    // verifies: its steps replay to its log once turns go on among the skipped.
    let gm = created["gm_link"].as_str().unwrap();
    let mut record = crate::records::ended(&app, gm, id).await;
    record["turns_among_skipped"] = json!(false);
    let (code, _, _) = crate::records::verify(&record).await;
    assert_eq!(code, Some(1), "the game did not stop: read so, it differs");
    record
        .as_object_mut()
        .unwrap()
        .remove("turns_among_skipped");
    let (code, said, err) = crate::records::verify(&record).await;
    assert_eq!((code, said.as_str()), (Some(0), "verified"), "{err}");
    app.stop().await;
}

#[tokio::test]
async fn the_game_master_is_told_when_an_accusation_leaves_only_skipped_players() {
    let mut app = TestApp::spawn().await;
    let created = drowsy_game(&app, "Last awake").await;
    let id = created["id"].as_i64().unwrap();
    // Two deadlines in a row: the first two seats are skipped; the third is still awake.
    for k in 0..2u64 {
        let turn = public(&app, id).await["turn"].as_u64().unwrap();
        sql(&app, "UPDATE games SET turn_deadline = 1 WHERE id = $1", id).await;
        let what = format!("deadline {k} passes");
        wait_until(&app, id, &what, |g| g["turn"].as_u64() > Some(turn)).await;
    }
    let state = crate::common::clue::stored(&app, id).await;
    let awake = state["current"].as_u64().unwrap() as usize;
    assert_eq!(state["seats"][awake]["skipped"], false, "{state}");
    // The one still awake accuses wrongly, naming a card of their own hand: out, and every
    // player who could take a turn is skipped, though nobody was skipped by this change.
    let name = ["Ann", "Ben", "Cleo"][awake];
    let address = format!("{}@example.org", name.to_lowercase());
    let welcome = mail_to(&app, &address, "welcome").await;
    let own = state["deal"]["hands"][awake][0]
        .as_str()
        .unwrap()
        .to_string();
    send_mail(&app, reply(&address, &welcome, &format!("accuse {own}"))).await;
    settle(&app).await;
    let told: Vec<Mail> = (outbox(&app).into_iter())
        .filter(|m| {
            m.to == "gm@example.org"
                && m.body
                    .contains("Every player who could take a turn is skipped now")
        })
        .collect();
    assert_eq!(told.len(), 1, "told once: {told:?}");
    assert!(told[0]
        .subject
        .contains("every player who could take a turn is skipped"));
    let g = public(&app, id).await;
    assert!(
        !g["current"].is_null(),
        "turns go on among the skipped: {g}"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_skipped_player_is_back_after_a_status_mail_or_a_refused_command_and_the_record_verifies()
{
    let mut app = TestApp::spawn().await;
    let created = drowsy_game(&app, "Nap").await;
    let id = created["id"].as_i64().unwrap();
    let (first, address, welcome) = on_turn(&app, id).await;
    let seat = ["Ann", "Ben", "Cleo"]
        .iter()
        .position(|n| *n == first)
        .unwrap();

    // Skipped at the first deadline; back after a mail with only `status` in it.
    sql(&app, "UPDATE games SET turn_deadline = 1 WHERE id = $1", id).await;
    wait_until(&app, id, "skipped", |g| g["seats"][seat]["skipped"] == true).await;
    send_mail(&app, reply(&address, &welcome, "status")).await;
    let g = wait_until(&app, id, "back", |g| g["seats"][seat]["skipped"] == false).await;
    assert!(g["current"] != first.as_str(), "not on turn: {g}");

    // Skipped again at the next turn of theirs; a refused command (not their turn) lifts it.
    for _ in 0..3 {
        let turn = public(&app, id).await["turn"].as_u64().unwrap();
        sql(&app, "UPDATE games SET turn_deadline = 1 WHERE id = $1", id).await;
        wait_until(&app, id, "a deadline passes", |g| {
            g["turn"].as_u64() > Some(turn)
        })
        .await;
    }
    let g = public(&app, id).await;
    assert_eq!(g["seats"][seat]["skipped"], true, "{g}");
    let other = if first == "Ann" { "Ben" } else { "Ann" };
    let ask = format!("ask {other} how many Pairs");
    send_mail(&app, reply(&address, &welcome, &ask)).await;
    let refusal = mail_to(&app, &address, "NOT accepted").await;
    assert!(refusal.body.contains("turn"), "{}", refusal.body);
    let g = public(&app, id).await;
    assert_eq!(g["seats"][seat]["skipped"], false, "{g}");

    // Both lifts are in the record, and it verifies.
    let gm = common::path_of(created["gm_link"].as_str().unwrap());
    let actions = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    let (s, said) = app
        .post_json(&actions, &json!({"action": "end", "confirm": true}))
        .await;
    assert_eq!(s, 200, "{said}");
    let record = app.get_json(&format!("/games/{id}/record.json")).await;
    let steps = record["steps"].to_string();
    assert!(steps.contains("\"text\":\"status\""), "{steps}");
    assert!(steps.contains(&ask), "{steps}");
    let (code, said, _) = crate::records::verify(&record).await;
    assert_eq!((code, said.as_str()), (Some(0), "verified"));
    // Replayed, each refused step that lifted the skip carries its public event.
    let replayed = crate::records::replay(&record).await;
    let lifted: Vec<&Value> = (replayed["steps"].as_array().unwrap().iter())
        .filter(|s| s.get("rejected").is_some())
        .collect();
    assert_eq!(lifted.len(), 2, "{replayed}");
    for step in lifted {
        assert_eq!(step["events"][0]["event"], "returned", "{step}");
    }
    app.stop().await;
}

#[tokio::test]
async fn a_message_too_long_to_be_commands_is_refused_whole_in_every_game_of_turns() {
    let mut app = TestApp::spawn().await;
    let flood = format!("pass\n{}", ["# chatter"; 10].join("\n").repeat(100));
    for ruleset in ["sleuth", "clue", "sherlock"] {
        let mut body = json!({
            "name": "Long letters", "gm_email": "gm@example.org", "ruleset": ruleset,
            "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
            "seed": 4,
        });
        if ruleset == "sherlock" {
            body["players"] = json!(["Ann <ann@example.org>"]);
        }
        let (status, created) = app.post_game(&body).await;
        assert_eq!(status, 201, "{ruleset}: {created}");
        let id = created["id"].as_i64().unwrap();
        let links = app.player_links(&created).await;
        let api = links[0].replacen(
            "/play/",
            &format!(
                "/api/{}/play/",
                match ruleset {
                    "sleuth" => "classic",
                    other => other,
                }
            ),
            1,
        );
        let state = |app: &TestApp| {
            let pool = app.running.as_ref().unwrap().master.store.pool.clone();
            async move {
                let (s,): (String,) = sqlx::query_as("SELECT state FROM games WHERE id = $1")
                    .bind(id)
                    .fetch_one(&pool)
                    .await
                    .unwrap();
                s
            }
        };
        let before = state(&app).await;
        let (status, answer) = app.post_json(&api, &json!({"text": flood})).await;
        assert!(
            status == 422 || status == 200,
            "{ruleset}: {status} {answer}"
        );
        assert!(
            answer.to_string().contains("at most 50 lines and 8 KiB"),
            "{ruleset}: {answer}"
        );
        assert_eq!(
            state(&app).await,
            before,
            "{ruleset}: nothing read, nothing kept"
        );
    }
    app.stop().await;
}

#[tokio::test]
async fn a_game_of_turns_started_or_resumed_twice_at_once_starts_once_and_keeps_its_clock() {
    use polysleuth::web::admission::CreateGames;
    let dir = common::tempdir("twice");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_with(dir, db, |o| o.create_games = CreateGames::Confirmed).await;
    let (status, created) = app
        .post_game(&json!({
                "name": "Twice",
                "gm_email": "gm@example.org",
                "ruleset": "sleuth",
                "players": ["Ann <ann@example.org>", "Ben <ben@example.org>", "Cleo <cleo@example.org>"],
            }),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    settle(&app).await;
    let told = (outbox(&app).into_iter())
        .find(|m| m.to == "gm@example.org")
        .expect("the game master is mailed");
    let gm = (told.body.lines())
        .find_map(|l| Some(common::path_of(l[l.find("http")?..].trim())))
        .filter(|l| l.contains("/gm/"))
        .unwrap_or_else(|| panic!("a link: {}", told.body));
    let actions = gm.replacen("/gm/", "/api/gm/", 1) + "/actions";
    assert_eq!(created["status"], "unconfirmed", "{created}");

    // Start pressed twice at once: one starts the game; the other is refused and re-keys no
    // one, so each player gets one welcome, whose link works.
    let start = json!({"action": "start"});
    twice_at_once(&app, &actions, &start).await;
    settle(&app).await;
    for who in ["ann", "ben", "cleo"] {
        let welcomes = (outbox(&app).into_iter())
            .filter(|m| m.to == format!("{who}@example.org") && m.subject.contains("welcome"))
            .count();
        assert_eq!(welcomes, 1, "{who}");
    }
    let welcome = mail_to(&app, "ann@example.org", "welcome").await;
    let link = (welcome.body.lines())
        .find_map(|l| Some(common::path_of(l[l.find("http")?..].trim())))
        .filter(|l| l.contains("/play/"))
        .expect("a link");
    let page = link.replacen("/play/", "/classic/play/", 1);
    let (code, text) = app.get_text(&page).await;
    assert_eq!(code, 200, "the welcome's link works: {text}");

    // Paused, then resumed twice at once: one resumes, the other is refused, and the turn
    // keeps a deadline (a second resume used to clear it, and the game never moved again).
    let (s, said) = app.post_json(&actions, &json!({"action": "pause"})).await;
    assert_eq!(s, 200, "{said}");
    let resume = json!({"action": "resume"});
    twice_at_once(&app, &actions, &resume).await;
    let row = app
        .running
        .as_ref()
        .unwrap()
        .master
        .public_game(id)
        .await
        .unwrap();
    assert_eq!(row.status.as_str(), "open");
    assert!(
        row.turn_deadline.is_some(),
        "the turn still has its deadline"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_game_stored_before_turns_went_on_among_the_skipped_plays_and_verifies_as_it_did() {
    let mut app = TestApp::spawn().await;
    let created = drowsy_game(&app, "Old clock").await;
    let id = created["id"].as_i64().unwrap();
    // The game's state as it was stored before the rule: no `turns_among_skipped`.
    let stored = crate::common::clue::stored(&app, id).await;
    assert_eq!(stored["turns_among_skipped"], true, "a new game goes on");
    crate::common::clue::edit_stored(&app, id, |s| {
        s.as_object_mut().unwrap().remove("turns_among_skipped");
    })
    .await;
    // Three deadlines: everyone is skipped, and, as then, nobody is on turn.
    for k in 0..3u64 {
        let turn = public(&app, id).await["turn"].as_u64().unwrap();
        sql(&app, "UPDATE games SET turn_deadline = 1 WHERE id = $1", id).await;
        let what = format!("deadline {k}");
        wait_until(&app, id, &what, |g| {
            g["turn"].as_u64() > Some(turn) || g["current"].is_null()
        })
        .await;
    }
    let g = public(&app, id).await;
    assert!(g["current"].is_null(), "{g}");
    // Ben is back; the game master ends the game. Its record, as such games' records were
    // published (without the key), verifies.
    let links = app.player_links(&created).await;
    let api = links[1].replacen("/play/", "/api/classic/play/", 1);
    let (s, answer) = app.post_json(&api, &json!({"text": "back"})).await;
    assert_eq!(s, 200, "{answer}");
    let gm = created["gm_link"].as_str().unwrap();
    let mut record = crate::records::ended(&app, gm, id).await;
    assert_eq!(record["turns_among_skipped"], false, "{record}");
    record
        .as_object_mut()
        .unwrap()
        .remove("turns_among_skipped");
    let (code, said, _) = crate::records::verify(&record).await;
    assert_eq!((code, said.as_str()), (Some(0), "verified"));
    // Replayed with turns going on among the skipped, the same steps give another log.
    record["turns_among_skipped"] = json!(true);
    let (code, _, _) = crate::records::verify(&record).await;
    assert_eq!(code, Some(1), "the rule changes the log");
    app.stop().await;
}

#[tokio::test]
async fn a_game_stored_before_pass_was_refused_still_takes_it_and_its_record_verifies() {
    let mut app = TestApp::spawn().await;
    let created = drowsy_game(&app, "Old pass").await;
    let id = created["id"].as_i64().unwrap();
    let stored = crate::common::clue::stored(&app, id).await;
    assert_eq!(stored["voluntary_pass"], false, "a new game refuses pass");
    // The game's state as it was stored when every game took `pass`: no key.
    crate::common::clue::edit_stored(&app, id, |s| {
        s.as_object_mut().unwrap().remove("voluntary_pass");
    })
    .await;
    let (first, address, welcome) = on_turn(&app, id).await;
    send_mail(&app, reply(&address, &welcome, "pass")).await;
    let g = public(&app, id).await;
    assert_ne!(g["current"], first, "the pass ended the turn: {g}");
    assert!(
        (g["log"].as_array().unwrap().iter())
            .any(|e| e["event"] == "passed" && e["seat"] == first.as_str()),
        "the log says the turn passed: {g}"
    );
    // Its record says the game took `pass`, and verifies; so does the record without the key,
    // as such records were published. Replayed as the rules say, the pass is refused and the
    // log differs.
    let gm = created["gm_link"].as_str().unwrap();
    let mut record = crate::records::ended(&app, gm, id).await;
    assert_eq!(record["voluntary_pass"], true, "{record}");
    let (code, said, _) = crate::records::verify(&record).await;
    assert_eq!((code, said.as_str()), (Some(0), "verified"));
    record.as_object_mut().unwrap().remove("voluntary_pass");
    let (code, said, _) = crate::records::verify(&record).await;
    assert_eq!((code, said.as_str()), (Some(0), "verified"));
    record["voluntary_pass"] = json!(false);
    let (code, _, _) = crate::records::verify(&record).await;
    assert_eq!(code, Some(1), "refused, the pass gives another log");
    app.stop().await;
}

#[tokio::test]
async fn a_command_mailed_after_the_turns_deadline_passes_the_turn_first_and_lifts_the_skip_it_earned(
) {
    let mut app = TestApp::spawn().await;
    let created = drowsy_game(&app, "Late post").await;
    let id = created["id"].as_i64().unwrap();
    let (first, address, _) = on_turn(&app, id).await;
    let mut welcomes = std::collections::HashMap::new();
    for name in ["Ann", "Ben", "Cleo"] {
        let address = format!("{}@example.org", name.to_lowercase());
        let welcome = mail_to(&app, &address, "welcome").await;
        welcomes.insert(name.to_string(), (address, welcome));
    }
    let mail = |name: &str, text: &str| {
        let (address, welcome) = &welcomes[name];
        reply(address, welcome, text)
    };
    let other = if first == "Ann" { "Ben" } else { "Ann" };
    let before = crate::common::clue::stored(&app, id).await;
    let seat = before["current"].as_u64().unwrap() as usize;
    // The service stops; the turn's deadline passes before it is back.
    app.stop().await;
    let down = Down::open(&app.db).await;
    down.deadline_passed(id, Deadline::Turn).await;
    down.pipe(mail(&first, &format!("ask {other} how many Pairs")))
        .await;
    let after = down.state(id).await;
    // The turn passed as at its deadline (one idle turn skips a player in this game); the
    // question was not asked in the next turn; the mail was heard, so the player is back.
    assert_eq!(
        after["turn"],
        before["turn"].as_u64().unwrap() + 1,
        "{after}"
    );
    assert_ne!(after["current"], json!(seat), "{after}");
    for (kind, more) in [("passed", 1), ("skipped", 1), ("returned", 1), ("asked", 0)] {
        let (was, is) = (logged(&before, kind), logged(&after, kind));
        assert_eq!(is, was + more, "{kind}: {}", after["log"]);
    }
    assert_eq!(after["seats"][seat]["skipped"], false, "{after}");
    assert!(
        down.told(&address, "passed its deadline").await,
        "{first} is told why: {:?}",
        down.unsent().await
    );
    // The next turn's deadline passes too. Its player may still accuse: an accusation is
    // anyone's at any time (RULES-SLEUTH §3), and no final question tied it to that turn.
    down.deadline_passed(id, Deadline::Turn).await;
    let now_on = after["players"][after["current"].as_u64().unwrap() as usize]
        .as_str()
        .unwrap()
        .to_string();
    down.pipe(mail(&now_on, "accuse 2 Blue Opal")).await;
    let accused = down.state(id).await;
    assert_eq!(
        logged(&accused, "accused"),
        logged(&after, "accused") + 1,
        "{now_on}'s accusation was carried out: {}",
        accused["log"]
    );
    assert_eq!(accused["over"], false, "{}", accused["log"]);
    // So is an accusation by a player whose turn it is not.
    let third = ["Ann", "Ben", "Cleo"]
        .into_iter()
        .find(|n| {
            *n != now_on && accused["players"][accused["current"].as_u64().unwrap() as usize] != *n
        })
        .unwrap();
    down.pipe(mail(third, "accuse 3 Red Pearl")).await;
    let theirs = down.state(id).await;
    assert_eq!(
        logged(&theirs, "accused"),
        logged(&accused, "accused") + 1,
        "{third}'s accusation was carried out: {}",
        theirs["log"]
    );
    // The record keeps the pass and the mail heard, and replays to the same log: it verifies.
    down.close().await;
    let mut app = TestApp::spawn_on(app.dir.clone(), app.db.clone()).await;
    let record = match theirs["over"].as_bool() {
        Some(true) => app.get_json(&format!("/games/{id}/record.json")).await,
        _ => crate::records::ended(&app, created["gm_link"].as_str().unwrap(), id).await,
    };
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    app.stop().await;
}

#[tokio::test]
async fn the_next_players_action_after_a_deadline_not_yet_passed_by_the_clock_is_taken_in_their_turn(
) {
    let mut app = TestApp::spawn().await;
    let created = drowsy_game(&app, "Early bird").await;
    let id = created["id"].as_i64().unwrap();
    let before = crate::common::clue::stored(&app, id).await;
    let seat = before["current"].as_u64().unwrap() as usize;
    let next = before["players"][(seat + 1) % 3]
        .as_str()
        .unwrap()
        .to_string();
    let address = format!("{}@example.org", next.to_lowercase());
    let welcome = mail_to(&app, &address, "welcome").await;
    // The service stops; the turn's deadline passes, and the next player writes before the
    // clock has passed that turn.
    app.stop().await;
    let down = Down::open(&app.db).await;
    down.deadline_passed(id, Deadline::Turn).await;
    down.pipe(reply(&address, &welcome, "exchange")).await;
    let after = down.state(id).await;
    // The turn that ran out passed, and the exchange was made in the next player's turn.
    assert_eq!(
        logged(&after, "passed"),
        logged(&before, "passed") + 1,
        "{}",
        after["log"]
    );
    assert_eq!(
        logged(&after, "exchanged"),
        logged(&before, "exchanged") + 1,
        "{next}'s exchange was carried out: {}",
        after["log"]
    );
    assert!(
        !down.told(&address, "NOT accepted").await,
        "{next} is not refused: {:?}",
        down.unsent().await
    );
    down.close().await;
}

#[tokio::test]
async fn a_game_whose_state_cannot_be_read_holds_up_no_other_games_clock() {
    let mut app = TestApp::spawn().await;
    let broken = drowsy_game(&app, "Broken").await["id"].as_i64().unwrap();
    let id = drowsy_game(&app, "Sound").await["id"].as_i64().unwrap();
    let turn = public(&app, id).await["turn"].as_u64().unwrap();
    // The first game's state is damaged; both turns are due.
    sql(&app, "UPDATE games SET state = '{' WHERE id = $1", broken).await;
    sql(
        &app,
        "UPDATE games SET turn_deadline = 1 WHERE id = $1",
        broken,
    )
    .await;
    sql(&app, "UPDATE games SET turn_deadline = 1 WHERE id = $1", id).await;
    wait_until(&app, id, "the sound game's turn passes", |g| {
        g["turn"].as_u64() > Some(turn)
    })
    .await;
    app.stop().await;
}

#[tokio::test]
async fn a_turn_sent_with_a_classic_players_link_is_refused_alone_and_holds_up_no_polysleuth_turn()
{
    let mut app = TestApp::spawn().await;
    let classic = drowsy_game(&app, "Links crossed").await;
    let classic_links = app.player_links(&classic).await;
    let body = crate::common::game_body(&["Dan", "Eve", "Fay"], None, json!({}));
    let (_, links, _) = app.create_game(&body).await;
    // Sent together, so they meet in the writer's batches: each is answered for itself.
    for n in 0..12 {
        let polysleuth = format!(
            "1 (2): Eve has how many Reds?\n2 ({}): Fay has how many Blues?",
            2 + n % 3
        );
        let (wrong, right) = tokio::join!(
            app.turn(&classic_links[0], "ready"),
            app.turn(&links[0], &polysleuth)
        );
        assert_eq!(wrong.0, 409, "{}", wrong.1);
        assert!(
            wrong.1.to_string().contains("is a game of classic Sleuth"),
            "{}",
            wrong.1
        );
        assert_eq!(right.0, 200, "try {n}: {}", right.1);
        assert_eq!(right.1["status"], "accepted", "{}", right.1);
    }
    app.stop().await;
}

#[tokio::test]
async fn a_late_command_whose_turn_comes_straight_back_brings_its_skipped_sender_back_unplayed() {
    let mut app = TestApp::spawn().await;
    let created = drowsy_game(&app, "Straight back").await;
    let id = created["id"].as_i64().unwrap();
    let (first, address, welcome) = on_turn(&app, id).await;
    let state = crate::common::clue::stored(&app, id).await;
    let seat = state["current"].as_u64().unwrap() as usize;
    let names = ["Ann", "Ben", "Cleo"];
    // The two others accuse wrongly, each naming a card of their own hand (an accusation is
    // anyone's at any time): they are out, and the player on turn is the only one in play.
    for (other, name) in names.iter().enumerate().filter(|(s, _)| *s != seat) {
        let own = state["deal"]["hands"][other][0]
            .as_str()
            .expect("a card")
            .to_string();
        let theirs = format!("{}@example.org", name.to_lowercase());
        let their_welcome = mail_to(&app, &theirs, "welcome").await;
        send_mail(
            &app,
            reply(&theirs, &their_welcome, &format!("accuse {own}")),
        )
        .await;
    }
    let before = crate::common::clue::stored(&app, id).await;
    assert_eq!(logged(&before, "accused"), 2, "{}", before["log"]);
    assert_eq!(before["current"], json!(seat), "{}", before["log"]);
    // The service stops; the turn's deadline passes before the mail comes. The pass skips
    // the only player in play, and turns go on among skipped players: it comes straight back.
    app.stop().await;
    let down = Down::open(&app.db).await;
    down.deadline_passed(id, Deadline::Turn).await;
    let other = names[(seat + 1) % 3];
    down.pipe(reply(
        &address,
        &welcome,
        &format!("ask {other} how many Pairs"),
    ))
    .await;
    let after = down.state(id).await;
    assert_eq!(after["current"], json!(seat), "{after}");
    for (kind, more) in [("passed", 1), ("skipped", 1), ("returned", 1), ("asked", 0)] {
        let (was, is) = (logged(&before, kind), logged(&after, kind));
        assert_eq!(is, was + more, "{kind}: {}", after["log"]);
    }
    assert_eq!(
        after["seats"][seat]["skipped"], false,
        "{first} is back: {after}"
    );
    assert!(
        down.told(&address, "passed its deadline").await,
        "{first} is told why: {:?}",
        down.unsent().await
    );
    // The record keeps the mail as late, heard and not played, and verifies.
    down.close().await;
    let mut app = TestApp::spawn_on(app.dir.clone(), app.db.clone()).await;
    let gm = created["gm_link"].as_str().unwrap();
    let record = crate::records::ended(&app, gm, id).await;
    let late: Vec<&Value> = (record["steps"].as_array().expect("steps").iter())
        .filter(|m| m["late"] == json!(true))
        .collect();
    assert_eq!(late.len(), 1, "{record}");
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    app.stop().await;
}

#[tokio::test]
async fn a_skipped_player_is_back_after_pressing_the_digest_button_on_their_page() {
    let mut app = TestApp::spawn().await;
    let created = drowsy_game(&app, "Button").await;
    let id = created["id"].as_i64().unwrap();
    let links = app.player_links(&created).await;
    let current = crate::common::clue::stored(&app, id).await["current"]
        .as_u64()
        .unwrap() as usize;
    // The player on turn lets it reach its deadline: skipped (idle_turns = 1).
    sql(&app, "UPDATE games SET turn_deadline = 1 WHERE id = $1", id).await;
    wait_until(&app, id, "skipped", |g| {
        g["seats"][current]["skipped"] == true
    })
    .await;
    // Their page's digest button is a command too: they are back.
    let page_path = links[current].replacen("/play/", "/classic/play/", 1);
    let page = app.get_text(&page_path).await.1;
    post_form(
        &app,
        &page_path,
        &[("csrf", &csrf(&page)), ("action", "digest_on")],
    )
    .await;
    let g = wait_until(&app, id, "back", |g| {
        g["seats"][current]["skipped"] == false
    })
    .await;
    assert_eq!(g["seats"][current]["skipped"], false);
    // The record keeps the command, so a replay brings them back too: it verifies.
    let gm = created["gm_link"].as_str().unwrap();
    let record = crate::records::ended(&app, gm, id).await;
    assert!(
        record["steps"]
            .to_string()
            .contains("\"text\":\"digest on\""),
        "{}",
        record["steps"]
    );
    let (code, out, err) = crate::records::verify(&record).await;
    assert_eq!(code, Some(0), "{out} {err}");
    app.stop().await;
}
