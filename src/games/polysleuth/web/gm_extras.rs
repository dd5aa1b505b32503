//! The parts of the game master's page that come from mail and sign-ups, not from the game:
//! plain data, kept for a moment by `PageCache`.

use serde::Serialize;

#[derive(Serialize)]
pub struct FailingMail {
    pub recipient: String,
    pub subject: String,
    pub attempts: i64,
    pub error: String,
}

/// The parts of the game master's page that come from mail and sign-ups, not from the game.
pub struct GmExtras {
    pub failing_mail: Vec<FailingMail>,
    pub refused_mail: i64,
    pub bounces: Vec<String>,
    pub standbys: Vec<(i64, String)>,
}
