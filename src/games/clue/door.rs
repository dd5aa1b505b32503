//! Mail to a game of Clue: the player's commands (`move to Kitchen`, `suggest Plum with
//! Rope`, `accuse …`, `done`, `show order …`) read from a real reply — greeting, quote and
//! signature dropped — and carried out line by line until one is refused, whose answer says
//! what was done and why the rest was not; `status`, `help`, and the language and time-zone
//! commands shared with the other games.

use super::command::{looks_like_a_command, opens_like_a_guess, read};
use super::service::{parse, Stored};
use crate::mail::answers::with_prefs;
use crate::mail::inbound::{self, Command};
use crate::mail::{reply, Letter};
use crate::master::{Master, MasterError};
use crate::store::{GameRow, PlayerRow};

/// What the player alone may read of the game now: their guest, hand, the cards shown to and
/// by them, whose turn.
fn status(master: &Master, row: &GameRow, g: &Stored, player: &PlayerRow) -> Letter {
    let t = player.lang(row);
    let seat = player.seat as usize;
    let me = g.game.private_view(seat);
    let names = |cards: &[super::cards::Card]| {
        cards
            .iter()
            .map(|c| t.clue_card(*c))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut body = vec![
        t.t1("clue-mail-hand", "cards", names(&me.hand)),
        t.t1("clue-mail-spare", "cards", names(&g.game.setup.spare)),
    ];
    for (by, card) in &me.shown_to_me {
        body.push(t.tr(
            "clue-showed-you",
            [
                ("player", g.game.players[*by].as_str().into()),
                ("card", t.clue_card(*card).into()),
            ],
        ));
    }
    for (to, card) in &me.shown_by_me {
        body.push(t.tr(
            "clue-you-showed",
            [
                ("to", g.game.players[*to].as_str().into()),
                ("card", t.clue_card(*card).into()),
            ],
        ));
    }
    body.push(super::letters::whose_turn(
        t,
        row,
        g,
        Some(seat),
        player.zone(row),
    ));
    body.push(format!(
        "{}\n{}",
        t.t("clue-notebook").to_uppercase(),
        super::sheet::lines(t, g, seat).join("\n")
    ));
    Letter {
        subject: t.t1("clue-subject-status", "id", row.id),
        body: body.join("\n\n") + "\n",
        reply_to: None,
    }
    .to_player(&master.site, player, row)
}

/// Handles a player's mail to a game of Clue: false when it was refused whole.
pub(crate) async fn handle(
    master: &Master,
    player: &PlayerRow,
    row: &GameRow,
    text: &str,
) -> Result<bool, MasterError> {
    // A mistyped command belongs to the turn: refused there with its reason, never dropped
    // as prose around it while the lines after it are carried out.
    let own = reply::own_text(text, |l| {
        read(l).is_ok() || looks_like_a_command(l) || inbound::is_shared_command(l)
    });
    let commands = inbound::commands(&own.text);
    let t = player.lang(row);
    let answer = |subject: String, body: String| {
        Letter {
            subject,
            body,
            reply_to: None,
        }
        .to_player(&master.site, player, row)
    };
    // A line left out as prose that opens like a suggestion or an accusation (its `with`
    // mistyped, say) is not dropped in silence: its sender is told it was not read.
    let stray: Vec<&str> = (own.dropped.iter())
        .filter(|l| opens_like_a_guess(l))
        .map(String::as_str)
        .collect();
    if !commands.has_turn_lines && commands.commands.is_empty() {
        let mut body = t.t1("clue-mail-no-command", "lines", own.ignored as u32);
        if !stray.is_empty() {
            body += "\n\n";
            body += &t.t1("clue-mail-not-read", "lines", stray.join("\n  "));
        }
        let letter = answer(t.t1("clue-subject-refused", "id", row.id), body);
        master
            .send_loose(&player.email, letter, Some(row.id))
            .await?;
        return Ok(false);
    }
    let player = with_prefs(master, player, row, &commands.commands).await?;
    let mut carried = true;
    if commands.has_turn_lines {
        let said = master.clue_command(&player, &commands.turn).await?;
        // What was done is in everyone's news; a refused line is answered to its sender.
        if let Some((line, why)) = said.refused {
            let t = player.lang(row);
            let mut body = vec![t.t2(
                "clue-mail-refused",
                "line",
                line.as_str(),
                "why",
                why.as_str(),
            )];
            if !said.done.is_empty() {
                body.push(t.t1("clue-mail-done-before", "done", said.done.join("\n  ")));
            }
            let letter = answer(
                t.t1("clue-subject-refused", "id", row.id),
                body.join("\n\n") + "\n",
            );
            master
                .send_loose(&player.email, letter, Some(row.id))
                .await?;
            carried = !said.done.is_empty();
        }
    }
    if !stray.is_empty() {
        let t = player.lang(row);
        let letter = answer(
            t.t1("clue-subject-not-read", "id", row.id),
            t.t1("clue-mail-not-read", "lines", stray.join("\n  ")),
        );
        master
            .send_loose(&player.email, letter, Some(row.id))
            .await?;
    }
    if !commands.has_turn_lines {
        // The commands alone still lift an idleness skip (a turn's lines lift it in `act`).
        let shared = inbound::shared_command_text(&own.text, |_| false);
        master.clue_heard_from(&player, &shared).await?;
    }
    if commands.commands.contains(&Command::Status) {
        let g = parse(&master.public_game(row.id).await?)?;
        let letter = status(master, row, &g, &player);
        master
            .send_loose(&player.email, letter, Some(row.id))
            .await?;
    }
    if commands.commands.contains(&Command::Help) {
        let letter = answer(
            t.t1("clue-subject-help", "id", row.id),
            t.t("clue-mail-how") + "\n",
        );
        master
            .send_loose(&player.email, letter, Some(row.id))
            .await?;
    }
    Ok(carried)
}
