//! The Atom feed of a game of turns (classic Sleuth, Clue): one entry per turn, newest first,
//! its public lines as text. A game gives its title, its public page and its entries; the feed
//! is drawn the same way for every such game.

use actix_web::HttpResponse;
use askama::Template;

use crate::lang::Lang;
use crate::master::MasterError;

/// One turn's entry: its number, when it last changed (epoch seconds), its public lines.
pub struct Entry {
    pub turn: u32,
    pub at: i64,
    pub text: String,
}

#[derive(Template)]
#[template(path = "frame/turns_feed.xml")]
struct Feed<'a> {
    t: Lang,
    title: &'a str,
    /// The game's public page, whole.
    page: &'a str,
    entries: Vec<(u32, String, String)>,
    updated: String,
}

fn rfc(s: i64) -> String {
    chrono::DateTime::from_timestamp(s, 0)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The feed of a game of turns, `updated` when it last changed.
pub fn turns_feed(
    t: Lang,
    title: &str,
    page: &str,
    entries: Vec<Entry>,
    updated: i64,
) -> Result<HttpResponse, MasterError> {
    let body = Feed {
        t,
        title,
        page,
        entries: entries
            .into_iter()
            .map(|e| (e.turn, rfc(e.at), e.text))
            .collect(),
        updated: rfc(updated),
    }
    .render()
    .map_err(|e| MasterError::Corrupt(e.to_string()))?;
    Ok(HttpResponse::Ok()
        .content_type("application/atom+xml; charset=utf-8")
        .body(body))
}

/// The feed of a game's log grouped by turn (newest first), each turn's entry dated when the
/// next turn began (the newest, when it began): `began_at` holds each turn's start, by turn
/// number − 1, and `created_at` the game's.
pub fn log_feed(
    t: Lang,
    title: &str,
    page: &str,
    log: &[(u32, Vec<String>)],
    began_at: &[i64],
    created_at: i64,
) -> Result<HttpResponse, MasterError> {
    let last = (began_at.iter().copied())
        .chain([created_at])
        .max()
        .unwrap_or(created_at);
    let at = |turn: u32| began_at.get(turn as usize).copied().unwrap_or(last);
    let entries = (log.iter())
        .map(|(turn, lines)| Entry {
            turn: *turn,
            at: at(*turn),
            text: lines.join("\n"),
        })
        .collect();
    turns_feed(t, title, page, entries, last)
}
