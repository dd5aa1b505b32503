//! Reads of the hottest page on a SQLite file, run on the calling thread's own read-only
//! connection. sqlx runs each SQLite connection on a worker thread, so every statement costs
//! two thread switches; on a player's page under load those switches were most of the work.
//! A WAL reader never waits for the writer, so the read is short and safe on the caller's
//! thread. The statements are the sqlx path's own, their `$N` bound by name.

use std::cell::RefCell;

use rusqlite::{Connection, OpenFlags, OptionalExtension};

use super::games::{GameRow, PlayerPage, GM_PAGE_GAME, GM_PAGE_TURNS, PLAYER_PAGE};
use super::rows::Decode;
use super::StoreError;

thread_local! {
    /// This thread's connection, and the file it reads.
    static READER: RefCell<Option<(String, Connection)>> = const { RefCell::new(None) };
}

fn with_reader<T>(
    file: &str,
    read: impl FnOnce(&Connection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    READER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|(f, _)| f != file) {
            let conn = Connection::open_with_flags(
                file,
                OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
            )?;
            conn.execute_batch("PRAGMA busy_timeout=10000;")?;
            *slot = Some((file.to_string(), conn));
        }
        let (_, conn) = slot.as_ref().expect("a reader was just opened");
        read(conn)
    })
}

pub(super) fn player_page(
    file: &str,
    game_id: i64,
    seat: i64,
) -> Result<Option<PlayerPage>, StoreError> {
    with_reader(file, |conn| {
        let mut statement = conn.prepare_cached(PLAYER_PAGE)?;
        statement
            // By name: `$2` comes before `$1` in the text, and SQLite numbers by appearance.
            .query_row(rusqlite::named_params! {"$1": game_id, "$2": seat}, |row| {
                Ok(PlayerPage::decode(row))
            })
            .optional()?
            .transpose()
    })
}

pub(super) fn gm_page(
    file: &str,
    game_id: i64,
) -> Result<Option<(GameRow, Vec<(i64, bool)>)>, StoreError> {
    with_reader(file, |conn| {
        let game = conn
            .prepare_cached(GM_PAGE_GAME)?
            .query_row([game_id], |row| Ok(GameRow::decode(row)))
            .optional()?
            .transpose()?;
        let Some(game) = game else { return Ok(None) };
        let mut statement = conn.prepare_cached(GM_PAGE_TURNS)?;
        let turns = statement
            .query_map([game_id, game.round], |row| {
                Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)? == 1))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some((game, turns)))
    })
}
