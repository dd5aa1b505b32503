//! Why a cell of the Information Sheet is certain, in the reader's language: the assistant
//! gives the reason as data (`deduce::Reason`), this words it.

use super::{words, Arg, Lang};
use crate::deduce::view::FactWords;
use crate::deduce::Reason;
use crate::games::deck::Card;

/// Where a cell is, as a reason names it.
pub struct Place<'a> {
    pub name: &'a str,
    pub me: bool,
    pub safe: bool,
}

impl Place<'_> {
    fn kind(&self) -> &'static str {
        match (self.me, self.safe) {
            (true, _) => "me",
            (_, true) => "safe",
            _ => "other",
        }
    }
}

/// The reason a cell of `card` at `place` is certain.
pub fn reason(lang: Lang, r: &Reason, card: Card, place: &Place) -> String {
    let card = words::card(lang, card);
    let args = |extra: Vec<(&'static str, Arg<'static>)>| {
        let mut a: Vec<(&str, Arg)> = vec![
            ("card", Arg::from(card.clone())),
            ("place", Arg::from(place.name.to_string())),
            ("kind", Arg::from(place.kind())),
            ("here", Arg::from(if r.here { "yes" } else { "no" })),
        ];
        a.extend(extra);
        a
    };
    match &r.fact {
        None => lang.tr("reason-no-deal", args(vec![])),
        Some(fact) => lang.tr(
            "reason-fact",
            args(vec![("fact", fact_words(lang, fact).into())]),
        ),
    }
}

fn fact_words(lang: Lang, f: &FactWords) -> String {
    match f {
        FactWords::Size { place, mine, size } => {
            if *mine {
                lang.t1("fact-size-mine", "size", *size)
            } else {
                lang.t2("fact-size", "place", place_name(lang, place), "size", *size)
            }
        }
        FactWords::OwnHand => lang.t("fact-own-hand"),
        FactWords::Answer {
            round,
            place,
            count,
            traits,
        } => lang.t3(
            "fact-answer",
            "place",
            place_name(lang, place),
            "count",
            words::traits_count_named(lang, *count, traits),
            "round",
            *round,
        ),
        FactWords::Published { round } => lang.t1("fact-published", "round", *round),
        FactWords::Guess {
            round,
            number,
            correct,
        } => lang.t3(
            "fact-guess",
            "number",
            *number,
            "round",
            *round,
            "right",
            if *correct { "yes" } else { "no" },
        ),
        FactWords::Reveal {
            round,
            place,
            traits,
        } => {
            let t: Vec<crate::games::deck::Trait> = traits
                .iter()
                .filter_map(|n| crate::games::deck::Trait::parse(n))
                .collect();
            lang.t3(
                "fact-reveal",
                "place",
                place_name(lang, place),
                "traits",
                words::traits_plural(lang, &t),
                "round",
                *round,
            )
        }
    }
}

fn place_name(lang: Lang, place: &str) -> String {
    if place == "safe" {
        lang.t("the-safe")
    } else {
        place.to_string()
    }
}
