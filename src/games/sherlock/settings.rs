//! Sherlock Solitaire's settings written as text: on the command line (`detectives=holmes,watson
//! case=final_problem level=2 advanced=on turn_hours=24`), in the new-game form, and as the
//! lines the opening page and mail print (every house rule with its value).

use super::setup::{Case, Detective, Settings};
use crate::games::house_text::{on_off, on_off_text, whole};

impl Detective {
    pub fn name(self) -> &'static str {
        match self {
            Detective::Holmes => "holmes",
            Detective::Watson => "watson",
        }
    }

    /// A detective by name (`holmes`, `sherlock`, `watson`), in any case.
    pub fn parse(text: &str) -> Option<Detective> {
        match text.trim().to_lowercase().as_str() {
            "holmes" | "sherlock" | "sherlock holmes" => Some(Detective::Holmes),
            "watson" | "dr. watson" | "dr watson" => Some(Detective::Watson),
            _ => None,
        }
    }
}

impl Case {
    pub fn name(self) -> &'static str {
        match self {
            Case::ValleyOfFear => "valley_of_fear",
            Case::FinalProblem => "final_problem",
        }
    }

    /// A case by name (`valley_of_fear`, `valley`, `final_problem`, `final`), in any case.
    pub fn parse(text: &str) -> Option<Case> {
        let t = text.trim().to_lowercase().replace(['-', ' '], "_");
        match t.as_str() {
            "valley_of_fear" | "valley" | "the_valley_of_fear" => Some(Case::ValleyOfFear),
            "final_problem" | "final" | "the_final_problem" => Some(Case::FinalProblem),
            _ => None,
        }
    }
}

/// Detectives written as a list (`holmes`, `watson,holmes`, `both`: Holmes first).
pub fn detectives(text: &str) -> Result<Vec<Detective>, String> {
    if text.trim().eq_ignore_ascii_case("both") {
        return Ok(vec![Detective::Holmes, Detective::Watson]);
    }
    text.split([',', '+'])
        .map(|d| {
            Detective::parse(d)
                .ok_or_else(|| format!("\"{}\" is not a detective: use holmes or watson", d.trim()))
        })
        .collect()
}

impl Settings {
    /// Sets one setting by its name; the error names what would be right.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key.trim() {
            "detectives" | "detective" => self.detectives = detectives(value)?,
            "case" => {
                self.case = Case::parse(value).ok_or_else(|| {
                    format!("\"{value}\" is not a case: use valley_of_fear or final_problem")
                })?
            }
            "level" => {
                // Refused as written: a level past 255 is not cut down to one first.
                let level = whole(key, value)?;
                if !(1..=3).contains(&level) {
                    return Err(format!("the level is 1, 2 or 3, not {level}"));
                }
                self.level = level as u8;
            }
            "advanced" => self.advanced = on_off(key, value)?,
            "turn_hours" => {
                self.turn_hours = match value.trim() {
                    "" | "none" | "off" | "0" => None,
                    v => Some(whole(key, v)?),
                }
            }
            other => {
                return Err(format!(
                    "\"{other}\" is not a setting of Sherlock Solitaire: use detectives, case, \
                     level, advanced or turn_hours"
                ))
            }
        }
        Ok(())
    }

    /// Settings from the command line's `KEY=VALUE` pairs, checked.
    pub fn from_pairs(pairs: &[String]) -> Result<Settings, String> {
        let mut s = Settings::default();
        for pair in pairs {
            let (k, v) = crate::games::house_text::pair(pair)?;
            s.set(k, v)?;
        }
        s.check()?;
        Ok(s)
    }

    /// Every setting with its value, as the opening page and mail print them.
    pub fn lines(&self) -> Vec<(&'static str, String)> {
        let names: Vec<&str> = self.detectives.iter().map(|d| d.name()).collect();
        vec![
            ("detectives", names.join(",")),
            ("case", self.case.name().to_string()),
            ("level", self.level.to_string()),
            ("advanced", on_off_text(self.advanced)),
            (
                "turn_hours",
                self.turn_hours
                    .map_or("none".to_string(), |h| h.to_string()),
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_is_read_by_name_and_a_wrong_one_says_what_is_right() {
        let s = Settings::from_pairs(&[
            "detectives=watson,holmes".into(),
            "case=final".into(),
            "level=3".into(),
            "advanced=on".into(),
            "turn_hours=24".into(),
        ])
        .unwrap();
        assert_eq!(s.detectives, vec![Detective::Watson, Detective::Holmes]);
        assert_eq!((s.case, s.level, s.advanced), (Case::FinalProblem, 3, true));
        assert_eq!(s.turn_hours, Some(24));
        assert_eq!(s.lines()[0], ("detectives", "watson,holmes".to_string()));
        let e = Settings::from_pairs(&["detectives=moriarty".into()]).unwrap_err();
        assert!(e.contains("holmes or watson"), "{e}");
        let e = Settings::from_pairs(&["case=hound".into()]).unwrap_err();
        assert!(e.contains("final_problem"), "{e}");
        let e = Settings::from_pairs(&["level=4".into()]).unwrap_err();
        assert!(e.contains("1, 2 or 3"), "{e}");
        let e = Settings::from_pairs(&["level=256".into()]).unwrap_err();
        assert!(e.ends_with("1, 2 or 3, not 256"), "{e}");
        let e = Settings::from_pairs(&["wounds=5".into()]).unwrap_err();
        assert!(e.contains("not a setting"), "{e}");
        assert_eq!(
            detectives("both").unwrap(),
            vec![Detective::Holmes, Detective::Watson]
        );
    }
}
