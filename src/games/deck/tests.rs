//! The deck's cards, traits, sets and word reader.

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
