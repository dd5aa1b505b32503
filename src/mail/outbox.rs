//! Delivers the outbox: rows written in the same transaction as the change that caused them.
//! A worker claims due rows, sends each (SMTP, or an `.eml` file per row by default), and
//! retries failures with exponential back-off. A crash between commit and delivery loses
//! nothing: the row is still there and is sent when its lease runs out.

use std::path::PathBuf;
use std::time::Duration;

use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::clock::now;
use crate::store::{MailRow, Store};

/// Mails claimed and sent together over SMTP, each its own exchange.
pub const BATCH: i64 = 32;

/// Mails claimed and written together as files: one blocking task writes them all, so a
/// larger batch costs less per mail and keeps up with a deadline peak.
pub const FILE_BATCH: i64 = 256;

fn store_error(e: crate::master::MasterError) -> crate::store::StoreError {
    crate::store::StoreError::Database(sqlx::Error::Protocol(e.to_string()))
}

/// How long mail claimed to be written as files is reserved for the worker that claimed it:
/// writing takes well under a second, so after a crash another instance (or this one,
/// restarted) takes the rows over soon.
pub const FILE_LEASE_SECONDS: i64 = 20;

/// The longest an SMTP server may take to answer one command (lettre waits 60 s by default).
pub const SMTP_TIMEOUT: Duration = Duration::from_secs(15);

/// The longest one whole SMTP exchange (connection, TLS, each command, the data) may take
/// before it counts as a failure to retry. A batch's mails are sent at once, so a batch takes
/// no longer than this.
pub const SMTP_EXCHANGE_DEADLINE: Duration = Duration::from_secs(60);

/// How long mail claimed for SMTP is reserved: longer than a batch can take
/// (`SMTP_EXCHANGE_DEADLINE`), so that another instance never takes over a batch still being
/// sent and sends it twice; short enough that a crashed instance's batch goes out soon.
pub const SMTP_LEASE_SECONDS: i64 = SMTP_EXCHANGE_DEADLINE.as_secs() as i64 + 30;

/// Marks our own mail, so the mail door never answers it (a loop guard).
pub const LOOP_HEADER: &str = "X-Polysleuth-Loop";

#[derive(Clone)]
pub enum Transport {
    /// One `<row id>.eml` file per mail in this folder.
    Files(PathBuf),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

impl Transport {
    /// `smtp://user:pass@host:587` (STARTTLS required: the mail carries every player's keys,
    /// and a password would otherwise cross the network in clear; a relay on this machine,
    /// `localhost` or a loopback address, takes STARTTLS when offered; `?tls=opportunistic`
    /// chooses that anywhere),
    /// `smtps://…` (TLS from the start), or None for files.
    pub fn new(smtp_url: Option<&str>, outbox: PathBuf) -> Result<Transport, String> {
        match smtp_url {
            None => {
                // Made at once, so a bad path is told at start and readers find the folder.
                std::fs::create_dir_all(&outbox)
                    .map_err(|e| format!("cannot create the outbox {}: {e}", outbox.display()))?;
                Ok(Transport::Files(outbox))
            }
            Some(url) => {
                let url = if url.starts_with("smtp://") && !url.contains("tls=") {
                    format!(
                        "{url}{}tls={}",
                        if url.contains('?') { '&' } else { '?' },
                        match is_loopback(url) {
                            true => "opportunistic",
                            false => "required",
                        }
                    )
                } else {
                    url.to_string()
                };
                AsyncSmtpTransport::<Tokio1Executor>::from_url(&url)
                    .map(|b| Transport::Smtp(b.timeout(Some(SMTP_TIMEOUT)).build()))
                    .map_err(|e| format!("the SMTP URL is not usable: {e}"))
            }
        }
    }
}

/// Whether an `smtp://` URL names a server on this machine (`localhost`, 127.x.x.x, `[::1]`):
/// nothing crosses a network to it, so STARTTLS need not be insisted on.
fn is_loopback(url: &str) -> bool {
    let rest = url.trim_start_matches("smtp://");
    let authority = rest.split(['/', '?']).next().unwrap_or_default();
    let host_port = authority.rsplit('@').next().unwrap_or_default();
    let host = match host_port.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => host_port.split(':').next().unwrap_or_default(),
    };
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Whether the server refused the recipient for good (550–553 for a mailbox: unknown,
/// full, moved, bad name). Any other refusal — of our login (535), our sender or relaying
/// (5.7.x), or the whole exchange (554) — is the service's own problem, and retried.
fn refuses_recipient(e: &lettre::transport::smtp::Error) -> bool {
    use lettre::transport::smtp::response::Category;
    let text = e.to_string().to_ascii_lowercase();
    e.is_permanent()
        && e.status()
            .is_some_and(|code| code.category == Category::MailSystem)
        && !text.contains("5.7.")
        && !text.contains("sender")
        && !text.contains("auth")
}

/// Why a mail was not delivered; a permanent refusal (an SMTP 5xx) is never retried.
#[derive(Clone, Debug)]
struct Failure {
    permanent: bool,
    message: String,
}

impl Failure {
    fn passing(message: String) -> Failure {
        Failure {
            permanent: false,
            message,
        }
    }
}

pub struct Outbox {
    pub store: Store,
    /// The instance's writer: with it, claims and marks join its batches instead of fighting
    /// it for the write lock.
    pub writer: crate::writer::Writer,
    pub transport: Transport,
    pub from: Mailbox,
    /// The domain of Message-IDs.
    pub domain: String,
    /// Signs each mail's bounce address (VERP), so that only a bounce of our own mail counts.
    pub site: crate::site::Site,
}

/// What a delivery failure may show in a log line at the default level or on a game master's
/// page: its kind and, for an SMTP reply, its code (`SMTP: permanent error (550)`). Never the
/// rest: a server's own words often quote the recipient's address, and a refused reply
/// address carries its player's reply token.
pub fn failure_summary(message: &str) -> String {
    if let Some(rest) = message.strip_prefix("SMTP: ") {
        let head = rest.split(':').next().unwrap_or_default().trim();
        return match head.contains('@') || head.contains('<') {
            true => "SMTP error".to_string(),
            false => format!("SMTP: {head}"),
        };
    }
    const KINDS: [&str; 5] = [
        "bad recipient address",
        "bad reply address",
        "bad bounce address",
        "bad envelope",
        "cannot write mail",
    ];
    (KINDS.iter())
        .find(|k| message.starts_with(*k))
        .map_or("delivery failed", |k| k)
        .to_string()
}

impl Outbox {
    pub fn message(&self, row: &MailRow) -> Result<Message, String> {
        let to: Mailbox = row
            .recipient
            .parse()
            .map_err(|e| format!("bad recipient address {}: {e}", row.recipient))?;
        // The envelope sender names the row (VERP): a bounce comes back to
        // `local+bounce-ID@domain` and is matched to this mail and its recipient.
        let bounce_to = format!(
            "{}+bounce-{}@{}",
            self.from.email.user(),
            crate::keys::token(row.id, &self.site.sign("bounce", row.id)),
            self.from.email.domain()
        )
        .parse()
        .map_err(|e| format!("bad bounce address: {e}"))?;
        let envelope = lettre::address::Envelope::new(Some(bounce_to), vec![to.email.clone()])
            .map_err(|e| format!("bad envelope: {e}"))?;
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .envelope(envelope);
        if let Some(reply_to) = &row.reply_to {
            let mailbox: Mailbox = reply_to
                .parse()
                .map_err(|e| format!("bad reply address {reply_to}: {e}"))?;
            builder = builder.reply_to(mailbox);
        }
        if let Some(game) = row.game_id {
            // Every mail of a game answers the same root, so mail clients thread them.
            let root = format!("<game-{game}@{}>", self.domain);
            builder = builder.in_reply_to(root.clone()).references(root);
        }
        let mut msg = builder
            .subject(row.subject.clone())
            .message_id(Some(format!("<outbox-{}@{}>", row.id, self.domain)))
            .header(ContentType::TEXT_PLAIN)
            .body(row.body.clone())
            .map_err(|e| format!("cannot build the message: {e}"))?;
        let headers = msg.headers_mut();
        headers.insert_raw(HeaderValue::new(
            HeaderName::new_from_ascii_str("Auto-Submitted"),
            "auto-generated".into(),
        ));
        headers.insert_raw(HeaderValue::new(
            HeaderName::new_from_ascii_str(LOOP_HEADER),
            self.domain.clone(),
        ));
        if let Some(stop) = &row.unsubscribe {
            // RFC 2369 and RFC 8058: mail clients offer a one-click "unsubscribe".
            headers.insert_raw(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{stop}>"),
            ));
            headers.insert_raw(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".into(),
            ));
        }
        Ok(msg)
    }

    /// Delivers a batch, one result per row. SMTP exchanges run at once (each waits on the
    /// network more than on us); files are written one after another in one blocking task,
    /// since writers racing for one folder's lock only slow each other down.
    async fn deliver_all(&self, rows: &[MailRow]) -> Vec<Result<(), Failure>> {
        match &self.transport {
            Transport::Files(dir) => {
                let mails: Vec<(i64, Result<Vec<u8>, String>)> = rows
                    .iter()
                    .map(|row| (row.id, self.message(row).map(|m| m.formatted())))
                    .collect();
                let dir = dir.clone();
                let count = rows.len();
                tokio::task::spawn_blocking(move || write_files(&dir, mails))
                    .await
                    .unwrap_or_else(|e| vec![Err(format!("cannot write mail: {e}")); count])
                    .into_iter()
                    .map(|r| r.map_err(Failure::passing))
                    .collect()
            }
            Transport::Smtp(smtp) => {
                futures_util::future::join_all(rows.iter().map(|row| async move {
                    let msg = self.message(row).map_err(Failure::passing)?;
                    match tokio::time::timeout(SMTP_EXCHANGE_DEADLINE, smtp.send(msg)).await {
                        Ok(sent) => sent.map(|_| ()).map_err(|e| Failure {
                            permanent: refuses_recipient(&e),
                            message: format!("SMTP: {e}"),
                        }),
                        Err(_) => Err(Failure::passing(format!(
                            "SMTP: no answer within {} s",
                            SMTP_EXCHANGE_DEADLINE.as_secs()
                        ))),
                    }
                }))
                .await
            }
        }
    }

    /// Sends what is due, several at once (each SMTP exchange waits on the network more than
    /// on us), then marks the batch sent in one write. Returns how many were sent.
    pub async fn run_once(&self) -> Result<usize, crate::store::StoreError> {
        // A small batch and a short lease: if this instance dies, another takes the rows over soon.
        let (batch, lease) = match self.transport {
            Transport::Files(_) => (FILE_BATCH, FILE_LEASE_SECONDS),
            Transport::Smtp(_) => (BATCH, SMTP_LEASE_SECONDS),
        };
        // Look without the writer first: most ticks find nothing to send.
        if !self.store.mail_due(now()).await? {
            return Ok(0);
        }
        let rows = self
            .writer
            .claim_mail(lease, batch)
            .await
            .map_err(store_error)?;
        let results = self.deliver_all(&rows).await;
        let mut sent = Vec::new();
        for (row, result) in rows.iter().zip(results) {
            match result {
                Ok(()) => sent.push(row.id),
                Err(Failure {
                    permanent: true,
                    message,
                }) => {
                    // The server's own words may quote the address or the reply token: the
                    // log keeps their kind and code (the whole text at debug level).
                    tracing::warn!(
                        mail = row.id,
                        "refused for good: {}",
                        failure_summary(&message)
                    );
                    tracing::debug!(mail = row.id, "refused for good: {message}");
                    // A failure to note it leaves the row to its lease; the mails delivered
                    // in this batch are still marked sent below, so none goes twice.
                    if let Err(e) = self.store.mail_refused(row.id, &message, now()).await {
                        tracing::error!(mail = row.id, "cannot note a refused mail: {e}");
                    }
                    crate::metrics::METRICS.mails_bounced.inc();
                }
                Err(Failure { message: e, .. }) => {
                    let backoff = (30i64 << row.attempts.min(7)).min(3600);
                    tracing::warn!(
                        mail = row.id,
                        attempts = row.attempts + 1,
                        "delivery failed: {}",
                        failure_summary(&e)
                    );
                    tracing::debug!(mail = row.id, "delivery failed: {e}");
                    if let Err(e) = self.store.mail_failed(row.id, &e, now() + backoff).await {
                        tracing::error!(mail = row.id, "cannot note a failed delivery: {e}");
                    }
                    crate::metrics::METRICS.mails_failed.inc();
                }
            }
        }
        let count = sent.len();
        if !sent.is_empty() {
            self.writer.mails_sent(sent).await.map_err(store_error)?;
        }
        crate::metrics::METRICS.mails_sent.add(count as u64);
        Ok(count)
    }

    pub async fn run(self, tick: Duration) {
        loop {
            match self.run_once().await {
                Ok(n) if n > 0 => continue,
                Ok(_) => {}
                Err(e) => tracing::error!("outbox: {e}"),
            }
            tokio::time::sleep(tick).await;
        }
    }
}

/// Writes each mail to `<row id>.eml` through a temporary name, so a reader never sees half a
/// mail and a second delivery after a crash overwrites the same file.
fn write_files(
    dir: &std::path::Path,
    mails: Vec<(i64, Result<Vec<u8>, String>)>,
) -> Vec<Result<(), String>> {
    if let Err(e) = std::fs::create_dir_all(dir) {
        let message = format!("cannot create {}: {e}", dir.display());
        return mails.iter().map(|_| Err(message.clone())).collect();
    }
    mails
        .into_iter()
        .map(|(id, mail)| {
            let bytes = mail?;
            let path = dir.join(format!("{id:08}.eml"));
            let tmp = dir.join(format!(".{id:08}.eml.tmp"));
            // Mail may hold a player's key: readable by the service's user alone.
            write_private(&tmp, &bytes)
                .and_then(|()| std::fs::rename(&tmp, &path))
                .map_err(|e| format!("cannot write mail: {e}"))
        })
        .collect()
}

/// Writes a file that only the service's user may read (0600), from its creation on.
fn write_private(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(bytes)
}

#[cfg(test)]
mod tests {
    #[test]
    fn starttls_is_required_of_every_smtp_server_but_one_on_this_machine() {
        for url in [
            "smtp://127.0.0.1:2525",
            "smtp://user:pass@localhost:25",
            "smtp://[::1]:25",
            "smtp://127.0.0.2",
        ] {
            assert!(super::is_loopback(url), "{url}");
        }
        for url in [
            "smtp://user:pass@mail.example.org:587",
            "smtp://192.0.2.1:25",
            "smtp://user:p@ss@mail.example.org",
            "smtp://localhost.example.org",
        ] {
            assert!(!super::is_loopback(url), "{url}");
        }
    }

    #[test]
    fn a_failure_is_logged_and_shown_by_its_kind_and_code_never_the_servers_words() {
        let cases = [
            (
                "SMTP: permanent error (550): 5.1.1 <bob@example.org>: Recipient address rejected",
                "SMTP: permanent error (550)",
            ),
            (
                "SMTP: transient error (450): mailbox busy",
                "SMTP: transient error (450)",
            ),
            (
                "SMTP: network error: connection refused",
                "SMTP: network error",
            ),
            ("SMTP: <bob@example.org> unknown", "SMTP error"),
            (
                "bad recipient address bob@@example.org: invalid",
                "bad recipient address",
            ),
            (
                "bad reply address 12-k3y@example.org: invalid",
                "bad reply address",
            ),
            ("something else bob@example.org", "delivery failed"),
        ];
        for (message, shown) in cases {
            assert_eq!(super::failure_summary(message), shown, "{message}");
            assert!(!super::failure_summary(message).contains('@'));
        }
    }
}
