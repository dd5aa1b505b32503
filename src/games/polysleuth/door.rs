//! What a player's mail to a game of Polysleuth says, carried out (its table's `mail`): the
//! reply read for the player's own text, then a new language or time zone, the turn or
//! `clear`, `status`, `away` and `help`, each answered by mail. The mail door (`mail/door.rs`)
//! has stored the message and found the player.

use crate::games::polysleuth::service::states;
use crate::mail::answers::{prefs, refuse};
use crate::mail::inbound::{self, Command, MAX_COMMAND_LINES};
use crate::mail::reply;
use crate::master::{Master, MasterError};
use crate::model::Via;
use crate::store::{GameRow, GameStatus, PlayerRow};

/// A player's mail to a game of Polysleuth (its table's `mail`): a language or time zone first,
/// then the turn or `clear`, `status`, `away`, `help`; false when it was refused whole.
pub(crate) async fn polysleuth_mail(
    master: &Master,
    player: PlayerRow,
    row: &GameRow,
    text: &str,
    inbound_id: i64,
) -> Result<bool, MasterError> {
    let game = row.id;
    let t = player.lang(row);
    // The other players' names: a player signs with their own, and never guesses at it.
    let names: Vec<String> = (master.state_of(row)?.players.iter().enumerate())
        .filter(|(seat, _)| *seat as i64 != player.seat)
        .map(|(_, n)| n.clone())
        .collect();
    let own = reply::own_text(text, |l| reply::starts_like_turn(l, &names));
    let commands = inbound::commands(&own.text);
    if commands.lines > MAX_COMMAND_LINES {
        let why = t.t2(
            "refused-too-many-lines",
            "lines",
            commands.lines,
            "max",
            MAX_COMMAND_LINES,
        );
        refuse(master, &player, row, &crate::lang::Said::text(why)).await?;
        return Ok(false);
    }
    if !commands.has_turn_lines && commands.commands.is_empty() {
        let why = match own.ignored {
            0 => t.t("refused-nothing"),
            n => t.t1("refused-nothing-but-text", "lines", n),
        };
        refuse(master, &player, row, &crate::lang::Said::text(why)).await?;
        return Ok(false);
    }
    // A new language or time zone comes first: the answers to this very mail, and a round
    // it closes, are already in it.
    let (player, t) = match prefs(master, &player, row, &commands.commands).await? {
        Some(letter) => {
            let letter = letter.to_player(&master.site, &player, row);
            master.send_loose(&player.email, letter, Some(game)).await?;
            let player = master.player_row(player.id).await?.unwrap_or(player);
            let t = player.lang(row);
            (player, t)
        }
        None => (player, t),
    };
    if commands.has_turn_lines {
        let via = Via::Mail {
            ignored: own.ignored,
            inbound: Some(inbound_id),
        };
        match master.submit(&player, &commands.turn, via).await {
            Ok(_) => {}
            Err(MasterError::Conflict(why)) => {
                refuse(master, &player, row, &why).await?;
                return Ok(false);
            }
            Err(e) => return Err(e),
        }
    } else if commands.commands.contains(&Command::Clear) {
        if let Err(MasterError::Conflict(why)) = master.clear(&player).await {
            refuse(master, &player, row, &why).await?;
            return Ok(false);
        }
    }
    if commands.commands.contains(&Command::Status) {
        let row = master.public_game(game).await?;
        let state = states::parse(&row)?;
        let turn = master
            .store
            .turn(&master.store.pool, game, row.round, player.seat)
            .await?
            .filter(|_| row.status != GameStatus::Over)
            .map(|t| t.text);
        let sheet = crate::games::polysleuth::service::sheets::text_for(
            master,
            &state,
            game,
            player.seat as usize,
        )
        .await?;
        let letter = crate::games::polysleuth::letters::status(
            &master.site,
            &row,
            &state,
            &player,
            turn,
            &sheet,
        )
        .to_player(&master.site, &player, &row);
        // The hand, the sheet and the turn go to the registered address only, whoever
        // sent the request.
        master.send_loose(&player.email, letter, Some(game)).await?;
    }
    // One absence a mail: the last one written stands, as a second would replace the first.
    // (One mail of many `away` lines would otherwise write the game and mail its player as
    // often.)
    let away = commands.commands.iter().rev().find_map(|c| match c {
        Command::Away(n) => Some(*n),
        _ => None,
    });
    if let Some(rounds) = away {
        let said = match master.declare_absence(&player, rounds).await {
            Ok(s) => {
                super::service::computers::away_now_or_later(master, &player).await;
                t.said(&s)
            }
            Err(e @ (MasterError::Invalid(_) | MasterError::Conflict(_))) => e.worded(t),
            Err(e) => return Err(e),
        };
        let letter = crate::mail::Letter {
            subject: t.t1("subject-absence", "id", game),
            body: format!("{said}\n"),
            reply_to: None,
        }
        .to_player(&master.site, &player, row);
        master.send_loose(&player.email, letter, Some(game)).await?;
    }
    if commands.commands.contains(&Command::Help) {
        let letter = crate::games::polysleuth::letters::help(&master.site, t).to_player(
            &master.site,
            &player,
            row,
        );
        master.send_loose(&player.email, letter, Some(game)).await?;
    }
    Ok(true)
}
