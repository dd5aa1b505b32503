//! What classic-Sleuth games need of the database beyond the shared tables: the turn clock
//! (`games.turn_deadline`, `games.turn_reminded`), each player's digest choice, and the
//! `digests` table of public results waiting for a player's daily mail.

use sqlx::{Any, Executor};

use crate::store::{Conn, GameStatus, Ruleset, Store, StoreError};

/// A classic game's state and clock after a move, written together.
pub struct ClassicSave<'a> {
    pub id: i64,
    pub state: &'a str,
    pub turn: i64,
    pub status: GameStatus,
    pub turn_deadline: Option<i64>,
    pub remaining: Option<i64>,
}

impl Store {
    /// A forming game becomes a game of turns (`ruleset`) at its start: its ruleset, its
    /// dealt state and commitment, and its first turn's clock (Polysleuth's round deadline
    /// stays empty, so no round query ever reads it).
    pub async fn begin_turns(
        &self,
        tx: &mut Conn,
        s: &ClassicSave<'_>,
        salt: &str,
        commitment: &str,
        ruleset: Ruleset,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET ruleset = $4, salt = $2, commitment = $3, deadline = NULL
             WHERE id = $1",
        )
        .bind(s.id)
        .bind(salt)
        .bind(commitment)
        .bind(ruleset.as_str())
        .execute(&mut *tx)
        .await?;
        self.save_classic(tx, s).await
    }

    pub async fn save_classic(&self, tx: &mut Conn, s: &ClassicSave<'_>) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET state = $2, round = $3, status = $4, turn_deadline = $5, remaining = $6
             WHERE id = $1",
        )
        .bind(s.id)
        .bind(s.state)
        .bind(s.turn)
        .bind(s.status.as_str())
        .bind(s.turn_deadline)
        .bind(s.remaining)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }

    /// The games of `ruleset` (a game of turns) whose turn is past its deadline: (game, turn).
    pub async fn turns_due(
        &self,
        now: i64,
        ruleset: Ruleset,
    ) -> Result<Vec<(i64, i64)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, round FROM games WHERE status = 'open' AND turn_deadline <= $1 AND ruleset = $2
             ORDER BY id",
        )
        .bind(now)
        .bind(ruleset.as_str())
        .fetch_all(&self.pool)
        .await?)
    }

    /// Classic turns to remind their player of: a quarter of the turn (at most six hours)
    /// left, not reminded yet. (game, turn).
    pub async fn classic_reminders_due(&self, now: i64) -> Result<Vec<(i64, i64)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, round FROM games WHERE status = 'open' AND turn_deadline <= $1 + 21600
             AND turn_deadline - round_seconds / 4 <= $1 AND turn_reminded < round AND ruleset = $2
             ORDER BY id",
        )
        .bind(now)
        .bind(crate::games::sleuth::RULESET.as_str())
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn set_turn_reminded(
        &self,
        tx: &mut Conn,
        id: i64,
        turn: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET turn_reminded = $2 WHERE id = $1")
            .bind(id)
            .bind(turn)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    pub async fn set_digest(
        &self,
        tx: &mut Conn,
        player_id: i64,
        on: bool,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE players SET digest = $2 WHERE id = $1")
            .bind(player_id)
            .bind(on as i64)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    /// Keeps a public result for a player's next digest.
    pub async fn queue_digest(
        &self,
        tx: &mut Conn,
        player_id: i64,
        game_id: i64,
        line: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO digests (player_id, game_id, line, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(player_id)
        .bind(game_id)
        .bind(line)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }

    /// Players with a result waiting since `before` or earlier: their digest is due.
    pub async fn digests_due(&self, before: i64) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(
            "SELECT DISTINCT player_id FROM digests WHERE created_at <= $1 ORDER BY player_id",
        )
        .bind(before)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(p,)| p).collect())
    }

    /// Takes every waiting line of a player's digest, oldest first.
    pub async fn take_digest(
        &self,
        tx: &mut Conn,
        player_id: i64,
    ) -> Result<Vec<String>, StoreError> {
        // One statement takes and removes them: a line queued meanwhile by another
        // connection is neither lost nor, by another instance, mailed twice.
        let mut rows: Vec<(i64, String)> =
            sqlx::query_as("DELETE FROM digests WHERE player_id = $1 RETURNING id, line")
                .bind(player_id)
                .fetch_all(&mut *tx)
                .await?;
        rows.sort_unstable_by_key(|(id, _)| *id);
        Ok(rows.into_iter().map(|(_, l)| l).collect())
    }

    /// How many lines wait in a player's digest.
    pub async fn digest_waiting<'e>(
        &self,
        e: impl Executor<'e, Database = Any>,
        player_id: i64,
    ) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM digests WHERE player_id = $1")
            .bind(player_id)
            .fetch_one(e)
            .await?;
        Ok(n)
    }
}
