//! Typography a keyboard, a phone or a word processor puts into text, brought back to the
//! plain characters the turn language is written in: typographic apostrophes and quotes,
//! no-break and other Unicode spaces, dashes and minus signs, full-width digits and colons,
//! zero-width characters and a byte-order mark. `3’s` then reads as `3's`, `1：` as `1:`.
//! And which lines of a message carry meaning. Every game's turn language and the mail door
//! read text through here.

use std::borrow::Cow;

/// The plain character a typographic one stands for; `None` drops it, `Some(c)` with the
/// character itself keeps it.
fn plain(c: char) -> Option<char> {
    Some(match c {
        // Apostrophes and single quotes.
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' | '\u{02BC}'
        | '\u{FF07}' | '`' | '\u{00B4}' => '\'',
        // Double quotes.
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' | '\u{00AB}'
        | '\u{00BB}' | '\u{FF02}' => '"',
        // Spaces: no-break, en/em and the other fixed widths, narrow no-break, ideographic.
        '\u{00A0}'
        | '\u{1680}'
        | '\u{2000}'..='\u{200A}'
        | '\u{202F}'
        | '\u{205F}'
        | '\u{3000}' => ' ',
        // Zero-width characters and the byte-order mark carry nothing.
        '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{00AD}' => return None,
        // Hyphens, dashes and minus signs.
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE58}' | '\u{FE63}' | '\u{FF0D}' => '-',
        // Full-width forms of ASCII (digits, colon, brackets, letters…).
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFF01 + 0x21).unwrap_or(c),
        // Other line and paragraph separators end a line.
        '\u{2028}' | '\u{2029}' | '\u{0085}' => '\n',
        _ => c,
    })
}

/// The text with its typography made plain; borrowed when there was nothing to change. An
/// accent some keyboards send as a letter followed by a combining mark (`e` + `◌́`) is composed
/// into the one letter (`é`) a name or a word is written with.
pub fn normalise(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let combining = |c: char| ('\u{300}'..='\u{36F}').contains(&c);
    if text.chars().any(combining) {
        use unicode_normalization::UnicodeNormalization;
        return Cow::Owned(text.chars().filter_map(plain).nfc().collect());
    }
    if !text.chars().any(|c| plain(c) != Some(c)) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().filter_map(plain).collect())
}

/// The most a message of commands may hold in the games of turns (Clue, classic Sleuth,
/// Sherlock Solitaire): a turn is a few commands, and a message that changes a game is kept in
/// its record, so a longer one is refused whole before it is read.
pub const MAX_MESSAGE_LINES: usize = 50;
pub const MAX_MESSAGE_BYTES: usize = 8 * 1024;

/// A message too long to be read as commands: how many lines and KiB it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLong {
    pub lines: usize,
    pub kib: usize,
}

/// In English, as the engines' refusals are (a record or an API keeps these words).
impl std::fmt::Display for TooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the message is too long to be commands ({} line{}, {} KiB): a message holds at \
             most {MAX_MESSAGE_LINES} lines and {} KiB; send your commands alone",
            self.lines,
            if self.lines == 1 { "" } else { "s" },
            self.kib,
            MAX_MESSAGE_BYTES / 1024
        )
    }
}

impl TooLong {
    /// Why, in the reader's language.
    pub fn words(&self, t: crate::lang::Lang) -> String {
        t.tr(
            "message-too-long",
            [
                ("lines", self.lines.into()),
                ("kib", self.kib.into()),
                ("most_lines", MAX_MESSAGE_LINES.into()),
                ("most_kib", (MAX_MESSAGE_BYTES / 1024).into()),
            ],
        )
    }
}

/// Why a message is too long to be read as commands, or None when it may be read.
pub fn too_long(text: &str) -> Option<TooLong> {
    let lines = meaningful_lines(text).count();
    // Its bytes, blank lines aside: a mail's door leaves the quoted lines it dropped as blank
    // lines, so that line numbers match the mail; comments count (the text is kept whole).
    let bytes: usize = (text.lines().map(str::trim_end))
        .filter(|l| !l.is_empty())
        .map(|l| l.len() + 1)
        .sum();
    (bytes > MAX_MESSAGE_BYTES || lines > MAX_MESSAGE_LINES).then(|| TooLong {
        lines,
        kib: bytes.div_ceil(1024),
    })
}

/// A message too long to be commands, refused whole as the games of turns refuse a line: its
/// first line (shortened) and why; None when it may be read.
pub fn too_long_refusal(text: &str) -> Option<(String, TooLong)> {
    let why = too_long(text)?;
    Some((first_line(text), why))
}

/// A message's first meaningful line, at most 80 characters: how a refusal of the whole
/// message quotes it.
pub fn first_line(text: &str) -> String {
    (meaningful_lines(text).next())
        .map_or(String::new(), |(_, l)| l.trim().chars().take(80).collect())
}

/// Lines of a turn that carry meaning: not blank, not comments or quotes, before the signature.
pub fn meaningful_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    lines(text)
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .take_while(|(_, l)| l.trim_end() != "--")
        .filter(|(_, l)| {
            let t = trimmed(l);
            !(t.is_empty() || t.starts_with('#') || t.starts_with("//") || t.starts_with('>'))
        })
}

/// A text's lines as `str::lines` gives them (`\n` or `\r\n` ends a line; a last line
/// ending adds no empty line), their ends found by `memchr`, many bytes at a time: the
/// general searcher `str::lines` uses took 7% of replaying whole games, a byte loop as much.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match memchr::memchr(b'\n', rest.as_bytes()) {
            Some(end) => {
                let line = &rest[..end];
                rest = &rest[end + 1..];
                Some(line.strip_suffix('\r').unwrap_or(line))
            }
            None => Some(std::mem::take(&mut rest)),
        }
    })
}

/// `text.trim()`, by bytes when the text, its ASCII whitespace stripped, starts and ends with a
/// visible ASCII character, as almost every line and word of a turn does (the general `trim`
/// decodes characters, and took 4% of replaying whole games).
pub fn trimmed(text: &str) -> &str {
    let t = text.trim_ascii();
    let visible = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_graphic());
    if t.is_empty() || (visible(t.as_bytes().first()) && visible(t.as_bytes().last())) {
        t
    } else {
        text.trim()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn lines_are_split_as_the_standard_library_splits_them() {
        for text in [
            "",
            "\n",
            "a",
            "a\n",
            "a\r\nb",
            "a\r\nb\r\n",
            "a\rb\n\nc",
            "last\r",
            "\r\n\r\n",
            "é\nü ",
            "\r\n",
            "\r",
            "a\r\r\n",
        ] {
            let ours: Vec<&str> = super::lines(text).collect();
            let std: Vec<&str> = text.lines().collect();
            assert_eq!(ours, std, "{text:?}");
        }
    }

    #[test]
    fn trimmed_is_trim() {
        for text in [
            "",
            " ",
            "a",
            " a",
            "a ",
            "\u{a0}a",
            "a\t",
            "ab",
            "\u{3000}x\u{3000}",
            " \u{a0}a b ",
            "\x0bx",
            " x\x0b ",
            "\t\r\n",
            " é ",
            "x\u{2003}",
            "\u{85}a",
            " \u{a0} ",
        ] {
            assert_eq!(super::trimmed(text), text.trim(), "{text:?}");
        }
    }

    #[test]
    fn a_message_is_too_long_by_its_commands_and_comments_never_by_the_blank_lines_of_a_quote() {
        assert_eq!(super::too_long("pass\n\n\n"), None);
        assert_eq!(
            super::too_long(&format!("pass{}", "\n".repeat(20_000))),
            None
        );
        assert!(super::too_long(&"pass\n".repeat(51)).is_some());
        let chatter = format!("pass\n# {}", "x".repeat(9000));
        let why = super::too_long(&chatter).unwrap();
        assert_eq!(
            why.to_string(),
            "the message is too long to be commands (1 line, 9 KiB): a message holds at most \
             50 lines and 8 KiB; send your commands alone"
        );
        assert_eq!(why.words(crate::lang::Lang::En), why.to_string());
        let many = super::too_long(&"pass\n".repeat(51)).unwrap();
        assert_eq!(many.words(crate::lang::Lang::En), many.to_string());
        assert!(many.to_string().contains("(51 lines, 1 KiB)"), "{many}");
        assert_eq!(
            why.words(crate::lang::Lang::Fr),
            "le message est trop long pour être des commandes (1 ligne, 9 Kio) : un message \
             tient au plus 50 lignes et 8 Kio ; envoyez vos commandes seules"
        );
    }

    #[test]
    fn a_letter_and_its_combining_accent_read_as_the_one_accented_letter() {
        assert_eq!(
            super::normalise("Ame\u{301}lie has 2 Red Diamond"),
            "Amélie has 2 Red Diamond"
        );
        assert!(matches!(
            super::normalise("Amélie"),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    use super::*;

    #[test]
    fn typographic_apostrophes_quotes_and_dashes_become_plain() {
        assert_eq!(normalise("how many 3\u{2019}s?"), "how many 3's?");
        assert_eq!(normalise("\u{201C}ready\u{201D}"), "\"ready\"");
        assert_eq!(
            normalise("a \u{2013} b \u{2014} c \u{2212}1"),
            "a - b - c -1"
        );
    }

    #[test]
    fn unicode_spaces_become_plain_spaces_and_zero_width_characters_vanish() {
        assert_eq!(
            normalise("\u{FEFF}1:\u{00A0}Ben\u{202F}has 2\u{200B} Red\u{3000}Opal"),
            "1: Ben has 2 Red Opal"
        );
    }

    #[test]
    fn full_width_digits_and_colons_become_ascii() {
        assert_eq!(
            normalise("１：Ben has ２ Blue Opal"),
            "1:Ben has 2 Blue Opal"
        );
        assert_eq!(normalise("１ （５）： Cleo"), "1 (5): Cleo");
    }

    #[test]
    fn plain_text_and_other_letters_are_left_as_they_are() {
        assert!(matches!(
            normalise("1: Ben has 2 Red Opal"),
            Cow::Borrowed(_)
        ));
        assert!(matches!(
            normalise("Le 2 nov. à 10:00, écrit"),
            Cow::Borrowed(_)
        ));
        assert_eq!(normalise("Zoë – ok"), "Zoë - ok");
    }
}
