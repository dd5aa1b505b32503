//! The IMAP door: the game master reads its mail from an ordinary mailbox (a Gmail or
//! Fastmail account with an app password), so it needs no mail server of its own.
//!
//! Every message goes through the one ingestion path (`mail::door::ingest`), raw stored first.
//! Only once that has committed is the message flagged `\Seen` (or moved to the done
//! folder): a crash at any point leaves it unseen, it is read again at the next pass, and the
//! message key makes sure it is acted on once. With several instances, a lease in the database
//! lets one of them read the mailbox; another takes over when its lease runs out.

use std::fmt::Debug;
use std::sync::Arc;
use std::time::Duration;

use async_imap::extensions::idle::IdleResponse;
use async_imap::Session;
use futures_util::TryStreamExt;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;

use super::inbound::MAX_MESSAGE_BYTES;
use crate::clock::now;
use crate::master::Master;

/// How long a reader's lease lasts; it is renewed at least three times in that span.
pub const LEASE_SECONDS: i64 = 20;
/// The longest one IDLE waits before the lease is renewed and the mailbox looked at again.
const IDLE_SLICE: Duration = Duration::from_secs(5);
/// Messages fetched in one request.
const FETCH_BATCH: usize = 50;
/// The longest the server may take to connect, log in, or answer one step; a silent server
/// (a half-open connection) is dropped and the door connects again.
const STEP: Duration = Duration::from_secs(60);
/// The longest one pass may take.
const PASS: Duration = Duration::from_secs(600);

/// `what`, given up after `limit`.
async fn within<T>(
    limit: Duration,
    what: &str,
    step: impl std::future::Future<Output = Result<T, Error>>,
) -> Result<T, Error> {
    tokio::time::timeout(limit, step)
        .await
        .map_err(|_| format!("IMAP {what}: no answer in {} s", limit.as_secs()))?
}

/// `imaps://USER:PASS@HOST[:PORT]/MAILBOX` (TLS, port 993) or `imap://…` (no TLS, port 143:
/// only for a server on the same machine). User and password may be percent-encoded.
#[derive(Clone, PartialEq, Eq)]
pub struct ImapUrl {
    pub tls: bool,
    pub host: String,
    pub port: u16,
    pub user: String,
    password: String,
    pub mailbox: String,
}

impl Debug for ImapUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.display())
    }
}

fn percent_decode(s: &str) -> Result<String, String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            // The text is never echoed: it may be part of a password.
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or("a % in the IMAP URL is not followed by two hex digits (write % as %25)")?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| "a percent-escape is not UTF-8".to_string())
}

impl ImapUrl {
    pub fn parse(url: &str) -> Result<ImapUrl, String> {
        let usage = "expected imaps://USER:PASSWORD@HOST[:PORT]/MAILBOX, e.g. \
            imaps://gm%40example.org:app-password@imap.gmail.com/INBOX";
        let (tls, rest) = if let Some(r) = url.strip_prefix("imaps://") {
            (true, r)
        } else if let Some(r) = url.strip_prefix("imap://") {
            (false, r)
        } else {
            return Err(format!(
                "the IMAP URL must start with imaps:// or imap://; {usage}"
            ));
        };
        let (credentials, rest) = rest
            .rsplit_once('@')
            .ok_or_else(|| format!("the IMAP URL names no user and password; {usage}"))?;
        let (user, password) = credentials
            .split_once(':')
            .ok_or_else(|| format!("the IMAP URL names no password; {usage}"))?;
        let (server, mailbox) = rest.split_once('/').unwrap_or((rest, "INBOX"));
        let (host, port) = match server.rsplit_once(':') {
            Some((h, p)) => (
                h,
                p.parse()
                    .map_err(|_| format!("the IMAP port \"{p}\" is not a number; {usage}"))?,
            ),
            None => (server, if tls { 993 } else { 143 }),
        };
        if host.is_empty() {
            return Err(format!("the IMAP URL names no server; {usage}"));
        }
        // Without TLS the password crosses the network in clear: only on this machine.
        let local = host == "localhost"
            || host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback());
        if !tls && !local {
            return Err(format!(
                "imap:// sends the password in clear: use imaps:// for {host} (imap:// is only \
                 for a server on this machine)"
            ));
        }
        let mailbox = percent_decode(mailbox)?;
        Ok(ImapUrl {
            tls,
            host: host.to_string(),
            port,
            user: percent_decode(user)?,
            password: percent_decode(password)?,
            mailbox: if mailbox.is_empty() {
                "INBOX".into()
            } else {
                mailbox
            },
        })
    }

    /// The URL without its password, for logs, messages and the lease's name.
    pub fn display(&self) -> String {
        format!(
            "{}://{}@{}:{}/{}",
            if self.tls { "imaps" } else { "imap" },
            self.user,
            self.host,
            self.port,
            self.mailbox
        )
    }
}

/// What the door does with a message once it is handled.
#[derive(Clone, Debug)]
pub struct ImapDoor {
    pub url: ImapUrl,
    /// Move handled messages here (created when missing) instead of flagging them `\Seen`.
    pub done_folder: Option<String>,
    /// Between passes when the server offers no IDLE.
    pub poll: Duration,
    /// Who reads, for the lease: the host and the listening address, so an instance started
    /// again where it died takes its lease back at once, and two instances never share one.
    pub holder: String,
}

/// The name of this machine, for lease holders.
pub fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|h| h.trim().to_string())
        .ok()
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".into())
}

/// What one pass did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pass {
    pub read: usize,
    /// Left unseen for the next pass: the database could not store them just now.
    pub deferred: usize,
}

type Error = String;

fn imap_error(what: &str) -> impl Fn(async_imap::error::Error) -> Error + '_ {
    move |e| format!("IMAP {what}: {e}")
}

async fn tls_stream(
    host: &str,
    tcp: TcpStream,
) -> Result<tokio_rustls::client::TlsStream<TcpStream>, Error> {
    use rustls_platform_verifier::ConfigVerifierExt;
    let config = tokio_rustls::rustls::ClientConfig::with_platform_verifier()
        .map_err(|e| format!("TLS set-up: {e}"))?;
    let name = tokio_rustls::rustls::pki_types::ServerName::try_from(host.to_string())
        .map_err(|e| format!("\"{host}\" is not a server name: {e}"))?;
    tokio_rustls::TlsConnector::from(Arc::new(config))
        .connect(name, tcp)
        .await
        .map_err(|e| format!("TLS with {host}: {e}"))
}

async fn login<T>(url: &ImapUrl, stream: T) -> Result<Session<T>, Error>
where
    T: AsyncRead + AsyncWrite + Unpin + Debug + Send,
{
    let mut client = async_imap::Client::new(stream);
    client
        .read_response()
        .await
        .map_err(|e| format!("IMAP greeting: {e}"))?
        .ok_or("the IMAP server closed the connection before its greeting")?;
    client
        .login(&url.user, &url.password)
        .await
        .map_err(|(e, _)| format!("IMAP login as {} refused: {e}", url.user))
}

/// One pass over the mailbox: every new message ingested, then flagged or moved.
async fn pass<T>(master: &Master, door: &ImapDoor, session: &mut Session<T>) -> Result<Pass, Error>
where
    T: AsyncRead + AsyncWrite + Unpin + Debug + Send,
{
    session
        .select(&door.url.mailbox)
        .await
        .map_err(imap_error("select"))?;
    // Moved messages leave the mailbox, so all that is there is new; flagged ones stay.
    let query = if door.done_folder.is_some() {
        "ALL"
    } else {
        "UNSEEN"
    };
    let mut uids: Vec<u32> = session
        .uid_search(query)
        .await
        .map_err(imap_error("search"))?
        .into_iter()
        .collect();
    uids.sort_unstable();
    let mut report = Pass::default();
    for chunk in uids.chunks(FETCH_BATCH) {
        if !renew(master, &lease_name(door), &door.holder).await? {
            break;
        }
        let set = chunk
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",");
        // Sizes first: a message over the limit is never fetched whole, only its header.
        let sized: Vec<_> = session
            .uid_fetch(&set, "(UID RFC822.SIZE)")
            .await
            .map_err(imap_error("fetch"))?
            .try_collect()
            .await
            .map_err(imap_error("fetch"))?;
        let (mut small, mut large) = (Vec::new(), Vec::new());
        for message in &sized {
            let Some(uid) = message.uid else { continue };
            match message.size.map(|s| s as usize) {
                Some(size) if size > MAX_MESSAGE_BYTES => large.push((uid, size)),
                _ => small.push(uid),
            }
        }
        let mut handled = Vec::new();
        for (uid, size) in large {
            let header: Vec<_> = session
                .uid_fetch(uid.to_string(), "(UID BODY.PEEK[HEADER])")
                .await
                .map_err(imap_error("fetch"))?
                .try_collect()
                .await
                .map_err(imap_error("fetch"))?;
            let Some(header) = header.iter().find_map(|m| m.header()) else {
                continue;
            };
            match super::door::ingest_oversized(master, header, size).await {
                Ok(_) => handled.push(uid),
                Err(e) => {
                    tracing::warn!(uid, "IMAP message left for the next pass: {e}");
                    report.deferred += 1;
                }
            }
        }
        let set = small
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let fetched: Vec<_> = match set.is_empty() {
            true => Vec::new(),
            false => session
                .uid_fetch(&set, "(UID BODY.PEEK[])")
                .await
                .map_err(imap_error("fetch"))?
                .try_collect()
                .await
                .map_err(imap_error("fetch"))?,
        };
        for message in &fetched {
            let (Some(uid), Some(raw)) = (message.uid, message.body()) else {
                continue;
            };
            match super::door::ingest(master, raw).await {
                Ok(_) => handled.push(uid),
                Err(e) => {
                    tracing::warn!(uid, "IMAP message left for the next pass: {e}");
                    report.deferred += 1;
                }
            }
        }
        if handled.is_empty() {
            continue;
        }
        let set = handled
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",");
        match &door.done_folder {
            Some(folder) => session
                .uid_mv(&set, folder)
                .await
                .map_err(imap_error("move"))?,
            None => {
                let _: Vec<_> = session
                    .uid_store(&set, "+FLAGS.SILENT (\\Seen)")
                    .await
                    .map_err(imap_error("flag"))?
                    .try_collect()
                    .await
                    .map_err(imap_error("flag"))?;
            }
        }
        report.read += handled.len();
        crate::metrics::METRICS.imap_read.add(handled.len() as u64);
    }
    Ok(report)
}

async fn prepare<T>(door: &ImapDoor, session: &mut Session<T>) -> Result<bool, Error>
where
    T: AsyncRead + AsyncWrite + Unpin + Debug + Send,
{
    if let Some(folder) = &door.done_folder {
        // Creating a folder that exists fails harmlessly; any real problem shows at the move.
        let _ = session.create(folder).await;
    }
    let caps = session
        .capabilities()
        .await
        .map_err(imap_error("capabilities"))?;
    Ok(caps.has_str("IDLE"))
}

/// Connects, logs in and runs `then` on the session, over TLS or not as the URL says.
macro_rules! with_session {
    ($url:expr, |$session:ident| $body:expr) => {{
        let url: &ImapUrl = $url;
        let tcp = within(STEP, "connect", async {
            TcpStream::connect((url.host.as_str(), url.port))
                .await
                .map_err(|e| format!("cannot reach the IMAP server {}: {e}", url.display()))
        })
        .await?;
        if url.tls {
            let tls = within(STEP, "TLS", tls_stream(&url.host, tcp)).await?;
            #[allow(unused_mut)]
            let mut $session = within(STEP, "login", login(url, tls)).await?;
            $body
        } else {
            #[allow(unused_mut)]
            let mut $session = within(STEP, "login", login(url, tcp)).await?;
            $body
        }
    }};
}

/// One pass for `polysleuth mail poll` (from cron): connects, reads every new message, logs
/// out.
pub async fn poll_once(master: &Master, door: &ImapDoor) -> Result<Pass, Error> {
    if !renew(master, &lease_name(door), &door.holder).await? {
        return Err(format!(
            "another instance reads {} now; nothing was read (try again when it has stopped)",
            door.url.display()
        ));
    }
    with_session!(&door.url, |session| {
        within(STEP, "set-up", prepare(door, &mut session)).await?;
        let report = within(PASS, "pass", pass(master, door, &mut session)).await?;
        let _ = session.logout().await;
        Ok(report)
    })
}

/// Reads the mailbox while this instance holds the lease: a pass, then IDLE (or a pause)
/// until new mail or the next renewal. Returns when the lease is lost or on an error.
async fn hold<T>(master: &Master, door: &ImapDoor, mut session: Session<T>) -> Result<(), Error>
where
    T: AsyncRead + AsyncWrite + Unpin + Debug + Send,
{
    let idle = within(STEP, "set-up", prepare(door, &mut session)).await?;
    let name = lease_name(door);
    loop {
        if !renew(master, &name, &door.holder).await? {
            let _ = session.logout().await;
            return Ok(());
        }
        within(PASS, "pass", pass(master, door, &mut session)).await?;
        if idle {
            let mut handle = session.idle();
            within(STEP, "idle", async {
                handle.init().await.map_err(imap_error("idle"))
            })
            .await?;
            let (wait, _stop) =
                handle.wait_with_timeout(IDLE_SLICE.min(door.poll.max(Duration::from_secs(1))));
            let response = wait.await.map_err(imap_error("idle"))?;
            if let IdleResponse::NewData(_) = response {
                tracing::debug!("IMAP: new mail announced");
            }
            session = within(STEP, "idle", async {
                handle.done().await.map_err(imap_error("idle"))
            })
            .await?;
        } else {
            // No IDLE: a look every --imap-poll-seconds, the lease renewed in between.
            let mut waited = Duration::ZERO;
            while waited < door.poll {
                let slice = IDLE_SLICE.min(door.poll - waited);
                tokio::time::sleep(slice).await;
                waited += slice;
                if !renew(master, &name, &door.holder).await? {
                    break;
                }
            }
        }
    }
}

fn lease_name(door: &ImapDoor) -> String {
    format!("imap {}", door.url.display())
}

async fn renew(master: &Master, name: &str, holder: &str) -> Result<bool, Error> {
    master
        .store
        .take_lease(name, holder, now(), LEASE_SECONDS)
        .await
        .map_err(|e| format!("the IMAP reader's lease: {e}"))
}

/// The door's task in `serve`: waits for the lease, reads while holding it, reconnects after
/// an error with a growing pause (at most a minute).
pub async fn run(master: Master, door: ImapDoor) {
    let holder = door.holder.clone();
    let mut pause = Duration::from_secs(1);
    loop {
        match renew(&master, &lease_name(&door), &holder).await {
            Ok(true) => {
                let result: Result<(), Error> = async {
                    with_session!(&door.url, |session| hold(&master, &door, session).await)
                }
                .await;
                match result {
                    Ok(()) => pause = Duration::from_secs(1),
                    Err(e) => {
                        tracing::warn!(mailbox = %door.url.display(), "IMAP: {e}; trying again in {pause:?}");
                        tokio::time::sleep(pause).await;
                        pause = (pause * 2).min(Duration::from_secs(60));
                    }
                }
            }
            // Another instance reads the mailbox; look again before its lease could run out.
            Ok(false) => tokio::time::sleep(Duration::from_secs(LEASE_SECONDS as u64 / 3)).await,
            Err(e) => {
                tracing::warn!("{e}");
                tokio::time::sleep(pause).await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imap_urls_are_read_with_their_defaults_and_escapes() {
        let u = ImapUrl::parse("imaps://gm%40example.org:p%3Ass@imap.gmail.com/INBOX").unwrap();
        assert_eq!(
            (
                u.tls,
                u.host.as_str(),
                u.port,
                u.user.as_str(),
                u.mailbox.as_str()
            ),
            (true, "imap.gmail.com", 993, "gm@example.org", "INBOX")
        );
        assert_eq!(u.password, "p:ss");
        let u = ImapUrl::parse("imap://a:b@127.0.0.1:1143").unwrap();
        assert_eq!((u.tls, u.port, u.mailbox.as_str()), (false, 1143, "INBOX"));
        assert!(
            !format!("{u:?}").contains(":b@"),
            "the password never shows"
        );
    }

    #[test]
    fn a_bad_imap_url_says_what_is_expected() {
        for bad in [
            "pop3://a:b@h/INBOX",
            "imaps://h/INBOX",
            "imaps://a@h",
            "imaps://a:b@h:x/I",
        ] {
            let e = ImapUrl::parse(bad).unwrap_err();
            assert!(e.contains("imaps://USER:PASSWORD@HOST"), "{bad}: {e}");
        }
        let e = ImapUrl::parse("imap://a:b@imap.example.org/INBOX").unwrap_err();
        assert!(e.contains("in clear"), "{e}");
        // A bad escape is refused without echoing the password, and never panics.
        for bad in ["imaps://a:s3cr%zzet@h/INBOX", "imaps://a:p%a\u{e9}@h/INBOX"] {
            let e = ImapUrl::parse(bad).unwrap_err();
            assert!(!e.contains("s3cr") && !e.contains('\u{e9}'), "{e}");
        }
    }
}
