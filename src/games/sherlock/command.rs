//! Sherlock Solitaire's turn language (RULES-SHERLOCK §6, §7), one line a command, in English
//! or French:
//!
//! | English | French | what it does |
//! |---|---|---|
//! | `2 office` | `2 bureau` | plays a drawn 2 into the Office (its place is unique) |
//! | `C office on 2` | `C bureau sur 2` | plays a C onto set 2, when several sets could take it |
//! | `4 scene` | `4 scène` | plays a drawn 4 into the Crime Scene |
//! | `+3 scene` | `+3 scène` | plays the 3 an ability put into the hand |
//! | `then C from set 3 to discard` | `puis C de série 3 à défausse` | an ability's choice |
//! | `complete 3` | `compléter 3` | completes set 3 (not in The Valley of Fear) |
//! | `redraw` | `repiocher` | discards the four drawn and draws four more |
//!
//! Places in a choice: `scene` (`scène`), `discard` (`défausse`), `hand` (`main`), `office`
//! or `set N` (`bureau`, `série N`); case and accents do not matter.

use super::cards::Face;
pub use super::places::{Area, Place};

/// One line of a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Redraw,
    Play {
        face: Face,
        plus: bool,
        area: Area,
        /// The set a letter goes on, when named.
        on: Option<u8>,
    },
    /// An ability's choice. `to: Set(n)` from `office` names the card's own set for a number.
    Then {
        face: Face,
        from: Place,
        to: Place,
    },
    Complete(u8),
}

impl std::fmt::Display for Command {
    /// The line that gives this command, in English: what `read` reads back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Command::Redraw => write!(f, "redraw"),
            Command::Complete(n) => write!(f, "complete {n}"),
            Command::Then { face, from, to } => {
                write!(f, "then {face} from {} to {}", from.said(), to.said())
            }
            Command::Play {
                face,
                plus,
                area,
                on,
            } => {
                let plus = if *plus { "+" } else { "" };
                match (area, on) {
                    (Area::Office, Some(n)) => write!(f, "{plus}{face} office on {n}"),
                    (Area::Office, None) => write!(f, "{plus}{face} office"),
                    (Area::Scene, _) => write!(f, "{plus}{face} scene"),
                }
            }
        }
    }
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("\"{0}\" is not understood: write a play such as \"2 office\", \"C office on 2\", \"4 scene\", a choice such as \"then C from set 3 to discard\", \"complete 3\" or \"redraw\"")]
    Unknown(String),
    #[error("\"{0}\" is no card: cards are 1, 2, 3, 4 (Investigation) and A, B, C, D (Threat)")]
    NoCard(String),
    #[error("\"{0}\" is no place: write scene, discard, hand, office or set N")]
    NoPlace(String),
    /// `office` as a letter card's place: a letter goes on a set, named by its number.
    #[error("\"{0} (a letter goes on a set: set N)\" is no place: write scene, discard, hand, office or set N")]
    LetterOnOffice(String),
}

/// Lower case without accents, words split on spaces.
fn words(line: &str) -> Vec<String> {
    let folded: String = line
        .trim()
        .trim_end_matches(['.', '!'])
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'é' | 'è' | 'ê' => 'e',
            'à' => 'a',
            other => other,
        })
        .collect();
    folded.split_whitespace().map(str::to_string).collect()
}

fn face(word: &str) -> Result<Face, Problem> {
    Face::parse(word).ok_or_else(|| Problem::NoCard(word.to_uppercase()))
}

fn number(word: &str) -> Option<u8> {
    word.parse::<u8>().ok().filter(|n| (1..=4).contains(n))
}

/// A place of a choice, and how many words it took; `card` is the face moved, so `office`
/// names a number's own set.
fn place(w: &[String], card: Face) -> Result<(Place, usize), Problem> {
    let first = w.first().map(String::as_str).unwrap_or("");
    Ok(match first {
        "scene" | "crime" => (
            Place::Scene,
            1 + (w.get(1).is_some_and(|x| x == "scene")) as usize,
        ),
        "discard" | "defausse" => (Place::Discard, 1),
        "hand" | "main" => (Place::Hand, 1),
        "deck" | "pioche" => (Place::Deck, 1),
        "set" | "serie" => match w.get(1).and_then(|n| number(n)) {
            Some(n) => (Place::Set(n), 2),
            None => return Err(Problem::NoPlace(w.join(" "))),
        },
        "office" | "bureau" => match card {
            Face::Number(n) => (Place::Set(n), 1),
            Face::Letter(_) => return Err(Problem::LetterOnOffice(first.to_string())),
        },
        _ => return Err(Problem::NoPlace(first.to_string())),
    })
}

/// Whether a line that `read` refuses was still meant as a play, a choice, `complete` or
/// `redraw` (a mistyped one: `2 ofice`, `C ofice on 2`, `compelte 4`), not a greeting or a
/// signature around the turn: a mail's turn holds it, so it is refused with its reason and
/// nothing after it is done, rather than dropped as prose. A number card opens a play; a
/// letter card does only before a word close to an area (`A bientôt` is a sign-off).
pub fn looks_like_a_play(line: &str) -> bool {
    let w = words(line);
    let near = |word: &str, to: &[&str]| {
        (to.iter()).any(|t| strsim::osa_distance(word, t) <= 2.min(t.len() / 3))
    };
    let Some(first) = w.first().map(|f| f.strip_prefix('+').unwrap_or(f)) else {
        return false;
    };
    match Face::parse(first) {
        Some(Face::Number(_)) => w.len() <= 6,
        Some(Face::Letter(_)) => {
            (2..=6).contains(&w.len()) && near(&w[1], &["office", "scene", "bureau", "crime"])
        }
        None if matches!(first, "then" | "puis") => {
            w.len() >= 4 && (matches!(w[2].as_str(), "de" | "du") || near(&w[2], &["from"]))
        }
        None => w.len() <= 4 && near(first, &["complete", "completer", "redraw", "repiocher"]),
    }
}

/// Reads one line.
pub fn read(line: &str) -> Result<Command, Problem> {
    let w = words(line);
    let unknown = || Problem::Unknown(line.trim().to_string());
    let s: Vec<&str> = w.iter().map(String::as_str).collect();
    match s.as_slice() {
        ["redraw"] | ["repiocher"] => Ok(Command::Redraw),
        ["complete" | "completer", n] => number(n).map(Command::Complete).ok_or_else(unknown),
        ["then" | "puis", card, "from" | "de" | "du", ..] => {
            let face = face(card)?;
            let (from, used) = place(&w[3..], face)?;
            let at = 3 + used;
            if !matches!(
                s.get(at),
                Some(&("to" | "a" | "au" | "dans" | "into" | "sur"))
            ) {
                return Err(unknown());
            }
            let (to, used) = place(&w[at + 1..], face)?;
            if at + 1 + used != w.len() {
                return Err(unknown());
            }
            Ok(Command::Then { face, from, to })
        }
        [card, area, rest @ ..] => {
            let (plus, card) = match card.strip_prefix('+') {
                Some(c) => (true, c),
                None => (false, *card),
            };
            let area = match *area {
                "office" | "bureau" => Area::Office,
                "scene" | "crime" => Area::Scene,
                _ => return Err(unknown()),
            };
            let face = face(card)?;
            let on = match (area, rest) {
                (_, []) => None,
                (Area::Scene, ["scene"]) => None,
                (Area::Office, ["on" | "sur" | "set" | "serie", n]) => {
                    Some(number(n).ok_or_else(unknown)?)
                }
                (Area::Office, ["on" | "sur", "set" | "serie", n]) => {
                    Some(number(n).ok_or_else(unknown)?)
                }
                _ => return Err(unknown()),
            };
            Ok(Command::Play {
                face,
                plus,
                area,
                on,
            })
        }
        _ => Err(unknown()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(f: &str, plus: bool, area: Area, on: Option<u8>) -> Command {
        Command::Play {
            face: Face::parse(f).unwrap(),
            plus,
            area,
            on,
        }
    }

    #[test]
    fn a_mistyped_play_is_told_from_the_prose_around_a_turn() {
        for typo in [
            "2 ofice",
            "+3 scen",
            "C ofice on 2",
            "a sceen",
            "compelte 4",
            "complete set 4",
            "compléter la série 4",
            "redarw",
            "then C form set 3 to discard",
            "puis C de série 3 vers défausse",
        ] {
            assert!(read(typo).is_err(), "{typo}");
            assert!(looks_like_a_play(typo), "{typo}");
        }
        for prose in [
            "Hello Sherlock,",
            "A bientôt",
            "A quick note before my plays:",
            "Thanks!",
            "Then I thought about it and went on.",
            "Cheers, Ann",
            "complete nonsense, sorry for the last mail",
            "",
        ] {
            assert!(!looks_like_a_play(prose), "{prose}");
        }
    }

    #[test]
    fn every_form_of_the_turn_language_reads_in_english_and_french() {
        assert_eq!(read("2 office"), Ok(play("2", false, Area::Office, None)));
        assert_eq!(
            read("C office on 2"),
            Ok(play("C", false, Area::Office, Some(2)))
        );
        assert_eq!(
            read("c bureau sur 2"),
            Ok(play("C", false, Area::Office, Some(2)))
        );
        assert_eq!(read("4 scene"), Ok(play("4", false, Area::Scene, None)));
        assert_eq!(read("A scène"), Ok(play("A", false, Area::Scene, None)));
        assert_eq!(read("+3 scene"), Ok(play("3", true, Area::Scene, None)));
        assert_eq!(
            read("+C office on 2"),
            Ok(play("C", true, Area::Office, Some(2)))
        );
        assert_eq!(read("redraw"), Ok(Command::Redraw));
        assert_eq!(read("Repiocher"), Ok(Command::Redraw));
        assert_eq!(read("complete 3"), Ok(Command::Complete(3)));
        assert_eq!(read("compléter 3"), Ok(Command::Complete(3)));
        let then = |f: &str, from, to| Command::Then {
            face: Face::parse(f).unwrap(),
            from,
            to,
        };
        assert_eq!(
            read("then C from set 3 to discard"),
            Ok(then("C", Place::Set(3), Place::Discard))
        );
        assert_eq!(
            read("then C from scene to set 2"),
            Ok(then("C", Place::Scene, Place::Set(2)))
        );
        assert_eq!(
            read("then 3 from discard to office"),
            Ok(then("3", Place::Discard, Place::Set(3)))
        );
        assert_eq!(
            read("then 2 from discard to hand"),
            Ok(then("2", Place::Discard, Place::Hand))
        );
        assert_eq!(
            read("puis C de série 3 à défausse"),
            Ok(then("C", Place::Set(3), Place::Discard))
        );
        assert_eq!(
            read("then 3 from scene to office"),
            Ok(then("3", Place::Scene, Place::Set(3)))
        );
    }

    #[test]
    fn a_line_that_is_no_command_says_what_is_wrong() {
        assert!(matches!(read("hello"), Err(Problem::Unknown(_))));
        assert_eq!(read("5 office"), Err(Problem::NoCard("5".into())));
        assert!(matches!(read("C office on 7"), Err(Problem::Unknown(_))));
        assert!(matches!(
            read("then C from garden to discard"),
            Err(Problem::NoPlace(_))
        ));
        assert!(matches!(
            read("then C from set 3 to discard now"),
            Err(Problem::Unknown(_))
        ));
        assert!(matches!(read("complete"), Err(Problem::Unknown(_))));
    }
}
