//! The mail door: one ingestion path for `polysleuth mail ingest` (an MTA pipe),
//! `POST /inbound/mail` (a provider's webhook) and the IMAP reader. A client of the game
//! master like the web handlers: it reads the message, finds the player, and asks for what
//! the mail says. The raw message is stored before anything else;
//! a message with a wrong or missing key changes nothing and gets no reply.

use crate::said;
use serde::Serialize;

use super::answers::refuse;
use super::inbound::{self, Command, MAX_MESSAGE_BYTES};
use super::outbox::LOOP_HEADER;
use super::reply;
use crate::clock::now;
use crate::keys;
use crate::master::{Master, MasterError};

/// What became of an inbound message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Not readable as mail.
    Unreadable,
    /// Automatic mail or our own: never answered.
    Automatic,
    /// No key, or a wrong one: nothing changed, no reply.
    BadKey,
    /// `help` from a registered address without a key.
    Help,
    /// Refused whole with a reply (too large, too many lines, nothing to do, game over).
    Refused,
    /// Commands carried out; the turn accepted or rejected as the reply says.
    Handled,
    /// The same message (by Message-ID, or by its digest) was handled before: nothing done.
    Duplicate,
    /// A delivery failure report about mail we sent: recorded for the game master, never
    /// answered.
    Bounce,
    /// A `join` that was refused: its sender is told once a day at most (`From:` is anyone's
    /// to write).
    JoinRefused,
}

impl Outcome {
    pub fn as_str(&self) -> &'static str {
        match self {
            Outcome::Unreadable => "unreadable",
            Outcome::Automatic => "automatic",
            Outcome::BadKey => "bad key",
            Outcome::Help => "help",
            Outcome::Refused => "refused",
            Outcome::Handled => "handled",
            Outcome::Duplicate => "duplicate",
            Outcome::Bounce => "bounce",
            Outcome::JoinRefused => "join refused",
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Ingested {
    pub id: i64,
    pub outcome: Outcome,
}

/// How long reading one message (its HTML turned into lines) may take on a blocking thread
/// before it is read again with the tags simply stripped.
const READ_BUDGET: std::time::Duration = std::time::Duration::from_secs(2);
/// The most of a refused message's header that is kept.
const KEPT_HEADER_BYTES: usize = 64 * 1024;

/// Handles one raw message. An error means the message could not be stored or handled
/// for a passing reason (the database): the sender's MTA should try again.
/// A message is acted on once, however often and by whichever door it comes: one whose
/// key was handled before is a duplicate; one stored but never handled (the service
/// stopped in between) is handled now. A message over the size limit is read no further than
/// its header (`ingest_oversized`).
pub async fn ingest(master: &Master, raw: &[u8]) -> Result<Ingested, MasterError> {
    if raw.len() > MAX_MESSAGE_BYTES {
        return ingest_oversized(master, inbound::header_part(raw), raw.len()).await;
    }
    let key = inbound::message_key(raw);
    // The stored copy never holds a key: it is kept for the record, not to act on.
    let masked = inbound::mask_keys(raw);
    let id = match claim(master, &masked, &key).await? {
        Claim::Mine(id) => id,
        Claim::HandledBefore(id) => return Ok(duplicate(id)),
    };
    // A message that breaks its reader (a bug) is kept, never acted on and never taken
    // again: it must not stop the door for every game, as it would by killing the IMAP
    // reader, nor come back at each pass.
    let handled = futures_util::FutureExt::catch_unwind(std::panic::AssertUnwindSafe(handle(
        master, raw, id,
    )));
    let (outcome, sender, game, player) = match handled.await {
        Ok(Ok(handled)) => handled,
        Ok(Err(e)) => {
            // The sender's MTA tries again; that delivery handles the message.
            let _ = master.store.release_inbound(id).await;
            return Err(e);
        }
        Err(_) => {
            tracing::error!(
                inbound = id,
                "reading this message failed; it is kept, not acted on"
            );
            (Outcome::Unreadable, None, None, None)
        }
    };
    finish(master, id, outcome, sender, game, player).await
}

/// A message over the size limit, known by its header and its size alone (the IMAP door does
/// not fetch the rest): only the header is stored, masked, with a line saying what was left
/// out; a player found by their reply address is told it was too big, and nobody else is
/// answered.
pub async fn ingest_oversized(
    master: &Master,
    header: &[u8],
    size: usize,
) -> Result<Ingested, MasterError> {
    let header = &header[..header.len().min(KEPT_HEADER_BYTES)];
    let key = inbound::oversized_key(header, size);
    let mut kept = inbound::mask_keys(header);
    kept.extend_from_slice(
        format!("\r\n[the body was not kept: the message has {size} bytes, over the limit of {MAX_MESSAGE_BYTES}]\r\n").as_bytes(),
    );
    let id = match claim(master, &kept, &key).await? {
        Claim::Mine(id) => id,
        Claim::HandledBefore(id) => return Ok(duplicate(id)),
    };
    let (outcome, sender, game, player) = refuse_oversized(master, header, size).await?;
    finish(master, id, outcome, sender, game, player).await
}

/// How long a claim on a message holds before another delivery may take the message again:
/// far longer than handling one takes (its reading is bounded to seconds), so only a claim
/// whose instance stopped is retaken.
const STALE_CLAIM_SECONDS: i64 = 20;

/// Stores the message's copy under its key and claims it: its row id for the one delivery
/// that handles it, or None for a delivery of a message handled before. A delivery that
/// comes while another is handling the same message (a webhook posting it eight times at
/// once, two doors, two instances) is told to try again later (`NotStored`: 503 on the
/// webhook, status 75 for an MTA's pipe, the message left unread in the mailbox): by then
/// the message is handled, or, if the instance handling it stopped, its claim is stale and
/// the retry takes it. No delivery is acted on twice, and none is lost.
async fn claim(master: &Master, kept: &[u8], key: &str) -> Result<Claim, MasterError> {
    // Stored now: stored claimed, by this delivery.
    if let Some(id) = master.writer.store_inbound(kept, key).await? {
        return Ok(Claim::Mine(id));
    }
    let Some((id, outcome)) = master.store.inbound_by_key(key).await? else {
        return Err(MasterError::NotStored(said!(
            "error-message-could-not-stored"
        )));
    };
    // Handled before: a duplicate, and nothing is written.
    if outcome != "handling" && outcome != "received" {
        return Ok(Claim::HandledBefore(id));
    }
    // Unhandled (stored by an older version), or claimed: taken when the claim is stale.
    let now = now();
    if master
        .store
        .claim_inbound(id, now, now - STALE_CLAIM_SECONDS)
        .await?
    {
        return Ok(Claim::Mine(id));
    }
    match master.store.inbound_by_key(key).await? {
        // Still claimed, or given back meanwhile: the sender tries again.
        Some((_, outcome)) if outcome == "handling" || outcome == "received" => {
            Err(MasterError::NotStored(said!("error-message-in-hand")))
        }
        _ => Ok(Claim::HandledBefore(id)),
    }
}

/// What a delivery may do with a stored message.
enum Claim {
    /// Handle it: this delivery holds its claim.
    Mine(i64),
    /// Nothing: it was handled before.
    HandledBefore(i64),
}

fn duplicate(id: i64) -> Ingested {
    crate::metrics::METRICS.inbound(Outcome::Duplicate.as_str());
    tracing::info!(inbound = id, "mail received again; already handled");
    Ingested {
        id,
        outcome: Outcome::Duplicate,
    }
}

async fn finish(
    master: &Master,
    id: i64,
    outcome: Outcome,
    sender: Option<String>,
    game: Option<i64>,
    player: Option<i64>,
) -> Result<Ingested, MasterError> {
    master
        .store
        .set_inbound_outcome(id, sender.as_deref(), outcome.as_str(), game, player)
        .await?;
    crate::metrics::METRICS.inbound(outcome.as_str());
    tracing::info!(inbound = id, outcome = outcome.as_str(), "mail received");
    Ok(Ingested { id, outcome })
}

/// Reads a message off the async threads, within `READ_BUDGET`: HTML that takes longer to lay
/// out (deep nesting the bounds of `super::html` let through) is read again with its tags
/// stripped, so no message holds up the service.
async fn read_bounded(master: &Master, raw: &[u8]) -> Option<inbound::Incoming> {
    // At most two layouts at a time: a layout that outlives its budget cannot be stopped, so
    // mail that waits for a turn is read stripped instead, and no flood fills the threads.
    static LAYOUTS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);
    let own = master.site.mail_address.clone();
    let owned = raw.to_vec();
    let laid_out = async {
        let permit = LAYOUTS.acquire().await.ok()?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            inbound::read(&owned, &own, LOOP_HEADER, inbound::Html::LaidOut)
        })
        .await
        .ok()
    };
    match tokio::time::timeout(READ_BUDGET, laid_out).await {
        Ok(Some(read)) => read,
        _ => {
            tracing::warn!("a message's HTML took too long to lay out; its tags were stripped");
            let own = master.site.mail_address.clone();
            let owned = raw.to_vec();
            tokio::task::spawn_blocking(move || {
                inbound::read(&owned, &own, LOOP_HEADER, inbound::Html::Stripped)
            })
            .await
            .ok()
            .flatten()
        }
    }
}

/// A message over the size limit: automatic mail and strangers get nothing; a player known
/// by the reply address they wrote to is told why nothing was done.
async fn refuse_oversized(
    master: &Master,
    header: &[u8],
    size: usize,
) -> Result<(Outcome, Option<String>, Option<i64>, Option<i64>), MasterError> {
    let Some(mail) = inbound::read(
        header,
        &master.site.mail_address,
        LOOP_HEADER,
        inbound::Html::Stripped,
    ) else {
        return Ok((Outcome::Unreadable, None, None, None));
    };
    let sender = mail.sender.clone();
    if mail.automatic.is_some() {
        return Ok((Outcome::Automatic, sender, None, None));
    }
    let player = match inbound::plus_token(&mail.recipients, &master.site.mail_address) {
        Some(token) => master.player_by_token(&token).await?,
        None => None,
    };
    let Some(player) = player else {
        return Ok((Outcome::BadKey, sender, None, None));
    };
    let row = master.public_game(player.game_id).await?;
    let why = player.lang(&row).t1("refused-too-big", "kib", size / 1024);
    refuse(master, &player, &row, &crate::lang::Said::text(why)).await?;
    Ok((Outcome::Refused, sender, Some(row.id), Some(player.id)))
}

async fn handle(
    master: &Master,
    raw: &[u8],
    inbound_id: i64,
) -> Result<(Outcome, Option<String>, Option<i64>, Option<i64>), MasterError> {
    let Some(mail) = read_bounded(master, raw).await else {
        return Ok((Outcome::Unreadable, None, None, None));
    };
    // A key the raw form hid from the mask (base64, quoted-printable, HTML split by tags,
    // UTF-16) shows in the decoded text: the stored copy is then the masked header and the
    // masked decoded text instead.
    if let Some(copy) = inbound::decoded_copy(raw, &mail.text) {
        master.store.set_inbound_raw(inbound_id, &copy).await?;
    }
    let sender = mail.sender.clone();
    if let Some(bounce) = &mail.bounce {
        // Only a bounce of a mail we sent, at the address we signed for it, is one.
        return Ok(match master.site.check_signed("bounce", &bounce.verp) {
            Some(outbox_id) => {
                let game = record_bounce(master, outbox_id, bounce).await?;
                (Outcome::Bounce, sender, game, None)
            }
            None => (Outcome::Automatic, sender, None, None),
        });
    }
    if mail.automatic.is_some() {
        return Ok((Outcome::Automatic, sender, None, None));
    }
    let sender_addr = sender.clone().unwrap_or_default();
    // A sign-up: `join GAME NAME`, or a reply to a sign-up's confirmation or invitation.
    if let Some(ask) = super::joining::ask(&mail, &master.site.mail_address) {
        return match super::joining::handle(master, ask, &sender_addr).await {
            Ok((game, false)) => Ok((Outcome::Handled, sender, game, None)),
            Ok((game, true)) => Ok((Outcome::JoinRefused, sender, game, None)),
            Err(MasterError::BadKey) => Ok((Outcome::BadKey, sender, None, None)),
            Err(e) => Err(e),
        };
    }
    // Before the player is known their game's names are not: a first reading for the
    // signon line and a lone `help`.
    let first = reply::own_text(&mail.text, |l| reply::starts_like_turn(l, &[]));
    let commands = inbound::commands(&first.text);

    // Who is it? A reply-address token, or a signon line; never the From address alone.
    let mut claimed = None;
    let player = match inbound::plus_token(&mail.recipients, &master.site.mail_address) {
        Some(token) => {
            claimed = claimed_game(master, &token).await?;
            master.player_by_token(&token).await?
        }
        None => None,
    };
    let player = match (player, &commands.signon) {
        (Some(p), _) => Some(p),
        (None, Some((name, key))) => master
            .store
            .player_by_key_hash(&keys::hash(&key.to_ascii_lowercase()))
            .await?
            .filter(|p| p.name.eq_ignore_ascii_case(name)),
        (None, None) => None,
    };
    let Some(player) = player else {
        let only_help = !commands.has_turn_lines && commands.commands == [Command::Help];
        // Keyless help answers a From that anyone can write: once a day per mailbox, however
        // the address is written.
        if only_help && master.store.is_registered(&sender_addr).await? {
            // The help of the service's first game that has one by mail.
            let help = master
                .tables()
                .iter()
                .find_map(|t| t.help_letter(&master.site, commands.lang()));
            if let Some(help) = help {
                if crate::mail::answers::once_a_day(master, &sender_addr, "help").await? {
                    master.send_loose(&sender_addr, help, None).await?;
                    return Ok((Outcome::Help, sender, None, None));
                }
            }
        }
        return Ok((Outcome::BadKey, sender, claimed, None));
    };
    let game = player.game_id;
    let pid = Some(player.id);

    let row = master.public_game(game).await?;
    let table = master.table(row.ruleset)?;
    let outcome = match table
        .mail(master, &player, &row, &mail.text, inbound_id)
        .await?
    {
        true => Outcome::Handled,
        false => Outcome::Refused,
    };
    Ok((outcome, sender, Some(game), pid))
}

/// Records a bounce against the mail it names (or, failing that, every game of the
/// address it names); never answered. The game it was recorded for, if one.
/// Records a bounce of our mail `outbox_id` for its game, at most `MAX_BOUNCES` a game.
async fn record_bounce(
    master: &Master,
    outbox_id: i64,
    bounce: &inbound::Bounce,
) -> Result<Option<i64>, MasterError> {
    let Some((game, email)) = master.store.outbox_recipient(outbox_id).await? else {
        return Ok(None);
    };
    if let Some(game) = game {
        if master.store.bounce_count(game, &email).await? < MAX_BOUNCES {
            master
                .store
                .record_bounce(Some(game), &email, &bounce.reason, now())
                .await?;
        }
    }
    crate::metrics::METRICS.mails_bounced.inc();
    Ok(game)
}

/// The most bounces one game records for one address (a player can see their own bounce
/// address, and so send bounces to it): its game master's page lists them by address anyway.
const MAX_BOUNCES: i64 = 10;

/// The game a token points at, even when its key is wrong: counted on that game's GM page.
async fn claimed_game(master: &Master, token: &str) -> Result<Option<i64>, MasterError> {
    let Some((id, _)) = keys::split_token(token) else {
        return Ok(None);
    };
    Ok(master
        .store
        .player(&master.store.pool, id)
        .await?
        .map(|p| p.game_id))
}
