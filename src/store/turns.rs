//! The `turns` table: each player's turn in force for a round, and the one read that gives
//! the writer a batch's games with their open turns.

use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

use super::games::GAME_COLUMNS;
use super::rows::{from_any_row, Columns, Decode};
use super::{id_list, Backend, Conn, GameRow, Lock, Store, StoreError};

/// A batch's games, and the turns in force of their open rounds as (game id, turn).
pub type OpenRound = (Vec<GameRow>, Vec<(i64, TurnRow)>);

/// Columns of a turn row as `open_round` reads it.
const TURN_COLUMNS: usize = 6;

/// The turns in force of some games' open rounds, as `open_round` reads them: the games'
/// ids follow.
pub(super) const OPEN_TURNS: &str =
    "SELECT t.game_id, t.seat, t.text, t.ready, t.revision, t.updated_at FROM turns t
     JOIN games g ON g.id = t.game_id AND g.round = t.round WHERE t.game_id IN";

/// `open_round`'s two reads on SQLite, the ids bound as one JSON array: the text is always the
/// same and stays prepared.
pub(super) fn sqlite_open_round() -> (String, String) {
    (
        format!("SELECT {GAME_COLUMNS} FROM games WHERE id IN (SELECT value FROM json_each($1)) ORDER BY id"),
        format!("{OPEN_TURNS} (SELECT value FROM json_each($1))"),
    )
}

#[derive(Clone, Debug)]
pub struct TurnRow {
    pub seat: i64,
    pub text: String,
    pub ready: i64,
    pub revision: i64,
    pub updated_at: i64,
}

impl Decode for TurnRow {
    fn decode(r: &impl Columns) -> Result<Self, StoreError> {
        Ok(TurnRow {
            seat: r.int("seat")?,
            text: r.text("text")?,
            ready: r.int("ready")?,
            revision: r.int("revision")?,
            updated_at: r.int("updated_at")?,
        })
    }
}

from_any_row!(TurnRow);

/// One row of `open_round`'s reads: a game, or a turn in force of one.
pub(super) fn open_round_row(r: &impl Columns, width: usize) -> Result<OpenRow, StoreError> {
    Ok(match width {
        TURN_COLUMNS => OpenRow::Turn(r.int("game_id")?, TurnRow::decode(r)?),
        _ => OpenRow::Game(Box::new(GameRow::decode(r)?)),
    })
}

pub(super) enum OpenRow {
    Game(Box<GameRow>),
    Turn(i64, TurnRow),
}

/// `open_round`'s rows as its answer.
pub(super) fn split(
    rows: impl Iterator<Item = Result<OpenRow, StoreError>>,
) -> Result<OpenRound, StoreError> {
    let mut games = Vec::new();
    let mut turns = Vec::new();
    for row in rows {
        match row? {
            OpenRow::Game(g) => games.push(*g),
            OpenRow::Turn(id, t) => turns.push((id, t)),
        }
    }
    Ok((games, turns))
}

impl Store {
    /// Every turn of a game that was in force when its round closed, by round and seat:
    /// (round, turn). For a finished game's record.
    pub async fn all_turns(&self, game_id: i64) -> Result<Vec<(i64, TurnRow)>, StoreError> {
        let rows: Vec<AnyRow> = sqlx::query(
            "SELECT round, seat, text, ready, revision, updated_at FROM turns WHERE game_id = $1 ORDER BY round, seat",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("round")?, TurnRow::decode(r)?)))
            .collect()
    }

    pub async fn turns<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        game_id: i64,
        round: i64,
    ) -> Result<Vec<TurnRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT seat, text, ready, revision, updated_at FROM turns WHERE game_id = $1 AND round = $2 ORDER BY seat",
        )
        .bind(game_id)
        .bind(round)
        .fetch_all(e)
        .await?)
    }

    pub async fn turn<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        game_id: i64,
        round: i64,
        seat: i64,
    ) -> Result<Option<TurnRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT seat, text, ready, revision, updated_at FROM turns WHERE game_id = $1 AND round = $2 AND seat = $3",
        )
        .bind(game_id)
        .bind(round)
        .bind(seat)
        .fetch_optional(e)
        .await?)
    }

    /// Several games at once, locked for the rest of the transaction where the backend can
    /// (in id order, so two instances never wait on each other crosswise).
    /// The games of a batch of turns, with their open rounds' turns as (game id, turn), read
    /// in one round trip on SQLite. With `begin`, the write transaction starts first, in the
    /// same trip (the group-commit writer runs its transaction by hand on its own connection).
    pub(super) async fn open_round(
        &self,
        conn: &mut Conn,
        ids: &[i64],
        begin: bool,
    ) -> Result<OpenRound, StoreError> {
        let rows: Vec<AnyRow> = match self.backend {
            Backend::Sqlite => {
                // The ids go in as one JSON array, so the text is always the same and stays
                // prepared.
                let begin = if begin { "BEGIN IMMEDIATE; " } else { "" };
                let (games, turns) = sqlite_open_round();
                let sql = format!("{begin}{games};\n{turns}");
                sqlx::query(&sql)
                    .bind(format!("[{}]", id_list(ids)))
                    .fetch_all(&mut *conn)
                    .await?
            }
            Backend::Postgres => {
                let games = format!(
                    "SELECT {GAME_COLUMNS} FROM games WHERE id IN ({}) ORDER BY id{}",
                    id_list(ids),
                    self.backend.lock(Lock::Wait)
                );
                let turns = format!("{OPEN_TURNS} ({})", id_list(ids));
                if begin {
                    sqlx::query("BEGIN").execute(&mut *conn).await?;
                }
                let mut rows: Vec<AnyRow> = sqlx::query(&games).fetch_all(&mut *conn).await?;
                rows.extend(sqlx::query(&turns).fetch_all(&mut *conn).await?);
                rows
            }
        };
        // The two kinds of rows differ in width.
        let rows = rows
            .iter()
            .map(|row| open_round_row(row, row.columns().len()));
        split(rows)
    }

    pub async fn delete_turn(
        &self,
        tx: &mut Conn,
        game_id: i64,
        round: i64,
        seat: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM turns WHERE game_id = $1 AND round = $2 AND seat = $3")
            .bind(game_id)
            .bind(round)
            .bind(seat)
            .execute(&mut *tx)
            .await?;
        Ok(done.rows_affected() > 0)
    }
}
