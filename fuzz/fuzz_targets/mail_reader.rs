//! A raw message, as any door receives it, to the commands read from it: the MIME parser,
//! the charset and transfer decoding, HTML to text (laid out, and stripped as the door's
//! bounded reading does), the stored copy (no key left readable), the reply reader and the
//! command split. It must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polysleuth::mail::{inbound, reply};

fuzz_target!(|data: &[u8]| {
    let _ = inbound::message_key(data);
    let _ = inbound::mask_keys(data);
    let _ = inbound::header_part(data);
    let _ = inbound::read(data, "gm@polysleuth.test", "X-Polysleuth-Loop", inbound::Html::Stripped);
    let Some(mail) = inbound::read(data, "gm@polysleuth.test", "X-Polysleuth-Loop", inbound::Html::LaidOut) else {
        return;
    };
    // The stored copy: never a key left readable in it.
    if let Some(copy) = inbound::decoded_copy(data, &mail.text) {
        assert!(inbound::mask_keys(&copy) == copy, "a key survived in the stored copy");
    }
    let _ = inbound::oversized_key(inbound::header_part(data), data.len());
    let names = vec!["Ben".to_string(), "Cleo".to_string()];
    let own = reply::own_text(&mail.text, |l| reply::starts_like_turn(l, &names));
    let commands = inbound::commands(&own.text);
    let _ = polysleuth::games::polysleuth::rules::turn::parse_all(&commands.turn);
});
