//! Which e-mail addresses the game master accepts: those an ordinary mail server takes. An
//! address with a quoted local part (`"x y"@example.org`) or an address literal
//! (`ann@[192.0.2.1]`) is valid by RFC 5322 but refused by most servers, so a game that names
//! one would never reach that player; it is refused when the game is made, with the reason.
//! Also the mailbox an address delivers to, for limits that count per person, not per spelling.

use crate::lang::Said;
use crate::said;

/// Why the address would not reach anyone, or None when it is usable.
pub fn problem(address: &str) -> Option<Said> {
    let a = address.trim();
    if a.is_empty() {
        return Some(said!("address-empty"));
    }
    let Some((local, domain)) = a.rsplit_once('@') else {
        return Some(said!("address-no-at"));
    };
    if local.contains('"') {
        return Some(said!("address-quoted"));
    }
    if domain.starts_with('[') {
        return Some(said!("address-literal"));
    }
    if a.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Some(said!("address-space"));
    }
    if local.is_empty() || local.chars().count() > 64 {
        return Some(said!("address-local-length"));
    }
    let atom = |c: char| c.is_alphanumeric() || "!#$%&'*+/=?^_`{|}~-".contains(c);
    if local
        .split('.')
        .any(|part| part.is_empty() || !part.chars().all(atom))
    {
        return Some(said!("address-local-characters"));
    }
    if a.len() > 254 {
        return Some(said!("address-too-long"));
    }
    let label_ok = |l: &str| {
        !l.is_empty()
            && l.chars().count() <= 63
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars().all(|c| c.is_alphanumeric() || c == '-')
    };
    if !domain.split('.').all(label_ok) {
        return Some(said!("address-bad-domain", domain = domain));
    }
    // A domain of one label (`gm@stranger`) is no domain on the internet: only the machine's
    // own `localhost` stands alone.
    if !domain.contains('.') && !domain.eq_ignore_ascii_case("localhost") {
        return Some(said!("address-one-label", domain = domain));
    }
    if address.parse::<lettre::Address>().is_err() {
        return Some(said!("address-not-address"));
    }
    None
}

/// The mailbox an address delivers to, as far as its spelling tells: without case, without a
/// `+tag` (`ann+x@…` reaches `ann@…` at nearly every provider), and at Gmail without dots
/// (`a.nn@gmail.com` is `ann@gmail.com`). Limits on unasked mail to an address count by it,
/// so writing one inbox many ways does not multiply what it is sent.
pub fn mailbox(address: &str) -> String {
    let a = address.trim().to_lowercase();
    let Some((local, domain)) = a.rsplit_once('@') else {
        return a;
    };
    let local = local.split_once('+').map_or(local, |(base, _)| base);
    match domain {
        "gmail.com" | "googlemail.com" => format!("{}@gmail.com", local.replace('.', "")),
        _ => format!("{local}@{domain}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{mailbox, problem};

    #[test]
    fn every_spelling_of_one_inbox_is_one_mailbox() {
        for a in [
            "victim@gmail.com",
            "ViCtim@Gmail.com",
            "victim+1@gmail.com",
            "v.i.c.t.i.m+news@googlemail.com",
            " victim@gmail.com ",
        ] {
            assert_eq!(mailbox(a), "victim@gmail.com", "{a}");
        }
        assert_eq!(mailbox("Ann+games@Example.org"), "ann@example.org");
        // Dots count elsewhere: another provider's dotted name may be another person.
        assert_eq!(mailbox("a.nn@example.org"), "a.nn@example.org");
        assert_ne!(mailbox("ann@example.org"), mailbox("ann@example.com"));
    }

    #[test]
    fn ordinary_addresses_are_usable() {
        for a in [
            "ann@example.org",
            "a.b+games@mail.example.co.uk",
            "zoë@exämple.fr",
            "gm@localhost",
        ] {
            assert_eq!(problem(a), None, "{a}");
        }
    }

    #[test]
    fn addresses_no_mail_server_would_take_are_refused_with_the_reason() {
        for (a, why) in [
            ("\"x y\"@example.org", "quoted"),
            ("ann@[192.0.2.1]", "address literal"),
            ("ann example@x.org", "space"),
            ("ann..b@x.org", "two in a row"),
            (".ann@x.org", "not first"),
            ("ann@-x.org", "not a mail domain"),
            ("gm@stranger", "such as example.org"),
            ("ann@x..org", "not a mail domain"),
            ("annexample.org", "no @"),
        ] {
            let p = problem(a).map(|p| p.to_string()).unwrap_or_default();
            assert!(p.contains(why), "{a}: {p}");
        }
    }
}
