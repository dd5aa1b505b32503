//! Mail to a game of Sherlock Solitaire: the player's plays (`2 office`, `C office on 2`,
//! `4 scene`, `then C from set 3 to discard`, `complete 3`, `redraw`) read from a real reply —
//! greeting, quote and signature dropped — and carried out in order. The answer says what was
//! done and, when a line was wrong or a choice is missing, which, why, where the turn stands and
//! what is needed; when the turn ended, the next turn's letter says the rest. `status`, `help`,
//! and the language and time-zone commands are shared with the other games.

use super::command::{looks_like_a_play, read};
use super::letters::{hand_lines, table_lines, whose_turn};
use super::service::parse;
use super::stored::Stored;
use super::words::event;
use crate::mail::answers::with_prefs;
use crate::mail::inbound::{self, Command};
use crate::mail::{reply, Letter};
use crate::master::{Master, MasterError};
use crate::store::{GameRow, PlayerRow};

/// Handles a player's mail to a game of Sherlock Solitaire: false when it was refused whole.
pub(crate) async fn handle(
    master: &Master,
    player: &PlayerRow,
    row: &GameRow,
    text: &str,
) -> Result<bool, MasterError> {
    // A mistyped play belongs to the turn: refused there with its reason, never dropped as
    // prose around it while the lines after it are played.
    let own = reply::own_text(text, |l| {
        read(l).is_ok() || looks_like_a_play(l) || inbound::is_shared_command(l)
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
    // A reply with no play at all is still a reply (RULES §7, "By message"): once a refused
    // line has left the sender's turn open with only a set to complete, it ends the turn, the
    // one way a player by mail can decline to complete.
    let seat = player.seat as usize;
    let empty_reply = !commands.has_turn_lines && commands.commands.is_empty() && {
        let g = parse(&master.public_game(row.id).await?)?;
        !g.over() && g.seat_on_turn() == seat && !g.game.turn_goes_on()
    };
    if !commands.has_turn_lines && commands.commands.is_empty() && !empty_reply {
        let letter = answer(
            t.t1("sherlock-subject-refused", "id", row.id),
            t.t1("sherlock-mail-no-command", "lines", own.ignored as u32) + "\n",
        );
        master
            .send_loose(&player.email, letter, Some(row.id))
            .await?;
        return Ok(false);
    }
    let player = with_prefs(master, player, row, &commands.commands).await?;
    let t = player.lang(row);
    let mut carried = true;
    if commands.has_turn_lines || empty_reply {
        let done = master.sherlock_reply_seen(&player, &commands.turn, false, Stored::clone);
        match done.await {
            Ok((done, after)) => {
                let g = match after {
                    Some(g) => g,
                    None => parse(&master.public_game(row.id).await?)?,
                };
                let mut body: Vec<String> = Vec::new();
                let did: Vec<String> = (done.lines.iter())
                    .filter_map(|l| {
                        let events = l.events.as_ref()?;
                        let words: Vec<String> = events.iter().map(|e| event(t, e)).collect();
                        Some(format!("  {}: {}", l.line, words.join(" ")))
                    })
                    .collect();
                if !did.is_empty() {
                    body.push(t.t1("sherlock-mail-done", "lines", did.join("\n")));
                }
                // The hand shown is the sender's alone: of the turn their reply left open.
                let same_turn = done.settled.is_empty()
                    && !g.over()
                    && g.seat_on_turn() == player.seat as usize;
                if let Some((line, why)) = super::words::refused(t, &done) {
                    // A refused line leaves the turn open only while something can be done;
                    // with nothing left, the turn ended all the same (RULES-SHERLOCK §7). A
                    // reply refused before it was read (too long, or not the sender's turn)
                    // ended nothing.
                    let key = match done.settled.is_empty() {
                        true => "sherlock-mail-refused",
                        false => "sherlock-mail-refused-ended",
                    };
                    body.push(t.t2(key, "line", line, "why", why));
                }
                if !done.ignored.is_empty() {
                    body.push(t.t1("sherlock-mail-ignored", "lines", done.ignored.join("\n  ")));
                }
                if same_turn {
                    // Where the turn stands and what it needs.
                    body.push(table_lines(t, &g.game).join("\n"));
                    body.push(hand_lines(t, &g.game).join("\n"));
                    body.push(t.t(if g.game.turn_goes_on() {
                        "sherlock-mail-turn-open"
                    } else {
                        "sherlock-mail-turn-open-complete"
                    }));
                }
                let refused = done.refused().is_some();
                carried = !refused || done.lines.len() > 1;
                if same_turn || refused || !done.ignored.is_empty() {
                    let subject = match refused {
                        true => t.t1("sherlock-subject-refused", "id", row.id),
                        false => t.t2(
                            "sherlock-subject-answer",
                            "id",
                            row.id,
                            "turn",
                            g.game.turn as i64,
                        ),
                    };
                    let letter = answer(subject, body.join("\n\n") + "\n");
                    master
                        .send_loose(&player.email, letter, Some(row.id))
                        .await?;
                }
            }
            Err(MasterError::Conflict(said)) => {
                let letter = answer(
                    t.t1("sherlock-subject-refused", "id", row.id),
                    t.said(&said) + "\n",
                );
                master
                    .send_loose(&player.email, letter, Some(row.id))
                    .await?;
                carried = false;
            }
            Err(e) => return Err(e),
        }
    }
    if commands.commands.contains(&Command::Status) {
        let g = parse(&master.public_game(row.id).await?)?;
        let mut body = vec![table_lines(t, &g.game).join("\n")];
        if !g.over() && g.seat_on_turn() == seat {
            body.push(hand_lines(t, &g.game).join("\n"));
        }
        body.push(whose_turn(t, &g, seat));
        let letter = answer(
            t.t1("sherlock-subject-status", "id", row.id),
            body.join("\n\n") + "\n",
        );
        master
            .send_loose(&player.email, letter, Some(row.id))
            .await?;
    }
    if commands.commands.contains(&Command::Help) {
        let letter = answer(
            t.t1("sherlock-subject-help", "id", row.id),
            t.t("sherlock-mail-how") + "\n",
        );
        master
            .send_loose(&player.email, letter, Some(row.id))
            .await?;
    }
    Ok(carried)
}
