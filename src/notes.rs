//! The game master's notes in a bulletin, kept as data (what happened, with its numbers and
//! names) and worded when a bulletin is drawn, in the bulletin's language. Notes stored as
//! English sentences before they were data are read back as the same notes.

use serde::{Deserialize, Serialize};

use crate::games::names::valid_name;
use crate::lang::{Said, Value};

/// A note of the game master for the next bulletin.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "Stored", into = "Stored")]
pub enum Note {
    /// The game master ended the game; a finished game's record reads it.
    Ended,
    /// The deadline moved on by `seconds`, to `deadline` shown in `zone` (none while paused).
    Extended {
        seconds: i64,
        deadline: Option<i64>,
        zone: String,
    },
    /// The game was paused; the time left is kept.
    Paused,
    /// The game goes on; the deadline is `deadline` in `zone`.
    Resumed { deadline: i64, zone: String },
    /// `new` took seat `seat` (from 0) from `old`; a finished game's record reads it.
    Replaced {
        new: String,
        old: String,
        seat: usize,
    },
    /// A note stored as an English sentence that is none of the above.
    Text(String),
}

/// How a note is stored: a tagged object, or (notes from before) an English sentence.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Stored {
    Kind(Kind),
    Text(String),
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "note", rename_all = "snake_case")]
enum Kind {
    Ended,
    Extended {
        seconds: i64,
        deadline: Option<i64>,
        zone: String,
    },
    Paused,
    Resumed {
        deadline: i64,
        zone: String,
    },
    Replaced {
        new: String,
        old: String,
        seat: usize,
    },
}

/// The English sentences of notes stored before they were data.
const OLD_ENDED: &str = "The game master ended the game.";
const OLD_PAUSED: &str = "The game master paused the game; the time left is kept.";

impl From<Stored> for Note {
    fn from(s: Stored) -> Note {
        match s {
            Stored::Kind(Kind::Ended) => Note::Ended,
            Stored::Kind(Kind::Extended {
                seconds,
                deadline,
                zone,
            }) => Note::Extended {
                seconds,
                deadline,
                zone,
            },
            Stored::Kind(Kind::Paused) => Note::Paused,
            Stored::Kind(Kind::Resumed { deadline, zone }) => Note::Resumed { deadline, zone },
            Stored::Kind(Kind::Replaced { new, old, seat }) => Note::Replaced { new, old, seat },
            Stored::Text(text) if text == OLD_ENDED => Note::Ended,
            Stored::Text(text) if text == OLD_PAUSED => Note::Paused,
            Stored::Text(text) => match read_old_replacement(&text) {
                Some((new, old, seat)) => Note::Replaced { new, old, seat },
                None => Note::Text(text),
            },
        }
    }
}

impl From<Note> for Stored {
    fn from(n: Note) -> Stored {
        Stored::Kind(match n {
            Note::Ended => Kind::Ended,
            Note::Extended {
                seconds,
                deadline,
                zone,
            } => Kind::Extended {
                seconds,
                deadline,
                zone,
            },
            Note::Paused => Kind::Paused,
            Note::Resumed { deadline, zone } => Kind::Resumed { deadline, zone },
            Note::Replaced { new, old, seat } => Kind::Replaced { new, old, seat },
            Note::Text(text) => return Stored::Text(text),
        })
    }
}

/// Reads an old replacement note, `Dan replaced Ben in seat 2`: (new, old, seat from 0).
fn read_old_replacement(note: &str) -> Option<(String, String, usize)> {
    let (new, rest) = note.split_once(" replaced ")?;
    let (old, seat) = rest.split_once(" in seat ")?;
    let seat: usize = seat.trim().parse().ok()?;
    (valid_name(new) && valid_name(old) && seat > 0).then(|| (new.into(), old.into(), seat - 1))
}

impl Note {
    /// What the note says, to be worded in the reader's language.
    pub fn said(&self) -> Said {
        match self {
            Note::Ended => Said::new("note-ended"),
            Note::Extended {
                seconds,
                deadline: Some(d),
                zone,
            } => Said::new("note-extended-to")
                .with("by", Value::duration(*seconds))
                .with("time", Value::time(*d, zone)),
            Note::Extended { seconds, .. } => {
                Said::new("note-extended").with("by", Value::duration(*seconds))
            }
            Note::Paused => Said::new("note-paused"),
            Note::Resumed { deadline, zone } => {
                Said::new("note-resumed").with("time", Value::time(*deadline, zone))
            }
            Note::Replaced { new, old, seat } => Said::new("note-replaced")
                .with("new", new)
                .with("old", old)
                .with("seat", seat + 1),
            Note::Text(text) => Said::text(text),
        }
    }

    /// The note in the language `t`.
    pub fn worded(&self, t: &crate::lang::Lang) -> String {
        t.said(&self.said())
    }

    /// Notes as stored in a game's row or a bulletin, old English sentences included.
    pub fn read_all(json: &str) -> serde_json::Result<Vec<Note>> {
        serde_json::from_str(json)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[test]
    fn old_english_notes_read_back_as_data() {
        let old = r#"["The game master ended the game.","Dan replaced Ben in seat 2","The game master paused the game; the time left is kept.","The game master extended the deadline by 2 hours."]"#;
        let notes = Note::read_all(old).expect("notes");
        assert_eq!(notes[0], Note::Ended);
        assert_eq!(
            notes[1],
            Note::Replaced {
                new: "Dan".into(),
                old: "Ben".into(),
                seat: 1
            }
        );
        assert_eq!(notes[2], Note::Paused);
        assert_eq!(
            Lang::Fr.said(&notes[3].said()),
            "The game master extended the deadline by 2 hours."
        );
        let again = serde_json::to_string(&notes).expect("json");
        assert_eq!(Note::read_all(&again).expect("notes"), notes);
    }

    #[test]
    fn notes_are_worded_in_the_bulletins_language() {
        let n = Note::Replaced {
            new: "Dan".into(),
            old: "Ben".into(),
            seat: 1,
        };
        assert_eq!(n.said().to_string(), "Dan replaced Ben in seat 2");
        assert_eq!(Lang::Fr.said(&n.said()), "Dan remplace Ben à la place 2");
        let ext = Note::Extended {
            seconds: 5400,
            deadline: Some(1_795_028_400),
            zone: "Europe/Paris".into(),
        };
        assert!(
            Lang::Fr.said(&ext.said()).contains("1,5 heure"),
            "{}",
            Lang::Fr.said(&ext.said())
        );
        assert!(Lang::Fr.said(&Note::Ended.said()).contains("maître de jeu"));
    }
}
