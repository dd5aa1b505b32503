//! The other games' readers on any text: a line of Clue, a message of classic Sleuth, a line
//! of Sherlock Solitaire, each through its own reader, and a Sherlock play written back out
//! and read again. None may panic, and a Sherlock play reads again as itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polysleuth::games::typography::normalise;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let text = normalise(text);
    if text.len() > 8 * 1024 {
        return;
    }
    for line in text.lines() {
        if let Err(problem) = polysleuth::games::clue::command::read(line) {
            let _ = problem.to_string();
        }
        if let Ok(play) = polysleuth::games::sherlock::command::read(line) {
            let again = polysleuth::games::sherlock::command::read(&play.to_string());
            assert_eq!(again.as_ref(), Ok(&play), "{line:?} written as {play}");
        }
    }
    if let Err(refusals) = polysleuth::games::sleuth::rules::command::read(&text) {
        for r in refusals {
            let _ = r.to_string();
        }
    }
});
