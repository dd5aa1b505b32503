//! Sherlock Solitaire's events in the reader's language, for its pages and letters (the words
//! are `locales/*/games/sherlock.ftl`). An event is worded as given: a caller showing it to an
//! onlooker passes it through `view::event_for_onlooker` first.

use super::cards::Face;
use super::command::Problem;
use super::game::refusal::{faces_said, numbers_said};
use super::game::{Choice, Event, Outcome, Refusal, Waiting, WoundWhy};
use super::places::{Area, Place};
use super::replay::{Replied, Why};
use super::setup::Detective;
use crate::lang::Lang;

pub fn detective(t: Lang, d: Detective) -> String {
    t.t(match d {
        Detective::Holmes => "sherlock-holmes",
        Detective::Watson => "sherlock-watson",
    })
}

pub fn place(t: Lang, p: Place) -> String {
    match p {
        Place::Deck => t.t("sherlock-place-deck"),
        Place::Scene => t.t("sherlock-place-scene"),
        Place::Discard => t.t("sherlock-place-discard"),
        Place::Hand => t.t("sherlock-place-hand"),
        Place::Set(n) => t.t1("sherlock-place-set", "number", n as i64),
    }
}

fn cards(faces: &[Face]) -> String {
    let names: Vec<String> = faces.iter().map(|f| f.name()).collect();
    names.join(", ")
}

/// The settings as the forming page lists them, a line each: key and value.
pub fn settings_lines(t: Lang, s: &super::setup::Settings) -> Vec<(String, String)> {
    let _ = t;
    (s.lines().into_iter())
        .map(|(k, v)| (k.to_string(), v))
        .collect()
}

/// One event, in the reader's words.
pub fn event(t: Lang, e: &Event) -> String {
    match e {
        Event::TurnBegan { turn, detective: d } => t.t2(
            "sherlock-turn-began",
            "turn",
            *turn as i64,
            "detective",
            detective(t, *d),
        ),
        Event::Drew { faces } => t.t1("sherlock-drew", "cards", cards(faces)),
        Event::DrewHidden { count } => t.t1("sherlock-drew-hidden", "count", *count as i64),
        Event::Reshuffled { cards } => t.t1("sherlock-reshuffled", "cards", *cards as i64),
        Event::Redrew => t.t("sherlock-redrew"),
        Event::Played {
            face, set: Some(n), ..
        } => t.t2(
            "sherlock-played-office",
            "card",
            face.name(),
            "set",
            *n as i64,
        ),
        Event::Played { face, .. } => t.t1("sherlock-played-scene", "card", face.name()),
        Event::Pair { face } => t.t1("sherlock-pair", "card", face.name()),
        Event::Moved { face, from, to } => t.tr(
            "sherlock-moved",
            [
                ("card", face.name().into()),
                ("from", place(t, *from).into()),
                ("to", place(t, *to).into()),
            ],
        ),
        Event::Skipped {
            detective: d,
            number,
        } => t.t2(
            "sherlock-skipped",
            "detective",
            detective(t, *d),
            "number",
            *number as i64,
        ),
        Event::Healed { wounds } => t.t1("sherlock-healed", "wounds", *wounds as i64),
        Event::Wounded { wounds, why } => t.t2(
            "sherlock-wounded",
            "why",
            t.t(match why {
                WoundWhy::ThreatPair => "sherlock-why-threat-pair",
                WoundWhy::Skipped => "sherlock-why-skipped",
                WoundWhy::LeftInHand => "sherlock-why-left-in-hand",
                WoundWhy::Reshuffle => "sherlock-why-reshuffle",
            }),
            "wounds",
            *wounds as i64,
        ),
        Event::Completed { number } => t.t1("sherlock-completed", "number", *number as i64),
        Event::Discarded { faces } => t.t1("sherlock-discarded", "cards", cards(faces)),
        Event::Over { outcome } => t.t(match outcome {
            Outcome::Won => "sherlock-won",
            Outcome::Wounded => "sherlock-lost-wounded",
            Outcome::OutOfTime => "sherlock-lost-time",
            Outcome::Ended => "sherlock-ended",
        }),
    }
}

/// Why a line was not carried out, in the reader's words (the English is the engine's own).
pub fn why(t: Lang, why: &Why) -> String {
    match why {
        Why::Unread(p) => match p {
            Problem::Unknown(line) => t.t1("sherlock-refusal-unknown", "line", line.as_str()),
            Problem::NoCard(word) => t.t1("sherlock-refusal-no-card", "word", word.as_str()),
            Problem::NoPlace(word) => t.t1("sherlock-refusal-no-place-word", "word", word.as_str()),
            Problem::LetterOnOffice(word) => {
                t.t1("sherlock-refusal-letter-on-office", "word", word.as_str())
            }
        },
        Why::Refused(r) => refusal(t, r),
        Why::TooLong(w) => w.words(t),
    }
}

/// An ability's choice as a line in the reader's language, which the turn language reads back:
/// `then C from set 3 to discard`, `puis C de série 3 à défausse`.
pub fn choice_line(t: Lang, c: &Choice) -> String {
    let place = |p: Place| match p {
        Place::Deck => t.t("sherlock-line-deck"),
        Place::Scene => t.t("sherlock-line-scene"),
        Place::Discard => t.t("sherlock-line-discard"),
        Place::Hand => t.t("sherlock-line-hand"),
        Place::Set(n) => t.t1("sherlock-line-set", "number", n as i64),
    };
    t.tr(
        "sherlock-line-then",
        [
            ("card", c.face.name().into()),
            ("from", place(c.from).into()),
            ("to", place(c.to).into()),
        ],
    )
}

fn refusal(t: Lang, r: &Refusal) -> String {
    let choices = |w: &Waiting| {
        let quoted =
            (w.options.iter()).map(|c| t.t1("sherlock-refusal-choice", "line", choice_line(t, c)));
        quoted
            .reduce(|first, next| t.t2("sherlock-refusal-or", "first", first, "next", next))
            .unwrap_or_default()
    };
    match r {
        Refusal::Over => t.t("sherlock-refusal-over"),
        Refusal::Waiting(w) => t.t1("sherlock-refusal-waiting", "choices", choices(w)),
        Refusal::NothingWaiting => t.t("sherlock-refusal-nothing-waiting"),
        Refusal::MadeForYou(c) => t.t1(
            "sherlock-refusal-made-for-you",
            "choice",
            t.t1("sherlock-refusal-choice", "line", choice_line(t, c)),
        ),
        Refusal::NothingToChoose => t.t("sherlock-refusal-nothing-to-choose"),
        Refusal::NotAChoice(w) => t.t1("sherlock-refusal-not-a-choice", "choices", choices(w)),
        Refusal::NotInHand { face, plus, other } => t.t1(
            match (plus, other) {
                (true, false) => "sherlock-refusal-not-in-hand-plus",
                (true, true) => "sherlock-refusal-not-in-hand-plus-own",
                (false, false) => "sherlock-refusal-not-in-hand",
                (false, true) => "sherlock-refusal-not-in-hand-own",
            },
            "card",
            face.name(),
        ),
        Refusal::TwoPlayed(Area::Office) => t.t("sherlock-refusal-two-office"),
        Refusal::TwoPlayed(Area::Scene) => t.t("sherlock-refusal-two-scene"),
        Refusal::NoPlace { face, on, office } => {
            let card = match on {
                Some(n) => t.t2(
                    "sherlock-refusal-card-on",
                    "card",
                    face.name(),
                    "set",
                    *n as i64,
                ),
                None => face.name(),
            };
            let office = match office.is_empty() {
                true => t.t("sherlock-refusal-office-empty"),
                false => {
                    let sets: Vec<String> = (office.iter())
                        .map(|(n, faces)| {
                            let cards = faces_said(faces);
                            t.t2(
                                "sherlock-refusal-office-set",
                                "number",
                                *n as i64,
                                "cards",
                                cards,
                            )
                        })
                        .collect();
                    t.t1("sherlock-refusal-office-holds", "sets", sets.join("; "))
                }
            };
            t.t2("sherlock-refusal-no-place", "card", card, "office", office)
        }
        Refusal::WhichSet(face, sets) => t.t2(
            "sherlock-refusal-which-set",
            "card",
            face.name(),
            "sets",
            numbers_said(sets),
        ),
        Refusal::NoRedraw => t.t("sherlock-refusal-no-redraw"),
        Refusal::NeverCompletes => t.t("sherlock-refusal-never-completes"),
        Refusal::NoFullSet(n) => t.t1("sherlock-refusal-no-full-set", "number", *n as i64),
    }
}

/// The refused line of a reply and why, in the reader's words: its reason kept whole when
/// the reply was just carried out, else its English.
pub fn refused(t: Lang, done: &Replied) -> Option<(&str, String)> {
    let last = done.lines.last()?;
    let english = last.refused.as_deref()?;
    let words = last
        .why
        .as_ref()
        .map_or_else(|| english.to_string(), |w| why(t, w));
    Some((last.line.as_str(), words))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sherlock::replay::LineDone;
    use crate::games::sherlock::setup::{deck, play_stream, Settings};

    /// One of every reason a line is refused, with what it names.
    fn every_why() -> Vec<Why> {
        let waiting = Waiting {
            detective: crate::games::sherlock::setup::Detective::Holmes,
            number: 3,
            options: vec![
                Choice {
                    face: Face::Letter('C'),
                    from: Place::Set(3),
                    to: Place::Discard,
                },
                Choice {
                    face: Face::Number(2),
                    from: Place::Scene,
                    to: Place::Hand,
                },
            ],
        };
        let (c, three) = (Face::Letter('C'), Face::Number(3));
        let mut all = vec![
            Why::Unread(Problem::Unknown("play it".into())),
            Why::Unread(Problem::NoCard("Z".into())),
            Why::Unread(Problem::NoPlace("garden".into())),
            Why::Unread(Problem::LetterOnOffice("bureau".into())),
            Why::TooLong(crate::games::typography::TooLong { lines: 60, kib: 1 }),
        ];
        let refusals = [
            Refusal::Over,
            Refusal::Waiting(waiting.clone()),
            Refusal::NothingWaiting,
            Refusal::MadeForYou(Choice {
                face: Face::Number(3),
                from: Place::Scene,
                to: Place::Set(2),
            }),
            Refusal::NothingToChoose,
            Refusal::NotAChoice(waiting),
            Refusal::TwoPlayed(Area::Office),
            Refusal::TwoPlayed(Area::Scene),
            Refusal::NoPlace {
                face: c,
                on: None,
                office: Vec::new(),
            },
            Refusal::NoPlace {
                face: c,
                on: Some(2),
                office: vec![(1, vec![Face::Number(1), c]), (2, vec![Face::Number(2)])],
            },
            Refusal::WhichSet(c, vec![1, 3]),
            Refusal::NoRedraw,
            Refusal::NeverCompletes,
            Refusal::NoFullSet(2),
        ];
        all.extend(refusals.into_iter().map(Why::Refused));
        for (plus, other) in [(true, false), (true, true), (false, false), (false, true)] {
            let face = three;
            all.push(Why::Refused(Refusal::NotInHand { face, plus, other }));
        }
        all
    }

    #[test]
    fn every_refusal_reads_in_english_as_the_engine_words_it_and_in_french_in_french() {
        for why in every_why() {
            assert_eq!(super::why(Lang::En, &why), why.to_string(), "{why:?}");
            let french = super::why(Lang::Fr, &why);
            assert!(!french.contains("sherlock-"), "{why:?}: {french}");
            assert_ne!(french, why.to_string(), "{why:?} is not worded in French");
        }
        let refused = Why::Refused(Refusal::NotInHand {
            face: Face::Number(3),
            plus: false,
            other: true,
        });
        assert_eq!(
            super::why(Lang::Fr, &refused),
            "votre main n’a pas de 3 à vous : la vôtre est celle qu’un pouvoir vous a donnée, écrivez « +3 »"
        );
    }

    #[test]
    fn a_choice_is_written_as_a_line_of_the_readers_language_that_reads_back_as_the_choice() {
        use crate::games::sherlock::command::{read, Command};
        let places = [
            Place::Deck,
            Place::Scene,
            Place::Discard,
            Place::Hand,
            Place::Set(1),
            Place::Set(4),
        ];
        for face in [Face::Letter('C'), Face::Number(2)] {
            for (from, to) in places
                .iter()
                .flat_map(|f| places.iter().map(move |t| (*f, *t)))
            {
                let c = Choice { face, from, to };
                assert_eq!(choice_line(Lang::En, &c), c.line());
                let french = choice_line(Lang::Fr, &c);
                assert!(french.starts_with("puis "), "{french}");
                assert_eq!(
                    read(&french),
                    Ok(Command::Then { face, from, to }),
                    "{french}"
                );
            }
        }
    }

    #[test]
    fn a_refusal_read_back_from_a_record_is_given_in_its_english() {
        let mut done = Replied::default();
        done.lines.push(LineDone {
            line: "9 office".into(),
            events: None,
            refused: Some("your hand holds no 9".into()),
            why: None,
        });
        let (line, words) = refused(Lang::Fr, &done).expect("a refusal");
        assert_eq!((line, words.as_str()), ("9 office", "your hand holds no 9"));
    }

    #[test]
    fn every_event_of_a_game_is_worded_in_english_and_french_without_a_missing_message() {
        let mut rng = play_stream("w", 3);
        let (mut g, mut events) =
            crate::games::sherlock::game::Game::new(Settings::default(), deck(3), &mut rng);
        for _ in 0..3 {
            events.extend(g.time_out(&mut rng));
        }
        for t in [Lang::En, Lang::Fr] {
            for e in &events {
                let words = event(t, e);
                assert!(
                    !words.is_empty() && !words.contains("sherlock-"),
                    "{t:?} {e:?}: {words}"
                );
            }
        }
        assert_eq!(
            event(
                Lang::Fr,
                &Event::Moved {
                    face: Face::Letter('C'),
                    from: Place::Set(3),
                    to: Place::Discard
                }
            ),
            "C est passé de la série 3 à la défausse."
        );
        assert!(event(Lang::En, events.last().unwrap()).contains("third wound"));
    }
}
