//! What the player wrote in a reply, without what their mail client added: the quoted
//! original, the attribution line above it, Outlook's header block, separators, the
//! signature, and the prose around the turn (a greeting, "Sent from my iPhone", a legal
//! disclaimer).
//!
//! The rule, in the players' guide's words (docs/src/players/email.md):
//! - the text ends at a signature line (`-- `), a separator (`-----Original Message-----`
//!   in any language and with any dashes, Proton's `‐‐‐‐‐‐‐ Original Message ‐‐‐‐‐‐‐`, a line
//!   of `____` or of `─` from an `<hr>`), or an Outlook header block (`From:`/`Sent:`/`To:`/
//!   `Subject:` in English, French, German, Spanish, Italian, Dutch or Portuguese): the
//!   original follows them unquoted;
//! - an attribution (`On … wrote:`, `Le … a écrit :`, `Am … schrieb …:`, `El … escribió:`,
//!   `Il … ha scritto:`, `Op … schreef …:`, `Em … escreveu:`, whole or wrapped over up to three
//!   lines) and the `>` lines after it are skipped, and reading goes on below them (a turn
//!   typed under the quote counts); an attribution with no `>` lines after it ends the text;
//! - `>` lines are never read;
//! - of what is left, a line that starts like a turn line (a digit, a command word, a player's
//!   name, or that reads as a turn line) is always read; other lines before the first such
//!   line or after the last are prose and ignored, and the confirmation says how many; prose
//!   between turn lines is read, and so reported as an error.
//!
//! Learnt from the client shapes that Discourse's email_reply_trimmer, Mailgun's talon and
//! GitHub's email_reply_parser list; the code is this project's own.

/// The verbs that end an attribution line, lower case, in the languages clients write.
const ATTRIBUTION_ENDS: &[&str] = &[
    "wrote:",
    "wrote :",
    "writes:",
    "a écrit:",
    "a écrit :",
    "a ecrit:",
    "a ecrit :",
    "escribió:",
    "escribio:",
    "ha scritto:",
    "escreveu:",
    "skrev:",
    "schreef:",
    "schrieb:",
    "napisał:",
    "kirjoitti:",
];

/// Words an attribution starts with: `On`, `Le`, `Am`, `El`, `Il`, `Op`, `Em`, `Den`, `W`.
const ATTRIBUTION_STARTS: &[&str] = &[
    "on ", "le ", "am ", "el ", "il ", "op ", "em ", "den ", "w dniu", "* ", "quoting ",
];

/// The names of the original's header fields in the clients' languages; the first group names
/// who sent it, which every header block has.
const FROM_FIELDS: &[&str] = &["from", "de", "von", "da", "van", "från", "fra", "od"];
const OTHER_FIELDS: &[&str] = &[
    "sent",
    "date",
    "to",
    "subject",
    "cc",
    "reply-to", // English
    "envoyé",
    "envoye",
    "à",
    "a",
    "objet",
    "date",
    "cc", // French
    "gesendet",
    "an",
    "betreff",
    "datum",
    "kopie", // German
    "enviado",
    "enviado el",
    "para",
    "asunto",
    "fecha",
    "cc", // Spanish
    "inviato",
    "oggetto",
    "data",
    "a", // Italian
    "verzonden",
    "aan",
    "onderwerp",
    "datum", // Dutch
    "enviada",
    "assunto",
    "para", // Portuguese
    "skickat",
    "till",
    "ämne",
    "kopia", // Swedish
    "sendt",
    "til",
    "emne", // Danish and Norwegian
];

/// Words in a separator line, lower case: `-----Original Message-----` and kin.
const SEPARATOR_WORDS: &[&str] = &[
    "original message",
    "original-nachricht",
    "ursprüngliche nachricht",
    "message d'origine",
    "message original",
    "mail original",
    "mensaje original",
    "messaggio originale",
    "oorspronkelijk bericht",
    "mensagem original",
    "forwarded message",
    "message transféré",
    "weitergeleitete nachricht",
    "mensaje reenviado",
    "messaggio inoltrato",
    "doorgestuurd bericht",
    "mensagem encaminhada",
];

/// The field name of a header-block line (`**From:** …` from HTML, `De :` in French).
fn field(line: &str) -> Option<String> {
    let t = line.trim().trim_start_matches('*').trim_start();
    let (name, _) = t.split_once(':')?;
    let name = name.trim_end_matches('*').trim().to_lowercase();
    (!name.is_empty() && name.chars().count() <= 12).then_some(name)
}

/// Whether a header block (`From:` with at least two more fields within six lines, in any
/// order, as GMX writes `Gesendet:` before `Von:`) starts at `lines[i]`.
fn header_block_at(lines: &[&str], i: usize) -> bool {
    let Some(first) = field(lines[i]) else {
        return false;
    };
    if !FROM_FIELDS.contains(&first.as_str()) && !OTHER_FIELDS.contains(&first.as_str()) {
        return false;
    }
    let mut from = false;
    let mut fields = 0;
    for line in lines.iter().skip(i).take(6) {
        if line.trim().is_empty() {
            continue;
        }
        match field(line) {
            Some(name) if FROM_FIELDS.contains(&name.as_str()) => {
                from = true;
                fields += 1;
            }
            Some(name) if OTHER_FIELDS.contains(&name.as_str()) => fields += 1,
            _ => break,
        }
    }
    from && fields >= 3
}

/// Whether the line ends the text: a separator of dashes (any kind), underscores, equals
/// signs or `─`, with or without the words of an original message.
fn is_separator(line: &str) -> bool {
    let t = line.trim();
    let marks = |c: char| matches!(c, '-' | '_' | '=' | '─' | '━' | '*' | '~');
    let mark_count = t.chars().filter(|c| marks(*c)).count();
    if mark_count >= 8 && t.chars().all(|c| marks(c) || c == ' ') {
        return true;
    }
    let words = t
        .trim_matches(|c: char| marks(c) || c == ' ')
        .to_lowercase();
    let words = words.trim_end_matches(':').trim();
    mark_count >= 4 && SEPARATOR_WORDS.contains(&words)
}

fn is_quoted(line: &str) -> bool {
    line.trim_start().starts_with('>')
}

/// The lines, lower case and joined, of a would-be attribution.
fn joined(lines: &[&str]) -> String {
    lines
        .iter()
        .map(|l| l.trim())
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

fn ends_like_attribution(text: &str) -> bool {
    let t = text.trim_end();
    ATTRIBUTION_ENDS.iter().any(|end| t.ends_with(end))
        // German and Dutch put the name after the verb: `Am … schrieb Ann <a@b>:`.
        || (t.ends_with(':')
            && ((t.starts_with("am ") && t.contains(" schrieb "))
                || (t.starts_with("op ") && t.contains(" schreef "))
                || (t.starts_with("* ") && t.ends_with("]:"))))
}

/// How many lines (one to three) an attribution starting at `lines[i]` spans.
fn attribution_at(lines: &[&str], i: usize) -> Option<usize> {
    let first = lines[i].trim();
    if first.is_empty() || is_quoted(first) {
        return None;
    }
    // Any line that ends with a colon and is followed by the quote (no turn line ends with a
    // colon): `2026年11月2日(月) 19:00 Polysleuth <gm@…>:` in Japanese, say.
    let next = lines[i + 1..].iter().find(|l| !l.trim().is_empty());
    if first.ends_with(':') && next.is_some_and(|l| is_quoted(l)) && !opens_turn_word(first) {
        return Some(1);
    }
    if first.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let first_lower = first.to_lowercase();
    let opens = ATTRIBUTION_STARTS
        .iter()
        .any(|s| first_lower.starts_with(s));
    for span in 1..=3 {
        let Some(window) = lines.get(i..i + span) else {
            break;
        };
        if window[1..]
            .iter()
            .any(|l| l.trim().is_empty() || is_quoted(l))
        {
            break;
        }
        let text = joined(window);
        if (span == 1 || opens) && ends_like_attribution(&text) {
            return Some(span);
        }
        // Yahoo's text part runs the original on after the verb: `On … wrote:   Hello Ann,`.
        if opens
            && ATTRIBUTION_ENDS
                .iter()
                .any(|end| text.contains(&format!(" {end} ")))
        {
            return Some(span);
        }
    }
    None
}

/// Lines starting with a command word are never taken for an attribution.
fn opens_turn_word(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("").to_lowercase();
    COMMAND_WORDS.contains(&word.trim_end_matches([':', '.', '!']))
}

/// The words of a mail command or a turn's one-word lines.
pub const COMMAND_WORDS: &[&str] = &[
    "ready", "done", "clear", "status", "help", "signon", "away", "language", "timezone",
    // The same in French.
    "prêt", "pret", "prête", "prete", "fini", "finie", "effacer", "état", "etat", "statut", "aide",
    "absent", "langue", "fuseau",
];

/// The player's own lines of a reply: quotes, attributions, the original after a separator or
/// header block, and the signature removed. Line order is kept; removed lines are gone.
pub fn own_lines(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.trim_end() == "--" || is_separator(line) || header_block_at(&lines, i) {
            break;
        }
        if let Some(span) = attribution_at(&lines, i) {
            i += span;
            while i < lines.len() && lines[i].trim().is_empty() {
                i += 1;
            }
            if i < lines.len() && !is_quoted(lines[i]) {
                // The original follows unquoted: nothing below is the player's.
                break;
            }
            continue;
        }
        if !is_quoted(line) {
            kept.push(line);
        }
        i += 1;
    }
    kept
}

/// The player's text of a reply, and how many lines of prose around the turn were ignored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnText {
    pub text: String,
    pub ignored: usize,
    /// The lines dropped and counted in `ignored`, trimmed.
    pub dropped: Vec<String>,
}

/// Reads a reply: `own_lines`, then the prose before the first and after the last line that
/// `starts_turn` accepts is dropped and counted. Comment lines (`#`, `//`) are not counted,
/// and those next to the turn are kept with it.
pub fn own_text(text: &str, starts_turn: impl Fn(&str) -> bool) -> OwnText {
    let lines: Vec<&str> = own_lines(text).into_iter().map(str::trim_end).collect();
    let meaningful =
        |l: &str| !(l.trim().is_empty() || l.trim().starts_with('#') || l.trim().starts_with("//"));
    let first = lines.iter().position(|l| starts_turn(l));
    let last = lines.iter().rposition(|l| starts_turn(l));
    let (Some(first), Some(last)) = (first, last) else {
        let dropped: Vec<String> = (lines.iter())
            .filter(|l| meaningful(l))
            .map(|l| l.trim().to_string())
            .collect();
        return OwnText {
            text: String::new(),
            ignored: dropped.len(),
            dropped,
        };
    };
    // Comments next to the turn belong to it.
    let first = first
        - lines[..first]
            .iter()
            .rev()
            .take_while(|l| !meaningful(l))
            .count();
    let last = last
        + lines[last + 1..]
            .iter()
            .take_while(|l| !meaningful(l))
            .count();
    let dropped: Vec<String> = lines[..first]
        .iter()
        .chain(&lines[last + 1..])
        .filter(|l| meaningful(l))
        .map(|l| l.trim().to_string())
        .collect();
    let first = first
        + lines[first..=last]
            .iter()
            .take_while(|l| l.trim().is_empty())
            .count();
    let last = last
        - lines[first..=last]
            .iter()
            .rev()
            .take_while(|l| l.trim().is_empty())
            .count();
    OwnText {
        text: lines[first..=last].join("\n"),
        ignored: dropped.len(),
        dropped,
    }
}

/// Whether a line starts like a turn line: a digit, a command word, or one of `names` (the
/// other players) followed by more words — a name alone is a signature.
pub fn starts_like_turn(line: &str, names: &[String]) -> bool {
    let t = line.trim();
    if t.starts_with(|c: char| c.is_ascii_digit()) || opens_turn_word(t) {
        return true;
    }
    let mut words = t.split_whitespace();
    let word = words.next().unwrap_or("");
    words.next().is_some() && names.iter().any(|n| n.eq_ignore_ascii_case(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(text: &str) -> String {
        own_lines(text).join("\n").trim().to_string()
    }

    #[test]
    fn gmail_attribution_wrapped_over_two_lines_and_its_quote_are_cut() {
        let t = "1: Ben has 2 Red Opal\n\nOn Mon, Nov 2, 2026 at 10:00 AM Polysleuth <\n\
            gm+1-abc@polysleuth.test> wrote:\n\n> Hello Ann,\n> 1 (5): Ben has how many Reds?\n";
        assert_eq!(own(t), "1: Ben has 2 Red Opal");
    }

    #[test]
    fn attributions_in_seven_languages_are_recognised() {
        for a in [
            "On 2 Nov 2026, at 10:00, Polysleuth <gm@p.test> wrote:",
            "Le lun. 2 nov. 2026 à 10:00, Polysleuth <gm@p.test> a écrit :",
            "Am Mo., 2. Nov. 2026 um 10:00 Uhr schrieb Polysleuth <gm@p.test>:",
            "El lun, 2 nov 2026 a las 10:00, Polysleuth (<gm@p.test>) escribió:",
            "Il giorno lun 2 nov 2026 alle ore 10:00 Polysleuth <gm@p.test> ha scritto:",
            "Op ma 2 nov. 2026 om 10:00 schreef Polysleuth <gm@p.test>:",
            "Em seg., 2 de nov. de 2026 às 10:00, Polysleuth <gm@p.test> escreveu:",
            "Am 02.11.26 um 10:00 schrieb Polysleuth:",
            "* Polysleuth <gm@p.test> [2026-11-02 10:00]:",
        ] {
            let t = format!("ready\n{a}\n> 1: Ben has 1 Red Opal\n");
            assert_eq!(own(&t), "ready", "{a}");
        }
    }

    #[test]
    fn a_turn_typed_below_the_quote_is_read() {
        let t = "On 02/11/2026 10:00, Polysleuth wrote:\n> Hello Ann,\n> 2 (3): Ben has how \
            many Green Pearls?\n\n1: Ben has 2 Red Opal\n> more\n2: Dan has 1 Red Opal\n-- \nAnn";
        assert_eq!(own(t), "1: Ben has 2 Red Opal\n2: Dan has 1 Red Opal");
    }

    #[test]
    fn an_outlook_header_block_ends_the_text_in_every_language_and_order() {
        for block in [
            "From: Polysleuth <gm@p.test>\nSent: Monday, November 2, 2026 10:00 AM\nTo: Ann\nSubject: x",
            "De : Polysleuth\nEnvoyé : lundi 2 novembre 2026 10:00\nÀ : Ann\nObjet : x",
            "Von: Polysleuth\nGesendet: Montag\nAn: Ann\nBetreff: x",
            "**From:** Polysleuth\n**Date:** Monday\n**To:** Ann",
            "Gesendet: Montag, 02. November 2026 um 10:00 Uhr\nVon: Polysleuth\nAn: Ann",
            "Da: Polysleuth\nInviato: lunedì\nA: Ann\nOggetto: x",
            "Van: Polysleuth\nVerzonden: maandag\nAan: Ann\nOnderwerp: x",
        ] {
            let t = format!("1: Ben has 2 Red Opal\n\n{block}\n\nHello Ann,\n2 (3): Ben has how many Green Pearls?");
            assert_eq!(own(&t), "1: Ben has 2 Red Opal", "{block}");
        }
    }

    #[test]
    fn separators_of_any_dashes_end_the_text() {
        for sep in [
            "-----Original Message-----",
            "------- Original Message -------",
            "-------- Original message --------",
            "----- Mail original -----",
            "---------- Forwarded message ---------",
            "________________________________",
            "─────────────────",
        ] {
            let t = format!("ready\n{sep}\n1: Zed has 9 Nothing");
            assert_eq!(own(&t), "ready", "{sep}");
        }
    }

    #[test]
    fn turn_lines_and_ordinary_lines_ending_in_a_colon_are_kept() {
        let t = "Here is my turn:\n1: Ben has 2 Red Opal\nFrom the top:\nready";
        assert_eq!(own(t), t);
    }

    #[test]
    fn prose_around_the_turn_is_ignored_and_counted_but_prose_inside_is_kept() {
        let names = vec!["Ben".to_string()];
        assert!(
            !starts_like_turn("Ben", &names),
            "a name alone is a signature"
        );
        assert!(starts_like_turn("ben has how many", &names));
        let read = own_text(
            "Hi GM,\n\nHere is my turn:\n1: Ben has 2 Red Opal\nI think\nBen has 1 Red Opal\n\n\
            Thanks!\nSent from my iPhone",
            |l| starts_like_turn(l, &names),
        );
        assert_eq!(
            read.text,
            "1: Ben has 2 Red Opal\nI think\nBen has 1 Red Opal"
        );
        assert_eq!(read.ignored, 4);
        let noted = own_text("Hi\n# first idea\n1: Ben has 2 Red Opal\n# end\nBye", |l| {
            starts_like_turn(l, &names)
        });
        assert_eq!(noted.text, "# first idea\n1: Ben has 2 Red Opal\n# end");
        assert_eq!(noted.ignored, 2);
        let none = own_text("Sent from my iPhone\n# a note", |l| {
            starts_like_turn(l, &names)
        });
        assert_eq!((none.text.as_str(), none.ignored), ("", 1));
    }
}
