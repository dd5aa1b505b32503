//! HTML mail to text that keeps the player's lines: a mail written only in HTML (`<div>` per
//! line, `<br>`, table rows, list items, headings) comes out one line per line, entities
//! decoded, and the parts clients use for the quoted original (`blockquote`, Gmail's
//! `gmail_quote`, Yahoo's `yahoo_quoted`, Proton's
//! `protonmail_quote`, Thunderbird's `moz-cite-prefix`) are left out; an `<hr>` becomes a
//! line of underscores, which the reply reader takes for a separator.
//!
//! The HTML is parsed and laid out by the maintained `html2text` crate; this file only says how
//! each element is written: no `#` before a heading or `*` before a list item (either would
//! change what a turn line says), no brackets around links, table cells side by side.

use html2text::render::TextDecorator;

/// The quoted original as clients mark it in HTML: never part of the player's text.
/// Outlook's header block (`divRplyFwdMsg`) is kept: the original follows it outside any
/// container, and the reply reader stops at the block.
const QUOTES_CSS: &str = "blockquote, .gmail_quote, .gmail_attr, .yahoo_quoted, \
    .protonmail_quote, .moz-cite-prefix, .zmail_extra, .AOLMsgPart { display: none; }";

/// A line may be this wide before html2text would wrap it; no turn line is.
const WIDTH: usize = 10_000;

/// HTML larger than this is not laid out but stripped of its tags: no client writes a reply
/// of a quarter of a megabyte of markup, and laying it out would cost time for nothing.
pub const MAX_LAID_OUT_BYTES: usize = 256 * 1024;
/// HTML nested deeper than this is stripped of its tags, not laid out: the layout's cost grows
/// faster than the depth (50,000 nested list items took a minute), and real mail nests a few
/// dozen levels at most.
pub const MAX_DEPTH: usize = 100;

/// Writes text as it is, with no marks of its own except `> ` before a quote that the style
/// sheet did not hide.
#[derive(Clone, Debug)]
struct Lines;

impl TextDecorator for Lines {
    type Annotation = ();

    fn decorate_link_start(&mut self, _url: &str) -> (String, ()) {
        (String::new(), ())
    }
    fn decorate_link_end(&mut self) -> String {
        String::new()
    }
    fn decorate_em_start(&self) -> (String, ()) {
        (String::new(), ())
    }
    fn decorate_em_end(&self) -> String {
        String::new()
    }
    fn decorate_strong_start(&self) -> (String, ()) {
        (String::new(), ())
    }
    fn decorate_strong_end(&self) -> String {
        String::new()
    }
    fn decorate_strikeout_start(&self) -> (String, ()) {
        (String::new(), ())
    }
    fn decorate_strikeout_end(&self) -> String {
        String::new()
    }
    fn decorate_code_start(&self) -> (String, ()) {
        (String::new(), ())
    }
    fn decorate_code_end(&self) -> String {
        String::new()
    }
    fn decorate_preformat_first(&self) {}
    fn decorate_preformat_cont(&self) {}
    fn decorate_image(&mut self, _src: &str, _title: &str) -> (String, ()) {
        (String::new(), ())
    }
    fn header_prefix(&self, _level: usize) -> String {
        String::new()
    }
    fn quote_prefix(&self) -> String {
        "> ".into()
    }
    fn unordered_item_prefix(&self) -> String {
        String::new()
    }
    fn ordered_item_prefix(&self, _i: i64) -> String {
        String::new()
    }
    fn make_subblock_decorator(&self) -> Self {
        Lines
    }
}

/// The text of an HTML body, one line per line the writer saw, without the quoted original.
/// Markup too large or too deeply nested to lay out in bounded time is stripped of its tags
/// instead (`stripped`), which costs one pass over it.
pub fn to_text(html: &str) -> String {
    if html.len() > MAX_LAID_OUT_BYTES || depth_beyond(html, MAX_DEPTH) {
        return stripped(html);
    }
    let html = mark_rules(html);
    let html = html.as_str();
    let config = html2text::config::with_decorator(Lines)
        .no_table_borders()
        .no_link_wrapping()
        .allow_width_overflow();
    let config = match config.add_css(QUOTES_CSS) {
        Ok(c) => c,
        Err(_) => unreachable!("the quote style sheet is valid CSS"),
    };
    match config.string_from_read(html.as_bytes(), WIDTH) {
        // Runs of spaces carry nothing in HTML; html2text pads table cells to their column.
        Ok(text) => text
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n"),
        // html2text fails only on a width too narrow for the content, which this is not;
        // should it ever fail, the tags are dropped so the mail is still read.
        Err(_) => stripped(html),
    }
}

/// The text of an HTML body with its tags stripped, its entities decoded and its runs of
/// white space made single: the bounded reading, linear in the markup whatever it holds.
pub fn stripped(html: &str) -> String {
    strip_tags(html)
        .lines()
        .map(|l| {
            decode_entities(l)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether the markup opens more than `most` elements that are not closed: an upper bound of
/// the tree's depth (void elements and comments aside), found in one pass.
fn depth_beyond(html: &str, most: usize) -> bool {
    const VOID: [&str; 14] = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr",
    ];
    // The elements open now, innermost last. HTML ignores the `/` of `<ol/>`, which opens
    // an element like `<ol>`; a closing tag closes only an element that is open.
    let mut open: Vec<String> = Vec::new();
    let mut i = 0usize;
    while let Some(found) = html[i..].find('<') {
        let start = i + found + 1;
        let Some(len) = html[start..].find('>') else {
            break;
        };
        let tag = &html[start..start + len];
        i = start + len + 1;
        if tag.starts_with('!') || tag.starts_with('?') {
            continue;
        }
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if name.is_empty() || VOID.contains(&name.as_str()) {
            continue;
        }
        if closing {
            if let Some(at) = open.iter().rposition(|n| *n == name) {
                open.truncate(at);
            }
        } else {
            open.push(name);
            if open.len() > most {
                return true;
            }
        }
    }
    false
}

/// The character references a stripped text may hold, decoded: the named ones mail uses and
/// every numeric one.
fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        // A reference is short; `;` is ASCII, so where it is, is a character boundary.
        let end = rest.bytes().take(12).position(|b| b == b';');
        let decoded = end.and_then(|end| {
            let name = &rest[1..end];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                _ => match name.strip_prefix('#') {
                    Some(n) => match n.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok(),
                        None => n.parse().ok(),
                    }
                    .and_then(char::from_u32),
                    None => None,
                },
            };
            c.map(|c| (c, end + 1))
        });
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A rule as html2text writes it: nothing. Outlook puts one above the original's header
/// block, so each `<hr>` is given a line of underscores before it, which the reply reader takes
/// for a separator.
fn mark_rules(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(html.len() + 64);
    let mut at = 0;
    while let Some(found) = lower[at..].find("<hr") {
        let start = at + found;
        let next = lower.as_bytes().get(start + 3).copied();
        out.push_str(&html[at..start]);
        if matches!(next, Some(b'>' | b'/' | b' ' | b'\t' | b'\r' | b'\n')) {
            out.push_str("<div>________________</div>");
        }
        out.push_str("<hr");
        at = start + 3;
    }
    out.push_str(&html[at..]);
    out
}

/// The text between the tags, with `<br>` and block ends as line breaks, and nothing of a
/// `<style>`, `<script>` or `<head>`: the bounded reading only.
fn strip_tags(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    let mut tag = String::new();
    // Inside an element whose text is not text: its name, until it closes.
    let mut hidden: Option<&'static str> = None;
    for c in html.chars() {
        match (in_tag, c) {
            (false, '<') => {
                in_tag = true;
                tag.clear();
            }
            (true, '>') => {
                in_tag = false;
                let closing = tag.starts_with('/');
                let name = tag.trim_start_matches('/').to_ascii_lowercase();
                let name = name.split_whitespace().next().unwrap_or("");
                if let Some(h) = hidden {
                    if closing && name == h {
                        hidden = None;
                    }
                    continue;
                }
                if !closing {
                    hidden = ["style", "script", "head"].into_iter().find(|h| *h == name);
                }
                if matches!(name, "br" | "br/" | "div" | "p" | "tr" | "li") {
                    out.push('\n');
                }
            }
            (true, c) => tag.push(c),
            (false, _) if hidden.is_some() => {}
            (false, c) => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(html: &str) -> Vec<String> {
        to_text(html)
            .lines()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect()
    }

    #[test]
    fn deeply_nested_lists_are_stripped_of_their_tags_not_laid_out() {
        let mut html = "<ol><li>".repeat(50_000);
        html.push_str("1: Ben has 2 Blue Opal");
        assert!(depth_beyond(&html, MAX_DEPTH));
        let text = to_text(&html);
        assert!(text.contains("1: Ben has 2 Blue Opal"), "{text}");
    }

    #[test]
    fn self_closed_and_stray_closing_tags_do_not_hide_the_depth() {
        // `<ol/>` opens a list as `<ol>` does, and `</x>` closes nothing that is not open.
        assert!(depth_beyond(&"<ol/><li/>".repeat(25_000), MAX_DEPTH));
        assert!(depth_beyond(&"<div></x>".repeat(200), MAX_DEPTH));
        assert!(!depth_beyond(&"<div><br/></div>".repeat(200), MAX_DEPTH));
    }

    #[test]
    fn ordinary_mail_nesting_is_laid_out() {
        let html = format!(
            "{}<div>ready</div>{}<br><img src=x><!-- c --><p>x</p>",
            "<div><table><tr><td>".repeat(10),
            "</td></tr></table></div>".repeat(10)
        );
        assert!(!depth_beyond(&html, MAX_DEPTH));
        assert!(!depth_beyond(&"<div>x</div>".repeat(10_000), MAX_DEPTH));
    }

    #[test]
    fn an_ampersand_before_wide_characters_is_kept_as_it_is() {
        // Found by the html_to_text fuzz target: the search for `;` cut a character in two.
        assert_eq!(stripped("\n?&\u{fffd}\u{fffd}?"), "\n?&\u{fffd}\u{fffd}?");
        assert_eq!(stripped("&é;&amp;"), "&é;&");
    }

    #[test]
    fn stripped_text_keeps_lines_and_decodes_entities() {
        let html = "<html><head><style>p { color: red }</style></head><body>\
            <div>1: Ben has 2 Blue&nbsp;Opal</div><div>Cleo &amp; Dan &#x41;&#66; &bogus;</div>";
        assert_eq!(
            stripped(html)
                .lines()
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>(),
            ["1: Ben has 2 Blue Opal", "Cleo & Dan AB &bogus;"]
        );
    }

    #[test]
    fn divs_paragraphs_breaks_and_headings_each_end_a_line() {
        let html = "<html><body><div>1: Ben has 2 Blue Opal</div><div>2: Dan has 3 Red \
            Pearl<br>ready</div><p>Thanks</p><h2>2 (1): Cleo has how many Reds?</h2></body></html>";
        assert_eq!(
            lines(html),
            [
                "1: Ben has 2 Blue Opal",
                "2: Dan has 3 Red Pearl",
                "ready",
                "Thanks",
                "2 (1): Cleo has how many Reds?"
            ]
        );
    }

    #[test]
    fn table_cells_are_separated_and_rows_end_lines() {
        let html = "<table><tr><td>1:</td><td>Ben has 2 Red Diamond</td></tr>\
            <tr><td>2:</td><td>Dan has 1 Blue Opal</td></tr></table>";
        assert_eq!(
            lines(html),
            ["1: Ben has 2 Red Diamond", "2: Dan has 1 Blue Opal"]
        );
    }

    #[test]
    fn list_items_and_links_carry_no_marks_and_entities_are_decoded() {
        let html = "<ul><li>1: Ben has 2 Red Diamond</li></ul><ol><li>ready</li></ol>\
            <div>Cleo &amp; Dan&nbsp;&lt;<a href=\"mailto:x@y\">x@y</a>&gt;</div>";
        assert_eq!(
            lines(html),
            ["1: Ben has 2 Red Diamond", "ready", "Cleo & Dan <x@y>"]
        );
    }

    #[test]
    fn the_quoted_original_of_gmail_outlook_and_apple_mail_is_left_out() {
        let gmail = "<div dir=\"ltr\">1: Ben has 2 Blue Opal</div><br><div class=\"gmail_quote\">\
            <div class=\"gmail_attr\">On Mon, Nov 2, 2026 wrote:<br></div><blockquote \
            class=\"gmail_quote\">2 (3): Ben has how many Green Pearls?</blockquote></div>";
        assert_eq!(lines(gmail), ["1: Ben has 2 Blue Opal"]);
        let outlook = "<div>1: Dan has 1 Red Opal</div><hr><div id=\"divRplyFwdMsg\"><b>From:\
            </b> Polysleuth</div><div>2 (3): Ben has how many Green Pearls?</div>";
        // The header block stays for the reply reader, which stops there.
        let got = lines(outlook);
        assert_eq!(got[0], "1: Dan has 1 Red Opal");
        assert_eq!(got[1], "________________", "{got:?}");
        assert_eq!(got[2], "From: Polysleuth");
        let apple = "<div>ready</div><div><blockquote type=\"cite\"><div>1: Zed</div>\
            </blockquote></div><div>1: Ben has 2 Blue Opal</div>";
        assert_eq!(lines(apple), ["ready", "1: Ben has 2 Blue Opal"]);
    }
}
