//! The mail of a forming game: the confirmation a sign-up asks for, an invitation, and the
//! news that someone joined or left and that the game has started.

use super::Letter;
use crate::site::Site;
use crate::store::GameRow;

fn subject(game: &GameRow, what: &str) -> String {
    format!("[Polysleuth game {}] {what}", game.id)
}

/// Asks the address to confirm a sign-up: to join, or to stand by.
pub fn confirm(
    site: &Site,
    game: Option<&GameRow>,
    signup_id: i64,
    name: &str,
    standby: bool,
) -> Letter {
    let what = match (game, standby) {
        (Some(g), false) => format!("join \"{}\" (game {}) as {name}", g.name, g.id),
        (Some(g), true) => format!(
            "stand by as {name} for a seat in \"{}\" (game {})",
            g.name, g.id
        ),
        (None, _) => format!("stand by as {name} for a seat that frees in any game"),
    };
    Letter {
        subject: match game {
            Some(g) => subject(g, "confirm your sign-up"),
            None => "[Polysleuth] confirm your sign-up as a standby".into(),
        },
        body: format!(
            "Someone asked to {what} with this address.\n\n\
             If it was you, confirm by replying to this mail, or by opening\n  {}\n\n\
             The link works for two days. If it was not you, ignore this mail: nothing more\n\
             will be sent to you.\n",
            site.signup_link(signup_id)
        ),
        reply_to: Some(site.signup_address(signup_id)),
    }
}

/// Invites an address to a forming game; it accepts with a name, or declines.
pub fn invitation(site: &Site, game: &GameRow, signup_id: i64) -> Letter {
    Letter {
        subject: subject(game, &format!("you are invited to play \"{}\"", game.name)),
        body: format!(
            "The game master of \"{}\" (game {}) invites you to play Polysleuth.\n\n\
             To accept, reply with the line\n  accept YOUR-NAME\n\
             (a name of letters, digits, _ or -), or open\n  {}\n\
             To decline, reply with the word \"decline\", or use the same page.\n\n\
             The game and its rules: {}\n",
            game.name,
            game.id,
            site.signup_link(signup_id),
            site.link(&format!("/games/{}", game.id)),
        ),
        reply_to: Some(site.signup_address(signup_id)),
    }
}

/// Tells the people of a forming game (and its game master) who joined or left, and how many
/// seats are left.
pub fn news(site: &Site, game: &GameRow, what: &str, joined: &[String], max: i64) -> Letter {
    Letter {
        subject: subject(game, what),
        body: format!(
            "{what}.\n\nJoined so far ({} of at most {max}): {}.\n\nThe game: {}\n",
            joined.len(),
            if joined.is_empty() {
                "nobody".to_string()
            } else {
                joined.join(", ")
            },
            site.link(&format!("/games/{}", game.id)),
        ),
        reply_to: None,
    }
}

/// Tells a person their sign-up stands, with the page to leave before the start.
pub fn joined(site: &Site, game: &GameRow, signup_id: i64, name: &str) -> Letter {
    Letter {
        subject: subject(game, &format!("you have joined \"{}\"", game.name)),
        body: format!(
            "You have joined \"{}\" (game {}) as {name}. When the game starts you will be\n\
             mailed your private link and your hand.\n\n\
             To leave before the start, open\n  {}\n",
            game.name,
            game.id,
            site.signup_link(signup_id),
        ),
        reply_to: None,
    }
}
