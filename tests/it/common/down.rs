//! The database of a stopped service, as the tests of what happens while it is down use it: a
//! deadline moved into the past, a mail piped in by `polysleuth mail ingest`, and what the store
//! then holds (a game's state, the mail not yet sent).

use polysleuth::store::Store;
use serde_json::Value;

/// Which deadline a game keeps: a round's (Polysleuth) or a turn's (games of turns).
#[derive(Clone, Copy)]
pub enum Deadline {
    Round,
    Turn,
}

pub struct Down {
    pub store: Store,
    db: String,
}

impl Down {
    pub async fn open(db: &str) -> Down {
        Down {
            store: Store::connect(db).await.unwrap(),
            db: db.to_string(),
        }
    }

    /// Game `id`'s deadline of that kind, a minute past.
    pub async fn deadline_passed(&self, id: i64, which: Deadline) {
        let statement = match which {
            Deadline::Round => "UPDATE games SET deadline = $1 WHERE id = $2",
            Deadline::Turn => "UPDATE games SET turn_deadline = $1 WHERE id = $2",
        };
        sqlx::query(statement)
            .bind(polysleuth::clock::now() - 60)
            .bind(id)
            .execute(&self.store.pool)
            .await
            .unwrap();
    }

    /// A raw mail piped in, as a mail server hands it over; the command takes it (exit 0).
    pub async fn pipe(&self, raw: Vec<u8>) {
        let out = super::mail::pipe(&self.db, raw).await;
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Game `id`'s stored state.
    pub async fn state(&self, id: i64) -> Value {
        let (state,): (String,) = sqlx::query_as("SELECT state FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(&self.store.pool)
            .await
            .unwrap();
        serde_json::from_str(&state).unwrap()
    }

    /// The mail queued and not sent yet: (recipient, body).
    pub async fn unsent(&self) -> Vec<(String, String)> {
        sqlx::query_as("SELECT recipient, body FROM outbox WHERE sent_at IS NULL")
            .fetch_all(&self.store.pool)
            .await
            .unwrap()
    }

    /// Whether `to` was told something that says `what`.
    pub async fn told(&self, to: &str, what: &str) -> bool {
        (self.unsent().await.iter()).any(|(r, body)| r == to && body.contains(what))
    }

    pub async fn close(self) {
        self.store.pool.close().await;
    }
}
