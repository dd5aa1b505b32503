//! What one line of a turn says, once its words are known to be a guess or a question: the
//! place it names, the card, the player asked and the traits. The English reader (`turn`) and
//! the French one (`french`) both end here.

use super::cards::{lowered, read_traits, Card, Kind, Trait};
use super::problem::Problem;

/// Where a guess says a card is, as the player wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Player(String),
    Safe,
}

/// A line read: a guess of where a card is, or a question to a player.
pub(super) enum Body {
    Guess(Place, Card),
    Question(String, Vec<Trait>),
}

/// Where a guess puts a card: the safe, or a player's name as written.
pub(super) fn place(who: &str) -> Result<Place, Problem> {
    Ok(if lowered(who, is_safe) {
        Place::Safe
    } else {
        Place::Player(player_word(who).ok_or(Problem::NoPlayerBeforeHas)?)
    })
}

/// Whether words in lower case name the safe.
fn is_safe(lower: &str) -> bool {
    matches!(lower, "safe" | "the safe" | "coffre" | "le coffre")
}

fn player_word(who: &str) -> Option<String> {
    let who = who
        .trim()
        .trim_end_matches(['?', '!', '.', ' ', '\u{a0}'])
        .trim_start_matches('@');
    (!who.is_empty()).then(|| who.to_string())
}

pub(super) fn read_card(text: &str) -> Result<Card, Problem> {
    Card::parse(text).map_err(Problem::NotACard)
}

pub(super) fn question(target: &str, asked: &str) -> Result<Body, Problem> {
    let target = if lowered(target, is_safe) {
        "safe".to_string()
    } else {
        player_word(target).ok_or(Problem::NoPlayerAsked)?
    };
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
