//! What every game's player names obey, whatever game they play: the core checks names
//! against it at sign-up and creation, each game's engine at its set-up.

/// Whether a name may be a player's in every game: 1 to 32 letters, digits, `_` or `-`, so it
/// reads the same in a turn, a bulletin and a mail's subject. A game may reserve more names
/// (words of its turn language).
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 32
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}
