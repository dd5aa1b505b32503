//! Sherlock Solitaire's letters and the table as text: the welcome (the case, who plays, how
//! to play by mail and, on the player's turn, the four cards drawn), the news of a turn ended
//! (what it did; then the next turn's cards and the plays open to them, or whose turn it is),
//! and the end. Plain text in the reader's language; every letter to a player ends with their
//! page and the rules (`Letter::to_player`).

use super::cards::Face;
use super::game::Game;
use super::stored::Stored;
use super::view::event_for_onlooker;
use super::words::{detective, event};
use crate::lang::Lang;
use crate::mail::Letter;
use crate::site::Site;
use crate::store::GameRow;

/// Cards as a line (`1, C, 4`), or "none".
pub fn faces(t: Lang, faces: &[Face]) -> String {
    match faces.is_empty() {
        true => t.t("sherlock-none"),
        false => faces
            .iter()
            .map(|f| f.to_string())
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The case, its level and clock, and the detectives: "The Final Problem, level 2: 13
/// turns. Sherlock Holmes, then Dr. Watson."
pub fn case_line(t: Lang, g: &Stored) -> String {
    let s = &g.game.settings;
    let who: Vec<String> = (s.detectives.iter().enumerate())
        .map(|(i, d)| match g.players.len() {
            1 => detective(t, *d),
            _ => format!("{} ({})", detective(t, *d), g.players[i]),
        })
        .collect();
    t.tr(
        "sherlock-case-line",
        [
            (
                "case",
                t.t(&format!("sherlock-case-{}", s.case.name())).into(),
            ),
            ("level", (s.level as i64).into()),
            ("turns", (s.turn_limit() as i64).into()),
            ("detectives", who.join(", ").into()),
            (
                "goal",
                t.t(&format!("sherlock-goal-{}-{}", s.case.name(), s.level))
                    .into(),
            ),
        ],
    ) + " "
        + &house_rules_line(t, s)
}

/// The game's house rules in words (RULES: printed in the game's opening page and mail).
pub fn house_rules_line(t: Lang, s: &crate::games::sherlock::setup::Settings) -> String {
    let hours = s.turn_hours.map_or("none".to_string(), |h| h.to_string());
    let advanced = if s.advanced { "on" } else { "off" };
    t.t2(
        "sherlock-house-rules",
        "advanced",
        advanced,
        "hours",
        hours.as_str(),
    )
}

/// The table as everyone may read it, a line each.
pub fn table_lines(t: Lang, g: &Game) -> Vec<String> {
    let mut lines = vec![t.tr(
        "sherlock-table-status",
        [
            ("turn", (g.turn as i64).into()),
            ("limit", (g.settings.turn_limit() as i64).into()),
            ("left", (g.turns_left() as i64).into()),
            ("wounds", (g.wounds as i64).into()),
            ("deck", (g.deck.len() as i64).into()),
        ],
    )];
    lines.push(t.t("sherlock-office"));
    if g.office.is_empty() {
        lines.push(format!("  {}", t.t("sherlock-none")));
    }
    for set in &g.office {
        let cards: Vec<Face> = set.cards.iter().map(|c| c.face()).collect();
        lines.push(format!(
            "  {}: {}",
            t.t1("sherlock-place-set", "number", set.number as i64),
            faces(t, &cards)
        ));
    }
    let scene: Vec<Face> = g.scene.iter().map(|c| c.face()).collect();
    lines.push(t.t1("sherlock-scene-line", "cards", faces(t, &scene)));
    let discard: Vec<Face> = g.discard.iter().map(|c| c.face()).collect();
    lines.push(t.t1("sherlock-discard-line", "cards", faces(t, &discard)));
    if !g.completed.is_empty() {
        let done: Vec<String> = g.completed.iter().map(|n| n.to_string()).collect();
        lines.push(t.t1("sherlock-completed-line", "numbers", done.join(", ")));
    }
    lines
}

/// What the player on turn holds and may do now: the hand, a waiting choice, the plays open.
pub fn hand_lines(t: Lang, g: &Game) -> Vec<String> {
    let hand: Vec<String> = (g.hand.iter())
        .map(|h| format!("{}{}", if h.plus { "+" } else { "" }, h.card.face()))
        .collect();
    let mut lines = vec![t.t1(
        "sherlock-hand-line",
        "cards",
        match hand.is_empty() {
            true => t.t("sherlock-none"),
            false => hand.join(", "),
        },
    )];
    if let Some(w) = &g.waiting {
        lines.push(t.t2(
            "sherlock-choice-line",
            "detective",
            detective(t, w.detective),
            "number",
            w.number as i64,
        ));
    }
    let mut open = super::solver::legal_lines(g);
    if g.may_redraw() {
        open.insert(0, "redraw".to_string());
    }
    if !open.is_empty() {
        lines.push(t.t1("sherlock-open-line", "lines", open.join(" · ")));
    }
    lines
}

/// Whose turn it is, for `seat`.
pub fn whose_turn(t: Lang, g: &Stored, seat: usize) -> String {
    if g.over() {
        return t.t("frame-over");
    }
    let on = g.seat_on_turn();
    let d = detective(t, g.game.detective());
    match on == seat {
        true => t.t1("sherlock-your-turn", "detective", d),
        false => t.t2(
            "sherlock-whose-turn",
            "player",
            g.players[on].as_str(),
            "detective",
            d,
        ),
    }
}

/// How the game ended, with its deck and salt for `verify`.
pub fn end_lines(t: Lang, g: &Stored) -> Vec<String> {
    let mut lines: Vec<String> = (g.log.iter().rev().take(1))
        .flat_map(|l| l.events.iter())
        .map(|e| event(t, &event_for_onlooker(e)))
        .collect();
    lines.push(t.tr(
        "sherlock-end-line",
        [
            ("turn", (g.game.turn as i64).into()),
            ("wounds", (g.game.wounds as i64).into()),
        ],
    ));
    lines
}

/// When the turn under way ends, in the reader's time zone, for a game whose turns have a
/// deadline (house rule `turn_hours`); None without one, or once the game is over.
pub fn turn_ends(t: Lang, row: &GameRow, g: &Stored, zone: &str) -> Option<String> {
    if g.over() || g.game.settings.turn_hours.is_none() {
        return None;
    }
    Some(match row.turn_deadline {
        Some(at) => t.t1(
            "sherlock-turn-ends",
            "deadline",
            t.time(at, crate::mail::zone(zone)),
        ),
        None => t.t("sherlock-turn-clock-stopped"),
    })
}

/// A player's welcome (their key is in their link: the letter does not show it apart).
#[allow(clippy::too_many_arguments)]
pub fn welcome(
    site: &Site,
    row: &GameRow,
    g: &Stored,
    seat: usize,
    link: &str,
    _key: &str,
    t: Lang,
    zone: &str,
) -> Letter {
    let mut body = vec![
        t.t1("sherlock-mail-hello", "name", g.players[seat].as_str()),
        t.t2(
            "sherlock-mail-welcome",
            "game",
            row.name.as_str(),
            "id",
            row.id,
        ),
        case_line(t, g),
        t.t1("sherlock-mail-link", "link", link),
        t.t("sherlock-mail-how"),
    ];
    if g.seat_on_turn() == seat && !g.over() {
        body.push(table_lines(t, &g.game).join("\n"));
        body.push(hand_lines(t, &g.game).join("\n"));
    }
    body.push(whose_turn(t, g, seat));
    body.extend(turn_ends(t, row, g, zone));
    body.push(t.t1(
        "sherlock-mail-public",
        "link",
        site.link(&format!("/sherlock/games/{}", row.id)),
    ));
    Letter {
        subject: t.t2(
            "sherlock-subject-welcome",
            "id",
            row.id,
            "game",
            row.name.as_str(),
        ),
        body: body.join("\n\n") + "\n",
        reply_to: None,
    }
}

/// The news of a turn ended, for `seat`: what happened since `since` (the cards drawn for
/// another's turn hidden), then the table and, on their turn, the hand and the plays open.
pub fn news(
    site: &Site,
    row: &GameRow,
    g: &Stored,
    seat: usize,
    since: usize,
    t: Lang,
    zone: &str,
) -> Letter {
    let mine = !g.over() && g.seat_on_turn() == seat;
    // A turn's own draw is its player's; of two people, the other reads how many.
    let lines: Vec<String> = (g.log[since..].iter())
        .flat_map(|l| l.events.iter().map(move |e| (l.turn, e)))
        .map(|(turn, e)| match g.seat_of_turn(turn) == seat {
            true => format!("  {}", event(t, e)),
            false => format!("  {}", event(t, &event_for_onlooker(e))),
        })
        .collect();
    let subject = match (g.over(), mine) {
        (true, _) => t.t1("sherlock-subject-over", "id", row.id),
        (false, true) => t.tr(
            "sherlock-subject-turn",
            [
                ("id", row.id.into()),
                ("turn", (g.game.turn as i64).into()),
                ("limit", (g.game.settings.turn_limit() as i64).into()),
            ],
        ),
        (false, false) => t.t2(
            "sherlock-subject-news",
            "id",
            row.id,
            "turn",
            g.game.turn as i64,
        ),
    };
    let mut body = vec![t.t("sherlock-mail-happened"), lines.join("\n")];
    body.push(table_lines(t, &g.game).join("\n"));
    if g.over() {
        body.push(end_lines(t, g).join("\n"));
        body.push(match &g.daily {
            Some(day) if !super::day::ended(day) => t.t2(
                "sherlock-mail-daily-record",
                "day",
                day.as_str(),
                "link",
                site.link(&format!("/sherlock/daily/{day}")),
            ),
            _ => t.t1(
                "sherlock-mail-record",
                "link",
                site.link(&format!("/games/{}/record.json", row.id)),
            ),
        });
    } else if mine {
        body.push(hand_lines(t, &g.game).join("\n"));
        body.push(t.t("sherlock-mail-reply"));
    }
    body.push(whose_turn(t, g, seat));
    body.extend(turn_ends(t, row, g, zone));
    body.push(t.t1(
        "sherlock-mail-public",
        "link",
        site.link(&format!("/sherlock/games/{}", row.id)),
    ));
    Letter {
        subject,
        body: body.join("\n\n") + "\n",
        reply_to: None,
    }
}
