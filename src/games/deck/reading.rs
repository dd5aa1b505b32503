//! The forgiving reader of the words players use for cards and traits: words split and
//! lowered without allocating, filler words skipped, traits found in any order.

use super::*;

/// The longest word lowered on the stack; a longer one is lowered on the heap.
pub(super) const SHORT_WORD: usize = 64;

/// Calls `f` with `word` in lower case (`str::to_lowercase`). Words are read by the thousand
/// in a game, so an ASCII word is lowered into a buffer on the stack instead of a new string.
pub(crate) fn lowered<R>(word: &str, f: impl FnOnce(&str) -> R) -> R {
    if word.len() <= SHORT_WORD && word.is_ascii() {
        let mut buf = [0u8; SHORT_WORD];
        let buf = &mut buf[..word.len()];
        buf.copy_from_slice(word.as_bytes());
        buf.make_ascii_lowercase();
        // ASCII in, ASCII out: always valid UTF-8.
        f(std::str::from_utf8(buf).unwrap_or_default())
    } else {
        f(&word.to_lowercase())
    }
}

/// Words that may stand among trait words without meaning anything.
pub(super) fn is_filler(word: &str) -> bool {
    lowered(word, is_filler_lower)
}

pub(super) fn is_filler_lower(word: &str) -> bool {
    matches!(
        word,
        "and"
            | "&"
            | "the"
            | "of"
            | "card"
            | "cards"
            | "colour"
            | "colours"
            | "color"
            | "colors"
            | "couleur"
            | "couleurs"
            | "number"
            | "numbers"
            | "gem"
            | "gems"
            | "et"
            | "de"
            | "des"
            | "du"
            | "la"
            | "le"
            | "les"
            | "en"
            | "carte"
            | "cartes"
    )
}

/// Splits text into words at spaces and the punctuation players put between trait words.
/// A French elision ("l'opale", "d’opales") leaves the word after the apostrophe.
pub(crate) fn words(text: &str) -> Vec<&str> {
    word_iter(text).collect()
}

/// The words of `words`, one by one.
pub(super) fn word_iter(text: &str) -> impl Iterator<Item = &str> {
    Pieces(Some(text)).map(elided).filter(|w| !w.is_empty())
}

/// Whether a character stands between words.
pub(super) fn separates(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | ';' | '/' | '+' | '.' | '?' | '!')
}

/// The pieces of a text between separators, as `text.split(separates)` gives them, found by
/// a byte loop that decodes only the characters beyond ASCII.
pub(super) struct Pieces<'a>(pub(super) Option<&'a str>);

impl<'a> Iterator for Pieces<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.0?;
        for (at, byte) in rest.as_bytes().iter().enumerate() {
            let width = if byte.is_ascii() {
                Some(1).filter(|_| separates(*byte as char))
            } else if rest.is_char_boundary(at) {
                rest[at..]
                    .chars()
                    .next()
                    .filter(|c| separates(*c))
                    .map(char::len_utf8)
            } else {
                None
            };
            if let Some(width) = width {
                self.0 = Some(&rest[at + width..]);
                return Some(&rest[..at]);
            }
        }
        self.0 = None;
        Some(rest)
    }
}

/// The word after a French elision: `l'opale` → `opale`, `d’opales` → `opales`.
pub(crate) fn elided(word: &str) -> &str {
    if word.is_ascii() {
        // Only the plain apostrophe can be in it.
        if let Some(at) = word.bytes().position(|b| b == b'\'') {
            if lowered(&word[..at], |h| matches!(h, "l" | "d" | "qu")) {
                return &word[at + 1..];
            }
        }
        return word;
    }
    for apostrophe in ['\'', '’'] {
        if let Some((head, tail)) = word.split_once(apostrophe) {
            if lowered(head, |h| matches!(h, "l" | "d" | "qu")) {
                return tail;
            }
        }
    }
    word
}

/// What a run of words said about traits: the traits in order, or the first word not understood.
pub(crate) fn read_traits(text: &str) -> Result<Vec<Trait>, String> {
    let mut traits = Vec::new();
    read_traits_with(text, |t| traits.push(t))?;
    Ok(traits)
}

/// `read_traits`, handing each trait to `found` in order instead of collecting them.
pub(super) fn read_traits_with(text: &str, mut found: impl FnMut(Trait)) -> Result<(), String> {
    for word in word_iter(text) {
        // A canonical name (the usual case) is read as it stands.
        if let Some(t) = Trait::canonical(word) {
            found(t);
            continue;
        }
        // A filler word, a trait, or the word not understood.
        let read = lowered(word, |w| {
            if is_filler_lower(w) {
                Ok(None)
            } else {
                Trait::parse_lower(w).map(Some).ok_or(())
            }
        });
        match read {
            Ok(Some(t)) => found(t),
            Ok(None) => {}
            Err(()) => return Err(word.to_string()),
        }
    }
    Ok(())
}

/// The traits a card's words name, kept on the stack while there are few (a card has three).
pub(super) struct FewTraits {
    inline: [Trait; 8],
    len: usize,
    spilled: Vec<Trait>,
}

impl FewTraits {
    pub(super) fn read(text: &str) -> Result<FewTraits, String> {
        let mut few = FewTraits {
            inline: [Trait::Number(0); 8],
            len: 0,
            spilled: Vec::new(),
        };
        read_traits_with(text, |t| {
            if few.len < few.inline.len() {
                few.inline[few.len] = t;
                few.len += 1;
            } else {
                if few.spilled.is_empty() {
                    few.spilled.extend_from_slice(&few.inline);
                }
                few.spilled.push(t);
            }
        })?;
        Ok(few)
    }

    pub(super) fn as_slice(&self) -> &[Trait] {
        if self.spilled.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spilled
        }
    }
}
