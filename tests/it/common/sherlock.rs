//! What the Sherlock Solitaire tests use besides the doors: the stored game (to plan a turn as
//! a player would, from the table and the hand), a seed whose game shows what a test needs,
//! and a turn's plan by the searching solver.

use polysleuth::games::sherlock::command::read;
use polysleuth::games::sherlock::game::{Event, Game};
use polysleuth::games::sherlock::setup::{deck, play_stream, Settings};
use polysleuth::games::sherlock::solver::planned_line;
use polysleuth::games::sherlock::stored::Stored;
use serde_json::{json, Value};

use super::TestApp;

/// The stored game.
pub async fn stored(app: &TestApp, id: i64) -> Stored {
    serde_json::from_value(super::clue::stored(app, id).await).expect("a Sherlock game")
}

/// Makes a game through the operator's door (a seed given): its id, the players' page paths
/// and the game master's.
pub async fn create(
    app: &TestApp,
    seed: u64,
    players: &[&str],
    settings: Value,
) -> (i64, Vec<String>, String) {
    create_with(app, seed, players, settings, json!({})).await
}

/// `create`, with more fields of the request (a language, say).
pub async fn create_with(
    app: &TestApp,
    seed: u64,
    players: &[&str],
    settings: Value,
    more: Value,
) -> (i64, Vec<String>, String) {
    let mut body = json!({
        "name": "Baker Street", "gm_email": "gm@example.org", "ruleset": "sherlock",
        "players": players, "seed": seed, "settings": settings,
    });
    let Value::Object(more) = more else {
        panic!("more fields are a JSON object: {more}");
    };
    body.as_object_mut().expect("a request body").extend(more);
    let (status, created) = app.post_game(&body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let links = (app.player_links(&created).await.iter())
        .map(|l| l.replacen("/play/", "/sherlock/play/", 1))
        .collect();
    (
        id,
        links,
        super::path_of(created["gm_link"].as_str().unwrap()),
    )
}

/// A line chooser: the searching solver, or one that takes the first legal line.
pub type Chooser = fn(&Game) -> Option<String>;

/// The first legal line: a careless player.
pub fn careless(g: &Game) -> Option<String> {
    polysleuth::games::sherlock::solver::legal_lines(g)
        .into_iter()
        .next()
}

/// The lines `choose` plays for the rest of the turn from the stored game (the reshuffles
/// drawn from the game's own stream), stopping when the game ends.
pub fn plan_turn(s: &Stored, choose: Chooser) -> Vec<String> {
    let mut g = s.game.clone();
    let mut rng = s.rng();
    let turn = g.turn;
    let mut lines = Vec::new();
    while let Some(line) = choose(&g) {
        g.play(&read(&line).unwrap(), &mut rng).unwrap();
        lines.push(line);
        if g.over() || g.turn != turn {
            break;
        }
    }
    lines
}

/// The first seed from `from` whose game, played by `choose` with any salt, meets `wanted`
/// before the deck is first reshuffled (until then no salt changes anything); the events up
/// to there are given to `wanted` with the game after them.
pub fn seed_where(
    settings: &Settings,
    choose: Chooser,
    from: u64,
    wanted: impl Fn(&Game, &[Event]) -> bool,
) -> u64 {
    for seed in from..from + 5000 {
        let mut rng = play_stream("any", seed);
        let (mut g, mut events) = Game::new(settings.clone(), deck(seed), &mut rng);
        loop {
            if events.iter().any(|e| matches!(e, Event::Reshuffled { .. })) {
                break;
            }
            if wanted(&g, &events) {
                return seed;
            }
            if g.over() {
                break;
            }
            match choose(&g) {
                Some(line) => events.extend(g.play(&read(&line).unwrap(), &mut rng).unwrap()),
                None => {
                    let settled = g.settle(&mut rng);
                    if settled.is_empty() {
                        break;
                    }
                    events.extend(settled);
                }
            }
        }
    }
    panic!("no seed from {from} gives what the test needs");
}

/// `planned_line`, as a `Chooser`.
pub fn searching(g: &Game) -> Option<String> {
    planned_line(g)
}
