//! A message as data: what the game master says (an error, a refusal, a confirmation, a note
//! in a bulletin) is a Fluent message id with its arguments, worded when someone reads it, in
//! their language. Its `Display` is the English, for logs, the command line and the JSON API.

use serde::{Deserialize, Serialize};

use super::{Arg, Lang};

/// A message of `locales/*/*.ftl` with its arguments, or words given as they are.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Said {
    Message {
        id: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        args: Vec<(String, Value)>,
    },
    /// Words already in the reader's language (a refused line worded for its player), or
    /// words that are not ours to translate (a parser's complaint about a JSON body).
    Text(String),
    /// Several messages, one after another: `a; b`.
    All(Vec<Said>),
}

/// An argument of a `Said`: text, a number Fluent may choose a plural by, a number with a
/// fraction written with the language's decimal mark (`Lang::decimal`; no plural is chosen by
/// it), a moment or a length of time (worded as `Lang::time` and `Lang::hours` do), or
/// another message worded in the same language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    Number(f64),
    Text(String),
    Decimal { decimal: f64 },
    Time { time: i64, zone: String },
    Duration { seconds: i64 },
    Said(Box<Said>),
}

impl Value {
    /// A moment, shown in the time zone `zone` (a tz name; UTC when unknown).
    pub fn time(epoch: i64, zone: &str) -> Value {
        Value::Time {
            time: epoch,
            zone: zone.to_string(),
        }
    }

    /// A number that may have a fraction, written with each language's decimal mark.
    pub fn decimal(n: f64) -> Value {
        Value::Decimal { decimal: n }
    }

    /// A length of time in seconds, worded in hours or minutes.
    pub fn duration(seconds: i64) -> Value {
        Value::Duration { seconds }
    }
}

impl Said {
    /// The message `id`; arguments follow with `with`.
    pub fn new(id: &str) -> Said {
        Said::Message {
            id: id.to_string(),
            args: Vec::new(),
        }
    }

    /// Words given as they are.
    pub fn text(text: impl Into<String>) -> Said {
        Said::Text(text.into())
    }

    /// The message with one more argument.
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Said {
        if let Said::Message { args, .. } = &mut self {
            args.push((key.to_string(), value.into()));
        }
        self
    }

    /// The message's id (`None` for words given as they are).
    pub fn id(&self) -> Option<&str> {
        match self {
            Said::Message { id, .. } => Some(id),
            Said::Text(_) | Said::All(_) => None,
        }
    }
}

impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&Lang::En.said(self))
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::Text(s)
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::Text(s.to_string())
    }
}
impl From<&String> for Value {
    fn from(s: &String) -> Self {
        Value::Text(s.clone())
    }
}
impl From<Said> for Value {
    fn from(s: Said) -> Self {
        Value::Said(Box::new(s))
    }
}
macro_rules! number_value {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(n: $t) -> Self {
                Value::Number(n as f64)
            }
        }
    )*};
}
number_value!(i64, u64, u32, usize, i32, f64);

impl Lang {
    /// A message worded in this language.
    pub fn said(&self, said: &Said) -> String {
        match said {
            Said::Text(text) => text.clone(),
            Said::All(all) => self.said_all(all),
            Said::Message { id, args } => self.tr(
                id,
                args.iter().map(|(k, v)| {
                    let arg = match v {
                        Value::Number(n) => Arg::Number(*n),
                        Value::Text(s) => Arg::from(s),
                        Value::Decimal { decimal } => Arg::from(self.decimal(*decimal)),
                        Value::Time { time, zone } => {
                            Arg::from(self.time(*time, zone.parse().unwrap_or(chrono_tz::UTC)))
                        }
                        Value::Duration { seconds } => Arg::from(self.hours(*seconds)),
                        Value::Said(inner) => Arg::from(self.said(inner)),
                    };
                    (k.as_str(), arg)
                }),
            ),
        }
    }

    /// Several messages worded in this language, one after another: `a; b`.
    pub fn said_all(&self, all: &[Said]) -> String {
        all.iter()
            .map(|s| self.said(s))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// A message with its arguments: `said!("error-no-seat", seat = 3)`.
#[macro_export]
macro_rules! said {
    ($id:literal $(, $k:ident = $v:expr)* $(,)?) => {
        $crate::lang::Said::new($id)$(.with(stringify!($k), $v))*
    };
}
