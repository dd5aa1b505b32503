//! Costs that grow in a straight line: the time of each everyday operation at growing sizes
//! of the database, on SQLite. Goal: from the smallest database to the largest, no operation
//! slows by more than 1.5×. The last column runs games that have played 30 rounds: what a
//! page shows grows with the game's own rounds, and the table says by how much.
//!
//!   cargo bench --bench scale                 # the four sizes below
//!   SCALE_QUICK=1 cargo bench --bench scale   # the first two only
//!
//! Each size is a fresh database of copies of one four-player game (`Store::copy_game`),
//! delivered mail in the outbox, and the given number of rounds already played. The times are
//! medians over many runs of one operation on games picked across the database.

use std::time::{Duration, Instant};

use polysleuth::master::{GameRequest, Master};
use polysleuth::model::{ClosedBy, Resolution, Via};

struct Size {
    games: i64,
    mails: i64,
    rounds: i64,
}

const SIZES: [Size; 4] = [
    Size {
        games: 1_000,
        mails: 0,
        rounds: 1,
    },
    Size {
        games: 10_000,
        mails: 100_000,
        rounds: 1,
    },
    Size {
        games: 100_000,
        mails: 1_000_000,
        rounds: 1,
    },
    Size {
        games: 1_000,
        mails: 0,
        rounds: 30,
    },
];

const OPERATIONS: [&str; 5] = [
    "submit a turn (web, group-committed)",
    "open a player's private page (its view)",
    "resolve a round",
    "claim and mark sent a batch of 50 mails",
    "ingest a turn by mail",
];

/// Median time of each operation at one size, in microseconds.
async fn measure(size: &Size, dir: &std::path::Path) -> Vec<f64> {
    let db = dir.join(format!("scale-{}-{}.db", size.games, size.rounds));
    let store = polysleuth::app::connect(db.to_str().unwrap())
        .await
        .unwrap();
    let (master, task) = polysleuth::app::serving_master(
        store.clone(),
        "http://127.0.0.1:8080",
        "GM <gm@scale.test>",
        Duration::from_secs(60),
    )
    .await
    .unwrap();
    let writer = master.writer.clone();
    let t = Instant::now();
    let created = master
        .create_game(GameRequest {
            listed: false,
            rules: Some(
                serde_json::to_value(polysleuth::games::polysleuth::rules::Settings {
                    max_rounds: Some(100),
                    idle_rounds: Some(100),
                    ..Default::default()
                })
                .unwrap(),
            ),
            ..GameRequest::sample("scale", ["Ann", "Ben", "Cleo", "Dan"], Some(5))
        })
        .await
        .unwrap();
    let key = created.players[0]
        .link
        .rsplit('-')
        .next()
        .unwrap()
        .to_string();
    for _ in 1..size.rounds {
        master
            .close_round(
                created.id,
                master.public_game(created.id).await.unwrap().round,
                ClosedBy::GameMaster,
                Resolution::Continue,
            )
            .await
            .unwrap();
    }
    let mut games = vec![created.id];
    let mut left = size.games - 1;
    while left > 0 {
        let n = left.min(20_000);
        games.extend(store.copy_game(created.id, n).await.unwrap());
        left -= n;
    }
    let mut left = size.mails;
    while left > 0 {
        let n = left.min(100_000);
        store
            .fill_sent_mail(created.id, n, polysleuth::clock::now())
            .await
            .unwrap();
        left -= n;
    }
    store.settle().await.unwrap();
    eprintln!(
        "  {} games, {} mails, {} rounds: set up in {:.1?}",
        size.games,
        size.mails,
        size.rounds,
        t.elapsed()
    );
    // Games spread over the database, each used once per operation.
    let pick = |k: usize| games[(k * 7919) % games.len()];
    let runs = 400;
    let mut out = Vec::new();

    // Submitting a turn through the writer, as the web door does.
    let mut times = Vec::new();
    for k in 0..runs {
        let player = store_player(&master, pick(k)).await;
        let t = Instant::now();
        master
            .writer
            .submit(&player, "1 (2): Ben has how many Reds?", Via::Web, None)
            .await
            .unwrap();
        times.push(t.elapsed());
    }
    out.push(median(times));

    // A player's private page: the seat by its key, then the view the page draws (each
    // player's page drawn for the first time: nothing of it is kept yet).
    let mut times = Vec::new();
    let cache = polysleuth::games::polysleuth::web::play_view::PageCache::default();
    for k in 0..runs {
        let player = store_player(&master, pick(k + runs)).await;
        let token = format!("{}-{key}", player.id);
        let t = Instant::now();
        let page = master.seat_page(&token).await.unwrap();
        polysleuth::games::polysleuth::web::play_view::play_view(
            &master,
            &cache,
            page,
            polysleuth::lang::Lang::En,
        )
        .await
        .unwrap();
        times.push(t.elapsed());
    }
    out.push(median(times));

    // Resolving a round, with its bulletin, reports and mail. Closed as the game master's
    // "resolve now" closes it: the scheduler's closing needs the deadline passed, and these
    // rounds have a day to run.
    let mut times = Vec::new();
    for k in 0..runs {
        let game = master.public_game(pick(k + 2 * runs)).await.unwrap();
        let t = Instant::now();
        let closed = master
            .close_round(
                game.id,
                game.round,
                ClosedBy::GameMaster,
                Resolution::Continue,
            )
            .await
            .unwrap();
        times.push(t.elapsed());
        assert!(closed);
    }
    out.push(median(times));

    // Claiming and marking mail: the resolutions above queued plenty.
    let mut times = Vec::new();
    for _ in 0..100 {
        let t = Instant::now();
        let rows = writer.claim_mail(60, 50).await.unwrap();
        writer
            .mails_sent(rows.iter().map(|r| r.id).collect())
            .await
            .unwrap();
        times.push(t.elapsed());
        assert!(!rows.is_empty());
    }
    out.push(median(times));

    // A turn by mail: parsed, authenticated by its reply address, stored and answered.
    let mut times = Vec::new();
    for k in 0..runs {
        let player = store_player(&master, pick(k + 3 * runs)).await;
        let to = master.site.reply_address(player.id, player.key_version);
        let raw = format!(
            "From: Ann <ann@example.org>\r\nTo: {to}\r\nSubject: Re: turn\r\nMessage-ID: <scale-{k}-{}@example.org>\r\n\r\n1 (3): Ben has how many Reds?\r\n",
            size.games
        );
        let t = Instant::now();
        polysleuth::mail::door::ingest(&master, raw.as_bytes())
            .await
            .unwrap();
        times.push(t.elapsed());
    }
    out.push(median(times));
    task.abort();
    out
}

async fn store_player(master: &Master, game: i64) -> polysleuth::store::PlayerRow {
    master
        .store
        .players(&master.store.pool, game)
        .await
        .unwrap()
        .remove(0)
}

fn median(mut times: Vec<Duration>) -> f64 {
    times.sort();
    times[times.len() / 2].as_secs_f64() * 1e6
}

fn main() {
    let quick = std::env::var("SCALE_QUICK").is_ok();
    let sizes: Vec<&Size> = SIZES.iter().take(if quick { 2 } else { 4 }).collect();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = std::env::temp_dir().join(format!("polysleuth-scale-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut table = Vec::new();
    for size in &sizes {
        table.push(rt.block_on(measure(size, &dir)));
    }
    let _ = std::fs::remove_dir_all(&dir);
    let mut head = String::from("| operation (median, µs) |");
    let mut rule = String::from("|---|");
    for s in &sizes {
        head.push_str(&format!(
            " {}k games, {}k mails, {} round{} |",
            s.games / 1000,
            s.mails / 1000,
            s.rounds,
            if s.rounds == 1 { "" } else { "s" }
        ));
        rule.push_str("---|");
    }
    // Growth with the database (its largest against its smallest size), and with the rounds
    // a game has played (30 against 1), each against the first column.
    let growth = |row: &[f64], at: usize| row.get(at).map(|v| format!(" {:.2}× |", v / row[0]));
    if sizes.len() == 4 {
        println!("{head} 100k / 1k games | 30 / 1 rounds |\n{rule}---|---|");
    } else {
        println!("{head} 10k / 1k games |\n{rule}---|");
    }
    for (i, op) in OPERATIONS.iter().enumerate() {
        let row: Vec<f64> = table.iter().map(|t| t[i]).collect();
        let cells: String = row.iter().map(|v| format!(" {v:.0} |")).collect();
        let ratios: String = match sizes.len() {
            4 => growth(&row, 2).unwrap_or_default() + &growth(&row, 3).unwrap_or_default(),
            _ => growth(&row, 1).unwrap_or_default(),
        };
        println!("| {op} |{cells}{ratios}");
    }
}
