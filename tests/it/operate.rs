//! Running it for real: moving a service's database whole (`db copy`), backups of a running
//! service and restoring them, `db status`, and upgrades from every earlier schema — through
//! the command line, on the backend of the run (SQLite, or PostgreSQL in the postgres run).

use crate::common;
use crate::common::RunAside;

use std::process::Command;

use common::mail::{post_inbound, settle, start};
use common::TestApp;
use serde_json::Value;

async fn cli(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args(args)
        .output_aside()
        .await;
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// The pages a move must keep: the public page, every player's private view, the GM's view.
async fn pages(app: &TestApp, game: i64, players: &[String], gm: &str) -> Vec<String> {
    // The form token is each visitor's own (a cookie of this test's fresh client).
    let page = app.get_text(&format!("/games/{game}")).await.1;
    let mut page = page;
    while let Some((head, tail)) = page.split_once("name=\"csrf\" value=\"") {
        page = format!("{head}{}", &tail[32..]);
    }
    let mut out = vec![page];
    for link in players {
        let mut view = app.private_view(link).await;
        // The sheet is worked out in the background, whenever a service gets to it.
        let view = view.as_object_mut().unwrap();
        view.remove("sheet");
        view.remove("sheet_pending");
        out.push(serde_json::to_string(view).unwrap());
    }
    out.push(app.get_json(&format!("/api/gm/{gm}")).await.to_string());
    // Links name the service's address, which a test's service picks anew.
    out.iter().map(|p| p.replace(&app.base, "BASE")).collect()
}

/// From SQLite to the run's database (PostgreSQL in the postgres run), and back to SQLite.
#[tokio::test]
async fn a_copied_database_keeps_every_page_link_and_reply_address_and_the_game_goes_on() {
    let dir = common::tempdir("copy-source");
    let sqlite = dir.join("source.db").display().to_string();
    let mut app = TestApp::spawn_on(dir, sqlite).await;
    let g = start(&app).await;
    let game: i64 = app.private_view(&g.ann).await["game"]["id"]
        .as_i64()
        .unwrap();
    // Half a game: a turn by mail, a round closed by the game master.
    let raw = format!(
        "From: ann@example.org\r\nTo: {}\r\nSubject: t\r\n\r\n1: Ben has 2 Blue Opal\r\n",
        g.reply
    );
    assert_eq!(post_inbound(&app, raw).await["outcome"], "handled");
    let (st, _) = app
        .post_json(
            &format!("/api/gm/{}/actions", g.gm),
            &serde_json::json!({"action": "resolve"}),
        )
        .await;
    assert_eq!(st, 200);
    settle(&app).await;
    let players = vec![g.ann.clone()];
    let before = pages(&app, game, &players, &g.gm).await;
    let source = app.db.clone();
    app.stop().await;

    let dir = common::tempdir("copy-target");
    let target = common::database_url(&dir).await;
    let (ok, out, err) = cli(&["db", "copy", "--from", &source, "--to", &target]).await;
    assert!(ok, "{err}");
    let copied: Vec<Value> = serde_json::from_str(&out).unwrap();
    let rows = |t: &str| {
        copied.iter().find(|c| c["table"] == t).unwrap()["rows"]
            .as_i64()
            .unwrap()
    };
    assert_eq!(rows("games"), 1);
    assert_eq!(rows("players"), 4);
    assert!(rows("outbox") > 0 && rows("inbound") == 1 && rows("secrets") >= 1);

    // Into a database that holds anything: refused, and nothing written.
    let (ok, _, err) = cli(&["db", "copy", "--from", &source, "--to", &target]).await;
    assert!(!ok && err.contains("not empty"), "{err}");

    // The service on the copy: the same pages, the same links, the same reply address.
    let mut moved = TestApp::spawn_on(dir, target).await;
    let after = pages(&moved, game, &players, &g.gm).await;
    assert_eq!(before, after);
    let raw = format!(
        "From: ann@example.org\r\nTo: {}\r\nSubject: t\r\nMessage-ID: <after-copy@example.org>\r\n\r\n1: Cleo has 1 Green Pearl\r\n",
        g.reply
    );
    assert_eq!(post_inbound(&moved, raw).await["outcome"], "handled");
    let view = moved.private_view(&g.ann).await;
    assert_eq!(view["turn"]["text"], "1: Cleo has 1 Green Pearl", "{view}");
    let (st, _) = moved
        .post_json(
            &format!("/api/gm/{}/actions", g.gm),
            &serde_json::json!({"action": "resolve"}),
        )
        .await;
    assert_eq!(st, 200, "the game master's link works on the copy");
    assert_eq!(
        moved.get_json(&format!("/api/games/{game}")).await["round"],
        3
    );
    let finished = pages(&moved, game, &players, &g.gm).await;
    let back_from = moved.db.clone();
    moved.stop().await;

    // And back, into a new SQLite file: the same pages again.
    let dir = common::tempdir("copy-back");
    let back = dir.join("back.db").display().to_string();
    let (ok, _, err) = cli(&["db", "copy", "--from", &back_from, "--to", &back]).await;
    assert!(ok, "{err}");
    let mut again = TestApp::spawn_on(dir, back).await;
    assert_eq!(finished, pages(&again, game, &players, &g.gm).await);
    again.stop().await;
}

#[tokio::test]
async fn a_backup_taken_while_the_service_runs_restores_with_every_acknowledged_turn() {
    let mut app = TestApp::spawn().await;
    if !app.db.ends_with(".db") {
        // PostgreSQL is backed up with pg_dump (docs/src/operators/backups.md); `db backup` says so.
        let (ok, _, err) = cli(&["db", "backup", "--database-url", &app.db, "--to", "x.db"]).await;
        assert!(!ok && err.contains("pg_dump"), "{err}");
        app.stop().await;
        return;
    }
    let g = start(&app).await;
    // Turns acknowledged before the backup begins; more go on while it runs.
    for k in 0..20 {
        let (st, _) = app
            .turn(&g.ann, &format!("1 ({k}): Ben has how many Reds?"))
            .await;
        assert_eq!(st, 200);
    }
    let file = app.dir.join("backup.db");
    let (file_s, db) = (file.display().to_string(), app.db.clone());
    let backup = tokio::spawn(async move {
        cli(&["db", "backup", "--database-url", &db, "--to", &file_s]).await
    });
    for k in 20..40 {
        app.turn(&g.ann, &format!("1 ({k}): Ben has how many Reds?"))
            .await;
    }
    let (ok, _, err) = backup.await.unwrap();
    assert!(ok, "{err}");
    let (ok, _, err) = cli(&[
        "db",
        "backup",
        "--database-url",
        &app.db,
        "--to",
        &file.display().to_string(),
    ])
    .await;
    assert!(!ok && err.contains("exists already"), "{err}");

    let restored = app.dir.join("restored.db").display().to_string();
    let (ok, out, err) = cli(&[
        "db",
        "restore",
        "--from",
        &file.display().to_string(),
        "--to",
        &restored,
    ])
    .await;
    assert!(ok, "{err}");
    assert!(out.contains("\"turns\""), "{out}");
    let store = polysleuth::store::Store::connect(&restored).await.unwrap();
    let players = store.players(&store.pool, 1).await.unwrap();
    let turn = store
        .turn(&store.pool, 1, 1, players[0].seat)
        .await
        .unwrap()
        .unwrap();
    assert!(
        turn.revision >= 20,
        "every turn acknowledged before the backup: {}",
        turn.revision
    );

    // Not a backup: said plainly, nothing written.
    let junk = app.dir.join("junk.db");
    std::fs::write(&junk, "hello").unwrap();
    let other = app.dir.join("other.db").display().to_string();
    let (ok, _, err) = cli(&[
        "db",
        "restore",
        "--from",
        &junk.display().to_string(),
        "--to",
        &other,
    ])
    .await;
    assert!(!ok && err.contains("not a backup"), "{err}");
    app.stop().await;
}

#[tokio::test]
async fn status_names_the_schema_and_a_newer_database_is_refused_untouched() {
    let dir = common::tempdir("status");
    let db = common::database_url(&dir).await;
    let store = polysleuth::store::Store::connect(&db).await.unwrap();
    let latest = store.latest_version();
    let (ok, out, err) = cli(&["db", "status", "--database-url", &db]).await;
    assert!(ok, "{err}");
    let status: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(status["schema_version"], latest);
    assert_eq!(status["state"], "current");
    assert_eq!(status["tables"]["games"], 0);
    // A migration this build does not know, as a newer polysleuth would have left it.
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (9999, 'from the future', TRUE, $1, 0)",
    )
    .bind(vec![0u8; 48])
    .execute(&store.pool)
    .await
    .unwrap();
    let err = match polysleuth::store::Store::connect(&db).await {
        Ok(_) => panic!("a newer database was opened"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("newer than this polysleuth knows"), "{err}");
    let (ok, _, err) = cli(&["serve", "--database-url", &db, "--listen", "127.0.0.1:0"]).await;
    assert!(!ok && err.contains("schema version 9999"), "{err}");
}

#[tokio::test]
async fn a_database_filled_at_every_earlier_schema_migrates_to_the_newest_and_reads() {
    let state = serde_json::to_string(
        &polysleuth::games::polysleuth::rules::Game::new(
            ["Ann", "Ben", "Cleo"].map(String::from).to_vec(),
            Default::default(),
            7,
            None,
        )
        .unwrap(),
    )
    .unwrap();
    let probe = polysleuth::store::Store::connect(
        &common::database_url(&common::tempdir("upgrade-probe")).await,
    )
    .await
    .unwrap();
    for version in 1..probe.latest_version() {
        let dir = common::tempdir("upgrade");
        let db = common::database_url(&dir).await;
        let store = polysleuth::store::Store::open(&db).await.unwrap();
        store.migrate_to(version).await.unwrap();
        assert_eq!(store.schema_version().await.unwrap(), version);
        // Rows as the first schema wrote them: every later one must keep them readable.
        for sql in [
            "INSERT INTO games (name, listed, status, round, state, salt, commitment, gm_email, gm_key_hash, round_seconds, grace_seconds, time_zone, deadline, created_at) \
             VALUES ('Old', 1, 'open', 2, $1, 'salt', 'c', 'gm@example.org', 'h', 3600, 60, 'UTC', 4000000000, 1)",
            "INSERT INTO players (game_id, seat, name, email, key_hash) VALUES (1, 0, 'Ann', 'ann@example.org', 'k0'), (1, 1, 'Ben', 'ben@example.org', 'k1'), (1, 2, 'Cleo', 'cleo@example.org', 'k2')",
            "INSERT INTO turns (game_id, round, seat, text, ready, revision, updated_at) VALUES (1, 2, 0, '1: Ben has 2 Red Opal', 0, 1, 1)",
            "INSERT INTO bulletins (game_id, round, body, created_at) VALUES (1, 1, '{}', 1)",
            "INSERT INTO outbox (game_id, recipient, subject, body, created_at, next_attempt_at) VALUES (1, 'ann@example.org', 's', 'b', 1, 1)",
        ] {
            let mut q = sqlx::query(sql);
            if sql.contains("$1") {
                q = q.bind(&state);
            }
            q.execute(&store.pool)
                .await
                .unwrap_or_else(|e| panic!("at version {version}: {e}"));
        }
        let store = polysleuth::store::Store::connect(&db)
            .await
            .unwrap_or_else(|e| panic!("from version {version}: {e}"));
        assert_eq!(
            store.schema_version().await.unwrap(),
            store.latest_version()
        );
        let game = store.game(&store.pool, 1).await.unwrap().unwrap();
        assert_eq!((game.name.as_str(), game.round), ("Old", 2));
        assert!(polysleuth::games::polysleuth::service::states::parse(&game).is_ok());
        assert_eq!(store.players(&store.pool, 1).await.unwrap().len(), 3);
        let turn = store.turn(&store.pool, 1, 2, 0).await.unwrap().unwrap();
        assert_eq!(turn.text, "1: Ben has 2 Red Opal");
        assert_eq!(
            store.stats().await.unwrap().unsent,
            1,
            "from version {version}"
        );
    }
}

#[tokio::test]
async fn log_lines_can_be_json_for_a_collector() {
    use std::io::BufRead;
    let dir = common::tempdir("json-logs");
    let db = common::database_url(&dir).await;
    let mut child = Command::new(env!("CARGO_BIN_EXE_polysleuth"))
        .args(["serve", "--log-format", "json", "--database-url", &db])
        .args(["--listen", "127.0.0.1:0", "--outbox"])
        .arg(dir.join("outbox"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let line = tokio::task::spawn_blocking(move || {
        std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
            .find(|l| l.contains("listening"))
    })
    .await
    .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let line = line.expect("the service says it listens");
    let entry: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
    assert_eq!(entry["level"], "INFO", "{entry}");
    assert_eq!(
        entry["fields"]["message"], "polysleuth is listening",
        "{entry}"
    );
}

/// PostgreSQL is backed up with its own tools (docs/src/operators/backups.md): a `pg_dump` of a service's database
/// restores with `pg_restore` into an empty one holding every row alike.
#[tokio::test]
async fn a_pg_dump_of_the_service_restores_every_row() {
    let Ok(admin) = std::env::var("POLYSLEUTH_TEST_POSTGRES_URL") else {
        // The SQLite run: `db backup` is SQLite's way, tested above.
        return;
    };
    if std::env::var("POLYSLEUTH_TEST_BACKEND").as_deref() != Ok("postgres") {
        return;
    }
    let mut app = TestApp::spawn().await;
    let g = start(&app).await;
    app.turn(&g.ann, "1: Ben has 2 Blue Opal").await;
    settle(&app).await;
    let source = app.db.clone();
    let dump = app.dir.join("service.dump");
    let run = |program: &'static str, args: Vec<String>| async move {
        let out = Command::new(program).args(&args).output_aside().await;
        assert!(
            out.status.success(),
            "{program}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let bin = |name: &str| {
        std::fs::read_dir("/usr/lib/postgresql")
            .ok()
            .and_then(|mut d| d.next())
            .and_then(|e| e.ok())
            .map(|e| e.path().join("bin").join(name).display().to_string())
            .unwrap_or_else(|| name.to_string())
    };
    let (pg_dump, pg_restore): (&'static str, &'static str) = (
        Box::leak(bin("pg_dump").into_boxed_str()),
        Box::leak(bin("pg_restore").into_boxed_str()),
    );
    run(
        pg_dump,
        vec![
            "-Fc".into(),
            "-f".into(),
            dump.display().to_string(),
            source.clone(),
        ],
    )
    .await;
    let target = common::postgres_database(&admin).await;
    run(
        pg_restore,
        vec![
            "--no-owner".into(),
            "-d".into(),
            target.clone(),
            dump.display().to_string(),
        ],
    )
    .await;
    let a = polysleuth::store::Store::open(&source).await.unwrap();
    let b = polysleuth::store::Store::open(&target).await.unwrap();
    let (before, after) = (a.digests().await.unwrap(), b.digests().await.unwrap());
    assert_eq!(before, after);
    assert!(before.iter().any(|t| t.table == "turns" && t.rows == 1));
    app.stop().await;
}

#[tokio::test]
async fn the_database_its_backups_and_the_outbox_are_readable_by_the_services_user_alone() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    let dir = common::tempdir("private-files");
    let db = dir.join("private.db");
    let db_s = db.display().to_string();
    // The operator's command line creates the database; the service then runs on it.
    let (ok, _, err) = cli(&[
        "game",
        "new",
        "--database-url",
        &db_s,
        "--gm-email",
        "gm@example.org",
        "--player",
        "Ann <ann@example.org>",
        "--player",
        "Ben <ben@example.org>",
        "--player",
        "Cleo <cleo@example.org>",
    ])
    .await;
    assert!(ok, "{err}");
    assert_eq!(mode(&db), 0o600, "the database");
    let mut app = TestApp::spawn_on(dir.clone(), db_s.clone()).await;
    common::mail::settle(&app).await;
    for sub in ["-wal", "-shm"] {
        let journal = dir.join(format!("private.db{sub}"));
        if journal.exists() {
            assert_eq!(mode(&journal), 0o600, "{}", journal.display());
        }
    }
    let mails: Vec<_> = std::fs::read_dir(dir.join("outbox"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(mails.len() >= 4, "the welcome mails were written");
    for mail in &mails {
        assert_eq!(mode(mail), 0o600, "{}", mail.display());
    }
    let backup = dir.join("backup.db");
    let backup_s = backup.display().to_string();
    let (ok, _, err) = cli(&["db", "backup", "--database-url", &db_s, "--to", &backup_s]).await;
    assert!(ok, "{err}");
    assert_eq!(mode(&backup), 0o600, "the backup");
    app.stop().await;
}

/// The command line writes its links to the running service: `game new` on the database a
/// service runs on, with no `--base-url`, links to that service's address; on a database no
/// service ever ran on, it says which address its links use and how to give the right one.
#[tokio::test]
async fn game_new_links_to_the_service_running_on_its_database_and_warns_when_it_cannot_know() {
    let dir = common::tempdir("base-url");
    let db = common::database_url(&dir).await;
    let mut app = TestApp::spawn_on(dir, db).await;
    let new_game = |db: &str| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_polysleuth"));
        c.env_remove("POLYSLEUTH_BASE_URL")
            .args([
                "game",
                "new",
                "--database-url",
                db,
                "--gm-email",
                "gm@example.org",
            ])
            .args([
                "--player",
                "Ann <ann@example.org>",
                "--player",
                "Ben <ben@example.org>",
            ])
            .args(["--player", "Cleo <cleo@example.org>"]);
        c
    };
    let out = new_game(&app.db).output_aside().await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let created: Value = serde_json::from_slice(&out.stdout).unwrap();
    let public = created["public_page"].as_str().unwrap();
    assert!(
        public.starts_with(&app.url("/games/")),
        "{public} is not on {}",
        app.url("/")
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("no base URL given"), "{err}");
    app.stop().await;

    let fresh = common::tempdir("base-url-fresh");
    let fresh_db = format!("sqlite://{}", fresh.join("fresh.db").display());
    let out = new_game(&fresh_db).output_aside().await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("links use http://127.0.0.1:8080") && err.contains("--base-url"),
        "{err}"
    );
}

#[tokio::test]
async fn the_command_line_refuses_settings_that_cannot_work_and_names_each() {
    let dir = common::tempdir("serve-refuses");
    let db = dir.join("games.db").display().to_string();
    let cases: [(&[&str], &str); 7] = [
        (
            &["--inbound-secret="],
            "the webhook would take mail from anyone",
        ),
        (&["--base-url", "games.example.org"], "is not a web address"),
        (
            &["--create-token", "a-long-enough-token-0"],
            "pass --create-games token",
        ),
        (&["--workers", "0"], "not a number of threads"),
        (&["--tick-ms", "0"], "--tick-ms"),
        (&["--imap-poll-seconds", "0"], "--imap-poll-seconds"),
        // Wrapped, a keeping time this long would have deleted every record at once.
        (
            &["--keep-inbound-records-days", "999999999999999"],
            "is not in 0..=36500",
        ),
    ];
    for (args, said) in cases {
        let mut all = vec!["serve", "--database-url", &db, "--listen", "127.0.0.1:0"];
        all.extend_from_slice(args);
        let (ok, _, err) = cli(&all).await;
        assert!(!ok, "{args:?} was taken");
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // An invitation to a game that does not form itself would be dropped: refused.
    let (ok, _, err) = cli(&[
        "game",
        "new",
        "--database-url",
        &db,
        "--name",
        "Invites",
        "--gm-email",
        "gm@example.org",
        "--player",
        "Ann <ann@example.org>",
        "--invite",
        "bob@example.org",
    ])
    .await;
    assert!(!ok && err.contains("--forming"), "{err}");
}
