//! Every statement of the store, read from its source, explained by SQLite on the real schema:
//! none may read a whole table that grows with the games, the mail or the rounds. A statement
//! that must (a count for `/metrics`, a tool for load tests) is named here with its reason.
//! PostgreSQL is not checked this way: its planner chooses sequential reads of small tables on
//! purpose, so a plan on a test database says nothing of one in service.

use std::collections::BTreeMap;

use super::games::GAME_COLUMNS;
use super::observers::OBSERVER_COLUMNS;
use super::Store;

/// The store's files, as compiled (all but `fill.rs`, which fills databases for benchmarks);
/// each game's own (`games/<ruleset>.rs`) are found beside `games/table.rs` (`sources`).
const SOURCES: [(&str, &str); 15] = [
    ("batch.rs", include_str!("batch.rs")),
    ("bulletins.rs", include_str!("bulletins.rs")),
    ("games/table.rs", include_str!("games/table.rs")),
    ("inbound.rs", include_str!("inbound.rs")),
    ("observers.rs", include_str!("observers.rs")),
    ("outbox.rs", include_str!("outbox.rs")),
    ("pages.rs", include_str!("pages.rs")),
    ("players.rs", include_str!("players.rs")),
    ("reader.rs", include_str!("reader.rs")),
    ("secrets.rs", include_str!("secrets.rs")),
    ("sheets.rs", include_str!("sheets.rs")),
    ("signups.rs", include_str!("signups.rs")),
    ("stats.rs", include_str!("stats.rs")),
    ("turns.rs", include_str!("turns.rs")),
    ("writes.rs", include_str!("writes.rs")),
];

/// The store's files: `SOURCES`, and every game's own file in `store/games/`.
fn sources() -> Vec<(String, String)> {
    let mut all: Vec<(String, String)> = SOURCES
        .iter()
        .map(|(n, s)| (n.to_string(), s.to_string()))
        .collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/store/games");
    for entry in std::fs::read_dir(&dir).expect("src/store/games") {
        let path = entry.expect("a file").path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        if name.ends_with(".rs") && name != "mod.rs" && name != "table.rs" {
            let text = std::fs::read_to_string(&path).expect("a game's store file");
            all.push((format!("games/{name}"), text));
        }
    }
    all
}

/// Tables whose rows grow with use.
const GROWING: [&str; 16] = [
    "games",
    "daily_answers",
    "daily_cases",
    "daily_plays",
    "players",
    "seating",
    "signups",
    "turns",
    "bulletins",
    "reports",
    "sheets",
    "outbox",
    "inbound",
    "observers",
    "bounces",
    "leases",
];

/// Statements allowed to read a whole table, by a piece of their text, and why.
const WHOLE_TABLE: [(&str, &str); 3] = [
    (
        "(SELECT COUNT(*) FROM games)",
        "the counts of `/metrics` and `db status` read every row by nature",
    ),
    (
        "UPDATE games SET deadline = $1 WHERE status = 'open'",
        "moves every open game's deadline: the load test's storm, never the service",
    ),
    (
        "SELECT id FROM outbox ORDER BY id",
        "lists every mail for tests of Message-IDs",
    ),
];

/// The SQL string literals of a source file: every literal that starts a statement.
fn statements(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    let bytes = source.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'"' {
            let start = i + 1;
            let mut j = start;
            while j < bytes.len() && bytes[j] != b'"' {
                if bytes[j] == b'\\' {
                    j += 1;
                }
                j += 1;
            }
            let text = &source[start..j.min(source.len())];
            let head = text.trim_start();
            if ["SELECT ", "UPDATE ", "DELETE ", "INSERT ", "WITH "]
                .iter()
                .any(|k| head.starts_with(k))
            {
                found.push(text.replace("\\\n", " ").replace("\\\"", "\""));
            }
            i = j + 1;
        } else {
            i += 1;
        }
    }
    found
}

/// The statement as it runs on SQLite: named pieces filled in, id lists as two ids, no lock
/// clause.
fn filled(sql: &str) -> Option<String> {
    let mut sql = sql
        .replace("{GAME_COLUMNS}", GAME_COLUMNS)
        .replace("{OBSERVER_COLUMNS}", OBSERVER_COLUMNS)
        .replace("{lock}", "")
        .replace("{CLAIM_MAIL}", "");
    if sql.contains("VALUES {}") {
        // A multi-row insert: written, never searched.
        return None;
    }
    // An id list written in, or else a lock clause (none on SQLite).
    sql = sql
        .replace("({})", "(1, 2)")
        .replace("{}", "")
        .replace('?', "$1");
    if sql.trim_end().ends_with(" IN") {
        sql.push_str(" (1, 2)");
    }
    (!sql.contains('{')).then_some(sql)
}

#[tokio::test]
async fn no_statement_reads_a_whole_growing_table() {
    let file = std::env::temp_dir().join(format!(
        "polysleuth-plans-{}-{}.db",
        std::process::id(),
        rand::random::<u32>()
    ));
    let store = Store::connect(file.to_str().unwrap()).await.unwrap();
    let mut checked = 0;
    let mut scans = BTreeMap::new();
    for (name, source) in sources() {
        let (name, source) = (name.as_str(), source.as_str());
        for sql in statements(source) {
            let Some(sql) = filled(&sql) else { continue };
            let plan: Vec<(i64, i64, i64, String)> =
                sqlx::query_as(&format!("EXPLAIN QUERY PLAN {sql}"))
                    .fetch_all(&store.pool)
                    .await
                    .unwrap_or_else(|e| panic!("{name}: {e}\n{sql}"));
            checked += 1;
            for (_, _, _, detail) in plan {
                let whole = GROWING.iter().any(|t| {
                    detail.starts_with(&format!("SCAN {t}"))
                        && !detail.contains("USING INDEX")
                        && !detail.contains("USING COVERING INDEX")
                        && !detail.contains("USING INTEGER PRIMARY KEY")
                });
                let allowed = WHOLE_TABLE.iter().any(|(piece, _)| sql.contains(piece));
                if whole && !allowed {
                    scans.insert(sql.clone(), format!("{name}: {detail}"));
                }
            }
        }
    }
    let _ = std::fs::remove_file(&file);
    assert!(
        checked > 50,
        "only {checked} statements found in the store's source"
    );
    assert!(
        scans.is_empty(),
        "statements that read a whole growing table:\n{}",
        scans
            .iter()
            .map(|(sql, why)| format!(
                "{why}\n  {}",
                sql.split_whitespace().collect::<Vec<_>>().join(" ")
            ))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_reader_finds_statements_and_fills_their_pieces() {
    let source =
        "let a = \"SELECT {GAME_COLUMNS} FROM games WHERE id IN ({})\"; let b = \"no sql\";";
    let found = statements(source);
    assert_eq!(found.len(), 1);
    let sql = filled(&found[0]).unwrap();
    assert!(
        sql.starts_with("SELECT id, name") && sql.ends_with("IN (1, 2)"),
        "{sql}"
    );
    assert_eq!(filled("INSERT INTO t (a) VALUES {}"), None);
}
