//! The `polysleuth` command line: dispatch only.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use polysleuth::app::{self, Options};
use polysleuth::master::body::NewGameBody;
use polysleuth::master::GmAction;
use polysleuth::master::MasterError;

#[derive(Parser)]
#[command(
    name = "polysleuth",
    version,
    about = "The game master for play-by-message deduction games, by web and e-mail. Games: \
             Polysleuth (`polysleuth`, simultaneous rounds), classic Sleuth (`sleuth`, turn by \
             turn), Clue (`clue`, the Swimming Pool edition, turn by turn) and Sherlock \
             Solitaire (`sherlock`, one player or two detectives, and a daily case)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// How log lines are written to standard error: `text` for people, `json` (one object
    /// per line) for log collectors.
    #[arg(
        long,
        global = true,
        env = "POLYSLEUTH_LOG_FORMAT",
        default_value = "text"
    )]
    log_format: LogFormat,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum LogFormat {
    Text,
    Json,
}

#[derive(Args, Clone)]
struct Db {
    /// SQLite file (created if missing) or postgres://… URL.
    #[arg(
        long,
        env = "POLYSLEUTH_DATABASE_URL",
        hide_env_values = true,
        default_value = "polysleuth.db"
    )]
    database_url: String,
}

#[derive(Subcommand)]
enum Command {
    /// Run the service: web pages, JSON API, scheduler and mail.
    Serve {
        #[command(flatten)]
        db: Db,
        /// Address to listen on.
        #[arg(long, env = "POLYSLEUTH_LISTEN", default_value = "127.0.0.1:8080")]
        listen: String,
        /// Public address of the service, used in links (default: http:// + the listen address).
        #[arg(long, env = "POLYSLEUTH_BASE_URL")]
        base_url: Option<String>,
        /// smtp://user:pass@host:587 (STARTTLS) or smtps://…; without it mail is written to --outbox.
        #[arg(long, env = "POLYSLEUTH_SMTP_URL", hide_env_values = true)]
        smtp_url: Option<String>,
        /// Folder for outgoing mail as .eml files when no SMTP server is given.
        #[arg(long, env = "POLYSLEUTH_OUTBOX", default_value = "outbox")]
        outbox: PathBuf,
        /// The From address of every mail.
        #[arg(
            long,
            env = "POLYSLEUTH_MAIL_FROM",
            default_value = "Polysleuth game master <gm@localhost>"
        )]
        mail_from: String,
        /// How often due rounds and mail are looked for, in milliseconds.
        #[arg(long, env = "POLYSLEUTH_TICK_MS", default_value_t = 1000,
              value_parser = clap::value_parser!(u64).range(10..=3_600_000))]
        tick_ms: u64,
        /// Web worker threads.
        #[arg(long, env = "POLYSLEUTH_WORKERS", default_value_t = 2,
              value_parser = workers_count)]
        workers: usize,
        /// Shared secret of the inbound-mail webhook POST /inbound/mail (closed without it).
        #[arg(long, env = "POLYSLEUTH_INBOUND_SECRET", hide_env_values = true)]
        inbound_secret: Option<String>,
        /// Seconds a turn changed on the web waits before its confirmation is mailed; further
        /// changes in that time are folded into the same mail.
        #[arg(long, env = "POLYSLEUTH_WEB_CONFIRM_SECONDS", default_value_t = 60)]
        web_confirm_seconds: u64,
        #[command(flatten)]
        imap: Imap,
        /// Who may make games on the web and through the API: `open` (anyone, players mailed
        /// at once), `confirmed` (anyone, but the game waits until its game master starts it
        /// from the link mailed to their address), or `token` (only with --create-token).
        #[arg(long, env = "POLYSLEUTH_CREATE_GAMES", default_value = "confirmed")]
        create_games: String,
        /// A proxy in front of the service (an address or a network, e.g. 127.0.0.1 or
        /// 10.0.0.0/8), repeated for each: behind one, a client is the right-most address of
        /// X-Forwarded-For that is not a trusted proxy. Without any, the header is ignored.
        #[arg(
            long = "trusted-proxy",
            env = "POLYSLEUTH_TRUSTED_PROXIES",
            value_delimiter = ','
        )]
        trusted_proxies: Vec<String>,
        /// Days the raw text of inbound mail is kept (who sent it, when and what came of it
        /// stay).
        #[arg(long, env = "POLYSLEUTH_KEEP_INBOUND_DAYS", default_value_t = 30,
              value_parser = clap::value_parser!(u64).range(0..=polysleuth::retention::MOST_KEEP_DAYS))]
        keep_inbound_days: u64,
        /// Days the record of inbound mail (who sent it, when, what came of it) is kept.
        #[arg(
            long,
            env = "POLYSLEUTH_KEEP_INBOUND_RECORDS_DAYS",
            default_value_t = 365,
            value_parser = clap::value_parser!(u64).range(0..=polysleuth::retention::MOST_KEEP_DAYS)
        )]
        keep_inbound_records_days: u64,
        /// Days delivered and given-up mail is kept in the outbox.
        #[arg(long, env = "POLYSLEUTH_KEEP_SENT_MAIL_DAYS", default_value_t = 30,
              value_parser = clap::value_parser!(u64).range(0..=polysleuth::retention::MOST_KEEP_DAYS))]
        keep_sent_mail_days: u64,
        /// The shared token of `--create-games token` (at least 16 characters).
        #[arg(long, env = "POLYSLEUTH_CREATE_TOKEN", hide_env_values = true)]
        create_token: Option<String>,
        /// Seconds after a round opens at which computer players send their turns (at once
        /// when every person is ready).
        #[arg(long, env = "POLYSLEUTH_COMPUTER_TURN_SECONDS", default_value_t = 60)]
        computer_turn_seconds: u64,
        /// Also create a demo game and print its links.
        #[arg(long)]
        demo: bool,
    },
    /// Players' mail from the command line: `ingest` reads one message on standard input
    /// (an MTA pipe or .forward), `poll` reads a mailbox once (for cron).
    Mail {
        #[command(subcommand)]
        command: MailCommand,
    },
    /// Games from the command line: `new` makes one, of any game, and prints its links.
    Game {
        #[command(subcommand)]
        command: GameCommand,
    },
    /// Rounds of a game of simultaneous rounds: `close` resolves a game's open round now.
    Round {
        #[command(subcommand)]
        command: RoundCommand,
    },
    /// The database: status, copy, backup, restore.
    Db {
        #[command(subcommand)]
        command: DbCommand,
    },
    /// Play games between computer players, with no database, and print who won how often:
    /// `simulate [--ruleset NAME] OPTIONS` (`simulate --help` lists the game's options).
    #[command(disable_help_flag = true)]
    Simulate {
        /// The game's name, `--ruleset NAME` anywhere (default: the first game), then its
        /// own options.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
    /// Check a finished game's record (its record.json): the commitment, then every bulletin
    /// replayed. Prints `verified`, or the first difference (status 1).
    Verify {
        /// The record (`-` reads standard input).
        file: String,
    },
    /// Run a whole game through the rules engine alone and print the outcome as JSON.
    Replay {
        /// The replay file (`-` reads standard input).
        file: String,
    },
    /// Print one player's Information Sheet after a round of a replay-format game, as JSON:
    /// for every card and place, certain yes, certain no, or the probability.
    Deduce {
        /// The replay file (`-` reads standard input); it may name "player" and "round".
        file: String,
        /// Whose view (default: "player" in the file).
        #[arg(long)]
        player: Option<String>,
        /// After which round (0: before any; default: "round" in the file, else the last).
        #[arg(long)]
        round: Option<usize>,
        /// Units of counting work before sampling instead.
        #[arg(long)]
        budget: Option<u64>,
    },
}

#[derive(Subcommand)]
enum GameCommand {
    /// Create a game and print its links as JSON; the same mails go out as from the web.
    New {
        #[command(flatten)]
        db: Db,
        /// A player as "Name <address>" (a computer player as "Hal <computer:detective>"),
        /// with "as GUEST" after it in Clue to choose their guest ("Ann <ann@x.org> as Plum").
        #[arg(long = "player", required = true)]
        players: Vec<String>,
        #[arg(long, default_value = "Polysleuth game")]
        name: String,
        /// The game master's address.
        #[arg(long, default_value = "gm@localhost")]
        gm_email: String,
        #[arg(long)]
        seed: Option<u64>,
        /// A deal as the `deal` object of the replay format.
        #[arg(long)]
        deal: Option<PathBuf>,
        /// A round's length, for a game played in rounds (default 48).
        #[arg(long)]
        round_hours: Option<f64>,
        /// Minutes a round waits once every player is ready, for a game played in rounds
        /// (default 5).
        #[arg(long)]
        grace_minutes: Option<f64>,
        #[arg(long, default_value = "UTC")]
        time_zone: String,
        #[arg(long, default_value = "en", help = "The game's language: en or fr.")]
        language: String,
        /// A house rule of the game's ruleset, e.g. --setting max_rounds=10. Each game's house
        /// rules, their meaning and their limits are listed on the web's new-game form and in
        /// the game masters' guide, docs/src/game-masters/house-rules.md.
        #[arg(long = "setting")]
        settings: Vec<String>,
        /// The game by its name (an unknown name is answered with the names there are).
        #[arg(long, default_value = "polysleuth")]
        ruleset: String,
        /// Keep the game off the public list.
        #[arg(long)]
        unlisted: bool,
        /// Let players sign up instead of naming them: the least and most players, e.g. 3-5.
        #[arg(long, value_parser = polysleuth::master::request::players_range)]
        forming: Option<(usize, usize)>,
        /// Invite an address to the forming game (repeat for more; with --forming only).
        #[arg(long, requires = "forming")]
        invite: Vec<String>,
        /// The most rounds a player may declare themselves away at once.
        #[arg(long)]
        max_absence: Option<i64>,
        /// Hand a player marked done for being idle to the first standby.
        #[arg(long)]
        auto_standby: bool,
        #[command(flatten)]
        site: Site,
    },
}

/// Reading players' mail from a mailbox.
#[derive(Args, Clone)]
struct Imap {
    /// Read players' mail from this mailbox: imaps://USER:PASSWORD@HOST[:PORT]/MAILBOX
    /// (USER and PASSWORD percent-encoded, e.g. gm%40example.org).
    #[arg(long, env = "POLYSLEUTH_IMAP_URL", hide_env_values = true)]
    imap_url: Option<String>,
    /// Seconds between looks at the mailbox when the server offers no IDLE.
    #[arg(long, env = "POLYSLEUTH_IMAP_POLL_SECONDS", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    imap_poll_seconds: u64,
    /// Move handled messages to this folder (created if missing) instead of flagging them seen.
    #[arg(long, env = "POLYSLEUTH_IMAP_DONE_FOLDER")]
    imap_done_folder: Option<String>,
}

impl Imap {
    /// The door, for a reader called `who` on this machine (its listening address).
    fn door(&self, who: &str) -> anyhow::Result<Option<polysleuth::mail::imap::ImapDoor>> {
        let Some(url) = &self.imap_url else {
            return Ok(None);
        };
        let url = polysleuth::mail::imap::ImapUrl::parse(url)
            .map_err(|e| anyhow::anyhow!("--imap-url: {e}"))?;
        Ok(Some(polysleuth::mail::imap::ImapDoor {
            url,
            done_folder: self.imap_done_folder.clone(),
            poll: Duration::from_secs(self.imap_poll_seconds),
            holder: format!("{}/{who}", polysleuth::mail::imap::host_name()),
        }))
    }
}

#[derive(Subcommand)]
enum MailCommand {
    /// Read one raw message on standard input (for an MTA pipe or .forward). Exit 0 when
    /// handled, 75 (EX_TEMPFAIL) when it could not be stored, so the MTA tries again.
    Ingest {
        #[command(flatten)]
        db: Db,
        #[command(flatten)]
        site: Site,
    },
    /// Read every new message of a mailbox once and handle it (for cron); exit 0 when all
    /// were handled, 1 with a message when some must wait for the next run.
    Poll {
        #[command(flatten)]
        db: Db,
        #[command(flatten)]
        site: Site,
        #[command(flatten)]
        imap: Imap,
    },
}

#[derive(Args, Clone)]
struct Site {
    /// Public address of the service, used in links (default: the one `serve` last ran with
    /// on this database, else http://127.0.0.1:8080).
    #[arg(long, env = "POLYSLEUTH_BASE_URL")]
    base_url: Option<String>,
    /// The From address of every mail; players reply to it.
    #[arg(
        long,
        env = "POLYSLEUTH_MAIL_FROM",
        default_value = "Polysleuth game master <gm@localhost>"
    )]
    mail_from: String,
}

#[derive(Subcommand)]
enum DbCommand {
    /// Print the schema version and the rows of every table, as JSON.
    Status {
        #[command(flatten)]
        db: Db,
    },
    /// Copy everything into an empty database (SQLite to PostgreSQL, or back), checking every
    /// table's count and digest after.
    Copy {
        /// The database to copy (`sqlite:FILE` or `postgres://…`); it is not changed.
        #[arg(long)]
        from: String,
        /// The empty database to copy into.
        #[arg(long)]
        to: String,
    },
    /// Write a consistent copy of a SQLite database to a new file, while `serve` runs.
    Backup {
        #[command(flatten)]
        db: Db,
        /// The new file.
        #[arg(long)]
        to: PathBuf,
    },
    /// Put a backup file back into an empty database.
    Restore {
        /// The backup file `db backup` wrote.
        #[arg(long)]
        from: PathBuf,
        /// The empty database to restore into.
        #[arg(long)]
        to: String,
    },
}

#[derive(Subcommand)]
enum RoundCommand {
    /// Close the open round of a game now and resolve it.
    Close {
        #[command(flatten)]
        db: Db,
        #[arg(long)]
        game: i64,
        #[command(flatten)]
        site: Site,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay { file } => polysleuth::replay::cli(&file),
        Command::Verify { file } => polysleuth::verify::main(&file),
        Command::Simulate { args } => polysleuth::games::simulate(args),
        Command::Deduce {
            file,
            player,
            round,
            budget,
        } => polysleuth::replay::deduce_cli(&file, player.as_deref(), round, budget),
        Command::Mail {
            command: MailCommand::Ingest { db, site },
        } => ingest(db, site),
        other => {
            let logs = tracing_subscriber::fmt()
                .with_env_filter(
                    tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| {
                        "info,sqlx=warn,actix_server=warn,actix_web::middleware::logger=warn".into()
                    }),
                )
                .with_writer(std::io::stderr);
            match cli.log_format {
                LogFormat::Text => logs.init(),
                LogFormat::Json => logs.json().init(),
            }
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .expect("tokio starts");
            match runtime.block_on(run(other)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("polysleuth: {e:#}");
                    ExitCode::from(1)
                }
            }
        }
    }
}

/// The game master a command works with, on its database and site.
async fn master_for(db: &Db, site: &Site) -> anyhow::Result<polysleuth::master::Master> {
    let store = app::connect(&db.database_url).await?;
    let base_url =
        app::base_url_for(&store, site.base_url.as_deref(), "http://127.0.0.1:8080").await?;
    app::master(store, &base_url, &site.mail_from, app::WEB_CONFIRM_AFTER).await
}

async fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Serve {
            db,
            listen,
            base_url,
            smtp_url,
            outbox,
            mail_from,
            tick_ms,
            workers,
            inbound_secret,
            web_confirm_seconds,
            imap,
            create_games,
            trusted_proxies,
            create_token,
            keep_inbound_days,
            keep_inbound_records_days,
            keep_sent_mail_days,
            computer_turn_seconds,
            demo,
        } => {
            let imap = imap.door(&listen)?;
            let create_games = polysleuth::web::admission::CreateGames::parse(
                &create_games,
                create_token.as_deref(),
            )
            .map_err(anyhow::Error::msg)?;
            let trusted_proxies = polysleuth::web::admission::proxies(&trusted_proxies)
                .map_err(anyhow::Error::msg)?;
            let running = app::start(Options {
                trusted_proxies,
                database_url: db.database_url,
                listen,
                base_url,
                smtp_url,
                outbox_dir: outbox,
                mail_from,
                tick: Duration::from_millis(tick_ms),
                workers,
                inbound_secret,
                web_confirm_after: Duration::from_secs(web_confirm_seconds),
                imap,
                create_games,
                keep: polysleuth::retention::Keep {
                    inbound_raw: polysleuth::retention::days(keep_inbound_days),
                    inbound_records: polysleuth::retention::days(keep_inbound_records_days),
                    sent_mail: polysleuth::retention::days(keep_sent_mail_days),
                },
                computers: polysleuth::level::Timing {
                    after: Duration::from_secs(computer_turn_seconds),
                    ..Default::default()
                },
            })
            .await?;
            println!("Polysleuth game master at http://{}", running.addr);
            if demo {
                let created = polysleuth::app::demo(&running.master).await?;
                println!("Demo game {}: {}", created.id, created.public_page);
                println!("  game master: {}", created.gm_link);
                if running.addr.ip().is_loopback() {
                    // A local demo: one person plays every seat, so the keys are shown here.
                    // A real game mails each player their link alone.
                    println!("  the players' private links (shown only for a local demo):");
                    for p in &created.players {
                        println!("  {}: {}", p.name, p.link);
                    }
                } else {
                    println!("  each player's private link was mailed to that player alone");
                }
            }
            // Ctrl-C or a service manager's SIGTERM: stop cleanly either way.
            let mut term =
                tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
            tokio::select! {
                r = tokio::signal::ctrl_c() => r?,
                _ = term.recv() => {}
            }
            running.stop().await;
            Ok(())
        }
        Command::Game {
            command:
                GameCommand::New {
                    db,
                    players,
                    name,
                    gm_email,
                    seed,
                    deal,
                    round_hours,
                    grace_minutes,
                    time_zone,
                    language,
                    settings,
                    ruleset,
                    unlisted,
                    forming,
                    invite,
                    max_absence,
                    auto_standby,
                    site,
                },
        } => {
            let settings = polysleuth::games::named(&ruleset)
                .map_err(anyhow::Error::msg)?
                .settings_from_pairs(&settings)
                .map_err(anyhow::Error::msg)?;
            let deal = match deal {
                Some(path) => {
                    let text = std::fs::read_to_string(&path)
                        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
                    Some(serde_json::from_str(&text).map_err(|e| {
                        anyhow::anyhow!("{}: not a deal object: {e}", path.display())
                    })?)
                }
                None => None,
            };
            let request = NewGameBody {
                name,
                gm_email,
                players,
                ruleset: Some(ruleset),
                settings: Some(settings),
                round_hours,
                grace_minutes,
                time_zone: Some(time_zone),
                language: Some(language),
                listed: Some(!unlisted),
                seed,
                deal,
                reminder_hours: None,
                first_deadline: None,
                forming: forming.map(|(min_players, max_players)| {
                    polysleuth::master::body::FormingBody {
                        min_players,
                        max_players,
                        start_at: None,
                        invite,
                    }
                }),
                max_absence,
                auto_standby: Some(auto_standby),
            };
            let master = master_for(&db, &site).await?;
            let created = master
                .create_by_operator(request)
                .await
                .map_err(|e| match e {
                    MasterError::Invalid(problems) => {
                        let problems: Vec<String> =
                            problems.iter().map(|p| p.to_string()).collect();
                        anyhow::anyhow!("the game was not created:\n  {}", problems.join("\n  "))
                    }
                    e => describe(e),
                })?;
            println!("{}", serde_json::to_string_pretty(&created)?);
            Ok(())
        }
        Command::Db { command } => {
            let out = match command {
                DbCommand::Status { db } => polysleuth::operate::status(&db.database_url).await?,
                DbCommand::Copy { from, to } => {
                    serde_json::to_value(polysleuth::operate::copy(&from, &to).await?)?
                }
                DbCommand::Backup { db, to } => {
                    polysleuth::operate::backup(&db.database_url, &to).await?;
                    serde_json::json!({"backup": to})
                }
                DbCommand::Restore { from, to } => {
                    serde_json::to_value(polysleuth::operate::restore(&from, &to).await?)?
                }
            };
            println!("{}", serde_json::to_string_pretty(&out)?);
            Ok(())
        }
        Command::Round {
            command: RoundCommand::Close { db, game, site },
        } => {
            let master = master_for(&db, &site).await?;
            let row = master.public_game(game).await.map_err(describe)?;
            let round = row.round;
            master
                .operator_action(row, GmAction::ResolveNow { round: Some(round) })
                .await
                .map_err(describe)?;
            println!("Round {round} of game {game} is resolved.");
            Ok(())
        }
        Command::Mail {
            command: MailCommand::Poll { db, site, imap },
            ..
        } => {
            let Some(door) = imap.door("mail poll")? else {
                anyhow::bail!("mail poll needs --imap-url (or POLYSLEUTH_IMAP_URL)");
            };
            let master = master_for(&db, &site).await?;
            let pass = polysleuth::mail::imap::poll_once(&master, &door)
                .await
                .map_err(anyhow::Error::msg)?;
            println!(
                "{}",
                serde_json::json!({"read": pass.read, "deferred": pass.deferred})
            );
            if pass.deferred > 0 {
                anyhow::bail!(
                    "{} message(s) could not be stored just now; they stay unseen for the next run",
                    pass.deferred
                );
            }
            Ok(())
        }
        Command::Replay { .. }
        | Command::Deduce { .. }
        | Command::Mail { .. }
        | Command::Simulate { .. }
        | Command::Verify { .. } => {
            unreachable!("handled in main")
        }
    }
}

/// EX_TEMPFAIL: the MTA keeps the message and tries again later.
const EX_TEMPFAIL: u8 = 75;

fn ingest(db: Db, site: Site) -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let mut raw = Vec::new();
    if let Err(e) = std::io::Read::read_to_end(&mut std::io::stdin(), &mut raw) {
        eprintln!("polysleuth mail ingest: cannot read the message: {e}");
        return ExitCode::from(EX_TEMPFAIL);
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("tokio starts");
    let result = runtime.block_on(async {
        let master = master_for(&db, &site).await?;
        polysleuth::mail::door::ingest(&master, &raw)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))
    });
    match result {
        Ok(done) => {
            println!(
                "{}",
                serde_json::json!({"inbound": done.id, "outcome": done.outcome})
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!(
                "polysleuth mail ingest: {e:#}; the message was not handled, try again later"
            );
            ExitCode::from(EX_TEMPFAIL)
        }
    }
}

fn describe(e: MasterError) -> anyhow::Error {
    anyhow::anyhow!("{e}")
}

/// A number of web worker threads: at least one.
fn workers_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n @ 1..=1024) => Ok(n),
        _ => Err(format!("{text} is not a number of threads from 1 to 1024")),
    }
}
