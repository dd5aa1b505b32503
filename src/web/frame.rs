//! The frame every game's player page sits in, so a player of any game, the next ones
//! included, always sees the same things in the same place: a header (who you are, in which
//! game and under which rules, whose turn or which round it is, the deadline in your own time
//! with its countdown, and what you can do now), and a banner saying what your last action
//! did — a success that reads as one, a refusal that reads as a refusal. A game fills the
//! values in its own words; the frame's templates (`frame/header.html`, `frame/banner.html`)
//! draw them the same way for every game.

/// The top of a player's page.
pub struct Header {
    pub me: String,
    pub game: String,
    /// The game's public page.
    pub game_href: String,
    /// The game's name in the reader's language ("classic Sleuth").
    pub ruleset: String,
    /// The game's rules on this site, in the reader's language.
    pub rules_href: String,
    /// Whose turn, or which round, in a sentence.
    pub now: String,
    /// When the turn or round ends: epoch seconds and the time written in the reader's zone.
    pub deadline: Option<(i64, String)>,
    /// What the reader can do now, in a sentence.
    pub can: String,
}

/// The address of a game's rules on this site, in the reader's language.
pub fn rules_href(game: &str, t: crate::lang::Lang) -> String {
    format!("/rules/{game}?lang={}", t.code())
}

/// Whether the last action went through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Done,
    Refused,
}

/// What the reader's last action did, with its details one per line.
pub struct Banner {
    pub tone: Tone,
    pub text: String,
    pub lines: Vec<String>,
}

impl Banner {
    pub fn new(tone: Tone, text: impl Into<String>) -> Banner {
        Banner {
            tone,
            text: text.into(),
            lines: Vec::new(),
        }
    }

    pub fn done(text: impl Into<String>) -> Banner {
        Banner {
            tone: Tone::Done,
            text: text.into(),
            lines: Vec::new(),
        }
    }

    pub fn refused(text: impl Into<String>) -> Banner {
        Banner {
            tone: Tone::Refused,
            text: text.into(),
            lines: Vec::new(),
        }
    }

    pub fn with_lines(mut self, lines: Vec<String>) -> Banner {
        self.lines = lines;
        self
    }

    /// The class that styles it: a refusal looks like one, not like a success.
    pub fn class(&self) -> &'static str {
        match self.tone {
            Tone::Done => "banner done",
            Tone::Refused => "banner refused",
        }
    }

    /// Read out at once when refused; politely otherwise.
    pub fn role(&self) -> &'static str {
        match self.tone {
            Tone::Done => "status",
            Tone::Refused => "alert",
        }
    }

    /// A mark that tells the two apart without colour.
    pub fn mark(&self) -> &'static str {
        match self.tone {
            Tone::Done => "✓",
            Tone::Refused => "✗",
        }
    }
}

/// Whether a form's confirmation box (`confirm`) was ticked: a form sends "yes"; the API
/// takes true or "yes". Anything else, `false` or "no" included, is no confirmation.
pub fn ticked(f: &crate::web::forms::Fields) -> bool {
    let said = f.get("confirm").map(|s| s.trim().to_ascii_lowercase());
    matches!(said.as_deref(), Some("yes" | "true" | "on"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_is_marked_and_announced_unlike_a_success() {
        let ok = Banner::done("Turn stored.");
        let no = Banner::refused("Your turn was NOT accepted.");
        assert_ne!(ok.class(), no.class());
        assert_ne!(ok.mark(), no.mark());
        assert_eq!((ok.role(), no.role()), ("status", "alert"));
    }

    #[test]
    fn the_rules_link_carries_the_readers_language() {
        assert_eq!(
            rules_href("sleuth", crate::lang::Lang::Fr),
            "/rules/sleuth?lang=fr"
        );
    }
}
