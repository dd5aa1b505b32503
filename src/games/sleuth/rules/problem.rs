//! Why a line of a classic-Sleuth turn is refused, as data. `Display` is the English the
//! replay output and the API give; every message says what to write instead.

use std::fmt;

use crate::games::deck::{Card, Kind, Trait};

use super::search::{question_words, SearchCard};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The message held no command at all.
    Nothing,
    NotUnderstood,
    AskWhat,
    AccuseWhat,
    /// `accuse:` with a colon, the form of a question to a player.
    AccuseColon,
    UnknownWord(String),
    /// Two traits of one kind: the kind, and the second trait.
    SameKind(Kind, Trait),
    TooManyElements,
    BadCard(String),
    UnknownSearchCard(String),
    NotAPlayer(String),
    AskedSelf,
    NotYourTurn(Option<String>),
    NoCardAllows {
        traits: Vec<Trait>,
        held: Vec<SearchCard>,
    },
    CardNotHeld {
        card: SearchCard,
        held: Vec<SearchCard>,
    },
    CardDoesNotAllow {
        card: SearchCard,
        traits: Vec<Trait>,
    },
    OneAction,
    TwoQuestions,
    SameCardTwice(SearchCard),
    FinalAlone,
    AwaitingAccusation,
    /// `pass` is not one of a turn's actions (RULES §2); the turn passes at its deadline.
    PassIsNoAction,
    AccuseCount(usize),
    /// An accusation names a card twice.
    AccuseTwice(Card),
    OneAccusation,
    NotInGame {
        won: bool,
    },
    GameOver,
}

pub const EXAMPLES: &str = "write for example \"ask Ben how many Pairs\", \"ask Ben for Blue Opals\", \"exchange\", \"final ask Ben for Blue Opals\" or \"accuse 2 Blue Opal\"";

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal::*;
        match self {
            Nothing => write!(f, "the message holds no command; {EXAMPLES}"),
            NotUnderstood => write!(f, "is not understood; {EXAMPLES}"),
            AskWhat => write!(f, "does not say what to ask: write \"ask Ben how many Pairs\" or \"ask Ben for Blue Opals\""),
            AccuseWhat => write!(f, "names no card: write \"accuse 2 Blue Opal\""),
            AccuseColon => write!(f, "puts a colon after \"accuse\", as a question to a player would: write \"accuse 2 Blue Opal\""),
            UnknownWord(w) => write!(f, "has \"{w}\", which is not a gem, a type or a colour (Diamond, Pearl, Opal; Solitaire, Pair, Cluster; Red, Green, Blue, Yellow)"),
            SameKind(kind, t) => write!(f, "joins two {} ({t} and another): a two-element question takes elements of two kinds, as \"Blue Opals\" or \"Red Pairs\"", kind.plural()),
            TooManyElements => write!(f, "asks about more than two elements: a question takes one element (\"Pairs\") or two of different kinds (\"Blue Opals\")"),
            BadCard(why) => write!(f, "does not name a card: {why}; write a card as \"2 Blue Opal\""),
            UnknownSearchCard(c) => write!(f, "names \"{c}\", which is not a Search card; name one as \"Pairs\", \"Blue Opals\", \"Free Choice\" or \"Free Choice Blue\""),
            NotAPlayer(n) => write!(f, "asks \"{n}\", who is not a player of this game"),
            AskedSelf => write!(f, "asks yourself: ask another player"),
            NotYourTurn(Some(who)) => write!(f, "is not for now: it is {who}'s turn, and only an accusation may be sent at any time"),
            NotYourTurn(None) => write!(f, "is not for now: it is nobody's turn, and only an accusation may be sent at any time"),
            NoCardAllows { traits, held } => write!(f, "needs a Search card that allows {}, and you hold {}; ask what those allow, or \"exchange\"", question_words(traits), names(held)),
            CardNotHeld { card, held } => write!(f, "names {card}, which you do not hold; you hold {}", names(held)),
            CardDoesNotAllow { card, traits } => write!(f, "names {card}, which does not allow {}", question_words(traits)),
            OneAction => write!(f, "is a second action: a turn is one question, one exchange or one final question (and an accusation)"),
            TwoQuestions => write!(f, "is a second question: with two_questions, the two go to two different players, one of one element and one of two"),
            SameCardTwice(c) => write!(f, "uses {c} again: each question needs its own Search card"),
            FinalAlone => write!(f, "comes with another action: a final question is the turn's only question"),
            AwaitingAccusation => write!(f, "comes after your final question: now only \"accuse …\" ends your turn"),
            PassIsNoAction => write!(f, "is not a turn's action: a turn asks a question, exchanges its Search cards (\"exchange\") or asks a final question; a turn with no action passes at its deadline"),
            AccuseCount(n) => write!(f, "names the wrong number of cards: this game has {n} missing gems, name them all"),
            AccuseTwice(card) => write!(f, "names {} twice: an accusation names each missing gem once", card.name()),
            OneAccusation => write!(f, "is a second accusation: one message holds at most one"),
            NotInGame { won: true } => write!(f, "comes after you won: you answer questions but take no turns"),
            NotInGame { won: false } => write!(f, "comes after you went out of the game: you answer questions but take no turns and make no accusations"),
            GameOver => write!(f, "comes after the end of the game"),
        }
    }
}

fn names(cards: &[SearchCard]) -> String {
    cards
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(", ")
}
