//! The core's checks of a new game's request: defaults, every problem named at once, reminder
//! hours, and one inbox a seat.

use super::*;

/// A game whose house rules are empty and suit any table the core allows: the checks
/// here are the core's own, whatever the game.
struct AnyGame;

impl HouseRules for AnyGame {
    fn ruleset(&self) -> Ruleset {
        Ruleset::new("any")
    }
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }
    fn title(&self) -> &'static str {
        "Any game"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        3..=7
    }
    fn read(&self, given: Option<&serde_json::Value>) -> Result<serde_json::Value, Said> {
        Ok(given.cloned().unwrap_or_default())
    }
    fn fits(&self, _rules: &serde_json::Value, _players: usize) -> Result<(), Said> {
        Ok(())
    }
    fn turn_seconds(&self, _rules: &serde_json::Value) -> Option<i64> {
        None
    }
    fn check_deal(
        &self,
        _names: &[String],
        _rules: &serde_json::Value,
        _deal: &BTreeMap<String, Vec<String>>,
    ) -> Result<(), String> {
        Ok(())
    }
    fn reserved_name(&self, _name: &str) -> bool {
        false
    }
    fn label(&self, _t: Lang) -> String {
        self.title().into()
    }
    fn hint(&self, _t: Lang) -> Option<String> {
        None
    }
    fn form(&self, _t: Lang, _value: &dyn Fn(&str) -> String) -> String {
        String::new()
    }
    fn read_form(
        &self,
        _field: &dyn Fn(&str) -> String,
        _assistant: bool,
    ) -> Result<serde_json::Value, Vec<Said>> {
        Ok(serde_json::Value::Null)
    }
}

fn books() -> Vec<&'static dyn HouseRules> {
    vec![&AnyGame]
}

fn draft() -> Draft {
    Draft {
        name: "Test".into(),
        gm_email: "gm@example.org".into(),
        players: ["Ann", "Ben", "Cleo"]
            .iter()
            .map(|n| (n.to_string(), format!("{}@example.org", n.to_lowercase())))
            .collect(),
        listed: true,
        ..Draft::default()
    }
}

#[test]
fn a_good_draft_takes_the_defaults() {
    let r = draft().check(1_000, &books()).unwrap();
    assert_eq!(r.round_seconds, (ROUND_HOURS * 3600.0) as i64);
    assert_eq!(r.grace_seconds, 300);
    assert_eq!(r.reminder_hours, "24,2");
    assert_eq!(r.time_zone, "UTC");
}

#[test]
fn every_problem_is_named_at_once() {
    let d = Draft {
        name: "x".repeat(81),
        round_hours: Some(0.0),
        grace_minutes: Some(-1.0),
        time_zone: Some("Mars/Olympus".into()),
        reminder_hours: Some("24, soon".into()),
        first_deadline: Some(10),
        problems: vec![Said::text("read first")],
        ..draft()
    };
    let all = Lang::En.said_all(&d.check(1_000, &books()).unwrap_err());
    for part in [
        "read first",
        "1 to 80 characters (this one has 81)",
        "a round of 0 hours is not allowed: give a round length from 0.25 hours",
        "grace period -1 minutes",
        "time zone \"Mars/Olympus\" is unknown",
        "\"soon\" is not a whole number",
        "the first deadline is in the past",
    ] {
        assert!(all.contains(part), "{part} missing from {all}");
    }
}

#[test]
fn a_round_lasts_at_least_a_quarter_of_an_hour_and_at_most_sixty_days() {
    for hours in [1.0 / 3600.0, 0.2, 1440.5] {
        let d = Draft {
            round_hours: Some(hours),
            ..draft()
        };
        let refused = Lang::En.said_all(&d.check(1_000, &books()).unwrap_err());
        assert!(
            refused.contains(
                "give a round length from 0.25 hours (a quarter of an hour) to 1440 hours"
            ),
            "{hours}: {refused}"
        );
        let d = Draft {
            round_hours: Some(hours),
            language: Some("fr".into()),
            ..draft()
        };
        let refused = Lang::Fr.said_all(&d.check(1_000, &books()).unwrap_err());
        assert!(refused.contains("un quart d’heure"), "{refused}");
    }
    // The operator's command line may make shorter rounds, for trials.
    let d = Draft {
        round_hours: Some(0.0005),
        door: Door::Operator,
        ..draft()
    };
    assert_eq!(d.check(1_000, &books()).unwrap().round_seconds, 2);
    for (hours, seconds) in [(0.25, 900), (1440.0, 1440 * 3600)] {
        let d = Draft {
            round_hours: Some(hours),
            ..draft()
        };
        assert_eq!(d.check(1_000, &books()).unwrap().round_seconds, seconds);
    }
}

#[test]
fn reminder_hours_are_sorted_and_deduplicated() {
    assert_eq!(reminder_hours_text(" 2, 24,2 ").unwrap(), "24,2");
    assert!(parse_reminder_hours("0").is_err());
}

#[test]
fn a_few_reminders_a_deadline_are_taken_and_more_are_refused_by_count() {
    assert_eq!(reminder_hours_text("48, 24, 2").unwrap(), "48,24,2");
    let many: Vec<String> = (1..=168).map(|h| h.to_string()).collect();
    let refused = Lang::En.said(&parse_reminder_hours(&many.join(",")).unwrap_err());
    assert!(
        refused.contains("168 reminders before a deadline are too many; give at most 3"),
        "{refused}"
    );
}

#[test]
fn two_seats_with_one_inbox_are_refused_however_the_address_is_spelt() {
    for (first, second) in [
        ("ann@example.org", "ANN@example.org"),
        ("ann@gmail.com", "a.nn+two@googlemail.com"),
    ] {
        let d = Draft {
            players: vec![
                ("Ann".into(), first.into()),
                ("Ben".into(), "ben@example.org".into()),
                ("Annie".into(), second.into()),
            ],
            ..draft()
        };
        let all = Lang::En.said_all(&d.check(1_000, &books()).unwrap_err());
        assert!(
            all.contains(&format!(
                "Annie's address {second} is another player's already"
            )),
            "{all}"
        );
    }
    // Computer players have no address: two of them are two seats.
    let d = Draft {
        players: vec![
            ("Ann".into(), "ann@example.org".into()),
            ("Robo".into(), "computer:novice".into()),
            ("Robi".into(), "computer:novice".into()),
        ],
        ..draft()
    };
    assert!(d.check(1_000, &books()).is_ok());
}
