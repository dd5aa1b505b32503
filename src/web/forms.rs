//! The new-game form: read every field, name every problem, keep what was typed.

use std::collections::BTreeMap;

use chrono::{NaiveDateTime, TimeZone};
use chrono_tz::Tz;

use crate::clock::now;
use crate::lang::Said;
use crate::master::request::{self, Draft, Forming, GameRequest, HouseRules};

pub const PLAYER_ROWS: usize = 7;

/// The form as typed, so it can be shown again with its problems.
pub type Fields = BTreeMap<String, String>;

/// A blank form's values: the core's, then each game's own (`books`).
pub fn defaults(books: &[&dyn HouseRules]) -> Fields {
    let mut f = Fields::new();
    for (k, v) in [
        ("round_hours", request::ROUND_HOURS.to_string()),
        ("grace_minutes", request::GRACE_MINUTES.to_string()),
        ("time_zone", request::TIME_ZONE.into()),
        ("listed", "on".into()),
        ("assistant", "on".into()),
        ("reminder_hours", request::REMINDER_HOURS.into()),
    ] {
        f.insert(k.into(), v);
    }
    for book in books {
        for (k, v) in book.form_defaults() {
            f.insert(k.into(), v);
        }
    }
    f
}

fn get<'a>(f: &'a Fields, k: &str) -> &'a str {
    f.get(k).map(|s| s.trim()).unwrap_or("")
}

fn number<T: std::str::FromStr>(
    f: &Fields,
    key: &str,
    label: &str,
    errors: &mut Vec<Said>,
) -> Option<T> {
    crate::master::house_rules::form_number(&|k| get(f, k).to_string(), key, label, errors)
}

/// Reads the form into a game request (`Draft::check` names every problem); `books` are the
/// house rules of every game with its own, which read their own fields.
pub fn parse(f: &Fields, books: &[&dyn HouseRules]) -> Result<GameRequest, Vec<Said>> {
    let mut problems = Vec::new();
    let (mut players, mut choices) = (Vec::new(), Vec::new());
    for i in 1..=PLAYER_ROWS {
        let pname = get(f, &format!("player{i}_name"));
        let email = get(f, &format!("player{i}_email"));
        let piece = get(f, &format!("player{i}_as"));
        match (pname.is_empty(), email.is_empty()) {
            (true, true) => {}
            (false, true) => {
                problems.push(crate::said!("error-form-no-address", row = i, name = pname))
            }
            (true, false) => {
                problems.push(crate::said!("error-form-no-name", row = i, email = email))
            }
            (false, false) => {
                players.push((pname.to_string(), email.to_string()));
                choices.push(Some(piece.to_string()).filter(|p| !p.is_empty()));
            }
        }
    }

    let round_hours = decimal(f, "round_hours", "error-form-round-length", &mut problems);
    let grace_minutes = decimal(f, "grace_minutes", "error-form-grace", &mut problems);
    let time_zone = Some(get(f, "time_zone"))
        .filter(|tz| !tz.is_empty())
        .map(str::to_string);
    let first_deadline = local_time(
        f,
        "first_deadline",
        "field-first-deadline",
        &time_zone,
        &mut problems,
    );
    let forming = match get(f, "forming") {
        "on" => Some(Forming {
            min_players: number(f, "min_players", "field-least-players", &mut problems)
                .unwrap_or(3),
            max_players: number(f, "max_players", "field-most-players", &mut problems).unwrap_or(7),
            start_at: local_time(f, "start_at", "field-start-date", &time_zone, &mut problems),
            invite: get(f, "invite")
                .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
                .filter(|a| !a.is_empty())
                .map(str::to_string)
                .collect(),
        }),
        _ => None,
    };
    let max_absence = number(f, "max_absence", "field-longest-absence", &mut problems);
    let ruleset = Some(get(f, "ruleset").to_string()).filter(|r| !r.trim().is_empty());
    // The game reads its house rules from its own fields (none named: the first game).
    let field = |name: &str| get(f, name).to_string();
    let wanted = ruleset.as_deref().unwrap_or("").trim().to_ascii_lowercase();
    let book = match wanted.is_empty() {
        true => books.first(),
        false => books
            .iter()
            .find(|b| b.ruleset().as_str() == wanted || b.aliases().contains(&wanted.as_str())),
    };
    let rules = match book {
        Some(book) => match book.read_form(&field, get(f, "assistant") == "on") {
            Ok(rules) => Some(rules),
            Err(e) => {
                problems.extend(e);
                None
            }
        },
        None => None,
    };
    Draft {
        ruleset,
        rules,
        name: get(f, "name").to_string(),
        gm_email: get(f, "gm_email").to_string(),
        players,
        choices,
        round_hours,
        grace_minutes,
        time_zone,
        language: Some(get(f, "language").to_string()),
        listed: f.contains_key("listed"),
        seed: None,
        deal: None,
        reminder_hours: Some(get(f, "reminder_hours").to_string()),
        first_deadline,
        problems,
        forming,
        max_absence,
        auto_standby: get(f, "auto_standby") == "on",
        door: request::Door::Form,
    }
    .check(now(), books)
}

/// A date and time typed in the game's time zone (`2026-12-24T18:00`); an unknown zone is
/// named by the check, and the time read as UTC meanwhile.
fn local_time(
    f: &Fields,
    key: &str,
    label: &str,
    time_zone: &Option<String>,
    problems: &mut Vec<Said>,
) -> Option<i64> {
    match get(f, key) {
        "" => None,
        v => {
            let tz: Tz = time_zone
                .as_deref()
                .unwrap_or("UTC")
                .parse()
                .unwrap_or(Tz::UTC);
            let written = NaiveDateTime::parse_from_str(v, "%Y-%m-%dT%H:%M")
                .or_else(|_| NaiveDateTime::parse_from_str(v, "%Y-%m-%d %H:%M"))
                .ok();
            let parsed = written.and_then(|t| tz.from_local_datetime(&t).earliest());
            match (written, parsed) {
                // A time the clocks skip (they go forward then): no such moment in that zone.
                (Some(_), None) => problems.push(crate::said!(
                    "error-form-time-skipped",
                    label = Said::new(label),
                    value = v,
                    zone = tz.name()
                )),
                (None, _) => problems.push(crate::said!(
                    "error-form-not-date",
                    label = Said::new(label),
                    value = v
                )),
                _ => {}
            }
            parsed.map(|t| t.timestamp())
        }
    }
}

/// A number of `unit` typed in a field, if any; a problem named when it is not a number.
fn decimal(f: &Fields, key: &str, message: &str, problems: &mut Vec<Said>) -> Option<f64> {
    match get(f, key) {
        "" => None,
        v => match v.parse::<f64>() {
            Ok(n) => Some(n),
            Err(_) => {
                problems.push(Said::new(message).with("value", v));
                None
            }
        },
    }
}

#[cfg(test)]
mod tests {
    /// Every game's house rules, as the service passes them.
    fn books() -> Vec<&'static dyn HouseRules> {
        crate::games::tables()
            .iter()
            .filter_map(|t| t.house_rules())
            .collect()
    }

    use super::*;

    fn form(pairs: &[(&str, &str)]) -> Fields {
        let mut f = defaults(&books());
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
        let errors = parse(&f, &books()).unwrap_err();
        let all = crate::lang::Lang::En.said_all(&errors);
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
        let r = parse(&f, &books()).unwrap();
        assert_eq!(r.players.len(), 3);
        assert_eq!(r.rules.as_ref().unwrap()["safe_size"], 3);
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
        assert!(parse(&f, &books()).unwrap_err()[0]
            .to_string()
            .contains("safe_size 2 does not work with 4 players"));
    }
}
