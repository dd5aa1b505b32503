//! The new-game form: read every field, name every problem, keep what was typed.

use std::collections::BTreeMap;

use chrono::{NaiveDateTime, TimeZone};
use chrono_tz::Tz;

use crate::master::{now, GameRequest};
use crate::rules::game::valid_name;
use crate::rules::settings::{MAX_PLAYERS, MIN_PLAYERS};
use crate::rules::{QuestionPayment, Settings};

pub const PLAYER_ROWS: usize = 7;

/// The form as typed, so it can be shown again with its problems.
pub type Fields = BTreeMap<String, String>;

pub fn defaults() -> Fields {
    let s = Settings::default();
    let mut f = Fields::new();
    for (k, v) in [
        ("starting_eyes", s.starting_eyes.to_string()),
        ("income", s.income.to_string()),
        ("one_trait_markup", s.one_trait_markup.to_string()),
        ("question_payment", "winner".into()),
        ("idle_rounds", "3".into()),
        ("round_hours", "48".into()),
        ("grace_minutes", "5".into()),
        ("time_zone", "UTC".into()),
        ("listed", "on".into()),
        ("assistant", "on".into()),
        ("reminder_hours", "24,2".into()),
    ] {
        f.insert(k.into(), v);
    }
    f
}

/// The longest game name, in characters.
pub const MAX_GAME_NAME: usize = 80;

/// A game name: 1 to 80 characters, no control characters (they would break the Atom feed
/// and mail subjects). Shared by the form, the API and the command line.
pub fn check_game_name(name: &str, errors: &mut Vec<String>) {
    let count = name.chars().count();
    if name.trim().is_empty() || count > MAX_GAME_NAME {
        errors.push(format!(
            "give the game a name of 1 to {MAX_GAME_NAME} characters (this one has {count})"
        ));
    } else if name.chars().any(char::is_control) {
        errors.push("the game's name may not hold control characters (tabs, line breaks…)".into());
    }
}

pub fn valid_email(email: &str) -> bool {
    crate::mail::address::problem(email).is_none()
}

/// `what ("address") is not usable: why`, when it is not.
pub fn email_problem(what: &str, email: &str) -> Option<String> {
    crate::mail::address::problem(email)
        .map(|why| format!("{what} (\"{email}\") is not usable: {why}"))
}

/// Reads `Name <email>` as the command line takes players.
pub fn split_player(text: &str) -> Option<(String, String)> {
    let (name, rest) = text.split_once('<')?;
    let email = rest.strip_suffix('>')?;
    Some((name.trim().to_string(), email.trim().to_string()))
}

fn get<'a>(f: &'a Fields, k: &str) -> &'a str {
    f.get(k).map(|s| s.trim()).unwrap_or("")
}

fn number<T: std::str::FromStr>(
    f: &Fields,
    key: &str,
    label: &str,
    errors: &mut Vec<String>,
) -> Option<T> {
    let v = get(f, key);
    if v.is_empty() {
        return None;
    }
    match v.parse() {
        Ok(n) => Some(n),
        Err(_) => {
            errors.push(format!("{label}: \"{v}\" is not a whole number 0 or more"));
            None
        }
    }
}

/// Checks the players and e-mail addresses; shared by the web form and the command line.
pub fn check_players(players: &[(String, String)], errors: &mut Vec<String>) {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players.len()) {
        errors.push(format!(
            "a game needs 3 to 7 players; you gave {}",
            players.len()
        ));
    }
    for (i, (name, email)) in players.iter().enumerate() {
        if name.eq_ignore_ascii_case("safe") {
            errors.push("\"safe\" is reserved for the safe; choose another player name".into());
        } else if !valid_name(name) {
            errors.push(format!(
                "player name \"{name}\" is not usable: use 1 to 32 letters, digits, _ or -"
            ));
        }
        if players[..i]
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            errors.push(format!(
                "two players are called \"{name}\"; names must differ (ignoring case)"
            ));
        }
        errors.extend(email_problem(
            &format!("the e-mail address of {name}"),
            email,
        ));
    }
}

/// Checks the settings against the number of players, naming every problem.
pub fn check_settings(settings: &Settings, players: usize, errors: &mut Vec<String>) {
    if (MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        if let Err(e) = settings.check(players) {
            errors.push(e.to_string());
        }
    }
}

pub fn parse(f: &Fields) -> Result<GameRequest, Vec<String>> {
    let mut errors = Vec::new();
    let name = get(f, "name").to_string();
    check_game_name(&name, &mut errors);
    let gm_email = get(f, "gm_email").to_string();
    errors.extend(email_problem("the game master's e-mail address", &gm_email));
    let mut players = Vec::new();
    for i in 1..=PLAYER_ROWS {
        let pname = get(f, &format!("player{i}_name"));
        let email = get(f, &format!("player{i}_email"));
        match (pname.is_empty(), email.is_empty()) {
            (true, true) => {}
            (false, true) => errors.push(format!("player {i} ({pname}) has no e-mail address")),
            (true, false) => errors.push(format!("player {i} ({email}) has no name")),
            (false, false) => players.push((pname.to_string(), email.to_string())),
        }
    }
    check_players(&players, &mut errors);

    let d = Settings::default();
    let mut settings = Settings {
        starting_eyes: number(f, "starting_eyes", "starting Private Eyes", &mut errors)
            .unwrap_or(d.starting_eyes),
        income: number(f, "income", "income", &mut errors).unwrap_or(d.income),
        one_trait_markup: number(f, "one_trait_markup", "one-trait markup", &mut errors)
            .unwrap_or(d.one_trait_markup),
        safe_size: number(f, "safe_size", "safe size", &mut errors),
        max_rounds: number(f, "max_rounds", "maximum rounds", &mut errors),
        idle_rounds: number(f, "idle_rounds", "idle rounds", &mut errors),
        max_shared_pair: number(f, "max_shared_pair", "deal restriction", &mut errors),
        assistant: get(f, "assistant") == "on",
        ..d
    };
    settings.question_payment = match get(f, "question_payment") {
        "" | "winner" => QuestionPayment::Winner,
        "all" => QuestionPayment::All,
        other => {
            errors.push(format!("question payment \"{other}\" is not winner or all"));
            QuestionPayment::Winner
        }
    };
    check_settings(&settings, players.len(), &mut errors);

    let hours: f64 = match get(f, "round_hours").parse::<f64>() {
        Ok(h) if h > 0.0 && h <= 24.0 * 60.0 => h,
        _ => {
            errors.push(format!(
                "round length: \"{}\" is not a number of hours above 0 and at most 1440",
                get(f, "round_hours")
            ));
            48.0
        }
    };
    let grace: f64 = match get(f, "grace_minutes") {
        "" => 5.0,
        v => match v.parse::<f64>() {
            Ok(m) if (0.0..=24.0 * 60.0).contains(&m) => m,
            _ => {
                errors.push(format!(
                    "grace period: \"{v}\" is not a number of minutes from 0 to 1440"
                ));
                5.0
            }
        },
    };
    let time_zone = match get(f, "time_zone") {
        "" => "UTC".to_string(),
        tz => match tz.parse::<Tz>() {
            Ok(_) => tz.to_string(),
            Err(_) => {
                errors.push(format!("time zone \"{tz}\" is unknown: use a name such as UTC, Europe/Paris or America/New_York"));
                "UTC".into()
            }
        },
    };
    let first_deadline = match get(f, "first_deadline") {
        "" => None,
        v => {
            let tz: Tz = time_zone.parse().unwrap_or(Tz::UTC);
            let parsed = NaiveDateTime::parse_from_str(v, "%Y-%m-%dT%H:%M")
                .or_else(|_| NaiveDateTime::parse_from_str(v, "%Y-%m-%d %H:%M"))
                .ok()
                .and_then(|t| tz.from_local_datetime(&t).earliest());
            match parsed {
                Some(t) if t.timestamp() > now() => Some(t.timestamp()),
                Some(_) => {
                    errors.push(format!(
                        "the first deadline ({v}, {time_zone}) is in the past"
                    ));
                    None
                }
                None => {
                    errors.push(format!("the first deadline \"{v}\" is not a date and time such as 2026-12-24T18:00"));
                    None
                }
            }
        }
    };
    let reminder_hours = match crate::master::reminder_hours_text(get(f, "reminder_hours")) {
        Ok(h) => h,
        Err(e) => {
            errors.push(e);
            String::new()
        }
    };
    if errors.is_empty() {
        Ok(GameRequest {
            reminder_hours,
            wait_for_gm: false,
            name,
            gm_email,
            players,
            settings,
            round_seconds: (hours * 3600.0).round().max(1.0) as i64,
            first_deadline,
            time_zone,
            grace_seconds: (grace * 60.0).round() as i64,
            listed: f.contains_key("listed"),
            seed: None,
            deal: None,
        })
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(pairs: &[(&str, &str)]) -> Fields {
        let mut f = defaults();
        for (k, v) in pairs {
            f.insert(k.to_string(), v.to_string());
        }
        f
    }

    #[test]
    fn every_problem_is_named() {
        let f = form(&[
            ("name", "Test"),
            ("gm_email", "gm@example.org"),
            ("player1_name", "Ann"),
            ("player1_email", "ann@example.org"),
            ("player2_name", "ann"),
            ("player2_email", "bad address"),
            ("safe_size", "5"),
            ("first_deadline", "2001-01-01T10:00"),
        ]);
        let errors = parse(&f).unwrap_err();
        let all = errors.join("\n");
        assert!(all.contains("3 to 7 players; you gave 2"), "{all}");
        assert!(all.contains("two players are called \"ann\""), "{all}");
        assert!(
            all.contains("\"bad address\") is not usable: it has no @"),
            "{all}"
        );
        assert!(all.contains("in the past"), "{all}");
    }

    #[test]
    fn a_good_form_makes_a_request() {
        let f = form(&[
            ("name", "Test"),
            ("gm_email", "gm@example.org"),
            ("player1_name", "Ann"),
            ("player1_email", "ann@example.org"),
            ("player2_name", "Ben"),
            ("player2_email", "ben@example.org"),
            ("player3_name", "Cleo"),
            ("player3_email", "cleo@example.org"),
            ("safe_size", "3"),
            ("round_hours", "0.5"),
        ]);
        let r = parse(&f).unwrap();
        assert_eq!(r.players.len(), 3);
        assert_eq!(r.settings.safe_size, Some(3));
        assert_eq!(r.round_seconds, 1800);
        assert_eq!(r.grace_seconds, 300);
    }

    #[test]
    fn impossible_safe_size() {
        let f = form(&[
            ("name", "T"),
            ("gm_email", "gm@example.org"),
            ("player1_name", "A"),
            ("player1_email", "a@example.org"),
            ("player2_name", "B"),
            ("player2_email", "b@example.org"),
            ("player3_name", "C"),
            ("player3_email", "c@example.org"),
            ("player4_name", "D"),
            ("player4_email", "d@example.org"),
            ("safe_size", "2"),
        ]);
        assert!(parse(&f).unwrap_err()[0].contains("safe_size 2 does not work with 4 players"));
    }
}
