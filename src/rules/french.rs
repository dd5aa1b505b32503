//! The turn language as French players write it, beside the English one (RULES.md §1 lets
//! card words come in French; this lets whole lines): `Ben a 2 diamant rouge`,
//! `Ben a la paire de diamants bleus`, `l'opale bleue solitaire est dans le coffre`,
//! `combien de rouges a Cleo ?`, `Cleo a combien de perles vertes ?`. Accents, elisions and
//! typographic apostrophes are all accepted. The card and trait words themselves are read by
//! `cards`, which knows both languages.

use super::problem::Problem;
use super::turn::{place, question, read_card, Body, Place};

/// Reads a French guess or question, or `None` when the line is not French either.
pub(super) fn read_body(body: &str) -> Option<Result<Body, Problem>> {
    let words: Vec<&str> = body.split_whitespace().collect();
    let folded: Vec<String> = words.iter().map(|w| fold(w)).collect();
    let is = |i: usize, w: &str| folded.get(i).is_some_and(|f| f == w);
    let text = |from: usize, to: usize| words[from..to].join(" ");

    // "combien de rouges a Cleo ?", "combien de perles vertes Cleo a-t-elle ?"
    if is(0, "combien") {
        if let Some(a) = folded.iter().rposition(|f| f == "a") {
            return Some(question(&text(a + 1, words.len()), &text(1, a)));
        }
        if let Some(a) = folded.iter().rposition(|f| is_a_t_il(f)) {
            return Some(question(&text(a - 1, a), &text(1, a - 1)));
        }
        return None;
    }
    let a = folded.iter().position(|f| f == "a")?;
    // "Cleo a combien de rouges ?"
    if is(a + 1, "combien") {
        return Some(question(&text(0, a), &text(a + 2, words.len())));
    }
    // "Ben a 2 diamant rouge", "le coffre a le groupe de perles jaunes"
    Some(match place(&text(0, a)) {
        Ok(p) => read_card(&text(a + 1, words.len())).map(|card| Body::Guess(p, card)),
        Err(e) => Err(e),
    })
}

/// `l'opale bleue solitaire est dans le coffre`, `… est au coffre`, `… dans le coffre`.
pub(super) fn read_safe_guess(body: &str) -> Option<Result<Body, Problem>> {
    let words: Vec<&str> = body.split_whitespace().collect();
    let folded: Vec<String> = words.iter().map(|w| fold(w)).collect();
    let n = folded.len();
    let ends = |tail: &[&str]| n > tail.len() && folded[n - tail.len()..] == *tail;
    let card_words = [
        &["est", "dans", "le", "coffre"][..],
        &["est", "au", "coffre"],
        &["dans", "le", "coffre"],
        &["au", "coffre"],
    ]
    .iter()
    .find(|tail| ends(tail))
    .map(|tail| n - tail.len())?;
    Some(read_card(&words[..card_words].join(" ")).map(|card| Body::Guess(Place::Safe, card)))
}

fn is_a_t_il(word: &str) -> bool {
    matches!(word, "a-t-il" | "a-t-elle" | "a-t'il" | "a-t'elle")
}

/// A word as compared: lower case, without accents or the punctuation around it, with
/// typographic apostrophes made plain.
fn fold(word: &str) -> String {
    word.trim_matches(|c: char| matches!(c, '?' | '!' | '.' | ',' | ';' | ':' | '«' | '»'))
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' => 'i',
            'ô' | 'ö' => 'o',
            'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            '’' | '‘' => '\'',
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::rules::cards::{Card, Colour, Gem, Trait};
    use crate::rules::turn::{parse, Place};

    #[test]
    fn french_guesses_read_as_the_english_ones_do() {
        let t = parse("1: Ben a 2 diamant rouge\n2: Ben a la paire de diamants bleus\n3: l'opale bleue solitaire est dans le coffre\n4: Ben a une paire de perles vertes\n5: le coffre a le groupe de perles jaunes\n6: Ben a l’opale verte solitaire\n7: d'opale bleue solitaire au coffre").unwrap();
        let cards: Vec<(Place, Card)> = t
            .guesses
            .iter()
            .map(|g| (g.place.clone(), g.card))
            .collect();
        let ben = || Place::Player("Ben".into());
        assert_eq!(
            cards,
            vec![
                (ben(), Card::new(2, Colour::Red, Gem::Diamond)),
                (ben(), Card::new(2, Colour::Blue, Gem::Diamond)),
                (Place::Safe, Card::new(1, Colour::Blue, Gem::Opal)),
                (ben(), Card::new(2, Colour::Green, Gem::Pearl)),
                (Place::Safe, Card::new(3, Colour::Yellow, Gem::Pearl)),
                (ben(), Card::new(1, Colour::Green, Gem::Opal)),
                (Place::Safe, Card::new(1, Colour::Blue, Gem::Opal)),
            ]
        );
    }

    #[test]
    fn french_questions_in_every_word_order() {
        let t = parse("1 (5): combien de rouges a Cleo ?\n2 (5): Cleo a combien de rouges ?\n3 (3): Cleo a combien de perles vertes ?\n4 (2): combien de paires Cléo a-t-elle ?\n5 (1): Cleo a combien d’opales ?").unwrap();
        let asked: Vec<(String, Vec<Trait>)> = t
            .questions
            .iter()
            .map(|q| (q.target.clone(), q.traits.clone()))
            .collect();
        assert_eq!(asked[0], ("Cleo".into(), vec![Trait::Colour(Colour::Red)]));
        assert_eq!(asked[1], asked[0]);
        assert_eq!(
            asked[2],
            (
                "Cleo".into(),
                vec![Trait::Gem(Gem::Pearl), Trait::Colour(Colour::Green)]
            )
        );
        assert_eq!(asked[3], ("Cléo".into(), vec![Trait::Number(2)]));
        assert_eq!(asked[4], ("Cleo".into(), vec![Trait::Gem(Gem::Opal)]));
    }

    #[test]
    fn french_words_for_ready_and_done_with_or_without_accents() {
        for (text, ready, done) in [
            ("prêt", true, false),
            ("Pret.", true, false),
            ("fini", false, true),
            ("prête\nfinie", true, true),
        ] {
            let t = parse(text).unwrap();
            assert_eq!((t.ready, t.done), (ready, done), "{text}");
        }
    }

    #[test]
    fn a_french_line_that_names_no_card_says_so() {
        let errs = parse("1: Ben a 2 diamant violet").unwrap_err();
        assert!(
            errs[0]
                .to_string()
                .contains("\"violet\" is not a number, colour or gem"),
            "{errs:?}"
        );
    }
}
