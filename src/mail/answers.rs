//! What the mail door answers before or beside a turn, for both rulesets: a refusal of the
//! whole mail, and the language and time-zone commands (`language fr`, `timezone …`); and
//! the once-a-day limit on answers nobody may have asked for (a refused `join`, keyless help).

use super::inbound::Command;
use crate::lang::Lang;
use crate::master::{Master, MasterError};
use crate::store::{GameRow, PlayerRow};

/// Claims today's answer of `kind` for the mailbox `address` delivers to: true for the one
/// mail that may be answered, false when that mailbox had one in the last day, however its
/// address was written (`From:` is anyone's to write).
pub async fn once_a_day(master: &Master, address: &str, kind: &str) -> Result<bool, MasterError> {
    let mailbox = super::address::mailbox(address);
    let now = crate::clock::now();
    Ok((master.store)
        .claim_daily_answer(&mailbox, kind, now, now - 86_400)
        .await?)
}

/// A refusal goes to the player's registered address, whoever sent the mail.
pub async fn refuse(
    master: &Master,
    player: &PlayerRow,
    row: &GameRow,
    why: &crate::lang::Said,
) -> Result<(), MasterError> {
    let t = player.lang(row);
    let letter = super::refused(row, &t.said(why), t).to_player(&master.site, player, row);
    master.send_loose(&player.email, letter, Some(row.id)).await
}

/// The player's language and time-zone commands carried out and answered (`prefs`), then the
/// player as they now are: what a game's mail door reads the rest of the mail as.
pub async fn with_prefs(
    master: &Master,
    player: &PlayerRow,
    row: &GameRow,
    commands: &[Command],
) -> Result<PlayerRow, MasterError> {
    let Some(letter) = prefs(master, player, row, commands).await? else {
        return Ok(player.clone());
    };
    let letter = letter.to_player(&master.site, player, row);
    master
        .send_loose(&player.email, letter, Some(row.id))
        .await?;
    Ok(master
        .player_row(player.id)
        .await?
        .unwrap_or_else(|| player.clone()))
}

/// `language fr` and `timezone Europe/Paris`: stores the player's choice and answers in the
/// language now chosen, or says what was wrong (nothing is changed then).
pub async fn prefs(
    master: &Master,
    player: &PlayerRow,
    row: &GameRow,
    commands: &[Command],
) -> Result<Option<super::Letter>, MasterError> {
    let mut lang = player.lang(row);
    let mut zone = player.zone(row).to_string();
    let mut asked = false;
    for c in commands {
        match c {
            Command::Language(l) => {
                asked = true;
                match Lang::parse(l) {
                    Some(l) => lang = l,
                    None => {
                        return Ok(Some(prefs_letter(
                            row,
                            lang,
                            lang.t1("mail-prefs-bad-language", "language", l.as_str()),
                        )))
                    }
                }
            }
            Command::TimeZone(z) => {
                asked = true;
                if z.parse::<chrono_tz::Tz>().is_err() {
                    return Ok(Some(prefs_letter(
                        row,
                        lang,
                        lang.t1("mail-prefs-bad-zone", "zone", z.as_str()),
                    )));
                }
                zone = z.clone();
            }
            _ => {}
        }
    }
    if !asked {
        return Ok(None);
    }
    master.set_prefs(player, lang, &zone).await?;
    let body = lang.t2(
        "mail-prefs-saved",
        "name",
        player.name.as_str(),
        "zone",
        zone.as_str(),
    );
    Ok(Some(prefs_letter(row, lang, body)))
}

fn prefs_letter(row: &GameRow, t: Lang, body: String) -> super::Letter {
    super::Letter {
        subject: t.t1("subject-prefs", "tag", super::tag(row, t)),
        body: format!("{body}\n"),
        reply_to: None,
    }
}
