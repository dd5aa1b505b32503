//! Reading an inbound message: who sent it, to which address, whether it is automatic (and so
//! must never be answered), its text (`super::reply` finds what the player wrote in it), and
//! the commands in that.

use mail_parser::{MessageParser, PartType};

/// Larger messages are refused.
pub const MAX_MESSAGE_BYTES: usize = 1024 * 1024;
/// More command lines than this are refused.
pub const MAX_COMMAND_LINES: usize = 500;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incoming {
    pub sender: Option<String>,
    /// Every address it was sent to (To, Cc, Delivered-To, X-Original-To).
    pub recipients: Vec<String>,
    /// Why no reply may be sent, when it is automatic mail or our own.
    pub automatic: Option<String>,
    /// The whole text, typography made plain; `super::reply` finds the player's part of it.
    pub text: String,
    pub subject: String,
    /// A delivery failure report about mail we sent.
    pub bounce: Option<Bounce>,
}

/// What a bounce says: which of our mails (by outbox row, from the VERP address or the
/// returned Message-ID), to whom, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounce {
    /// The signed token of the VERP address it came to (`local+bounce-ID-SIG@…`): the door
    /// checks it, and only a bounce whose token the service signed is recorded.
    pub verp: String,
    pub recipient: Option<String>,
    pub reason: String,
}

fn lower(s: &str) -> String {
    s.trim().to_ascii_lowercase()
}

/// How a message's HTML is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Html {
    /// Laid out into lines, the quoted original left out (`super::html::to_text`), within its
    /// bounds of size and nesting.
    LaidOut,
    /// Its tags stripped: linear whatever the markup, for a message whose layout took too long.
    Stripped,
}

/// Reads a raw RFC 5322 message; None when it cannot be read as mail at all.
pub fn read(raw: &[u8], own_address: &str, loop_header: &str, html: Html) -> Option<Incoming> {
    let msg = MessageParser::default().parse(raw)?;
    let sender = msg
        .from()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        // NUL is no part of an address, and PostgreSQL's text refuses it.
        .map(|a| a.trim().replace('\0', ""));
    let mut recipients = Vec::new();
    for list in [msg.to(), msg.cc()].into_iter().flatten() {
        recipients.extend(
            list.iter()
                .filter_map(|a| a.address())
                .map(|a| a.trim().to_string()),
        );
    }
    for header in ["Delivered-To", "X-Original-To", "Envelope-To"] {
        if let Some(v) = msg.header_raw(header) {
            recipients.push(v.trim().trim_matches(['<', '>']).to_string());
        }
    }
    let automatic = automatic_reason(&msg, sender.as_deref(), own_address, loop_header);
    let bounce = bounce(&msg, raw, &recipients, own_address);
    Some(Incoming {
        sender,
        recipients,
        automatic,
        text: body(&msg, html),
        subject: msg.subject().unwrap_or("").to_string(),
        bounce,
    })
}

/// The message's text with its typography made plain: every inline text/plain part, or,
/// in a mail written only in HTML, the HTML turned into lines (`super::html`).
fn body(msg: &mail_parser::Message<'_>, html: Html) -> String {
    let mut parts = Vec::new();
    for i in 0..msg.text_body_count() {
        let Some(part) = msg.text_part(i as u32) else {
            continue;
        };
        match &part.body {
            PartType::Text(text) => parts.push(text.replace("\r\n", "\n")),
            PartType::Html(text) => parts.push(match html {
                Html::LaidOut => super::html::to_text(text),
                Html::Stripped => super::html::stripped(text),
            }),
            _ => {}
        }
    }
    crate::games::typography::normalise(&parts.join("\n")).into_owned()
}

fn automatic_reason(
    msg: &mail_parser::Message<'_>,
    sender: Option<&str>,
    own_address: &str,
    loop_header: &str,
) -> Option<String> {
    if msg.header_raw(loop_header).is_some() {
        return Some("our own mail came back".into());
    }
    if let Some(v) = msg.header_raw("Auto-Submitted") {
        if lower(v) != "no" {
            return Some(format!("Auto-Submitted: {}", v.trim()));
        }
    }
    if let Some(v) = msg.header_raw("Precedence") {
        if matches!(lower(v).as_str(), "bulk" | "junk" | "list") {
            return Some(format!("Precedence: {}", v.trim()));
        }
    }
    if msg.header_raw("X-Autoreply").is_some() || msg.header_raw("X-Autorespond").is_some() {
        return Some("an auto-reply header".into());
    }
    match sender {
        None => Some("no sender".into()),
        Some(s) => {
            let s = lower(s);
            let local = s.split('@').next().unwrap_or("");
            if matches!(local, "mailer-daemon" | "postmaster") {
                Some(format!("sent by {local}"))
            } else if s == lower(own_address) {
                Some("sent from our own address".into())
            } else {
                None
            }
        }
    }
}

/// A bounce: mail to our bounce address (`local+bounce-ID-SIG@…`, the envelope sender of each
/// mail we send), whatever it says, but for a report that says only "delayed". Reports and
/// MAILER-DAEMON mail to any other address are automatic mail, never a bounce.
fn bounce(
    msg: &mail_parser::Message<'_>,
    raw: &[u8],
    recipients: &[String],
    own_address: &str,
) -> Option<Bounce> {
    // Only mail to our bounce address can be a bounce: anyone can write a report, or call
    // themselves MAILER-DAEMON.
    let verp = plus_token(recipients, own_address)
        .and_then(|t| t.strip_prefix("bounce-").map(str::to_string))?;
    let text = String::from_utf8_lossy(raw);
    let field = |name: &str| {
        text.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case(name)
                .then(|| v.trim().to_string())
        })
    };
    if field("Action").is_some_and(|a| !a.to_ascii_lowercase().starts_with("failed")) {
        return None;
    }
    let after_type = |v: String| match v.split_once(';') {
        Some((_, rest)) => rest.trim().to_string(),
        None => v,
    };
    let recipient = field("Final-Recipient")
        .or_else(|| field("Original-Recipient"))
        .map(after_type)
        .map(|r| r.trim_matches(['<', '>']).to_string());
    let reason = field("Diagnostic-Code")
        .map(after_type)
        .or_else(|| field("Status").map(|s| format!("status {s}")))
        .unwrap_or_else(|| msg.subject().unwrap_or("undeliverable").to_string());
    let reason: String = reason.chars().filter(|c| *c != '\0').take(200).collect();
    let recipient = recipient.map(|r| r.replace('\0', ""));
    Some(Bounce {
        verp,
        recipient,
        reason,
    })
}

/// The raw message as it is stored: every run of 32 or more hexadecimal digits (a player's
/// key in a `signon` line or a link, a reply token in an address) becomes `[key]`. What is
/// acted on is the message as it came; only the stored copy is masked.
pub fn mask_keys(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        // A run of hex digits, through quoted-printable soft line breaks (`=\r\n`), which a
        // client's wrapping may put inside a quoted link.
        let (mut j, mut digits) = (i, 0);
        loop {
            let hex_at = |k: usize| raw.get(k).is_some_and(u8::is_ascii_hexdigit);
            if hex_at(j) {
                j += 1;
                digits += 1;
            } else if digits > 0 && raw[j..].starts_with(b"=\r\n") && hex_at(j + 3) {
                j += 3;
            } else if digits > 0 && raw[j..].starts_with(b"=\n") && hex_at(j + 2) {
                j += 2;
            } else {
                break;
            }
        }
        if digits >= 32 {
            out.extend_from_slice(b"[key]");
            i = j;
        } else if j > i {
            out.extend_from_slice(&raw[i..j]);
            i = j;
        } else {
            out.push(raw[i]);
            i += 1;
        }
    }
    out
}

/// The copy of a message to keep instead of its masked raw form, when its decoded text holds
/// a key (a run of 32 or more hexadecimal digits, as `mask_keys` finds them): the header and
/// the text as read, both masked. None when the text holds no key, so the raw form's masking
/// was enough.
pub fn decoded_copy(raw: &[u8], text: &str) -> Option<Vec<u8>> {
    let masked_text = mask_keys(text.as_bytes());
    // Every text part decoded, the HTML source included: a key in a link's address or in the
    // quoted original is in no laid-out line, but it is in the part.
    let parts: Vec<Vec<u8>> = MessageParser::default()
        .parse(raw)
        .map(|m| {
            m.parts
                .iter()
                .filter(|p| p.is_text())
                .map(|p| p.contents().to_vec())
                .collect()
        })
        .unwrap_or_default();
    let hidden = parts.iter().any(|p| mask_keys(p) != *p);
    if masked_text == text.as_bytes() && !hidden {
        return None;
    }
    let mut copy = mask_keys(header_part(raw));
    if !copy.ends_with(b"\n") {
        copy.extend_from_slice(b"\r\n");
    }
    copy.extend_from_slice(b"[the text as read, keys masked]\r\n");
    copy.extend_from_slice(&masked_text);
    // The parts that hold a key whole (in a link, say), masked; the others' lines are in the
    // text already.
    for part in parts.iter().filter(|p| mask_keys(p) != **p) {
        copy.extend_from_slice(b"\r\n[a part, decoded, keys masked]\r\n");
        copy.extend_from_slice(&mask_keys(part));
    }
    Some(copy)
}

/// The key that makes one message one, whichever door brings it and however often: the
/// SHA-256 of its Message-ID with its sender and the raw bytes of its body (a client that
/// reuses a Message-ID for another turn sends another message), or, without a Message-ID, of
/// the raw bytes. Only the header is parsed: nothing in the body is decoded or laid out, so
/// the key costs one pass over the bytes whatever the message holds.
pub fn message_key(raw: &[u8]) -> String {
    use sha2::Digest;
    let header = header_part(raw);
    let msg = MessageParser::default().parse_headers(header);
    let id = msg
        .as_ref()
        .and_then(|m| m.message_id().map(|id| id.trim().to_string()))
        .filter(|id| !id.is_empty());
    match (id, &msg) {
        (Some(id), Some(m)) => {
            let mut digest = sha2::Sha256::new();
            digest.update(id.as_bytes());
            digest.update([0]);
            let from = m.from().and_then(|a| a.first()).and_then(|a| a.address());
            digest.update(from.unwrap_or("").as_bytes());
            digest.update([0]);
            digest.update(&raw[header.len()..]);
            format!("id:{}", hex::encode(digest.finalize()))
        }
        _ => format!("sha256:{}", hex::encode(sha2::Sha256::digest(raw))),
    }
}

/// The key of a message over the size limit, from its header and its size alone (what the
/// IMAP door knows before fetching): the same whichever door brings it.
pub fn oversized_key(header: &[u8], size: usize) -> String {
    use sha2::Digest;
    let mut digest = sha2::Sha256::new();
    digest.update(header);
    digest.update(size.to_le_bytes());
    format!("big:{}", hex::encode(digest.finalize()))
}

/// The header of a raw message, through the empty line that ends it (all of it when there is
/// none).
pub fn header_part(raw: &[u8]) -> &[u8] {
    let crlf = raw.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4);
    let lf = raw.windows(2).position(|w| w == b"\n\n").map(|i| i + 2);
    let end = match (crlf, lf) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b).unwrap_or(raw.len()),
    };
    &raw[..end]
}

/// The plus-address token of a recipient `local+TOKEN@domain`, for our own address only:
/// a token sent to another domain (`gm+TOKEN@evil.example`) is no token.
pub fn plus_token(recipients: &[String], own_address: &str) -> Option<String> {
    let (own_local, own_domain) = own_address.split_once('@')?;
    recipients.iter().find_map(|r| {
        let (local, domain) = r.rsplit_once('@')?;
        let (base, token) = local.split_once('+')?;
        (base.eq_ignore_ascii_case(own_local) && domain.eq_ignore_ascii_case(own_domain))
            .then(|| token.to_string())
    })
}

/// A mail command that is not part of the turn. Each has an English and a French word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `clear` / `effacer`.
    Clear,
    /// `status` / `état`.
    Status,
    /// `help` / `aide`.
    Help,
    /// `away N` / `absent N`: away for the next N rounds (0: back now).
    Away(u32),
    /// `language fr` / `langue en`: the player's language from now on (the word as written,
    /// checked when carried out).
    Language(String),
    /// `timezone Europe/Paris` / `fuseau Europe/Paris`.
    TimeZone(String),
}

/// Splits the text into the `signon NAME KEY` line, the commands, and the turn text (in which
/// removed lines stay as blank lines, so line numbers in replies match the player's mail).
pub struct Commands {
    pub signon: Option<(String, String)>,
    pub commands: Vec<Command>,
    pub turn: String,
    pub has_turn_lines: bool,
    pub lines: usize,
    /// A command word was French: a sender we do not know is answered in French.
    pub french: bool,
}

impl Commands {
    /// The language of the words used, for answering a sender we do not know.
    pub fn lang(&self) -> crate::lang::Lang {
        if self.french {
            crate::lang::Lang::Fr
        } else {
            crate::lang::Lang::En
        }
    }
}

/// The lines of a text that are shared commands (`status`, `help`, a language, a time zone) or
/// that `also` takes, one a line: what a game keeps when such commands alone lift a skip.
pub fn shared_command_text(text: &str, also: impl Fn(&str) -> bool) -> String {
    let lines: Vec<&str> = crate::games::typography::meaningful_lines(text)
        .map(|(_, l)| l.trim())
        .filter(|l| is_shared_command(l) || also(l))
        .collect();
    lines.join("\n")
}

/// Whether a line is one of the mail commands every game shares (`status`, `help`, `language`,
/// `timezone`, in English or French), rather than prose: each game's door keeps such lines
/// with the turn it reads.
pub fn is_shared_command(line: &str) -> bool {
    let l = line.trim().trim_end_matches(['.', '!']).to_lowercase();
    let first = l.split_whitespace().next().unwrap_or("");
    matches!(
        first,
        "status"
            | "état"
            | "etat"
            | "help"
            | "aide"
            | "language"
            | "langue"
            | "timezone"
            | "fuseau"
    )
}

pub fn commands(text: &str) -> Commands {
    let meaningful: Vec<(usize, &str)> = crate::games::typography::meaningful_lines(text).collect();
    let mut out = Commands {
        signon: None,
        commands: Vec::new(),
        turn: String::new(),
        has_turn_lines: false,
        lines: meaningful.len(),
        french: false,
    };
    let first = meaningful.first().map(|(n, _)| *n);
    let mut drop = std::collections::HashSet::new();
    for (n, line) in &meaningful {
        let words: Vec<&str> = line.split_whitespace().collect();
        let word = line.trim().trim_end_matches(['.', '!']).to_lowercase();
        if Some(*n) == first && words.len() == 3 && words[0].eq_ignore_ascii_case("signon") {
            out.signon = Some((words[1].to_string(), words[2].to_string()));
            drop.insert(*n);
            continue;
        }
        let first = words.first().map(|w| w.to_lowercase()).unwrap_or_default();
        let with_word = match words.as_slice() {
            [_, n] if first == "away" || first == "absent" => n.parse().ok().map(Command::Away),
            [_, l] if first == "language" || first == "langue" => {
                Some(Command::Language(l.to_string()))
            }
            [_, z] if first == "timezone" || first == "fuseau" => {
                Some(Command::TimeZone(z.to_string()))
            }
            _ => None,
        };
        if with_word.is_some() && matches!(first.as_str(), "absent" | "langue" | "fuseau") {
            out.french = true;
        }
        let command = match word.as_str() {
            _ if with_word.is_some() => with_word,
            "clear" => Some(Command::Clear),
            "status" => Some(Command::Status),
            "help" => Some(Command::Help),
            "effacer" | "état" | "etat" | "statut" | "aide" => {
                out.french = true;
                Some(match word.as_str() {
                    "effacer" => Command::Clear,
                    "aide" => Command::Help,
                    _ => Command::Status,
                })
            }
            _ => None,
        };
        match command {
            Some(c) => {
                out.commands.push(c);
                drop.insert(*n);
            }
            None => out.has_turn_lines = true,
        }
    }
    out.turn = text
        .replace("\r\n", "\n")
        .lines()
        .enumerate()
        .map(|(i, l)| if drop.contains(&(i + 1)) { "" } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_masked_in_the_stored_copy_and_nothing_else() {
        let raw = b"To: gm+12-0123456789abcdef0123456789ABCDEF@x\r\n\r\nsignon Ann \
            fedcba9876543210fedcba9876543210\r\n1: Ben has 2 Red Opal\r\nbeef cafe";
        let masked = String::from_utf8(mask_keys(raw)).unwrap();
        assert_eq!(
            masked,
            "To: gm+12-[key]@x\r\n\r\nsignon Ann [key]\r\n1: Ben has 2 Red Opal\r\nbeef cafe"
        );
        // Wrapped by quoted-printable inside a quoted link.
        let wrapped = b"> http://h/play/1-0123456789abcdef01234=\r\n56789abcdef0 ok";
        assert_eq!(mask_keys(wrapped), b"> http://h/play/1-[key] ok".to_vec());
    }

    #[test]
    fn plus_tokens() {
        let r = vec![
            "other@x.org".to_string(),
            "GM+12-abc@polysleuth.test".to_string(),
        ];
        assert_eq!(plus_token(&r, "gm@polysleuth.test"), Some("12-abc".into()));
        assert_eq!(plus_token(&r, "judge@polysleuth.test"), None);
        let elsewhere = vec!["gm+12-abc@evil.example".to_string()];
        assert_eq!(
            plus_token(&elsewhere, "gm@polysleuth.test"),
            None,
            "only at our domain"
        );
    }

    #[test]
    fn commands_are_split_from_the_turn() {
        let c = commands("signon Ann 0123\n1: Ben has 2 Red Opal\nstatus\nready");
        assert_eq!(c.signon, Some(("Ann".into(), "0123".into())));
        assert_eq!(c.commands, [Command::Status]);
        assert_eq!(c.turn, "\n1: Ben has 2 Red Opal\n\nready");
        assert!(c.has_turn_lines);
        let only = commands("help\n");
        assert!(!only.has_turn_lines);
    }
}
