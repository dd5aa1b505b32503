//! Which e-mail addresses the game master accepts: those an ordinary mail server takes. An
//! address with a quoted local part (`"x y"@example.org`) or an address literal
//! (`ann@[192.0.2.1]`) is valid by RFC 5322 but refused by most servers, so a game that names
//! one would never reach that player; it is refused when the game is made, with the reason.

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

#[cfg(test)]
mod tests {
    use super::problem;

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
