//! What the Clue tests read of a game besides its pages: the stored game (to know the deal a
//! test plays against, or to stand in for one stored long ago) and the public table's API
//! answer.

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

/// Changes the stored game as `f` says: a test's stand-in for a state stored long ago, or a
/// day that has ended.
pub async fn edit_stored(app: &TestApp, id: i64, f: impl FnOnce(&mut Value)) {
    let mut state = stored(app, id).await;
    f(&mut state);
    let pool = app.running.as_ref().unwrap().master.store.pool.clone();
    sqlx::query("UPDATE games SET state = $1 WHERE id = $2")
        .bind(state.to_string())
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
}

/// The public table, as its API gives it.
pub async fn public(app: &TestApp, id: i64) -> Value {
    app.get_json(&format!("/api/clue/games/{id}")).await
}
