//! Why the engine refuses a line at this moment. Each reason keeps what it is about (the card,
//! the area, the sets standing), so a page or a letter words it in its reader's language; its
//! English sentence, the record's and the API's, is the `Display` below.

use std::fmt;

use super::super::cards::Face;
use super::super::places::Area;
use super::{Choice, Waiting};

/// Why a line is refused at this moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    Over,
    /// An ability waits for one of its choices.
    Waiting(Waiting),
    NothingWaiting,
    /// A "then" line after a play whose ability had one choice only, which the service made.
    MadeForYou(Choice),
    /// A "then" line after a play whose ability had nothing to move (it was skipped).
    NothingToChoose,
    NotAChoice(Waiting),
    /// The hand holds no such card; `other`: it holds that face of the other kind (its own
    /// where the line wrote the plus, or the reverse).
    NotInHand {
        face: Face,
        plus: bool,
        other: bool,
    },
    TwoPlayed(Area),
    /// No set takes the card (on set `on`, when the line named one); `office`: the sets
    /// standing, each by number with its cards bottom to top.
    NoPlace {
        face: Face,
        on: Option<u8>,
        office: Vec<(u8, Vec<Face>)>,
    },
    /// The card fits more than one set: which.
    WhichSet(Face, Vec<u8>),
    NoRedraw,
    /// The Valley of Fear completes no set.
    NeverCompletes,
    /// No set of that number holds four Investigation cards.
    NoFullSet(u8),
}

impl std::error::Error for Refusal {}

/// Faces as a set lists them: `2 A 2 C`.
pub fn faces_said(faces: &[Face]) -> String {
    let names: Vec<String> = faces.iter().map(|f| f.name()).collect();
    names.join(" ")
}

/// Set numbers as a list: `1, 3`.
pub fn numbers_said(numbers: &[u8]) -> String {
    let list: Vec<String> = numbers.iter().map(u8::to_string).collect();
    list.join(", ")
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Over => write!(f, "the game is over"),
            Refusal::Waiting(w) => {
                write!(f, "an ability waits for its choice first: {}", w.describe())
            }
            Refusal::NothingWaiting => write!(
                f,
                "no choice is waiting: \"then …\" follows the play that makes a pair"
            ),
            Refusal::MadeForYou(c) => write!(
                f,
                "the ability had one choice only, and it was made for you: \"{}\"; no \"then …\" line is needed",
                c.line()
            ),
            Refusal::NothingToChoose => write!(
                f,
                "the ability had nothing it could move, so it was not used: there is no choice to make"
            ),
            Refusal::NotAChoice(w) => {
                write!(f, "that is not one of the ability's choices: {}", w.describe())
            }
            Refusal::NotInHand { face, plus, other } => match (plus, other) {
                (true, false) => write!(f, "your hand holds no +{face} (a card an ability gave you)"),
                (true, true) => write!(
                    f,
                    "your hand holds no +{face} (a card an ability gave you): your {face} is your own, write \"{face}\""
                ),
                (false, false) => write!(f, "your hand holds no {face}"),
                (false, true) => write!(
                    f,
                    "your hand holds no {face} of your own: yours is the one an ability gave you, write \"+{face}\""
                ),
            },
            Refusal::TwoPlayed(area) => write!(
                f,
                "two cards went into the {} this turn already",
                match area {
                    Area::Office => "Office",
                    Area::Scene => "Crime Scene",
                }
            ),
            Refusal::NoPlace { face, on, office } => {
                match on {
                    Some(n) => write!(f, "{face} on {n}")?,
                    None => write!(f, "{face}")?,
                }
                write!(f, " has no place in the Office: ")?;
                if office.is_empty() {
                    return write!(f, "the Office is empty");
                }
                let sets: Vec<String> = (office.iter())
                    .map(|(n, faces)| format!("set {n}: {}", faces_said(faces)))
                    .collect();
                write!(f, "the Office holds {}", sets.join("; "))
            }
            Refusal::WhichSet(face, sets) => write!(
                f,
                "{face} could go on more than one set: write \"{face} office on N\" with one of {}",
                numbers_said(sets)
            ),
            Refusal::NoRedraw => write!(
                f,
                "\"redraw\" comes before the turn's first play, once a turn, with three cards alike or four of one kind"
            ),
            Refusal::NeverCompletes => write!(f, "The Valley of Fear never completes a set"),
            Refusal::NoFullSet(n) => write!(f, "no set of {n} holds four Investigation cards"),
        }
    }
}
