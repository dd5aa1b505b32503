//! `polysleuth replay` for a classic-Sleuth record (`"ruleset": "sleuth"`): the whole game
//! through the `sleuth` engine alone, no database, no clock. The format is documented in
//! docs/src/contracts/sleuth-records.md; Polysleuth's contract is untouched.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::deduce::{Budget, Sheet};
use crate::games::polysleuth::rules::deal::derived_salt;
use crate::games::polysleuth::rules::{Card, CardSet};
use crate::games::sleuth::rules::{Deal, SearchCard, Settings, Sleuth, Step};

/// A sheet to print: `player`'s view after `after` steps, for `cards` (all when empty).
#[derive(Deserialize)]
struct SheetAsk {
    after: usize,
    player: String,
    #[serde(default)]
    cards: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Input {
    #[allow(dead_code)]
    ruleset: String,
    players: Vec<String>,
    #[serde(default)]
    settings: Option<Settings>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    salt: Option<String>,
    #[serde(default)]
    deal: Option<BTreeMap<String, Vec<String>>>,
    #[serde(default)]
    search_deck: Option<Vec<SearchCard>>,
    #[serde(default)]
    reshuffles: Vec<Vec<SearchCard>>,
    #[serde(default)]
    steps: Vec<Step>,
    #[serde(default)]
    sheets: Vec<SheetAsk>,
    /// What a finished game's record holds beyond the input (`verify` compares it); ignored
    /// by `replay`.
    #[serde(default)]
    #[allow(dead_code)]
    commitment: Option<String>,
    #[serde(default)]
    #[allow(dead_code)]
    log: Option<Value>,
    #[serde(default)]
    #[allow(dead_code)]
    winners: Option<Value>,
    #[serde(default)]
    #[allow(dead_code)]
    missing: Option<Value>,
    /// `operator` when the operator gave the seed or the deal, `service` when it drew them;
    /// `verify` says so.
    #[serde(default)]
    #[allow(dead_code)]
    deal_given_by: Option<String>,
    /// Whether turns go on among players all skipped for idleness (the rules, and the
    /// default); `false` replays a game that stopped with nobody on turn instead, as games did
    /// before the rule was applied (`verify` reads a record without the key so).
    #[serde(default = "crate::games::sleuth::rules::game::yes")]
    turns_among_skipped: bool,
    /// Whether `pass` is taken as a turn's action, as games stored before the rules were
    /// followed there took it; absent, it is refused, as the rules say (`verify` reads a record
    /// without the key as `true`: every such record comes from before).
    #[serde(default)]
    voluntary_pass: bool,
}

/// A record that cannot be played, said in one sentence.
type ReplayError = String;

fn bad(msg: impl Into<String>) -> ReplayError {
    msg.into()
}

/// Whether a record is a classic-Sleuth one.
pub fn is_classic(input: &Value) -> bool {
    input.get("ruleset").and_then(|r| r.as_str()) == Some("sleuth")
}

/// Reads the `deal` object: each player's hand, `table` and `missing`.
pub fn read_deal(
    players: &[String],
    deal: &BTreeMap<String, Vec<String>>,
) -> Result<Deal, ReplayError> {
    let set = |who: &str| -> Result<CardSet, ReplayError> {
        let names = deal.get(who).cloned().unwrap_or_default();
        let cards: Vec<Card> = names
            .iter()
            .map(|n| Card::parse(n).map_err(|e| bad(format!("deal of {who}: \"{n}\": {e}"))))
            .collect::<Result<_, _>>()?;
        let set: CardSet = cards.iter().copied().collect();
        if set.len() != cards.len() {
            return Err(bad(format!("deal of {who}: a card is listed twice")));
        }
        Ok(set)
    };
    for key in deal.keys() {
        if key != "table" && key != "missing" && !players.contains(key) {
            return Err(bad(format!(
                "the deal names \"{key}\", who is not a player (use the players' names, \"table\" and \"missing\")"
            )));
        }
    }
    Ok(Deal {
        hands: players.iter().map(|p| set(p)).collect::<Result<_, _>>()?,
        table: set("table")?,
        missing: set("missing")?,
    })
}

/// Plays a classic record and gives its outcome as JSON.
pub fn run(input: &str) -> Result<Value, ReplayError> {
    let input: Input =
        serde_json::from_str(input).map_err(|e| bad(format!("the record is not valid: {e}")))?;
    let seed = input.seed.unwrap_or(0);
    let salt = input.salt.clone().unwrap_or_else(|| derived_salt(seed));
    let deal = match &input.deal {
        Some(d) => Some(read_deal(&input.players, d)?),
        None => None,
    };
    let mut game = Sleuth::new(
        input.players.clone(),
        input.settings.clone().unwrap_or_default(),
        seed,
        salt,
        deal,
        input.search_deck.clone(),
    )
    .map_err(|e| bad(e.to_string()))?;
    game.given_reshuffles = input.reshuffles.clone();
    if !input.turns_among_skipped {
        // Set before any step: the first turn is begun already, and no seat is skipped yet.
        game.turns_among_skipped = false;
    }
    game.voluntary_pass = input.voluntary_pass;
    let start = game.clone();
    let mut steps_out = Vec::new();
    let mut sheets_out = Vec::new();
    let sheet_at = |game: &Sleuth, done: usize, out: &mut Vec<Value>| -> Result<(), ReplayError> {
        for ask in input.sheets.iter().filter(|s| s.after == done) {
            out.push(sheet(game, ask)?);
        }
        Ok(())
    };
    sheet_at(&game, 0, &mut sheets_out)?;
    for (i, step) in input.steps.iter().enumerate() {
        let mut out = Map::new();
        out.insert("step".into(), json!(i + 1));
        let moved = match step {
            Step::Message { player, text, late } => {
                let seat = game
                    .seat_of(player)
                    .ok_or_else(|| bad(format!("step {}: \"{player}\" is not a player", i + 1)))?;
                out.insert("player".into(), json!(game.players[seat]));
                // A late message is heard, never played: its public event is the step's.
                let played = match late {
                    true => Err(Vec::new()),
                    false => game.act(seat, text),
                };
                match played {
                    Ok(m) => m,
                    Err(errors) => {
                        // Refused, it still lifts a skip for idleness, as it did in the game:
                        // its public event is the step's.
                        let before = game.log.len();
                        let heard = match late {
                            true => game.hear_late(seat, text),
                            false => game.heard_from(seat, text),
                        };
                        if *late {
                            out.insert("late".into(), json!(true));
                        }
                        if heard {
                            let events: Vec<Value> = (before..game.log.len())
                                .map(|k| game.named(&game.log[k], k))
                                .collect();
                            out.insert("events".into(), json!(events));
                            out.insert("shown".into(), json!([]));
                        }
                        out.insert("rejected".into(), json!(errors));
                        steps_out.push(Value::Object(out));
                        sheet_at(&game, i + 1, &mut sheets_out)?;
                        continue;
                    }
                }
            }
            Step::Deadline { .. } => {
                out.insert("deadline".into(), json!(game.turn));
                game.deadline(game.turn)
            }
            Step::Gm { gm } => {
                out.insert("gm".into(), json!(gm));
                gm_step(&mut game, gm).map_err(|e| bad(format!("step {}: {e}", i + 1)))?
            }
        };
        let first = game.log.len() - moved.events.len();
        out.insert(
            "events".into(),
            json!((moved.events.iter().enumerate())
                .map(|(k, e)| game.named(e, first + k))
                .collect::<Vec<_>>()),
        );
        out.insert(
            "shown".into(),
            json!(moved
                .reveals
                .iter()
                .map(
                    |r| json!({"asker": game.players[r.asker], "target": game.players[r.target],
                                "traits": r.traits, "cards": r.cards})
                )
                .collect::<Vec<_>>()),
        );
        steps_out.push(Value::Object(out));
        sheet_at(&game, i + 1, &mut sheets_out)?;
    }
    // A reshuffle the input gives is the game's own: one whose cards no discard pile held is
    // bad input, named, not quietly replaced by the order the salt gives.
    if !game.given_reshuffles.is_empty() {
        let used = input.reshuffles.len() - game.given_reshuffles.len();
        return Err(bad(format!(
            "reshuffle {} of the {} given was not used: the game reshuffled {} times, and no \
             discard pile then held its cards; give each reshuffle as the discard pile's cards \
             in their new order, or leave \"reshuffles\" out to draw them from the salt",
            used + 1,
            input.reshuffles.len(),
            game.reshuffles.len()
        )));
    }
    let end = game.end();
    Ok(json!({
        "ruleset": "sleuth",
        "deal": end.deal,
        "search_deck": start.search_order,
        "search_cards": start.search.iter().zip(&start.players)
            .map(|(s, p)| (p.clone(), json!(s))).collect::<Map<_, _>>(),
        "commitment": start.commitment(),
        "canonical": start.canonical_text(),
        "steps": steps_out,
        "sheets": sheets_out,
        "turns": game.turn,
        "over": game.over,
        "winners": game.winners.iter().map(|s| game.players[*s].clone()).collect::<Vec<_>>(),
        "out": (0..game.players.len())
            .filter(|s| game.seats[*s].standing == crate::games::sleuth::rules::Standing::Out)
            .map(|s| game.players[s].clone()).collect::<Vec<_>>(),
        "missing": end.missing,
        "reshuffles": end.reshuffles,
        "log": game.public().log,
    }))
}

/// A game master's action of a record.
fn gm_step(game: &mut Sleuth, gm: &str) -> Result<crate::games::sleuth::rules::Moved, String> {
    let words: Vec<&str> = gm.split_whitespace().collect();
    let seat = |name: &str| {
        game.seat_of(name)
            .ok_or(format!("\"{name}\" is not a player"))
    };
    match words.as_slice() {
        ["skip"] => Ok(game.gm_skip()),
        ["out", name] => {
            let s = seat(name)?;
            Ok(game.mark_out(s))
        }
        ["replace", name, new] => {
            let s = seat(name)?;
            Ok(game.replace(s, new))
        }
        ["end"] => Ok(game.gm_end()),
        _ => Err(format!(
            "\"{gm}\" is not a game master's action: use \"skip\", \"out NAME\", \"replace NAME NEW\" or \"end\""
        )),
    }
}

/// One player's sheet: for each card asked, the chance of each place.
fn sheet(game: &Sleuth, ask: &SheetAsk) -> Result<Value, ReplayError> {
    let seat = game
        .seat_of(&ask.player)
        .ok_or_else(|| bad(format!("sheets: \"{}\" is not a player", ask.player)))?;
    let view = game.view_of(seat).map_err(|e| e.to_string())?;
    let sheet = Sheet::compute(&view, &Budget::default());
    let mut cards = Map::new();
    for row in &sheet.cards {
        if !ask.cards.is_empty()
            && !ask
                .cards
                .iter()
                .any(|c| Card::parse(c).map(|c| c.name()) == Ok(row.card.clone()))
        {
            continue;
        }
        let cells: Map<String, Value> = sheet
            .locations
            .iter()
            .zip(&row.cells)
            .filter(|(_, c)| c.p > 0.0 || !c.certain)
            .map(|(place, c)| {
                let p = (c.p * 10_000.0).round() / 10_000.0;
                (place.clone(), json!({"p": p, "certain": c.certain}))
            })
            .collect();
        cards.insert(row.card.clone(), Value::Object(cells));
    }
    Ok(
        json!({"after": ask.after, "player": game.players[seat], "method": sheet.method,
              "contradiction": sheet.contradiction, "cards": cards}),
    )
}
