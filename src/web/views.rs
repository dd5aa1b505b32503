//! What each reader may see, assembled once for both the HTML pages and the JSON API. A view
//! holds only what its reader may know (RULES.md §6); templates never reach past it.

use serde::Serialize;

use crate::deduce::Sheet;
use crate::mail::{time_text, zone};
use crate::master::{Master, MasterError, Seat};
use crate::model::StoredBulletin;
use crate::rules::cards::canonical_order;
use crate::rules::view::{points_text, Published, Reveal};
use crate::rules::{Card, CardSet, Game, Owner, Trait};
use crate::states;
use crate::store::{GameRow, GameStatus};

#[derive(Serialize)]
pub struct PublicPlayer {
    pub name: String,
    pub eyes: u32,
    pub points: f64,
    pub points_text: String,
    pub done: bool,
    /// The level of a computer player; absent for a person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computer: Option<crate::computer::Level>,
    /// The last round of the player's declared absence, while it lasts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub away_until: Option<i64>,
}

impl PublicPlayer {
    /// The player's name as lists show it: "Hal (computer player, detective)".
    pub fn label(&self) -> String {
        match (self.computer, self.away_until) {
            (Some(level), _) => format!("{} (computer player, {level})", self.name),
            (None, Some(r)) => format!("{} (away through round {r})", self.name),
            (None, None) => self.name.clone(),
        }
    }
}

#[derive(Serialize)]
pub struct BulletinView {
    pub round: u32,
    #[serde(flatten)]
    pub stored: StoredBulletin,
    pub published_at: i64,
}

#[derive(Serialize)]
pub struct FinalView {
    pub winners: Vec<String>,
    pub deal_text: String,
    pub salt: String,
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
    pub published: Vec<Published>,
    pub bulletins: Vec<BulletinView>,
    #[serde(rename = "final", skip_serializing_if = "Option::is_none")]
    pub final_: Option<FinalView>,
}

pub async fn public_game(
    master: &Master,
    row: &GameRow,
    state: &Game,
) -> Result<PublicGame, MasterError> {
    let n = state.players.len();
    let owners = state.deal.owners();
    let published = state
        .published
        .iter()
        .map(|c| Published {
            card: c.name(),
            owner: match owners[c.index()] {
                Owner::Seat(s) => state.players[s].clone(),
                Owner::Safe => "safe".into(),
            },
        })
        .collect();
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
    Ok(PublicGame {
        id: row.id,
        name: row.name.clone(),
        status: row.status.to_string(),
        round: row.round,
        deadline: row.deadline,
        deadline_text: match (row.status.as_str(), row.deadline) {
            ("over", _) => "the game is over".into(),
            ("paused", _) => "paused by the game master".into(),
            ("unconfirmed", _) => {
                "not started: it begins when the game master starts the game".into()
            }
            (_, Some(d)) => time_text(d, zone(&row.time_zone)),
            _ => "not set".into(),
        },
        time_zone: row.time_zone.clone(),
        players: (0..n)
            .map(|s| PublicPlayer {
                name: state.players[s].clone(),
                computer: seats.get(s).and_then(|p| p.computer),
                away_until: seats
                    .get(s)
                    .and_then(|p| p.away_until)
                    .filter(|r| *r >= row.round && row.status.has_round_open()),
                eyes: state.eyes[s],
                points: state.half_points[s] as f64 / 2.0,
                points_text: points_text(state.half_points[s]),
                done: state.done[s],
            })
            .collect(),
        hand_size: state.settings.hand_size_for(n),
        safe_size: state.settings.safe_size_for(n),
        settings: state.settings.describe(n),
        commitment: row.commitment.clone(),
        published,
        bulletins,
        final_: state.over.then(|| FinalView {
            winners: state.winners(),
            deal_text: state.deal.canonical_text(&state.players),
            salt: row.salt.clone(),
        }),
    })
}

pub async fn public_game_by_id(master: &Master, id: i64) -> Result<PublicGame, MasterError> {
    let row = master.public_game(id).await?;
    let state = states::parse(&row)?;
    public_game(master, &row, &state).await
}

#[derive(Serialize)]
pub struct OwnGuess {
    pub round: i64,
    pub number: u32,
    pub card: String,
    pub place: String,
    pub correct: bool,
}

#[derive(Serialize)]
pub struct OwnReveal {
    pub round: i64,
    #[serde(flatten)]
    pub reveal: Reveal,
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
    pub game: PublicGame,
}

pub async fn player_view(master: &Master, seat: &Seat) -> Result<PlayerView, MasterError> {
    let s = seat.player.seat as usize;
    let state = &seat.state;
    let game = public_game(master, &seat.game, state).await?;
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
    let mut guesses = Vec::new();
    let mut reveals = Vec::new();
    let reports = master.reports_of(&seat.game, seat.player.seat).await?;
    let hand = state.deal.hands[s].names();
    let bulletins: Vec<&crate::rules::Bulletin> =
        game.bulletins.iter().map(|b| &b.stored.bulletin).collect();
    let (sheet, sheet_pending) =
        crate::sheets::current(master, state, seat.game.id, s, &bulletins, &reports).await?;
    for (round, report) in reports.iter() {
        for g in &report.guesses {
            guesses.push(OwnGuess {
                round: *round,
                number: g.number,
                card: g.card.clone(),
                place: g.place.clone(),
                correct: g.correct,
            });
        }
        for r in &report.reveals {
            reveals.push(OwnReveal {
                round: *round,
                reveal: r.clone(),
            });
        }
    }
    Ok(PlayerView {
        me: state.players[s].clone(),
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
        game,
    })
}

#[derive(Serialize)]
pub struct TurnStatus {
    pub name: String,
    pub sent: bool,
    pub ready: bool,
    pub done: bool,
}

#[derive(Serialize)]
pub struct FailingMail {
    pub recipient: String,
    pub subject: String,
    pub attempts: i64,
    pub error: String,
}

#[derive(Serialize)]
pub struct GmView {
    pub turns: Vec<TurnStatus>,
    pub pending_notes: Vec<String>,
    pub pending_done: Vec<String>,
    pub failing_mail: Vec<FailingMail>,
    pub refused_mail: i64,
    /// "mail to Bob has bounced since round 3: 550 mailbox unknown", one per address.
    pub bounces: Vec<String>,
    pub reminder_hours: String,
    pub game: PublicGame,
    /// Standbys who may be given a seat: (number, name), longest waiting first.
    pub standbys: Vec<(i64, String)>,
}

/// The game master sees who has sent a turn and who is ready, never what a turn says.
pub async fn gm_view(master: &Master, row: &GameRow) -> Result<GmView, MasterError> {
    let state = states::parse(row)?;
    let turns = master
        .store
        .turns(&master.store.pool, row.id, row.round)
        .await?;
    let pending_done: Vec<usize> = serde_json::from_str(&row.gm_done).unwrap_or_default();
    let players = master.store.players(&master.store.pool, row.id).await?;
    Ok(GmView {
        turns: state
            .players
            .iter()
            .enumerate()
            .map(|(s, name)| {
                let t = turns.iter().find(|t| t.seat == s as i64);
                TurnStatus {
                    name: name.clone(),
                    sent: t.is_some() && row.status != GameStatus::Over,
                    ready: t.is_some_and(|t| t.ready == 1) && row.status != GameStatus::Over,
                    done: state.done[s],
                }
            })
            .collect(),
        pending_notes: serde_json::from_str(&row.gm_notes).unwrap_or_default(),
        pending_done: pending_done
            .iter()
            .filter_map(|s| state.players.get(*s).cloned())
            .collect(),
        failing_mail: master
            .store
            .failing_mail(row.id)
            .await?
            .into_iter()
            .map(|m| FailingMail {
                // Another address than a player's (an observer's) is not the GM's to see.
                recipient: players
                    .iter()
                    .find(|p| p.email.eq_ignore_ascii_case(&m.recipient))
                    .map_or("an address that is not a player's".into(), |p| {
                        p.name.clone()
                    }),
                subject: m.subject,
                attempts: m.attempts,
                error: m.last_error.unwrap_or_default(),
            })
            .collect(),
        refused_mail: master.store.refused_inbound(row.id).await?,
        bounces: bounce_lines(master, row).await?,
        reminder_hours: row.reminder_hours.clone(),
        standbys: master
            .store
            .standbys(&master.store.pool, row.id)
            .await?
            .into_iter()
            .map(|s| (s.id, s.name))
            .collect(),
        game: public_game(master, row, &state).await?,
    })
}

/// One line per address whose mail bounced: who (by name when a player), since which round,
/// and the last reason given.
async fn bounce_lines(master: &Master, row: &GameRow) -> Result<Vec<String>, MasterError> {
    let players = master.store.players(&master.store.pool, row.id).await?;
    let mut by_address: Vec<(String, Option<i64>, String)> = Vec::new();
    for b in master.store.bounces(row.id).await? {
        let (email, round, reason) = (b.email, b.round, b.reason);
        match by_address
            .iter_mut()
            .find(|(e, _, _)| e.eq_ignore_ascii_case(&email))
        {
            Some(entry) => entry.2 = reason,
            None => by_address.push((email, round, reason)),
        }
    }
    Ok(by_address
        .into_iter()
        .map(|(email, round, reason)| {
            let who = players
                .iter()
                .find(|p| p.email.eq_ignore_ascii_case(&email))
                // Any other address (an observer's, say) is not the game master's to see.
                .map_or("an address that is not a player's".to_string(), |p| {
                    p.name.clone()
                });
            match round {
                Some(r) => format!("mail to {who} has bounced since round {r}: {reason}"),
                None => format!("mail to {who} has bounced: {reason}"),
            }
        })
        .collect())
}

/// One choice of a select: the value sent and the words shown.
#[derive(Clone, Debug, Serialize)]
pub struct Choice {
    pub value: String,
    pub label: String,
}

/// What the turn builder offers: only choices a turn could accept (RULES.md §3), given the
/// player's hand, their earlier guesses, the published cards and the lines already written.
#[derive(Clone, Debug, Serialize)]
pub struct Builder {
    pub places: Vec<Choice>,
    pub targets: Vec<String>,
    pub cards: Vec<String>,
    pub one_trait: Vec<Choice>,
    pub two_traits: Vec<Choice>,
    pub eyes: u32,
    pub bid_total: u32,
    pub bid_left: u32,
}

impl Builder {
    pub fn new(v: &PlayerView, text: &str) -> Builder {
        let (written, _) = crate::rules::turn::parse_all(text);
        let mut closed: CardSet = v
            .hand
            .iter()
            .chain(v.guesses.iter().map(|g| &g.card))
            .chain(v.game.published.iter().map(|p| &p.card))
            .filter_map(|c| Card::parse(c).ok())
            .collect();
        for g in &written.guesses {
            closed.insert(g.card);
        }
        let mut places: Vec<Choice> = v
            .others
            .iter()
            .map(|o| Choice {
                value: o.clone(),
                label: o.clone(),
            })
            .collect();
        if v.has_safe {
            places.push(Choice {
                value: "safe".into(),
                label: "the safe".into(),
            });
        }
        // Summed wide: bids as large as a u32 must not wrap the total.
        let bid_total = written
            .questions
            .iter()
            .map(|q| u64::from(q.eyes))
            .sum::<u64>();
        let bid_total = u32::try_from(bid_total).unwrap_or(u32::MAX);
        let traits = Trait::all();
        let choice = |ts: &[Trait]| Choice {
            value: ts.iter().map(|t| t.name()).collect::<Vec<_>>().join(" "),
            label: ts
                .iter()
                .map(|t| match t {
                    Trait::Number(_) => t.prose_plural(),
                    _ => t.name().to_string(),
                })
                .collect::<Vec<_>>()
                .join(" & "),
        };
        let mut two_traits = Vec::new();
        for (i, a) in traits.iter().enumerate() {
            for b in &traits[i + 1..] {
                if a.kind() != b.kind() {
                    two_traits.push(choice(&canonical_order(&[*a, *b])));
                }
            }
        }
        Builder {
            places,
            targets: v.others.clone(),
            cards: CardSet::ALL.minus(closed).names(),
            one_trait: traits.iter().map(|t| choice(&[*t])).collect(),
            two_traits,
            eyes: v.eyes,
            bid_total,
            bid_left: v.eyes.saturating_sub(bid_total),
        }
    }

    /// The line the builder's fields describe, or what to fix.
    pub fn line(&self, kind: &str, f: &dyn Fn(&str) -> String) -> Result<String, String> {
        match kind {
            "question" => {
                let target = f("q_target");
                if !self.targets.contains(&target) {
                    return Err("choose another player to ask".into());
                }
                let traits = f("q_traits");
                if !self
                    .one_trait
                    .iter()
                    .chain(&self.two_traits)
                    .any(|c| c.value == traits)
                {
                    return Err("choose one trait, or two of different kinds, to ask about".into());
                }
                let bid = f("q_bid");
                let bid: u32 = match bid.as_str() {
                    "" => 0,
                    b => b.parse().map_err(|_| {
                        format!("the bid \"{b}\" is not a whole number of Private Eyes (0 or more)")
                    })?,
                };
                if bid > self.bid_left {
                    return Err(format!(
                        "you have {} Private Eyes and this turn already bids {}: bid at most {}",
                        self.eyes, self.bid_total, self.bid_left
                    ));
                }
                Ok(format!("({bid}): {target} has how many {traits}?"))
            }
            _ => {
                let place = f("g_place");
                if !self.places.iter().any(|p| p.value == place) {
                    return Err("choose where you think the card is".into());
                }
                let card = f("g_card");
                if !self.cards.contains(&card) {
                    return Err("choose a card you have not guessed yet and do not hold".into());
                }
                Ok(if place == "safe" {
                    format!("{card} is in the safe")
                } else {
                    format!("{place} has {card}")
                })
            }
        }
    }
}
