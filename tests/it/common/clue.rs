//! What the Clue tests read of a game besides its pages: the stored game (to know the deal a
//! test plays against) and the public table's API answer.

use serde_json::Value;

use super::TestApp;

/// The stored game, read as a test may (to know the envelope and the hands).
pub async fn stored(app: &TestApp, id: i64) -> Value {
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    let (state,): (String,) = sqlx::query_as("SELECT state FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    serde_json::from_str(&state).unwrap()
}

/// The public table, as its API gives it.
pub async fn public(app: &TestApp, id: i64) -> Value {
    app.get_json(&format!("/api/clue/games/{id}")).await
}
