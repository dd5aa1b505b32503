//! The mail of a forming game: the confirmation a sign-up asks for, an invitation, the news
//! that someone joined or left, the game master's first mail, and the answer to a sign-up by
//! mail. Each is worded in the language its reader chose at sign-up, else the game's
//! (`locales/*/forming.ftl`).

use super::Letter;
use crate::lang::{Lang, Said};
use crate::site::Site;
use crate::store::GameRow;

/// Asks the address to confirm a sign-up: to join, or to stand by.
pub fn confirm(
    site: &Site,
    game: Option<&GameRow>,
    signup_id: i64,
    name: &str,
    standby: bool,
    t: Lang,
) -> Letter {
    let what = match (game, standby) {
        (Some(g), false) => t.t3(
            "forming-what-join",
            "game",
            &g.name,
            "id",
            g.id,
            "name",
            name,
        ),
        (Some(g), true) => t.t3(
            "forming-what-standby",
            "game",
            &g.name,
            "id",
            g.id,
            "name",
            name,
        ),
        (None, _) => t.t1("forming-what-standby-any", "name", name),
    };
    Letter {
        subject: match game {
            Some(g) => t.t1("forming-confirm-subject", "id", g.id),
            None => t.t("forming-confirm-standby-subject"),
        },
        body: t.t2(
            "forming-confirm-body",
            "what",
            what,
            "link",
            site.signup_link(signup_id),
        ) + "\n",
        reply_to: Some(site.signup_address(signup_id)),
    }
}

/// Invites an address to a forming game; it accepts with a name, or declines. The invitee
/// chose no language yet: the game's.
pub fn invitation(site: &Site, game: &GameRow, signup_id: i64) -> Letter {
    let t = game.language;
    Letter {
        subject: t.t2("forming-invite-subject", "id", game.id, "game", &game.name),
        body: t.tr(
            "forming-invite-body",
            [
                ("game", (&game.name).into()),
                ("id", game.id.into()),
                ("link", site.signup_link(signup_id).into()),
                ("page", site.link(&format!("/games/{}", game.id)).into()),
            ],
        ) + "\n",
        reply_to: Some(site.signup_address(signup_id)),
    }
}

/// Tells the people of a forming game (and its game master) who joined or left, and how many
/// seats are left.
pub fn news(
    site: &Site,
    game: &GameRow,
    what: &Said,
    joined: &[String],
    max: i64,
    t: Lang,
) -> Letter {
    let what = t.said(what);
    let names = match joined.is_empty() {
        true => t.t("nobody"),
        false => joined.join(", "),
    };
    Letter {
        subject: t.t2("forming-news-subject", "id", game.id, "what", &what),
        body: t.tr(
            "forming-news-body",
            [
                ("what", what.as_str().into()),
                ("count", joined.len().into()),
                ("max", max.into()),
                ("names", names.into()),
                ("page", site.link(&format!("/games/{}", game.id)).into()),
            ],
        ) + "\n",
        reply_to: None,
    }
}

/// Tells a person their sign-up stands, with the page to leave before the start.
pub fn joined(site: &Site, game: &GameRow, signup_id: i64, name: &str, t: Lang) -> Letter {
    Letter {
        subject: t.t2("forming-joined-subject", "id", game.id, "game", &game.name),
        body: t.tr(
            "forming-joined-body",
            [
                ("game", (&game.name).into()),
                ("id", game.id.into()),
                ("name", name.into()),
                ("link", site.signup_link(signup_id).into()),
            ],
        ) + "\n",
        reply_to: None,
    }
}

/// The game master's first mail about a forming game, in the game's language.
pub fn gm_welcome(site: &Site, game: &GameRow, link: &str) -> Letter {
    let t = game.language;
    Letter {
        subject: t.t2("forming-gm-subject", "id", game.id, "game", &game.name),
        body: t.tr(
            "forming-gm-body",
            [
                ("game", (&game.name).into()),
                ("id", game.id.into()),
                ("page", site.link(&format!("/games/{}", game.id)).into()),
                ("link", link.into()),
                ("most", crate::master::request::INVITED_PER_DAY.into()),
            ],
        ) + "\n",
        reply_to: None,
    }
}

/// The answer to a sign-up confirmed or withdrawn by mail.
pub fn answer(said: &str, t: Lang) -> Letter {
    Letter {
        subject: t.t("forming-answer-subject"),
        body: format!("{said}\n"),
        reply_to: None,
    }
}

/// The answer to a request to join by mail that could not be taken.
pub fn join_refused(why: &str, t: Lang) -> Letter {
    Letter {
        subject: t.t("forming-join-refused-subject"),
        body: t.t1("forming-join-refused-body", "why", why) + "\n",
        reply_to: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_french_refusal_to_join_is_french() {
        let l = join_refused("la partie est complète", Lang::Fr);
        assert!(l.subject.contains("demande"), "{}", l.subject);
        assert!(l.body.contains("la partie est complète"));
        assert!(l.body.contains("rejoindre"), "{}", l.body);
        let en = join_refused("the game is full", Lang::En);
        assert!(en
            .body
            .starts_with("Your request to join could not be taken: the game is full"));
    }
}
