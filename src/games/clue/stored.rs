//! A game of Clue as the service stores it (`games.state`): the engine's game, with what the
//! engine does not keep — the house rules, the seed and salt that bind every roll and card
//! drawn, how far the game's random stream has gone, every message carried out (the record
//! `verify` replays), the log each letter and page words from, and the turns' clock. Pure.

use serde::{Deserialize, Serialize};

use crate::games::clue::cards::Card;
use crate::games::clue::command::{read, Command};
use crate::games::clue::game::{Event, Game, Phase, Refusal};
use crate::games::clue::settings::Settings;
use crate::games::clue::setup::{assign_guests, play_stream, Setup};
use crate::games::clue::why::{fell_short, ShortMove, Why};

/// One message as a player sent it (every line, as `replay` reads it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Message {
    pub player: String,
    pub text: String,
    /// `"late": true`: the message came after its turn's deadline, and the turn, passed at
    /// that deadline, came straight back to its sender. It is heard (the idleness count set
    /// back) but none of its lines is played: they were meant for the turn that ran out.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub late: bool,
}

/// One step of a game, as its record keeps it and `replay` plays it: a player's message, a
/// turn's deadline, or the game master's skip or end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Step {
    Message(Message),
    /// `{"deadline": true}`: the turn under way reached its deadline.
    Deadline {
        deadline: bool,
    },
    /// `{"gm": "skip"}` or `{"gm": "end"}`.
    Gm {
        gm: GmStep,
    },
    /// `{"replace": {"player": "Ben", "by": "Zoe"}}`: the game master gave a seat to another.
    Replace {
        replace: Replacement,
    },
}

/// Who left a seat and who took it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replacement {
    pub player: String,
    pub by: String,
}

/// What the game master did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GmStep {
    Skip,
    End,
}

/// What one line of a message did: its events, or why it was refused.
pub type LineDone = (String, Result<Vec<Event>, String>);

/// What one change did, for the log: whose message (none: the clock or the game master) and
/// its events, the shown card among them (each reader sees it as `view::event_for` allows).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logged {
    /// The turn it happened in.
    pub turn: u32,
    pub events: Vec<Event>,
}

/// A game of Clue, stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stored {
    pub game: Game,
    pub settings: Settings,
    pub seed: u64,
    pub salt: String,
    /// How many words of the play stream have been drawn.
    pub drawn: u64,
    /// Every step, in order: the messages carried out, the deadlines, the game master's
    /// skips and end (the record).
    pub messages: Vec<Step>,
    /// What happened, in order.
    pub log: Vec<Logged>,
    /// The turn now, counted from 1.
    pub turn_no: u32,
    /// When each turn began (epoch seconds), by turn number − 1.
    #[serde(default)]
    pub began_at: Vec<i64>,
    /// Each seat's turns passed in a row at their deadline with no move.
    #[serde(default)]
    pub idle: Vec<u32>,
    /// Seats skipped for idleness, until they send any command.
    #[serde(default)]
    pub skipped: Vec<bool>,
    /// While a refuter chooses (`ask_refuter`), the seconds the suggester's turn had left:
    /// its clock stops meanwhile.
    #[serde(default)]
    pub turn_left: Option<i64>,
    /// Each replacement: the seat and the name it had before, in order.
    #[serde(default)]
    pub former: Vec<(usize, String)>,
}

/// What a message did: the events of the lines carried out, and the refused line with why
/// (the lines after it are not carried out); each line as it went, for `replay`.
pub struct Acted {
    pub events: Vec<Event>,
    /// The refused line and why, whole: its English (`Display`) is the record's, and the
    /// answer words it in its reader's language.
    pub refused: Option<(String, Why)>,
    pub lines: Vec<LineDone>,
}

/// A seat a deadline has just made skipped for idleness: the game master is told once, and
/// told when every player still in is skipped (turns then go on in seat order among them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewlySkipped {
    pub seat: usize,
    pub everyone: bool,
}

impl Stored {
    /// A new game: the set-up drawn from `seed`, guests given as chosen.
    pub fn new(
        players: Vec<String>,
        chosen: &[Option<usize>],
        settings: Settings,
        seed: u64,
        salt: String,
    ) -> Result<Stored, String> {
        settings.check(players.len()).map_err(|e| e.to_string())?;
        let mut chosen = chosen.to_vec();
        chosen.resize(players.len(), None);
        let guests = assign_guests(&chosen)?;
        let setup = Setup::draw(players.len(), seed)?;
        let mut game = Game::new(players, guests, setup, settings.board);
        game.ask_refuter = settings.ask_refuter;
        Ok(Stored {
            game,
            settings,
            seed,
            salt,
            drawn: 0,
            messages: Vec::new(),
            log: Vec::new(),
            turn_no: 1,
            began_at: Vec::new(),
            idle: Vec::new(),
            skipped: Vec::new(),
            turn_left: None,
            former: Vec::new(),
        })
    }

    /// The fairness commitment of the set-up.
    /// Over the names the set-up was dealt to: a replacement later changes no commitment.
    pub fn commitment(&self) -> String {
        self.game
            .setup
            .commitment(&self.first_names(), self.seed, &self.salt)
    }

    pub fn over(&self) -> bool {
        self.game.phase == Phase::Over
    }

    /// The seat whose turn it is, while the game is on.
    pub fn current(&self) -> Option<usize> {
        (!self.over()).then_some(self.game.turn)
    }

    /// Carries out a player's message line by line, as `replay` does, until a line is
    /// refused; what was carried out stays. A message with nothing carried out is not kept.
    pub fn act(&mut self, seat: usize, text: &str) -> Acted {
        let first = crate::games::typography::meaningful_lines(text).next();
        // An ended game takes nothing more, nor keeps it.
        if self.over() {
            let refused = first.map(|(_, l)| (l.trim().to_string(), Why::Refused(Refusal::Over)));
            return Acted {
                events: Vec::new(),
                lines: (refused.iter())
                    .map(|(l, why)| (l.clone(), Err(why.to_string())))
                    .collect(),
                refused,
            };
        }
        // Any message read as commands, carried out or not, lifts an idleness skip; one with
        // no command in it (empty, quotes, a signature) changes nothing.
        let lifts = first.is_some()
            && (self.idle.get(seat).is_some_and(|i| *i > 0)
                || self.skipped.get(seat).is_some_and(|s| *s));
        if first.is_some() {
            self.set_idle(seat, 0);
        }
        let mut rng = play_stream(&self.salt, self.seed, 0);
        rng.set_word_pos(self.drawn as u128);
        let mut events = Vec::new();
        let mut refused = None;
        let mut lines = Vec::new();
        // A move that fell short of its room ends the turn: a line after it (the message's
        // suggestion) is refused with the roll and the squares still needed.
        let mut short: Option<ShortMove> = None;
        for (_, line) in crate::games::typography::meaningful_lines(text) {
            let line = line.trim();
            let command = read(line);
            let done = command
                .clone()
                .map_err(Why::Unread)
                .and_then(|c| self.game.play(seat, &c, &mut rng).map_err(Why::Refused));
            // Only a turn's line is refused for the short move; a show order keeps its own
            // reason, as does a line that could not be read.
            let turn_line =
                matches!(&command, Ok(c) if !matches!(c, Command::ShowOrder(_) | Command::Show(_)));
            let done = match (done, short) {
                (Err(_), Some(short)) if turn_line => Err(Why::Short(short)),
                (done, _) => done,
            };
            if let (Ok(crate::games::clue::command::Command::MoveTo(room)), Ok(events)) =
                (&command, &done)
            {
                short = fell_short(*room, events);
            }
            lines.push((line.to_string(), done.clone().map_err(|w| w.to_string())));
            match done {
                Ok(e) => events.extend(e),
                Err(why) => {
                    refused = Some((line.to_string(), why));
                    break;
                }
            }
        }
        // The record keeps a message that changed the game: a line carried out, or an
        // idleness count set back (a skip lifted), even when refused whole. One that changed
        // nothing is not kept: replayed, it would change nothing either.
        if lifts || lines.iter().any(|(_, done)| done.is_ok()) {
            self.messages.push(Step::Message(Message {
                player: self.game.players[seat].clone(),
                text: text.to_string(),
                late: false,
            }));
        }
        if lines.iter().any(|(_, done)| done.is_ok()) {
            self.drawn = rng.get_word_pos() as u64;
            self.logged(events.clone());
            let skipped = self.skip_idle();
            self.logged(skipped.clone());
            // The turns passed over skipped players end the last line carried out.
            if let Some((_, Ok(last))) = lines.iter_mut().rev().find(|(_, d)| d.is_ok()) {
                last.extend(skipped.iter().cloned());
            }
            events.extend(skipped);
        }
        Acted {
            events,
            refused,
            lines,
        }
    }

    /// The turn under way passes (the game master's skip): it counts against nobody.
    pub fn pass_turn(&mut self) -> Vec<Event> {
        if !self.over() {
            self.messages.push(Step::Gm { gm: GmStep::Skip });
        }
        let mut events = self.drawing(|g, rng| g.pass_turn(rng));
        events.extend(self.skip_idle());
        self.logged(events.clone());
        events
    }

    /// Runs `f` on the game with the game's stream where it stands, and keeps how far it went.
    fn drawing<T>(&mut self, f: impl FnOnce(&mut Game, &mut rand::rngs::ChaCha20Rng) -> T) -> T {
        let mut rng = play_stream(&self.salt, self.seed, 0);
        rng.set_word_pos(self.drawn as u128);
        let out = f(&mut self.game, &mut rng);
        self.drawn = rng.get_word_pos() as u64;
        out
    }

    /// The turn's deadline came: a turn with no move yet (board off: no suggestion) is a pass
    /// and counts toward its player's idleness; one that had begun just ends. Returns the seat
    /// this deadline made skipped for idleness, if any (a seat already skipped is not news).
    pub fn deadline(&mut self) -> Option<NewlySkipped> {
        let seat = self.current()?;
        self.messages.push(Step::Deadline { deadline: true });
        // A refuter asked to choose let its time pass: the preferences answer; the
        // suggester's turn goes on.
        if self.game.phase == Phase::Showing {
            let events = self.drawing(|g, rng| g.answer_now(rng));
            self.logged(events);
            return None;
        }
        let passed = self.game.phase == Phase::Move;
        let idle = match passed {
            true => self.idle.get(seat).copied().unwrap_or(0) + 1,
            false => 0,
        };
        self.set_idle(seat, idle);
        let newly = (idle >= self.settings.idle_turns && !self.skipped[seat]).then(|| {
            self.skipped[seat] = true;
            let n = self.game.players.len();
            NewlySkipped {
                seat,
                everyone: (0..n).all(|s| self.game.out[s] || self.skipped[s]),
            }
        });
        let mut events = self.drawing(|g, rng| g.pass_turn(rng));
        events.extend(self.skip_idle());
        self.logged(events);
        newly
    }

    /// The seat's player sent commands that are not turn lines (`status`, `help`, a language
    /// or a time zone, as `text`): like any command they lift an idleness skip and reset the
    /// count. When there is something to lift, the message goes in the record as `act` keeps
    /// it (its lines refused as turn lines, which changes nothing else), so that `replay`
    /// lifts it too. False when there was nothing to lift.
    pub fn heard_from(&mut self, seat: usize, text: &str) -> bool {
        let idle = self.idle.get(seat).copied().unwrap_or(0) > 0;
        let skipped = self.skipped.get(seat).copied().unwrap_or(false);
        if self.over() || !(idle || skipped) {
            return false;
        }
        let acted = self.act(seat, text);
        debug_assert!(acted.events.is_empty(), "no turn line was carried out");
        true
    }

    /// A message that came after its turn's deadline, read once the turn it was meant for had
    /// passed and come straight back to its sender: heard, as any message is (the idleness
    /// count set back, a skip lifted), its lines not played. The record keeps it as such.
    pub fn hear_late(&mut self, seat: usize, text: &str) {
        if self.over() {
            return;
        }
        self.set_idle(seat, 0);
        self.messages.push(Step::Message(Message {
            player: self.game.players[seat].clone(),
            text: text.to_string(),
            late: true,
        }));
    }

    fn set_idle(&mut self, seat: usize, idle: u32) {
        let n = self.game.players.len();
        self.idle.resize(n, 0);
        self.skipped.resize(n, false);
        self.idle[seat] = idle;
        if idle == 0 {
            self.skipped[seat] = false;
        }
    }

    /// Whether the game goes on with every player still in skipped for idleness.
    pub fn all_skipped(&self) -> bool {
        let n = self.game.players.len();
        let mut in_play = (0..n).filter(|s| !self.game.out[*s]).peekable();
        !self.over()
            && in_play.peek().is_some()
            && in_play.all(|s| self.skipped.get(s).copied().unwrap_or(false))
    }

    /// The turns of seats skipped for idleness pass at once, unless every player still in is
    /// skipped: then turns go on in seat order among them.
    fn skip_idle(&mut self) -> Vec<Event> {
        let n = self.game.players.len();
        self.skipped.resize(n, false);
        let in_play: Vec<usize> = (0..n).filter(|s| !self.game.out[*s]).collect();
        if in_play.iter().all(|s| self.skipped[*s]) {
            return Vec::new();
        }
        let mut events = Vec::new();
        while let Some(seat) = self.current().filter(|s| self.skipped[*s]) {
            let _ = seat;
            events.extend(self.drawing(|g, rng| g.pass_turn(rng)));
        }
        events
    }

    /// The game master gives `seat` to `name`: the seat's hand, guest and place in the game are
    /// theirs now, its idleness forgotten.
    pub fn replace(&mut self, seat: usize, name: &str) -> Vec<Event> {
        let before = std::mem::replace(&mut self.game.players[seat], name.to_string());
        self.messages.push(Step::Replace {
            replace: Replacement {
                player: before.clone(),
                by: name.to_string(),
            },
        });
        self.former.push((seat, before.clone()));
        self.set_idle(seat, 0);
        let events = vec![Event::Replaced { seat, before }];
        self.logged(events.clone());
        events
    }

    /// The names the game began with, each seat's first player.
    pub fn first_names(&self) -> Vec<String> {
        let mut names = self.game.players.clone();
        for (seat, before) in self.former.iter().rev() {
            names[*seat] = before.clone();
        }
        names
    }

    /// The game master ends the game.
    pub fn end_now(&mut self) -> Vec<Event> {
        if !self.over() {
            self.messages.push(Step::Gm { gm: GmStep::End });
        }
        let events = self.game.end_now();
        self.logged(events.clone());
        events
    }

    fn logged(&mut self, events: Vec<Event>) {
        if events.is_empty() {
            return;
        }
        let turn = self.turn_no;
        self.turn_no += events
            .iter()
            .filter(|e| matches!(e, Event::Turn { .. }))
            .count() as u32;
        self.log.push(Logged { turn, events });
    }

    /// Whether a name is a word of the turn language (and so no player's).
    pub fn is_reserved(name: &str) -> bool {
        Card::parse(name).is_some()
            || [
                "move", "passage", "stay", "done", "suggest", "accuse", "show",
            ]
            .contains(&name.to_lowercase().as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored() -> Stored {
        let names = ["Ann", "Ben", "Cleo"].map(String::from).to_vec();
        Stored::new(names, &[], Settings::default(), 4, "salt".into()).unwrap()
    }

    #[test]
    fn a_stored_game_read_back_goes_on_from_the_same_point_of_its_stream() {
        let mut g = stored();
        let first = g.game.turn;
        let acted = g.act(first, "move to Kitchen");
        assert!(acted.refused.is_none());
        assert!(matches!(acted.events[0], Event::Rolled { .. }));
        // Stored and read back, it goes on from the same point of the stream.
        let mut back: Stored = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        let next = back.game.turn;
        let a = back.act(next, "done");
        let b = g.act(next, "done");
        assert_eq!(a.events, b.events);
        assert_eq!(back, g);
    }

    #[test]
    fn a_player_who_lets_turns_pass_is_skipped_until_they_send_a_command() {
        let mut g = stored();
        g.settings.idle_turns = 2;
        let idle = g.game.turn;
        // Board on: a deadline before any move is a pass.
        for round in 0..2 {
            while g.current() != Some(idle) {
                let s = g.current().unwrap();
                assert!(g.act(s, "move to Kitchen").refused.is_none() || g.game.turn != s);
                if g.current() == Some(s) {
                    g.act(s, "done");
                }
            }
            let newly = g.deadline();
            assert_eq!(
                newly.map(|n| n.seat),
                (round == 1).then_some(idle),
                "round {round}"
            );
        }
        assert!(g.skipped[idle]);
        // Their turns now pass at once.
        for _ in 0..4 {
            assert_ne!(g.current(), Some(idle));
            let s = g.current().unwrap();
            g.act(s, "move to Kitchen");
            if g.current() == Some(s) {
                g.act(s, "done");
            }
        }
        // Any command, even one refused, lifts the skip.
        let acted = g.act(idle, "done");
        assert!(acted.refused.is_some());
        assert!(!g.skipped[idle] && g.idle[idle] == 0);
    }

    #[test]
    fn a_status_or_help_mail_lifts_an_idleness_skip_and_the_record_replays_it() {
        let mut g = stored();
        g.settings.idle_turns = 1;
        let idle = g.game.turn;
        let newly = g.deadline().expect("skipped at the first pass");
        assert_eq!(newly.seat, idle);
        assert!(!newly.everyone, "the others still play");
        let before = g.game.clone();
        assert!(g.heard_from(idle, "status\nhelp"));
        assert!(!g.skipped[idle] && g.idle[idle] == 0);
        assert_eq!(g.game, before, "nothing was played");
        assert!(!g.heard_from(idle, "status"), "nothing left to lift");
        // The record holds the message, and carried out again it lifts the skip again.
        let mut again = stored();
        again.settings.idle_turns = 1;
        for step in g.messages.clone() {
            match step {
                Step::Deadline { .. } => {
                    again.deadline();
                }
                Step::Message(m) => {
                    let seat = again
                        .game
                        .players
                        .iter()
                        .position(|p| *p == m.player)
                        .unwrap();
                    again.act(seat, &m.text);
                }
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(again.skipped, g.skipped);
        assert_eq!(again.idle, g.idle);
    }

    #[test]
    fn when_every_player_still_in_is_skipped_the_game_master_is_told_once() {
        let mut g = stored();
        g.settings.idle_turns = 1;
        let n = g.game.players.len();
        let told: Vec<NewlySkipped> = (0..3 * n).filter_map(|_| g.deadline()).collect();
        assert_eq!(told.len(), n, "each seat once: {told:?}");
        assert_eq!(told.iter().filter(|t| t.everyone).count(), 1);
        assert!(told.last().unwrap().everyone);
        assert!(!g.over(), "turns go on among the skipped");
    }

    /// What the first player's message did when it opens with a move to the Observatory that
    /// falls short, and then `then`: the refused line and why. The first seed whose roll
    /// falls short is used.
    fn after_a_short_move(then: &str) -> (String, String) {
        for seed in 0..40 {
            let mut g = Stored::new(
                ["Ann", "Ben", "Cleo"].map(String::from).to_vec(),
                &[None, None, None],
                Settings::default(),
                seed,
                "salt".into(),
            )
            .unwrap();
            let me = g.game.turn;
            let acted = g.act(me, &format!("move to Observatory\n{then}"));
            if g.game.turn != me {
                let (line, why) = acted.refused.expect("the line after the move is refused");
                return (line, why.to_string());
            }
        }
        panic!("no first move fell short");
    }

    #[test]
    fn a_suggestion_after_a_move_that_fell_short_is_refused_with_the_roll_and_the_squares_left() {
        let (line, why) = after_a_short_move("suggest Plum with Rope");
        assert_eq!(line, "suggest Plum with Rope");
        assert!(
            why.starts_with("the move did not reach the Observatory: you rolled"),
            "{why}"
        );
        assert!(why.contains("squares are still needed"), "{why}");
        assert!(!why.contains("not your turn"), "{why}");
    }

    #[test]
    fn after_a_move_that_fell_short_a_show_order_keeps_its_own_reason() {
        let (line, why) = after_a_short_move("show order Rope, Kitchn");
        assert_eq!(line, "show order Rope, Kitchn");
        assert!(why.contains("which is no card"), "{why}");
    }

    #[test]
    fn every_player_still_in_is_skipped_only_while_the_game_goes_on() {
        let mut g = stored();
        let n = g.game.players.len();
        assert!(!g.all_skipped());
        g.skipped = vec![true; n];
        g.game.out[0] = true;
        g.skipped[0] = false;
        assert!(g.all_skipped(), "a player out counts for nothing");
        g.skipped[1] = false;
        assert!(!g.all_skipped());
        g.skipped[1] = true;
        g.end_now();
        assert!(!g.all_skipped(), "an ended game has no turns to go on");
    }

    #[test]
    fn an_ended_game_takes_no_message_and_keeps_none() {
        let mut g = stored();
        g.end_now();
        let before = g.clone();
        let acted = g.act(g.game.turn, "move to Kitchen");
        assert_eq!(acted.refused.unwrap().1.to_string(), "the game is over");
        assert_eq!(g, before, "nothing changed, nothing kept");
    }

    #[test]
    fn a_refused_message_is_kept_only_when_it_set_an_idleness_count_back() {
        let mut g = stored();
        let idle = g.game.turn;
        g.deadline();
        assert_eq!(g.idle[idle], 1);
        let kept = g.messages.len();
        let acted = g.act(idle, "show Rope");
        assert!(acted.refused.is_some());
        assert_eq!(g.idle[idle], 0);
        assert_eq!(g.messages.len(), kept + 1, "it changed the count: kept");
        g.act(idle, "show Rope");
        assert_eq!(g.messages.len(), kept + 1, "it changed nothing: not kept");
    }

    #[test]
    fn a_message_refused_from_its_first_line_changes_nothing_and_is_not_kept() {
        let mut g = stored();
        let other = (g.game.turn + 1) % 3;
        let before = g.game.clone();
        let acted = g.act(other, "move to Kitchen");
        assert!(acted
            .refused
            .unwrap()
            .1
            .to_string()
            .contains("not your turn"));
        assert!(g.log.is_empty() && g.drawn == 0 && g.game == before);
        assert!(
            g.messages.is_empty(),
            "a message that changed nothing is not kept"
        );
    }
}
