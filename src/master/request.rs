//! What a game master asks for when creating a game, and its one validation. The web form, the
//! JSON API and the command line each read their input into a `Draft`; `Draft::check` names
//! every problem at once and gives the `GameRequest` the game master acts on. The defaults of
//! a new game are written here and nowhere else.

use std::collections::BTreeMap;

use crate::games::names::valid_name;
use crate::lang::{Lang, Said};
use crate::level::Level;
use crate::said;
use crate::store::Ruleset;

use super::house_rules::ruleset_named;
pub use super::house_rules::HouseRules;

/// How far ahead a first deadline may be: a year, as an extension (`gm::MOST_EXTENSION_HOURS`).
const MOST_AHEAD: i64 = 365 * 86_400;

/// How far ahead a gathering's start date may be: ten years (far enough for any table, and a
/// date beyond, `20260` for `2026`, is a slip whose arithmetic would wrap round).
const MOST_START_AHEAD: i64 = 10 * 365 * 86_400;

/// A round's length when none is given.
pub const ROUND_HOURS: f64 = 48.0;
/// The shortest round: a quarter of an hour, time for a player at the table to answer by mail
/// and for the scheduler to close rounds without running all the time.
pub const MIN_ROUND_HOURS: f64 = 0.25;
/// The longest round: sixty days.
pub const MAX_ROUND_HOURS: f64 = 1440.0;
/// The grace period of an early close when none is given.
pub const GRACE_MINUTES: f64 = 5.0;
/// When players with no turn are reminded, unless the game master says otherwise.
pub const REMINDER_HOURS: &str = "24,2";
/// The time zone of deadlines when none is given.
pub const TIME_ZONE: &str = "UTC";
/// The longest game name, in characters.
pub const MAX_GAME_NAME: usize = 80;
/// Games an address may have waiting for its confirmation as their game master.
pub const MAX_UNCONFIRMED_GAMES: i64 = 3;

/// A game request, checked.
#[derive(Clone, Debug)]
pub struct GameRequest {
    pub name: String,
    pub gm_email: String,
    pub players: Vec<(String, String)>,
    pub round_seconds: i64,
    /// The first round's deadline; later rounds last `round_seconds`.
    pub first_deadline: Option<i64>,
    pub time_zone: String,
    /// The game's language: its pages, bulletins, and the mail of players who chose none.
    pub language: Lang,
    pub grace_seconds: i64,
    pub listed: bool,
    pub seed: Option<u64>,
    /// Hours before the deadline at which players with no turn are reminded, e.g. `24,2`.
    pub reminder_hours: String,
    /// The game waits, mailing no player, until its game master starts it from the link
    /// mailed to their address: a game made on the web or through the API of a service that
    /// does not trust whoever creates games (`serve --create-games confirmed`).
    pub wait_for_gm: bool,
    /// The piece each named player chose, by seat, as the game names it (None: none chosen).
    pub choices: Vec<Option<String>>,
    /// Players gather by sign-up or invitation instead of being named (`players` then holds
    /// only the computer players the game master seats).
    pub forming: Option<Forming>,
    /// The most rounds a player may declare themselves away at once (0: never).
    pub max_absence: i64,
    /// Whether a player marked done for being idle is handed to the first standby.
    pub auto_standby: bool,
    /// The game.
    pub ruleset: Ruleset,
    /// Its house rules (`HouseRules`), checked, as it reads them; None: its defaults.
    pub rules: Option<serde_json::Value>,
    /// Its deal given in full by the operator (tests and replays of a known deal), checked by
    /// that game; it deals from it.
    pub given_deal: Option<BTreeMap<String, Vec<String>>>,
    /// The seed or the deal was given (only the operator's command line may give them):
    /// the game's page, opening mail and record say so.
    pub operator_deal: bool,
}

/// How a game gathers its players.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Forming {
    pub min_players: usize,
    pub max_players: usize,
    /// The game starts on its own at this time if it has its least number of players.
    pub start_at: Option<i64>,
    /// Addresses the game master invites.
    pub invite: Vec<String>,
}

/// A game may invite at most this many addresses per seat it may have: enough to fill it
/// twice over, never a mailing list.
pub const INVITATIONS_PER_SEAT: usize = 2;
/// The most invitations the games of one game-master address may send in 24 hours.
pub const INVITATIONS_PER_DAY: i64 = 40;
/// The most invitations one address may be sent in 24 hours, whoever sends them: a game
/// master's address costs nothing to change, so the cap above alone would let anyone flood
/// one inbox from the service's own domain.
pub const INVITED_PER_DAY: i64 = 3;

/// The most rounds of absence a game may allow.
pub const MAX_ABSENCE: i64 = 20;

impl GameRequest {
    /// A game of four sample players with the default rules and a day per round: the demo
    /// game, and the games of benchmarks and load tests.
    pub fn sample(name: &str, players: [&str; 4], seed: Option<u64>) -> GameRequest {
        GameRequest {
            name: name.to_string(),
            gm_email: "gm@example.org".into(),
            players: players
                .iter()
                .map(|n| (n.to_string(), format!("{}@example.org", n.to_lowercase())))
                .collect(),
            round_seconds: 24 * 3600,
            first_deadline: None,
            time_zone: TIME_ZONE.into(),
            language: Lang::En,
            grace_seconds: 300,
            listed: true,
            seed,
            reminder_hours: String::new(),
            wait_for_gm: false,
            choices: Vec::new(),
            forming: None,
            max_absence: 0,
            auto_standby: false,
            ruleset: Ruleset::POLYSLEUTH,
            rules: None,
            given_deal: None,
            operator_deal: seed.is_some(),
        }
    }
}

/// A game request as read from a form, a JSON body or the command line, not yet checked.
#[derive(Clone, Debug, Default)]
pub struct Draft {
    pub name: String,
    pub gm_email: String,
    pub players: Vec<(String, String)>,
    pub round_hours: Option<f64>,
    pub grace_minutes: Option<f64>,
    pub time_zone: Option<String>,
    /// `en` or `fr`; English when not given.
    pub language: Option<String>,
    pub listed: bool,
    pub seed: Option<u64>,
    /// A deal given in full, as replay files write it: player (or `safe`) → cards.
    pub deal: Option<BTreeMap<String, Vec<String>>>,
    pub reminder_hours: Option<String>,
    pub first_deadline: Option<i64>,
    /// Problems found while reading the input (a number that is not one, say).
    pub problems: Vec<Said>,
    pub forming: Option<Forming>,
    pub max_absence: Option<i64>,
    pub auto_standby: bool,
    /// The game, by one of its names as given (none: the first game).
    pub ruleset: Option<String>,
    /// Its house rules as given: none for its defaults.
    pub rules: Option<serde_json::Value>,
    /// The piece each player chose, by seat, as written (`Ann <…> as Plum`): none, or fewer
    /// than the players, for those who chose none.
    pub choices: Vec<Option<String>>,
    /// The door it came by, which decides how strictly it is read.
    pub door: Door,
}

/// The door a new game came by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Door {
    /// The new-game form, which sends every field with its defaults.
    #[default]
    Form,
    /// The API, given field by field: a setting the game does not use is refused, not dropped.
    Api,
    /// The operator's command line: as strict as the API, and a round may be shorter than a
    /// quarter of an hour, down to a second, for trials and tests of deadlines.
    Operator,
}

impl Draft {
    /// The request, or every problem with it. `books` are the house rules of every game, in
    /// the registry's order.
    pub fn check(self, now: i64, books: &[&dyn HouseRules]) -> Result<GameRequest, Vec<Said>> {
        let mut errors = self.problems;
        let book = match ruleset_named(self.ruleset.as_deref(), books) {
            Ok(found) => Some(found),
            Err(e) => {
                errors.push(e);
                None
            }
        };
        let ruleset = book.map_or(Ruleset::POLYSLEUTH, |b| b.ruleset());
        // The house rules, read now, so that every size is checked.
        let rules = match book {
            Some(book) => match book.read(self.rules.as_ref()) {
                Ok(rules) => Some(rules),
                Err(e) => {
                    errors.push(e);
                    None
                }
            },
            None => None,
        };
        // A game of turns keeps its clock in its own house rules: a round's settings, given to
        // the API for one, would be dropped without a word (the form sends its defaults).
        if let (true, Some(book), Some(rules)) = (self.door != Door::Form, book, &rules) {
            if book.turn_seconds(rules).is_some() {
                let given = [
                    ("round_hours", self.round_hours.is_some()),
                    ("grace_minutes", self.grace_minutes.is_some()),
                    ("reminder_hours", self.reminder_hours.is_some()),
                    ("first_deadline", self.first_deadline.is_some()),
                    ("max_absence", self.max_absence.is_some()),
                    ("auto_standby", self.auto_standby),
                ];
                for (field, _) in given.iter().filter(|(_, given)| *given) {
                    errors.push(said!("error-setting-of-rounds", field = *field));
                }
            }
        }
        let players = book.map_or(3..=7, |b| b.players());
        // Why a name may be no player's in any game (a forming game's table may be any).
        let name_problem = |name: &str| super::house_rules::name_problem(name, books);
        let operator_deal = self.seed.is_some() || self.deal.is_some();
        let name = self.name.trim().to_string();
        check_game_name(&name, &mut errors);
        errors.extend(email_problem(said!("what-gm-address"), &self.gm_email));
        match &self.forming {
            None => {
                check_players(&self.players, &players, &mut errors);
                if players.contains(&self.players.len()) {
                    let checked = match (book, &rules) {
                        (Some(book), Some(rules)) => book.fits(rules, self.players.len()),
                        _ => Ok(()),
                    };
                    if let Err(e) = checked {
                        errors.push(e);
                    }
                }
            }
            Some(f) => {
                // Every table size the game may start with must suit its house rules.
                let fits = |n: usize| match (book, &rules) {
                    (Some(book), Some(rules)) => book.fits(rules, n),
                    _ => Ok(()),
                };
                let sizes = Sizes {
                    players: &players,
                    fits: &fits,
                };
                check_forming(f, &self.players, &sizes, &name_problem, now, &mut errors);
                // Its first round begins when it starts, which no one knows yet.
                if self.first_deadline.is_some() {
                    errors.push(said!("error-forming-first-deadline"));
                }
                // Its computer players take their pieces at the start, after the people who
                // join have chosen: a piece named for one now is refused, never dropped.
                for (seat, choice) in self.players.iter().zip(&self.choices) {
                    if let Some(piece) = choice {
                        errors.push(said!(
                            "error-forming-computer-choice",
                            name = seat.0.as_str(),
                            piece = piece.as_str()
                        ));
                    }
                }
            }
        }
        let max_absence = self.max_absence.unwrap_or(0);
        if !(0..=MAX_ABSENCE).contains(&max_absence) {
            errors.push(said!(
                "error-absence-range",
                rounds = max_absence,
                most = MAX_ABSENCE
            ));
        }
        let hours = self.round_hours.unwrap_or(ROUND_HOURS);
        let long_enough = match self.door {
            Door::Operator => hours > 0.0,
            Door::Form | Door::Api => hours >= MIN_ROUND_HOURS,
        };
        if !(long_enough && hours <= MAX_ROUND_HOURS) {
            errors.push(said!(
                "error-round-length",
                hours = crate::lang::Value::decimal(hours),
                least = crate::lang::Value::decimal(MIN_ROUND_HOURS),
                most = MAX_ROUND_HOURS
            ));
        }
        let grace = self.grace_minutes.unwrap_or(GRACE_MINUTES);
        if !(0.0..=1440.0).contains(&grace) {
            errors.push(said!(
                "error-grace-period",
                minutes = crate::lang::Value::decimal(grace)
            ));
        }
        let time_zone = self.time_zone.unwrap_or_else(|| TIME_ZONE.into());
        if time_zone.parse::<chrono_tz::Tz>().is_err() {
            errors.push(said!("error-unknown-zone", zone = &time_zone));
        }
        let language = match self
            .language
            .as_deref()
            .map(str::trim)
            .filter(|l| !l.is_empty())
        {
            None => Lang::En,
            Some(code) => Lang::parse(code).unwrap_or_else(|| {
                errors.push(said!("error-unknown-language", code = code));
                Lang::En
            }),
        };
        let reminder_hours =
            match reminder_hours_text(self.reminder_hours.as_deref().unwrap_or(REMINDER_HOURS)) {
                Ok(h) => h,
                Err(e) => {
                    errors.push(e);
                    String::new()
                }
            };
        if self.first_deadline.is_some_and(|at| at <= now) {
            errors.push(said!("error-first-deadline-past"));
        }
        // Within a year, as an extension is: a date further off is a slip, and near the end
        // of the clock's range the time left would wrap round into the past.
        if self.first_deadline.is_some_and(|at| at > now + MOST_AHEAD) {
            errors.push(said!("error-first-deadline-far"));
        }
        let mut choices: Vec<Option<String>> = Vec::new();
        for (i, written) in self.choices.iter().enumerate() {
            let read = match (written, book) {
                (None, _) | (_, None) => None,
                (Some(w), Some(book)) => match book.read_choice(w) {
                    Ok(piece) => Some(piece),
                    Err(e) => {
                        errors.push(e);
                        None
                    }
                },
            };
            if let Some(piece) = read
                .as_ref()
                .filter(|p| choices.contains(&Some(p.to_string())))
            {
                let name = self.players.get(i).map_or("", |(n, _)| n.as_str());
                errors.push(said!(
                    "error-piece-twice",
                    piece = piece.as_str(),
                    name = name
                ));
            }
            choices.push(read);
        }
        choices.resize(self.players.len(), None);
        let names: Vec<String> = self.players.iter().map(|(n, _)| n.clone()).collect();
        let mut given_deal = None;
        if let (Some(d), Some(book), Some(rules)) = (self.deal, book, &rules) {
            if errors.is_empty() {
                match book.check_deal(&names, rules, &d) {
                    Ok(()) => given_deal = Some(d),
                    Err(e) => errors.push(Said::text(e)),
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(GameRequest {
            name,
            gm_email: self.gm_email,
            players: self.players,
            // A turn's length, for a game of turns; a round's, as asked, for a game of rounds.
            round_seconds: match (book, &rules) {
                (Some(book), Some(rules)) => book.turn_seconds(rules),
                _ => None,
            }
            .unwrap_or((hours * 3600.0).round().max(1.0) as i64),
            first_deadline: self.first_deadline,
            time_zone,
            language,
            grace_seconds: (grace * 60.0).round() as i64,
            listed: self.listed,
            operator_deal,
            seed: self.seed,
            reminder_hours,
            wait_for_gm: false,
            forming: self.forming,
            max_absence,
            auto_standby: self.auto_standby,
            ruleset,
            rules,
            given_deal,
            choices,
        })
    }
}

/// The table sizes a game allows, and whether its house rules suit a table of a size.
struct Sizes<'a> {
    players: &'a std::ops::RangeInclusive<usize>,
    fits: &'a dyn Fn(usize) -> Result<(), Said>,
}

/// A forming game: its limits, its computer players, its invitations, its rules for every
/// size it may start at.
fn check_forming(
    f: &Forming,
    computers: &[(String, String)],
    sizes: &Sizes<'_>,
    name_problem: &dyn Fn(&str) -> Option<Said>,
    now: i64,
    errors: &mut Vec<Said>,
) {
    let (least, most) = (*sizes.players.start(), *sizes.players.end());
    if f.min_players < least || f.max_players > most || f.min_players > f.max_players {
        errors.push(said!(
            "error-forming-range",
            least = least,
            most = most,
            min = f.min_players,
            max = f.max_players
        ));
        return;
    }
    if f.start_at.is_some_and(|at| at <= now) {
        errors.push(said!("error-start-past"));
    }
    if f.start_at.is_some_and(|at| at > now + MOST_START_AHEAD) {
        errors.push(said!("error-start-far"));
    }
    for (i, (name, address)) in computers.iter().enumerate() {
        match computer_level(address) {
            None => errors.push(said!("error-forming-computers-only", name = name)),
            Some(Err(e)) => errors.push(said!("error-player-problem", name = name, why = e)),
            Some(Ok(_)) => {}
        }
        errors.extend(name_problem(name));
        if computers[..i]
            .iter()
            .any(|(n, _)| crate::games::names::same_name(n, name))
        {
            errors.push(said!("error-same-name", name = name));
        }
    }
    if computers.len() >= f.max_players {
        errors.push(said!("error-computers-fill-seats"));
    }
    let most = INVITATIONS_PER_SEAT * f.max_players;
    if f.invite.len() > most {
        errors.push(said!(
            "error-too-many-invitations",
            count = f.invite.len(),
            seats = f.max_players,
            most = most
        ));
        return;
    }
    let mut seen: Vec<String> = Vec::new();
    for address in &f.invite {
        errors.extend(email_problem(said!("what-invited-address"), address));
        if seen.iter().any(|a| a.eq_ignore_ascii_case(address)) {
            errors.push(said!("error-invited-twice", address = address));
        }
        seen.push(address.clone());
    }
    for n in f.min_players..=f.max_players {
        if let Err(e) = (sizes.fits)(n) {
            errors.push(said!("error-with-players", count = n, why = e));
        }
    }
}

/// A game name: 1 to 80 characters, no control characters (they would break the Atom feed
/// and mail subjects).
fn check_game_name(name: &str, errors: &mut Vec<Said>) {
    let count = name.chars().count();
    if name.trim().is_empty() || count > MAX_GAME_NAME {
        errors.push(said!(
            "error-game-name-length",
            most = MAX_GAME_NAME,
            count = count
        ));
    } else if name
        .chars()
        .any(|c| c.is_control() || crate::games::names::invisible(c))
    {
        errors.push(said!("error-game-name-control"));
    }
}

/// `what ("address") is not usable: why`, when it is not.
pub fn email_problem(what: Said, email: &str) -> Option<Said> {
    crate::mail::address::problem(email).map(|why| {
        said!(
            "error-address-not-usable",
            what = what,
            email = email,
            why = why
        )
    })
}

/// Reads `Name <email>` as the command line and the API take players.
pub fn split_player(text: &str) -> Option<(String, String)> {
    split_seat(text)
        .filter(|(_, c)| c.is_none())
        .map(|(p, _)| p)
}

/// Reads `Name <email>`, or `Name <email> as PIECE` where the game has pieces to choose
/// (`Ann <ann@example.org> as Plum`): the player, and the piece as written.
pub fn split_seat(text: &str) -> Option<((String, String), Option<String>)> {
    let (name, rest) = text.split_once('<')?;
    let (email, after) = rest.split_once('>')?;
    let after = after.trim();
    let choice = match after {
        "" => None,
        a if a.get(..3).is_some_and(|p| p.eq_ignore_ascii_case("as ")) => {
            Some(a[3..].trim().to_string()).filter(|c| !c.is_empty())
        }
        _ => return None,
    };
    Some(((name.trim().to_string(), email.trim().to_string()), choice))
}

/// Checks the players and their e-mail addresses.
fn check_players(
    players: &[(String, String)],
    allowed: &std::ops::RangeInclusive<usize>,
    errors: &mut Vec<Said>,
) {
    if !allowed.contains(&players.len()) {
        errors.push(said!(
            "error-player-count",
            count = players.len(),
            least = *allowed.start(),
            most = *allowed.end()
        ));
    }
    // More seats than any game has: each one is not looked at (every pair of names would be
    // compared), the count says what is wrong.
    if players.len() > *allowed.end() {
        return;
    }
    // Each seat's inbox; none for a computer player, which has no address.
    let inboxes: Vec<Option<String>> = (players.iter())
        .map(|(_, a)| {
            computer_level(a)
                .is_none()
                .then(|| crate::mail::address::mailbox(a))
        })
        .collect();
    for (i, (name, email)) in players.iter().enumerate() {
        if name.eq_ignore_ascii_case("safe") {
            errors.push(said!("error-safe-reserved"));
        } else if !valid_name(name) {
            errors.push(said!("error-player-name", name = name));
        }
        if players[..i]
            .iter()
            .any(|(n, _)| crate::games::names::same_name(n, name))
        {
            errors.push(said!("error-same-name-case", name = name));
        }
        match computer_level(email) {
            Some(Err(problem)) => {
                errors.push(said!("error-player-problem", name = name, why = problem))
            }
            Some(Ok(_)) => {}
            None => errors.extend(email_problem(said!("what-address-of", name = name), email)),
        }
        // One inbox, one seat: a hand is mailed to its player's address, and a game's mail to
        // one inbox is never multiplied by its seats. Spellings of one inbox are one address.
        if inboxes[i].is_some() && inboxes[..i].contains(&inboxes[i]) {
            errors.push(said!("error-same-address", name = name, email = email));
        }
    }
    if !players.is_empty() && players.iter().all(|(_, a)| computer_level(a).is_some()) {
        errors.push(said!("error-all-computers"));
    }
}

/// What an address written as `computer:LEVEL` seats: a computer player of that level instead
/// of a person (`Hal <computer:detective>`). None for an e-mail address.
pub fn computer_level(address: &str) -> Option<Result<Level, Said>> {
    let a = address.trim();
    let level = a
        .get(..COMPUTER.len())
        .filter(|p| p.eq_ignore_ascii_case(COMPUTER))
        .map(|_| &a[COMPUTER.len()..])?;
    Some(Level::parse(level).map_err(|_| said!("error-unknown-level", level = level.trim())))
}

/// The address prefix that seats a computer player.
pub const COMPUTER: &str = "computer:";

/// Reads `24, 2` as the stored form `24,2`.
pub fn reminder_hours_text(text: &str) -> Result<String, Said> {
    parse_reminder_hours(text).map(|h| {
        h.iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(",")
    })
}

/// Reads `24, 2` as reminder hours; every problem is named.
pub fn parse_reminder_hours(text: &str) -> Result<Vec<i64>, Said> {
    let mut hours = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match part.parse::<i64>() {
            Ok(h) if (1..=168).contains(&h) => hours.push(h),
            _ => return Err(said!("error-reminder-hours", part = part)),
        }
    }
    hours.sort_unstable_by(|a, b| b.cmp(a));
    hours.dedup();
    // Each reminder is a mail to every player who has not sent a turn: a few a round remind,
    // more would flood their inboxes.
    if hours.len() > MAX_REMINDERS {
        return Err(said!(
            "error-reminder-count",
            count = hours.len(),
            most = MAX_REMINDERS
        ));
    }
    Ok(hours)
}

/// The most reminders before one deadline.
pub const MAX_REMINDERS: usize = 3;

/// `3-5`: the least and most players of a forming game.
pub fn players_range(text: &str) -> Result<(usize, usize), String> {
    let (a, b) = text
        .split_once('-')
        .ok_or("write the least and most players, e.g. 3-5")?;
    let n = |t: &str| {
        t.trim()
            .parse()
            .map_err(|_| format!("\"{t}\" is not a number"))
    };
    Ok((n(a)?, n(b)?))
}

#[cfg(test)]
#[path = "request_tests.rs"]
mod tests;
