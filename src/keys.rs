//! Secret keys for player and game-master links: 128 random bits, stored only as a SHA-256
//! hash, compared in constant time.

use rand::RngExt;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A new key: 32 hex digits (128 bits) from the operating system's CSPRNG.
pub fn new_key() -> String {
    let bytes: [u8; 16] = rand::rng().random();
    hex::encode(bytes)
}

pub fn hash(key: &str) -> String {
    hex::encode(Sha256::digest(key.as_bytes()))
}

/// Whether `key` hashes to `stored_hash`, in time that does not depend on where they differ.
pub fn matches(key: &str, stored_hash: &str) -> bool {
    hash(key).as_bytes().ct_eq(stored_hash.as_bytes()).into()
}

/// A link token `<id>-<key>`: the row to look up, and the key that proves the right to it.
pub fn token(id: i64, key: &str) -> String {
    format!("{id}-{key}")
}

pub fn split_token(token: &str) -> Option<(i64, &str)> {
    let (id, key) = token.split_once('-')?;
    let id = id.parse().ok()?;
    (key.len() == 32 && key.bytes().all(|b| b.is_ascii_hexdigit())).then_some((id, key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_random_and_verify_only_themselves() {
        let a = new_key();
        let b = new_key();
        assert_ne!(a, b);
        assert_eq!(a.len(), 32);
        assert!(matches(&a, &hash(&a)));
        assert!(!matches(&b, &hash(&a)));
        assert_eq!(split_token(&token(7, &a)), Some((7, a.as_str())));
        assert_eq!(split_token("7-short"), None);
        assert_eq!(split_token("x-0123456789abcdef0123456789abcdef"), None);
    }
}
