//! Sherlock Solitaire's events in the reader's language, for its pages and letters (the words
//! are `locales/*/games/sherlock.ftl`). An event is worded as given: a caller showing it to an
//! onlooker passes it through `view::event_for_onlooker` first.

use super::cards::Face;
use super::game::{Event, Outcome, WoundWhy};
use super::places::Place;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sherlock::setup::{deck, play_stream, Settings};

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
