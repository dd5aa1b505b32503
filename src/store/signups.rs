//! The `seating` and `signups` tables: how a game is seated (sign-up limits, start date,
//! absences, standbys), and the people who asked for a seat — to join, invited, or standing by.

use crate::lang::Lang;
use sqlx::{Any, Executor};

use super::rows::{from_any_row, Columns, Decode};
use super::{Conn, Store, StoreError};

/// How a game is seated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatingRow {
    pub game_id: i64,
    pub min_players: i64,
    pub max_players: i64,
    pub start_at: Option<i64>,
    /// The most rounds a player may be away at once (0: no absences).
    pub max_absence: i64,
    /// Whether a player marked done for being idle is handed to the first standby.
    pub auto_standby: bool,
}

impl Decode for SeatingRow {
    fn decode(r: &impl Columns) -> Result<Self, StoreError> {
        Ok(SeatingRow {
            game_id: r.int("game_id")?,
            min_players: r.int("min_players")?,
            max_players: r.int("max_players")?,
            start_at: r.maybe_int("start_at")?,
            max_absence: r.int("max_absence")?,
            auto_standby: r.int("auto_standby")? != 0,
        })
    }
}

from_any_row!(SeatingRow);

/// What a sign-up asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignupKind {
    /// To join a forming game.
    Join,
    /// Invited by the game master to a forming game.
    Invite,
    /// To take a seat that frees, in one game or (no game) any.
    Standby,
}

/// Where a sign-up stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignupStatus {
    /// Waiting for its address to confirm.
    Pending,
    /// Confirmed: in the forming game, or standing by.
    Joined,
    Declined,
    /// Left before the start, or stopped standing by.
    Left,
    /// Given a seat.
    Seated,
}

macro_rules! named {
    ($t:ty { $($v:ident = $s:literal),* }) => {
        impl $t {
            pub fn as_str(self) -> &'static str {
                match self { $(Self::$v => $s),* }
            }
            fn parse(s: &str) -> Result<Self, StoreError> {
                match s {
                    $($s => Ok(Self::$v),)*
                    other => Err(StoreError::Corrupt(format!("unknown sign-up value {other:?}"))),
                }
            }
        }
    };
}
named!(SignupKind { Join = "join", Invite = "invite", Standby = "standby" });
named!(SignupStatus {
    Pending = "pending",
    Joined = "joined",
    Declined = "declined",
    Left = "left",
    Seated = "seated"
});

#[derive(Clone, Debug)]
pub struct SignupRow {
    pub id: i64,
    pub game_id: Option<i64>,
    pub kind: SignupKind,
    /// The player name asked for (empty for an invitation not yet accepted).
    pub name: String,
    pub email: String,
    pub status: SignupStatus,
    pub created_at: i64,
    pub confirmed_at: Option<i64>,
    /// The language chosen when signing up; None: the game's.
    pub language: Option<Lang>,
    /// The piece chosen when signing up (a guest of Clue), as the game names it.
    pub choice: Option<String>,
}

impl Decode for SignupRow {
    fn decode(r: &impl Columns) -> Result<Self, StoreError> {
        Ok(SignupRow {
            id: r.int("id")?,
            game_id: r.maybe_int("game_id")?,
            kind: SignupKind::parse(&r.text("kind")?)?,
            name: r.text("name")?,
            email: r.text("email")?,
            status: SignupStatus::parse(&r.text("status")?)?,
            created_at: r.int("created_at")?,
            confirmed_at: r.maybe_int("confirmed_at")?,
            language: r.maybe_text("language")?.as_deref().and_then(Lang::parse),
            choice: r.maybe_text("choice")?,
        })
    }
}

from_any_row!(SignupRow);

const SIGNUP_COLUMNS: &str =
    "id, game_id, kind, name, email, status, created_at, confirmed_at, language, choice";

/// Forming games looked at in one pass for their start date.
pub const FORMING_PAGE: usize = 100;

/// Games looked at in one pass for idle seats to hand to standbys.
pub const STANDBY_PAGE: usize = 500;

impl Store {
    pub async fn insert_seating(&self, tx: &mut Conn, s: &SeatingRow) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO seating (game_id, min_players, max_players, start_at, max_absence, auto_standby) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(s.game_id)
        .bind(s.min_players)
        .bind(s.max_players)
        .bind(s.start_at)
        .bind(s.max_absence)
        .bind(s.auto_standby as i64)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }

    pub async fn seating<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        game_id: i64,
    ) -> Result<Option<SeatingRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT game_id, min_players, max_players, start_at, max_absence, auto_standby FROM seating WHERE game_id = $1",
        )
        .bind(game_id)
        .fetch_optional(e)
        .await?)
    }

    /// Forming games whose start date has come, after `after`, at most `FORMING_PAGE`.
    pub async fn forming_due(&self, now: i64, after: i64) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(
            "SELECT s.game_id FROM seating s JOIN games g ON g.id = s.game_id WHERE s.game_id > $2 AND s.start_at IS NOT NULL AND s.start_at <= $1 AND g.status = 'forming' ORDER BY s.game_id LIMIT $3",
        )
        .bind(now)
        .bind(after)
        .bind(FORMING_PAGE as i64)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    /// Games under way that hand idle players' seats to standbys, after `after`, at most
    /// `STANDBY_PAGE`.
    pub async fn auto_standby_games(&self, after: i64) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(
            "SELECT s.game_id FROM seating s JOIN games g ON g.id = s.game_id WHERE s.game_id > $1 AND s.auto_standby = 1 AND g.status = 'open' AND g.ruleset = 'polysleuth' ORDER BY s.game_id LIMIT $2",
        )
        .bind(after)
        .bind(STANDBY_PAGE as i64)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    /// The piece a sign-up chose (None: none).
    pub async fn set_signup_choice(
        &self,
        tx: &mut Conn,
        id: i64,
        choice: Option<&str>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE signups SET choice = $2 WHERE id = $1")
            .bind(id)
            .bind(choice)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    /// The language a sign-up chose (None: the game's).
    pub async fn set_signup_language(
        &self,
        tx: &mut Conn,
        id: i64,
        language: Option<Lang>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE signups SET language = $2 WHERE id = $1")
            .bind(id)
            .bind(language.map(Lang::code))
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    /// A new sign-up; `mailbox` is its address's inbox (`mail::address::mailbox`), which the
    /// daily caps count.
    #[allow(clippy::too_many_arguments)]
    pub async fn add_signup(
        &self,
        tx: &mut Conn,
        game_id: Option<i64>,
        kind: SignupKind,
        name: &str,
        email: &str,
        mailbox: &str,
        now: i64,
    ) -> Result<i64, StoreError> {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO signups (game_id, kind, name, email, mailbox, status, created_at) VALUES ($1, $2, $3, $4, $5, 'pending', $6) RETURNING id",
        )
        .bind(game_id)
        .bind(kind.as_str())
        .bind(name)
        .bind(email)
        .bind(mailbox)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        Ok(id)
    }

    /// Sign-ups an inbox asked for since `since` and has not confirmed, however its address
    /// was written: the cap on the confirmations one inbox can be sent.
    pub async fn pending_signups_of(
        &self,
        tx: &mut Conn,
        mailbox: &str,
        since: i64,
    ) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM signups WHERE mailbox = $1 AND status = 'pending' AND kind <> 'invite' AND created_at >= $2",
        )
        .bind(mailbox)
        .bind(since)
        .fetch_one(&mut *tx)
        .await?;
        Ok(n)
    }

    /// Sign-ups to a game made since `since` and not confirmed yet: older ones have lapsed
    /// (their confirmation is refused), so they hold no place.
    pub async fn pending_signups_in(
        &self,
        tx: &mut Conn,
        game_id: i64,
        since: i64,
    ) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM signups WHERE game_id = $1 AND status = 'pending' AND kind <> 'invite' AND created_at >= $2",
        )
        .bind(game_id)
        .bind(since)
        .fetch_one(&mut *tx)
        .await?;
        Ok(n)
    }

    /// Invitations made since `since` by games whose game master is `gm_email`: the daily
    /// cap on the invitations one address may send.
    pub async fn invitations_by_gm(
        &self,
        tx: &mut Conn,
        gm_email: &str,
        since: i64,
    ) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM games g JOIN signups s ON s.game_id = g.id WHERE lower(g.gm_email) = lower($1) AND g.created_at > $2 AND s.kind = 'invite' AND s.created_at > $2",
        )
        .bind(gm_email)
        .bind(since)
        .fetch_one(&mut *tx)
        .await?;
        Ok(n)
    }

    /// Invitations sent to an inbox since `since`, however its address was written, by games
    /// other than `except`: a game still waiting for its game master has sent none.
    pub async fn invitations_to(
        &self,
        tx: &mut Conn,
        mailbox: &str,
        since: i64,
        except: i64,
    ) -> Result<i64, StoreError> {
        let (n,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM signups s JOIN games g ON g.id = s.game_id WHERE s.mailbox = $1 AND s.kind = 'invite' AND s.created_at > $2 AND g.status <> 'unconfirmed' AND g.id <> $3",
        )
        .bind(mailbox)
        .bind(since)
        .bind(except)
        .fetch_one(&mut *tx)
        .await?;
        Ok(n)
    }

    pub async fn signup<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        id: i64,
    ) -> Result<Option<SignupRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {SIGNUP_COLUMNS} FROM signups WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(e)
        .await?)
    }

    /// A game's sign-ups, oldest confirmation first (then oldest request).
    pub async fn signups<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        game_id: i64,
    ) -> Result<Vec<SignupRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {SIGNUP_COLUMNS} FROM signups WHERE game_id = $1 ORDER BY confirmed_at, id"
        ))
        .bind(game_id)
        .fetch_all(e)
        .await?)
    }

    /// Confirmed standbys for a game: its own, then those for any game, longest waiting first.
    pub async fn standbys<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        game_id: i64,
    ) -> Result<Vec<SignupRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {SIGNUP_COLUMNS} FROM signups WHERE kind = 'standby' AND status = 'joined' AND (game_id = $1 OR game_id IS NULL) ORDER BY confirmed_at, id LIMIT 50"
        ))
        .bind(game_id)
        .fetch_all(e)
        .await?)
    }

    /// A standby given a seat: false when they were not standing by any more (seated
    /// elsewhere, or withdrawn, by another request that committed first).
    pub async fn seat_standby(&self, tx: &mut Conn, id: i64) -> Result<bool, StoreError> {
        let done =
            sqlx::query("UPDATE signups SET status = 'seated' WHERE id = $1 AND status = 'joined'")
                .bind(id)
                .execute(&mut *tx)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn set_signup(
        &self,
        tx: &mut Conn,
        id: i64,
        status: SignupStatus,
        name: Option<&str>,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE signups SET status = $2, name = COALESCE($3, name), confirmed_at = CASE WHEN $2 = 'joined' THEN $4 ELSE confirmed_at END WHERE id = $1",
        )
        .bind(id)
        .bind(status.as_str())
        .bind(name)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }
}
