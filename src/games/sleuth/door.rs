//! Mail to a classic game: the player's command (a question, `exchange`, `final ask`,
//! `accuse`, `back`; `pass` in a game stored when it took one) read from a real reply —
//! greeting, quote and signature dropped — and carried out or refused line by line;
//! `status`, `help`, `digest on`/`digest off`, and the language and time-zone commands shared
//! with Polysleuth.

use crate::games::sleuth::rules::command::starts_like_command;
use crate::games::sleuth::service::{parse, Answer};
use crate::mail::answers::with_prefs;
use crate::mail::inbound::{self, Command};
use crate::mail::reply;
use crate::master::{Master, MasterError};
use crate::store::{GameRow, PlayerRow};

/// Whether a line is a mail command of a classic game rather than prose.
fn is_mail_command(line: &str) -> bool {
    let l = line.trim().trim_end_matches(['.', '!']).to_lowercase();
    let first = l.split_whitespace().next().unwrap_or("");
    crate::mail::inbound::is_shared_command(line) || matches!(first, "digest" | "résumé" | "resume")
}

/// `digest on` / `digest off` (`résumé oui` / `résumé non`): the choice, if the line is one.
fn digest(line: &str) -> Option<bool> {
    let l = line.trim().trim_end_matches(['.', '!']).to_lowercase();
    match l.split_whitespace().collect::<Vec<_>>().as_slice() {
        ["digest" | "résumé" | "resume", "on" | "oui" | "yes"] => Some(true),
        ["digest" | "résumé" | "resume", "off" | "non" | "no"] => Some(false),
        _ => None,
    }
}

/// Handles a player's mail to a classic game: false when it was refused whole.
pub(crate) async fn handle(
    master: &Master,
    player: &PlayerRow,
    row: &GameRow,
    text: &str,
) -> Result<bool, MasterError> {
    let state = parse(row)?;
    let names: Vec<String> = (state.players.iter().enumerate())
        .filter(|(seat, _)| *seat as i64 != player.seat)
        .map(|(_, n)| n.clone())
        .collect();
    let own = reply::own_text(text, |l| {
        starts_like_command(l, &names) || is_mail_command(l)
    });
    let mut digest_to = None;
    let rest: String = own
        .text
        .lines()
        .map(|l| match digest(l) {
            Some(on) => {
                digest_to = Some(on);
                ""
            }
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let commands = inbound::commands(&rest);
    let t = player.lang(row);
    if !commands.has_turn_lines && commands.commands.is_empty() && digest_to.is_none() {
        // Said in this game's words: its subject, and commands of its own as examples.
        let letter = crate::mail::Letter {
            subject: t.t1("classic-subject-refused", "id", row.id),
            body: t.t1("classic-mail-no-command", "lines", own.ignored as u32),
            reply_to: None,
        }
        .to_player(&master.site, player, row);
        master
            .send_loose(&player.email, letter, Some(row.id))
            .await?;
        return Ok(false);
    }
    let player = with_prefs(master, player, row, &commands.commands).await?;
    if let Some(on) = digest_to {
        master.classic_digest(&player, on).await?;
    }
    if commands.has_turn_lines {
        if let Answer::Refused(lines) = master.classic_command(&player, &commands.turn).await? {
            master.classic_refusal(&player, lines).await?;
        }
    }
    if !commands.has_turn_lines && (!commands.commands.is_empty() || digest_to.is_some()) {
        // The commands alone still lift a skip for idleness (turn lines lift it in `act`).
        let shared = inbound::shared_command_text(&own.text, |l| digest(l).is_some());
        master.classic_heard_from(&player, &shared).await?;
    }
    if commands.commands.contains(&Command::Status) {
        master.classic_status(&player).await?;
    }
    if commands.commands.contains(&Command::Help) {
        master.classic_help(&player).await?;
    }
    Ok(true)
}
