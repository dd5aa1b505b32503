//! How every game's house rules are written as text (`--setting key=value`, the forms): a
//! whole number, on or off, a `key=value` pair, each refused in the same words whatever the
//! game.

/// A whole number given for house rule `key`.
pub fn whole(key: &str, value: &str) -> Result<u32, String> {
    value
        .trim()
        .parse::<u32>()
        .map_err(|_| format!("{key} takes a whole number, not \"{value}\""))
}

/// On or off given for house rule `key` (`on`, `true`, `yes`, `1`; `off`, `false`, `no`, `0`).
pub fn on_off(key: &str, value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(format!("{key} is on or off, not \"{value}\"")),
    }
}

/// A flag as house rules are listed.
pub fn on_off_text(b: bool) -> String {
    if b { "on" } else { "off" }.to_string()
}

/// One `key=value` pair of the command line.
pub fn pair(text: &str) -> Result<(&str, &str), String> {
    text.split_once('=')
        .ok_or_else(|| format!("\"{text}\" is not written key=value"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_flags_and_pairs_are_read_or_refused_in_words() {
        assert_eq!(whole("turn_hours", " 12 "), Ok(12));
        assert!(whole("turn_hours", "soon")
            .unwrap_err()
            .contains("whole number"));
        assert_eq!(on_off("board", "Yes"), Ok(true));
        assert_eq!(on_off("board", "0"), Ok(false));
        assert!(on_off("board", "maybe").unwrap_err().contains("on or off"));
        assert_eq!(pair("a=b=c"), Ok(("a", "b=c")));
        assert!(pair("board").unwrap_err().contains("key=value"));
        assert_eq!(on_off_text(true), "on");
    }
}
