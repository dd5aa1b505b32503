//! Cards, counts and points in each language's words. The words are Fluent messages chosen by
//! the card's traits, so French agrees in gender and number ("paire d'opales bleues",
//! "1 perle bleue", "3 diamants") and English in number ("3 Diamonds", "1 Blue Pearl").

use super::{Arg, Lang};
use crate::games::deck::{Card, Colour, Gem, Kind, Trait};

fn gem(g: Gem) -> &'static str {
    match g {
        Gem::Diamond => "diamond",
        Gem::Pearl => "pearl",
        Gem::Opal => "opal",
    }
}

/// A colour's key, as messages select by it and the style sheet colours by it: `red`.
pub fn colour_key(c: Colour) -> &'static str {
    match c {
        Colour::Red => "red",
        Colour::Green => "green",
        Colour::Blue => "blue",
        Colour::Yellow => "yellow",
    }
}

/// A card's name: `2 Red Diamond` / `paire de diamants rouges`.
pub fn card(lang: Lang, card: Card) -> String {
    if lang == Lang::En {
        return card.name();
    }
    lang.tr(
        "card-name",
        [
            ("number", Arg::from(card.number() as u32)),
            ("colour", colour_key(card.colour()).into()),
            ("gem", gem(card.gem()).into()),
        ],
    )
}

/// A card stored by its canonical name, in the language; a name that is not a card stays.
pub fn cards<S: AsRef<str>>(lang: Lang, names: &[S]) -> Vec<String> {
    names.iter().map(|n| card_named(lang, n.as_ref())).collect()
}

/// One card stored by its canonical name, in the language.
pub fn card_named(lang: Lang, name: &str) -> String {
    match Card::parse(name) {
        Ok(c) => card(lang, c),
        Err(_) => name.to_string(),
    }
}

/// How many cards with some traits: `3 Diamonds`, `1 Blue Pearl`, `2 Twos` /
/// `3 diamants`, `1 perle bleue`, `2 paires`.
pub fn traits_count(lang: Lang, count: u32, traits: &[Trait]) -> String {
    match counted_id(traits) {
        Some(id) => lang.tr(id, trait_args(count, traits)),
        // Never asked (a question names one or two traits): say the count alone.
        None => count.to_string(),
    }
}

/// The message that counts cards with these traits, by which kinds they name.
fn counted_id(traits: &[Trait]) -> Option<&'static str> {
    let has = |k: Kind| traits.iter().any(|t| t.kind() == k);
    Some(
        match (has(Kind::Number), has(Kind::Colour), has(Kind::Gem)) {
            (false, false, true) => "count-gem",
            (false, true, false) => "count-colour",
            (true, false, false) => "count-number",
            (false, true, true) => "count-colour-gem",
            (true, true, false) => "count-number-colour",
            (true, false, true) => "count-number-gem",
            _ => return None,
        },
    )
}

fn trait_args(count: u32, traits: &[Trait]) -> Vec<(&'static str, Arg<'static>)> {
    let mut args: Vec<(&str, Arg)> = vec![("count", count.into())];
    for t in traits {
        match t {
            Trait::Number(n) => args.push(("number", Arg::from(*n as u32))),
            Trait::Colour(c) => args.push(("colour", colour_key(*c).into())),
            Trait::Gem(g) => args.push(("gem", gem(*g).into())),
        }
    }
    args
}

/// The same, from traits stored by their canonical names (`["Red", "Diamond"]`).
pub fn traits_count_named<S: AsRef<str>>(lang: Lang, count: u32, names: &[S]) -> String {
    let traits: Vec<Trait> = names
        .iter()
        .filter_map(|n| Trait::parse(n.as_ref()))
        .collect();
    traits_count(lang, count, &traits)
}

/// The printed game's mark of a gem: ◆ Diamond, ○ Pearl, ● Opal.
/// French words after "combien": `de rouges`, elided before a vowel (`d’opales`, `d’as`).
pub fn partitive(words: &str) -> String {
    let vowel = words
        .chars()
        .next()
        .is_some_and(|c| "aeiouyàâäéèêëîïôöûüAEIOUYÀÂÉÈÊÎÔÛ".contains(c));
    match vowel {
        true => format!("d’{words}"),
        false => format!("de {words}"),
    }
}

pub fn gem_mark(g: Gem) -> char {
    match g {
        Gem::Diamond => '◆',
        Gem::Pearl => '○',
        Gem::Opal => '●',
    }
}

/// A card's marks: its gem's mark once per number, `◆◆` for a Pair of Diamonds.
pub fn marks(card: Card) -> String {
    std::iter::repeat_n(gem_mark(card.gem()), card.number() as usize).collect()
}

/// A card as mail writes it: `◆◆ 2 Red Diamond` / `◆◆ paire de diamants rouges`.
pub fn card_line(lang: Lang, card: Card) -> String {
    format!("{} {}", marks(card), self::card(lang, card))
}

/// Traits as a plural noun, for a question: `Red Diamonds`, `Twos` / `diamants rouges`, `paires`.
pub fn traits_plural(lang: Lang, traits: &[Trait]) -> String {
    let counted = traits_count(lang, 2, traits);
    let id = counted_id(traits);
    match id {
        Some(id) => lang.tr(&format!("plural-{}", &id[6..]), trait_args(2, traits)),
        None => counted,
    }
}

/// "of" and the plural, as a question's "how many" takes them: `de rouges`, `d’opales`.
pub fn traits_plural_of(lang: Lang, traits: &[Trait]) -> String {
    let words = traits_plural(lang, traits);
    let vowel = words
        .chars()
        .next()
        .is_some_and(|c| "aeiouyéèêAEIOUYÉ".contains(c));
    lang.t2(
        "traits-of",
        "words",
        words.as_str(),
        "vowel",
        if vowel { "yes" } else { "no" },
    )
}

/// Names as a sentence lists them: `a`, `a or b`, `a, b or c`.
pub fn or_list(names: &[String]) -> String {
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

#[cfg(test)]
mod partitive_tests {
    #[test]
    fn the_french_partitive_is_elided_before_a_vowel() {
        assert_eq!(super::partitive("opales"), "d’opales");
        assert_eq!(super::partitive("rouges"), "de rouges");
        assert_eq!(super::partitive("as"), "d’as");
    }
}
