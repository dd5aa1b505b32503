//! `spawn_app`: the real service on port 0 with a temporary database and outbox.
#![allow(dead_code)]

pub mod clue;
pub mod down;
pub mod imap;
pub mod mail;
pub mod sherlock;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use polysleuth::app::{self, Options, Running};
use serde_json::{json, Value};

pub struct TestApp {
    pub running: Option<Running>,
    pub base: String,
    pub dir: PathBuf,
    pub db: String,
    pub client: reqwest::Client,
}

pub fn tempdir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "polysleuth-{tag}-{}-{}",
        std::process::id(),
        rand::random::<u64>()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn options(dir: &std::path::Path, db: &str) -> Options {
    Options {
        database_url: db.to_string(),
        listen: "127.0.0.1:0".into(),
        base_url: None,
        smtp_url: None,
        outbox_dir: dir.join("outbox"),
        mail_from: "Polysleuth <gm@polysleuth.test>".into(),
        tick: Duration::from_millis(100),
        workers: 2,
        inbound_secret: Some("test-inbound-secret".into()),
        web_confirm_after: Duration::ZERO,
        imap: None,
        // Most tests make games through the API and play them at once; the trust tests turn
        // this to `Confirmed` and `Token` to test those.
        create_games: polysleuth::web::admission::CreateGames::Open,
        trusted_proxies: Vec::new(),
        keep: Default::default(),
        computers: polysleuth::level::Timing {
            after: std::time::Duration::ZERO,
            ..Default::default()
        },
    }
}

/// The database the tests run on: a SQLite file in `dir`, or, with
/// `POLYSLEUTH_TEST_BACKEND=postgres`, a fresh database in the cluster at
/// `POLYSLEUTH_TEST_POSTGRES_URL` (see scripts/test.sh).
pub async fn database_url(dir: &std::path::Path) -> String {
    if std::env::var("POLYSLEUTH_TEST_BACKEND").as_deref() == Ok("postgres") {
        let admin = std::env::var("POLYSLEUTH_TEST_POSTGRES_URL").expect(
            "POLYSLEUTH_TEST_POSTGRES_URL names the PostgreSQL cluster of the postgres run",
        );
        postgres_database(&admin).await
    } else {
        dir.join("polysleuth.db").display().to_string()
    }
}

/// Creates an empty database in the cluster and returns its URL.
pub async fn postgres_database(admin: &str) -> String {
    use sqlx::Connection;
    let name = format!("t_{}_{}", std::process::id(), rand::random::<u32>());
    let mut conn = sqlx::postgres::PgConnection::connect(admin)
        .await
        .expect("the test cluster answers");
    sqlx::Executor::execute(&mut conn, format!("CREATE DATABASE {name}").as_str())
        .await
        .unwrap();
    let base = admin.rsplit_once('/').map(|(b, _)| b).unwrap_or(admin);
    format!("{base}/{name}")
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        let dir = tempdir("app");
        let db = database_url(&dir).await;
        Self::spawn_on(dir, db).await
    }

    pub async fn spawn_on(dir: PathBuf, db: String) -> TestApp {
        Self::spawn_with(dir, db, |_| {}).await
    }

    /// The service with some options changed.
    pub async fn spawn_with(dir: PathBuf, db: String, edit: impl FnOnce(&mut Options)) -> TestApp {
        let mut opts = options(&dir, &db);
        edit(&mut opts);
        let running = app::start(opts).await.expect("the service starts");
        let base = format!("http://{}", running.addr);
        let client = reqwest::Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        TestApp {
            running: Some(running),
            base,
            dir,
            db,
            client,
        }
    }

    pub async fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop().await;
        }
    }

    pub fn url(&self, path: &str) -> String {
        if path.starts_with("http") {
            path.to_string()
        } else {
            format!("{}{path}", self.base)
        }
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    pub async fn get_text(&self, path: &str) -> (u16, String) {
        let r = self.get(path).await;
        (r.status().as_u16(), r.text().await.unwrap())
    }

    pub async fn get_json(&self, path: &str) -> Value {
        let r = self.get(path).await;
        assert!(r.status().is_success(), "GET {path}: {}", r.status());
        r.json().await.unwrap()
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let r = self
            .client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
    }

    /// Creates a game through the API: its id, the players' link paths (from their welcome
    /// mails: the answer carries none) and the GM's link path.
    /// A body that gives a seed or a deal is the operator's: it goes where `polysleuth game
    /// new` sends it (`Master::create_by_operator`), since the API refuses both.
    pub async fn create_game(&self, body: &Value) -> (i64, Vec<String>, String) {
        let (status, created) = self.post_game(body).await;
        assert_eq!(status, 201, "{created}");
        let links = self.player_links(&created).await;
        (
            created["id"].as_i64().unwrap(),
            links,
            path_of(created["gm_link"].as_str().unwrap()),
        )
    }

    /// Creates a game as the operator's command line does, with its seed or deal: the answer
    /// `polysleuth game new` prints.
    pub async fn create_as_operator(&self, body: &Value) -> Value {
        let (status, created) = self.post_game(body).await;
        assert_eq!(
            status, 201,
            "the operator's game was not created: {created}"
        );
        created
    }

    /// Makes a game: through `POST /api/games`, or, when the body gives a seed or a deal
    /// (which the API refuses), through the operator's door (`Master::create_by_operator`,
    /// what `polysleuth game new` calls), answered as the API answers.
    pub async fn post_game(&self, body: &Value) -> (u16, Value) {
        if body.get("seed").is_none() && body.get("deal").is_none() {
            return self.post_json("/api/games", body).await;
        }
        let body: polysleuth::master::body::NewGameBody =
            serde_json::from_value(body.clone()).expect("a game body");
        let master = &self.running.as_ref().expect("the service runs").master;
        match master.create_by_operator(body).await {
            Ok(created) => (201, serde_json::to_value(created).unwrap()),
            Err(e) => {
                let status = polysleuth::web::error::status(&e).as_u16();
                let mut answer = json!({"error": e.to_string()});
                if let polysleuth::master::MasterError::Invalid(list) = &e {
                    let list: Vec<String> = list.iter().map(|p| p.to_string()).collect();
                    answer["problems"] = json!(list);
                }
                (status, answer)
            }
        }
    }

    /// The link paths of a created game's players, in seat order, from the welcome mails
    /// each of them alone received.
    pub async fn player_links(&self, created: &Value) -> Vec<String> {
        let start = Instant::now();
        loop {
            if let Some(links) = links_in_mails(&self.mails(), created) {
                return links;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "the welcome mails of game {} did not arrive",
                created["id"]
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Submits a turn as text through the API.
    pub async fn turn(&self, link: &str, text: &str) -> (u16, Value) {
        let path = link.replacen("/play/", "/api/play/", 1) + "/turn";
        let r = self
            .client
            .post(self.url(&path))
            .header("content-type", "text/plain")
            .body(text.to_string())
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json().await.unwrap())
    }

    pub async fn private_view(&self, link: &str) -> Value {
        self.get_json(&link.replacen("/play/", "/api/play/", 1))
            .await
    }

    /// Waits until the game's open round is past `round` (or the game is over).
    pub async fn wait_for_round(&self, game: i64, round: i64) -> Value {
        let start = Instant::now();
        loop {
            let g = self.get_json(&format!("/api/games/{game}")).await;
            if g["round"].as_i64().unwrap() > round || g["status"] == "over" {
                return g;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "round {round} of game {game} was not resolved: {g}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Whether nothing was mailed: the outbox is drained first, so that a mail queued and not
    /// yet written counts.
    pub async fn nothing_mailed(&self) -> bool {
        mail::settle(self).await;
        self.mails().is_empty()
    }

    /// The .eml files the outbox has written so far.
    pub fn mails(&self) -> Vec<String> {
        let mut files: Vec<_> = std::fs::read_dir(self.dir.join("outbox"))
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "eml"))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect()
    }
}

/// The four-player scenario deal of the shared scenarios, as a deal object.
pub fn scenario() -> Value {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/scenarios/four-players.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("the shared scenario is readable"))
        .unwrap()
}

pub fn game_body(players: &[&str], deal: Option<&Value>, extra: Value) -> Value {
    let mut body = json!({
        "name": "Test game",
        "gm_email": "gm@example.org",
        "players": players.iter().map(|p| format!("{p} <{}@example.org>", p.to_lowercase())).collect::<Vec<_>>(),
        "seed": 1,
        "grace_minutes": 0,
    });
    if let Some(d) = deal {
        body["deal"] = d.clone();
    }
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

/// A game body as anyone may send it to the API: `game_body` without its seed, so that the
/// service draws the deal.
pub fn api_body(players: &[&str], extra: Value) -> Value {
    let mut body = game_body(players, None, extra);
    if let Some(fields) = body.as_object_mut() {
        fields.remove("seed");
    }
    body
}

/// The players' link paths of a created game (the API's answer), in seat order, read from
/// their welcome mails; None until every one has arrived.
pub fn links_in_mails(mails: &[String], created: &Value) -> Option<Vec<String>> {
    let id = created["id"].as_i64().unwrap();
    // A game's welcome, in English or in French.
    let subjects = [
        format!("[Polysleuth game {id}] welcome to "),
        format!("[Polysleuth partie {id}] bienvenue dans "),
        format!("[Sleuth game {id}] welcome to "),
        format!("[Sleuth partie {id}] bienvenue dans "),
        format!("[Clue game {id}] welcome to "),
        format!("[Clue partie {id}] bienvenue dans "),
        format!("[Sherlock game {id}] welcome to "),
        format!("[Sherlock partie {id}] bienvenue dans "),
    ];
    let mut found = std::collections::HashMap::new();
    for mail in mails {
        // The subject and the text as a mail reader shows them (a name with accents makes
        // the body quoted-printable).
        let Some(parsed) = mail_parser::MessageParser::default().parse(mail.as_bytes()) else {
            continue;
        };
        let subject = parsed.subject().unwrap_or_default();
        if !subjects.iter().any(|s| subject.contains(s.as_str())) {
            continue;
        }
        let mail = parsed.body_text(0).unwrap_or_default().replace('\r', "");
        let name = mail.lines().find_map(|l| {
            l.strip_prefix("Hello ")
                .or_else(|| l.strip_prefix("Bonjour "))?
                .strip_suffix(',')
        });
        let link = mail
            .lines()
            .skip_while(|l| {
                !l.starts_with("Your private page") && !l.starts_with("Votre page priv")
            })
            .nth(1)
            .map(|l| path_of(l.trim()));
        if let (Some(name), Some(link)) = (name, link) {
            found.insert(name.to_string(), link);
        }
    }
    created["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| found.get(p["name"].as_str().unwrap()).cloned())
        .collect()
}

/// Every message a real SMTP server (`smtp_sink`) has received so far.
pub fn maildir_mails(maildir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for sub in ["new", "cur"] {
        if let Ok(entries) = std::fs::read_dir(maildir.join(sub)) {
            for e in entries.flatten() {
                if let Ok(text) = std::fs::read_to_string(e.path()) {
                    out.push(text);
                }
            }
        }
    }
    out
}

/// Three players, as the new-game form's fields name them.
pub const THREE_PLAYERS: [(&str, &str); 6] = [
    ("player1_name", "Ann"),
    ("player1_email", "ann@example.org"),
    ("player2_name", "Ben"),
    ("player2_email", "ben@example.org"),
    ("player3_name", "Cleo"),
    ("player3_email", "cleo@example.org"),
];

/// The CSRF token of a page's forms: `<input type="hidden" name="csrf" value="…">`.
pub fn csrf(page: &str) -> String {
    let at = page
        .find("name=\"csrf\" value=\"")
        .expect("a form with its token")
        + 19;
    page[at..].split('"').next().unwrap().to_string()
}

pub fn path_of(link: &str) -> String {
    let i = ["/play/", "/gm/", "/join/"]
        .iter()
        .find_map(|p| link.find(p))
        .unwrap();
    link[i..].to_string()
}

pub struct SmtpSink {
    pub child: Child,
    pub port: u16,
    pub maildir: PathBuf,
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A real SMTP server (aiosmtpd) that keeps every message in a Maildir.
pub fn smtp_sink(dir: &Path) -> SmtpSink {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let maildir = dir.join("maildir");
    let python = if Path::new("/usr/bin/python3").exists() {
        "/usr/bin/python3"
    } else {
        "python3"
    };
    let child = Command::new(python)
        .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}"), "-c", "aiosmtpd.handlers.Mailbox"])
        .arg(&maildir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3 with aiosmtpd (Debian: python3-aiosmtpd) must be installed; .ci/run installs it");
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "aiosmtpd did not start (is python3-aiosmtpd installed?)"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    SmtpSink {
        child,
        port,
        maildir,
    }
}

/// Runs a command of the binary beside the test's runtime: the service a test runs in that
/// runtime goes on meanwhile (a runtime blocked on a child would hold whatever write the
/// service had begun, and the database with it).
#[allow(async_fn_in_trait)]
pub trait RunAside {
    async fn output_aside(&mut self) -> std::process::Output;
}

impl RunAside for std::process::Command {
    async fn output_aside(&mut self) -> std::process::Output {
        use std::process::Stdio;
        let child = self
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the command starts");
        tokio::task::spawn_blocking(move || child.wait_with_output().unwrap())
            .await
            .unwrap()
    }
}
