//! `polysleuth replay` for Sherlock Solitaire (its registry line comes with its service): a
//! whole game run by the engine alone from its seed, house rules and steps — a reply's lines
//! carried out in order until one is refused or the game ends, then the turn settled; a turn's
//! deadline — with every draw and reshuffle worked out again from the seed and the salt.

use serde::Deserialize;
use serde_json::{json, Value};

use super::command::{read, Problem};
use super::game::{Choice, Event, Game, Refusal};
use super::places::Place;
use super::setup::{commitment, deck, play_stream, Settings};
use crate::games::stream::derived_salt;

/// One step: a reply's text (and, in a record, whose: two people may play), a turn's
/// deadline, or the game master's end (`{"gm": "end"}`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(untagged)]
pub enum Step {
    Reply {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    Deadline {
        deadline: bool,
    },
    Gm {
        gm: GmStep,
    },
}

/// What the game master did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GmStep {
    End,
}

/// A replay input.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Input {
    #[serde(default)]
    pub ruleset: Option<String>,
    pub seed: u64,
    #[serde(default)]
    pub salt: Option<String>,
    #[serde(default)]
    pub settings: Settings,
    #[serde(default)]
    pub messages: Vec<Step>,
    /// A reply refused at one of its lines leaves its turn open (the rule of every game made
    /// since it was written down; records say so). Without it, as before, every reply
    /// settles its turn.
    #[serde(default)]
    pub refusal_keeps_turn: bool,
    /// With the deck and the discard pile both empty, a draw stops short (the rule of every
    /// game made since it was followed; records say so). Without it, as before, the Crime
    /// Scene's Threat cards alone make a new deck.
    #[serde(default)]
    pub short_draw_on_empty_pile: bool,
}

/// One line of a reply: what it did, or why it was refused (nothing after it is done).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct LineDone {
    pub line: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<Event>>,
    /// Why, in English: the record's and the API's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// Why, whole, for a page or a letter to word in its reader's language; None for a
    /// refusal read back from a record (its English is then all there is).
    #[serde(skip)]
    pub why: Option<Why>,
}

/// Why a line was not carried out: not a command, or refused by the rules at that moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    Unread(Problem),
    Refused(Refusal),
    /// The whole reply, unread.
    TooLong(crate::games::typography::TooLong),
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Why::Unread(p) => p.fmt(f),
            Why::Refused(r) => r.fmt(f),
            Why::TooLong(w) => w.fmt(f),
        }
    }
}

impl LineDone {
    /// A line carried out, or refused with its reason in English and whole.
    pub fn of(line: &str, done: Result<Vec<Event>, Why>) -> LineDone {
        match done {
            Ok(events) => LineDone {
                line: line.to_string(),
                events: Some(events),
                refused: None,
                why: None,
            },
            Err(why) => LineDone {
                line: line.to_string(),
                events: None,
                refused: Some(why.to_string()),
                why: Some(why),
            },
        }
    }
}

/// Carries out one line: read, then played. `before`: what the line before it in the same
/// reply did, so that a "then" line after an ability that chose by itself, or could not be
/// used, is told so rather than that no play made a pair.
fn carry_out(
    g: &mut Game,
    line: &str,
    rng: &mut rand::rngs::ChaCha20Rng,
    before: Option<&[Event]>,
) -> Result<Vec<Event>, Why> {
    let command = read(line).map_err(Why::Unread)?;
    g.play(&command, rng).map_err(|refusal| match refusal {
        Refusal::NothingWaiting => Why::Refused(
            before
                .and_then(ability_done)
                .unwrap_or(Refusal::NothingWaiting),
        ),
        refusal => Why::Refused(refusal),
    })
}

/// What the ability of a pair did by itself, when it had a choice to offer and offered none:
/// its one choice made, or nothing to move. (Holmes's 4s draws and Watson's 4s heals: those
/// never offer a choice.)
fn ability_done(events: &[Event]) -> Option<Refusal> {
    let pair = events
        .iter()
        .rposition(|e| matches!(e, Event::Pair { .. }))?;
    events[pair + 1..].iter().find_map(|e| match *e {
        Event::Moved {
            from: Place::Deck, ..
        } => None,
        Event::Moved { face, from, to } => Some(Refusal::MadeForYou(Choice { face, from, to })),
        Event::Skipped { .. } => Some(Refusal::NothingToChoose),
        _ => None,
    })
}

/// What one reply did: each line's events or refusal, the turn's end if the reply left nothing
/// to play (`settled`), and the lines left unread because the game ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct Replied {
    pub lines: Vec<LineDone>,
    pub settled: Vec<Event>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ignored: Vec<String>,
}

impl Replied {
    /// Carries out the reply's next line, after those already done, and keeps what it did or
    /// why it was refused: true when refused.
    pub fn carry_out(
        &mut self,
        g: &mut Game,
        line: &str,
        rng: &mut rand::rngs::ChaCha20Rng,
    ) -> bool {
        let before = self.lines.last().and_then(|l| l.events.as_deref());
        let done = carry_out(g, line, rng, before);
        let refused = done.is_err();
        self.lines.push(LineDone::of(line, done));
        refused
    }

    /// The refused line and why, if one was.
    pub fn refused(&self) -> Option<(&str, &str)> {
        (self.lines.last()).and_then(|l| l.refused.as_deref().map(|why| (l.line.as_str(), why)))
    }

    /// Every event, in order.
    pub fn events(&self) -> impl Iterator<Item = &Event> {
        (self.lines.iter())
            .flat_map(|l| l.events.iter().flatten())
            .chain(&self.settled)
    }
}

/// Carries out a reply: its lines in order until one is refused or the game ends, then the
/// turn settled (ended, when nothing more can be played) — unless a line was refused while
/// something can still be done, in a game where that leaves the turn open for the next reply
/// (`Game::refusal_keeps_turn`).
pub fn reply(g: &mut Game, text: &str, rng: &mut rand::rngs::ChaCha20Rng) -> Replied {
    let mut out = Replied::default();
    for (_, line) in crate::games::typography::meaningful_lines(text) {
        let line = line.trim();
        if g.over() {
            out.ignored.push(line.to_string());
            continue;
        }
        if out.carry_out(g, line, rng) {
            if g.refusal_keeps_turn && g.anything_to_do() {
                return out;
            }
            break;
        }
    }
    out.settled = g.settle(rng);
    out
}

/// Runs a replay input; the error is one sentence fit for standard error.
pub fn run(input: &Input) -> Result<Value, String> {
    input.settings.check()?;
    let salt = input
        .salt
        .clone()
        .unwrap_or_else(|| derived_salt(input.seed));
    let cards = deck(input.seed);
    let mut rng = play_stream(&salt, input.seed);
    let (mut g, first) = Game::new(input.settings.clone(), cards.clone(), &mut rng);
    g.refusal_keeps_turn = input.refusal_keeps_turn;
    g.short_draw_on_empty_pile = input.short_draw_on_empty_pile;
    let mut steps = Vec::new();
    for step in &input.messages {
        steps.push(match step {
            Step::Reply { text, .. } => json!(reply(&mut g, text, &mut rng)),
            Step::Deadline { .. } => json!({"deadline": true, "events": g.time_out(&mut rng)}),
            Step::Gm { gm: GmStep::End } => json!({"gm": "end", "events": g.end_by_master()}),
        });
    }
    Ok(json!({
        "ruleset": "sherlock",
        "settings": input.settings,
        "deck": cards.iter().map(|c| c.face()).collect::<Vec<_>>(),
        "seed": input.seed,
        "salt": salt,
        "commitment": commitment(&cards, input.seed, &salt),
        "start": first,
        "messages": steps,
        "over": g.over(),
        "outcome": g.outcome,
        "turn": g.turn,
        "wounds": g.wounds,
        "refusal_keeps_turn": g.refusal_keeps_turn,
        "short_draw_on_empty_pile": g.short_draw_on_empty_pile,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sherlock::solver::planned_line;

    fn input(text: &str) -> Input {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn a_replay_draws_from_the_seed_carries_out_each_reply_and_gives_the_same_output_twice() {
        let i = input(r#"{"ruleset": "sherlock", "seed": 3, "messages": [{"text": "hello"}]}"#);
        let a = run(&i).unwrap();
        assert_eq!(a, run(&i).unwrap());
        assert_eq!(a["deck"].as_array().unwrap().len(), 48);
        assert_eq!(a["start"][0]["event"], "turn_began");
        let first = &a["messages"][0]["lines"][0];
        assert!(
            first["refused"]
                .as_str()
                .unwrap()
                .contains("is not understood"),
            "{first}"
        );
        assert_eq!(a["over"], false);
    }

    #[test]
    fn a_whole_game_of_replies_replays_to_the_end_the_engine_reached() {
        // The searching player plays a game; its lines, one reply a turn, replay to the same end.
        let settings = Settings::default();
        let salt = derived_salt(9);
        let mut rng = play_stream(&salt, 9);
        let (mut g, _) = Game::new(settings.clone(), deck(9), &mut rng);
        let mut replies = Vec::new();
        let mut reply_lines: Vec<String> = Vec::new();
        while !g.over() {
            match planned_line(&g) {
                Some(line) => {
                    g.play(&read(&line).unwrap(), &mut rng).unwrap();
                    reply_lines.push(line);
                }
                None => {
                    replies.push(json!({"text": reply_lines.join("\n")}));
                    reply_lines.clear();
                    g.settle(&mut rng);
                }
            }
        }
        if !reply_lines.is_empty() {
            replies.push(json!({"text": reply_lines.join("\n")}));
        }
        let i: Input = serde_json::from_value(json!({"seed": 9, "messages": replies})).unwrap();
        let out = run(&i).unwrap();
        assert_eq!(out["over"], true);
        assert_eq!(out["outcome"], json!(g.outcome));
        assert_eq!(out["turn"], g.turn);
        assert!(!out["messages"].to_string().contains("refused"), "{out}");
    }

    #[test]
    fn a_deadline_ends_the_turn_with_a_wound_for_the_cards_left() {
        let i = input(r#"{"seed": 4, "messages": [{"deadline": true}]}"#);
        let out = run(&i).unwrap();
        let events = out["messages"][0]["events"].to_string();
        assert!(
            events.contains("\"discarded\"") && events.contains("\"wounded\""),
            "{events}"
        );
        assert_eq!(out["wounds"], 1);
        assert_eq!(out["turn"], 2);
    }
}
