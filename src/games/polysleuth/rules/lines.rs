//! What one line of a turn says, once its words are known to be a guess or a question: the
//! place it names, the card, the player asked and the traits. The English reader (`turn`) and
//! the French one (`french`) both end here.

use std::borrow::Cow;

use super::cards::{lowered, read_traits, Card, Kind, Trait};
use super::problem::Problem;

/// Where a guess says a card is, as the player wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Player(String),
    Safe,
}

/// A [`Place`] that borrows the name from the turn's text while it is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum PlaceRef<'a> {
    Player(Cow<'a, str>),
    Safe,
}

impl PlaceRef<'_> {
    pub(super) fn into_place(self) -> Place {
        match self {
            PlaceRef::Player(name) => Place::Player(name.into_owned()),
            PlaceRef::Safe => Place::Safe,
        }
    }
}

/// A line read: a guess of where a card is, or a question to a player.
pub(super) enum Body<'a> {
    Guess(PlaceRef<'a>, Card),
    Question(Cow<'a, str>, Vec<Trait>),
}

impl Body<'_> {
    /// The body with its names copied, free of the text it was read from.
    pub(super) fn into_owned(self) -> Body<'static> {
        match self {
            Body::Guess(PlaceRef::Player(name), card) => {
                Body::Guess(PlaceRef::Player(Cow::Owned(name.into_owned())), card)
            }
            Body::Guess(PlaceRef::Safe, card) => Body::Guess(PlaceRef::Safe, card),
            Body::Question(target, traits) => {
                Body::Question(Cow::Owned(target.into_owned()), traits)
            }
        }
    }
}

/// Where a guess puts a card: the safe, or a player's name as written.
pub(super) fn place(who: &str) -> Result<PlaceRef<'_>, Problem> {
    Ok(if names_safe(who) {
        PlaceRef::Safe
    } else {
        PlaceRef::Player(Cow::Borrowed(
            player_word(who).ok_or(Problem::NoPlayerBeforeHas)?,
        ))
    })
}

/// Whether words in lower case name the safe.
fn is_safe(lower: &str) -> bool {
    matches!(lower, "safe" | "the safe" | "coffre" | "le coffre")
}

/// Whether words name the safe, in any case. Lowering keeps an ASCII text's length, so only
/// a text as long as one of the names is lowered.
fn names_safe(words: &str) -> bool {
    if words.is_ascii() && !matches!(words.len(), 4 | 6 | 8 | 9) {
        return false;
    }
    lowered(words, is_safe)
}

fn player_word(who: &str) -> Option<&str> {
    let who = who
        .trim()
        .trim_end_matches(['?', '!', '.', ' ', '\u{a0}'])
        .trim_start_matches('@');
    (!who.is_empty()).then_some(who)
}

pub(super) fn read_card(text: &str) -> Result<Card, Problem> {
    Card::parse(text).map_err(Problem::NotACard)
}

pub(super) fn question<'a>(target: &'a str, asked: &str) -> Result<Body<'a>, Problem> {
    let target = if names_safe(target) {
        "safe"
    } else {
        player_word(target).ok_or(Problem::NoPlayerAsked)?
    };
    let target = Cow::Borrowed(target);
    let traits = read_traits(asked).map_err(|word| Problem::NotATrait { word })?;
    // Traits of each kind, by canonical rank; the first kind asked twice is the problem.
    let mut kinds = [0usize; 3];
    for t in &traits {
        kinds[t.canonical_rank() as usize] += 1;
    }
    if let Some(rank) = kinds.iter().position(|n| *n > 1) {
        let kind = [Kind::Number, Kind::Colour, Kind::Gem][rank];
        return Err(Problem::TwoOfAKind { kind });
    }
    match traits.len() {
        0 => Err(Problem::NoTrait),
        1 | 2 => Ok(Body::Question(target, traits)),
        count => Err(Problem::TooManyTraits { count }),
    }
}
