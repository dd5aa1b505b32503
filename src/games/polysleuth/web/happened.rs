//! "What happened to you" at the top of a player's page after each round: each of their
//! guesses, right or wrong; each of their questions, answered (with what it said and what
//! they paid) or outbid (and what that cost); and their Private Eyes now. The bulletin tells
//! only the winning questions, so without this a player whose question lost never learns it.

use crate::games::polysleuth::rules::PrivateReport;
use crate::lang::Lang;

/// The last round's news for one player.
pub struct Happened {
    pub round: i64,
    pub lines: Vec<String>,
}

/// The news of the newest report (the last round resolved), in the reader's language.
pub fn happened(lang: Lang, reports: &[(i64, PrivateReport)]) -> Option<Happened> {
    let (round, report) = reports.iter().max_by_key(|(r, _)| *r)?;
    let mut lines = Vec::new();
    for g in &report.guesses {
        let place = lang.guess_place(&g.place);
        lines.push(lang.tr(
            if g.correct {
                "happened-guess-right"
            } else {
                "happened-guess-wrong"
            },
            [
                ("number", g.number.into()),
                ("card", crate::lang::card_named(lang, &g.card).into()),
                ("place", place.into()),
            ],
        ));
    }
    lines.extend(report.questions.iter().map(|q| lang.question_fate(q)));
    if lines.is_empty() {
        lines.push(lang.t("happened-nothing"));
    }
    lines.push(lang.t1("happened-eyes", "eyes", report.eyes));
    Some(Happened {
        round: *round,
        lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::polysleuth::rules::view::PrivateGuess;
    use crate::games::polysleuth::rules::QuestionFate;

    #[test]
    fn an_outbid_question_is_told_with_what_it_cost() {
        let report = PrivateReport {
            player: "Ann".into(),
            guesses: vec![PrivateGuess {
                number: 1,
                card: "2 Red Diamond".into(),
                place: "Ben".into(),
                correct: false,
            }],
            reveals: vec![],
            eyes: 21,
            half_points: 0,
            questions: vec![
                QuestionFate {
                    number: 1,
                    target: "Cleo".into(),
                    traits: vec!["Red".into()],
                    bid: 5,
                    answered: Some(2),
                    paid: 5,
                },
                QuestionFate {
                    number: 2,
                    target: "Ben".into(),
                    traits: vec!["Blue".into(), "Opal".into()],
                    bid: 3,
                    answered: None,
                    paid: 0,
                },
            ],
        };
        let h = happened(Lang::En, &[(3, report)]).unwrap();
        assert_eq!(h.round, 3);
        let all = h.lines.join("\n");
        assert!(all.contains("Guess 1") && all.contains("wrong"), "{all}");
        assert!(
            all.contains("answered") && all.contains("you paid 5"),
            "{all}"
        );
        assert!(
            all.contains("bid 3") && all.contains("not answered") && all.contains("you paid 0"),
            "{all}"
        );
        assert!(all.contains("21 Private Eyes"), "{all}");
    }
}
