//! What the player's page shows, assembled for speed: one trip to the database for a game
//! that did not change (`Master::seat_page`), the parsed game shared, and the two costly
//! parts — the game's public body and the Information Sheet grid — drawn once per change and
//! kept (`PageCache`). The JSON API's view is `views::player_view`.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use askama::Template;

use super::cards::CardView;
use super::gm_view::GmExtras;
use super::sheet_grid::Grid;
use super::views::{deadline_text, public_game, OwnGuess, OwnTurn, PublicGame};
use crate::deduce::Method;
use crate::lang::Lang;
use crate::master::{Master, MasterError, SeatPage};
use crate::rules::view::{points_text, Published};
use crate::rules::Owner;
use crate::store::GameStatus;

/// The player's page, for the template.
pub struct PlayView {
    pub lang: Lang,
    pub me: String,
    pub hand: Vec<String>,
    pub cards: Vec<CardView>,
    pub eyes: u32,
    pub points_text: String,
    pub done: bool,
    pub turn: Option<OwnTurn>,
    pub guesses: Vec<OwnGuess>,
    pub reveals: Vec<String>,
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
}

/// Drawn parts of pages, kept until what they show changes.
#[derive(Default)]
pub struct PageCache {
    /// (game, seat, language) → (what the grid was drawn from, the grid).
    grids: RwLock<HashMap<(i64, i64, Lang), (GridStamp, Arc<str>)>>,
    /// (game, language) → (fingerprint of the game, the public body).
    bodies: RwLock<HashMap<(i64, Lang), (u64, Arc<str>)>>,
    /// (game, language) → (when read, the game master's mail problems and standbys).
    extras: RwLock<HashMap<(i64, Lang), (Instant, Arc<GmExtras>)>>,
}

/// How long the game master's page shows mail problems and standbys from memory.
const EXTRAS_FOR: Duration = Duration::from_secs(2);

/// A grid stays right while the game's resolved rounds and the stored sheet's round stay.
#[derive(Clone, Copy, PartialEq, Eq)]
struct GridStamp {
    resolved: i64,
    stored: Option<i64>,
}

impl PageCache {
    /// Bounded: when full it starts again, which costs only drawing again.
    const MAX: usize = 20_000;

    fn grid(&self, key: (i64, i64, Lang), stamp: GridStamp) -> Option<Arc<str>> {
        let map = self.grids.read().expect("cache lock");
        map.get(&key)
            .filter(|(s, _)| *s == stamp)
            .map(|(_, h)| h.clone())
    }

    fn keep_grid(&self, key: (i64, i64, Lang), stamp: GridStamp, html: Arc<str>) {
        let mut map = self.grids.write().expect("cache lock");
        if map.len() >= Self::MAX {
            map.clear();
        }
        map.insert(key, (stamp, html));
    }

    pub fn extras(&self, key: (i64, Lang)) -> Option<Arc<GmExtras>> {
        let map = self.extras.read().expect("cache lock");
        map.get(&key)
            .filter(|(at, _)| at.elapsed() < EXTRAS_FOR)
            .map(|(_, e)| e.clone())
    }

    pub fn keep_extras(&self, key: (i64, Lang), extras: Arc<GmExtras>) {
        let mut map = self.extras.write().expect("cache lock");
        if map.len() >= Self::MAX {
            map.clear();
        }
        map.insert(key, (Instant::now(), extras));
    }

    fn body(&self, key: (i64, Lang), print: u64) -> Option<Arc<str>> {
        let map = self.bodies.read().expect("cache lock");
        map.get(&key)
            .filter(|(p, _)| *p == print)
            .map(|(_, h)| h.clone())
    }

    fn keep_body(&self, key: (i64, Lang), print: u64, html: Arc<str>) {
        let mut map = self.bodies.write().expect("cache lock");
        if map.len() >= Self::MAX {
            map.clear();
        }
        map.insert(key, (print, html));
    }
}

#[derive(Template)]
#[template(path = "sheet.html")]
struct SheetPart<'a> {
    t: Lang,
    grid: &'a Grid,
    pending: bool,
}

#[derive(Template)]
#[template(path = "game_body.html")]
struct BodyPart<'a> {
    t: Lang,
    g: &'a PublicGame,
}

fn drawn<T: Template>(t: &T) -> Result<Arc<str>, MasterError> {
    t.render()
        .map(Arc::from)
        .map_err(|e| MasterError::Corrupt(format!("a page part cannot be drawn: {e}")))
}

/// The game's public body (standings, rules, bulletins), drawn again only when the game's
/// state, schedule, bulletins or seats change.
pub async fn public_body(
    master: &Master,
    cache: &PageCache,
    row: &crate::store::GameRow,
    state: &crate::rules::Game,
    lang: Lang,
) -> Result<Arc<str>, MasterError> {
    let seats = master.seats_of(row.id).await?;
    let resolved = master.bulletins_of(row).await?.len();
    let print = {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (
            &row.state,
            row.status.as_str(),
            row.deadline,
            row.round,
            resolved,
        )
            .hash(&mut h);
        for p in seats.iter() {
            (&p.name, p.away_until, p.computer.map(|c| c.name())).hash(&mut h);
        }
        h.finish()
    };
    if let Some(html) = cache.body((row.id, lang), print) {
        return Ok(html);
    }
    let g = public_game(master, row, state, lang).await?;
    let html = drawn(&BodyPart { t: lang, g: &g })?;
    cache.keep_body((row.id, lang), print, html.clone());
    Ok(html)
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
    let grid_html = match cache.grid(key, stamp) {
        Some(html) => html,
        None => {
            let refs: Vec<&crate::rules::Bulletin> =
                bulletins.iter().map(|(b, _)| &b.bulletin).collect();
            let current = crate::sheets::current(master, state, row.id, s, &refs, &reports).await?;
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
            html
        }
    };

    let mut guesses = Vec::new();
    let mut reveals = Vec::new();
    for (round, report) in reports.iter() {
        for g in &report.guesses {
            let place = if g.place == "the safe" || g.place == "safe" {
                lang.t("the-safe")
            } else {
                g.place.clone()
            };
            guesses.push(OwnGuess {
                round: *round,
                number: g.number,
                words: lang.t2(
                    "own-guess",
                    "place",
                    place,
                    "card",
                    crate::lang::card_named(lang, &g.card),
                ),
                card: g.card.clone(),
                place: g.place.clone(),
                correct: g.correct,
            });
        }
        for r in &report.reveals {
            let cards = crate::lang::cards(lang, &r.cards);
            reveals.push(
                lang.tr(
                    "own-reveal",
                    [
                        ("round", (*round).into()),
                        ("target", r.target.as_str().into()),
                        (
                            "traits",
                            crate::lang::traits_count_named(lang, r.cards.len() as u32, &r.traits)
                                .into(),
                        ),
                        (
                            "cards",
                            if cards.is_empty() {
                                lang.t("none")
                            } else {
                                cards.join(", ")
                            }
                            .into(),
                        ),
                    ],
                ),
            );
        }
    }
    let owners = state.deal.owners();
    let published = state
        .published
        .iter()
        .map(|c| Published {
            card: c.name(),
            owner: match owners[c.index()] {
                Owner::Seat(o) => state.players[o].clone(),
                Owner::Safe => "safe".into(),
            },
        })
        .collect();
    Ok(PlayView {
        lang,
        me: state.players[s].clone(),
        hand: state.deal.hands[s].names(),
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
    })
}
