//! The deadline storm: N games whose rounds are all due at the same moment. Measures the time
//! until every round is resolved and all its mail is queued (resolution stores both in one
//! transaction), on SQLite with one instance and, when `STORM_POSTGRES_URL` names a cluster,
//! on PostgreSQL with two instances sharing the database.
//!
//!   cargo bench --bench deadline_storm                      # 10,000 games on SQLite
//!   STORM_GAMES=2000 STORM_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres \
//!     cargo bench --bench deadline_storm                    # and on PostgreSQL
//!
//! Each game has four players, one of whom sent a turn with two questions; the games are
//! copies of one (`Store::copy_game`), so setting up 100,000 takes seconds.

use std::time::Instant;

use polysleuth::master::{GameRequest, Master};
use polysleuth::store::Store;

async fn setup(db: &str, games: usize) -> Master {
    let store = polysleuth::app::connect(db).await.unwrap();
    let master = polysleuth::app::master(
        store,
        "http://127.0.0.1:8080",
        "Polysleuth <gm@polysleuth.test>",
        polysleuth::app::WEB_CONFIRM_AFTER,
    )
    .await
    .unwrap();
    let t = Instant::now();
    // One game with one turn in, copied: the copies are written a few statements at a time.
    let created = master
        .create_game(GameRequest {
            listed: false,
            ..GameRequest::sample("storm", ["Ann", "Ben", "Cleo", "Dan"], Some(1))
        })
        .await
        .unwrap();
    let token = created.players[0]
        .link
        .rsplit('/')
        .next()
        .unwrap()
        .to_string();
    master
        .submit_turn(
            &token,
            "1 (3): Ben has how many Reds?\n2 (2): Cleo has how many Green Pearls?",
        )
        .await
        .unwrap();
    let mut left = games as i64 - 1;
    while left > 0 {
        let n = left.min(10_000);
        master.store.copy_game(created.id, n).await.unwrap();
        left -= n;
    }
    eprintln!("  set up {games} games in {:.1?}", t.elapsed());
    master
}

async fn storm(label: &str, db: &str, games: usize, instances: usize) {
    let master = setup(db, games).await;
    let now = polysleuth::clock::now();
    master.store.set_every_deadline(now).await.unwrap();
    let start = Instant::now();
    let mut runs = Vec::new();
    for _ in 0..instances {
        // Each instance has its own connection pool and its own writer, as `serve` would.
        let store = Store::connect(db).await.unwrap();
        let (m, task) = polysleuth::app::serving_master(
            store,
            "http://127.0.0.1:8080",
            "Polysleuth <gm@polysleuth.test>",
            polysleuth::app::WEB_CONFIRM_AFTER,
        )
        .await
        .unwrap();
        runs.push(tokio::spawn(async move {
            loop {
                let n = m.resolve_due().await.unwrap();
                if n == 0 {
                    break;
                }
            }
            task.abort();
        }));
    }
    // Each instance works until no round is due any more.
    for r in runs {
        r.await.unwrap();
    }
    let took = start.elapsed();
    let stats = master.store.stats().await.unwrap();
    assert_eq!(stats.bulletins as usize, games, "every round resolved once");
    println!(
        "{label}: {games} rounds resolved and {} mails queued in {:.2} s ({:.0} rounds/s)",
        stats.unsent,
        took.as_secs_f64(),
        games as f64 / took.as_secs_f64()
    );
}

fn main() {
    let games: usize = std::env::var("STORM_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let dir = std::env::temp_dir().join(format!("polysleuth-storm-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("storm.db").display().to_string();
        storm("SQLite, 1 instance", &db, games, 1).await;
        let _ = std::fs::remove_dir_all(&dir);
        if let Some(admin) = std::env::var("STORM_POSTGRES_URL")
            .ok()
            .filter(|u| !u.is_empty())
        {
            use sqlx::Connection;
            let name = format!("storm_{}", std::process::id());
            let mut conn = sqlx::postgres::PgConnection::connect(&admin).await.unwrap();
            sqlx::Executor::execute(&mut conn, format!("CREATE DATABASE {name}").as_str())
                .await
                .unwrap();
            let base = admin.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin);
            storm(
                "PostgreSQL, 2 instances",
                &format!("{base}/{name}"),
                games,
                2,
            )
            .await;
            let _ = sqlx::Executor::execute(
                &mut conn,
                format!("DROP DATABASE {name} WITH (FORCE)").as_str(),
            )
            .await;
        }
    });
}
