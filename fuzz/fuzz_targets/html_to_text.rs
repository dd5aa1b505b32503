//! HTML mail to lines: any markup, however broken, gives text and never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(html) = std::str::from_utf8(data) {
        let text = polysleuth::mail::html::to_text(html);
        // Every line comes out with its runs of white space made single spaces.
        assert!(text.lines().all(|l| l == l.trim() && !l.contains("  ")));
    }
});
