//! Sherlock Solitaire's own tables, `daily_cases` and `daily_plays`: its daily case — each day's
//! committed deck for each case and level, and who asked to play it (once a day and case by
//! address), with the confirmation they were sent and the game it became.

use sqlx::Executor;

use crate::store::rows::{from_any_row, Columns, Decode};
use crate::store::{Conn, Store, StoreError};

/// A day's case: its seed (kept secret until the day ends), salt and commitment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyCaseRow {
    pub day: String,
    pub variant: String,
    pub seed: u64,
    pub salt: String,
    pub commitment: String,
}

impl Decode for DailyCaseRow {
    fn decode(r: &impl Columns) -> Result<Self, StoreError> {
        let seed = r.text("seed")?;
        Ok(DailyCaseRow {
            day: r.text("day")?,
            variant: r.text("variant")?,
            seed: seed
                .parse()
                .map_err(|_| StoreError::Corrupt(format!("a daily case's seed: {seed}")))?,
            salt: r.text("salt")?,
            commitment: r.text("commitment")?,
        })
    }
}

from_any_row!(DailyCaseRow);

/// Someone who asked to play a day's case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyPlayRow {
    pub id: i64,
    pub day: String,
    pub variant: String,
    pub email: String,
    pub name: String,
    pub detectives: String,
    pub language: String,
    pub game_id: Option<i64>,
}

impl Decode for DailyPlayRow {
    fn decode(r: &impl Columns) -> Result<Self, StoreError> {
        Ok(DailyPlayRow {
            id: r.int("id")?,
            day: r.text("day")?,
            variant: r.text("variant")?,
            email: r.text("email")?,
            name: r.text("name")?,
            detectives: r.text("detectives")?,
            language: r.text("language")?,
            game_id: r.maybe_int("game_id")?,
        })
    }
}

from_any_row!(DailyPlayRow);

/// The most confirmation links one address is sent for one day's case.
pub const MAX_DAILY_MAILS: i64 = 3;

/// The most confirmation links one address is sent in a day, all cases together: the form
/// cannot flood an address by asking for every case.
pub const MAX_DAILY_MAILS_TO_ONE: i64 = 6;

/// A request to play a day's case, as the form gave it.
pub struct NewDailyPlay<'a> {
    pub day: &'a str,
    pub variant: &'a str,
    pub email: &'a str,
    /// The address's inbox (`mail::address::mailbox`): the day's cap on links counts it.
    pub mailbox: &'a str,
    pub name: &'a str,
    pub detectives: &'a str,
    pub language: &'a str,
    pub token_hash: &'a str,
    pub now: i64,
}

impl Store {
    /// A day's case, if it was committed.
    pub async fn daily_case(
        &self,
        conn: &mut Conn,
        day: &str,
        variant: &str,
    ) -> Result<Option<DailyCaseRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT day, variant, seed, salt, commitment FROM daily_cases
             WHERE day = $1 AND variant = $2",
        )
        .bind(day)
        .bind(variant)
        .fetch_optional(&mut *conn)
        .await?)
    }

    /// Commits a day's case unless one was (by another instance, say); the one that stands.
    pub async fn commit_daily_case(
        &self,
        conn: &mut Conn,
        row: &DailyCaseRow,
        now: i64,
    ) -> Result<DailyCaseRow, StoreError> {
        conn.execute(
            sqlx::query(
                "INSERT INTO daily_cases (day, variant, seed, salt, commitment, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (day, variant) DO NOTHING",
            )
            .bind(&row.day)
            .bind(&row.variant)
            .bind(row.seed.to_string())
            .bind(&row.salt)
            .bind(&row.commitment)
            .bind(now),
        )
        .await?;
        self.daily_case(conn, &row.day, &row.variant)
            .await?
            .ok_or_else(|| StoreError::Corrupt("a daily case just committed is gone".into()))
    }

    /// Every case committed for a day, in the variants' order.
    pub async fn daily_cases_of(&self, day: &str) -> Result<Vec<DailyCaseRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT day, variant, seed, salt, commitment FROM daily_cases
             WHERE day = $1 ORDER BY variant",
        )
        .bind(day)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The days that had a case, newest first.
    pub async fn daily_days(&self, limit: i64) -> Result<Vec<String>, StoreError> {
        Ok(
            sqlx::query_as("SELECT DISTINCT day FROM daily_cases ORDER BY day DESC LIMIT $1")
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
                .into_iter()
                .map(|(d,): (String,)| d)
                .collect(),
        )
    }

    /// Whether an inbox, however its address was written, has started a game of a day's case
    /// by a request other than `besides` (the one being confirmed, if any).
    pub async fn daily_started_by(
        &self,
        conn: &mut Conn,
        day: &str,
        variant: &str,
        mailbox: &str,
        besides: Option<i64>,
    ) -> Result<bool, StoreError> {
        let (started,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM daily_plays
             WHERE day = $1 AND variant = $2 AND mailbox = $3 AND game_id IS NOT NULL
               AND id <> $4",
        )
        .bind(day)
        .bind(variant)
        .bind(mailbox)
        // Request ids start at 1, so 0 leaves none out.
        .bind(besides.unwrap_or(0))
        .fetch_one(&mut *conn)
        .await?;
        Ok(started > 0)
    }

    /// How many confirmation links an inbox was sent on a day, all cases together, however
    /// its address was written.
    pub async fn daily_mails_to(
        &self,
        conn: &mut Conn,
        day: &str,
        mailbox: &str,
    ) -> Result<i64, StoreError> {
        let (mails,): (i64,) = sqlx::query_as(
            "SELECT COALESCE(SUM(mails), 0) FROM daily_plays WHERE day = $1 AND mailbox = $2",
        )
        .bind(day)
        .bind(mailbox)
        .fetch_one(&mut *conn)
        .await?;
        Ok(mails)
    }

    /// Keeps a request to play, or renews an unconfirmed one's token and choices: false when
    /// the request was answered already (a game made, or `MAX_DAILY_MAILS` links sent).
    pub async fn ask_daily_play(
        &self,
        conn: &mut Conn,
        p: &NewDailyPlay<'_>,
    ) -> Result<bool, StoreError> {
        let done = conn
            .execute(
                sqlx::query(
                    "INSERT INTO daily_plays
                   (day, variant, email, name, detectives, language, token_hash, created_at, mailbox)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $10)
                 ON CONFLICT (day, variant, email) DO UPDATE SET name = excluded.name,
                   detectives = excluded.detectives, language = excluded.language,
                   token_hash = excluded.token_hash, mails = daily_plays.mails + 1
                 WHERE daily_plays.game_id IS NULL AND daily_plays.mails < $9",
                )
                .bind(p.day)
                .bind(p.variant)
                .bind(p.email)
                .bind(p.name)
                .bind(p.detectives)
                .bind(p.language)
                .bind(p.token_hash)
                .bind(p.now)
                .bind(MAX_DAILY_MAILS)
                .bind(p.mailbox),
            )
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// The unconfirmed request a confirmation token belongs to.
    pub async fn daily_play_by_token(
        &self,
        conn: &mut Conn,
        token_hash: &str,
    ) -> Result<Option<DailyPlayRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, day, variant, email, name, detectives, language, game_id FROM daily_plays
             WHERE token_hash = $1 AND game_id IS NULL",
        )
        .bind(token_hash)
        .fetch_optional(&mut *conn)
        .await?)
    }

    /// A request confirmed: its game set, its token forgotten. False when another
    /// confirmation of the same request (a second click) started its game first.
    pub async fn daily_play_started(
        &self,
        conn: &mut Conn,
        id: i64,
        game_id: i64,
    ) -> Result<bool, StoreError> {
        let done = conn
            .execute(
                sqlx::query(
                    "UPDATE daily_plays SET game_id = $2, token_hash = NULL
                     WHERE id = $1 AND game_id IS NULL AND NOT EXISTS (
                       SELECT 1 FROM daily_plays o WHERE o.day = daily_plays.day
                         AND o.variant = daily_plays.variant AND o.mailbox = daily_plays.mailbox
                         AND o.game_id IS NOT NULL)",
                )
                .bind(id)
                .bind(game_id),
            )
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Whether a request has started its game.
    pub async fn daily_play_has_game(&self, conn: &mut Conn, id: i64) -> Result<bool, StoreError> {
        let (started,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM daily_plays WHERE id = $1 AND game_id IS NOT NULL",
        )
        .bind(id)
        .fetch_one(&mut *conn)
        .await?;
        Ok(started > 0)
    }

    /// Every game played of a day's cases.
    pub async fn daily_games_of(&self, day: &str) -> Result<Vec<DailyPlayRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, day, variant, email, name, detectives, language, game_id FROM daily_plays
             WHERE day = $1 AND game_id IS NOT NULL ORDER BY variant, id",
        )
        .bind(day)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The first day anyone asked to play a daily case, if any did.
    pub async fn first_daily_day(&self) -> Result<Option<String>, StoreError> {
        Ok(sqlx::query_as("SELECT MIN(day) FROM daily_plays")
            .fetch_one(&self.pool)
            .await
            .map(|(day,): (Option<String>,)| day)?)
    }

    /// The daily games of the days from `since` to before `today` still running, to end when
    /// their day ends (the scheduler ends them at once, and remembers from which day to look).
    pub async fn daily_games_running_before(
        &self,
        since: &str,
        today: &str,
    ) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT p.game_id FROM daily_plays p JOIN games g ON g.id = p.game_id
             WHERE p.day >= $1 AND p.day < $2 AND g.status <> 'over'",
        )
        .bind(since)
        .bind(today)
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|(id,): (i64,)| id)
        .collect())
    }
}
