//! Why Clue's engine refuses a command at this moment. Each reason keeps what it is about
//! (the cards, what a suggestion lacks), so a page or a letter words it in its reader's
//! language (`why`); its English, the record's and the API's, is the `Display` below.

use super::super::cards::Card;

/// Why a command is refused at this moment.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("you are out of the game")]
    Out,
    #[error("the game is over")]
    Over,
    #[error("a turn begins with a move: \"move to ROOM\", \"passage\" or, when your piece was carried into a room, \"stay\"")]
    MoveFirst,
    #[error("you have moved already this turn")]
    MovedAlready,
    #[error("this turn's suggestion is made: accuse now, or send \"done\"")]
    SuggestedAlready,
    #[error("this game has no board: a turn is its suggestion, \"suggest GUEST in ROOM with WEAPON\" (any room but that of your previous suggestion), and nothing moves")]
    NoBoard,
    #[error("this game has no board: a turn is its suggestion, so \"done\" comes after it")]
    SuggestFirst,
    #[error("you stand in that room already: move to another one")]
    SameRoom,
    #[error("there is no secret passage from where you stand")]
    NoPassage,
    #[error(
        "\"stay\" is only for a player whose piece was carried into a room by another's suggestion"
    )]
    NoStay,
    #[error("a suggestion is made in a room entered this turn")]
    NotInRoom,
    #[error("a suggestion names a guest and a weapon{}", .0.tail())]
    Names(NamesWanted),
    #[error("an accusation comes after this turn's suggestion is answered")]
    AccuseAfterAnswer,
    #[error("\"show\" answers a suggestion only when you are asked to choose")]
    NothingToShow,
    #[error("show one of the cards you were asked about: {}", card_names(.0))]
    ShowOneOf(Vec<Card>),
    #[error("the suggestion waits for its answer: the player asked chooses which card to show")]
    WaitingForAnswer,
    #[error("your show order names cards you do not hold: {}", card_names(.0))]
    NotHeld(Vec<Card>),
}

/// What a suggestion names besides a guest and a weapon, when it names the wrong things.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamesWanted {
    /// Nothing more: it named something else in their place.
    Nothing,
    /// On the board the room is the one the suggester stands in.
    NotARoom,
    /// With no board, a room other than the previous suggestion's.
    AnotherRoom,
    /// With no board, a room.
    ARoom,
}

impl NamesWanted {
    /// The English words after "a guest and a weapon".
    pub fn tail(self) -> &'static str {
        match self {
            NamesWanted::Nothing => "",
            NamesWanted::NotARoom => ", not a room: the room is the one you stand in",
            NamesWanted::AnotherRoom => ", and a room other than your previous suggestion's",
            NamesWanted::ARoom => " and, with no board, a room",
        }
    }
}

/// Cards by their English names, as a refusal lists them: `Rope, Plum`.
pub fn card_names(cards: &[Card]) -> String {
    let names: Vec<String> = cards.iter().map(|c| c.name()).collect();
    names.join(", ")
}
