//! The game master's actions as a form sends them, for every game's page: `parse_gm_action`.

use std::collections::BTreeMap;

use crate::master::{GmAction, MasterError};
use crate::said;

pub fn parse_gm_action(f: &BTreeMap<String, String>) -> Result<GmAction, MasterError> {
    let get = |k: &str| f.get(k).map(|s| s.trim()).unwrap_or("");
    Ok(match get("action") {
        "resolve" => GmAction::ResolveNow {
            // The round (or turn) the game master saw open; the API may leave it out.
            round: match get("round") {
                "" => None,
                r => Some(
                    r.parse()
                        .map_err(|_| MasterError::invalid(said!("error-not-round", round = r)))?,
                ),
            },
        },
        "start" => GmAction::Start,
        "pause" => GmAction::Pause,
        "resume" => GmAction::Resume,
        "end" => {
            // The form's box sends "yes"; the API takes true or "yes". Anything else,
            // `false` or "no" included, is no confirmation.
            if !matches!(
                get("confirm").to_ascii_lowercase().as_str(),
                "yes" | "true" | "on"
            ) {
                return Err(MasterError::Invalid(vec![said!(
                    "error-tick-box-confirm-game"
                )]));
            }
            GmAction::End
        }
        "extend" => GmAction::Extend {
            hours: get("hours").parse().map_err(|_| {
                MasterError::invalid(said!("error-not-hours", hours = get("hours")))
            })?,
        },
        "reminders" => GmAction::Reminders {
            hours: crate::master::request::parse_reminder_hours(get("reminder_hours"))
                .map_err(|e| MasterError::Invalid(vec![e]))?,
        },
        "newlink" => GmAction::NewLink {
            seat: get("seat")
                .parse()
                .map_err(|_| MasterError::Invalid(vec![said!("error-choose-player-who-gets")]))?,
        },
        "replace" => GmAction::Replace {
            seat: get("seat")
                .parse()
                .map_err(|_| MasterError::Invalid(vec![said!("error-choose-seat-give-someone")]))?,
            with: crate::master::seats::Newcomer::parse(get("with"), get("name"))
                .map_err(|e| MasterError::Invalid(vec![e]))?,
        },
        "done" => GmAction::MarkDone {
            seat: get("seat")
                .parse()
                .map_err(|_| MasterError::Invalid(vec![said!("error-choose-player-mark-done")]))?,
        },
        other => {
            return Err(MasterError::invalid(said!(
                "error-not-gm-action",
                action = other
            )))
        }
    })
}
