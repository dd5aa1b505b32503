//! Clue's letters: the welcome (your guest, your hand, the spare cards, whose turn, how to
//! play by mail), and the news of a change as one player may read it (what happened, the card
//! shown to them or by them, whose turn now and until when). Plain text in the reader's
//! language; every letter to a player ends with their page and the rules (`Letter::to_player`).

use super::cards::Card;
use super::service::Stored;
use crate::lang::Lang;
use crate::mail::Letter;
use crate::site::Site;
use crate::store::GameRow;

/// A deadline in the reader's zone, or nothing.
pub fn deadline(t: Lang, at: Option<i64>, zone: &str) -> String {
    at.map(|d| t.time(d, crate::mail::zone(zone)))
        .unwrap_or_default()
}

fn cards(t: Lang, cards: &[Card]) -> String {
    let named: Vec<String> = cards.iter().map(|c| t.clue_card(*c)).collect();
    match named.is_empty() {
        true => t.t("clue-none"),
        false => named.join(", "),
    }
}

/// Whose turn it is, in a sentence for `seat`.
pub fn whose_turn(t: Lang, row: &GameRow, g: &Stored, seat: Option<usize>, zone: &str) -> String {
    let at = row
        .turn_deadline
        .filter(|_| row.status != crate::store::GameStatus::Paused);
    match (g.current(), at) {
        (None, _) => t.t("frame-over"),
        // Not started: no turn runs yet.
        (Some(s), _) if row.status == crate::store::GameStatus::Unconfirmed => t.t1(
            "clue-mail-waits-for-start",
            "player",
            g.game.players[s].as_str(),
        ),
        // Paused, a turn has no deadline: none is named.
        (Some(s), None) if Some(s) == seat => t.t("clue-mail-your-turn-paused"),
        (Some(s), None) => t.t1(
            "clue-mail-whose-turn-paused",
            "player",
            g.game.players[s].as_str(),
        ),
        // A refuter chooses: the deadline is theirs; the suggester's clock waits.
        (Some(s), Some(at)) if g.game.phase == super::game::Phase::Showing => {
            let refuter = g.game.asked.as_ref().map_or(s, |(r, _)| *r);
            match seat == Some(refuter) {
                true => t.t2(
                    "clue-mail-you-choose",
                    "player",
                    g.game.players[s].as_str(),
                    "deadline",
                    deadline(t, Some(at), zone),
                ),
                false => t.t3(
                    "clue-mail-refuter-chooses",
                    "refuter",
                    g.game.players[refuter].as_str(),
                    "player",
                    g.game.players[s].as_str(),
                    "deadline",
                    deadline(t, Some(at), zone),
                ),
            }
        }
        (Some(s), _) if Some(s) == seat => t.t1(
            "clue-mail-your-turn",
            "deadline",
            deadline(t, row.turn_deadline, zone),
        ),
        (Some(s), _) => t.t2(
            "clue-mail-whose-turn",
            "player",
            g.game.players[s].as_str(),
            "deadline",
            deadline(t, row.turn_deadline, zone),
        ),
    }
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
    let name = &g.game.players[seat];
    let guest = Card::all().nth(g.game.guests[seat]).expect("a guest");
    let others: Vec<String> = (0..g.game.players.len())
        .filter(|s| *s != seat)
        .map(|s| {
            let their = Card::all().nth(g.game.guests[s]).expect("a guest");
            format!("{} ({})", g.game.players[s], t.clue_card(their))
        })
        .collect();
    let body = [
        t.t1("clue-mail-hello", "name", name.as_str()),
        t.tr(
            "clue-mail-welcome",
            [
                ("game", row.name.as_str().into()),
                ("id", row.id.into()),
                ("guest", t.clue_card(guest).into()),
                ("others", others.join(", ").into()),
            ],
        ),
        t.t1(
            "clue-mail-hand",
            "cards",
            cards(t, &g.game.setup.hands[seat]),
        ),
        t.t1("clue-mail-spare", "cards", cards(t, &g.game.setup.spare)),
        // The opening bulletin: every house rule, and the roll for the first turn.
        super::bulletins::house_rules(t, g).join(" "),
        super::bulletins::roll_off(t, g),
        whose_turn(t, row, g, Some(seat), zone),
        t.t1("clue-mail-link", "link", link),
        t.t("clue-mail-how"),
        t.t1(
            "clue-mail-public",
            "link",
            site.link(&format!("/clue/games/{}", row.id)),
        ),
    ];
    Letter {
        subject: t.t2(
            "clue-subject-welcome",
            "id",
            row.id,
            "game",
            row.name.as_str(),
        ),
        body: body.join("\n\n") + "\n",
        reply_to: None,
    }
}

/// The final bulletin (on either ending): the envelope, the whole deal, the seed and the salt.
pub fn final_bulletin(site: &Site, row: &GameRow, g: &Stored, t: Lang) -> Vec<String> {
    let record = site.link(&format!("/games/{}/record.json", row.id));
    let mut lines = vec![t.t1(
        "clue-mail-envelope",
        "cards",
        cards(t, &g.game.setup.envelope),
    )];
    lines.extend(super::bulletins::final_lines(t, g, &record));
    lines
}

/// The news of a change for `seat`: what happened (as they may see it), then whose turn.
pub fn news(
    site: &Site,
    row: &GameRow,
    g: &Stored,
    seat: usize,
    since: usize,
    t: Lang,
    zone: &str,
) -> Letter {
    let lines: Vec<String> = g.log[since..]
        .iter()
        .flat_map(|l| l.events.iter())
        .map(|e| format!("  {}", t.clue_event(g, e, Some(seat))))
        .collect();
    let mine = g.current() == Some(seat);
    let asked = g.game.asked.as_ref().is_some_and(|(r, _)| *r == seat);
    let subject = match (g.over(), mine) {
        (true, _) => t.t1("clue-subject-over", "id", row.id),
        _ if asked => t.t2(
            "clue-subject-show",
            "id",
            row.id,
            "player",
            g.game.players[g.game.turn].as_str(),
        ),
        (false, true) => t.t2("clue-subject-turn", "id", row.id, "turn", g.turn_no),
        (false, false) => t.t2("clue-subject-news", "id", row.id, "turn", g.turn_no),
    };
    let mut body = vec![t.t("clue-mail-happened"), lines.join("\n")];
    if g.over() {
        body.extend(final_bulletin(site, row, g, t));
    }
    body.push(whose_turn(t, row, g, Some(seat), zone));
    body.push(t.t1(
        "clue-mail-public",
        "link",
        site.link(&format!("/clue/games/{}", row.id)),
    ));
    Letter {
        subject,
        body: body.join("\n\n") + "\n",
        reply_to: None,
    }
}
