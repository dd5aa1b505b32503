//! Clue's turn language (RULES-CLUE §3), one command a line, in English or French:
//!
//! | English | French |
//! |---|---|
//! | `move to Kitchen` | `aller à la Cuisine`, `aller au Salon`, `aller à l'Observatoire` |
//! | `passage` | `passage` |
//! | `stay` | `rester` |
//! | `suggest Plum with Rope` | `suggérer Violet avec la Corde` |
//! | `suggest Plum in Kitchen with Rope` (house rule `board` off) | `suggérer Violet à la Cuisine avec la Corde` |
//! | `accuse Scarlet in Spa with Knife` | `accuser Rose au Spa avec le Poignard` |
//! | `done` | `fini` |
//! | `show Rope` | `montrer la Corde` |
//! | `show order Rope, Plum, Kitchen` | `ordre la Corde, Violet, la Cuisine` |
//!
//! Words are read in any case, accents or not; a card by either of its names (`cards`). What a
//! command may do at a given moment is the game's to decide; this only reads it.

use super::board::Room;
use super::cards::{Card, Kind};

/// One command of a player's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    MoveTo(Room),
    Passage,
    Stay,
    /// The room is named only where the house rule `board` is off.
    Suggest {
        guest: Card,
        room: Option<Room>,
        weapon: Card,
    },
    Accuse {
        guest: Card,
        room: Room,
        weapon: Card,
    },
    Done,
    Show(Card),
    ShowOrder(Vec<Card>),
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("is not understood: write a command such as \"move to Kitchen\", \"suggest Plum with Rope\", \"accuse Scarlet in Spa with Knife\" or \"done\"")]
    NotUnderstood,
    #[error("names \"{0}\", which is no card")]
    NoCard(String),
    #[error("names \"{0}\", which is not a {1}")]
    WrongKind(String, &'static str),
    #[error("names the same card twice ({})", .0.name())]
    Twice(Card),
    #[error("names no card: a show order lists the cards you would rather show first, as \"show order Rope, Plum, Kitchen\"")]
    EmptyShowOrder,
}

/// Leading articles and prepositions French puts before a card's name.
const FRENCH_ARTICLES: [&str; 14] = [
    "dans le ", "dans la ", "dans l'", "à la ", "a la ", "à l'", "a l'", "au ", "aux ", "le ",
    "la ", "l'", "les ", "en ",
];

/// A card's words with a French article or preposition before them taken off.
fn bare(words: &str) -> &str {
    let words = words.trim();
    for a in FRENCH_ARTICLES {
        if words.len() > a.len()
            && words.is_char_boundary(a.len())
            && words[..a.len()].eq_ignore_ascii_case(a)
        {
            return words[a.len()..].trim_start();
        }
    }
    words
}

fn card(words: &str) -> Result<Card, Problem> {
    let words = words.replace('\u{2019}', "'");
    let plain = words.trim();
    Card::parse(plain)
        .or_else(|| Card::parse(bare(plain)))
        .ok_or_else(|| Problem::NoCard(plain.to_string()))
}

fn of_kind(words: &str, kind: Kind) -> Result<Card, Problem> {
    let c = card(words)?;
    match c.kind() == kind {
        true => Ok(c),
        false => Err(Problem::WrongKind(
            words.trim().to_string(),
            match kind {
                Kind::Guest => "guest",
                Kind::Weapon => "weapon",
                Kind::Room => "room",
            },
        )),
    }
}

fn room(words: &str) -> Result<Room, Problem> {
    Ok(of_kind(words, Kind::Room)?
        .room()
        .expect("a room card is a room"))
}

/// `text` split at the first whole word `word` (lower case; found in any case): before and
/// after it. Compared character by character on the text itself, so a letter whose lower case
/// has another length (`K`, the Kelvin sign; `İ`) never shifts where the text is cut.
fn split_word<'a>(text: &'a str, word: &str) -> Option<(&'a str, &'a str)> {
    let chars = word.chars().count();
    let starts = text.char_indices().map(|(i, _)| i);
    starts
        .filter(|&i| i == 0 || text[..i].ends_with(' '))
        .find_map(|i| {
            let len: usize = text[i..].chars().take(chars).map(char::len_utf8).sum();
            let end = i + len;
            let same = text[i..end].to_lowercase() == word;
            let after_ok = end == text.len() || text[end..].starts_with(' ');
            (same && after_ok).then(|| (&text[..i], &text[end..]))
        })
}

/// `rest` read as `GUEST with WEAPON` or `GUEST in ROOM with WEAPON` (`in`: `en`, `au`, `à
/// la`… in French), the room required for an accusation.
fn triple(rest: &str, with: &str, ins: &[&str]) -> Result<(Card, Option<Room>, Card), Problem> {
    let (who_where, weapon) = split_word(rest, with).ok_or(Problem::NotUnderstood)?;
    let weapon = of_kind(weapon, Kind::Weapon)?;
    // The guest, then the room if one is named.
    for i in ins {
        if let Some((guest, place)) = split_word(who_where, i) {
            if let Ok(guest) = of_kind(guest, Kind::Guest) {
                return Ok((guest, Some(room(place)?), weapon));
            }
        }
    }
    Ok((of_kind(who_where, Kind::Guest)?, None, weapon))
}

/// Whether a line that `read` refuses was still meant as a command, so that a mail's turn holds
/// it (refused with its reason, nothing after it done) rather than dropping it as prose around
/// the turn: `suggest`, `accuse` or their French forms, even mistyped or after `I` or `je`,
/// with the `with` or `avec` a suggestion or accusation needs (`sugest Plum with Rope`,
/// `I accuse Plum in Kitchn with Rope`); `move to`, `aller`, `show`, `montrer` or `ordre`
/// exactly, with a card after. Everyday sentences (`How are you?`, `Love to all,`, `Excuse
/// the delay`, `Stay safe,`) stay prose.
pub fn looks_like_a_command(line: &str) -> bool {
    let lower = line.trim().to_lowercase();
    let Some((first, words)) = first_word(&lower) else {
        return false;
    };
    if is_guess_word(first, 2) {
        return words[1..].iter().any(|w| matches!(*w, "with" | "avec"));
    }
    match first {
        "move" => words[1] == "to",
        "aller" | "show" | "montrer" | "ordre" => words.len() <= 5,
        _ => false,
    }
}

/// A lowered line's first word (after `I` or `je`) and its words from there, when it has two
/// words or more.
fn first_word(lower: &str) -> Option<(&str, Vec<&str>)> {
    let words: Vec<&str> = lower.split_whitespace().collect();
    let words = match words.first().copied() {
        Some("i" | "je") => words[1..].to_vec(),
        _ => words,
    };
    let first = words
        .first()?
        .trim_start_matches("j'")
        .trim_start_matches("j’");
    (words.len() >= 2).then_some((first, words))
}

/// Whether a word is `suggest` or `accuse`, in English or French, with at most `edits`
/// letters mistyped.
fn is_guess_word(word: &str, edits: usize) -> bool {
    const GUESSES: [&str; 6] = [
        "suggest",
        "suggérer",
        "suggerer",
        "suggère",
        "accuse",
        "accuser",
    ];
    GUESSES
        .iter()
        .any(|v| strsim::osa_distance(word, v) <= edits)
}

/// Whether a line left out of a mail as prose opens like a suggestion or an accusation (its
/// `with` mistyped, say): its sender is told it was not read. One letter mistyped at most, so
/// that everyday words (`Excuse the delay`, `Amuse yourselves`) stay prose.
pub fn opens_like_a_guess(line: &str) -> bool {
    let lower = line.trim().to_lowercase();
    first_word(&lower).is_some_and(|(first, _)| is_guess_word(first, 1))
}

/// Reads one line as a command.
pub fn read(line: &str) -> Result<Command, Problem> {
    let line = line.trim().trim_end_matches(['.', '!']).trim();
    let lower = line.to_lowercase();
    let after = |prefix: &str| -> Option<&str> {
        (lower.starts_with(prefix) && line.is_char_boundary(prefix.len()))
            .then(|| &line[prefix.len()..])
    };
    match lower.as_str() {
        "passage" | "passage secret" => return Ok(Command::Passage),
        "stay" | "rester" => return Ok(Command::Stay),
        "done" | "fini" => return Ok(Command::Done),
        _ => {}
    }
    if let Some(rest) = after("move to ").or_else(|| after("aller ")) {
        return Ok(Command::MoveTo(room(rest)?));
    }
    // A show order with no card (a cleared field) is not a `show` of the card "order".
    if matches!(lower.as_str(), "show order" | "ordre") {
        return Err(Problem::EmptyShowOrder);
    }
    if let Some(rest) = after("show order ").or_else(|| after("ordre ")) {
        let mut cards = Vec::new();
        for words in rest.split([',', ';']).filter(|w| !w.trim().is_empty()) {
            let c = card(words)?;
            if cards.contains(&c) {
                return Err(Problem::Twice(c));
            }
            cards.push(c);
        }
        return match cards.is_empty() {
            true => Err(Problem::NotUnderstood),
            false => Ok(Command::ShowOrder(cards)),
        };
    }
    if let Some(rest) = after("show ").or_else(|| after("montrer ")) {
        return Ok(Command::Show(card(rest)?));
    }
    const FRENCH_IN: [&str; 6] = ["dans", "au", "aux", "à", "a", "en"];
    if let Some(rest) = after("suggest ") {
        let (guest, room, weapon) = triple(rest, "with", &["in"])?;
        return Ok(Command::Suggest {
            guest,
            room,
            weapon,
        });
    }
    if let Some(rest) = after("suggérer ").or_else(|| after("suggerer ")) {
        let (guest, room, weapon) = triple(rest, "avec", &FRENCH_IN)?;
        return Ok(Command::Suggest {
            guest,
            room,
            weapon,
        });
    }
    let accusation = match (after("accuse "), after("accuser ")) {
        (Some(rest), _) => Some(triple(rest, "with", &["in"])),
        (_, Some(rest)) => Some(triple(rest, "avec", &FRENCH_IN)),
        _ => None,
    };
    if let Some(read) = accusation {
        let (guest, room, weapon) = read?;
        return match room {
            Some(room) => Ok(Command::Accuse {
                guest,
                room,
                weapon,
            }),
            None => Err(Problem::NotUnderstood),
        };
    }
    Err(Problem::NotUnderstood)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(name: &str) -> Card {
        Card::parse(name).unwrap()
    }

    #[test]
    fn a_show_order_with_no_card_is_refused_as_such_not_read_as_the_card_order() {
        for line in ["show order", "Show order ", "ordre", "show order."] {
            assert_eq!(read(line), Err(Problem::EmptyShowOrder), "{line}");
        }
        assert!(Problem::EmptyShowOrder
            .to_string()
            .contains("show order Rope, Plum"));
    }

    #[test]
    fn a_line_left_as_prose_that_opens_like_a_suggestion_or_an_accusation_is_noticed() {
        for line in [
            "accuse Plum in Kitchen wiht Rope",
            "I sugest Plum in Spa",
            "Je suggère Moutarde",
        ] {
            assert!(!looks_like_a_command(line), "{line}");
            assert!(opens_like_a_guess(line), "{line}");
        }
        for prose in [
            "Hello all,",
            "Ann",
            "Thanks, see you",
            "accuse",
            "Excuse the delay",
            "Amuse yourselves",
            "Access denied here",
            "Abuse of power!",
        ] {
            assert!(!opens_like_a_guess(prose), "{prose}");
        }
    }

    #[test]
    fn a_mistyped_command_is_told_from_the_prose_around_a_turn() {
        for typo in [
            "sugest Plum with Rope",
            "acuse Plum in Kitchn with Rope",
            "accuse Plum in Kitchn with Rope",
            "I suggest Plum with Rope",
            "Je suggère Moutarde avec la Corde",
            "move to Kitchn",
            "show Ropee",
            "suggérer Moutarde avec la Cord",
        ] {
            assert!(read(typo).is_err(), "{typo}");
            assert!(looks_like_a_command(typo), "{typo}");
        }
        for prose in [
            "Hello all,",
            "How are you all?",
            "Love to all,",
            "More soon!",
            "Excuse the delay",
            "Snow here today",
            "Allez hop",
            "I accuse nobody yet",
            "Stay safe,",
            "Done for today, see you",
            "Thanks!",
            "Cheers, Ann",
            "Sorry for the delay",
            "move",
            "",
        ] {
            assert!(!looks_like_a_command(prose), "{prose}");
        }
    }

    #[test]
    fn letters_whose_lower_case_has_another_length_never_break_the_reader() {
        // `K` (the Kelvin sign) lowers to one byte less, `İ` to one more: found in a lowered
        // copy, a word's place would cut the text inside a letter.
        let odd = [
            "\u{212A}",
            "\u{130}",
            "\u{130}\u{130}",
            "ẞ",
            "Σ",
            "à la",
            "ﬀ",
        ];
        for a in odd {
            for b in odd {
                for text in [
                    format!("suggest {a} with x {b}"),
                    format!("suggest {a}{b} with {b}"),
                    format!("accuse {a} in {b} with {a}"),
                    format!("suggest Plum {a} with Rope {b}"),
                    format!("accuse {b} à la {a} avec {b}"),
                ] {
                    let read = std::panic::catch_unwind(|| read(&text));
                    assert!(read.is_ok(), "{text:?} broke the reader");
                }
            }
        }
        assert_eq!(
            read("suggest Plum WITH Rope"),
            Ok(Command::Suggest {
                guest: c("Plum"),
                room: None,
                weapon: c("Rope")
            })
        );
    }

    #[test]
    fn every_english_command_reads() {
        assert_eq!(read("move to Kitchen"), Ok(Command::MoveTo(Room::Kitchen)));
        assert_eq!(
            read("Move to the Dining Room"),
            Err(Problem::NoCard("the Dining Room".into()))
        );
        assert_eq!(
            read("move to dining room"),
            Ok(Command::MoveTo(Room::DiningRoom))
        );
        assert_eq!(read("passage"), Ok(Command::Passage));
        assert_eq!(read("stay"), Ok(Command::Stay));
        assert_eq!(read("DONE"), Ok(Command::Done));
        assert_eq!(
            read("suggest Plum with Rope"),
            Ok(Command::Suggest {
                guest: c("Plum"),
                room: None,
                weapon: c("Rope")
            })
        );
        assert_eq!(
            read("suggest Professor Plum in Kitchen with Rope"),
            Ok(Command::Suggest {
                guest: c("Plum"),
                room: Some(Room::Kitchen),
                weapon: c("Rope")
            })
        );
        assert_eq!(
            read("accuse Miss Scarlet in Living Room with Knife."),
            Ok(Command::Accuse {
                guest: c("Scarlet"),
                room: Room::LivingRoom,
                weapon: c("Knife")
            })
        );
        assert_eq!(read("show Rope"), Ok(Command::Show(c("Rope"))));
        assert_eq!(
            read("show order Rope, Plum, Kitchen"),
            Ok(Command::ShowOrder(vec![c("Rope"), c("Plum"), c("Kitchen")]))
        );
    }

    #[test]
    fn every_french_command_reads() {
        assert_eq!(
            read("aller au Salon"),
            Ok(Command::MoveTo(Room::LivingRoom))
        );
        assert_eq!(
            read("aller à la Cuisine"),
            Ok(Command::MoveTo(Room::Kitchen))
        );
        assert_eq!(
            read("aller à l\u{2019}Observatoire"),
            Ok(Command::MoveTo(Room::Observatory))
        );
        assert_eq!(read("rester"), Ok(Command::Stay));
        assert_eq!(read("fini"), Ok(Command::Done));
        assert_eq!(
            read("suggérer Violet avec la Corde"),
            Ok(Command::Suggest {
                guest: c("Plum"),
                room: None,
                weapon: c("Rope")
            })
        );
        assert_eq!(
            read("suggérer Violet à la Cuisine avec la Corde"),
            Ok(Command::Suggest {
                guest: c("Plum"),
                room: Some(Room::Kitchen),
                weapon: c("Rope")
            })
        );
        assert_eq!(
            read("accuser Rose au Spa avec le Poignard"),
            Ok(Command::Accuse {
                guest: c("Scarlet"),
                room: Room::Spa,
                weapon: c("Knife")
            })
        );
        assert_eq!(read("montrer la Corde"), Ok(Command::Show(c("Rope"))));
        assert_eq!(
            read("ordre la Corde, Violet, la Cuisine"),
            Ok(Command::ShowOrder(vec![c("Rope"), c("Plum"), c("Kitchen")]))
        );
    }

    #[test]
    fn a_wrong_line_says_what_is_wrong() {
        assert_eq!(read("hello"), Err(Problem::NotUnderstood));
        assert_eq!(
            read("suggest Rope with Plum"),
            Err(Problem::WrongKind("Plum".into(), "weapon"))
        );
        assert_eq!(
            read("move to Plum"),
            Err(Problem::WrongKind("Plum".into(), "room"))
        );
        assert_eq!(
            read("accuse Plum with Rope"),
            Err(Problem::NotUnderstood),
            "an accusation names a room"
        );
        assert_eq!(
            read("show Zeppelin"),
            Err(Problem::NoCard("Zeppelin".into()))
        );
        assert_eq!(
            read("show order Rope, rope"),
            Err(Problem::Twice(Card::parse("Rope").unwrap()))
        );
        // Odd texts never break the reader.
        for text in [
            "",
            "suggest",
            "suggest with",
            "accuser avec",
            "aller à",
            "ordre ,,",
            "é",
            "suggérer é avec é",
        ] {
            assert!(read(text).is_err(), "{text:?}");
        }
    }
}
