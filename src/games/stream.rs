//! Every random choice of every game comes from here: a stream pinned to one algorithm and
//! keyed by the game's committed seed, so `verify` can draw it again on any machine and
//! version, and a uniform draw that no library's sampling method can change; and the fairness
//! commitment every game publishes over its deal.

use rand::rngs::ChaCha20Rng;
use rand::{Rng, SeedableRng};
use sha2::{Digest, Sha256};

/// A CSPRNG stream pinned to this algorithm (ChaCha20 keyed by SHA-256 of a label and the
/// seed), so the same seed gives the same deal and coin flips on every machine and version.
pub fn stream(label: &str, seed: u64, index: u64) -> ChaCha20Rng {
    let mut h = Sha256::new();
    h.update(b"polysleuth/");
    h.update(label.as_bytes());
    h.update(b"/");
    h.update(seed.to_le_bytes());
    h.update(index.to_le_bytes());
    ChaCha20Rng::from_seed(h.finalize().into())
}

/// A uniform integer in `0..n` by rejection, so no library's sampling method can change it.
pub fn below(rng: &mut ChaCha20Rng, n: u64) -> u64 {
    assert!(n > 0);
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return x % n;
        }
    }
}

/// The fairness commitment: SHA-256 of a deal's canonical text followed by the salt, in hex.
/// Published when a game starts; the text and the salt are published when it ends.
pub fn commitment_of(canonical_text: &str, salt: &str) -> String {
    let mut h = Sha256::new();
    h.update(canonical_text.as_bytes());
    h.update(salt.as_bytes());
    hex::encode(h.finalize())
}

/// Whether a revealed deal text and salt match a published commitment.
pub fn verify_commitment(canonical_text: &str, salt: &str, commitment: &str) -> bool {
    commitment_of(canonical_text, salt).eq_ignore_ascii_case(commitment.trim())
}

/// A salt derived from the seed, for replays that give none. The service draws a random one.
pub fn derived_salt(seed: u64) -> String {
    let mut rng = stream("salt", seed, 0);
    let mut bytes = [0u8; 16];
    rng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}
