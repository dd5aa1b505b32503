//! The turn language: reads a player's turn text into guesses, questions, `ready` and `done`.
//! Player names are kept as written; `validate` checks them against the game.

use std::borrow::Cow;
use std::fmt;

use serde::Serialize;

use super::cards::{lowered, Card, Trait};
pub use super::lines::Place;
use super::lines::{place, question, read_card, Body, PlaceRef};
pub use super::problem::{Problem, EXAMPLES};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuessLine {
    pub number: u32,
    pub line: usize,
    pub place: Place,
    pub card: Card,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuestionLine {
    pub number: u32,
    pub line: usize,
    pub eyes: u32,
    pub target: String,
    pub traits: Vec<Trait>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedTurn {
    pub guesses: Vec<GuessLine>,
    pub questions: Vec<QuestionLine>,
    pub ready: bool,
    pub done: bool,
}

/// One rejected line: its number in the text, the line quoted back, and what was wrong.
/// It is sent as `{line, text, problem}` with the problem in English; `lang` words it for a
/// player in their language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub line: usize,
    pub text: String,
    pub problem: Problem,
}

impl LineError {
    pub fn new(line: usize, text: &str, problem: Problem) -> Self {
        LineError {
            line,
            text: text.trim().to_string(),
            problem,
        }
    }

    /// The message without the line number: `"…" asks about two colours; …`.
    pub fn message(&self) -> String {
        if self.text.is_empty() {
            self.problem.to_string()
        } else {
            format!("\"{}\" {}", self.text, self.problem)
        }
    }
}

impl Serialize for LineError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("LineError", 3)?;
        out.serialize_field("line", &self.line)?;
        out.serialize_field("text", &self.text)?;
        out.serialize_field("problem", &self.problem.to_string())?;
        out.end()
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            // A problem of the whole turn, not of one line.
            0 => write!(f, "{}", self.message()),
            n => write!(f, "line {n}: {}", self.message()),
        }
    }
}

/// The most lines a turn may have, comments and blank lines included (as for mail).
pub const MAX_TURN_LINES: usize = 500;
/// The most bytes a turn may have.
pub const MAX_TURN_BYTES: usize = 32 * 1024;
/// An answer lists at most this many problems, then how many more there are.
pub const MAX_LISTED_ERRORS: usize = 50;

/// Whether a turn is small enough to be read at all: checked before any other work.
pub fn check_size(text: &str) -> Result<(), LineError> {
    if text.len() > MAX_TURN_BYTES {
        return Err(LineError::new(
            0,
            "",
            Problem::TurnTooBig {
                kib: text.len().div_ceil(1024),
                max_kib: MAX_TURN_BYTES / 1024,
                max_lines: MAX_TURN_LINES,
            },
        ));
    }
    let lines = text.lines().count();
    if lines > MAX_TURN_LINES {
        return Err(LineError::new(
            0,
            "",
            Problem::TooManyLines {
                lines,
                max: MAX_TURN_LINES,
            },
        ));
    }
    Ok(())
}

/// The first `MAX_LISTED_ERRORS` problems, then one line saying how many more there are.
pub fn listed(mut errors: Vec<LineError>) -> Vec<LineError> {
    if errors.len() > MAX_LISTED_ERRORS {
        let more = errors.len() - MAX_LISTED_ERRORS;
        errors.truncate(MAX_LISTED_ERRORS);
        errors.push(LineError::new(0, "", Problem::MoreProblems { more }));
    }
    errors
}

struct Prefix<'a> {
    number: Option<u32>,
    eyes: Option<Result<u32, String>>,
    body: &'a str,
}

pub use crate::games::typography::meaningful_lines;

/// Reads a whole turn. Every line that cannot be understood is reported; numbers are given
/// to bare lines after the highest number written for their kind (RULES.md §3).
pub fn parse(text: &str) -> Result<ParsedTurn, Vec<LineError>> {
    let (turn, errors) = parse_all(text);
    if errors.is_empty() {
        Ok(turn)
    } else {
        Err(errors)
    }
}

/// Reads a turn, keeping every line that could be read beside the errors of the others.
pub fn parse_all(text: &str) -> (ParsedTurn, Vec<LineError>) {
    let (raw, errors) = read(text);
    let turn = ParsedTurn {
        guesses: raw
            .guesses
            .into_iter()
            .map(|g| GuessLine {
                number: g.number,
                line: g.line,
                place: g.place.into_place(),
                card: g.card,
            })
            .collect(),
        questions: raw
            .questions
            .into_iter()
            .map(|q| QuestionLine {
                number: q.number,
                line: q.line,
                eyes: q.eyes,
                target: q.target.into_owned(),
                traits: q.traits,
            })
            .collect(),
        ready: raw.ready,
        done: raw.done,
    };
    (turn, errors)
}

/// A turn as `parse_all` reads it, its names still borrowed from the text: what `validate`
/// checks without copying them.
#[derive(Default)]
pub(super) struct RawTurn<'a> {
    pub guesses: Vec<RawGuess<'a>>,
    pub questions: Vec<RawQuestion<'a>>,
    pub ready: bool,
    pub done: bool,
}

pub(super) struct RawGuess<'a> {
    pub number: u32,
    /// The number written, if any.
    written: Option<u32>,
    pub line: usize,
    text: &'a str,
    pub place: PlaceRef<'a>,
    pub card: Card,
}

pub(super) struct RawQuestion<'a> {
    pub number: u32,
    written: Option<u32>,
    pub line: usize,
    text: &'a str,
    pub eyes: u32,
    pub target: Cow<'a, str>,
    pub traits: Vec<Trait>,
}

/// Reads a turn as `parse_all` does, without copying its names.
pub(super) fn read(text: &str) -> (RawTurn<'_>, Vec<LineError>) {
    let mut errors = Vec::new();
    let mut turn = RawTurn::default();

    for (line, raw) in meaningful_lines(text) {
        let t = crate::games::typography::trimmed(raw);
        match turn_word(t.trim_end_matches(['.', '!'])) {
            Some(TurnWord::Ready) => {
                turn.ready = true;
                continue;
            }
            Some(TurnWord::Done) => {
                turn.done = true;
                continue;
            }
            None => {}
        }
        let prefix = split_prefix(t);
        let body = match read_body(prefix.body) {
            Ok(b) => b,
            Err(problem) => {
                errors.push(LineError::new(line, t, problem));
                continue;
            }
        };
        match (body, prefix.eyes) {
            (Body::Guess(..), Some(_)) => {
                errors.push(LineError::new(line, t, Problem::GuessWithBid))
            }
            (Body::Guess(place, card), None) => turn.guesses.push(RawGuess {
                number: 0,
                written: prefix.number,
                line,
                text: t,
                place,
                card,
            }),
            (Body::Question(..), None) => errors.push(LineError::new(line, t, Problem::NoBid)),
            (Body::Question(..), Some(Err(bid))) => {
                errors.push(LineError::new(line, t, Problem::BadBid { bid }))
            }
            (Body::Question(target, traits), Some(Ok(eyes))) => turn.questions.push(RawQuestion {
                number: 0,
                written: prefix.number,
                line,
                text: t,
                eyes,
                target,
                traits,
            }),
        }
    }

    // Numbers, in order of appearance; a line reusing a number is refused and dropped.
    let mut numbers = Numbering::new(turn.guesses.iter().filter_map(|g| g.written));
    turn.guesses
        .retain_mut(|g| match numbers.assign(g.written) {
            Ok(number) => {
                g.number = number;
                true
            }
            Err(number) => {
                errors.push(LineError::new(
                    g.line,
                    g.text,
                    Problem::ReusedGuess { number },
                ));
                false
            }
        });
    let mut numbers = Numbering::new(turn.questions.iter().filter_map(|q| q.written));
    turn.questions
        .retain_mut(|q| match numbers.assign(q.written) {
            Ok(number) => {
                q.number = number;
                true
            }
            Err(number) => {
                errors.push(LineError::new(
                    q.line,
                    q.text,
                    Problem::ReusedQuestion { number },
                ));
                false
            }
        });

    errors.sort_by_key(|e| e.line);
    (turn, errors)
}

enum TurnWord {
    Ready,
    Done,
}

/// A line that is one word alone: `ready` or `done`, in English or French, in any case.
fn turn_word(word: &str) -> Option<TurnWord> {
    // Lowering never makes fewer characters, and the longest word has 5 characters of at
    // most 4 bytes: a longer line is no such word, and is not lowered at all.
    if word.len() > 20 {
        return None;
    }
    lowered(word, |w| match w {
        "ready" | "prêt" | "pret" | "prête" | "prete" => Some(TurnWord::Ready),
        "done" | "fini" | "finie" => Some(TurnWord::Done),
        _ => None,
    })
}

struct Numbering {
    /// Numbers below 64 given so far, as bits: they are the usual ones.
    small: u64,
    /// Larger numbers given so far.
    large: Vec<u32>,
    next: u32,
}

impl Numbering {
    fn new(explicit: impl Iterator<Item = u32>) -> Self {
        let mut next = 0;
        for n in explicit {
            next = next.max(n);
        }
        Numbering {
            small: 0,
            large: Vec::new(),
            next,
        }
    }

    fn assign(&mut self, number: Option<u32>) -> Result<u32, u32> {
        let n = match number {
            Some(n) => n,
            None => {
                self.next = self.next.saturating_add(1);
                self.next
            }
        };
        let fresh = if n < 64 {
            let fresh = self.small & 1 << n == 0;
            self.small |= 1 << n;
            fresh
        } else if self.large.contains(&n) {
            false
        } else {
            self.large.push(n);
            true
        };
        if fresh {
            Ok(n)
        } else {
            Err(n)
        }
    }
}

/// Splits `12 (5): body`, `12: body`, `(5): body`, `12 (5) body` into number, bid and body.
/// A line whose leading digits are not followed by `:` or a bid is all body (`2 Red …`).
fn split_prefix(t: &str) -> Prefix<'_> {
    let bare = Prefix {
        number: None,
        eyes: None,
        body: t,
    };
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let number = if digits > 0 {
        match t[..digits].parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => return bare,
        }
    } else {
        None
    };
    let rest = t[digits..].trim_start();
    let (eyes, rest) = if let Some(inner) = rest.strip_prefix('(') {
        match inner.bytes().position(|b| b == b')') {
            Some(close) => {
                let bid = inner[..close].trim();
                let eyes = bid.parse::<u32>().map_err(|_| bid.to_string());
                (Some(eyes), inner[close + 1..].trim_start())
            }
            None => return bare,
        }
    } else {
        (None, rest)
    };
    match rest.strip_prefix(':') {
        Some(body) => Prefix {
            number,
            eyes,
            body: body.trim(),
        },
        None if eyes.is_some() => Prefix {
            number,
            eyes,
            body: rest.trim_start_matches(['.', '-']).trim(),
        },
        None => bare,
    }
}

/// Where `needle` (lower-case ASCII) first stands as a whole word in `haystack`, whatever the
/// haystack's ASCII case. Byte offsets: an ASCII needle only ever matches at a character
/// boundary.
fn find_word(haystack: &str, needle: &str) -> Option<usize> {
    let (h, n) = (haystack.as_bytes(), needle.as_bytes());
    let last = h.len().checked_sub(n.len())?;
    // `| 0x20` lowers an ASCII letter: a quick test of the first byte (the needle starts with
    // a letter) before the whole comparison.
    (0..=last).find(|&at| {
        let end = at + n.len();
        h[at] | 0x20 == n[0]
            && h[at..end].eq_ignore_ascii_case(n)
            && (at == 0 || !h[at - 1].is_ascii_alphanumeric())
            && (end == h.len() || !h[end].is_ascii_alphanumeric())
    })
}

/// Whether `text` ends with `tail` (lower-case ASCII), whatever its ASCII case.
fn ends_with_word(text: &str, tail: &str) -> bool {
    text.len() >= tail.len()
        && text.as_bytes()[text.len() - tail.len()..].eq_ignore_ascii_case(tail.as_bytes())
}

fn read_body(body: &str) -> Result<Body<'_>, Problem> {
    if let Some(at) = find_word(body, "has how many") {
        let target = body[..at].trim();
        let asked = &body[at + "has how many".len()..];
        return question(target, asked);
    }
    // "how many Reds does Bob have?"
    const HOW_MANY: &str = "how many";
    if body.len() >= HOW_MANY.len()
        && body.as_bytes()[..HOW_MANY.len()].eq_ignore_ascii_case(HOW_MANY.as_bytes())
    {
        let rest = &body[HOW_MANY.len()..];
        if let Some(does) = find_word(rest, "does") {
            let after = &body[HOW_MANY.len() + does + 4..];
            if let Some(have) = find_word(after, "have") {
                let target = after[..have].trim();
                return question(target, &body[HOW_MANY.len()..HOW_MANY.len() + does]);
            }
        }
    }
    if let Some(at) = find_word(body, "has") {
        let who = body[..at].trim();
        let card = &body[at + 3..];
        return Ok(Body::Guess(place(who)?, read_card(card)?));
    }
    let stripped = body.trim_end_matches(['.', '!', ' ']);
    for tail in ["is in the safe", "is in safe", "in the safe"] {
        if ends_with_word(stripped, tail) {
            let card = &body[..stripped.len() - tail.len()];
            return Ok(Body::Guess(PlaceRef::Safe, read_card(card)?));
        }
    }
    if let Some(body) = super::french::read_safe_guess(body) {
        return body;
    }
    if let Some(body) = super::french::read_body(body) {
        return body;
    }
    Err(Problem::NotUnderstood)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::deck::{Colour, Gem};

    #[test]
    fn french_lines_with_words_missing_are_refused_and_never_break_the_reader() {
        for text in [
            "1 (3): combien a-t-il ?",
            "1 (3): combien a-t-elle",
            "1 (3): combien",
            "1 (2): combien a",
            "1 (2): Cleo a combien",
            "1: a",
            "2: dans le coffre",
            "2: est au coffre",
        ] {
            let read = std::panic::catch_unwind(|| parse(text));
            let read = read.unwrap_or_else(|_| panic!("{text:?} broke the reader"));
            assert!(read.is_err(), "{text:?} was read as a turn");
        }
    }

    fn ok(text: &str) -> ParsedTurn {
        parse(text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"))
    }

    fn problems(text: &str) -> Vec<String> {
        parse(text)
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect()
    }

    #[test]
    fn reads_guesses_questions_and_words() {
        let t = ok("1: Bob has 2 Red Diamond\n2: 3 Blue Opal is in the safe\n1 (5): Carol has how many Reds?\nready\ndone");
        assert_eq!(t.guesses.len(), 2);
        assert_eq!(t.guesses[0].place, Place::Player("Bob".into()));
        assert_eq!(t.guesses[0].card, Card::new(2, Colour::Red, Gem::Diamond));
        assert_eq!(t.guesses[1].place, Place::Safe);
        assert_eq!(t.questions[0].eyes, 5);
        assert_eq!(t.questions[0].target, "Carol");
        assert_eq!(t.questions[0].traits, vec![Trait::Colour(Colour::Red)]);
        assert!(t.ready && t.done);
    }

    #[test]
    fn seed_forms() {
        let t = ok("3: Ann has 2 Red; Diamond\n4 (7): Dan has how many Green Diamond?\n5: 1 Red Pearl is in the safe.");
        assert_eq!(t.guesses[0].number, 3);
        assert_eq!(t.guesses[1].number, 5);
        assert_eq!(t.questions[0].number, 4);
        assert_eq!(t.questions[0].traits.len(), 2);
        let q = ok("(3) how many pairs does Ann have?");
        assert_eq!(q.questions[0].target, "Ann");
        assert_eq!(q.questions[0].traits, vec![Trait::Number(2)]);
    }

    #[test]
    fn bare_lines_number_after_the_highest_of_their_kind() {
        let t = ok("1: Bob has 1 Red Opal\nBob has 1 Blue Opal\n5: Bob has 1 Green Opal\nBob has 1 Yellow Opal\n(2): Bob has how many Ones?");
        let numbers: Vec<u32> = t.guesses.iter().map(|g| g.number).collect();
        assert_eq!(numbers, [1, 6, 5, 7]);
        assert_eq!(t.questions[0].number, 1);
    }

    #[test]
    fn skips_comments_quotes_and_signature() {
        let t = ok("# my turn\n\n// note\n> 1: quoted old line\n1: Bob has 1 Red Opal\n-- \nAnn\n2: nonsense");
        assert_eq!(t.guesses.len(), 1);
    }

    #[test]
    fn every_bad_line_is_reported_with_its_number_and_text() {
        let errs = problems("1: Bob has 2 Red Diamond\nBob has how many Red Blue?\nhello there\n1: Bob has 3 Red Opal\n2 (x): Bob has how many Reds\n(3): Bob has how many Red Opal Ones?\n4: Bob has 2 Purple Opal\n3 (4): Bob has 1 Red Opal\n2: Bob has how many Reds?");
        assert_eq!(errs.len(), 8, "{errs:#?}");
        assert_eq!(errs[0], "line 2: \"Bob has how many Red Blue?\" asks about two colours; a question may combine at most one gem, one colour and one number");
        assert!(errs[1].starts_with("line 3: \"hello there\" is not understood"));
        assert!(errs[2].contains("reuses guess number 1"), "{}", errs[2]);
        assert!(errs[3].contains("bids \"x\""));
        assert!(errs[4].contains("asks about 3 traits"));
        assert!(errs[5].contains("\"Purple\" is not a number, colour or gem"));
        assert!(errs[6].contains("is a guess with a bid"));
        assert!(errs[7].contains("has no bid"));
    }

    #[test]
    fn negative_and_fractional_bids_are_refused() {
        for bid in ["-1", "2.5", "ten"] {
            let errs = problems(&format!("1 ({bid}): Bob has how many Reds?"));
            assert!(
                errs[0].contains("a bid is a whole number"),
                "{bid}: {errs:?}"
            );
        }
    }

    #[test]
    fn empty_text_is_an_empty_turn() {
        assert_eq!(ok(""), ParsedTurn::default());
        assert_eq!(ok("\n# nothing\n"), ParsedTurn::default());
    }

    // The same lines as French players write them (`french`).

    #[test]
    fn french_guesses_read_as_the_english_ones_do() {
        let t = parse("1: Ben a 2 diamant rouge\n2: Ben a la paire de diamants bleus\n3: l'opale bleue solitaire est dans le coffre\n4: Ben a une paire de perles vertes\n5: le coffre a le groupe de perles jaunes\n6: Ben a l’opale verte solitaire\n7: d'opale bleue solitaire au coffre").unwrap();
        let cards: Vec<(Place, Card)> = t
            .guesses
            .iter()
            .map(|g| (g.place.clone(), g.card))
            .collect();
        let ben = || Place::Player("Ben".into());
        assert_eq!(
            cards,
            vec![
                (ben(), Card::new(2, Colour::Red, Gem::Diamond)),
                (ben(), Card::new(2, Colour::Blue, Gem::Diamond)),
                (Place::Safe, Card::new(1, Colour::Blue, Gem::Opal)),
                (ben(), Card::new(2, Colour::Green, Gem::Pearl)),
                (Place::Safe, Card::new(3, Colour::Yellow, Gem::Pearl)),
                (ben(), Card::new(1, Colour::Green, Gem::Opal)),
                (Place::Safe, Card::new(1, Colour::Blue, Gem::Opal)),
            ]
        );
    }

    #[test]
    fn french_questions_in_every_word_order() {
        let t = parse("1 (5): combien de rouges a Cleo ?\n2 (5): Cleo a combien de rouges ?\n3 (3): Cleo a combien de perles vertes ?\n4 (2): combien de paires Cléo a-t-elle ?\n5 (1): Cleo a combien d’opales ?").unwrap();
        let asked: Vec<(String, Vec<Trait>)> = t
            .questions
            .iter()
            .map(|q| (q.target.clone(), q.traits.clone()))
            .collect();
        assert_eq!(asked[0], ("Cleo".into(), vec![Trait::Colour(Colour::Red)]));
        assert_eq!(asked[1], asked[0]);
        assert_eq!(
            asked[2],
            (
                "Cleo".into(),
                vec![Trait::Gem(Gem::Pearl), Trait::Colour(Colour::Green)]
            )
        );
        assert_eq!(asked[3], ("Cléo".into(), vec![Trait::Number(2)]));
        assert_eq!(asked[4], ("Cleo".into(), vec![Trait::Gem(Gem::Opal)]));
    }

    #[test]
    fn french_lines_with_typographic_apostrophes_and_a_written_as_a_grave() {
        // `à` for `a` (a common slip), `a-t’elle` and `l’` with the typographic apostrophe.
        let t = parse(
            "1: Ben à 2 diamant rouge\n2: l’opale bleue solitaire est dans le coffre\n3 (2): combien de paires Cleo a-t’elle ?",
        )
        .unwrap();
        assert_eq!(
            t.guesses
                .iter()
                .map(|g| (g.place.clone(), g.card))
                .collect::<Vec<_>>(),
            vec![
                (
                    Place::Player("Ben".into()),
                    Card::new(2, Colour::Red, Gem::Diamond)
                ),
                (Place::Safe, Card::new(1, Colour::Blue, Gem::Opal)),
            ]
        );
        assert_eq!(t.questions[0].target, "Cleo");
        assert_eq!(t.questions[0].traits, vec![Trait::Number(2)]);
    }

    #[test]
    fn french_words_for_ready_and_done_with_or_without_accents() {
        for (text, ready, done) in [
            ("prêt", true, false),
            ("Pret.", true, false),
            ("fini", false, true),
            ("prête\nfinie", true, true),
        ] {
            let t = parse(text).unwrap();
            assert_eq!((t.ready, t.done), (ready, done), "{text}");
        }
    }

    #[test]
    fn a_french_line_that_names_no_card_says_so() {
        let errs = parse("1: Ben a 2 diamant violet").unwrap_err();
        assert!(
            errs[0]
                .to_string()
                .contains("\"violet\" is not a number, colour or gem"),
            "{errs:?}"
        );
    }
}
