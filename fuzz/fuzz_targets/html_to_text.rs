//! HTML mail to lines: any markup, however broken or deeply nested, gives text and never a
//! panic. The input is taken twice: as markup, and as a nesting recipe (the first byte picks a
//! tag, the second how many times it is opened) so the depth bound is reached and passed.
#![no_main]

use libfuzzer_sys::fuzz_target;

const TAGS: [&str; 8] = ["<ol><li>", "<div>", "<table><tr><td>", "<blockquote>", "<ul><li>", "<p>", "<span>", "<b><i>"];

fn lines_are_clean(text: &str) -> bool {
    text.lines().all(|l| l == l.trim() && !l.contains("  "))
}

fuzz_target!(|data: &[u8]| {
    if let Ok(html) = std::str::from_utf8(data) {
        let text = polysleuth::mail::html::to_text(html);
        // Every line comes out with its runs of white space made single spaces.
        assert!(lines_are_clean(&text));
        assert!(lines_are_clean(&polysleuth::mail::html::stripped(html)));
    }
    if let [tag, times, rest @ ..] = data {
        let tag = TAGS[*tag as usize % TAGS.len()];
        let depth = *times as usize * 8;
        let mut html = tag.repeat(depth);
        html.push_str(&String::from_utf8_lossy(rest));
        let text = polysleuth::mail::html::to_text(&html);
        assert!(lines_are_clean(&text));
    }
});
