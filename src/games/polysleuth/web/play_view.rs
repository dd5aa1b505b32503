//! What the player's page shows, assembled for speed: one trip to the database for a game
//! that did not change (`Master::seat_page`), the parsed game shared, and the two costly
//! parts — the game's public body and the Information Sheet grid — drawn once per change and
//! kept (`PageCache`). The JSON API's view is `views::player_view`.

use std::sync::Arc;

use askama::Template;

pub use super::page_cache::PageCache;
use super::page_cache::{drawn, public_body, GridStamp};
use super::sheet_grid::Grid;
use super::views::{deadline_text, own_history, OwnGuess, OwnReveal, OwnTurn};
use crate::deduce::Method;
use crate::games::polysleuth::rules::view::{points_text, Published};
use crate::games::polysleuth::service::pages::SeatPage;
use crate::lang::Lang;
use crate::master::{Master, MasterError};
use crate::store::GameStatus;
use crate::web::cards::CardView;

/// The player's page, for the template.
pub struct PlayView {
    pub lang: Lang,
    pub me: String,
    pub hand: Vec<String>,
    /// The cards this player cannot usefully guess: their hand, the published cards and the
    /// cards they guessed already (the builder offers the rest).
    pub known: crate::games::polysleuth::rules::CardSet,
    pub cards: Vec<CardView>,
    pub eyes: u32,
    pub points_text: String,
    pub done: bool,
    pub turn: Option<OwnTurn>,
    pub guesses: Vec<OwnGuess>,
    pub reveals: Vec<OwnReveal>,
    pub others: Vec<String>,
    pub has_safe: bool,
    pub published: Vec<Published>,
    pub deadline_text: String,
    pub game_id: i64,
    pub game_name: String,
    pub status: String,
    pub round: i64,
    pub deadline: Option<i64>,
    /// The Information Sheet, drawn.
    pub grid_html: Arc<str>,
    /// The game's public part (standings, rules, bulletins), drawn.
    pub body_html: Arc<str>,
    /// What happened to the player in the last round resolved.
    pub happened: Option<super::happened::Happened>,
    /// The sheet shown is a quick one standing in for the full one (the page is not kept).
    pub sheet_pending: bool,
}

#[derive(Template)]
#[template(path = "games/polysleuth/sheet.html")]
struct SheetPart<'a> {
    t: Lang,
    grid: &'a Grid,
    pending: bool,
}

pub async fn play_view(
    master: &Master,
    cache: &PageCache,
    page: SeatPage,
    lang: Lang,
) -> Result<PlayView, MasterError> {
    let SeatPage {
        seat,
        turn,
        sheet_round,
    } = page;
    let s = seat.player.seat as usize;
    let state = &seat.state;
    let row = &seat.game;
    let reports = master.reports_of(row, seat.player.seat).await?;
    let bulletins = master.bulletins_of(row).await?;
    let resolved = bulletins.len() as i64;

    let body_html = public_body(master, cache, row, state, lang).await?;

    // The sheet: redrawn when a round is resolved or the full sheet is stored.
    let stamp = GridStamp {
        resolved,
        stored: sheet_round,
    };
    let key = (row.id, seat.player.seat, lang);
    let mut sheet_pending = false;
    let grid_html = match cache.grid(key, stamp) {
        Some(html) => html,
        None => {
            let refs: Vec<&crate::games::polysleuth::rules::Bulletin> =
                bulletins.iter().map(|(b, _)| &b.bulletin).collect();
            let current = crate::games::polysleuth::service::sheets::current(
                master, state, row.id, s, &refs, &reports,
            )
            .await?;
            let grid = Grid::new(lang, &current.sheet, current.previous.as_ref(), s);
            let html = drawn(&SheetPart {
                t: lang,
                grid: &grid,
                pending: current.pending,
            })?;
            // A quick sheet standing in for the full one is not kept: the full one is near.
            if !current.pending {
                cache.keep_grid(key, stamp, html.clone());
            }
            sheet_pending = current.pending;
            html
        }
    };

    let (guesses, reveals) = own_history(lang, &reports);
    let happened = super::happened::happened(lang, &reports);
    let mut known = state.deal.hands[s].union(state.published);
    for g in &guesses {
        if let Ok(c) = crate::games::polysleuth::rules::Card::parse(&g.card) {
            known.insert(c);
        }
    }
    let published = state.published_cards();
    Ok(PlayView {
        lang,
        me: state.players[s].clone(),
        hand: state.deal.hands[s].names(),
        known,
        cards: state.deal.hands[s]
            .iter()
            .map(|c| CardView::new(lang, c))
            .collect(),
        eyes: state.eyes[s],
        points_text: points_text(state.half_points[s]),
        done: state.done[s],
        turn: turn
            .filter(|_| row.status != GameStatus::Over)
            .map(|(text, ready, revision)| OwnTurn {
                text,
                ready,
                revision,
            }),
        guesses,
        reveals,
        others: state
            .players
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != s)
            .map(|(_, n)| n.clone())
            .collect(),
        has_safe: !state.deal.safe.is_empty(),
        published,
        deadline_text: deadline_text(lang, row, seat.player.zone(row)),
        game_id: row.id,
        game_name: row.name.clone(),
        status: row.status.to_string(),
        round: row.round,
        deadline: row.deadline,
        grid_html,
        body_html,
        happened,
        sheet_pending,
    })
}
