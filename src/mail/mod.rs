//! Mail: composing every letter the game master sends (plain-text askama templates), and the
//! outbox worker that delivers them.

pub mod address;
pub mod answers;
pub mod door;
pub mod forming;
pub mod html;
pub mod imap;
pub mod inbound;
pub mod joining;
pub mod outbox;
pub mod reply;

use askama::Template;

use crate::lang::Lang;
use chrono_tz::Tz;

use crate::site::Site;
use crate::store::{GameRow, NewMail, PlayerRow};

/// A mail ready for the outbox.
#[derive(Clone, Debug)]
pub struct Letter {
    pub subject: String,
    pub body: String,
    /// Set on mail to a player: their reply address.
    pub reply_to: Option<String>,
}

impl Letter {
    /// The letter as sent to a player of `game`: it carries their reply address, so a reply
    /// authenticates them, and ends with their own page (so every mail that asks them to act
    /// lets them act on the web at once) and the game's rules, in their language.
    pub fn to_player(mut self, site: &Site, player: &PlayerRow, game: &GameRow) -> Letter {
        self.reply_to = Some(site.reply_address(player.id, player.key_version));
        let t = player.lang(game);
        if !self.body.ends_with('\n') {
            self.body.push('\n');
        }
        self.body += &format!(
            "\n-- \n{}\n{}\n",
            t.t1(
                "mail-footer-page",
                "link",
                site.page_link(player.id, player.key_version)
            ),
            t.t1(
                "mail-footer-rules",
                "link",
                site.link(&format!(
                    "/rules/{}?lang={}",
                    game.ruleset.as_str(),
                    t.code()
                ))
            ),
        );
        self
    }

    /// The outbox row that sends this letter to `to`.
    pub fn row<'a>(&'a self, game_id: Option<i64>, to: &'a str) -> NewMail<'a> {
        NewMail {
            game_id,
            reply_to: self.reply_to.as_deref(),
            recipient: to,
            subject: &self.subject,
            body: &self.body,
            unsubscribe: None,
        }
    }
}

pub fn zone(name: &str) -> Tz {
    name.parse().unwrap_or(Tz::UTC)
}

pub fn tag(game: &GameRow, t: Lang) -> String {
    t.t2("subject-tag", "id", game.id, "round", game.round)
}

/// A French template for a mail whose English one is the data's own: the French template
/// (`struct $fr<'a, 'b>(&'b $data<'a>)`, its `#[template]` written where it is used, so that
/// every build finds its file from there) reads the same fields through `Deref`, and
/// `render_in` picks the reader's language.
#[macro_export]
macro_rules! in_french {
    ($data:ident, $fr:ident) => {
        impl<'a> std::ops::Deref for $fr<'a, '_> {
            type Target = $data<'a>;
            fn deref(&self) -> &$data<'a> {
                self.0
            }
        }

        impl $data<'_> {
            fn render_in(&self) -> String {
                match self.t {
                    Lang::En => self.render(),
                    Lang::Fr => $fr(self).render(),
                }
                .expect(concat!(stringify!($data), " renders"))
            }
        }
    };
}

/// The deadline in a reader's language and time zone; none while the game waits for its game
/// master or is paused (never the clock's zero, 1 January 1970).
pub fn deadline_in(t: Lang, game: &GameRow, time_zone: &str) -> Option<String> {
    game.deadline.map(|d| t.time(d, zone(time_zone)))
}

#[derive(Template)]
#[template(path = "mail/new_link.txt")]
struct NewLink<'a> {
    t: Lang,
    name: &'a str,
    game: &'a GameRow,
    link: &'a str,
    key: &'a str,
    mail_address: &'a str,
}

#[derive(Template)]
#[template(path = "mail/fr/new_link.txt")]
struct NewLinkFr<'a, 'b>(&'b NewLink<'a>);

in_french!(NewLink, NewLinkFr);

/// To the address named as game master of a game made on the web or through the API: the
/// game waits, mailing no player, until this address starts it.
pub fn gm_confirm(site: &Site, game: &GameRow, link: &str) -> Letter {
    let t = game.language;
    let body = t.tr(
        "mail-gm-confirm",
        [
            ("game", game.name.as_str().into()),
            ("id", game.id.into()),
            ("link", link.into()),
            ("public", site.link(&format!("/games/{}", game.id)).into()),
        ],
    );
    Letter {
        subject: t.t2(
            "subject-gm-confirm",
            "id",
            game.id,
            "game",
            game.name.as_str(),
        ),
        body,
        reply_to: None,
    }
}

/// A player's new private link, after the game master replaced a lost or leaked one.
pub fn new_link(site: &Site, game: &GameRow, name: &str, link: &str, key: &str, t: Lang) -> Letter {
    let body = NewLink {
        t,
        name,
        game,
        link,
        key,
        mail_address: &site.mail_address,
    }
    .render_in();
    Letter {
        subject: t.t1("subject-new-link", "id", game.id),
        body,
        reply_to: None,
    }
}

/// A message refused whole (too large, too many lines, nothing to do).
pub fn refused(game: &GameRow, why: &str, t: Lang) -> Letter {
    Letter {
        subject: t.t1("subject-refused", "tag", tag(game, t)),
        body: t.t1("mail-refused", "why", why),
        reply_to: None,
    }
}

#[cfg(test)]
mod tests {
    /// Every mail has its French template, and no French template is left without its mail.
    #[test]
    fn every_mail_template_exists_in_english_and_in_french() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        let names = |d: &std::path::Path| -> std::collections::BTreeSet<String> {
            std::fs::read_dir(d)
                .expect("a template folder")
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".txt"))
                .collect()
        };
        // The core's mail, and each game's own.
        let mut dirs = vec![root.join("mail")];
        for game in std::fs::read_dir(root.join("games")).expect("the games' templates") {
            let mail = game.expect("a game's folder").path().join("mail");
            if mail.is_dir() {
                dirs.push(mail);
            }
        }
        let mut all = 0;
        for dir in dirs {
            let en = names(&dir);
            let fr = names(&dir.join("fr"));
            assert_eq!(en, fr, "mail templates in one language only in {dir:?}");
            all += en.len();
        }
        assert!(all >= 10);
    }
}
