//! The turn language as French players write it, beside the English one (RULES.md §1 lets
//! card words come in French; this lets whole lines): `Ben a 2 diamant rouge`,
//! `Ben a la paire de diamants bleus`, `l'opale bleue solitaire est dans le coffre`,
//! `combien de rouges a Cleo ?`, `Cleo a combien de perles vertes ?`. Accents, elisions and
//! typographic apostrophes are all accepted. The card and trait words themselves are read by
//! `cards`, which knows both languages.

use super::lines::{place, question, read_card, Body, PlaceRef};
use super::problem::Problem;

/// Reads a French guess or question, or `None` when the line is not French either. Its names
/// are words joined anew, so the body owns them.
pub(super) fn read_body(body: &str) -> Option<Result<Body<'static>, Problem>> {
    let words: Vec<&str> = body.split_whitespace().collect();
    let folded: Vec<String> = words.iter().map(|w| fold(w)).collect();
    let is = |i: usize, w: &str| folded.get(i).is_some_and(|f| f == w);
    // Empty when the words are not in that order: a line never breaks the reader.
    let text = |from: usize, to: usize| words.get(from..to).map_or(String::new(), |w| w.join(" "));

    // "combien de rouges a Cleo ?", "combien de perles vertes Cleo a-t-elle ?"
    if is(0, "combien") {
        if let Some(a) = folded.iter().rposition(|f| f == "a") {
            return Some(owned(question(&text(a + 1, words.len()), &text(1, a))));
        }
        // "a-t-il" needs a place before it and the traits between "combien" and the place.
        if let Some(a) = folded
            .iter()
            .rposition(|f| is_a_t_il(f))
            .filter(|a| *a >= 2)
        {
            return Some(owned(question(&text(a - 1, a), &text(1, a - 1))));
        }
        return None;
    }
    let a = folded.iter().position(|f| f == "a")?;
    // "Cleo a combien de rouges ?"
    if is(a + 1, "combien") {
        return Some(owned(question(&text(0, a), &text(a + 2, words.len()))));
    }
    // "Ben a 2 diamant rouge", "le coffre a le groupe de perles jaunes"
    Some(owned(match place(&text(0, a)) {
        Ok(p) => read_card(&text(a + 1, words.len())).map(|card| Body::Guess(p, card)),
        Err(e) => Err(e),
    }))
}

fn owned(read: Result<Body<'_>, Problem>) -> Result<Body<'static>, Problem> {
    read.map(Body::into_owned)
}

/// `l'opale bleue solitaire est dans le coffre`, `… est au coffre`, `… dans le coffre`.
pub(super) fn read_safe_guess(body: &str) -> Option<Result<Body<'static>, Problem>> {
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
    Some(read_card(&words[..card_words].join(" ")).map(|card| Body::Guess(PlaceRef::Safe, card)))
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
