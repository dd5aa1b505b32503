//! What every game's player names obey, whatever game they play: the core checks names
//! against it at sign-up and creation, each game's engine at its set-up.

/// Whether a name may be a player's in every game: 1 to 32 letters, digits, `_` or `-`, so it
/// reads the same in a turn, a bulletin and a mail's subject. Letters are the Latin alphabet's
/// with their accents (`Amélie`, `Zoë`, `Łukasz`), written composed as a keyboard types them;
/// letters of other scripts are left out, since some look like Latin ones and one player
/// could pass for another. A game may reserve more names (words of its turn language).
pub fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.chars().count() <= 32 && name.chars().all(name_char)
}

fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || c == '_'
        || c == '-'
        // Latin-1 Supplement and Latin Extended-A and -B letters (not × or ÷).
        || (('\u{C0}'..='\u{24F}').contains(&c) && c.is_alphabetic())
}

/// Characters that show nothing, or turn the text around them (a name that reads otherwise
/// in a mail's subject than it is): format characters, zero-width spaces, direction marks and
/// overrides, line and paragraph separators.
pub fn invisible(c: char) -> bool {
    matches!(c,
        '\u{AD}' | '\u{34F}' | '\u{61C}' | '\u{180E}'
        // Not U+200C and U+200D, the joiners: emoji sequences and Persian or Indic words need them.
        | '\u{200B}' | '\u{200E}' | '\u{200F}'
        | '\u{2028}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}'
        | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}')
}

/// Whether two names are the same player's: letter case aside, accents included.
pub fn same_name(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        return a.eq_ignore_ascii_case(b);
    }
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_marks_are_refused_and_the_joiners_emoji_and_scripts_need_are_not() {
        for c in ['\u{200B}', '\u{202E}', '\u{2028}', '\u{FEFF}', '\u{AD}'] {
            assert!(invisible(c), "{c:?}");
        }
        for c in ['\u{200C}', '\u{200D}', 'é', ' '] {
            assert!(!invisible(c), "{c:?}");
        }
    }

    #[test]
    fn accented_latin_names_are_names_and_other_scripts_and_spaces_are_not() {
        for ok in [
            "Ann",
            "Amélie",
            "Zoë",
            "Łukasz",
            "Jean-Noël",
            "b_2",
            "ÉLODIE",
        ] {
            assert!(valid_name(ok), "{ok}");
        }
        let decomposed = "Ame\u{301}lie";
        let cyrillic_a = "\u{410}nn";
        for bad in ["", "Ann Lee", "a×b", decomposed, cyrillic_a, "x@y", "Ann!"] {
            assert!(!valid_name(bad), "{bad:?}");
        }
        assert!(valid_name(&"é".repeat(32)));
        assert!(!valid_name(&"é".repeat(33)));
    }

    #[test]
    fn names_match_whatever_their_case_accents_included() {
        assert!(same_name("Amélie", "AMÉLIE"));
        assert!(same_name("ann", "Ann"));
        assert!(!same_name("Amélie", "Amelie"));
    }
}
