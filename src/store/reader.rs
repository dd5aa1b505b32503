//! Reads of the hottest page on a SQLite file, run on the calling thread's own read-only
//! connection. sqlx runs each SQLite connection on a worker thread, so every statement costs
//! two thread switches; on a player's page under load those switches were most of the work.
//! A WAL reader never waits for the writer, so the read is short and safe on the caller's
//! thread. The statements are the sqlx path's own, their `$N` bound by name.

use std::cell::RefCell;

use rusqlite::{Connection, OpenFlags, OptionalExtension};

use super::games::GameRow;
use super::rows::{Columns, Decode, Named};
use super::StoreError;

/// The one statement of a player's page.
pub(super) const PLAYER_PAGE: &str =
    "SELECT g.*, t.text AS turn_text, t.ready AS turn_ready, t.revision AS turn_revision, s.round AS sheet_round
     FROM games g
     LEFT JOIN turns t ON t.game_id = g.id AND t.round = g.round AND t.seat = $2
     LEFT JOIN sheets s ON s.game_id = g.id AND s.seat = $2
     WHERE g.id = $1";

/// The game master's page on PostgreSQL, after the game: who has sent a turn for its open round.
pub(super) const GM_PAGE_TURNS: &str =
    "SELECT seat, ready FROM turns WHERE game_id = $1 AND round = $2 ORDER BY seat";

/// What a player's page reads in its one trip to the database: the game, the seat's turn
/// for the open round, and the round of the seat's stored sheet.
#[derive(Clone)]
pub struct PlayerPage {
    pub game: GameRow,
    /// (text, ready, revision) of the seat's turn for the open round.
    pub turn: Option<(String, bool, i64)>,
    pub sheet_round: Option<i64>,
}

impl PlayerPage {
    pub(super) fn decode(row: &impl Columns) -> Result<PlayerPage, StoreError> {
        let turn = match row.maybe_text("turn_text")? {
            Some(text) => Some((
                text,
                row.maybe_int("turn_ready")? == Some(1),
                row.maybe_int("turn_revision")?.unwrap_or(0),
            )),
            None => None,
        };
        Ok(PlayerPage {
            game: GameRow::decode(row)?,
            turn,
            sheet_round: row.maybe_int("sheet_round")?,
        })
    }
}

/// The game master's page: the game, and (seat, ready) of each turn of its open round.
pub type GmPageRows = (GameRow, Vec<(i64, bool)>);

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
            // Pages read through the file's memory map rather than copies in SQLite's cache.
            conn.execute_batch("PRAGMA busy_timeout=10000; PRAGMA mmap_size=268435456;")?;
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
        // Nothing written to the file since this thread last read this page: it is the same.
        let version: i64 = conn
            .prepare_cached("PRAGMA data_version")?
            .query_row([], |row| row.get(0))?;
        let kept = READ.with(|read| {
            let mut read = read.borrow_mut();
            if read.file != file || read.version != version {
                read.file = file.to_string();
                read.version = version;
                read.pages.clear();
            }
            read.pages.get(&(game_id, seat)).cloned()
        });
        if let Some(page) = kept {
            return Ok(Some(page));
        }
        let mut statement = conn.prepare_cached(PLAYER_PAGE)?;
        let page = statement
            // By name: `$2` comes before `$1` in the text, and SQLite numbers by appearance.
            .query_row(rusqlite::named_params! {"$1": game_id, "$2": seat}, |row| {
                Ok(PlayerPage::decode(&Named::new(row)))
            })
            .optional()?
            .transpose()?;
        if let Some(page) = &page {
            READ.with(|read| {
                let mut read = read.borrow_mut();
                if read.version == version && read.file == file {
                    if read.pages.len() >= 1_000 {
                        read.pages.clear();
                    }
                    read.pages.insert((game_id, seat), page.clone());
                }
            });
        }
        Ok(page)
    })
}

/// Players' pages this thread read, and the file's `data_version` they were read at: SQLite
/// changes it on this connection whenever another connection commits to the file, so a page
/// read at the same version is what a new read would give.
#[derive(Default)]
struct Read {
    file: String,
    version: i64,
    pages: std::collections::HashMap<(i64, i64), PlayerPage>,
}

thread_local! {
    static READ: RefCell<Read> = RefCell::new(Read::default());
}

/// The game master's page in one statement on SQLite: the game, and its open round's turns as
/// `seat:ready` pairs (one trip instead of two; the order is restored after).
const GM_PAGE_SQLITE: &str = "SELECT g.*,
       (SELECT group_concat(t.seat || ':' || t.ready) FROM turns t
         WHERE t.game_id = g.id AND t.round = g.round) AS round_turns
     FROM games g WHERE g.id = $1";

pub(super) fn gm_page(file: &str, game_id: i64) -> Result<Option<GmPageRows>, StoreError> {
    with_reader(file, |conn| {
        conn.prepare_cached(GM_PAGE_SQLITE)?
            .query_row([game_id], |row| {
                let row = Named::new(row);
                Ok(GameRow::decode(&row).and_then(|game| {
                    let turns = round_turns(row.maybe_text("round_turns")?.as_deref())?;
                    Ok((game, turns))
                }))
            })
            .optional()?
            .transpose()
    })
}

/// `2:1,0:0` → `[(0, false), (2, true)]`.
fn round_turns(pairs: Option<&str>) -> Result<Vec<(i64, bool)>, StoreError> {
    let mut turns = pairs
        .unwrap_or_default()
        .split(',')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (seat, ready) = p.split_once(':').unwrap_or((p, "0"));
            seat.parse::<i64>()
                .map(|seat| (seat, ready == "1"))
                .map_err(|_| StoreError::Direct(format!("a turn's seat is not a number: {p}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    turns.sort_unstable();
    Ok(turns)
}

#[cfg(test)]
mod tests {
    use super::round_turns;

    #[test]
    fn the_open_rounds_turns_read_back_in_seat_order() {
        assert_eq!(
            round_turns(Some("2:1,0:0,1:1")).unwrap(),
            vec![(0, false), (1, true), (2, true)]
        );
        assert_eq!(round_turns(None).unwrap(), vec![]);
        assert!(round_turns(Some("x:1")).is_err());
    }
}
