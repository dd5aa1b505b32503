//! Polysleuth's letters: the welcome with the hand and the house rules, the game master's
//! welcome, the answer to a turn, each round's bulletin with the reader's own news, the
//! `status` and `help` answers, and the reminder before a deadline. The layout is the plain
//! text templates of `templates/games/polysleuth/`, one per language; the words come from
//! the Fluent files.

use askama::Template;

use crate::games::polysleuth::rules::view::{points_text, PrivateReport};
use crate::games::polysleuth::rules::Game;
use crate::games::polysleuth::service::model::{StoredBulletin, TurnReply};
use crate::in_french;
use crate::lang::Lang;
use crate::mail::{deadline_in, tag, zone, Letter};
use crate::model::CreatedPlayer;
use crate::site::Site;
use crate::store::{GameRow, PlayerRow, SeatingRow};

/// The public bulletin as plain text: the `.txt` page and the head of every round mail.
#[derive(Template)]
#[template(path = "games/polysleuth/bulletin.txt")]
pub struct BulletinText<'a> {
    pub t: Lang,
    pub game_id: i64,
    pub game_name: &'a str,
    pub b: &'a StoredBulletin,
    /// The game's `one_trait_markup`: an answer's bid is told apart from it.
    pub markup: u32,
    /// The deal and the salt, which the final bulletin publishes (RULES §5); none before.
    pub ending: Option<&'a Ending>,
}

/// What the final bulletin publishes besides the round: the deal as committed, the salt and
/// the commitment they give.
#[derive(serde::Serialize)]
pub struct Ending {
    pub deal_text: String,
    pub salt: String,
    pub commitment: String,
}

impl Ending {
    /// The ending of a game that is over; none while it runs, so nothing secret is at hand.
    pub fn of(game: &GameRow, state: &Game) -> Option<Ending> {
        state.over.then(|| Ending {
            deal_text: state.deal.canonical_text(&state.players),
            salt: game.salt.clone(),
            commitment: game.commitment.clone(),
        })
    }
}

/// The bulletin as plain text; `ending` is shown only under the final bulletin.
pub fn bulletin_text(
    game: &GameRow,
    b: &StoredBulletin,
    t: Lang,
    markup: u32,
    ending: Option<&Ending>,
) -> String {
    BulletinText {
        t,
        game_id: game.id,
        game_name: &game.name,
        b,
        markup,
        ending: ending.filter(|_| b.bulletin.game_over),
    }
    .render()
    .expect("bulletin template renders")
}

#[derive(Template)]
#[template(path = "games/polysleuth/mail/welcome.txt")]
struct Welcome<'a> {
    t: Lang,
    name: &'a str,
    game: &'a GameRow,
    players: String,
    hand: Vec<String>,
    hand_size: usize,
    safe_size: usize,
    deadline: Option<String>,
    link: &'a str,
    settings: Vec<(String, String)>,
    example_target: &'a str,
    mail_address: &'a str,
    key: &'a str,
}

#[derive(Template)]
#[template(path = "games/polysleuth/mail/fr/welcome.txt")]
struct WelcomeFr<'a, 'b>(&'b Welcome<'a>);

in_french!(Welcome, WelcomeFr);

/// A hand as mail lists it: marks and words, `◆◆ 2 Red Diamond`.
fn hand_lines(t: Lang, state: &Game, seat: usize) -> Vec<String> {
    state.deal.hands[seat]
        .iter()
        .map(|c| crate::lang::card_line(t, c))
        .collect()
}

#[allow(clippy::too_many_arguments)]
pub fn welcome(
    site: &Site,
    game: &GameRow,
    state: &Game,
    seating: Option<&SeatingRow>,
    seat: usize,
    link: &str,
    key: &str,
    t: Lang,
    time_zone: &str,
) -> Letter {
    let n = state.players.len();
    let body = Welcome {
        t,
        name: &state.players[seat],
        game,
        players: state.players.join(", "),
        hand: hand_lines(t, state, seat),
        hand_size: state.settings.hand_size_for(n),
        safe_size: state.settings.safe_size_for(n),
        deadline: deadline_in(t, game, time_zone),
        link,
        settings: crate::games::polysleuth::words::settings(t, &state.settings, n, seating),
        example_target: &state.players[(seat + 1) % n],
        mail_address: &site.mail_address,
        key,
    }
    .render_in();
    Letter {
        subject: t.t3(
            "subject-welcome",
            "id",
            game.id,
            "game",
            game.name.as_str(),
            "name",
            state.players[seat].as_str(),
        ),
        body,
        reply_to: None,
    }
}

#[derive(Template)]
#[template(path = "games/polysleuth/mail/gm_welcome.txt")]
struct GmWelcome<'a> {
    t: Lang,
    game: &'a GameRow,
    link: &'a str,
    public_page: String,
    players: &'a [CreatedPlayer],
    deadline: Option<String>,
    settings: Vec<(String, String)>,
}

pub fn gm_welcome(
    site: &Site,
    game: &GameRow,
    state: &Game,
    seating: Option<&SeatingRow>,
    link: &str,
    players: &[CreatedPlayer],
) -> Letter {
    let t = game.language;
    let body = GmWelcome {
        t,
        game,
        link,
        public_page: site.link(&format!("/games/{}", game.id)),
        players,
        deadline: deadline_in(t, game, &game.time_zone),
        settings: crate::games::polysleuth::words::settings(
            t,
            &state.settings,
            state.players.len(),
            seating,
        ),
    }
    .render_in();
    Letter {
        subject: t.t2(
            "subject-gm-welcome",
            "id",
            game.id,
            "game",
            game.name.as_str(),
        ),
        body,
        reply_to: None,
    }
}

#[derive(Template)]
#[template(path = "games/polysleuth/mail/fr/gm_welcome.txt")]
struct GmWelcomeFr<'a, 'b>(&'b GmWelcome<'a>);

in_french!(GmWelcome, GmWelcomeFr);

#[derive(Template)]
#[template(path = "games/polysleuth/mail/turn.txt")]
struct TurnMail<'a> {
    t: Lang,
    name: &'a str,
    reply: &'a TurnReply,
    deadline: String,
    ignored: usize,
}

#[derive(Template)]
#[template(path = "games/polysleuth/mail/fr/turn.txt")]
struct TurnMailFr<'a, 'b>(&'b TurnMail<'a>);

in_french!(TurnMail, TurnMailFr);

/// The answer to a turn; `ignored` lines of a mail's prose around the turn were not read.
pub fn turn_reply(game: &GameRow, player: &PlayerRow, reply: &TurnReply, ignored: usize) -> Letter {
    let t = player.lang(game);
    let what = t.t(match reply {
        TurnReply::Accepted { .. } => "subject-turn-accepted",
        TurnReply::Rejected { .. } => "subject-turn-errors",
        TurnReply::Cleared { .. } => "subject-turn-withdrawn",
    });
    let deadline = match game.deadline {
        Some(d) => t.time(d, zone(player.zone(game))),
        None => t.t("deadline-paused-mail"),
    };
    let body = TurnMail {
        t,
        name: &player.name,
        reply,
        deadline,
        ignored,
    }
    .render_in();
    Letter {
        subject: format!("{} {what}", tag(game, t)),
        body,
        reply_to: None,
    }
}

#[derive(Template)]
#[template(path = "games/polysleuth/mail/round.txt")]
struct RoundMail<'a> {
    t: Lang,
    bulletin: String,
    name: &'a str,
    report: Option<&'a PrivateReport>,
    points: String,
    next: String,
    link: String,
    over: bool,
}

#[derive(Template)]
#[template(path = "games/polysleuth/mail/fr/round.txt")]
struct RoundMailFr<'a, 'b>(&'b RoundMail<'a>);

in_french!(RoundMail, RoundMailFr);

/// After a round: the public bulletin, then what only this player may see.
#[allow(clippy::too_many_arguments)]
pub fn round_letter(
    site: &Site,
    game: &GameRow,
    state: &Game,
    b: &StoredBulletin,
    report: Option<&PrivateReport>,
    name: &str,
    t: Lang,
    time_zone: &str,
) -> Letter {
    let over = state.over;
    let next = match game.deadline {
        Some(d) if !over => t.t2(
            "mail-round-open-until",
            "round",
            game.round,
            "deadline",
            t.time(d, zone(time_zone)),
        ),
        _ => String::new(),
    };
    let body = RoundMail {
        t,
        bulletin: bulletin_text(
            game,
            b,
            t,
            state.settings.one_trait_markup,
            Ending::of(game, state).as_ref(),
        ),
        name,
        report,
        points: report
            .map(|r| points_text(r.half_points))
            .unwrap_or_default(),
        next,
        link: site.link(&format!("/games/{}", game.id)),
        over,
    }
    .render_in();
    let subject = if over {
        t.t1("subject-final-bulletin", "id", game.id)
    } else {
        t.t2("subject-bulletin", "id", game.id, "round", b.bulletin.round)
    };
    Letter {
        subject,
        body,
        reply_to: None,
    }
}

#[derive(Template)]
#[template(path = "games/polysleuth/mail/help.txt")]
struct HelpMail<'a> {
    t: Lang,
    mail_address: &'a str,
}

#[derive(Template)]
#[template(path = "games/polysleuth/mail/fr/help.txt")]
struct HelpMailFr<'a, 'b>(&'b HelpMail<'a>);

in_french!(HelpMail, HelpMailFr);

pub fn help(site: &Site, t: Lang) -> Letter {
    Letter {
        subject: t.t("subject-help"),
        body: HelpMail {
            t,
            mail_address: &site.mail_address,
        }
        .render_in(),
        reply_to: None,
    }
}

#[derive(Template)]
#[template(path = "games/polysleuth/mail/status.txt")]
struct StatusMail<'a> {
    t: Lang,
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

#[derive(Template)]
#[template(path = "games/polysleuth/mail/fr/status.txt")]
struct StatusMailFr<'a, 'b>(&'b StatusMail<'a>);

in_french!(StatusMail, StatusMailFr);

pub fn status(
    site: &Site,
    game: &GameRow,
    state: &Game,
    player: &PlayerRow,
    turn: Option<String>,
    sheet: &str,
) -> Letter {
    let seat = player.seat as usize;
    let t = player.lang(game);
    let deadline = match (game.status.as_str(), game.deadline) {
        ("over", _) => t.t("deadline-over"),
        ("paused", _) => t.t("deadline-paused"),
        (_, Some(d)) => t.t2(
            "mail-round-closes",
            "round",
            game.round,
            "deadline",
            t.time(d, zone(player.zone(game))),
        ),
        _ => t.t("deadline-not-set"),
    };
    let body = StatusMail {
        t,
        name: &player.name,
        game,
        hand: hand_lines(t, state, seat),
        eyes: state.eyes[seat],
        points: points_text(state.half_points[seat]),
        done: state.done[seat],
        turn,
        deadline,
        link: site.link(&format!("/games/{}", game.id)),
        sheet,
    }
    .render_in();
    Letter {
        subject: t.t2(
            "subject-status",
            "tag",
            tag(game, t),
            "name",
            player.name.as_str(),
        ),
        body,
        reply_to: None,
    }
}

#[derive(Template)]
#[template(path = "games/polysleuth/mail/reminder.txt")]
struct ReminderMail<'a> {
    t: Lang,
    name: &'a str,
    game: &'a GameRow,
    deadline: String,
    left: String,
}

#[derive(Template)]
#[template(path = "games/polysleuth/mail/fr/reminder.txt")]
struct ReminderMailFr<'a, 'b>(&'b ReminderMail<'a>);

in_french!(ReminderMail, ReminderMailFr);

pub fn reminder(game: &GameRow, player: &PlayerRow, left_secs: i64) -> Letter {
    let t = player.lang(game);
    let body = ReminderMail {
        t,
        name: &player.name,
        game,
        // Reminders go only to rounds with a deadline.
        deadline: deadline_in(t, game, player.zone(game)).unwrap_or_default(),
        left: t.hours(left_secs.max(60)),
    }
    .render_in();
    Letter {
        subject: t.t1("subject-reminder", "tag", tag(game, t)),
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
            include_str!("../../../templates/games/polysleuth/mail/welcome.txt"),
            include_str!("../../../templates/games/polysleuth/mail/help.txt"),
            include_str!("../../../templates/games/polysleuth/mail/fr/welcome.txt"),
            include_str!("../../../templates/games/polysleuth/mail/fr/help.txt"),
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
                        || t.starts_with("prêt")
                        || t.starts_with("fini")
                })
                .collect();
            assert!(examples.len() >= 5, "{examples:?}");
            for line in examples {
                assert!(
                    crate::games::polysleuth::rules::turn::parse(line).is_err(),
                    "\"{line}\" reads as a turn line"
                );
            }
        }
    }
}
