//! The HTML pages as a browser without JavaScript uses them: forms, cookies, redirects none.

use crate::common;

use common::{csrf, TestApp};
use serde_json::{json, Value};

fn links(html: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find("href=\"http") {
        let s = &rest[i + 6..];
        let end = s.find('"').unwrap();
        let link = &s[..end];
        if link.contains(prefix) && !out.iter().any(|l: &String| l == link) {
            out.push(link.to_string());
        }
        rest = &s[end..];
    }
    out
}

pub(crate) async fn post_form(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> (u16, String) {
    post_form_as(app, path, fields, None).await
}

/// Posts a form as a browser asking for `language` (`Accept-Language`) does, when given.
pub(crate) async fn post_form_as(
    app: &TestApp,
    path: &str,
    fields: &[(&str, &str)],
    language: Option<&str>,
) -> (u16, String) {
    let mut request = app.client.post(app.url(path)).form(fields);
    if let Some(language) = language {
        request = request.header("Accept-Language", language);
    }
    let r = request.send().await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

async fn create_on_the_web(app: &TestApp) -> (String, Vec<String>, String) {
    let (_, page) = app.get_text("/games/new").await;
    let token = csrf(&page);
    let mut fields = vec![
        ("csrf", token.as_str()),
        ("name", "Web game"),
        ("gm_email", "gm@example.org"),
        ("round_hours", "24"),
        ("grace_minutes", "0"),
        ("time_zone", "Europe/Paris"),
        ("starting_eyes", "30"),
        ("income", "12"),
        ("one_trait_markup", "2"),
        ("question_payment", "winner"),
        ("idle_rounds", "3"),
        ("listed", "on"),
    ];
    let players = [
        ("Ann", "ann@example.org"),
        ("Ben", "ben@example.org"),
        ("Cleo", "cleo@example.org"),
    ];
    let names: Vec<(String, String)> = (1..=3)
        .map(|i| (format!("player{i}_name"), format!("player{i}_email")))
        .collect();
    for (i, (n, e)) in players.iter().enumerate() {
        fields.push((names[i].0.as_str(), n));
        fields.push((names[i].1.as_str(), e));
    }
    let (status, created) = post_form(app, "/games/new", &fields).await;
    assert_eq!(status, 200, "{created}");
    assert!(created.contains("Game 1 is created") || created.contains("is created"));
    let gm = links(&created, "/gm/").remove(0);
    // Whoever created the game sees no player's key: each one was mailed to its player.
    assert!(!created.contains("/play/"), "{created}");
    let public = links(&created, "/games/").remove(0);
    let id: i64 = public.rsplit('/').next().unwrap().parse().unwrap();
    let players = app
        .player_links(&json!({
            "id": id,
            "players": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cleo"}],
        }))
        .await
        .iter()
        .map(|p| app.url(p))
        .collect();
    (gm, players, public)
}

#[tokio::test]
async fn the_new_game_form_sets_each_games_own_fields_apart_for_the_page_to_show_the_chosen_ones() {
    let mut app = TestApp::spawn().await;
    let (_, page) = app.get_text("/games/new").await;
    let form_end = page.find("</form>").expect("a form");
    // Each game's fields sit in a part named by the game's value in the list of games.
    for (ruleset, field) in [
        ("polysleuth", "name=\"starting_eyes\""),
        ("sleuth", "name=\"classic_turn_hours\""),
        ("clue", "name=\"clue_turn_hours\""),
        ("sherlock", "name=\"sherlock_"),
    ] {
        assert!(
            page.contains(&format!("<option value=\"{ruleset}\"")),
            "the list offers {ruleset}"
        );
        let part = format!("<div class=\"rules-of\" data-ruleset=\"{ruleset}\">");
        let start = page
            .find(&part)
            .unwrap_or_else(|| panic!("{ruleset}'s part"));
        let end = page[start..].find("</div>").map(|e| start + e).unwrap();
        assert!(end < form_end, "{ruleset}'s part is inside the form");
        assert!(
            page[start..end].contains(field),
            "{ruleset}'s part holds its field {field}"
        );
        for other in ["starting_eyes", "classic_turn_hours", "clue_turn_hours"] {
            if !field.contains(other) {
                assert!(
                    !page[start..end].contains(&format!("name=\"{other}\"")),
                    "{ruleset}'s part holds no other game's field {other}"
                );
            }
        }
    }
    // The page's script shows the chosen game's part alone.
    let script = app.get_text("/static/play.js").await.1;
    assert!(
        script.contains("[data-ruleset]"),
        "the script finds the parts"
    );
    app.stop().await;
}

#[tokio::test]
async fn creating_a_game_on_the_web_names_every_problem_and_keeps_the_values() {
    let mut app = TestApp::spawn().await;
    let (_, page) = app.get_text("/games/new").await;
    assert!(
        page.contains("value=\"30\""),
        "house rules show their defaults"
    );
    let token = csrf(&page);

    // Without the form token (another site's form), nothing happens.
    let (status, body) = post_form(&app, "/games/new", &[("name", "x")]).await;
    assert_eq!(status, 409);
    assert!(body.contains("came from another site"));

    let (status, body) = post_form(
        &app,
        "/games/new",
        &[
            ("csrf", &token),
            ("name", "Bad game"),
            ("gm_email", "gm@example.org"),
            ("player1_name", "Ann"),
            ("player1_email", "ann@example.org"),
            ("player2_name", "ann"),
            ("player2_email", "other@example.org"),
            ("round_hours", "24"),
            ("safe_size", "7"),
            ("first_deadline", "2000-01-01T12:00"),
        ],
    )
    .await;
    assert_eq!(status, 422);
    for problem in [
        "a game needs 3 to 7 players; you gave 2",
        "two players are called &#34;ann&#34;",
        "is in the past",
    ] {
        assert!(body.contains(problem), "{problem} missing in:\n{body}");
    }
    assert!(
        body.contains("value=\"other@example.org\""),
        "typed values are kept"
    );
    assert!(body.contains("value=\"Bad game\""));
    // A time the clocks skip in the game's zone (Paris springs forward at 02:00 on the last
    // Sunday of March) is named as such, not as "not a date".
    let (status, body) = post_form(
        &app,
        "/games/new",
        &[
            ("csrf", &token),
            ("name", "Spring"),
            ("gm_email", "gm@example.org"),
            ("time_zone", "Europe/Paris"),
            ("first_deadline", "2027-03-28T02:30"),
        ],
    )
    .await;
    assert_eq!(status, 422);
    assert!(
        body.contains("does not exist in Europe/Paris: the clocks go forward then"),
        "{body}"
    );
    assert_eq!(
        app.get_json("/api/games").await,
        Value::Array(vec![]),
        "nothing was stored"
    );
    app.stop().await;
}

/// The part of a page from `start` to the next `end`.
fn section<'a>(page: &'a str, start: &str, end: &str) -> &'a str {
    let from = page
        .find(start)
        .unwrap_or_else(|| panic!("no {start} in {page}"));
    let to = page[from..].find(end).expect("section end") + from;
    &page[from..to]
}

#[tokio::test]
async fn a_player_builds_fixes_and_sends_a_turn_and_the_gm_runs_the_game() {
    let mut app = TestApp::spawn().await;
    let (gm, players, public) = create_on_the_web(&app).await;
    let ann = &players[0];
    let (status, page) = app.get_text(ann).await;
    assert_eq!(status, 200);
    let view = app.private_view(&common::path_of(ann)).await;
    for card in view["hand"].as_array().unwrap() {
        assert!(
            page.contains(card.as_str().unwrap()),
            "the hand is on the page"
        );
    }
    assert!(page.contains("You have 30 Private Eyes"));
    assert!(
        page.contains("CET"),
        "the deadline is shown in the game's time zone: {page}"
    );
    let token = csrf(&page);

    // The builder offers only cards Ann may guess: none of her own.
    let hand: Vec<String> = view["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    let card_select = section(&page, "<select id=\"g_card\"", "</select>");
    assert_eq!(card_select.matches("<option ").count(), 36 - hand.len());
    for card in &hand {
        assert!(!card_select.contains(card.as_str()), "{card} is Ann's own");
    }
    let traits = section(&page, "<select id=\"q_traits\"", "</select>");
    assert_eq!(
        traits.matches("<option").count(),
        10 + 33,
        "10 traits, 33 pairs"
    );
    assert!(!traits.contains("value=\"Red Green\""), "never two colours");
    assert!(!section(&page, "<select id=\"g_place\"", "</select>").contains("Ann"));

    // The builder adds a line to the text without sending it.
    let (_, page) = post_form(
        &app,
        ann,
        &[
            ("csrf", &token),
            ("action", "add_question"),
            ("text", ""),
            ("q_target", "Ben"),
            ("q_traits", "Red Pearl"),
            ("q_bid", "4"),
        ],
    )
    .await;
    assert!(page.contains("(4): Ben has how many Red Pearls?"), "{page}");
    assert!(
        page.contains("bids <strong data-bid-total>4</strong>"),
        "the running total of bids"
    );
    assert!(page.contains("up to <strong data-bid-left>26</strong> more"));
    assert_eq!(
        app.private_view(&common::path_of(ann)).await["turn"],
        Value::Null
    );

    // A bid beyond the balance, or a card of her own, is refused with the text kept.
    let (_, page) = post_form(
        &app,
        ann,
        &[
            ("csrf", &token),
            ("action", "add_question"),
            ("text", "(4): Ben has how many Red Pearl?"),
            ("q_target", "Ben"),
            ("q_traits", "Red"),
            ("q_bid", "27"),
        ],
    )
    .await;
    assert!(
        page.contains("this turn already bids 4: bid at most 26"),
        "{page}"
    );
    assert!(page.contains(">(4): Ben has how many Red Pearl?</textarea>"));
    let (_, page) = post_form(
        &app,
        ann,
        &[
            ("csrf", &token),
            ("action", "add_guess"),
            ("text", ""),
            ("g_place", "Ben"),
            ("g_card", &hand[0]),
        ],
    )
    .await;
    assert!(
        page.contains("choose a card you have not guessed yet and do not hold"),
        "{page}"
    );
    let guessable = Value::from(
        (1..=3)
            .flat_map(|n| ["Red", "Green", "Blue", "Yellow"].map(|c| format!("{n} {c} Opal")))
            .find(|c| !hand.contains(c))
            .unwrap(),
    );
    let guessable = guessable.as_str().unwrap();
    let (_, page) = post_form(
        &app,
        ann,
        &[
            ("csrf", &token),
            ("action", "add_guess"),
            ("text", ""),
            ("g_place", "Ben"),
            ("g_card", guessable),
        ],
    )
    .await;
    assert!(page.contains(&format!(">Ben has {guessable}</textarea>")));
    assert!(
        !section(&page, "<select id=\"g_card\"", "</select>").contains(guessable),
        "a card written in the turn is not offered again"
    );

    // A bad line comes back inline with the text kept.
    let text = "(4): Ben has how many Red Pearl?\nBen has 2 Purple Opal";
    let (_, page) = post_form(
        &app,
        ann,
        &[("csrf", &token), ("action", "send"), ("text", text)],
    )
    .await;
    assert!(
        page.contains(
            "<strong>line 2</strong> <code>Ben has 2 Purple Opal</code>: does not name a card"
        ),
        "{page}"
    );
    assert!(page.contains("Ben has 2 Purple Opal</textarea>"));

    // Fixed and marked ready.
    let (_, page) = post_form(
        &app,
        ann,
        &[
            ("csrf", &token),
            ("action", "ready"),
            ("text", "(4): Ben has how many Red Pearl?"),
        ],
    )
    .await;
    assert!(page.contains("Turn accepted and marked ready"), "{page}");
    let view = app.private_view(&common::path_of(ann)).await;
    assert_eq!(view["turn"]["ready"], true);

    // The game master pauses, resumes, extends and marks Cleo done; then resolves.
    let (_, gm_page) = app.get_text(&gm).await;
    assert!(
        gm_page.contains("<td>Ann</td><td>yes</td><td>yes</td>"),
        "Ann has sent and is ready"
    );
    assert!(
        !gm_page.contains("Red Pearl"),
        "the GM never sees a turn's content"
    );
    let t = csrf(&gm_page);
    for (action, extra) in [
        ("pause", ("", "")),
        ("resume", ("", "")),
        ("extend", ("hours", "2")),
        ("done", ("seat", "2")),
    ] {
        let mut fields = vec![("csrf", t.as_str()), ("action", action)];
        if !extra.0.is_empty() {
            fields.push(extra);
        }
        let (status, page) = post_form(&app, &gm, &fields).await;
        assert_eq!(status, 200, "{action}: {page}");
    }
    let (_, page) = post_form(&app, &gm, &[("csrf", &t), ("action", "resolve")]).await;
    assert!(page.contains("Round 1 was resolved"), "{page}");
    let id = 1;
    let b = app.get_json(&format!("/api/games/{id}/rounds/1")).await;
    let notes = b["notes"].to_string();
    assert!(
        notes.contains("paused")
            && notes.contains("resumed")
            && notes.contains("extended the deadline by 2 hours"),
        "{notes}"
    );
    assert_eq!(b["newly_done"][0]["player"], "Cleo");
    assert_eq!(b["answers"][0]["asker"], "Ann");
    assert_eq!(b["closed_by"], "game master");

    // Bulletins never change: strong ETag, then 304.
    let r = app.get(&format!("/games/{id}/rounds/1")).await;
    let etag = r.headers()["etag"].to_str().unwrap().to_string();
    assert!(r.headers()["cache-control"]
        .to_str()
        .unwrap()
        .contains("immutable"));
    let r = app
        .client
        .get(app.url(&format!("/games/{id}/rounds/1")))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 304);
    let (_, feed) = app.get_text(&format!("/games/{id}/feed.atom")).await;
    assert!(
        feed.contains("<entry>") && feed.contains("Round 1"),
        "{feed}"
    );

    // Ending the game publishes the deal and the salt, and the commitment checks out.
    let (_, gm_page) = app.get_text(&gm).await;
    let t = csrf(&gm_page);
    let (_, page) = post_form(&app, &gm, &[("csrf", &t), ("action", "end")]).await;
    assert!(page.contains("tick the box"), "ending needs a confirmation");
    post_form(
        &app,
        &gm,
        &[("csrf", &t), ("action", "end"), ("confirm", "yes")],
    )
    .await;
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "over");
    let deal = g["final"]["deal_text"].as_str().unwrap();
    let salt = g["final"]["salt"].as_str().unwrap();
    assert!(polysleuth::games::polysleuth::rules::verify_commitment(
        deal,
        salt,
        g["commitment"].as_str().unwrap()
    ));
    let (_, page) = app.get_text(&public).await;
    assert!(page.contains("The game is over") && page.contains(salt));
    let last = app.get_json(&format!("/api/games/{id}/rounds/2")).await;
    assert_eq!(last["game_over"], true);
    assert!(last["notes"].to_string().contains("ended the game"));
    // The final bulletin itself publishes the deal and the salt (page, text, API, feed); an
    // earlier round's does not.
    assert_eq!(last["final"]["salt"], salt);
    assert_eq!(last["final"]["deal_text"], deal);
    let first = app.get_json(&format!("/api/games/{id}/rounds/1")).await;
    assert!(first.get("final").is_none(), "{first}");
    let hand_line = deal.lines().next().unwrap();
    for path in [
        format!("/games/{id}/rounds/2"),
        format!("/games/{id}/rounds/2.txt"),
        format!("/games/{id}/feed.atom"),
    ] {
        let (_, body) = app.get_text(&path).await;
        assert!(
            body.contains(salt) && body.contains(hand_line),
            "{path} shows the deal and the salt: {body}"
        );
    }
    for path in [
        format!("/games/{id}/rounds/1"),
        format!("/games/{id}/rounds/1.txt"),
    ] {
        let (_, body) = app.get_text(&path).await;
        assert!(!body.contains(salt), "{path} shows the salt");
    }
    app.stop().await;
}

#[tokio::test]
async fn the_builders_bid_total_never_wraps_however_large_the_bids() {
    let mut app = TestApp::spawn().await;
    let (_, players, _) = create_on_the_web(&app).await;
    let ann = &players[0];
    let (_, page) = app.get_text(ann).await;
    let token = csrf(&page);
    let text = "1 (4294967295): Ben has how many Reds?\n2 (4294967295): Cleo has how many Blues?";
    let (status, page) = post_form(
        &app,
        ann,
        &[("csrf", &token), ("action", "send"), ("text", text)],
    )
    .await;
    assert_ne!(status, 500, "{page}");
    assert!(
        page.contains("<strong data-bid-total>4294967295</strong>"),
        "the total saturates: {page}"
    );
    app.stop().await;
}

/// The help page and the front page find the games through the registry: each game the
/// service runs has its section on the help page, in the reader's language, and a link to it
/// from the front page.
#[tokio::test]
async fn the_help_and_front_pages_list_every_game_the_service_runs() {
    let app = TestApp::spawn().await;
    let (status, help) = app.get_text("/help").await;
    assert_eq!(status, 200);
    let (_, front) = app.get_text("/").await;
    for game in polysleuth::games::ALL.iter() {
        assert!(
            help.contains(&format!("<section id=\"{}\">", game.name())),
            "no section for {} in {help}",
            game.name()
        );
        assert!(
            front.contains(&format!("href=\"/help#{}\"", game.name())),
            "no link to {} on the front page",
            game.name()
        );
    }
    // Each game's own how-to is in its section: Polysleuth's turn example, classic Sleuth's
    // summary.
    assert!(help.contains("Private Eyes"));
    assert!(help.contains("Search cards"));
    let (_, french) = app.get_text("/help?lang=fr").await;
    assert!(french.contains("Sleuth classique"), "{french}");
}

/// An address no page answers gets the error page in the reader's language, saying what to
/// do, and under `/api/` the API's JSON error — never an empty answer.
#[tokio::test]
async fn an_address_with_no_page_answers_a_page_that_says_so_in_the_readers_language() {
    let mut app = TestApp::spawn().await;
    let (status, page) = app.get_text("/no/such/page").await;
    assert_eq!(status, 404);
    assert!(page.contains("There is no page at this address"), "{page}");
    assert!(page.contains("<h1>Not found</h1>") || page.contains("Not found"));
    let fr = app
        .client
        .get(app.url("/nulle-part"))
        .header("Accept-Language", "fr-FR,fr;q=0.9")
        .send()
        .await
        .unwrap();
    assert_eq!(fr.status().as_u16(), 404);
    let fr = fr.text().await.unwrap();
    assert!(fr.contains("Il n’y a pas de page à cette adresse"), "{fr}");
    let api = app
        .client
        .get(app.url("/api/nothing/here"))
        .send()
        .await
        .unwrap();
    assert_eq!(api.status().as_u16(), 404);
    let body: Value = api.json().await.unwrap();
    assert!(
        body.to_string()
            .contains("There is no page at this address"),
        "{body}"
    );
    app.stop().await;
}

/// The front page says which game each listed game is and how many play it, in the reader's
/// language; the API's list says the same as data.
#[tokio::test]
async fn the_front_page_says_which_game_each_listed_game_is_and_how_many_play() {
    let mut app = TestApp::spawn().await;
    let listed = json!({"listed": true, "name": "Poly table"});
    app.create_game(&common::game_body(&["Ann", "Ben", "Cleo"], None, listed))
        .await;
    let classic = json!({"listed": true, "name": "Classic table", "ruleset": "sleuth"});
    // A game of turns has no round settings: the grace the helper gives is left out.
    let mut classic = common::game_body(&["Ann", "Ben", "Cleo", "Dan"], None, classic);
    classic.as_object_mut().unwrap().remove("grace_minutes");
    app.create_game(&classic).await;
    let (_, front) = app.get_text("/").await;
    let row = |name: &str| -> String {
        let at = front
            .find(name)
            .unwrap_or_else(|| panic!("{name} in {front}"));
        front[at..at + front[at..].find("</tr>").unwrap()].to_string()
    };
    let poly = row("Poly table");
    assert!(poly.contains("<td>Polysleuth</td><td>3</td>"), "{poly}");
    let classic = row("Classic table");
    assert!(classic.contains("Sleuth</td><td>4</td>"), "{classic}");
    let list = app.get_json("/api/games").await;
    let games = list
        .as_array()
        .or(list["games"].as_array())
        .unwrap()
        .clone();
    let sleuth = games.iter().find(|g| g["name"] == "Classic table").unwrap();
    assert_eq!(
        (sleuth["ruleset"].as_str(), sleuth["players"].as_u64()),
        (Some("sleuth"), Some(4))
    );
    app.stop().await;
}

#[tokio::test]
async fn a_body_or_address_the_service_cannot_read_is_answered_as_every_error_is_saying_what_to_fix(
) {
    let mut app = TestApp::spawn().await;
    let post = |path: &str, content_type: Option<&str>, body: &str| {
        let mut r = app.client.post(app.url(path)).body(body.to_string());
        if let Some(t) = content_type {
            r = r.header("content-type", t);
        }
        async move {
            let r = r.send().await.unwrap();
            let kind = r.headers()["content-type"].to_str().unwrap().to_string();
            (r.status().as_u16(), kind, r.text().await.unwrap())
        }
    };
    // The API: JSON answers naming the field, the content type, the size.
    let (status, kind, body) = post("/api/games", Some("application/json"), r#"{"name": 1}"#).await;
    assert_eq!((status, kind.as_str()), (422, "application/json"), "{body}");
    let said: Value = serde_json::from_str(&body).unwrap();
    assert!(
        said["error"]
            .as_str()
            .unwrap()
            .contains("invalid type: integer `1`"),
        "{said}"
    );
    let (status, kind, body) = post("/api/games", None, r#"{"name": "x"}"#).await;
    assert_eq!((status, kind.as_str()), (415, "application/json"), "{body}");
    assert!(body.contains("Content-Type: application/json"), "{body}");
    let big = format!(r#"{{"name": "{}"}}"#, "x".repeat(300 * 1024));
    let (status, _, body) = post("/api/games", Some("application/json"), &big).await;
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("larger than 256 KiB"), "{body}");
    // An address whose number is not one: no such page, as JSON under /api/, framed elsewhere.
    let r = app.get("/api/games/abc").await;
    assert_eq!(r.status().as_u16(), 404);
    let said: Value = r.json().await.unwrap();
    assert!(said["error"].is_string(), "{said}");
    let r = app.get("/games/abc/record.json").await;
    assert_eq!(r.status().as_u16(), 404);
    let said: Value = r.json().await.unwrap();
    assert!(
        said["error"].is_string(),
        "a JSON address answers JSON: {said}"
    );
    let (status, page) = app.get_text("/games/99999999999999999999").await;
    assert_eq!(status, 404);
    assert!(
        page.contains("<html") && !page.contains("deserialize"),
        "{page}"
    );
    // A form sent as something else: the framed page says so.
    let (status, kind, page) = post("/standby", Some("application/json"), "{}").await;
    assert_eq!(status, 422, "{page}");
    assert!(kind.starts_with("text/html"), "{kind}");
    assert!(page.contains("reload the page and send it again"), "{page}");
    app.stop().await;
}
