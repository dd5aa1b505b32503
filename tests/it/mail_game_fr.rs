//! A whole game played by mail in French, against a real SMTP server: a game made in French,
//! players who write their turns as French speakers do and reply as French mail clients do,
//! a line refused with a French answer, `état` and `langue en` by mail, and the game's end.

use crate::common;
use crate::mail_game::{received, Received};

use std::time::{Duration, Instant};

use common::{game_body, scenario, TestApp};
use serde_json::json;

/// A reply as a French mail client writes it: a greeting, the turn, a sign-off, and the
/// original quoted under "Le … a écrit :".
fn reponse(from: &str, to: &Received, text: &str) -> Vec<u8> {
    let quoted: String = to.body.lines().map(|l| format!("> {l}\n")).collect();
    format!(
        "From: {from}\r\nTo: {}\r\nSubject: RE: {}\r\nIn-Reply-To: <{}>\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nBonjour,\r\n\r\n{}\r\n\r\nCordialement,\r\n{}\r\n\r\nLe lun. 2 nov. 2026 à 10:00, Polysleuth <gm@polysleuth.test> a écrit :\r\n{}",
        to.reply_to.as_ref().expect("mail to a player carries a reply address"),
        to.subject,
        to.message_id,
        text.replace('\n', "\r\n"),
        from.split('@').next().unwrap_or(""),
        quoted.replace('\n', "\r\n"),
    )
    .into_bytes()
}

async fn send(app: &TestApp, raw: Vec<u8>) {
    let r = app
        .client
        .post(app.url("/inbound/mail"))
        .header("x-polysleuth-secret", "test-inbound-secret")
        .body(raw)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
}

/// Waits for a mail to `to` whose subject holds `subject`, and returns the newest.
async fn mail_for(maildir: &std::path::Path, to: &str, subject: &str, nth: usize) -> Received {
    let start = Instant::now();
    loop {
        let got: Vec<Received> = received(maildir)
            .into_iter()
            .filter(|m| m.to == to && m.subject.contains(subject))
            .collect();
        if got.len() > nth {
            return got[nth].clone();
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no mail \"{subject}\" to {to}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_whole_game_by_mail_in_french() {
    let dir = common::tempdir("smtp-fr");
    let sink = common::smtp_sink(&dir);
    let db = common::database_url(&dir).await;
    let mut opts = common::options(&dir, &db);
    opts.smtp_url = Some(format!("smtp://127.0.0.1:{}", sink.port));
    let running = polysleuth::app::start(opts).await.unwrap();
    let mut app = TestApp {
        base: format!("http://{}", running.addr),
        running: Some(running),
        db,
        dir: dir.clone(),
        client: reqwest::Client::new(),
    };
    let s = scenario();
    let names = ["Ann", "Ben", "Cleo", "Dan"];
    let (status, created) = app
        .post_game(&game_body(
            &names,
            Some(&s["spec"]["deal"]),
            json!({"language": "fr", "time_zone": "Europe/Paris", "settings": {"max_rounds": 2}}),
        ))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let addr = |n: &str| format!("{}@example.org", n.to_lowercase());

    // The welcome is in French, the hand in French words with the printed marks.
    let welcome = mail_for(&sink.maildir, &addr("Ann"), "bienvenue dans", 0).await;
    assert!(welcome
        .subject
        .starts_with(&format!("[Polysleuth partie {id}] bienvenue dans")));
    assert!(welcome.body.contains("Bonjour Ann,"), "{}", welcome.body);
    assert!(
        welcome.body.contains("○○ paire de perles bleues"),
        "{}",
        welcome.body
    );
    assert!(
        welcome.body.contains("● opale bleue solitaire"),
        "{}",
        welcome.body
    );
    assert!(
        welcome.body.contains("CET"),
        "deadlines in the game's time zone: {}",
        welcome.body
    );

    // Ann first mistypes a card: the answer is French, quotes the line, gives a French example.
    send(
        &app,
        reponse(&addr("Ann"), &welcome, "1: Ben a 2 opale violette"),
    )
    .await;
    let refused = mail_for(&sink.maildir, &addr("Ann"), "le tour a des ERREURS", 0).await;
    assert!(
        refused.body.contains("n'a PAS été accepté"),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains("ligne 1 : « 1: Ben a 2 opale violette » ne nomme pas une carte : « violette » n’est ni un nombre, ni une couleur, ni un joyau"),
        "{}",
        refused.body
    );

    // Round 1, as French speakers write it: the scenario's turns, in French.
    let round1 = [
        ("Ann", "1: Ben a 2 opale bleue\n2: Cleo a le diamant rouge solitaire\n1 (4): Dan a combien de verts ?\nprêt"),
        ("Ben", "1: Ann a la paire de perles bleues\n1 (7): combien de diamants verts a Dan ?\nprêt"),
        ("Cleo", "1: Dan a le groupe de perles rouges\nprêt"),
        ("Dan", "1 (3): Ann a combien d’opales ?\nprêt"),
    ];
    for (name, text) in round1 {
        let welcome = mail_for(&sink.maildir, &addr(name), "bienvenue dans", 0).await;
        send(&app, reponse(&addr(name), &welcome, text)).await;
        let ok = mail_for(&sink.maildir, &addr(name), "manche 1] tour accepté", 0).await;
        assert!(ok.body.contains("est accepté"), "{}", ok.body);
        assert!(ok.body.contains("Il est déclaré prêt."), "{}", ok.body);
        assert!(
            ok.body.contains("3 lignes d'autre texte"),
            "the greeting and sign-off are not read: {}",
            ok.body
        );
    }

    // The bulletin: in French, with plurals and agreement; the reveal to Ben alone.
    for name in names {
        let b = mail_for(&sink.maildir, &addr(name), "manche 1] bulletin", 0).await;
        assert!(
            b.body
                .contains("Dan a 2 diamants verts (question de Ben, 7)"),
            "{}",
            b.body
        );
        assert!(b.body.contains("Close par : tous prêts"), "{}", b.body);
        assert_eq!(
            b.body.contains("Montré à vous : Dan a 2 diamants verts : ◆ diamant vert solitaire, ◆◆ paire de diamants verts"),
            name == "Ben",
            "{}",
            b.body
        );
    }
    let ann = mail_for(&sink.maildir, &addr("Ann"), "manche 1] bulletin", 0).await;
    assert!(ann.body.contains("POUR Ann SEULEMENT"), "{}", ann.body);
    assert!(
        ann.body
            .contains("1: Ben a ●● paire d’opales bleues - juste"),
        "{}",
        ann.body
    );
    assert!(
        ann.body
            .contains("42 Détectives privés et 8 points de Sleuth"),
        "{}",
        ann.body
    );

    // `état` by mail: the hand, the balances and the sheet, in French.
    send(
        &app,
        reponse(&addr("Cleo"), &ann_for(&sink, "Cleo").await, "état"),
    )
    .await;
    let etat = mail_for(&sink.maildir, &addr("Cleo"), "situation de Cleo", 0).await;
    assert!(etat.body.contains("VOTRE MAIN :"), "{}", etat.body);
    assert!(
        etat.body.contains("◆◆◆ groupe de diamants rouges"),
        "{}",
        etat.body
    );

    // Round 2: Dan switches to English by mail in the same reply as his turn.
    let round2 = [
        ("Ann", "prêt"),
        ("Ben", "prêt"),
        ("Cleo", "1: Ann a la paire de perles bleues\nprêt"),
        ("Dan", "langue en\n1: Ann a la paire de perles bleues\nprêt"),
    ];
    for (name, text) in round2 {
        let b = mail_for(&sink.maildir, &addr(name), "manche 1] bulletin", 0).await;
        send(&app, reponse(&addr(name), &b, text)).await;
    }
    let prefs = mail_for(&sink.maildir, &addr("Dan"), "language and time zone", 0).await;
    assert!(
        prefs
            .body
            .contains("from now on your pages and mail are in English"),
        "{}",
        prefs.body
    );

    // The game ends after its second round: the last bulletin in French, the deal with it.
    let last = mail_for(&sink.maildir, &addr("Cleo"), "dernier bulletin", 0).await;
    assert!(
        last.body.contains("paire de perles bleues : chez Ann"),
        "{}",
        last.body
    );
    assert!(last.body.contains("6½ points de Sleuth"), "{}", last.body);
    assert!(
        last.body.contains("LA PARTIE EST TERMINÉE."),
        "{}",
        last.body
    );
    assert_eq!(
        last.body
            .matches("LA DONNE, telle qu'engagée au début")
            .count(),
        1,
        "the final bulletin gives the deal, once: {}",
        last.body
    );
    let dan = mail_for(
        &sink.maildir,
        &addr("Dan"),
        "final bulletin: the game is over",
        0,
    )
    .await;
    assert!(
        dan.body.contains("2 Blue Pearl: held by Ann"),
        "Dan now reads English: {}",
        dan.body
    );
    let g = app.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "over");
    app.stop().await;
}

/// The mail Cleo last received from the game, to reply to.
async fn ann_for(sink: &common::SmtpSink, name: &str) -> Received {
    mail_for(
        &sink.maildir,
        &format!("{}@example.org", name.to_lowercase()),
        "manche 1] bulletin",
        0,
    )
    .await
}
