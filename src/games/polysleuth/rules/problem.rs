//! What is wrong with a line of a turn, as data. The rules name the problem; each language
//! words it. The English wording lives here, because the replay contract and the API answer
//! in English; `lang` words every problem in every language the service speaks, and a test
//! there checks that its English agrees with this one.

use std::fmt;

use super::cards::{Card, CardError, Kind};

/// One problem of a turn or of one of its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    // --- the whole turn ---
    TurnTooBig {
        kib: usize,
        max_kib: usize,
        max_lines: usize,
    },
    TooManyLines {
        lines: usize,
        max: usize,
    },
    MoreProblems {
        more: usize,
    },
    GameOver,
    // --- reading a line ---
    NotUnderstood,
    GuessWithBid,
    NoBid,
    BadBid {
        bid: String,
    },
    ReusedGuess {
        number: u32,
    },
    ReusedQuestion {
        number: u32,
    },
    NoPlayerBeforeHas,
    NotACard(CardError),
    NoPlayerAsked,
    NotATrait {
        word: String,
    },
    TwoOfAKind {
        kind: Kind,
    },
    NoTrait,
    TooManyTraits {
        count: usize,
    },
    // --- checking a line against the game ---
    GuessWhileDone,
    SafeIsEmpty,
    GuessOwnHand,
    NotAPlayer {
        name: String,
        players: Vec<String>,
    },
    CardInHand {
        card: Card,
    },
    CardPublished {
        card: Card,
        owner: Holder,
    },
    GuessedBefore {
        card: Card,
    },
    GuessedTwice {
        card: Card,
        first_line: usize,
    },
    AskOwnHand,
    AskSafe,
    AskNotAPlayer {
        name: String,
        players: Vec<String>,
    },
    OverBudget {
        bids: u64,
        eyes: u32,
    },
}

/// Who holds a published card, as a problem names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    Player(String),
    Safe,
}

/// The example lines every "not understood" answer ends with, in English.
pub const EXAMPLES: &str = "expected a guess such as \"1: Bob has 2 Red Diamond\" or \"2: 3 Blue Opal is in the safe\", a question such as \"1 (5): Bob has how many Reds?\", or the word \"ready\" or \"done\"";

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Problem::*;
        match self {
            TurnTooBig { kib, max_kib, max_lines } => write!(
                f,
                "the turn is {kib} KiB; a turn may have at most {max_kib} KiB and {max_lines} lines"
            ),
            TooManyLines { lines, max } => {
                write!(f, "the turn has {lines} lines; a turn may have at most {max}")
            }
            MoreProblems { more } => {
                write!(f, "and {more} more problem(s), not listed: fix these first")
            }
            GameOver => f.write_str("the game is over; no more turns are taken"),
            NotUnderstood => write!(f, "is not understood; {EXAMPLES}"),
            GuessWithBid => f.write_str("is a guess with a bid; only questions take Private Eyes in brackets, e.g. \"1: Bob has 2 Red Diamond\""),
            NoBid => f.write_str("has no bid; put the Private Eyes you offer in brackets before the colon, e.g. \"1 (5): Bob has how many Reds?\""),
            BadBid { bid } => write!(f, "bids \"{bid}\"; a bid is a whole number of Private Eyes, 0 or more, e.g. \"1 (5): Bob has how many Reds?\""),
            ReusedGuess { number } => write!(f, "reuses guess number {number}; each guess in a turn needs its own number"),
            ReusedQuestion { number } => write!(f, "reuses question number {number}; each question in a turn needs its own number"),
            NoPlayerBeforeHas => f.write_str("names no player before \"has\"; write e.g. \"1: Bob has 2 Red Diamond\""),
            NotACard(e) => write!(f, "does not name a card: {e}; a card is a number, a colour and a gem, e.g. \"2 Red Diamond\""),
            NoPlayerAsked => f.write_str("names no player before \"has how many\"; write e.g. \"1 (5): Bob has how many Reds?\""),
            NotATrait { word } => write!(f, "asks about \"{word}\", which is not a trait; the traits are Diamond, Pearl, Opal, Red, Green, Blue, Yellow, 1, 2 and 3"),
            TwoOfAKind { kind } => write!(f, "asks about two {}; a question may combine at most one gem, one colour and one number", kind.plural()),
            NoTrait => f.write_str("asks about no trait; name one or two, e.g. \"Bob has how many Red Diamonds?\""),
            TooManyTraits { count } => write!(f, "asks about {count} traits; a question names one or two traits, e.g. \"Bob has how many Red Diamonds?\""),
            GuessWhileDone => f.write_str("is a guess, but you are done and may not guess any more"),
            SafeIsEmpty => f.write_str("names the safe, but this game's safe is empty; name the player you think holds the card"),
            GuessOwnHand => f.write_str("names your own hand; guess where other players' cards are"),
            NotAPlayer { name, players } => write!(f, "names \"{name}\", who is not a player; the players are {}", players.join(", ")),
            CardInHand { card } => write!(f, "guesses {card}, which is in your own hand"),
            CardPublished { card, owner } => write!(f, "guesses {card}, which was published as held by {}: no points are left on it", match owner {
                Holder::Player(p) => p.as_str(),
                Holder::Safe => "the safe",
            }),
            GuessedBefore { card } => write!(f, "guesses {card}, which you guessed in an earlier round; each card may be guessed only once"),
            GuessedTwice { card, first_line } => write!(f, "guesses {card} again (line {first_line} already does); each card may be guessed only once"),
            AskOwnHand => f.write_str("asks about your own hand; ask about another player"),
            AskSafe => f.write_str("asks about the safe; questions can only be put to players"),
            AskNotAPlayer { name, players } => write!(f, "asks \"{name}\", who is not a player; the players are {}", players.join(", ")),
            OverBudget { bids, eyes } => write!(f, "brings your bids to {bids} Private Eyes, but you had {eyes} when the round opened; lower your bids"),
        }
    }
}
