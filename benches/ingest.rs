//! Mail ingestion: raw messages parsed, authenticated, stored, and answered (a turn accepted
//! and its confirmation queued), on SQLite. Run: `cargo bench --bench ingest`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use polysleuth::master::GameRequest;

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    // The game master is dropped inside the runtime, as its pooled connection needs.
    let _inside = rt.enter();
    let dir = std::env::temp_dir().join(format!("polysleuth-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("bench.db").display().to_string();
    let (master, reply) = rt.block_on(async {
        let store = polysleuth::app::connect(&db).await.unwrap();
        // As `serve` runs it: mail is stored through the group-commit writer.
        let (master, _writer) = polysleuth::app::serving_master(
            store,
            "http://127.0.0.1:8080",
            "Polysleuth <gm@polysleuth.test>",
            polysleuth::app::WEB_CONFIRM_AFTER,
        )
        .await
        .unwrap();
        let created = master
            .create_game(GameRequest::sample(
                "bench",
                ["Ann", "Ben", "Cleo", "Dan"],
                Some(1),
            ))
            .await
            .unwrap();
        let id: i64 = created.players[0]
            .link
            .rsplit('/')
            .next()
            .unwrap()
            .split('-')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let reply = master.site.reply_address(id, 0);
        (master, reply)
    });
    // Each message has its own Message-ID: the same one again would be a duplicate.
    let raw = |n: u64| {
        format!(
            "From: Ann <Ann@example.org>\r\nTo: {reply}\r\nSubject: Re: turn\r\nMessage-ID: <bench-{n}@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n1 (3): Ben has how many Reds?\r\n2 (2): Cleo has how many Green Pearls?\r\nready\r\n\r\nOn Mon, 2 Nov 2026, GM wrote:\r\n> old text\r\n"
        )
    };
    let mut n = 0;
    let mut g = c.benchmark_group("mail ingestion");
    g.throughput(Throughput::Elements(1));
    g.sample_size(30);
    g.bench_function("turn by mail, accepted and confirmed", |b| {
        b.iter(|| {
            n += 1;
            let outcome = rt
                .block_on(polysleuth::mail::door::ingest(&master, raw(n).as_bytes()))
                .unwrap();
            assert_eq!(outcome.outcome, polysleuth::mail::door::Outcome::Handled);
        })
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(ingest, bench);
criterion_main!(ingest);
