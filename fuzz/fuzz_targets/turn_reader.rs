//! The turn reader on any text: typography made plain, every line read, every error
//! rendered, and the turn checked against a game as a player's would be. It must never
//! panic, and what it accepts must read again the same way.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polysleuth::games::polysleuth::rules::turn;
use polysleuth::games::polysleuth::rules::typography::normalise;

/// A game of four to check turns against, dealt once.
static GAME: std::sync::LazyLock<polysleuth::games::polysleuth::rules::Game> =
    std::sync::LazyLock::new(|| {
        polysleuth::games::polysleuth::rules::Game::new(
            ["Ann", "Ben", "Cleo", "Dan"].map(String::from).to_vec(),
            Default::default(),
            7,
            None,
        )
        .expect("a game")
    });

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let text = normalise(text);
    if turn::check_size(&text).is_err() {
        return;
    }
    let (parsed, errors) = turn::parse_all(&text);
    for e in turn::listed(errors.clone()) {
        let _ = e.to_string();
    }
    if errors.is_empty() {
        // Accepted text reads the same a second time.
        assert_eq!(turn::parse(&text).ok(), Some(parsed));
    }
    // Checked against a game, as the writer checks every submission.
    let _ = GAME.validate(1, &text);
});
