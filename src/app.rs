//! Starting the service: the database, the web server, the scheduler and the outbox worker.

use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use actix_web::dev::ServerHandle;
use anyhow::Context;
use tokio::task::JoinHandle;

use crate::mail::outbox::{Outbox, Transport};
use crate::master::Master;
use crate::site::Site;
use crate::store::Store;
use crate::writer::Writer;

#[derive(Clone, Debug)]
pub struct Options {
    pub database_url: String,
    pub listen: String,
    /// Where links in mail point; by default `http://` + the listening address.
    pub base_url: Option<String>,
    pub smtp_url: Option<String>,
    pub outbox_dir: PathBuf,
    pub mail_from: String,
    pub tick: Duration,
    pub workers: usize,
    /// The shared secret of `POST /inbound/mail`; without it that door is closed.
    pub inbound_secret: Option<String>,
    /// How long a web confirmation waits for more changes to the same turn.
    pub web_confirm_after: Duration,
    /// A mailbox to read players' mail from (`--imap-url`).
    pub imap: Option<crate::mail::imap::ImapDoor>,
    /// Who may make games on the web and through the API.
    pub create_games: crate::web::admission::CreateGames,
    /// The proxies in front of the service, whose forwarded client addresses are believed.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// How long inbound mail and sent mail are kept.
    pub keep: crate::retention::Keep,
    /// When computer players send their turns.
    pub computers: crate::level::Timing,
}

/// The default wait of a web confirmation: a player who builds a turn in a few clicks gets
/// one mail with the whole turn.
pub const WEB_CONFIRM_AFTER: Duration = Duration::from_secs(60);

impl Default for Options {
    fn default() -> Self {
        Options {
            database_url: "polysleuth.db".into(),
            listen: "127.0.0.1:8080".into(),
            base_url: None,
            smtp_url: None,
            outbox_dir: PathBuf::from("outbox"),
            mail_from: "Polysleuth game master <gm@localhost>".into(),
            tick: Duration::from_secs(1),
            workers: 2,
            inbound_secret: None,
            web_confirm_after: WEB_CONFIRM_AFTER,
            imap: None,
            create_games: crate::web::admission::CreateGames::Confirmed,
            trusted_proxies: Vec::new(),
            keep: crate::retention::Keep::default(),
            computers: Default::default(),
        }
    }
}

pub struct Running {
    pub addr: std::net::SocketAddr,
    pub master: Master,
    pub handle: ServerHandle,
    pub server: JoinHandle<std::io::Result<()>>,
    pub background: Vec<JoinHandle<()>>,
}

impl Running {
    /// Stops the web server and the background work, as a shutdown would: the requests in
    /// hand finish first (a turn waits for the writer, so the writer stops after them), then
    /// the background work stops.
    pub async fn stop(self) {
        self.handle.stop(true).await;
        let _ = self.server.await;
        for task in &self.background {
            task.abort();
        }
    }
}

pub async fn connect(database_url: &str) -> anyhow::Result<Store> {
    Store::connect(database_url)
        .await
        .with_context(|| format!("cannot open the database {database_url}"))
}

/// The setting under which `serve` keeps its base URL for the command line.
pub const BASE_URL_SETTING: &str = "base_url";

/// The base URL a command writes links with: the one it was given, else the one `serve` last
/// kept in the database, else `fallback` (with a warning on standard error, since links to
/// it may lead nowhere).
/// Every mailed link starts with the base URL: without its scheme a link is not one to click.
pub fn check_base_url(url: &str) -> anyhow::Result<()> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    if rest.is_none_or(|rest| rest.is_empty()) {
        anyhow::bail!(
            "--base-url \"{url}\" is not a web address: write it whole, as players open it, \
             e.g. https://games.example.org"
        );
    }
    Ok(())
}

pub async fn base_url_for(
    store: &Store,
    given: Option<&str>,
    fallback: &str,
) -> anyhow::Result<String> {
    if let Some(url) = given {
        check_base_url(url)?;
        return Ok(url.to_string());
    }
    if let Some(url) = store.site_setting(BASE_URL_SETTING).await? {
        return Ok(url);
    }
    eprintln!(
        "polysleuth: no base URL given and none kept by `serve` on this database: links use {fallback}; pass --base-url (or POLYSLEUTH_BASE_URL) as the service has it"
    );
    Ok(fallback.to_string())
}

/// Where the service lives and how it signs, from its options and the database's secret.
pub async fn site(store: &Store, base_url: &str, mail_from: &str) -> anyhow::Result<Site> {
    let from: lettre::message::Mailbox = mail_from
        .parse()
        .with_context(|| format!("the From address \"{mail_from}\" is not valid"))?;
    let reply_secret = store.secret("reply", &crate::keys::new_key()).await?;
    Ok(Site {
        base_url: base_url.to_string(),
        mail_from: mail_from.to_string(),
        mail_address: from.email.to_string(),
        reply_secret,
    })
}

/// What every game keeps while a game master runs, and the game of simultaneous rounds
/// whose turns and closings the writer runs, if any.
type Parts = (
    Vec<Arc<dyn std::any::Any + Send + Sync>>,
    Option<Arc<dyn crate::rounds::Rounds>>,
);

fn parts(site: &Site, web_confirm_after: Duration) -> Parts {
    let mut parts = Vec::new();
    let mut rounds = None;
    for table in crate::games::tables() {
        if let Some(kept) = table.keep(site, web_confirm_after.as_secs() as i64) {
            parts.push(kept.part);
            rounds = rounds.or(kept.rounds);
        }
    }
    (parts, rounds)
}

/// A game master that writes straight to the database: the command line's.
pub async fn master(
    store: Store,
    base_url: &str,
    mail_from: &str,
    web_confirm_after: Duration,
) -> anyhow::Result<Master> {
    let site = site(&store, base_url, mail_from).await?;
    let (parts, rounds) = parts(&site, web_confirm_after);
    let writer = Writer::inline(&store, rounds);
    Ok(Master::new(
        store,
        site,
        writer,
        crate::games::tables(),
        parts,
    ))
}

/// A game master as `serve` runs it: its writer group-commits on a task (or, on a SQLite
/// file, a thread with its own connection) until the returned task is stopped.
pub async fn serving_master(
    store: Store,
    base_url: &str,
    mail_from: &str,
    web_confirm_after: Duration,
) -> anyhow::Result<(Master, JoinHandle<()>)> {
    let site = site(&store, base_url, mail_from).await?;
    let (parts, rounds) = parts(&site, web_confirm_after);
    let (writer, task) =
        Writer::start(&store, rounds).context("cannot start the thread that writes turns")?;
    Ok((
        Master::new(store, site, writer, crate::games::tables(), parts),
        task,
    ))
}

pub async fn start(opts: Options) -> anyhow::Result<Running> {
    if let Some(url) = &opts.base_url {
        check_base_url(url)?;
    }
    // An empty secret would be matched by a request that gives none: the webhook wide open.
    if opts
        .inbound_secret
        .as_deref()
        .is_some_and(|s| s.trim().is_empty())
    {
        anyhow::bail!(
            "--inbound-secret (POLYSLEUTH_INBOUND_SECRET) is empty: the webhook would take mail \
             from anyone; give a secret, or leave it out to keep the webhook closed"
        );
    }
    let store = connect(&opts.database_url).await?;
    let listener = TcpListener::bind(&opts.listen)
        .with_context(|| format!("cannot listen on {}", opts.listen))?;
    let addr = listener.local_addr()?;
    let base_url = opts
        .base_url
        .clone()
        .unwrap_or_else(|| format!("http://{addr}"));
    // The command line on this database writes its links to this service.
    store
        .keep_site_setting(BASE_URL_SETTING, &base_url)
        .await
        .context("cannot keep the base URL in the database")?;
    let (master, writer_task) = serving_master(
        store.clone(),
        &base_url,
        &opts.mail_from,
        opts.web_confirm_after,
    )
    .await?;
    let transport = Transport::new(opts.smtp_url.as_deref(), opts.outbox_dir.clone())
        .map_err(anyhow::Error::msg)?;
    let from: lettre::message::Mailbox = opts
        .mail_from
        .parse()
        .with_context(|| format!("the From address \"{}\" is not valid", opts.mail_from))?;
    let domain = from.email.domain().to_string();
    let outbox = Outbox {
        site: master.site.clone(),
        store: store.clone(),
        writer: master.writer.clone(),
        transport,
        from,
        domain,
    };
    let server = crate::web::server(
        master.clone(),
        listener,
        opts.workers,
        opts.inbound_secret.clone(),
        opts.create_games.clone(),
        opts.trusted_proxies.clone(),
    )?;
    let handle = server.handle();
    let server = tokio::spawn(server);
    let mut background = vec![
        writer_task,
        tokio::spawn(crate::scheduler::run(
            master.clone(),
            opts.tick,
            opts.computers.clone(),
        )),
        tokio::spawn(outbox.run(opts.tick)),
        tokio::spawn(crate::retention::run(store.clone(), opts.keep)),
    ];
    for table in crate::games::tables() {
        background.extend(table.serve(&master).into_iter().map(tokio::spawn));
    }
    if let Some(door) = opts.imap.clone() {
        tracing::info!(mailbox = %door.url.display(), "reading mail from IMAP");
        background.push(tokio::spawn(crate::mail::imap::run(master.clone(), door)));
    }
    tracing::info!(%addr, "polysleuth is listening");
    Ok(Running {
        addr,
        master,
        handle,
        server,
        background,
    })
}

/// A demo game with sample players, so a newcomer can click through a round at once.
pub async fn demo(master: &Master) -> anyhow::Result<crate::model::Created> {
    let request = crate::master::GameRequest {
        grace_seconds: 60,
        reminder_hours: "24,2".into(),
        wait_for_gm: false,
        ..crate::master::GameRequest::sample("Demo game", ["Ada", "Basil", "Clara", "Dmitri"], None)
    };
    master
        .create_game(request)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))
}
