//! Mail: composing every letter the game master sends (plain-text askama templates), and the
//! outbox worker that delivers them.

pub mod address;
pub mod door;
pub mod forming;
pub mod html;
pub mod imap;
pub mod inbound;
pub mod joining;
pub mod outbox;
pub mod reply;

use askama::Template;
use chrono::{TimeZone, Utc};
use chrono_tz::Tz;

use crate::model::{CreatedPlayer, StoredBulletin, TurnReply};
use crate::rules::view::{points_text, PrivateReport};
use crate::rules::Game;
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
    /// The letter as sent to a player: it carries their reply address, so a reply
    /// authenticates them.
    pub fn to_player(mut self, site: &Site, player: &PlayerRow) -> Letter {
        self.reply_to = Some(site.reply_address(player.id, player.key_version));
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

/// `Sat 21 Nov 2026 18:00 CET (UTC+01:00)`.
pub fn time_text(epoch: i64, tz: Tz) -> String {
    match Utc.timestamp_opt(epoch, 0).single() {
        Some(t) => t
            .with_timezone(&tz)
            .format("%a %-d %b %Y %H:%M %Z (UTC%:z)")
            .to_string(),
        None => "an unknown time".into(),
    }
}

pub fn hours_text(secs: i64) -> String {
    let h = secs as f64 / 3600.0;
    if (h - h.round()).abs() < 1e-9 {
        format!(
            "{} hour{}",
            h.round(),
            if h.round() == 1.0 { "" } else { "s" }
        )
    } else if secs < 3600 {
        format!("{} minutes", (secs as f64 / 60.0).round())
    } else {
        format!("{h:.1} hours")
    }
}

fn tag(game: &GameRow) -> String {
    format!("[Polysleuth game {}, round {}]", game.id, game.round)
}

/// The public bulletin as plain text: the `.txt` page and the head of every round mail.
#[derive(Template)]
#[template(path = "bulletin.txt")]
pub struct BulletinText<'a> {
    pub game_id: i64,
    pub game_name: &'a str,
    pub b: &'a StoredBulletin,
}

pub fn bulletin_text(game: &GameRow, b: &StoredBulletin) -> String {
    BulletinText {
        game_id: game.id,
        game_name: &game.name,
        b,
    }
    .render()
    .expect("bulletin template renders")
}

#[derive(Template)]
#[template(path = "mail/welcome.txt")]
struct Welcome<'a> {
    name: &'a str,
    game: &'a GameRow,
    players: String,
    hand: Vec<String>,
    hand_size: usize,
    safe_size: usize,
    deadline: String,
    link: &'a str,
    settings: Vec<(String, String)>,
    example_target: &'a str,
    mail_address: &'a str,
    key: &'a str,
}

pub fn welcome(
    site: &Site,
    game: &GameRow,
    state: &Game,
    seat: usize,
    link: &str,
    key: &str,
) -> Letter {
    let n = state.players.len();
    let body = Welcome {
        name: &state.players[seat],
        game,
        players: state.players.join(", "),
        hand: state.deal.hands[seat].names(),
        hand_size: state.settings.hand_size_for(n),
        safe_size: state.settings.safe_size_for(n),
        deadline: time_text(game.deadline.unwrap_or(0), zone(&game.time_zone)),
        link,
        settings: state.settings.describe(n),
        example_target: &state.players[(seat + 1) % n],
        mail_address: &site.mail_address,
        key,
    }
    .render()
    .expect("welcome template renders");
    Letter {
        subject: format!(
            "[Polysleuth game {}] welcome to {}, {}",
            game.id, game.name, state.players[seat]
        ),
        body,
        reply_to: None,
    }
}

#[derive(Template)]
#[template(path = "mail/gm_welcome.txt")]
struct GmWelcome<'a> {
    game: &'a GameRow,
    link: &'a str,
    public_page: String,
    players: &'a [CreatedPlayer],
    deadline: String,
    settings: Vec<(String, String)>,
}

pub fn gm_welcome(
    site: &Site,
    game: &GameRow,
    state: &Game,
    link: &str,
    players: &[CreatedPlayer],
) -> Letter {
    let body = GmWelcome {
        game,
        link,
        public_page: site.link(&format!("/games/{}", game.id)),
        players,
        deadline: time_text(game.deadline.unwrap_or(0), zone(&game.time_zone)),
        settings: state.settings.describe(state.players.len()),
    }
    .render()
    .expect("gm template renders");
    Letter {
        subject: format!(
            "[Polysleuth game {}] you are the game master of {}",
            game.id, game.name
        ),
        body,
        reply_to: None,
    }
}

#[derive(Template)]
#[template(path = "mail/new_link.txt")]
struct NewLink<'a> {
    name: &'a str,
    game: &'a GameRow,
    link: &'a str,
    key: &'a str,
    mail_address: &'a str,
}

/// To the address named as game master of a game made on the web or through the API: the
/// game waits, mailing no player, until this address starts it.
pub fn gm_confirm(site: &Site, game: &GameRow, link: &str) -> Letter {
    let body = format!(
        "Someone asked this service to make the game \"{}\" (game {}) with this address as\n\
         its game master. Nothing has been sent to its players yet.\n\n\
         If it was you, open your game-master page and press \"Start the game\": each player\n\
         then gets their private link, and round 1 begins.\n  {link}\n\n\
         Keep that link to yourself. If it was not you, ignore this mail: the game never\n\
         starts and nobody is mailed.\n\nPublic page: {}\n",
        game.name,
        game.id,
        site.link(&format!("/games/{}", game.id)),
    );
    Letter {
        subject: format!(
            "[Polysleuth game {}] confirm and start {}",
            game.id, game.name
        ),
        body,
        reply_to: None,
    }
}

/// A player's new private link, after the game master replaced a lost or leaked one.
pub fn new_link(site: &Site, game: &GameRow, name: &str, link: &str, key: &str) -> Letter {
    let body = NewLink {
        name,
        game,
        link,
        key,
        mail_address: &site.mail_address,
    }
    .render()
    .expect("new link template renders");
    Letter {
        subject: format!("[Polysleuth game {}] your new private link", game.id),
        body,
        reply_to: None,
    }
}

#[derive(Template)]
#[template(path = "mail/turn.txt")]
struct TurnMail<'a> {
    name: &'a str,
    reply: &'a TurnReply,
    deadline: String,
    ignored: usize,
}

/// The answer to a turn; `ignored` lines of a mail's prose around the turn were not read.
pub fn turn_reply(game: &GameRow, player: &PlayerRow, reply: &TurnReply, ignored: usize) -> Letter {
    let what = match reply {
        TurnReply::Accepted { .. } => "turn accepted",
        TurnReply::Rejected { .. } => "turn has ERRORS",
        TurnReply::Cleared { .. } => "turn withdrawn",
    };
    let deadline = match game.deadline {
        Some(d) => time_text(d, zone(&game.time_zone)),
        None => "not set while the game is paused".into(),
    };
    let body = TurnMail {
        name: &player.name,
        reply,
        deadline,
        ignored,
    }
    .render()
    .expect("turn template renders");
    Letter {
        subject: format!("{} {what}", tag(game)),
        body,
        reply_to: None,
    }
}

#[derive(Template)]
#[template(path = "mail/round.txt")]
struct RoundMail<'a> {
    bulletin: String,
    name: &'a str,
    report: Option<&'a PrivateReport>,
    points: String,
    next: String,
    link: String,
    over: bool,
    deal: String,
    salt: &'a str,
    commitment: &'a str,
}

/// After a round: the public bulletin, then what only this player may see.
pub fn round_letter(
    site: &Site,
    game: &GameRow,
    state: &Game,
    b: &StoredBulletin,
    report: Option<&PrivateReport>,
    name: &str,
) -> Letter {
    let over = state.over;
    let next = match game.deadline {
        Some(d) if !over => format!(
            "Round {} is open until {}.",
            game.round,
            time_text(d, zone(&game.time_zone))
        ),
        _ => String::new(),
    };
    let body = RoundMail {
        bulletin: bulletin_text(game, b),
        name,
        report,
        points: report
            .map(|r| points_text(r.half_points))
            .unwrap_or_default(),
        next,
        link: site.link(&format!("/games/{}", game.id)),
        over,
        deal: if over {
            state.deal.canonical_text(&state.players)
        } else {
            String::new()
        },
        salt: if over { &game.salt } else { "" },
        commitment: &game.commitment,
    }
    .render()
    .expect("round template renders");
    let subject = if over {
        format!(
            "[Polysleuth game {}] final bulletin: the game is over",
            game.id
        )
    } else {
        format!(
            "[Polysleuth game {}, round {}] bulletin",
            game.id, b.bulletin.round
        )
    };
    Letter {
        subject,
        body,
        reply_to: None,
    }
}

#[derive(Template)]
#[template(path = "mail/help.txt")]
struct HelpMail<'a> {
    mail_address: &'a str,
}

pub fn help(site: &Site) -> Letter {
    Letter {
        subject: "[Polysleuth] how to play by mail".into(),
        body: HelpMail {
            mail_address: &site.mail_address,
        }
        .render()
        .expect("help template renders"),
        reply_to: None,
    }
}

#[derive(Template)]
#[template(path = "mail/status.txt")]
struct StatusMail<'a> {
    name: &'a str,
    game: &'a GameRow,
    hand: Vec<String>,
    eyes: u32,
    points: String,
    done: bool,
    turn: Option<String>,
    deadline: String,
    link: String,
    sheet: &'a str,
}

pub fn status(
    site: &Site,
    game: &GameRow,
    state: &Game,
    player: &PlayerRow,
    turn: Option<String>,
    sheet: &str,
) -> Letter {
    let seat = player.seat as usize;
    let deadline = match (game.status.as_str(), game.deadline) {
        ("over", _) => "the game is over".to_string(),
        ("paused", _) => "the game is paused".to_string(),
        (_, Some(d)) => format!(
            "round {} closes at {}",
            game.round,
            time_text(d, zone(&game.time_zone))
        ),
        _ => "not set".into(),
    };
    let body = StatusMail {
        name: &player.name,
        game,
        hand: state.deal.hands[seat].names(),
        eyes: state.eyes[seat],
        points: points_text(state.half_points[seat]),
        done: state.done[seat],
        turn,
        deadline,
        link: site.link(&format!("/games/{}", game.id)),
        sheet,
    }
    .render()
    .expect("status template renders");
    Letter {
        subject: format!("{} status of {}", tag(game), player.name),
        body,
        reply_to: None,
    }
}

/// A message refused whole (too large, too many lines, nothing to do).
pub fn refused(game: &GameRow, why: &str) -> Letter {
    Letter {
        subject: format!("{} your mail was not processed", tag(game)),
        body: format!("Your mail was not processed: {why}\n\nNothing was changed; the turn you sent before, if any, stays in force.\nReply with the word help to learn how to play by mail.\n"),
        reply_to: None,
    }
}

#[derive(Template)]
#[template(path = "mail/reminder.txt")]
struct ReminderMail<'a> {
    name: &'a str,
    game: &'a GameRow,
    deadline: String,
    left: String,
}

pub fn reminder(game: &GameRow, player: &PlayerRow, left_secs: i64) -> Letter {
    let body = ReminderMail {
        name: &player.name,
        game,
        deadline: time_text(game.deadline.unwrap_or(0), zone(&game.time_zone)),
        left: hours_text(left_secs.max(60)),
    }
    .render()
    .expect("reminder template renders");
    Letter {
        subject: format!("{} reminder: no turn from you yet", tag(game)),
        body,
        reply_to: None,
    }
}

#[cfg(test)]
mod tests {
    /// A client that quotes our mail without any marker must still not slip an example line
    /// into a turn: no example line of the welcome or help mail reads as a turn line.
    #[test]
    fn no_example_line_of_our_own_mail_reads_as_a_turn_line() {
        for template in [
            include_str!("../../templates/mail/welcome.txt"),
            include_str!("../../templates/mail/help.txt"),
        ] {
            let text = template
                .replace("{{ example_target }}", "Ben")
                .replace("{{ name }}", "Ann");
            let examples: Vec<&str> = text
                .lines()
                .filter(|l| {
                    let t = l.trim_start();
                    t.starts_with(|c: char| c.is_ascii_digit())
                        || t.starts_with("ready")
                        || t.starts_with("done")
                })
                .collect();
            assert!(examples.len() >= 5, "{examples:?}");
            for line in examples {
                assert!(
                    crate::rules::turn::parse(line).is_err(),
                    "\"{line}\" reads as a turn line"
                );
            }
        }
    }
}
