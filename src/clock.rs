//! The service's clock, in one place: every time the game master stores or compares is whole
//! epoch seconds read here, so a module that needs the time depends on nothing else.

/// Now, in epoch seconds.
pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}
