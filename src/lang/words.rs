//! Cards, counts and points in each language's words. The words are Fluent messages chosen by
//! the card's traits, so French agrees in gender and number ("paire d'opales bleues",
//! "1 perle bleue", "3 diamants") and English in number ("3 Diamonds", "1 Blue Pearl").

use super::{Arg, Lang};
use crate::rules::{Card, Colour, Gem, Trait};

fn gem(g: Gem) -> &'static str {
    match g {
        Gem::Diamond => "diamond",
        Gem::Pearl => "pearl",
        Gem::Opal => "opal",
    }
}

fn colour(c: Colour) -> &'static str {
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
            ("colour", colour(card.colour()).into()),
            ("gem", gem(card.gem()).into()),
        ],
    )
}

/// A card stored by its canonical name, in the language; a name that is not a card stays.
pub fn cards(lang: Lang, names: &[String]) -> Vec<String> {
    names.iter().map(|n| card_named(lang, n)).collect()
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
    let (mut number, mut col, mut g) = (None, None, None);
    for t in traits {
        match t {
            Trait::Number(n) => number = Some(*n),
            Trait::Colour(c) => col = Some(*c),
            Trait::Gem(x) => g = Some(*x),
        }
    }
    let id = match (number, col, g) {
        (None, None, Some(_)) => "count-gem",
        (None, Some(_), None) => "count-colour",
        (Some(_), None, None) => "count-number",
        (None, Some(_), Some(_)) => "count-colour-gem",
        (Some(_), Some(_), None) => "count-number-colour",
        (Some(_), None, Some(_)) => "count-number-gem",
        // Never asked (a question names one or two traits): say the count alone.
        _ => return count.to_string(),
    };
    let mut args: Vec<(&str, Arg)> = vec![("count", count.into())];
    if let Some(n) = number {
        args.push(("number", Arg::from(n as u32)));
    }
    if let Some(c) = col {
        args.push(("colour", colour(c).into()));
    }
    if let Some(x) = g {
        args.push(("gem", gem(x).into()));
    }
    lang.tr(id, args)
}

/// The same, from traits stored by their canonical names (`["Red", "Diamond"]`).
pub fn traits_count_named(lang: Lang, count: u32, names: &[String]) -> String {
    let traits: Vec<Trait> = names.iter().filter_map(|n| Trait::parse(n)).collect();
    traits_count(lang, count, &traits)
}

/// Sleuth Points as people write them: `6`, `6½`.
pub fn points(half_points: u32) -> String {
    crate::rules::view::points_text(half_points)
}
