//! The two languages say the same things: every message is in both, each file reads, and the
//! English turn problems are the replay contract's own words.

use std::collections::BTreeSet;
use std::path::Path;

use super::*;
use crate::games::deck::{Card, Colour, Gem, Trait};

fn message_ids(lang: &str) -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(lang);
    let mut ids = BTreeSet::new();
    // The language's own files, and each game's under `games/`.
    let mut files = Vec::new();
    let mut folders = vec![dir];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("the locale folder") {
            let path = entry.expect("a file").path();
            match path.is_dir() {
                true => folders.push(path),
                false => files.push(path),
            }
        }
    }
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a Fluent file");
        if let Err((_, errors)) =
            fluent_templates::fluent_bundle::FluentResource::try_new(text.clone())
        {
            panic!("{} does not read: {errors:?}", path.display());
        }
        for line in text.lines() {
            if let Some((id, _)) = line.split_once(" =") {
                if !id.is_empty()
                    && id
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                {
                    assert!(
                        ids.insert(id.to_string()),
                        "{id} is defined twice in {lang}"
                    );
                }
            }
        }
    }
    ids
}

#[test]
fn every_message_exists_in_english_and_in_french() {
    let en = message_ids("en");
    let fr = message_ids("fr");
    let only_en: Vec<&String> = en.difference(&fr).collect();
    let only_fr: Vec<&String> = fr.difference(&en).collect();
    // French words cards with a few helper messages English does not need.
    let french_helpers = [
        "gems-of",
        "colour-adjective",
        "colour-adjectives",
        "colour-card",
        "colour-cards",
        "colour-for-number",
    ];
    let only_fr: Vec<&String> = only_fr
        .into_iter()
        .filter(|id| !french_helpers.contains(&id.as_str()))
        .collect();
    assert!(only_en.is_empty(), "in English only: {only_en:?}");
    assert!(only_fr.is_empty(), "in French only: {only_fr:?}");
    assert!(en.len() > 100, "only {} messages", en.len());
}

#[test]
fn every_french_card_name_reads_back_as_its_card() {
    for c in Card::all() {
        let name = card(Lang::Fr, c);
        assert_eq!(Card::parse(&name), Ok(c), "{name}");
        assert_eq!(card(Lang::En, c), c.name());
    }
    assert_eq!(
        card(Lang::Fr, Card::new(2, Colour::Blue, Gem::Diamond)),
        "paire de diamants bleus"
    );
    assert_eq!(
        card(Lang::Fr, Card::new(1, Colour::Blue, Gem::Opal)),
        "opale bleue solitaire"
    );
    assert_eq!(
        card(Lang::Fr, Card::new(3, Colour::Green, Gem::Opal)),
        "groupe d’opales vertes"
    );
}

#[test]
fn counts_agree_in_number_and_gender() {
    let d = Trait::Gem(Gem::Diamond);
    let blue = Trait::Colour(Colour::Blue);
    let pearl = Trait::Gem(Gem::Pearl);
    let pair = Trait::Number(2);
    assert_eq!(traits_count(Lang::En, 3, &[d]), "3 Diamonds");
    assert_eq!(traits_count(Lang::En, 1, &[blue, pearl]), "1 Blue Pearl");
    assert_eq!(traits_count(Lang::En, 0, &[blue]), "0 Blues");
    assert_eq!(traits_count(Lang::En, 2, &[pair]), "2 Twos");
    assert_eq!(traits_count(Lang::Fr, 3, &[d]), "3 diamants");
    assert_eq!(traits_count(Lang::Fr, 1, &[blue, pearl]), "1 perle bleue");
    assert_eq!(traits_count(Lang::Fr, 2, &[blue, pearl]), "2 perles bleues");
    assert_eq!(traits_count(Lang::Fr, 0, &[blue]), "0 bleue");
    assert_eq!(traits_count(Lang::Fr, 2, &[pair, blue]), "2 paires bleues");
    assert_eq!(
        traits_count(Lang::Fr, 2, &[pair, pearl]),
        "2 paires de perles"
    );
    assert_eq!(
        traits_count(Lang::Fr, 1, &[Trait::Number(1), pearl]),
        "1 perle solitaire"
    );
}

#[test]
fn languages_read_from_codes_and_accept_language() {
    assert_eq!(Lang::parse("fr-CA"), Some(Lang::Fr));
    assert_eq!(Lang::parse("Français"), Some(Lang::Fr));
    assert_eq!(Lang::parse("de"), None);
    assert_eq!(
        Lang::from_accept_language("de-DE,fr;q=0.8,en;q=0.5"),
        Some(Lang::Fr)
    );
    assert_eq!(
        Lang::from_accept_language("en-GB,en;q=0.9,fr;q=0.8"),
        Some(Lang::En)
    );
    assert_eq!(Lang::from_accept_language("de"), None);
}

#[test]
fn numbers_and_times_in_each_languages_conventions() {
    let paris: chrono_tz::Tz = "Europe/Paris".parse().unwrap();
    // 2026-11-21 17:00 UTC, a Saturday.
    assert_eq!(
        Lang::En.time(1_795_280_400, paris),
        "Sat 21 Nov 2026 18:00 CET (UTC+01:00)"
    );
    assert_eq!(
        Lang::Fr.time(1_795_280_400, paris),
        "samedi 21 novembre 2026 à 18:00 CET (UTC+01:00)"
    );
    assert_eq!(Lang::Fr.hours(3600), "1 heure");
    assert_eq!(Lang::En.hours(7200), "2 hours");
}

#[test]
fn the_sheets_reasons_in_english_are_the_assistants_own_words_and_french_has_its_own() {
    use crate::deduce::{view::View, Sheet};
    let players: Vec<String> = ["Ann", "Ben", "Cleo", "Dan"].map(String::from).to_vec();
    let hand: crate::games::deck::CardSet = Card::all().take(9).collect();
    let view = View::new(&players, 0, hand, 9, 0).expect("a view");
    let sheet = Sheet::bounds(&view);
    let mut compared = 0;
    for row in &sheet.cards {
        let card = Card::parse(&row.card).unwrap();
        for (l, cell) in row.cells.iter().enumerate() {
            let (Some(why), Some(reason)) = (&cell.why, &cell.reason) else {
                continue;
            };
            let place = Place {
                name: &sheet.locations[l],
                me: l == 0,
                safe: false,
            };
            assert_eq!(&reason_of(Lang::En, reason, card, &place), why);
            let fr = reason_of(Lang::Fr, reason, card, &place);
            assert!(fr.contains(&crate::lang::card(Lang::Fr, card)), "{fr}");
            compared += 1;
        }
    }
    assert!(compared >= 36, "only {compared} reasons compared");
}

fn reason_of(lang: Lang, r: &crate::deduce::Reason, card: Card, place: &Place) -> String {
    reason(lang, r, card, place)
}

/// Every message id the code names — `said!("…")`, `Said::new("…")` and the ids of errors,
/// confirmations, notes and forming mail passed as text — exists in both languages.
#[test]
fn every_message_the_code_names_exists_in_both_languages() {
    let en = message_ids("en");
    let fr = message_ids("fr");
    let prefixes = [
        "error-",
        "done-",
        "note-",
        "address-",
        "field-",
        "limit-",
        "forming-",
        "what-",
        "seat-lost-",
        "observe-mail-",
        "duration-",
    ];
    let mut named = BTreeSet::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("a file").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("tests.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            for quoted in text.split('"').skip(1).step_by(2) {
                let is_id = !quoted.is_empty()
                    && quoted
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                    && prefixes.iter().any(|p| quoted.starts_with(p));
                if is_id {
                    named.insert(quoted.to_string());
                }
            }
        }
    }
    let missing: Vec<&String> = named
        .iter()
        .filter(|id| !en.contains(*id) || !fr.contains(*id))
        .collect();
    assert!(
        missing.is_empty(),
        "named in the code, missing in a language: {missing:?}"
    );
    assert!(named.len() > 100, "only {} ids found", named.len());
}

#[test]
fn a_fraction_in_a_message_uses_each_languages_decimal_mark() {
    let said = crate::said!(
        "error-round-length",
        hours = Value::decimal(0.05),
        least = Value::decimal(0.25),
        most = 1440
    );
    assert!(
        Lang::En
            .said(&said)
            .starts_with("a round of 0.05 hours is not allowed"),
        "{}",
        Lang::En.said(&said)
    );
    let fr = Lang::Fr.said(&said);
    assert!(
        fr.starts_with("une manche de 0,05 h n’est pas permise")
            && fr.contains("de 0,25 h (un quart d’heure) à 1440 h"),
        "{fr}"
    );
}

#[test]
fn a_long_fraction_in_a_message_is_written_to_six_significant_digits() {
    assert_eq!(Lang::En.decimal(1.0 / 3600.0), "0.000277778");
    assert_eq!(Lang::Fr.decimal(1.0 / 3600.0), "0,000277778");
    assert_eq!(Lang::En.decimal(1440.5), "1440.5");
    assert_eq!(Lang::En.decimal(0.25), "0.25");
    assert_eq!(Lang::En.decimal(2000.0), "2000");
    assert_eq!(Lang::En.decimal(-0.5), "-0.5");
    assert_eq!(Lang::En.decimal(123456789.0), "123456789");
}

#[test]
fn lengths_of_time_use_each_languages_decimal_mark() {
    assert_eq!(Lang::En.hours(5400), "1.5 hours");
    assert_eq!(Lang::Fr.hours(5400), "1,5 heure");
    assert_eq!(Lang::Fr.hours(9000), "2,5 heures");
    assert_eq!(Lang::Fr.hours(3600), "1 heure");
    assert_eq!(Lang::En.hours(1800), "30 minutes");
}

#[test]
fn said_words_the_same_message_in_each_language_and_in_english_for_display() {
    let s = crate::said!("error-no-bulletin-yet", game = 7, round = 2);
    assert_eq!(s.to_string(), "game 7 has no bulletin for round 2 yet");
    assert_eq!(
        Lang::Fr.said(&s),
        "la partie 7 n’a pas encore de bulletin pour la manche 2"
    );
    let both = Said::All(vec![s, Said::text("as is")]);
    assert_eq!(Lang::Fr.said(&both).matches("; ").count(), 1);
    let timed = Said::new("note-resumed").with("time", Value::time(1_900_000_800, "Europe/Paris"));
    assert!(
        Lang::Fr
            .said(&timed)
            .contains("dimanche 17 mars 2030 à 19:00"),
        "{}",
        Lang::Fr.said(&timed)
    );
}

#[test]
fn a_message_written_as_html_is_escaped_as_the_templates_escape() {
    assert_eq!(
        super::escape_html(r#"l'as & <b>"x"</b>"#),
        "l&#39;as &amp; &lt;b&gt;&quot;x&quot;&lt;/b&gt;"
    );
    for lang in super::Lang::ALL {
        let text = lang.t("builder-where");
        assert_eq!(&*lang.h("builder-where"), super::escape_html(&text));
    }
}
