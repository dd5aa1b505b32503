//! The `players` table: who sits in which seat of a game, with their address and the hash of
//! their key.

use sqlx::{Any, Executor};

use crate::lang::Lang;
use crate::level::Level;

use super::games::GameRow;
use super::rows::{from_any_row, Columns, Decode};
use super::{Conn, Store, StoreError};

#[derive(Clone, Debug)]
pub struct PlayerRow {
    pub id: i64,
    pub game_id: i64,
    pub seat: i64,
    pub name: String,
    pub email: String,
    pub key_hash: String,
    /// How often the player's link was replaced; the reply address is signed with it.
    pub key_version: i64,
    /// The level of a computer player; None for a person.
    pub computer: Option<Level>,
    /// The last round of a declared absence.
    pub away_until: Option<i64>,
    /// The player's own language; None: the game's.
    pub language: Option<Lang>,
    /// The player's own time zone for deadlines; None: the game's.
    pub time_zone: Option<String>,
    /// A game of turns' public results come in a daily digest instead of one mail a turn.
    pub digest: bool,
}

/// The columns a [`PlayerRow`] is read from.
pub(super) const PLAYER_COLUMNS: &str =
    "id, game_id, seat, name, email, key_hash, key_version, computer, away_until, language, time_zone, digest";

impl PlayerRow {
    /// Whether mail reaches this player: a person does, a computer player has no address.
    pub fn mailed(&self) -> bool {
        self.computer.is_none()
    }

    /// The language the player reads: their own, or the game's.
    pub fn lang(&self, game: &GameRow) -> Lang {
        self.language.unwrap_or(game.language)
    }

    /// The time zone the player's deadlines are written in: their own, or the game's.
    pub fn zone<'a>(&'a self, game: &'a GameRow) -> &'a str {
        self.time_zone.as_deref().unwrap_or(&game.time_zone)
    }
}

impl Decode for PlayerRow {
    fn decode(r: &impl Columns) -> Result<Self, StoreError> {
        Ok(PlayerRow {
            id: r.int("id")?,
            game_id: r.int("game_id")?,
            seat: r.int("seat")?,
            name: r.text("name")?,
            email: r.text("email")?,
            key_hash: r.text("key_hash")?,
            key_version: r.int("key_version")?,
            away_until: r.maybe_int("away_until")?,
            language: r.maybe_text("language")?.as_deref().and_then(Lang::parse),
            time_zone: r.maybe_text("time_zone")?,
            digest: r.int("digest")? != 0,
            computer: match r.maybe_text("computer")? {
                None => None,
                Some(level) => Some(Level::parse(&level).map_err(|_| {
                    StoreError::Corrupt(format!(
                        "player {} has computer level {level:?}",
                        r.int("id").unwrap_or(0)
                    ))
                })?),
            },
        })
    }
}

from_any_row!(PlayerRow);

impl Store {
    #[allow(clippy::too_many_arguments)]
    pub async fn insert_player(
        &self,
        tx: &mut Conn,
        game_id: i64,
        seat: usize,
        name: &str,
        email: &str,
        key_hash: &str,
        computer: Option<Level>,
    ) -> Result<i64, StoreError> {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO players (game_id, seat, name, email, key_hash, computer) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(game_id)
        .bind(seat as i64)
        .bind(name)
        .bind(email)
        .bind(key_hash)
        .bind(computer.map(Level::name))
        .fetch_one(&mut *tx)
        .await?;
        Ok(id)
    }

    pub async fn players<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        game_id: i64,
    ) -> Result<Vec<PlayerRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {PLAYER_COLUMNS} FROM players WHERE game_id = $1 ORDER BY seat"
        ))
        .bind(game_id)
        .fetch_all(e)
        .await?)
    }

    /// Seats the service plays with no turn yet in their game's open round — computer players,
    /// and players away: (game, seat), at most `limit`, by game, in games after `after`.
    pub async fn seats_owing(&self, after: i64, limit: i64) -> Result<Vec<(i64, i64)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT p.game_id, p.seat FROM players p JOIN games g ON g.id = p.game_id WHERE p.game_id > $2 AND p.computer IS NOT NULL AND g.ruleset = 'polysleuth' AND g.status IN ('open', 'paused') AND NOT EXISTS (SELECT 1 FROM turns t WHERE t.game_id = p.game_id AND t.round = g.round AND t.seat = p.seat)
             UNION SELECT p.game_id, p.seat FROM players p JOIN games g ON g.id = p.game_id WHERE p.game_id > $2 AND p.away_until IS NOT NULL AND p.away_until >= g.round AND g.ruleset = 'polysleuth' AND g.status IN ('open', 'paused') AND NOT EXISTS (SELECT 1 FROM turns t WHERE t.game_id = p.game_id AND t.round = g.round AND t.seat = p.seat)
             ORDER BY 1, 2 LIMIT $1",
        )
        .bind(limit)
        .bind(after)
        .fetch_all(&self.pool)
        .await?)
    }

    /// `seats_owing` in games whose round is past its deadline (due to close): (game, seat), at
    /// most `limit`, by game, in games after `after`.
    pub async fn seats_owing_due(
        &self,
        now: i64,
        after: i64,
        limit: i64,
    ) -> Result<Vec<(i64, i64)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT p.game_id, p.seat FROM games g JOIN players p ON p.game_id = g.id WHERE g.status = 'open' AND g.deadline <= $1 AND g.id > $2 AND g.ruleset = 'polysleuth' AND (p.computer IS NOT NULL OR p.away_until >= g.round) AND NOT EXISTS (SELECT 1 FROM turns t WHERE t.game_id = p.game_id AND t.round = g.round AND t.seat = p.seat)
             ORDER BY 1, 2 LIMIT $3",
        )
        .bind(now)
        .bind(after)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn player<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        id: i64,
    ) -> Result<Option<PlayerRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {PLAYER_COLUMNS} FROM players WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(e)
        .await?)
    }

    /// The games a player's address is registered in, newest first.
    pub async fn games_of_address(&self, email: &str) -> Result<Vec<i64>, StoreError> {
        let rows: Vec<(i64,)> = sqlx::query_as(
            "SELECT DISTINCT game_id FROM players WHERE lower(email) = lower($1) ORDER BY game_id DESC",
        )
        .bind(email)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }

    /// Counts one more new link mailed to a seat's player on `day` (days since the epoch):
    /// how many that makes on that day.
    pub async fn count_new_link(
        &self,
        tx: &mut Conn,
        player_id: i64,
        day: i64,
    ) -> Result<i64, StoreError> {
        let (count,): (i64,) = sqlx::query_as(
            "UPDATE players SET links_that_day = CASE WHEN links_day = $2 THEN links_that_day + 1 ELSE 1 END, \
             links_day = $2 WHERE id = $1 RETURNING links_that_day",
        )
        .bind(player_id)
        .bind(day)
        .fetch_one(&mut *tx)
        .await?;
        Ok(count)
    }

    /// Gives a player a new key: the old link and reply address stop working.
    pub async fn replace_player_key(
        &self,
        tx: &mut Conn,
        player_id: i64,
        key_hash: &str,
    ) -> Result<i64, StoreError> {
        let (version,): (i64,) = sqlx::query_as(
            "UPDATE players SET key_hash = $1, key_version = key_version + 1 WHERE id = $2 \
             RETURNING key_version",
        )
        .bind(key_hash)
        .bind(player_id)
        .fetch_one(&mut *tx)
        .await?;
        Ok(version)
    }

    /// A seat's new player: name, address, level and key; the key's version moves on, so
    /// the old reply address stops working too. Returns the new version.
    pub async fn reseat_player(
        &self,
        tx: &mut Conn,
        player_id: i64,
        name: &str,
        email: &str,
        key_hash: &str,
        computer: Option<Level>,
    ) -> Result<i64, StoreError> {
        let (version,): (i64,) = sqlx::query_as(
            "UPDATE players SET name = $1, email = $2, key_hash = $3, computer = $4, away_until = NULL, key_version = key_version + 1 WHERE id = $5 RETURNING key_version",
        )
        .bind(name)
        .bind(email)
        .bind(key_hash)
        .bind(computer.map(Level::name))
        .bind(player_id)
        .fetch_one(&mut *tx)
        .await?;
        Ok(version)
    }

    /// A player's own language and time zone (None: the game's).
    pub async fn set_player_prefs<'e, E: Executor<'e, Database = Any>>(
        &self,
        e: E,
        player_id: i64,
        language: Option<Lang>,
        time_zone: Option<&str>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE players SET language = $2, time_zone = $3 WHERE id = $1")
            .bind(player_id)
            .bind(language.map(Lang::code))
            .bind(time_zone)
            .execute(e)
            .await?;
        Ok(())
    }

    /// A player's absence: away through `until`, or back (None).
    pub async fn set_away(
        &self,
        tx: &mut Conn,
        player_id: i64,
        until: Option<i64>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE players SET away_until = $2 WHERE id = $1")
            .bind(player_id)
            .bind(until)
            .execute(&mut *tx)
            .await?;
        Ok(())
    }

    pub async fn player_by_key_hash(&self, hash: &str) -> Result<Option<PlayerRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {PLAYER_COLUMNS} FROM players WHERE key_hash = $1"
        ))
        .bind(hash)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Whether any player of any game is registered with this address.
    pub async fn is_registered(&self, email: &str) -> Result<bool, StoreError> {
        let row: Option<(i64,)> =
            sqlx::query_as("SELECT p.id FROM players p JOIN games g ON g.id = p.game_id WHERE lower(p.email) = lower($1) AND g.status <> 'unconfirmed' LIMIT 1")
                .bind(email)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.is_some())
    }
}
