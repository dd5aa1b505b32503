//! Writes gathered together and run as one: a batch's turns, confirmations and marks, in a
//! few multi-row statements whatever its size.

use sqlx::Any;

use super::{
    Backend, Conn, GameStatus, NewMail, Schedule, Store, StoreError, TurnRow, ROWS_PER_STATEMENT,
};

/// A value bound to a statement of `Writes`.
#[derive(Clone, Copy, Debug)]
pub enum Value<'a> {
    Int(i64),
    MaybeInt(Option<i64>),
    Text(&'a str),
    MaybeText(Option<&'a str>),
}

/// Statements to run together (`Store::apply`), each written with `?` for its values.
#[derive(Default)]
pub struct Writes<'a> {
    pub(super) statements: Vec<(String, Vec<Value<'a>>)>,
}

/// The statement with its `?` numbered `$start+1`, `$start+2`, …: the statements written
/// here hold no `?` of their own.
pub(super) fn number(template: &str, start: usize) -> String {
    let mut out = String::with_capacity(template.len() + template.len() / 2);
    let mut n = start;
    for part in template.split('?').enumerate() {
        if part.0 > 0 {
            n += 1;
            out.push('$');
            out.push_str(&n.to_string());
        }
        out.push_str(part.1);
    }
    out
}

fn bound<'q>(
    sql: &'q str,
    values: &[Value<'q>],
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    let mut query = sqlx::query(sql);
    for v in values {
        query = match *v {
            Value::Int(i) => query.bind(i),
            Value::MaybeInt(i) => query.bind(i),
            Value::Text(t) => query.bind(t),
            Value::MaybeText(t) => query.bind(t),
        };
    }
    query
}

/// `(?, ?), (?, ?)` for `rows` rows of `columns` values.
fn marks(rows: usize, columns: usize) -> String {
    let row = format!("({})", vec!["?"; columns].join(", "));
    vec![row; rows].join(", ")
}

/// An outbox row's values, in the order the inserts name their columns.
fn mail_values<'a>(m: &NewMail<'a>, now: i64, due: i64) -> [Value<'a>; 8] {
    [
        Value::MaybeInt(m.game_id),
        Value::Text(m.recipient),
        Value::Text(m.subject),
        Value::Text(m.body),
        Value::Int(now),
        Value::Int(due),
        Value::MaybeText(m.reply_to),
        Value::MaybeText(m.unsubscribe),
    ]
}

impl<'a> Writes<'a> {
    /// Stores turns as (game id, round, turn), replacing the player's turn of that round.
    pub fn put_turns(&mut self, turns: &[(i64, i64, &'a TurnRow)]) {
        for chunk in turns.chunks(ROWS_PER_STATEMENT) {
            let sql = format!(
                "INSERT INTO turns (game_id, round, seat, text, ready, revision, updated_at) VALUES {}
                 ON CONFLICT (game_id, round, seat) DO UPDATE SET text = excluded.text, ready = excluded.ready,
                   revision = excluded.revision, updated_at = excluded.updated_at",
                marks(chunk.len(), 7)
            );
            let mut values = Vec::with_capacity(chunk.len() * 7);
            for (game_id, round, t) in chunk {
                values.extend([
                    Value::Int(*game_id),
                    Value::Int(*round),
                    Value::Int(t.seat),
                    Value::Text(&t.text),
                    Value::Int(t.ready),
                    Value::Int(t.revision),
                    Value::Int(t.updated_at),
                ]);
            }
            self.statements.push((sql, values));
        }
    }

    /// Stores a round's public bulletin.
    pub fn insert_bulletin(&mut self, game_id: i64, round: i64, body: &'a str, now: i64) {
        self.statements.push((
            "INSERT INTO bulletins (game_id, round, body, created_at) VALUES (?, ?, ?, ?)".into(),
            vec![
                Value::Int(game_id),
                Value::Int(round),
                Value::Text(body),
                Value::Int(now),
            ],
        ));
    }

    /// Stores private reports as (game id, round, seat, body).
    pub fn insert_reports(&mut self, reports: &[(i64, i64, i64, &'a str)]) {
        for chunk in reports.chunks(ROWS_PER_STATEMENT) {
            let sql = format!(
                "INSERT INTO reports (game_id, round, seat, body) VALUES {}",
                marks(chunk.len(), 4)
            );
            let mut values = Vec::with_capacity(chunk.len() * 4);
            for (game_id, round, seat, body) in chunk {
                values.extend([
                    Value::Int(*game_id),
                    Value::Int(*round),
                    Value::Int(*seat),
                    Value::Text(body),
                ]);
            }
            self.statements.push((sql, values));
        }
    }

    /// Moves a game past its resolved round, with its new state and schedule; its notes and
    /// marks are spent, its reminders start again, and its sheets are due.
    pub fn advance_round(
        &mut self,
        game_id: i64,
        resolved_round: i64,
        state: &'a str,
        s: &Schedule,
    ) {
        let round = match s.status {
            GameStatus::Over => resolved_round,
            _ => resolved_round + 1,
        };
        self.statements.push((
            "UPDATE games SET round = ?, state = ?, status = ?, deadline = ?, remaining = ?, close_at = ?,
               gm_notes = '[]', gm_done = '[]', reminders_sent = '', sheets_behind = 1
             WHERE id = ? AND round = ?"
                .into(),
            vec![
                Value::Int(round),
                Value::Text(state),
                Value::Text(s.status.as_str()),
                Value::MaybeInt(s.deadline),
                Value::MaybeInt(s.remaining),
                Value::MaybeInt(s.close_at),
                Value::Int(game_id),
                Value::Int(resolved_round),
            ],
        ));
    }

    /// Makes a game's waiting web confirmations due now, so none arrives after the round it
    /// names has closed.
    pub fn summaries_due(&mut self, game_id: i64, now: i64) {
        self.statements.push((
            "UPDATE outbox SET next_attempt_at = ? WHERE game_id = ? AND merge_key IS NOT NULL AND next_attempt_at > ?"
                .into(),
            vec![Value::Int(now), Value::Int(game_id), Value::Int(now)],
        ));
    }

    /// Whether there is nothing to write.
    pub fn is_empty(&self) -> bool {
        self.statements.is_empty()
    }

    /// Ends the transaction begun by hand (`batch`). When a statement before it fails, the
    /// rest do not run and the batch rolls back.
    pub(super) fn commit(&mut self) {
        self.statements.push(("COMMIT".into(), Vec::new()));
    }

    /// Marks stored inbound messages handled, in the transaction of what they changed, so a
    /// message is never acted on twice: a crash before the commit leaves it `received`, and
    /// it is handled again when it comes back.
    pub fn mark_inbound_handled(&mut self, ids: &[i64]) {
        if ids.is_empty() {
            return;
        }
        self.statements.push((
            format!(
                "UPDATE inbound SET outcome = 'handled' WHERE id IN ({})",
                vec!["?"; ids.len()].join(", ")
            ),
            ids.iter().map(|id| Value::Int(*id)).collect(),
        ));
    }

    pub fn set_close_at(&mut self, game_id: i64, close_at: Option<i64>) {
        self.statements.push((
            "UPDATE games SET close_at = ? WHERE id = ?".into(),
            vec![Value::MaybeInt(close_at), Value::Int(game_id)],
        ));
    }

    /// Queues mails, due now.
    pub fn enqueue_mails(&mut self, mails: &[NewMail<'a>], now: i64) {
        for chunk in mails.chunks(ROWS_PER_STATEMENT) {
            let sql = format!(
                "INSERT INTO outbox (game_id, recipient, subject, body, created_at, next_attempt_at, reply_to, unsubscribe) VALUES {}",
                marks(chunk.len(), 8)
            );
            let mut values = Vec::with_capacity(chunk.len() * 8);
            for m in chunk {
                values.extend(mail_values(m, now, now));
            }
            self.statements.push((sql, values));
        }
    }

    /// Queues web confirmations, each due at `due` unless an unsent one with the same key
    /// is waiting: that one takes the new letter and keeps its time.
    pub fn enqueue_summaries(&mut self, mails: &[(NewMail<'a>, &'a str)], now: i64, due: i64) {
        for chunk in mails.chunks(ROWS_PER_STATEMENT) {
            let sql = format!(
                "INSERT INTO outbox (game_id, recipient, subject, body, created_at, next_attempt_at, reply_to, unsubscribe, merge_key) VALUES {}
                 ON CONFLICT (merge_key) WHERE merge_key IS NOT NULL DO UPDATE SET recipient = excluded.recipient,
                 subject = excluded.subject, body = excluded.body, created_at = excluded.created_at, reply_to = excluded.reply_to",
                marks(chunk.len(), 9)
            );
            let mut values = Vec::with_capacity(chunk.len() * 9);
            for (m, key) in chunk {
                values.extend(mail_values(m, now, due));
                values.push(Value::Text(key));
            }
            self.statements.push((sql, values));
        }
    }
}

impl Store {
    /// Runs writes gathered together: on SQLite one round trip to its worker thread for all
    /// of them (one string of statements, values numbered across it), on PostgreSQL one
    /// statement after another.
    pub(super) async fn apply(
        &self,
        conn: &mut Conn,
        writes: &Writes<'_>,
    ) -> Result<(), StoreError> {
        if writes.statements.is_empty() {
            return Ok(());
        }
        match self.backend {
            Backend::Sqlite => {
                let mut sql = String::new();
                let mut values = Vec::new();
                for (template, v) in &writes.statements {
                    sql.push_str(&number(template, values.len()));
                    sql.push_str(";\n");
                    values.extend_from_slice(v);
                }
                bound(&sql, &values).execute(&mut *conn).await?;
            }
            Backend::Postgres => {
                for (template, values) in &writes.statements {
                    let sql = number(template, 0);
                    bound(&sql, values).execute(&mut *conn).await?;
                }
            }
        }
        Ok(())
    }
}
