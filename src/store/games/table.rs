//! The `games` table: a game's row, its schedule and status, and the writes that move it
//! from round to round.

use sqlx::{Any, Executor};

use crate::lang::Lang;

use crate::store::rows::{from_any_row, Columns, Decode};
use crate::store::{Conn, Lock, Store, StoreError, Writes};

/// Where a game stands. Stored as its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// Made on the web or through the API, waiting for its game master to start it.
    Unconfirmed,
    /// Gathering players by sign-up or invitation: no deal yet.
    Forming,
    /// A round is open and its clock runs.
    Open,
    /// A round is open and its clock is stopped.
    Paused,
    Over,
}

impl GameStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Unconfirmed => "unconfirmed",
            GameStatus::Forming => "forming",
            GameStatus::Open => "open",
            GameStatus::Paused => "paused",
            GameStatus::Over => "over",
        }
    }

    /// Whether a round is open, to play or to close (running or paused).
    pub fn has_round_open(self) -> bool {
        matches!(self, GameStatus::Open | GameStatus::Paused)
    }
}

impl std::str::FromStr for GameStatus {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s {
            "unconfirmed" => GameStatus::Unconfirmed,
            "forming" => GameStatus::Forming,
            "open" => GameStatus::Open,
            "paused" => GameStatus::Paused,
            "over" => GameStatus::Over,
            other => return Err(format!("unknown game status \"{other}\"")),
        })
    }
}

impl std::fmt::Display for GameStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for GameStatus {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Which game a row holds, by the name the registry knows it by (`games::Game::name`), and
/// stored as that name. The store knows no game: a game names its own (`Ruleset::new`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset(&'static str);

impl Ruleset {
    /// Polysleuth, the first game, whose rounds the core still runs itself: the default of a
    /// request that names none, and of rows stored before games had names.
    pub const POLYSLEUTH: Ruleset = Ruleset("polysleuth");

    /// A game's ruleset, by its name.
    pub const fn new(name: &'static str) -> Ruleset {
        Ruleset(name)
    }

    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// A name read back from the database: kept once per distinct name, so that a row's
    /// ruleset costs nothing more than a look in a short list.
    pub fn stored(name: &str) -> Ruleset {
        use std::sync::RwLock;
        static NAMES: RwLock<Vec<&'static str>> = RwLock::new(Vec::new());
        if name == Self::POLYSLEUTH.0 {
            return Self::POLYSLEUTH;
        }
        if let Some(known) = NAMES
            .read()
            .expect("names lock")
            .iter()
            .find(|n| **n == name)
        {
            return Ruleset(known);
        }
        let mut names = NAMES.write().expect("names lock");
        if let Some(known) = names.iter().find(|n| **n == name) {
            return Ruleset(known);
        }
        let kept: &'static str = Box::leak(name.to_string().into_boxed_str());
        names.push(kept);
        Ruleset(kept)
    }
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset::POLYSLEUTH
    }
}

impl<'de> serde::Deserialize<'de> for Ruleset {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Ok(Ruleset::stored(&name))
    }
}

impl serde::Serialize for Ruleset {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    pub name: String,
    pub listed: i64,
    pub status: GameStatus,
    pub round: i64,
    pub state: String,
    pub salt: String,
    pub commitment: String,
    pub gm_email: String,
    pub gm_key_hash: String,
    pub round_seconds: i64,
    pub grace_seconds: i64,
    pub time_zone: String,
    pub deadline: Option<i64>,
    pub remaining: Option<i64>,
    pub close_at: Option<i64>,
    pub gm_notes: String,
    pub gm_done: String,
    pub created_at: i64,
    pub reminder_hours: String,
    pub reminders_sent: String,
    /// The game's language: its public pages, bulletins, and players who chose none.
    pub language: Lang,
    pub ruleset: Ruleset,
    /// A classic game's turn deadline, while its clock runs.
    pub turn_deadline: Option<i64>,
    /// The last classic turn whose player was reminded.
    pub turn_reminded: i64,
    /// The operator gave this game's seed or deal (`game new --seed/--deal`): the service
    /// did not draw it, and every page, opening mail and record says so.
    pub operator_deal: bool,
}

impl GameRow {
    /// Whether the open round has passed its deadline at `now` and waits to be closed: a
    /// turn sent now comes too late (RULES.md §3). Never while paused.
    pub fn past_deadline(&self, now: i64) -> bool {
        self.status == GameStatus::Open && self.deadline.is_some_and(|d| d <= now)
    }

    /// The same for a game of turns: the turn's deadline has passed, the turn not yet passed on.
    pub fn past_turn_deadline(&self, now: i64) -> bool {
        self.status == GameStatus::Open && self.turn_deadline.is_some_and(|d| d <= now)
    }
}

impl Decode for GameRow {
    fn decode(r: &impl Columns) -> Result<Self, StoreError> {
        let id = r.int("id")?;
        Ok(GameRow {
            id,
            name: r.text("name")?,
            listed: r.int("listed")?,
            status: r
                .text("status")?
                .parse()
                .map_err(|e| StoreError::Corrupt(format!("game {id}: {e}")))?,
            round: r.int("round")?,
            state: r.text("state")?,
            salt: r.text("salt")?,
            commitment: r.text("commitment")?,
            gm_email: r.text("gm_email")?,
            gm_key_hash: r.text("gm_key_hash")?,
            round_seconds: r.int("round_seconds")?,
            grace_seconds: r.int("grace_seconds")?,
            time_zone: r.text("time_zone")?,
            deadline: r.maybe_int("deadline")?,
            remaining: r.maybe_int("remaining")?,
            close_at: r.maybe_int("close_at")?,
            gm_notes: r.text("gm_notes")?,
            gm_done: r.text("gm_done")?,
            created_at: r.int("created_at")?,
            reminder_hours: r.text("reminder_hours")?,
            reminders_sent: r.text("reminders_sent")?,
            language: Lang::stored(&r.text("language")?),
            ruleset: Ruleset::stored(&r.text("ruleset")?),
            turn_deadline: r.maybe_int("turn_deadline")?,
            turn_reminded: r.int("turn_reminded")?,
            operator_deal: r.int("operator_deal")? != 0,
        })
    }
}

from_any_row!(GameRow);

/// A game whose open round is due: past the deadline, or everyone ready and the grace over.
#[derive(Clone, Copy, Debug, sqlx::FromRow)]
pub struct DueRound {
    pub id: i64,
    pub round: i64,
    pub deadline: Option<i64>,
}

pub(crate) const GAME_COLUMNS: &str = "id, name, listed, status, round, state, salt, commitment, gm_email, gm_key_hash, round_seconds, grace_seconds, time_zone, deadline, remaining, close_at, gm_notes, gm_done, created_at, reminder_hours, reminders_sent, language, ruleset, turn_deadline, turn_reminded, operator_deal";

pub struct NewGame<'a> {
    pub name: &'a str,
    pub listed: bool,
    pub state: &'a str,
    pub salt: &'a str,
    pub commitment: &'a str,
    pub gm_email: &'a str,
    pub gm_key_hash: &'a str,
    pub round_seconds: i64,
    pub grace_seconds: i64,
    pub time_zone: &'a str,
    /// `Open`, or `Unconfirmed` for a game waiting for its game master's address.
    pub status: GameStatus,
    pub deadline: Option<i64>,
    /// The first round's length, kept while the game waits to start.
    pub remaining: Option<i64>,
    pub now: i64,
    pub reminder_hours: &'a str,
    pub language: Lang,
    pub ruleset: Ruleset,
    /// A classic game's first turn deadline; none for Polysleuth.
    pub turn_deadline: Option<i64>,
    /// The round or turn now open: 1 for a new game.
    pub turn: i64,
    /// The operator gave the seed or the deal.
    pub operator_deal: bool,
}

/// The schedule fields of a game that GM actions and resolution change together.
pub struct Schedule {
    pub status: GameStatus,
    pub deadline: Option<i64>,
    pub remaining: Option<i64>,
    pub close_at: Option<i64>,
}

impl Schedule {
    /// A round open until `deadline`, its clock running.
    pub fn open(deadline: i64) -> Schedule {
        Schedule {
            status: GameStatus::Open,
            deadline: Some(deadline),
            remaining: None,
            close_at: None,
        }
    }

    /// A game that is over: no deadline, nothing left.
    pub fn over() -> Schedule {
        Schedule {
            status: GameStatus::Over,
            deadline: None,
            remaining: None,
            close_at: None,
        }
    }
}

impl Store {
    pub async fn insert_game(&self, tx: &mut Conn, g: &NewGame<'_>) -> Result<i64, StoreError> {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO games (name, listed, status, round, state, salt, commitment, gm_email, gm_key_hash, round_seconds, grace_seconds, time_zone, deadline, created_at, reminder_hours, remaining, language, ruleset, turn_deadline, operator_deal)
             VALUES ($1, $2, $14, $19, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $15, $16, $17, $18, $20) RETURNING id",
        )
        .bind(g.name)
        .bind(g.listed as i64)
        .bind(g.state)
        .bind(g.salt)
        .bind(g.commitment)
        .bind(g.gm_email)
        .bind(g.gm_key_hash)
        .bind(g.round_seconds)
        .bind(g.grace_seconds)
        .bind(g.time_zone)
        .bind(g.deadline)
        .bind(g.now)
        .bind(g.reminder_hours)
        .bind(g.status.as_str())
        .bind(g.remaining)
        .bind(g.language.code())
        .bind(g.ruleset.as_str())
        .bind(g.turn_deadline)
        .bind(g.turn)
        .bind(g.operator_deal as i64)
        .fetch_one(&mut *tx)
        .await?;
        Ok(id)
    }

    /// A game's state changed within a round (a seat given to a new player).
    pub async fn set_state(&self, tx: &mut Conn, id: i64, state: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET state = $2 WHERE id = $1")
            .bind(id)
            .bind(state)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    /// A formed game's deal, committed when it starts: its state, salt and commitment.
    pub async fn set_dealt(
        &self,
        tx: &mut Conn,
        id: i64,
        state: &str,
        salt: &str,
        commitment: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET state = $2, salt = $3, commitment = $4 WHERE id = $1")
            .bind(id)
            .bind(state)
            .bind(salt)
            .bind(commitment)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    pub async fn game<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        id: i64,
    ) -> Result<Option<GameRow>, StoreError> {
        Ok(
            sqlx::query_as(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
                .bind(id)
                .fetch_optional(e)
                .await?,
        )
    }

    /// The game, locked for the rest of the transaction where the backend can.
    pub async fn game_for_update(
        &self,
        tx: &mut Conn,
        id: i64,
    ) -> Result<Option<GameRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id = $1{}",
            self.backend.lock(Lock::Wait)
        ))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?)
    }

    pub async fn listed_games(&self) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE listed = 1 AND status <> 'unconfirmed' ORDER BY id DESC LIMIT 200"
        ))
        .fetch_all(&self.pool)
        .await?)
    }

    /// Games whose open round is due: past the deadline, or everyone ready and the grace over.
    pub async fn due_games(&self, now: i64) -> Result<Vec<DueRound>, StoreError> {
        Ok(sqlx::query_as(
            // Two reads, each through its own index: an OR of the two would read every open game.
            "SELECT id, round, deadline FROM games WHERE status = 'open' AND deadline <= $1
             UNION SELECT id, round, deadline FROM games WHERE status = 'open' AND close_at <= $1
             ORDER BY id",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn set_close_at(
        &self,
        tx: &mut Conn,
        game_id: i64,
        close_at: Option<i64>,
    ) -> Result<(), StoreError> {
        let mut writes = Writes::default();
        writes.set_close_at(game_id, close_at);
        self.apply(tx, &writes).await
    }

    pub async fn set_schedule(
        &self,
        tx: &mut Conn,
        game_id: i64,
        s: &Schedule,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET status = $1, deadline = $2, remaining = $3, close_at = $4 WHERE id = $5")
            .bind(s.status.as_str())
            .bind(s.deadline)
            .bind(s.remaining)
            .bind(s.close_at)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    pub async fn set_gm_pending(
        &self,
        tx: &mut Conn,
        game_id: i64,
        notes: &str,
        done: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET gm_notes = $1, gm_done = $2 WHERE id = $3")
            .bind(notes)
            .bind(done)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    /// Games made by an address (as game master) that still wait for it to confirm.
    pub async fn unconfirmed_games(&self, gm_email: &str) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM games WHERE lower(gm_email) = lower($1) AND status = 'unconfirmed'",
        )
        .bind(gm_email)
        .fetch_one(&self.pool)
        .await?;
        Ok(n)
    }

    /// Open games whose deadline is within `horizon` seconds: candidates for reminders.
    pub async fn games_due_within(&self, now: i64, horizon: i64) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as("SELECT id FROM games WHERE status = 'open' AND deadline > $1 AND deadline <= $2 ORDER BY id")
            .bind(now)
            .bind(now + horizon)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    pub async fn set_reminder_hours(
        &self,
        tx: &mut Conn,
        game_id: i64,
        hours: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET reminder_hours = $1 WHERE id = $2")
            .bind(hours)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    pub async fn set_reminders_sent(
        &self,
        tx: &mut Conn,
        game_id: i64,
        sent: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET reminders_sent = $1 WHERE id = $2")
            .bind(sent)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    /// Moves the deadline of every open game to `at`: for load tests of a deadline storm.
    pub async fn set_every_deadline(&self, at: i64) -> Result<u64, StoreError> {
        let mut tx = self.write().await?;
        let done = sqlx::query("UPDATE games SET deadline = $1 WHERE status = 'open'")
            .bind(at)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(done.rows_affected())
    }
}
