//! What each reader may see, assembled once for both the HTML pages and the JSON API. A view
//! holds only what its reader may know (RULES.md §6); templates never reach past it.

use serde::Serialize;

use crate::deduce::Sheet;
use crate::games::polysleuth::letters::Ending;
use crate::games::polysleuth::rules::view::{points_text, Published, Reveal};
use crate::games::polysleuth::rules::Game;
use crate::games::polysleuth::service::model::StoredBulletin;
use crate::games::polysleuth::service::pages::Seat;
use crate::games::polysleuth::service::states;
use crate::lang::Lang;
use crate::mail::zone;
use crate::master::{Master, MasterError};
use crate::store::{GameRow, GameStatus};
use crate::web::cards::CardView;

#[derive(Serialize)]
pub struct PublicPlayer {
    pub name: String,
    pub eyes: u32,
    pub points: f64,
    pub points_text: String,
    pub done: bool,
    /// The level of a computer player; absent for a person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computer: Option<crate::level::Level>,
    /// The last round of the player's declared absence, while it lasts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub away_until: Option<i64>,
    /// The player's name as lists show it: "Hal (computer player, detective)".
    #[serde(skip)]
    pub label: String,
}

fn player_label(
    lang: Lang,
    name: &str,
    computer: Option<crate::level::Level>,
    away: Option<i64>,
) -> String {
    match (computer, away) {
        (Some(level), _) => lang.t2(
            "player-computer",
            "name",
            name,
            "level",
            lang.t(&format!("level-{level}")),
        ),
        (None, Some(r)) => lang.t2("player-away", "name", name, "round", r),
        (None, None) => name.to_string(),
    }
}

#[derive(Serialize)]
pub struct BulletinView {
    pub round: u32,
    #[serde(flatten)]
    pub stored: StoredBulletin,
    pub published_at: i64,
}

/// The end of a game: its winners, and what the final bulletin publishes (the deal, the
/// salt, the commitment).
#[derive(Serialize)]
pub struct FinalView {
    pub winners: Vec<crate::games::polysleuth::rules::view::Name>,
    #[serde(flatten)]
    pub ending: Ending,
}

#[derive(Serialize)]
pub struct PublicGame {
    pub id: i64,
    pub name: String,
    pub status: String,
    pub round: i64,
    pub deadline: Option<i64>,
    pub deadline_text: String,
    pub time_zone: String,
    pub players: Vec<PublicPlayer>,
    pub hand_size: usize,
    pub safe_size: usize,
    pub settings: Vec<(String, String)>,
    pub commitment: String,
    /// The operator gave the seed or the deal: the page says so beside the commitment.
    pub operator_deal: bool,
    pub published: Vec<Published>,
    pub bulletins: Vec<BulletinView>,
    #[serde(rename = "final", skip_serializing_if = "Option::is_none")]
    pub final_: Option<FinalView>,
    /// The language the view is worded in.
    #[serde(skip)]
    pub lang: Lang,
    /// The game's `one_trait_markup`: each answer's bid is told apart from it.
    #[serde(skip)]
    pub markup: u32,
}

pub async fn public_game(
    master: &Master,
    row: &GameRow,
    state: &Game,
    lang: Lang,
) -> Result<PublicGame, MasterError> {
    let n = state.players.len();
    let published = state.published_cards();
    let bulletins = master
        .bulletins_of(row)
        .await?
        .iter()
        .map(|(stored, at)| BulletinView {
            round: stored.bulletin.round,
            stored: stored.clone(),
            published_at: *at,
        })
        .collect();
    // Who sits where may change within a round (a newcomer, an absence): read every time.
    let seats = master.seats_of(row.id).await?;
    let seating = master.seating_of(row.id).await?;
    Ok(PublicGame {
        id: row.id,
        name: row.name.clone(),
        status: row.status.to_string(),
        round: row.round,
        deadline: row.deadline,
        deadline_text: deadline_text(lang, row, &row.time_zone),
        time_zone: row.time_zone.clone(),
        players: (0..n)
            .map(|s| {
                let computer = seats.get(s).and_then(|p| p.computer);
                let away_until = seats
                    .get(s)
                    .and_then(|p| p.away_until)
                    .filter(|r| *r >= row.round && row.status.has_round_open());
                PublicPlayer {
                    name: state.players[s].clone(),
                    label: player_label(lang, &state.players[s], computer, away_until),
                    computer,
                    away_until,
                    eyes: state.eyes[s],
                    points: state.half_points[s] as f64 / 2.0,
                    points_text: points_text(state.half_points[s]),
                    done: state.done[s],
                }
            })
            .collect(),
        hand_size: state.settings.hand_size_for(n),
        safe_size: state.settings.safe_size_for(n),
        settings: crate::games::polysleuth::words::settings(
            lang,
            &state.settings,
            n,
            seating.as_ref(),
        ),
        commitment: row.commitment.clone(),
        operator_deal: row.operator_deal,
        published,
        bulletins,
        final_: Ending::of(row, state).map(|ending| FinalView {
            winners: state.winners(),
            ending,
        }),
        lang,
        markup: state.settings.one_trait_markup,
    })
}

/// When the open round closes, in a reader's language and time zone; or why no round is open.
pub fn deadline_text(lang: Lang, row: &GameRow, time_zone: &str) -> String {
    match (row.status.as_str(), row.deadline) {
        ("over", _) => lang.t("deadline-over"),
        ("paused", _) => lang.t("deadline-paused"),
        ("unconfirmed", _) => lang.t("deadline-unconfirmed"),
        (_, Some(d)) => lang.time(d, zone(time_zone)),
        _ => lang.t("deadline-not-set"),
    }
}

pub async fn public_game_by_id(
    master: &Master,
    id: i64,
    lang: Lang,
) -> Result<PublicGame, MasterError> {
    let row = master.public_game(id).await?;
    let state = states::parse(&row)?;
    public_game(master, &row, &state, lang).await
}

#[derive(Serialize)]
pub struct OwnGuess {
    pub round: i64,
    pub number: u32,
    pub card: String,
    pub place: String,
    pub correct: bool,
    /// The guess in the reader's words: `Ben has 2 Red Diamond` / `Ben a paire de diamants rouges`.
    #[serde(skip)]
    pub words: String,
    /// The card guessed as pages draw it (its colour and marks).
    #[serde(skip)]
    pub chip: Option<crate::web::cards::CardView>,
}

#[derive(Serialize)]
pub struct OwnReveal {
    pub round: i64,
    #[serde(flatten)]
    pub reveal: Reveal,
    /// The reveal in the reader's words.
    #[serde(skip)]
    pub words: String,
    /// The cards shown, as pages draw them.
    #[serde(skip)]
    pub chips: Vec<crate::web::cards::CardView>,
}

#[derive(Serialize)]
pub struct OwnTurn {
    pub text: String,
    pub ready: bool,
    pub revision: i64,
}

#[derive(Serialize)]
pub struct PlayerView {
    pub me: String,
    pub hand: Vec<String>,
    /// The hand as the page draws it.
    #[serde(skip)]
    pub cards: Vec<CardView>,
    pub eyes: u32,
    pub points: f64,
    pub points_text: String,
    pub done: bool,
    pub turn: Option<OwnTurn>,
    pub guesses: Vec<OwnGuess>,
    pub reveals: Vec<OwnReveal>,
    pub others: Vec<String>,
    pub has_safe: bool,
    pub sheet: Sheet,
    /// The sheet shown is a quick one; the full one for the latest round is on its way.
    pub sheet_pending: bool,
    /// The deadline in the player's language and time zone.
    #[serde(skip)]
    pub deadline_text: String,
    pub game: PublicGame,
}

pub async fn player_view(
    master: &Master,
    seat: &Seat,
    lang: Lang,
) -> Result<PlayerView, MasterError> {
    let s = seat.player.seat as usize;
    let state = &seat.state;
    let game = public_game(master, &seat.game, state, lang).await?;
    let turn = master
        .store
        .turn(
            &master.store.pool,
            seat.game.id,
            seat.game.round,
            seat.player.seat,
        )
        .await?
        .filter(|_| seat.game.status != GameStatus::Over)
        .map(|t| OwnTurn {
            text: t.text,
            ready: t.ready == 1,
            revision: t.revision,
        });
    let reports = master.reports_of(&seat.game, seat.player.seat).await?;
    let hand = state.deal.hands[s].names();
    let bulletins: Vec<&crate::games::polysleuth::rules::Bulletin> =
        game.bulletins.iter().map(|b| &b.stored.bulletin).collect();
    let current = crate::games::polysleuth::service::sheets::current(
        master,
        state,
        seat.game.id,
        s,
        &bulletins,
        &reports,
    )
    .await?;
    let (sheet, sheet_pending) = (current.sheet, current.pending);
    let (guesses, reveals) = own_history(lang, &reports);
    Ok(PlayerView {
        me: state.players[s].clone(),
        cards: state.deal.hands[s]
            .iter()
            .map(|c| CardView::new(lang, c))
            .collect(),
        hand,
        eyes: state.eyes[s],
        points: state.half_points[s] as f64 / 2.0,
        points_text: points_text(state.half_points[s]),
        done: state.done[s],
        turn,
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
        sheet,
        sheet_pending,
        deadline_text: deadline_text(lang, &seat.game, seat.player.zone(&seat.game)),
        game,
    })
}

/// A player's own guesses and reveals, round by round, worded for their page.
pub fn own_history(
    lang: Lang,
    reports: &[(i64, crate::games::polysleuth::rules::PrivateReport)],
) -> (Vec<OwnGuess>, Vec<OwnReveal>) {
    let mut guesses = Vec::new();
    let mut reveals = Vec::new();
    for (round, report) in reports.iter() {
        for g in &report.guesses {
            let place = lang.guess_place(&g.place);
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
                chip: crate::games::polysleuth::rules::Card::parse(&g.card)
                    .ok()
                    .map(|c| crate::web::cards::CardView::new(lang, c)),
                card: g.card.to_string(),
                place: g.place.to_string(),
                correct: g.correct,
            });
        }
        for r in &report.reveals {
            let cards = crate::lang::cards(lang, &r.cards);
            let words = lang.tr(
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
            );
            reveals.push(OwnReveal {
                round: *round,
                reveal: r.clone(),
                words,
                chips: (r.cards.iter())
                    .filter_map(|c| crate::games::polysleuth::rules::Card::parse(c).ok())
                    .map(|c| crate::web::cards::CardView::new(lang, c))
                    .collect(),
            });
        }
    }
    (guesses, reveals)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::polysleuth::rules::view::{PrivateGuess, PrivateReport, Reveal};

    #[test]
    fn a_players_own_guesses_and_reveals_carry_their_cards_as_drawn() {
        let report = PrivateReport {
            player: "Ann".into(),
            guesses: vec![PrivateGuess {
                number: 1,
                card: "2 Red Diamond".into(),
                place: "Ben".into(),
                correct: true,
            }],
            reveals: vec![Reveal {
                player: "Ann".into(),
                target: "Ben".into(),
                traits: vec!["Blue".into(), "Opal".into()],
                cards: vec!["1 Blue Opal".into(), "3 Blue Opal".into()],
            }],
            eyes: 10,
            half_points: 2,
            questions: vec![],
        };
        let (guesses, reveals) = own_history(Lang::Fr, &[(1, report)]);
        let chip = guesses[0].chip.as_ref().expect("the guessed card drawn");
        assert_eq!((chip.marks, chip.colour), ("◆◆", "red"));
        let marks: Vec<&str> = reveals[0].chips.iter().map(|c| c.marks).collect();
        assert_eq!(marks, ["●", "●●●"]);
        assert!(reveals[0].chips.iter().all(|c| c.colour == "blue"));
    }
}
