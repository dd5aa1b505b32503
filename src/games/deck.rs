//! The 36 cards, the ten traits, and a forgiving reader of the words players use for them.

use std::fmt;

/// Gems in alphabetical order, so that a card's index orders cards by canonical name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Gem {
    Diamond,
    Opal,
    Pearl,
}

/// Colours in alphabetical order, for the same reason as [`Gem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Blue,
    Green,
    Red,
    Yellow,
}

pub const GEMS: [Gem; 3] = [Gem::Diamond, Gem::Opal, Gem::Pearl];
pub const COLOURS: [Colour; 4] = [Colour::Blue, Colour::Green, Colour::Red, Colour::Yellow];

impl Gem {
    pub fn name(self) -> &'static str {
        match self {
            Gem::Diamond => "Diamond",
            Gem::Opal => "Opal",
            Gem::Pearl => "Pearl",
        }
    }
}

impl Colour {
    pub fn name(self) -> &'static str {
        match self {
            Colour::Blue => "Blue",
            Colour::Green => "Green",
            Colour::Red => "Red",
            Colour::Yellow => "Yellow",
        }
    }
}

/// The three kinds of trait; a question may name at most one trait of each kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Number,
    Colour,
    Gem,
}

impl Kind {
    pub fn plural(self) -> &'static str {
        match self {
            Kind::Number => "numbers",
            Kind::Colour => "colours",
            Kind::Gem => "gems",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Trait {
    /// 1, 2 or 3.
    Number(u8),
    Colour(Colour),
    Gem(Gem),
}

impl Trait {
    pub fn kind(self) -> Kind {
        match self {
            Trait::Number(_) => Kind::Number,
            Trait::Colour(_) => Kind::Colour,
            Trait::Gem(_) => Kind::Gem,
        }
    }

    /// Canonical name: `Diamond`, `Red`, `2`.
    pub fn name(self) -> &'static str {
        match self {
            Trait::Number(1) => "1",
            Trait::Number(2) => "2",
            Trait::Number(_) => "3",
            Trait::Colour(c) => c.name(),
            Trait::Gem(g) => g.name(),
        }
    }

    /// Name in running prose: "Ones", "Reds", "Diamonds".
    pub fn prose_plural(self) -> String {
        match self {
            Trait::Number(1) => "Ones".into(),
            Trait::Number(2) => "Twos".into(),
            Trait::Number(_) => "Threes".into(),
            other => format!("{}s", other.name()),
        }
    }

    /// The set of cards that have this trait: bit arithmetic on the card index, number × 12 +
    /// colour × 3 + gem.
    pub fn mask(self) -> CardSet {
        match self {
            Trait::Number(n @ 1..=3) => CardSet(0xFFF << ((n - 1) * 12)),
            Trait::Number(_) => CardSet::EMPTY,
            Trait::Colour(c) => CardSet(0o700_070_007 << (c as u8 * 3)),
            Trait::Gem(g) => CardSet(0o111_111_111_111 << g as u8),
        }
    }

    /// Reads one trait word: any case, plurals, number words, classic Sleuth types, French.
    pub fn parse_word(word: &str) -> Option<Trait> {
        lowered(word, Trait::parse_lower)
    }

    /// `parse_word` for a word already in lower case.
    fn parse_lower(mut w: &str) -> Option<Trait> {
        // As `trim_end_matches("'s")` then `trim_end_matches('\'')`, without a string searcher.
        while let Some(stem) = w.strip_suffix("'s") {
            w = stem;
        }
        let w = w.trim_end_matches('\'');
        let t = match w {
            "1" | "1s" | "one" | "ones" | "solitaire" | "solitaires" | "un" | "une" => {
                Trait::Number(1)
            }
            "2" | "2s" | "two" | "twos" | "pair" | "pairs" | "paire" | "paires" | "deux" => {
                Trait::Number(2)
            }
            "3" | "3s" | "three" | "threes" | "cluster" | "clusters" | "groupe" | "groupes"
            | "trois" => Trait::Number(3),
            "red" | "reds" | "rouge" | "rouges" => Trait::Colour(Colour::Red),
            "green" | "greens" | "vert" | "verts" | "verte" | "vertes" => {
                Trait::Colour(Colour::Green)
            }
            "blue" | "blues" | "bleu" | "bleus" | "bleue" | "bleues" => Trait::Colour(Colour::Blue),
            "yellow" | "yellows" | "jaune" | "jaunes" => Trait::Colour(Colour::Yellow),
            "diamond" | "diamonds" | "diamant" | "diamants" => Trait::Gem(Gem::Diamond),
            "pearl" | "pearls" | "perle" | "perles" => Trait::Gem(Gem::Pearl),
            "opal" | "opals" | "opale" | "opales" => Trait::Gem(Gem::Opal),
            _ => return None,
        };
        Some(t)
    }

    /// The trait whose canonical name `word` is, exactly: what `parse_word` reads it as.
    fn canonical(word: &str) -> Option<Trait> {
        Some(match word {
            "1" => Trait::Number(1),
            "2" => Trait::Number(2),
            "3" => Trait::Number(3),
            "Red" => Trait::Colour(Colour::Red),
            "Green" => Trait::Colour(Colour::Green),
            "Blue" => Trait::Colour(Colour::Blue),
            "Yellow" => Trait::Colour(Colour::Yellow),
            "Diamond" => Trait::Gem(Gem::Diamond),
            "Pearl" => Trait::Gem(Gem::Pearl),
            "Opal" => Trait::Gem(Gem::Opal),
            _ => return None,
        })
    }

    /// Every trait, in the order RULES.md lists them.
    pub fn all() -> [Trait; 10] {
        [
            Trait::Gem(Gem::Diamond),
            Trait::Gem(Gem::Pearl),
            Trait::Gem(Gem::Opal),
            Trait::Colour(Colour::Red),
            Trait::Colour(Colour::Green),
            Trait::Colour(Colour::Blue),
            Trait::Colour(Colour::Yellow),
            Trait::Number(1),
            Trait::Number(2),
            Trait::Number(3),
        ]
    }

    /// Reads a canonical or forgiving trait name, as a whole string.
    pub fn parse(text: &str) -> Option<Trait> {
        let mut words = word_iter(text);
        match (words.next(), words.next()) {
            (Some(w), None) => Trait::parse_word(w),
            _ => None,
        }
    }

    /// Order in which traits are written in canonical text: number, colour, gem (as in card names).
    pub(crate) fn canonical_rank(self) -> u8 {
        match self.kind() {
            Kind::Number => 0,
            Kind::Colour => 1,
            Kind::Gem => 2,
        }
    }
}

impl fmt::Display for Trait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The longest word lowered on the stack; a longer one is lowered on the heap.
const SHORT_WORD: usize = 64;

/// Calls `f` with `word` in lower case (`str::to_lowercase`). Words are read by the thousand
/// in a game, so an ASCII word is lowered into a buffer on the stack instead of a new string.
pub(crate) fn lowered<R>(word: &str, f: impl FnOnce(&str) -> R) -> R {
    if word.len() <= SHORT_WORD && word.is_ascii() {
        let mut buf = [0u8; SHORT_WORD];
        let buf = &mut buf[..word.len()];
        buf.copy_from_slice(word.as_bytes());
        buf.make_ascii_lowercase();
        // ASCII in, ASCII out: always valid UTF-8.
        f(std::str::from_utf8(buf).unwrap_or_default())
    } else {
        f(&word.to_lowercase())
    }
}

/// Words that may stand among trait words without meaning anything.
fn is_filler(word: &str) -> bool {
    lowered(word, is_filler_lower)
}

fn is_filler_lower(word: &str) -> bool {
    matches!(
        word,
        "and"
            | "&"
            | "the"
            | "of"
            | "card"
            | "cards"
            | "colour"
            | "colours"
            | "color"
            | "colors"
            | "couleur"
            | "couleurs"
            | "number"
            | "numbers"
            | "gem"
            | "gems"
            | "et"
            | "de"
            | "des"
            | "du"
            | "la"
            | "le"
            | "les"
            | "en"
            | "carte"
            | "cartes"
    )
}

/// Splits text into words at spaces and the punctuation players put between trait words.
/// A French elision ("l'opale", "d’opales") leaves the word after the apostrophe.
pub(crate) fn words(text: &str) -> Vec<&str> {
    word_iter(text).collect()
}

/// The words of `words`, one by one.
fn word_iter(text: &str) -> impl Iterator<Item = &str> {
    Pieces(Some(text)).map(elided).filter(|w| !w.is_empty())
}

/// Whether a character stands between words.
fn separates(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | ';' | '/' | '+' | '.' | '?' | '!')
}

/// The pieces of a text between separators, as `text.split(separates)` gives them, found by
/// a byte loop that decodes only the characters beyond ASCII.
struct Pieces<'a>(Option<&'a str>);

impl<'a> Iterator for Pieces<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.0?;
        for (at, byte) in rest.as_bytes().iter().enumerate() {
            let width = if byte.is_ascii() {
                Some(1).filter(|_| separates(*byte as char))
            } else if rest.is_char_boundary(at) {
                rest[at..]
                    .chars()
                    .next()
                    .filter(|c| separates(*c))
                    .map(char::len_utf8)
            } else {
                None
            };
            if let Some(width) = width {
                self.0 = Some(&rest[at + width..]);
                return Some(&rest[..at]);
            }
        }
        self.0 = None;
        Some(rest)
    }
}

/// The word after a French elision: `l'opale` → `opale`, `d’opales` → `opales`.
pub(crate) fn elided(word: &str) -> &str {
    if word.is_ascii() {
        // Only the plain apostrophe can be in it.
        if let Some(at) = word.bytes().position(|b| b == b'\'') {
            if lowered(&word[..at], |h| matches!(h, "l" | "d" | "qu")) {
                return &word[at + 1..];
            }
        }
        return word;
    }
    for apostrophe in ['\'', '’'] {
        if let Some((head, tail)) = word.split_once(apostrophe) {
            if lowered(head, |h| matches!(h, "l" | "d" | "qu")) {
                return tail;
            }
        }
    }
    word
}

/// What a run of words said about traits: the traits in order, or the first word not understood.
pub(crate) fn read_traits(text: &str) -> Result<Vec<Trait>, String> {
    let mut traits = Vec::new();
    read_traits_with(text, |t| traits.push(t))?;
    Ok(traits)
}

/// `read_traits`, handing each trait to `found` in order instead of collecting them.
fn read_traits_with(text: &str, mut found: impl FnMut(Trait)) -> Result<(), String> {
    for word in word_iter(text) {
        // A canonical name (the usual case) is read as it stands.
        if let Some(t) = Trait::canonical(word) {
            found(t);
            continue;
        }
        // A filler word, a trait, or the word not understood.
        let read = lowered(word, |w| {
            if is_filler_lower(w) {
                Ok(None)
            } else {
                Trait::parse_lower(w).map(Some).ok_or(())
            }
        });
        match read {
            Ok(Some(t)) => found(t),
            Ok(None) => {}
            Err(()) => return Err(word.to_string()),
        }
    }
    Ok(())
}

/// The traits a card's words name, kept on the stack while there are few (a card has three).
struct FewTraits {
    inline: [Trait; 8],
    len: usize,
    spilled: Vec<Trait>,
}

impl FewTraits {
    fn read(text: &str) -> Result<FewTraits, String> {
        let mut few = FewTraits {
            inline: [Trait::Number(0); 8],
            len: 0,
            spilled: Vec::new(),
        };
        read_traits_with(text, |t| {
            if few.len < few.inline.len() {
                few.inline[few.len] = t;
                few.len += 1;
            } else {
                if few.spilled.is_empty() {
                    few.spilled.extend_from_slice(&few.inline);
                }
                few.spilled.push(t);
            }
        })?;
        Ok(few)
    }

    fn as_slice(&self) -> &[Trait] {
        if self.spilled.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spilled
        }
    }
}

/// One of the 36 cards. The index orders cards by canonical name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    pub const COUNT: usize = 36;

    pub fn new(number: u8, colour: Colour, gem: Gem) -> Card {
        assert!((1..=3).contains(&number));
        Card((number - 1) * 12 + colour as u8 * 3 + gem as u8)
    }

    pub fn from_index(index: usize) -> Card {
        assert!(index < Self::COUNT);
        Card(index as u8)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn number(self) -> u8 {
        self.0 / 12 + 1
    }

    pub fn colour(self) -> Colour {
        COLOURS[(self.0 % 12 / 3) as usize]
    }

    pub fn gem(self) -> Gem {
        GEMS[(self.0 % 3) as usize]
    }

    pub fn has(self, t: Trait) -> bool {
        match t {
            Trait::Number(n) => self.number() == n,
            Trait::Colour(c) => self.colour() == c,
            Trait::Gem(g) => self.gem() == g,
        }
    }

    pub fn all() -> impl Iterator<Item = Card> {
        (0..Self::COUNT as u8).map(Card)
    }

    /// Canonical name, e.g. `2 Red Diamond`.
    pub fn name(self) -> String {
        self.static_name().to_string()
    }

    /// Canonical name without a new string: names are written many times a round.
    pub fn static_name(self) -> &'static str {
        CARD_NAMES[self.index()]
    }

    /// The card whose canonical name `text` is, give or take spaces around it: how cards are
    /// mostly written, and what `parse` reads such a text as.
    fn canonical(text: &str) -> Option<Card> {
        // Plain byte loops: these texts are a few bytes long.
        let bytes = text.as_bytes();
        let start = bytes.iter().position(|b| *b != b' ')?;
        let end = bytes.iter().rposition(|b| *b != b' ')? + 1;
        let text = &text[start..end];
        let number = match text.as_bytes()[0] {
            b'1' => 1,
            b'2' => 2,
            b'3' => 3,
            _ => return None,
        };
        let words = text[1..].strip_prefix(' ')?;
        let space = words.bytes().position(|b| b == b' ')?;
        let (colour, gem) = (&words[..space], &words[space + 1..]);
        let colour = COLOURS.into_iter().find(|c| c.name() == colour)?;
        let gem = GEMS.into_iter().find(|g| g.name() == gem)?;
        Some(Card::new(number, colour, gem))
    }

    /// Reads a card written any way RULES.md §1 allows: `2 Red Diamond`, `red diamond two`,
    /// `2 Red; Diamond`, `Deux Rouge Diamant`. The error says, for a player, what was wrong.
    pub fn parse(text: &str) -> Result<Card, CardError> {
        if let Some(card) = Card::canonical(text) {
            return Ok(card);
        }
        let few = FewTraits::read(text).map_err(CardError::UnknownWord)?;
        let traits = few.as_slice();
        // French "un"/"une" read as 1, but before "paire" or "solitaire" they are articles:
        // "une paire de perles vertes". The article is skipped.
        let numbers = traits.iter().filter(|t| t.kind() == Kind::Number).count();
        let mut article = None;
        if numbers > 1 {
            if let Some(first) = words(text).into_iter().find(|w| !is_filler(w)) {
                if matches!(first.to_lowercase().as_str(), "un" | "une") {
                    let at = traits.iter().position(|t| t.kind() == Kind::Number);
                    article = Some(at.unwrap_or(0));
                }
            }
        }
        let (mut number, mut colour, mut gem) = (None, None, None);
        for (i, &t) in traits.iter().enumerate() {
            if article == Some(i) {
                continue;
            }
            let repeated = match t {
                Trait::Number(n) => number.replace(n).is_some(),
                Trait::Colour(c) => colour.replace(c).is_some(),
                Trait::Gem(g) => gem.replace(g).is_some(),
            };
            if repeated {
                return Err(CardError::TwoOfAKind(t.kind()));
            }
        }
        match (number, colour, gem) {
            (Some(n), Some(c), Some(g)) => Ok(Card::new(n, c, g)),
            _ => {
                let mut missing = Vec::new();
                if number.is_none() {
                    missing.push(Kind::Number);
                }
                if colour.is_none() {
                    missing.push(Kind::Colour);
                }
                if gem.is_none() {
                    missing.push(Kind::Gem);
                }
                Err(CardError::Missing(missing))
            }
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.static_name())
    }
}

/// Every card's canonical name, by index (a test checks them against the traits).
const CARD_NAMES: [&str; Card::COUNT] = [
    "1 Blue Diamond",
    "1 Blue Opal",
    "1 Blue Pearl",
    "1 Green Diamond",
    "1 Green Opal",
    "1 Green Pearl",
    "1 Red Diamond",
    "1 Red Opal",
    "1 Red Pearl",
    "1 Yellow Diamond",
    "1 Yellow Opal",
    "1 Yellow Pearl",
    "2 Blue Diamond",
    "2 Blue Opal",
    "2 Blue Pearl",
    "2 Green Diamond",
    "2 Green Opal",
    "2 Green Pearl",
    "2 Red Diamond",
    "2 Red Opal",
    "2 Red Pearl",
    "2 Yellow Diamond",
    "2 Yellow Opal",
    "2 Yellow Pearl",
    "3 Blue Diamond",
    "3 Blue Opal",
    "3 Blue Pearl",
    "3 Green Diamond",
    "3 Green Opal",
    "3 Green Pearl",
    "3 Red Diamond",
    "3 Red Opal",
    "3 Red Pearl",
    "3 Yellow Diamond",
    "3 Yellow Opal",
    "3 Yellow Pearl",
];

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    #[error("\"{0}\" is not a number, colour or gem")]
    UnknownWord(String),
    #[error("a card has only one of the {}", .0.plural())]
    TwoOfAKind(Kind),
    #[error("the card lacks {}", missing_words(.0))]
    Missing(Vec<Kind>),
}

fn missing_words(kinds: &[Kind]) -> String {
    let words: Vec<&str> = kinds
        .iter()
        .map(|k| match k {
            Kind::Number => "a number",
            Kind::Colour => "a colour",
            Kind::Gem => "a gem",
        })
        .collect();
    words.join(" and ")
}

/// A set of cards as a bit mask: hands, the safe, published cards, guessed cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    pub const ALL: CardSet = CardSet((1u64 << 36) - 1);

    /// The set as a bit mask, bit `i` for the card of index `i`.
    pub fn bits(self) -> u64 {
        self.0
    }

    pub fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & Self::ALL.0)
    }

    pub fn contains(self, card: Card) -> bool {
        self.0 >> card.0 & 1 == 1
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn intersect(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Cards in canonical order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        Cards(self.0)
    }

    pub fn names(self) -> Vec<String> {
        self.iter().map(Card::name).collect()
    }
}

/// The cards of a set, lowest index first, walked by their bits; it knows how many are left,
/// so a list collected from it is made at its size.
struct Cards(u64);

impl Iterator for Cards {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.0.count_ones() as usize;
        (left, Some(left))
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

/// Cards that have every trait listed.
pub fn matching(traits: &[Trait]) -> CardSet {
    traits
        .iter()
        .fold(CardSet::ALL, |set, t| set.intersect(t.mask()))
}

/// Traits sorted into canonical writing order (number, colour, gem).
pub fn canonical_order(traits: &[Trait]) -> Vec<Trait> {
    let mut sorted = traits.to_vec();
    sorted.sort_by_key(|t| t.canonical_rank());
    sorted
}

// Stored and sent as canonical names, so stored games stay readable.
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Card::parse(&text).map_err(|e| serde::de::Error::custom(format!("\"{text}\": {e}")))
    }
}

impl serde::Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> serde::Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let set: CardSet = cards.iter().copied().collect();
        if set.len() != cards.len() {
            return Err(serde::de::Error::custom("a card is listed twice"));
        }
        Ok(set)
    }
}

impl serde::Serialize for Trait {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Trait {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Trait::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("\"{text}\" is not a trait")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_36_distinct_cards_in_name_order() {
        let names: Vec<String> = Card::all().map(Card::name).collect();
        assert_eq!(names.len(), 36);
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(names, sorted, "card index order is canonical name order");
        assert_eq!(names[0], "1 Blue Diamond");
    }

    #[test]
    fn names_are_written_from_the_traits() {
        for card in Card::all() {
            let written = format!(
                "{} {} {}",
                card.number(),
                card.colour().name(),
                card.gem().name()
            );
            assert_eq!(card.name(), written);
            assert_eq!(card.to_string(), written);
        }
    }

    #[test]
    fn masks_hold_the_cards_with_the_trait() {
        for t in Trait::all()
            .into_iter()
            .chain([Trait::Number(0), Trait::Number(4)])
        {
            let slow: CardSet = Card::all().filter(|c| c.has(t)).collect();
            assert_eq!(t.mask(), slow, "{t:?}");
        }
        for bits in [0, 1, 0b1011, CardSet::ALL.bits(), 1 << 35 | 1 << 17] {
            let set = CardSet::from_bits(bits);
            let slow: Vec<Card> = Card::all().filter(|c| set.contains(*c)).collect();
            assert_eq!(set.iter().collect::<Vec<_>>(), slow);
        }
    }

    #[test]
    fn words_are_lowered_as_to_lowercase_does() {
        for w in [
            "RED",
            "Opal's",
            "PRÊT",
            "\u{212A}",
            "İ",
            &"X".repeat(80),
            "",
        ] {
            assert_eq!(lowered(w, |l| l.to_string()), w.to_lowercase());
        }
    }

    #[test]
    fn canonical_readings_agree_with_the_forgiving_reader() {
        for card in Card::all() {
            let name = card.name();
            for text in [name.clone(), format!("  {name} "), name.to_lowercase()] {
                let slow = Card::parse(&format!("{text};"));
                assert_eq!(Card::parse(&text), slow, "{text}");
            }
        }
        for t in Trait::all() {
            assert_eq!(Trait::canonical(t.name()), Some(t));
            assert_eq!(Trait::parse_word(t.name()), Some(t));
        }
        for text in [
            "2 Red",
            "2 Red Diamond Opal",
            "2  Red Diamond",
            "4 Red Diamond",
            "2 Red Diamonds",
        ] {
            assert_eq!(Card::canonical(text), None, "{text}");
        }
    }

    #[test]
    fn words_are_split_as_split_splits_them() {
        for text in [
            "",
            ",",
            "2 Red, Diamond",
            " a\u{a0}b\u{3000}c\u{85}d\u{b}e ",
            "l'opale; d’opales!?",
            "é+ü/ß.",
        ] {
            assert_eq!(
                Pieces(Some(text)).collect::<Vec<_>>(),
                text.split(separates).collect::<Vec<_>>(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn names_round_trip() {
        for card in Card::all() {
            assert_eq!(Card::parse(&card.name()), Ok(card));
        }
    }

    #[test]
    fn forgiving_card_reader() {
        let two_red_diamond = Card::new(2, Colour::Red, Gem::Diamond);
        for text in [
            "2 Red Diamond",
            "2 red diamonds",
            "Red; Diamond 2",
            "2 Red; Diamond",
            "diamond two RED",
            "pair red diamond",
            "deux rouge diamant",
            "2s reds diamonds",
            "Paire, Rouge, Diamant",
        ] {
            assert_eq!(Card::parse(text), Ok(two_red_diamond), "{text}");
        }
        assert_eq!(
            Card::parse("3 yellow cluster opal"),
            Err(CardError::TwoOfAKind(Kind::Number))
        );
        assert_eq!(
            Card::parse("3 Opal"),
            Err(CardError::Missing(vec![Kind::Colour]))
        );
        assert_eq!(
            Card::parse("3 Purple Opal"),
            Err(CardError::UnknownWord("Purple".into()))
        );
    }

    #[test]
    fn trait_words() {
        assert_eq!(Trait::parse("Solitaire"), Some(Trait::Number(1)));
        assert_eq!(Trait::parse("clusters"), Some(Trait::Number(3)));
        assert_eq!(Trait::parse("Threes"), Some(Trait::Number(3)));
        assert_eq!(Trait::parse("1s"), Some(Trait::Number(1)));
        assert_eq!(Trait::parse("groupe"), Some(Trait::Number(3)));
        assert_eq!(Trait::parse("Perles"), Some(Trait::Gem(Gem::Pearl)));
        assert_eq!(Trait::parse("JAUNE"), Some(Trait::Colour(Colour::Yellow)));
        assert_eq!(Trait::parse("purple"), None);
        for t in Trait::all() {
            assert_eq!(Trait::parse(t.name()), Some(t));
            assert_eq!(
                t.mask().len(),
                36 / if t.kind() == Kind::Colour { 4 } else { 3 }
            );
        }
    }

    #[test]
    fn two_traits_match_three_or_four_cards() {
        let red_diamond = matching(&[Trait::Colour(Colour::Red), Trait::Gem(Gem::Diamond)]);
        assert_eq!(
            red_diamond.names(),
            ["1 Red Diamond", "2 Red Diamond", "3 Red Diamond"]
        );
        assert_eq!(
            matching(&[Trait::Number(2), Trait::Gem(Gem::Opal)]).len(),
            4
        );
    }
}
