//! The letters of classic Sleuth: the welcome with the hand and Search cards, and one
//! "news" letter for everything that follows — a turn's public result, "your turn" with the
//! Search cards and what each allows, the cards shown to an asker, a digest, a refusal, a
//! reminder, the end. The words come from `locales/*/games/sleuth.ftl`; the two templates per
//! language give the layout.

use askama::Template;

use crate::games::sleuth::rules::{SearchCard, Sleuth};
use crate::lang::{card_line, Lang};
use crate::mail::{zone, Letter};
use crate::site::Site;
use crate::store::GameRow;

#[derive(Template)]
#[template(path = "games/sleuth/mail/welcome.txt")]
struct Welcome<'a> {
    t: Lang,
    name: &'a str,
    game: &'a GameRow,
    players: String,
    table: String,
    hand: Vec<String>,
    /// The Search cards with what each allows: for the first player this letter is also
    /// their "your turn".
    cards: Vec<(String, String)>,
    turn_line: String,
    link: &'a str,
    mail_address: &'a str,
    key: &'a str,
    example: &'a str,
    /// House rule `supersleuth`: a two-element question shows no card.
    supersleuth: bool,
    settings: Vec<(String, String)>,
}

/// The French template of `Welcome`: it reads the same fields through `Deref`.
#[derive(Template)]
#[template(path = "games/sleuth/mail/fr/welcome.txt")]
struct WelcomeFr<'a, 'b>(&'b Welcome<'a>);

impl<'a> std::ops::Deref for WelcomeFr<'a, '_> {
    type Target = Welcome<'a>;
    fn deref(&self) -> &Welcome<'a> {
        self.0
    }
}

impl Welcome<'_> {
    /// The letter's body in its reader's language.
    fn render_in(&self) -> String {
        match self.t {
            Lang::En => self.render(),
            Lang::Fr => WelcomeFr(self).render(),
        }
        .expect(concat!(stringify!(Welcome), " renders"))
    }
}

#[derive(Template)]
#[template(path = "games/sleuth/mail/news.txt")]
struct NewsBody<'a> {
    t: Lang,
    name: &'a str,
    paragraphs: &'a [String],
    lines: &'a [String],
    shown: &'a [String],
    cards: &'a [(String, String)],
    page: String,
}

/// The French template of `NewsBody`: it reads the same fields through `Deref`.
#[derive(Template)]
#[template(path = "games/sleuth/mail/fr/news.txt")]
struct NewsBodyFr<'a, 'b>(&'b NewsBody<'a>);

impl<'a> std::ops::Deref for NewsBodyFr<'a, '_> {
    type Target = NewsBody<'a>;
    fn deref(&self) -> &NewsBody<'a> {
        self.0
    }
}

impl NewsBody<'_> {
    /// The letter's body in its reader's language.
    fn render_in(&self) -> String {
        match self.t {
            Lang::En => self.render(),
            Lang::Fr => NewsBodyFr(self).render(),
        }
        .expect(concat!(stringify!(NewsBody), " renders"))
    }
}

/// What one news letter says, section by section.
#[derive(Default)]
pub struct News {
    pub subject: String,
    pub paragraphs: Vec<String>,
    pub lines: Vec<String>,
    pub shown: Vec<String>,
    /// Search cards and what each allows, on a "your turn" letter.
    pub cards: Vec<(String, String)>,
}

impl News {
    pub fn letter(&self, site: &Site, game: &GameRow, name: &str, t: Lang) -> Letter {
        let body = NewsBody {
            t,
            name,
            paragraphs: &self.paragraphs,
            lines: &self.lines,
            shown: &self.shown,
            cards: &self.cards,
            page: site.link(&format!("/classic/games/{}", game.id)),
        }
        .render_in();
        Letter {
            subject: self.subject.clone(),
            body,
            reply_to: None,
        }
    }
}

/// A deadline in the reader's words and zone.
pub fn deadline(t: Lang, at: Option<i64>, time_zone: &str) -> String {
    match at {
        Some(at) => t.time(at, zone(time_zone)),
        None => t.t("deadline-paused-mail"),
    }
}

/// The welcome of a classic player: hand, table, Search cards, whose turn, how to play.
#[allow(clippy::too_many_arguments)]
pub fn welcome(
    site: &Site,
    game: &GameRow,
    state: &Sleuth,
    seat: usize,
    link: &str,
    key: &str,
    t: Lang,
    time_zone: &str,
) -> Letter {
    let n = state.players.len();
    let hand: Vec<String> = state.deal.hands[seat]
        .iter()
        .map(|c| card_line(t, c))
        .collect();
    let table: Vec<String> = state.deal.table.iter().map(|c| card_line(t, c)).collect();
    let turn_line = match state.current {
        Some(s) if s == seat => t.t1(
            "classic-your-turn-first",
            "deadline",
            deadline(t, game.turn_deadline, time_zone),
        ),
        Some(s) => t.t2(
            "classic-whose-turn",
            "player",
            state.players[s].as_str(),
            "deadline",
            deadline(t, game.turn_deadline, time_zone),
        ),
        None => t.t("classic-nobody"),
    };
    let body = Welcome {
        t,
        name: &state.players[seat],
        game,
        players: state.players.join(", "),
        table: table.join(", "),
        hand,
        cards: cards_allowing(t, state, seat),
        turn_line,
        link,
        mail_address: &site.mail_address,
        key,
        example: &state.players[(seat + 1) % n],
        supersleuth: state.settings.supersleuth,
        settings: t.classic_settings(&state.settings),
    }
    .render_in();
    Letter {
        subject: t.t3(
            "classic-subject-welcome",
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

/// What a Search card allows, in words.
pub fn allows(t: Lang, card: SearchCard, supersleuth: bool) -> String {
    match card {
        SearchCard::One(x) => t.t2(
            "classic-allows-one",
            "what",
            t.classic_what(&[x]),
            "what_of",
            t.classic_what_of(&[x]),
        ),
        SearchCard::Two(a, b) => t.t1(
            if supersleuth {
                "classic-allows-two-count"
            } else {
                "classic-allows-two"
            },
            "what",
            t.classic_what(&[a, b]),
        ),
        SearchCard::Free => t.t("classic-allows-free"),
        SearchCard::FreeOf(x) => t.t1("classic-allows-free-of", "what", t.classic_what(&[x])),
    }
}

/// A seat's Search cards with what each allows.
pub fn cards_allowing(t: Lang, state: &Sleuth, seat: usize) -> Vec<(String, String)> {
    state.search[seat]
        .iter()
        .map(|c| (t.search_card(*c), allows(t, *c, state.settings.supersleuth)))
        .collect()
}

/// The cards shown to a seat, one line each.
pub fn shown_lines(
    t: Lang,
    state: &Sleuth,
    reveals: &[crate::games::sleuth::rules::Reveal],
) -> Vec<String> {
    reveals
        .iter()
        .map(|r| {
            let cards: Vec<String> = r.cards.iter().map(|c| card_line(t, c)).collect();
            t.tr(
                "classic-shown-line",
                [
                    ("turn", r.turn.into()),
                    ("target", state.players[r.target].as_str().into()),
                    ("what", t.classic_what(&r.traits).into()),
                    (
                        "cards",
                        if cards.is_empty() {
                            t.t("classic-shown-none")
                        } else {
                            cards.join(", ")
                        }
                        .into(),
                    ),
                ],
            )
        })
        .collect()
}
