//! `polysleuth verify`: checks a finished game's record (`/games/{id}/record.json`) by the rules
//! of the game it names (`games::of_input`): its commitment, then every move replayed by the
//! engine alone. The answer is `verified`, or the first difference.

pub use crate::games::Mismatch;

/// Verifies a record's text, whichever game it is of.
pub fn verify(text: &str) -> Result<(), Mismatch> {
    let record: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| Mismatch::Unreadable(format!("the record is not valid JSON: {e}")))?;
    crate::games::of_input(&record).verify(&record, text)
}

/// Whether a record says its deal was given by the operator (`"deal_given_by": "operator"`).
fn operator_dealt(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| v["deal_given_by"] == "operator")
}

/// `polysleuth verify FILE`: prints `verified` (status 0), or the first difference (status 1);
/// a record that cannot be read is named on standard error (status 2).
pub fn main(file: &str) -> std::process::ExitCode {
    use std::process::ExitCode;
    let text = match crate::replay::read_input("verify", file) {
        Ok(t) => t,
        Err(code) => return code,
    };
    match verify(&text) {
        Ok(()) => {
            println!("verified");
            if operator_dealt(&text) {
                eprintln!(
                    "note: this deal was given by the operator (a chosen seed or deal), not drawn \
                     by the service: the commitment proves that it was not changed, not that \
                     nobody chose it"
                );
            }
            ExitCode::SUCCESS
        }
        Err(Mismatch::Differs(what)) => {
            println!("not verified: {what}");
            ExitCode::from(1)
        }
        Err(Mismatch::Unreadable(what)) => {
            eprintln!("polysleuth verify: {what}");
            ExitCode::from(2)
        }
    }
}
