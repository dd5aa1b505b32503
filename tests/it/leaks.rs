//! RULES.md §6: for every viewer, every page and API answer of a game in progress shows no
//! card of another hand, no card of the safe, and no other player's turn or guess card.

use crate::common;

use std::collections::BTreeSet;
use std::ops::Add;

use common::{game_body, path_of, scenario, TestApp};
use polysleuth::games::polysleuth::rules::Card;
use serde_json::{json, Value};

fn cards_in(v: &Value) -> BTreeSet<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect()
}

/// Card names that appear in `text` outside the public answer sentences.
/// Cut `from` up to the next `to` (inclusive) out of a text, every time.
fn cut(text: &str, from: &str, to: &str) -> String {
    let mut t = text.to_string();
    while let Some(i) = t.find(from) {
        let j = t[i..].find(to).map_or(t.len(), |j| i + j + to.len());
        t.replace_range(i..j, "");
    }
    t
}

/// The text without the parts that list every card without saying where it is: the turn
/// builder's choice of cards, and the Information Sheet (checked on its own in tests/sheets.rs,
/// and below against the true deal).
fn without_card_lists(text: &str) -> String {
    if let Ok(mut v) = serde_json::from_str::<serde_json::Value>(text) {
        if let Some(o) = v.as_object_mut() {
            o.remove("sheet");
        }
        return v.to_string();
    }
    let t = cut(text, "<select id=\"g_card\"", "</select>");
    let t = cut(
        &t,
        "<div class=\"sheet-grid\"",
        "<section aria-labelledby=\"guesses\">",
    );
    cut(&t, "YOUR INFORMATION SHEET", "Public page:")
}

fn visible_cards(text: &str, answers: &[String]) -> BTreeSet<String> {
    let text = without_card_lists(text);
    // The fixed examples of how to write a turn name cards too; drop exactly those.
    let mut t: String = text
        .lines()
        .filter(|l| !l.contains("(a guess"))
        .map(|l| {
            l.replace("1: Bob has 2 Red Diamond", "")
                .replace("2: 3 Blue Opal is in the safe", "")
        })
        .collect::<Vec<_>>()
        .join("\n");
    for a in answers {
        t = t.replace(a, "");
    }
    Card::all()
        .map(|c| c.name())
        .filter(|n| t.contains(n.as_str()))
        .collect()
}

#[tokio::test]
async fn no_viewer_sees_what_is_not_theirs() {
    let mut app = TestApp::spawn().await;
    let s = scenario();
    // Three players and a safe of 3 cards: a safe to keep secret too.
    let names = ["Ann", "Ben", "Cleo"];
    let (status, created) = app
        .post_game(&game_body(
            &names,
            None,
            json!({"seed": 77, "settings": {"safe_size": 3}}),
        ))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let links: Vec<String> = app.player_links(&created).await;
    let gm = path_of(created["gm_link"].as_str().unwrap());
    let _ = s;

    let hands: Vec<BTreeSet<String>> = {
        let mut v = Vec::new();
        for l in &links {
            v.push(cards_in(&app.private_view(l).await["hand"]));
        }
        v
    };
    // Round 1: everyone guesses a card of the next player's hand and asks a two-trait question.
    for (i, l) in links.iter().enumerate() {
        let next = (i + 1) % 3;
        let card = hands[next].iter().next().unwrap();
        let text = format!(
            "1: {} has {card}\n1 (3): {} has how many Red Pearl?\nready",
            names[next], names[next]
        );
        let (st, v) = app.turn(l, &text).await;
        assert_eq!(st, 200, "{v}");
    }
    app.wait_for_round(id, 1).await;
    // Round 2 in progress: secret turns are stored but not resolved.
    for (i, l) in links.iter().enumerate() {
        let other = (i + 2) % 3;
        let card = hands[other].iter().last().unwrap();
        app.turn(l, &format!("1: {} has {card}", names[other]))
            .await;
    }

    let game = app.get_json(&format!("/api/games/{id}")).await;
    let published: BTreeSet<String> = game["published"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["card"].as_str().unwrap().to_string())
        .collect();
    let answers: Vec<String> = game["bulletins"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| b["answers"].as_array().unwrap().clone())
        .map(|a| {
            format!(
                "{} has {} {}",
                a["target"].as_str().unwrap(),
                a["count"],
                a["traits"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t.as_str().unwrap())
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        })
        .collect();
    let public_paths = [
        "/".to_string(),
        format!("/games/{id}"),
        format!("/games/{id}/rounds/1"),
        format!("/games/{id}/rounds/1.txt"),
        format!("/games/{id}/feed.atom"),
        "/api/games".into(),
        format!("/api/games/{id}"),
        format!("/api/games/{id}/rounds/1"),
    ];
    // Pages are captured while the game is in progress and checked once the true deal is
    // known, so the check does not trust the views it checks.
    let mut captured: Vec<(Option<usize>, String, String)> = Vec::new();

    // The public and the game master: only published cards.
    let mut gm_paths: Vec<String> = public_paths.to_vec();
    gm_paths.push(gm.clone());
    gm_paths.push(gm.replacen("/gm/", "/api/gm/", 1));
    for path in &gm_paths {
        let (_, text) = app.get_text(path).await;
        captured.push((None, path.clone(), text));
    }

    // Each player: their hand, their own guesses and reveals and turn, and published cards.
    let mut checked_own_secret = false;
    let mut own_knowledge = Vec::new();
    for (i, l) in links.iter().enumerate() {
        let view = app.private_view(l).await;
        let mut known = BTreeSet::new();
        for g in view["guesses"].as_array().unwrap() {
            known.insert(g["card"].as_str().unwrap().to_string());
        }
        for r in view["reveals"].as_array().unwrap() {
            known.extend(cards_in(&r["cards"]));
        }
        let own_turn = view["turn"]["text"].as_str().unwrap().to_string();
        known.extend(
            Card::all()
                .map(|c| c.name())
                .filter(|n| own_turn.contains(n.as_str())),
        );
        own_knowledge.push(known);
        let mut paths = public_paths.to_vec();
        paths.push(l.clone());
        paths.push(l.replacen("/play/", "/api/play/", 1));
        for path in &paths {
            let (_, text) = app.get_text(path).await;
            captured.push((Some(i), path.clone(), text));
        }
        // The check has teeth: the player's own secrets are on their own page.
        let (_, own) = app.get_text(l).await;
        checked_own_secret |=
            own.contains(hands[i].iter().next().unwrap().as_str()) && own.contains(&own_turn);
        // Nobody else's private API answers to this player's key.
        let other = &links[(i + 1) % 3];
        assert_ne!(app.private_view(other).await["me"], view["me"]);
    }
    assert!(checked_own_secret);

    // Mail: each player's letters hold only what that player may see.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    for m in app.mails() {
        let unfolded = m.replace("=\r\n", "").replace("=\n", "");
        let who = names
            .iter()
            .position(|n| unfolded.contains(&format!("To: {}@example.org", n.to_lowercase())));
        if who.is_some() || unfolded.contains("To: gm@example.org") {
            captured.push((who, "a mail".into(), unfolded));
        }
    }

    // Now end the game and learn the true deal.
    let (st, v) = app
        .post_json(
            &gm.replacen("/gm/", "/api/gm/", 1).add("/actions"),
            &json!({"action": "end", "confirm": "yes"}),
        )
        .await;
    assert_eq!(st, 200, "{v}");
    let over = app.get_json(&format!("/api/games/{id}")).await;
    let deal_text = over["final"]["deal_text"].as_str().unwrap();
    let true_hands: Vec<BTreeSet<String>> = deal_text
        .lines()
        .take(3)
        .map(|l| {
            l.split_once(':')
                .unwrap()
                .1
                .split(',')
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty())
                .collect()
        })
        .collect();
    for (who, path, text) in &captured {
        let mut allowed = published.clone();
        if let Some(i) = who {
            allowed.extend(true_hands[*i].iter().cloned());
            allowed.extend(own_knowledge[*i].iter().cloned());
        }
        let seen = visible_cards(text, &answers);
        let leaked: Vec<_> = seen.difference(&allowed).collect();
        let viewer = who.map(|i| names[i]).unwrap_or("the public or the GM");
        assert!(leaked.is_empty(), "{viewer} sees {leaked:?} on {path}");
        // A player's sheet may deduce, but never wrongly, and never rules out the truth.
        if let (Some(i), Ok(v)) = (who, serde_json::from_str::<serde_json::Value>(text)) {
            if let Some(sheet) = v.get("sheet") {
                let places = sheet["locations"].as_array().unwrap();
                for row in sheet["cards"].as_array().unwrap() {
                    let card = row["card"].as_str().unwrap();
                    let owner = (0..3)
                        .find(|s| true_hands[*s].contains(card))
                        .map_or("safe", |s| names[s]);
                    for (l, cell) in row["cells"].as_array().unwrap().iter().enumerate() {
                        let here = places[l] == owner;
                        if cell["certain"] == true {
                            assert_eq!(
                                cell["p"] == 1.0,
                                here,
                                "{} is told wrongly where {card} is",
                                names[*i]
                            );
                        }
                        if here {
                            assert_ne!(cell["p"], 0.0, "{card} is ruled out where it is");
                        }
                    }
                }
            }
        }
    }
    app.stop().await;
}
