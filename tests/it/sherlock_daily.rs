//! The daily case of Sherlock Solitaire through the real doors: two people ask for today's
//! case on its page and confirm by the mailed link, one plays on the page and one by mail;
//! nothing of either game shows before the day ends (not the table, the deck nor the record);
//! a second try the same day is refused; when the day ends, unfinished games end and the
//! day's page publishes the seed, salt and deck with both games, whose records verify.

use serde_json::Value;

use crate::classic::{mail_to, post_form, reply, send_mail};
use crate::common::csrf;
use crate::common::sherlock::{plan_turn, searching, stored};
use crate::common::TestApp;

const CASE: &str = "valley_of_fear-1";

/// Asks for today's case on its page; the page it answers with.
async fn ask(app: &TestApp, name: &str, email: &str) -> String {
    let page = app.get_text("/sherlock/daily").await.1;
    let csrf = csrf(&page);
    post_form(
        app,
        "/sherlock/daily",
        &[
            ("csrf", csrf.as_str()),
            ("name", name),
            ("email", email),
            ("variant", CASE),
            ("detectives", "holmes"),
        ],
    )
    .await
}

/// Opens the mailed link and presses its button: the player's page path.
async fn confirm(app: &TestApp, email: &str) -> String {
    let mail = mail_to(app, email, "the daily case").await;
    let link = (mail.body.lines())
        .find_map(|l| {
            let at = l.find("/sherlock/daily/confirm/")?;
            Some(l[at..].trim().to_string())
        })
        .expect("a confirmation link");
    let page = app.get_text(&link).await.1;
    assert!(page.contains("Start my game"), "{page}");
    let csrf = csrf(&page);
    let r = app
        .client
        .post(app.url(&link))
        .form(&[("csrf", csrf.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 303, "{:?}", r.text().await);
    r.headers()["location"].to_str().unwrap().to_string()
}

async fn game_of(app: &TestApp, email: &str) -> i64 {
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    let (id,): (i64,) = sqlx::query_as("SELECT game_id FROM daily_plays WHERE email = $1")
        .bind(email)
        .fetch_one(&pool)
        .await
        .unwrap();
    id
}

/// Moves today's daily case, its requests and its games to yesterday: the day has ended. The
/// games' states first: the scheduler finds a day's games by its requests, so it cannot end a
/// game here while this reads and writes that game's state (an end it wrote would be lost).
async fn end_the_day(app: &TestApp, today: &str, yesterday: &str, games: &[i64]) {
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    for id in games {
        crate::common::clue::edit_stored(app, *id, |s| s["daily"] = Value::from(yesterday)).await;
    }
    for table in ["daily_cases", "daily_plays"] {
        sqlx::query(&format!("UPDATE {table} SET day = $1 WHERE day = $2"))
            .bind(yesterday)
            .bind(today)
            .execute(&pool)
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn a_daily_case_is_played_by_two_people_once_each_and_published_when_its_day_ends() {
    let mut app = TestApp::spawn().await;
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let help = app.get_text("/help").await.1;
    assert!(
        help.contains("href=\"/sherlock/daily\""),
        "the help page leads to it"
    );
    let page = app.get_text("/sherlock/daily").await.1;
    assert!(page.contains("The Valley of Fear, level 1"), "{page}");
    assert_eq!(
        page.matches("class=\"hash\"").count(),
        6,
        "six committed cases"
    );

    // Bad input is named and sends nothing.
    let page = ask(&app, "", "not-an-address").await;
    assert!(page.contains("Nothing was sent"), "{page}");
    assert!(crate::classic::outbox(&app).is_empty());

    // Ann and Ben ask, and confirm by their links. Asking again renews the link, three times
    // at most: an address cannot be flooded through the form.
    // The page says the same whatever became of the request: it tells nobody what an
    // address did today.
    let page = ask(&app, "Ann", "ann@example.org").await;
    let said = "If ann@example.org may play The Valley of Fear, level 1 today, a link";
    assert!(page.contains(said), "{page}");
    // Both caps are named, the one for all cases too, which the page cannot tell apart.
    assert!(
        page.contains("at most 3 links a day for a case and 6 in all"),
        "{page}"
    );
    ask(&app, "Ann", "ann@example.org").await;
    ask(&app, "Ann", "ann@example.org").await;
    let page = ask(&app, "Ann", "ann@example.org").await;
    assert!(page.contains(said), "{page}");
    let links = |app: &TestApp| {
        crate::classic::outbox(app)
            .iter()
            .filter(|m| m.to == "ann@example.org")
            .count()
    };
    crate::common::mail::settle(&app).await;
    assert_eq!(links(&app), 3);
    let ann = confirm(&app, "ann@example.org").await;
    assert!(ann.starts_with("/sherlock/play/"), "{ann}");
    ask(&app, "Ben", "Ben@Example.org").await;
    let ben_page = confirm(&app, "ben@example.org").await;
    let (ann_id, ben_id) = (
        game_of(&app, "ann@example.org").await,
        game_of(&app, "ben@example.org").await,
    );
    assert_eq!(
        stored(&app, ann_id).await.game.deck,
        stored(&app, ben_id).await.game.deck,
        "one deck for the day's case"
    );

    // Nothing of a daily game is anyone else's to see before the day ends.
    let (status, _) = app.get_text(&format!("/sherlock/games/{ann_id}")).await;
    assert_eq!(status, 404);
    let (status, _) = app.get_text(&format!("/api/sherlock/games/{ann_id}")).await;
    assert_eq!(status, 404);

    // Ann plays on her page to the end of her game.
    for _ in 0..12 {
        let s = stored(&app, ann_id).await;
        if s.over() {
            break;
        }
        let api = ann.replacen("/sherlock/play/", "/api/sherlock/play/", 1);
        let lines = plan_turn(&s, searching);
        let (status, done) = app
            .post_json(&api, &serde_json::json!({"text": lines.join("\n")}))
            .await;
        assert_eq!(status, 200, "{done}");
    }
    assert!(stored(&app, ann_id).await.over());
    let mine = app.get_text(&ann).await.1;
    assert!(mine.contains("id=\"daily-wait\""), "{mine}");
    assert!(
        !mine.contains("id=\"deck\""),
        "the deck waits for the day's end"
    );
    let (status, _) = app.get_text(&format!("/games/{ann_id}/record.json")).await;
    assert_ne!(status, 200, "the record holds the deck: it waits");
    let end = mail_to(&app, "ann@example.org", "the case is closed").await;
    assert!(end.body.contains("published when the day"), "{}", end.body);

    // Ben plays one turn by mail.
    let welcome = mail_to(&app, "ben@example.org", "welcome to").await;
    let s = stored(&app, ben_id).await;
    let lines = plan_turn(&s, searching);
    send_mail(&app, reply("ben@example.org", &welcome, &lines.join("\n"))).await;
    crate::common::mail::settle(&app).await;
    assert!(stored(&app, ben_id).await.game.turn >= 2 || stored(&app, ben_id).await.over());
    let _ = ben_page;

    // A second try the same day mails nothing, and the page says nothing of it.
    let before = crate::classic::outbox(&app).len();
    let page = ask(&app, "Ann", "ann@example.org").await;
    assert!(page.contains("If ann@example.org may play"), "{page}");
    assert!(!page.contains("already"), "{page}");
    crate::common::mail::settle(&app).await;
    assert_eq!(crate::classic::outbox(&app).len(), before);

    // Today's page lists no result; the day ends; its page publishes everything.
    let (_, day) = app.get_text(&format!("/sherlock/daily/{today}")).await;
    assert!(
        day.contains("id=\"daily-running\"") && !day.contains("record.json"),
        "{day}"
    );
    let yesterday = (chrono::Utc::now() - chrono::Duration::days(1))
        .format("%Y-%m-%d")
        .to_string();
    end_the_day(&app, &today, &yesterday, &[ann_id, ben_id]).await;
    let start = std::time::Instant::now();
    while !stored(&app, ben_id).await.over() {
        assert!(
            start.elapsed().as_secs() < 15,
            "the day's end ends Ben's game"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let (status, day) = app.get_text(&format!("/sherlock/daily/{yesterday}")).await;
    assert_eq!(status, 200);
    let seed = stored(&app, ann_id).await.seed.to_string();
    assert!(day.contains(&seed), "the seed is published: {day}");
    assert!(day.contains("Ann") && day.contains("Ben"), "{day}");
    assert!(day.contains("ended with its day"), "{day}");
    assert!(
        day.contains(&format!("/games/{ann_id}/record.json")),
        "{day}"
    );
    for id in [ann_id, ben_id] {
        let record = app.get_json(&format!("/games/{id}/record.json")).await;
        assert_eq!(record["seed"].as_u64().unwrap().to_string(), seed);
        let (code, out, err) = crate::records::verify(&record).await;
        assert_eq!(code, Some(0), "{out} {err}");
    }
    let (status, table) = app.get_text(&format!("/sherlock/games/{ann_id}")).await;
    assert_eq!(status, 200, "{table}");
    assert!(table.contains("id=\"deck\""), "{table}");
    app.stop().await;
}

#[tokio::test]
async fn a_confirmation_pressed_several_times_at_once_starts_one_game() {
    let mut app = TestApp::spawn().await;
    ask(&app, "Cleo", "cleo@example.org").await;
    crate::common::mail::settle(&app).await;
    let mail = mail_to(&app, "cleo@example.org", "the daily case").await;
    let link = (mail.body.lines())
        .find_map(|l| Some(l[l.find("/sherlock/daily/confirm/")?..].trim().to_string()))
        .expect("a confirmation link");
    let page = app.get_text(&link).await.1;
    let csrf = csrf(&page);
    // Impatient clicks: the same form sent four times before any answer comes.
    let press = || async {
        let r = (app.client.post(app.url(&link)))
            .form(&[("csrf", csrf.as_str())])
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.text().await.unwrap())
    };
    let answers = futures_util::future::join_all((0..4).map(|_| press())).await;
    let started = answers.iter().filter(|(status, _)| *status == 303).count();
    assert_eq!(started, 1, "one press starts the game: {answers:?}");
    for (status, page) in answers.iter().filter(|(status, _)| *status != 303) {
        assert!(
            *status == 404 || *status == 409,
            "a later press is refused: {status} {page}"
        );
        assert!(
            page.contains("was used already") || page.contains("started its game already"),
            "and says why: {page}"
        );
    }
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    let (games,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM games WHERE ruleset = 'sherlock'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(games, 1, "one game of the day's deck for one request");
    // A press that read the request before the first press's game was kept does not count
    // that game as another spelling's: its own request is left out of the inbox's count.
    let store = &app.running.as_ref().unwrap().master.store;
    let (id, day, variant): (i64, String, String) =
        sqlx::query_as("SELECT id, day, variant FROM daily_plays WHERE game_id IS NOT NULL")
            .fetch_one(&pool)
            .await
            .unwrap();
    let mut conn = pool.acquire().await.unwrap();
    let inbox = "cleo@example.org";
    let others = store.daily_started_by(&mut conn, &day, &variant, inbox, Some(id));
    assert!(!others.await.unwrap(), "its own game is not another's");
    let any = store.daily_started_by(&mut conn, &day, &variant, inbox, None);
    assert!(any.await.unwrap(), "while a new request of the inbox is");
    drop(conn);
    crate::common::mail::settle(&app).await;
    let welcomes = (crate::classic::outbox(&app).iter())
        .filter(|m| m.to == "cleo@example.org" && !m.subject.contains("the daily case"))
        .count();
    assert_eq!(welcomes, 1, "one welcome mail");
    app.stop().await;
}

#[tokio::test]
async fn a_daily_game_takes_no_play_once_its_day_has_ended_and_its_deck_is_public() {
    let mut app = TestApp::spawn().await;
    ask(&app, "Dora", "dora@example.org").await;
    crate::common::mail::settle(&app).await;
    let page = confirm(&app, "dora@example.org").await;
    let id = game_of(&app, "dora@example.org").await;
    let before = stored(&app, id).await;
    let lines = plan_turn(&before, searching).join("\n");

    // The day ends before the scheduler has ended the game: only its state knows yet.
    crate::common::clue::edit_stored(&app, id, |s| s["daily"] = Value::from("2000-01-01")).await;

    let api = page.replacen("/sherlock/play/", "/api/sherlock/play/", 1);
    let (status, answer) = app
        .post_json(&api, &serde_json::json!({"text": lines}))
        .await;
    assert_eq!(status, 409, "{answer}");
    assert!(
        answer.to_string().contains("2000-01-01, UTC) has ended"),
        "the refusal says why: {answer}"
    );
    let after = stored(&app, id).await;
    assert_eq!(after.game, before.game, "nothing was played");
    assert_eq!(after.messages, before.messages, "nothing was recorded");
    app.stop().await;
}

#[tokio::test]
async fn the_daily_page_and_a_confirmation_address_are_read_without_the_writer() {
    let mut app = TestApp::spawn().await;
    // The first view commits the day's cases.
    assert!(app
        .get_text("/sherlock/daily")
        .await
        .1
        .contains("The Valley of Fear"));
    // While another change holds the writer, both still answer at once.
    let master = app.running.as_ref().unwrap().master.clone();
    let held = master.store.write().await.unwrap();
    let views = async {
        let page = app.get_text("/sherlock/daily").await;
        let link = app
            .get_text("/sherlock/daily/confirm/0123456789abcdef")
            .await;
        (page, link)
    };
    let ((status, page), (gone, _)) =
        tokio::time::timeout(std::time::Duration::from_secs(3), views)
            .await
            .expect("answered while the writer is held");
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("The Valley of Fear"));
    assert_eq!(gone, 404, "an unknown confirmation address");
    drop(held);
    app.stop().await;
}

#[tokio::test]
async fn one_address_is_sent_at_most_six_links_a_day_however_many_cases_are_asked_for() {
    let mut app = TestApp::spawn().await;
    let page = app.get_text("/sherlock/daily").await.1;
    let variants: Vec<String> = page
        .match_indices("<option value=\"")
        .map(|(at, _)| page[at + 15..].split('"').next().unwrap().to_string())
        .filter(|v| v.contains('-') && !v.contains(','))
        .collect();
    assert_eq!(variants.len(), 6, "{variants:?}");
    for variant in &variants {
        for _ in 0..3 {
            let page = app.get_text("/sherlock/daily").await.1;
            let csrf = csrf(&page);
            let page = post_form(
                &app,
                "/sherlock/daily",
                &[
                    ("csrf", csrf.as_str()),
                    ("name", "Eve"),
                    ("email", "victim@example.org"),
                    ("variant", variant.as_str()),
                    ("detectives", "holmes"),
                ],
            )
            .await;
            assert!(page.contains("If victim@example.org may play"), "{page}");
        }
    }
    crate::common::mail::settle(&app).await;
    let sent = (crate::classic::outbox(&app).iter())
        .filter(|m| m.to == "victim@example.org")
        .count();
    assert_eq!(sent, 6, "eighteen asks, six links");
    app.stop().await;
}

#[tokio::test]
async fn a_daily_game_left_open_by_an_outage_of_weeks_is_ended_when_the_service_is_back() {
    let mut app = TestApp::spawn().await;
    ask(&app, "Fay", "fay@example.org").await;
    crate::common::mail::settle(&app).await;
    confirm(&app, "fay@example.org").await;
    let id = game_of(&app, "fay@example.org").await;
    assert!(!stored(&app, id).await.over());
    // Its day ended twenty days ago, and no tick has run since (the service was down).
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let long_ago = (chrono::Utc::now() - chrono::Duration::days(20))
        .format("%Y-%m-%d")
        .to_string();
    end_the_day(&app, &today, &long_ago, &[id]).await;
    let start = std::time::Instant::now();
    while !stored(&app, id).await.over() {
        assert!(
            start.elapsed().as_secs() < 15,
            "a game of a day twenty days gone is ended"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let (status, day) = app.get_text(&format!("/sherlock/daily/{long_ago}")).await;
    assert_eq!(status, 200);
    let seed = stored(&app, id).await.seed.to_string();
    assert!(day.contains(&seed), "that day's deck is published: {day}");
    app.stop().await;
}

#[tokio::test]
async fn one_inbox_written_many_ways_is_sent_the_days_links_once_in_all() {
    let mut app = TestApp::spawn().await;
    let spellings: Vec<String> = (0..8).map(|n| format!("Fan+{n}@example.net")).collect();
    for email in &spellings {
        ask(&app, "Fan", email).await;
    }
    crate::common::mail::settle(&app).await;
    let links = (crate::classic::outbox(&app).iter())
        .filter(|m| m.to.starts_with("fan+") || m.to.starts_with("Fan+"))
        .count();
    assert_eq!(
        links, 6,
        "six links a day in all, to one inbox however written"
    );
    app.stop().await;
}

#[tokio::test]
async fn one_inbox_plays_a_days_case_once_however_its_address_is_written() {
    let mut app = TestApp::spawn().await;
    // Two requests of one inbox, written two ways, before either is confirmed.
    ask(&app, "Gus", "gus@example.org").await;
    ask(&app, "Gus", "gus+again@example.org").await;
    crate::common::mail::settle(&app).await;
    let second = mail_to(&app, "gus+again@example.org", "the daily case").await;
    let link = (second.body.lines())
        .find_map(|l| Some(l[l.find("/sherlock/daily/confirm/")?..].trim().to_string()))
        .expect("a confirmation link");
    // The first is confirmed and played.
    confirm(&app, "gus@example.org").await;
    // The second's link starts no second game of the same deck, and says why.
    let page = app.get_text(&link).await.1;
    let r = (app.client.post(app.url(&link)))
        .form(&[("csrf", csrf(&page).as_str())])
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    let said = r.text().await.unwrap();
    assert_eq!(status, 409, "{said}");
    assert!(
        said.contains("case already, its address written another way"),
        "{said}"
    );
    // A third spelling asked afterwards is sent no link at all.
    crate::common::mail::settle(&app).await;
    let before = crate::classic::outbox(&app).len();
    ask(&app, "Gus", "GUS+third@example.org").await;
    crate::common::mail::settle(&app).await;
    assert_eq!(crate::classic::outbox(&app).len(), before, "no link sent");
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    let (games,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM games WHERE ruleset = 'sherlock'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(games, 1, "one game of the day's deck for one inbox");
    app.stop().await;
}
