//! The game master's actions: each one reads the game, asks the rules engine, and stores the
//! change together with the mail it causes in one transaction. The web, the command line, the
//! mail door and the scheduler all call these; none of them decides a rule or writes SQL.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::keys;
use crate::mail::{self, Letter};
use crate::rules::view::{Bulletin, PrivateReport};
use crate::rules::{Deal, Game, LineError, Settings, Turn};
use crate::store::{
    GameRow, NewGame, NewMail, PlayerRow, Schedule, Store, StoreError, TurnRow, Tx, Writes,
};

pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

#[derive(Clone, Debug)]
pub struct Config {
    /// Where links point, e.g. `http://127.0.0.1:8080`.
    pub base_url: String,
    /// The From of every mail, e.g. `Polysleuth <gm@localhost>`.
    pub mail_from: String,
    /// The bare address of `mail_from`; players reply to `local+TOKEN@domain`.
    pub mail_address: String,
    /// Keys the reply-address tokens; made once and kept in the database.
    pub reply_secret: String,
    /// How long after a turn changed on the web its confirmation mail waits for more changes.
    pub web_confirm_after: i64,
}

#[derive(Clone)]
pub struct Master {
    pub store: Store,
    pub config: Arc<Config>,
    /// The group-commit writer, once `serve` has started it; without it each submission
    /// commits on its own (the command line).
    pub writer: Arc<std::sync::OnceLock<crate::writer::Writer>>,
    /// Player rows change only when a link is replaced, so they are kept a short while after
    /// a read (`PLAYER_CACHE`); this instance forgets a row at once when it replaces its key.
    players:
        Arc<std::sync::RwLock<std::collections::HashMap<i64, (PlayerRow, std::time::Instant)>>>,
    /// A game's state changes only when a round is resolved: parsed once per (game, round).
    states: Arc<std::sync::RwLock<StateCache>>,
    /// Woken after each resolution, so the players' sheets are worked out at once.
    pub sheets_due: Arc<tokio::sync::Notify>,
}

/// Game id → (round, parsed state).
type StateCache = std::collections::HashMap<i64, (i64, Arc<Game>)>;

#[derive(Debug, thiserror::Error)]
pub enum MasterError {
    #[error("{0}")]
    NotFound(String),
    #[error("that link is not valid: check that you copied the whole link from your mail")]
    BadKey,
    #[error("{}", .0.join("; "))]
    Invalid(Vec<String>),
    #[error("{0}")]
    Conflict(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("stored game data is damaged: {0}")]
    Corrupt(String),
    /// A batch of writes could not be committed: nothing of it was stored.
    #[error("{0}")]
    NotStored(String),
    /// Not allowed on this service (HTTP 403).
    #[error("{0}")]
    Forbidden(String),
    /// Too many requests of one kind from one client or for one address (HTTP 429).
    #[error("{0}")]
    TooMany(String),
}

/// Subscriptions an address may have waiting for its confirmation in a day.
pub const MAX_UNCONFIRMED_SUBSCRIPTIONS: i64 = 5;
/// Games an address may have waiting for its confirmation as their game master.
pub const MAX_UNCONFIRMED_GAMES: i64 = 3;

impl From<sqlx::Error> for MasterError {
    fn from(e: sqlx::Error) -> Self {
        MasterError::Store(StoreError::Database(e))
    }
}

type Result<T> = std::result::Result<T, MasterError>;

/// What a game master asks for when creating a game.
#[derive(Clone, Debug)]
pub struct GameRequest {
    pub name: String,
    pub gm_email: String,
    pub players: Vec<(String, String)>,
    pub settings: Settings,
    pub round_seconds: i64,
    /// The first round's deadline; later rounds last `round_seconds`.
    pub first_deadline: Option<i64>,
    pub time_zone: String,
    pub grace_seconds: i64,
    pub listed: bool,
    pub seed: Option<u64>,
    pub deal: Option<Deal>,
    /// Hours before the deadline at which players with no turn are reminded, e.g. `24,2`.
    pub reminder_hours: String,
    /// The game waits, mailing no player, until its game master starts it from the link
    /// mailed to their address: a game made on the web or through the API of a service that
    /// does not trust whoever creates games (`serve --create-games confirmed`).
    pub wait_for_gm: bool,
}

impl GameRequest {
    /// A game of four sample players with the default rules and a day per round: the demo
    /// game, and the games of benchmarks and load tests.
    pub fn sample(name: &str, players: [&str; 4], seed: Option<u64>) -> GameRequest {
        GameRequest {
            name: name.to_string(),
            gm_email: "gm@example.org".into(),
            players: players
                .iter()
                .map(|n| (n.to_string(), format!("{}@example.org", n.to_lowercase())))
                .collect(),
            settings: Settings::default(),
            round_seconds: 24 * 3600,
            first_deadline: None,
            time_zone: "UTC".into(),
            grace_seconds: 300,
            listed: true,
            seed,
            deal: None,
            reminder_hours: String::new(),
            wait_for_gm: false,
        }
    }
}

/// Reads `24, 2` as the stored form `24,2`.
pub fn reminder_hours_text(text: &str) -> std::result::Result<String, String> {
    parse_reminder_hours(text).map(|h| {
        h.iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(",")
    })
}

/// Reads `24, 2` as reminder hours; every problem is named.
pub fn parse_reminder_hours(text: &str) -> std::result::Result<Vec<i64>, String> {
    let mut hours = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match part.parse::<i64>() {
            Ok(h) if (1..=168).contains(&h) => hours.push(h),
            _ => {
                return Err(format!(
                    "reminder hours: \"{part}\" is not a whole number of hours from 1 to 168"
                ))
            }
        }
    }
    hours.sort_unstable_by(|a, b| b.cmp(a));
    hours.dedup();
    Ok(hours)
}

/// A seat of a new game. Its link is the player's key: it goes to that player by mail alone
/// and never into an answer to whoever created the game (it is not serialized). The command
/// line's demo and the benchmarks, which play every seat themselves, read it in process.
#[derive(Clone, Debug, Serialize)]
pub struct CreatedPlayer {
    pub name: String,
    #[serde(skip_serializing)]
    pub link: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct Created {
    pub id: i64,
    pub public_page: String,
    pub gm_link: String,
    pub players: Vec<CreatedPlayer>,
}

/// A bulletin as stored: the rules engine's public bulletin plus the game master's notes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoredBulletin {
    #[serde(flatten)]
    pub bulletin: Bulletin,
    pub notes: Vec<String>,
    /// deadline | all ready | game master
    pub closed_by: String,
}

/// The answer to a turn submission.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum TurnReply {
    Accepted {
        round: i64,
        text: String,
        ready: bool,
        done: bool,
        revision: i64,
    },
    Rejected {
        round: i64,
        errors: Vec<LineError>,
        /// The turn that stays in force, if any.
        kept: Option<String>,
    },
    Cleared {
        round: i64,
    },
}

/// Counts a committed turn reply for `/metrics`.
pub fn count_reply(reply: &TurnReply) {
    match reply {
        TurnReply::Accepted { .. } => crate::metrics::METRICS.turns_accepted.inc(),
        TurnReply::Rejected { .. } => crate::metrics::METRICS.turns_rejected.inc(),
        TurnReply::Cleared { .. } => {}
    }
}

/// A turn submission waiting to be stored with others.
pub(crate) struct Submission<'a> {
    pub player: &'a PlayerRow,
    pub text: &'a str,
    pub via: Via,
}

/// The transaction `submit_all_in` runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Within {
    /// The caller's, already begun; the caller commits it.
    Open,
    /// One run by hand, begun with the first read and committed with the writes: on SQLite
    /// that makes the whole batch two round trips to the database's worker thread.
    Begin,
    /// One run by hand that the caller has begun; committed with the writes.
    Commit,
}

/// Where a turn came from, which decides how it is confirmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// The web page or the API. The answer shows the result at once; the mail that follows is
    /// one summary of the turn in force, sent `Config::web_confirm_after` after the first
    /// change not yet mailed, so a player who revises a turn ten times gets one mail, not ten.
    /// A rejected change leaves the turn as it was and is not mailed.
    Web,
    /// A mail, answered by mail at once, to the registered address only: a mail from another
    /// address with a valid reply token may send a turn, but what comes back (the turn, the
    /// hand in `status`) is the player's alone. `ignored` counts the lines of prose around the
    /// turn that were not read (`mail::reply`); the answer says so.
    Mail {
        ignored: usize,
        /// The stored inbound message, marked handled in the turn's own transaction.
        inbound: Option<i64>,
    },
}

/// What a batch of submissions decided: each one's answer, and the rows that store them.
pub(crate) struct TurnPlan {
    pub replies: Vec<Result<TurnReply>>,
    /// Inbound messages whose turns these are.
    inbound: Vec<i64>,
    /// (game id, round, turn) of every turn changed.
    turns: Vec<(i64, i64, TurnRow)>,
    close_at: Vec<(i64, Option<i64>)>,
    /// Answers to mailed turns, due now: (game id, recipient, letter).
    letters: Vec<(i64, String, Letter)>,
    /// Web confirmations, merged by their key: (game id, recipient, letter, key).
    summaries: Vec<(i64, String, Letter, String)>,
    now: i64,
    due: i64,
}

impl TurnPlan {
    /// The statements that store the plan, in a few multi-row writes whatever its size.
    pub fn writes(&self) -> Writes<'_> {
        let mut writes = Writes::default();
        let turns: Vec<(i64, i64, &TurnRow)> =
            self.turns.iter().map(|(g, r, t)| (*g, *r, t)).collect();
        writes.put_turns(&turns);
        writes.mark_inbound_handled(&self.inbound);
        for (id, at) in &self.close_at {
            writes.set_close_at(*id, *at);
        }
        let mails: Vec<NewMail> = self
            .letters
            .iter()
            .map(|(game_id, to, letter)| new_mail(*game_id, to, letter))
            .collect();
        writes.enqueue_mails(&mails, self.now);
        let summaries: Vec<(NewMail, &str)> = self
            .summaries
            .iter()
            .map(|(game_id, to, letter, key)| (new_mail(*game_id, to, letter), key.as_str()))
            .collect();
        writes.enqueue_summaries(&summaries, self.now, self.due);
        writes
    }
}

fn new_mail<'a>(game_id: i64, to: &'a str, letter: &'a Letter) -> NewMail<'a> {
    NewMail {
        game_id: Some(game_id),
        reply_to: letter.reply_to.as_deref(),
        recipient: to,
        subject: &letter.subject,
        body: &letter.body,
        unsubscribe: None,
    }
}

/// The games of a batch's submissions, in id order, each once.
pub(crate) fn games_of(submissions: &[Submission<'_>]) -> Vec<i64> {
    let mut ids: Vec<i64> = submissions.iter().map(|s| s.player.game_id).collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// The outbox key under which a player's unsent web confirmation is replaced by the next.
fn summary_key(game_id: i64, seat: i64) -> String {
    format!("turn {game_id} {seat}")
}

/// When the round closes early: once every active player's turn is marked ready, after the
/// grace period from the first moment they all were; a turn that stops being ready cancels it.
fn early_close(game: &GameRow, all_ready: bool, now: i64) -> Option<i64> {
    match (all_ready, game.close_at) {
        (true, Some(at)) => Some(at),
        (true, None) => Some(now + game.grace_seconds),
        (false, _) => None,
    }
}

/// A player, authenticated by their key.
pub struct Seat {
    pub player: PlayerRow,
    pub game: GameRow,
    pub state: Arc<Game>,
}

pub fn parse_state(row: &GameRow) -> Result<Game> {
    serde_json::from_str(&row.state)
        .map_err(|e| MasterError::Corrupt(format!("game {}: {e}", row.id)))
}

fn json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("plain data serialises")
}

impl Master {
    pub fn new(store: Store, config: Config) -> Self {
        Master {
            store,
            config: Arc::new(config),
            writer: Arc::new(std::sync::OnceLock::new()),
            players: Default::default(),
            states: Default::default(),
            sheets_due: Default::default(),
        }
    }

    pub fn link(&self, path: &str) -> String {
        format!("{}{}", self.config.base_url.trim_end_matches('/'), path)
    }

    /// A token for `purpose` and a row id that proves itself without being stored: an HMAC
    /// under the service's own secret.
    pub fn sign(&self, purpose: &str, id: i64) -> String {
        use hmac::{Hmac, Mac};
        let mut mac = Hmac::<sha2::Sha256>::new_from_slice(self.config.reply_secret.as_bytes())
            .expect("any key length");
        mac.update(format!("{purpose}:{id}").as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..16])
    }

    /// The service's signature of a text, for a purpose (the CSRF token of a cookie).
    pub fn sign_text(&self, purpose: &str, text: &str) -> String {
        use hmac::{Hmac, Mac};
        let mut mac = Hmac::<sha2::Sha256>::new_from_slice(self.config.reply_secret.as_bytes())
            .expect("any key length");
        mac.update(format!("{purpose}:text:{text}").as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..16])
    }

    /// Whether the service's links are https: cookies are then `Secure` and `__Host-`, and
    /// browsers are told to keep to https.
    pub fn https(&self) -> bool {
        self.config.base_url.starts_with("https://")
    }

    pub fn check_signed(&self, purpose: &str, token: &str) -> Option<i64> {
        let (id, key) = keys::split_token(token)?;
        let ok: bool = subtle::ConstantTimeEq::ct_eq(
            self.sign(purpose, id).as_bytes(),
            key.to_ascii_lowercase().as_bytes(),
        )
        .into();
        ok.then_some(id)
    }

    /// The reply token of a player: proves the key without storing it. Signed with the
    /// key's version, so a replaced link's reply address stops working too.
    pub fn reply_token(&self, player_id: i64, key_version: i64) -> String {
        match key_version {
            0 => self.sign("reply", player_id),
            v => self.sign(&format!("reply {v}"), player_id),
        }
    }

    pub fn observer_link(&self, observer_id: i64) -> String {
        self.link(&format!(
            "/observe/{}",
            keys::token(observer_id, &self.sign("observe", observer_id))
        ))
    }

    /// Subscribes an address to a game's public bulletins.
    pub async fn observe(&self, game_id: i64, email: &str) -> Result<String> {
        if let Some(why) = crate::mail::address::problem(email) {
            return Err(MasterError::Invalid(vec![format!(
                "\"{email}\" is not a usable e-mail address: {why}"
            )]));
        }
        let game = self.public_game(game_id).await?;
        if game.status == "unconfirmed" {
            return Err(MasterError::Conflict(
                "this game has not started yet; follow it once it has".into(),
            ));
        }
        let now = now();
        // Double opt-in: nothing but one confirmation request goes to an address until it
        // confirms, and an address gets few such requests.
        let asked = format!(
            "{email} was sent a mail with a link to confirm; the bulletins come once it is opened."
        );
        match self.store.observer_of(game_id, email).await? {
            Some((_, _, Some(_))) => {
                return Ok(format!(
                    "{email} already receives the bulletins of this game."
                ))
            }
            // Asked within the day: the first request stands, no second mail.
            Some((_, asked_at, None)) if now - asked_at < 86_400 => return Ok(asked),
            Some((id, _, None)) => self.store.observer_asked_again(id, now).await?,
            None => {}
        }
        if self
            .store
            .unconfirmed_observers(email, now - 86_400)
            .await?
            >= MAX_UNCONFIRMED_SUBSCRIPTIONS
        {
            return Err(MasterError::TooMany(format!(
                "{email} has {MAX_UNCONFIRMED_SUBSCRIPTIONS} subscriptions waiting for its \
                 confirmation; confirm those, or try again tomorrow"
            )));
        }
        let mut tx = self.store.write().await?;
        let id = match self
            .store
            .add_observer(&mut tx, game_id, email, "", now)
            .await?
        {
            Some(id) => id,
            None => match self.store.observer_of(game_id, email).await? {
                Some((id, _, _)) => id,
                None => return Err(MasterError::Conflict("please try again".into())),
            },
        };
        let letter = Letter {
            subject: format!(
                "[Polysleuth game {game_id}] confirm that you want the bulletins of {}",
                game.name
            ),
            body: format!(
                "Someone asked to send the public bulletins of \"{}\" (game {game_id}) to this \
                 address.\n\nIf it was you, confirm by opening\n  {}\n\nIf it was not, ignore this \
                 mail: nothing more will be sent to you.\n",
                game.name,
                self.observer_confirm_link(id)
            ),
            reply_to: None,
        };
        self.send(&mut tx, game_id, email, &letter, now).await?;
        tx.commit().await?;
        Ok(asked)
    }

    /// The link an observer opens to confirm their address.
    pub fn observer_confirm_link(&self, observer_id: i64) -> String {
        self.link(&format!(
            "/observe/{}/confirm",
            keys::token(observer_id, &self.sign("observe", observer_id))
        ))
    }

    /// An observer's address confirmed the subscription: bulletins from the next round on.
    pub async fn confirm_observer(&self, token: &str) -> Result<String> {
        let id = self
            .check_signed("observe", token)
            .ok_or(MasterError::BadKey)?;
        let (_, email, _) = self.store.observer(id).await?.ok_or(MasterError::BadKey)?;
        self.store.confirm_observer(id, now()).await?;
        Ok(format!(
            "{email} will receive the bulletins of this game by mail. Each one has a link to stop them."
        ))
    }

    pub async fn unobserve(&self, token: &str) -> Result<String> {
        let id = self
            .check_signed("observe", token)
            .ok_or(MasterError::BadKey)?;
        let (_, email, _) = self.store.observer(id).await?.ok_or(MasterError::BadKey)?;
        self.store.remove_observer(id).await?;
        Ok(format!(
            "{email} will receive no more bulletins of this game."
        ))
    }

    /// `gm+12-<token>@domain`: replying to any mail of the game authenticates the player.
    pub fn reply_address(&self, player_id: i64, key_version: i64) -> String {
        let (local, domain) = self
            .config
            .mail_address
            .split_once('@')
            .unwrap_or((&self.config.mail_address, "localhost"));
        format!(
            "{local}+{}@{domain}",
            keys::token(player_id, &self.reply_token(player_id, key_version))
        )
    }

    /// The player a reply token or link key belongs to, checked in constant time.
    pub async fn player_by_token(&self, token: &str) -> Result<Option<PlayerRow>> {
        let Some((id, key)) = keys::split_token(token) else {
            return Ok(None);
        };
        let player = self.player_row(id).await?;
        Ok(player.filter(|p| {
            let by_reply: bool = subtle::ConstantTimeEq::ct_eq(
                self.reply_token(id, p.key_version).as_bytes(),
                key.to_ascii_lowercase().as_bytes(),
            )
            .into();
            by_reply | keys::matches(key, &p.key_hash)
        }))
    }

    pub fn player_link(&self, player_id: i64, key: &str) -> String {
        self.link(&format!("/play/{}", keys::token(player_id, key)))
    }

    pub fn gm_link(&self, game_id: i64, key: &str) -> String {
        self.link(&format!("/gm/{}", keys::token(game_id, key)))
    }

    /// Creates a game: deals, commits, stores it with its players, and queues the welcome
    /// mails, all in one transaction.
    pub async fn create_game(&self, req: GameRequest) -> Result<Created> {
        let names: Vec<String> = req.players.iter().map(|(n, _)| n.clone()).collect();
        let seed = req.seed.unwrap_or_else(rand::random);
        let game = Game::new(names.clone(), req.settings.clone(), seed, req.deal.clone())
            .map_err(|e| MasterError::Invalid(vec![e.to_string()]))?;
        let salt = keys::new_key();
        let commitment = game.deal.commitment(&names, &salt);
        let now = now();
        let deadline = req.first_deadline.unwrap_or(now + req.round_seconds);
        // A game that waits keeps its first round's length, and its clock starts at the start.
        let (status, deadline, remaining) = match req.wait_for_gm {
            true => ("unconfirmed", None, Some((deadline - now).max(60))),
            false => ("open", Some(deadline), None),
        };
        let gm_key = keys::new_key();
        let gm_hash = keys::hash(&gm_key);
        let state = json(&game);

        let mut tx = self.store.write().await?;
        let id = self
            .store
            .insert_game(
                &mut tx,
                &NewGame {
                    name: &req.name,
                    listed: req.listed,
                    state: &state,
                    salt: &salt,
                    commitment: &commitment,
                    gm_email: &req.gm_email,
                    gm_key_hash: &gm_hash,
                    round_seconds: req.round_seconds,
                    grace_seconds: req.grace_seconds,
                    time_zone: &req.time_zone,
                    status,
                    deadline,
                    remaining,
                    now,
                    reminder_hours: &req.reminder_hours,
                },
            )
            .await?;
        let row = self.store.game(&mut *tx, id).await?.expect("just inserted");
        let mut players = Vec::new();
        for (seat, (name, email)) in req.players.iter().enumerate() {
            let key = keys::new_key();
            let pid = self
                .store
                .insert_player(&mut tx, id, seat, name, email, &keys::hash(&key))
                .await?;
            // A waiting game mails no player: each gets a new key when it starts.
            let link = match req.wait_for_gm {
                true => String::new(),
                false => {
                    self.welcome(&mut tx, &row, &game, seat, pid, 0, email, &key)
                        .await?
                }
            };
            players.push(CreatedPlayer {
                name: name.clone(),
                link,
            });
        }
        let gm_link = self.gm_link(id, &gm_key);
        let letter = match req.wait_for_gm {
            true => mail::gm_confirm(self, &row, &gm_link),
            false => mail::gm_welcome(self, &row, &game, &gm_link, &players),
        };
        self.send(&mut tx, id, &req.gm_email, &letter, now).await?;
        tx.commit().await?;
        tracing::info!(game = id, players = names.len(), "game created");
        Ok(Created {
            id,
            public_page: self.link(&format!("/games/{id}")),
            gm_link,
            players,
        })
    }

    /// Queues a player's welcome mail, with their private link; returns the link.
    #[allow(clippy::too_many_arguments)]
    async fn welcome(
        &self,
        tx: &mut Tx,
        row: &GameRow,
        game: &Game,
        seat: usize,
        player_id: i64,
        key_version: i64,
        email: &str,
        key: &str,
    ) -> Result<String> {
        let link = self.player_link(player_id, key);
        let mut letter = mail::welcome(self, row, game, seat, &link, key);
        letter.reply_to = Some(self.reply_address(player_id, key_version));
        self.send(tx, row.id, email, &letter, now()).await?;
        Ok(link)
    }

    /// Starts a game that waited for its game master: the first round's clock starts, and
    /// each player gets a new key and their welcome mail, in one transaction.
    async fn start_game(&self, tx: &mut Tx, game: &GameRow) -> Result<String> {
        let deadline = now() + game.remaining.unwrap_or(game.round_seconds);
        let schedule = Schedule {
            status: "open",
            deadline: Some(deadline),
            remaining: None,
            close_at: None,
        };
        self.store.set_schedule(tx, game.id, &schedule).await?;
        let row = self
            .store
            .game(&mut **tx, game.id)
            .await?
            .expect("the game exists");
        let state = parse_state(&row)?;
        let players = self.store.players(&mut **tx, game.id).await?;
        for p in &players {
            let key = keys::new_key();
            let version = self
                .store
                .replace_player_key(tx, p.id, &keys::hash(&key))
                .await?;
            self.welcome(
                tx,
                &row,
                &state,
                p.seat as usize,
                p.id,
                version,
                &p.email,
                &key,
            )
            .await?;
        }
        Ok(format!(
            "The game has started: each player was mailed their private link. Round 1 closes at {}.",
            mail::time_text(deadline, crate::mail::zone(&row.time_zone))
        ))
    }

    async fn send(
        &self,
        tx: &mut Tx,
        game_id: i64,
        to: &str,
        letter: &Letter,
        now: i64,
    ) -> Result<()> {
        self.store
            .enqueue_mail(
                tx,
                &crate::store::NewMail {
                    game_id: Some(game_id),
                    reply_to: letter.reply_to.as_deref(),
                    recipient: to,
                    subject: &letter.subject,
                    body: &letter.body,
                    unsubscribe: None,
                },
                now,
            )
            .await?;
        Ok(())
    }

    /// Finds the player a link token belongs to.
    pub async fn seat(&self, token: &str) -> Result<Seat> {
        let player = self.authenticate(token).await?;
        let game = self
            .store
            .game(&self.store.pool, player.game_id)
            .await?
            .ok_or_else(|| MasterError::NotFound("that game no longer exists".into()))?;
        let state = self.state_of(&game)?;
        Ok(Seat {
            player,
            game,
            state,
        })
    }

    /// Finds the game a GM link token belongs to.
    pub async fn gm_game(&self, token: &str) -> Result<GameRow> {
        let (id, key) = keys::split_token(token).ok_or(MasterError::BadKey)?;
        let game = self.store.game(&self.store.pool, id).await?;
        game.filter(|g| keys::matches(key, &g.gm_key_hash))
            .ok_or(MasterError::BadKey)
    }

    pub async fn public_game(&self, id: i64) -> Result<GameRow> {
        self.store
            .game(&self.store.pool, id)
            .await?
            .ok_or_else(|| MasterError::NotFound(format!("there is no game {id}")))
    }

    /// The player a web link token belongs to.
    pub async fn authenticate(&self, token: &str) -> Result<PlayerRow> {
        let (id, key) = keys::split_token(token).ok_or(MasterError::BadKey)?;
        let player = self.player_row(id).await?;
        player
            .filter(|p| keys::matches(key, &p.key_hash))
            .ok_or(MasterError::BadKey)
    }

    /// A player's row, from memory after the first read.
    pub async fn player_row(&self, id: i64) -> Result<Option<PlayerRow>> {
        if let Some((p, at)) = self.players.read().expect("cache lock").get(&id) {
            if at.elapsed() < PLAYER_CACHE {
                return Ok(Some(p.clone()));
            }
        }
        let player = self.store.player(&self.store.pool, id).await?;
        if let Some(p) = &player {
            let mut cache = self.players.write().expect("cache lock");
            if cache.len() > 100_000 {
                cache.clear();
            }
            cache.insert(id, (p.clone(), std::time::Instant::now()));
        }
        Ok(player)
    }

    /// The parsed state of a game row, from memory when this round was parsed before.
    pub fn state_of(&self, row: &GameRow) -> Result<Arc<Game>> {
        if let Some((round, state)) = self.states.read().expect("cache lock").get(&row.id) {
            if *round == row.round && row.status != "over" {
                return Ok(state.clone());
            }
        }
        let state = Arc::new(parse_state(row)?);
        let mut cache = self.states.write().expect("cache lock");
        if cache.len() > 20_000 {
            cache.clear();
        }
        cache.insert(row.id, (row.round, state.clone()));
        Ok(state)
    }

    /// Submits a turn text for the open round. Accepted whole, or rejected with every error
    /// while the turn already accepted stays in force. The confirmation mail is queued with it.
    pub async fn submit_turn(&self, token: &str, text: &str) -> Result<TurnReply> {
        let player = self.authenticate(token).await?;
        self.submit(&player, text, Via::Web).await
    }

    /// Submits a turn for an authenticated player, confirmed as `via` says.
    pub async fn submit(&self, player: &PlayerRow, text: &str, via: Via) -> Result<TurnReply> {
        if let Some(writer) = self.writer.get() {
            return writer.submit(player, text, via).await;
        }
        let mut tx = self.store.write().await?;
        let one = Submission { player, text, via };
        let reply = match self.submit_all_in(&mut tx, &[one], Within::Open).await {
            Ok(mut replies) => replies.pop().expect("one reply per submission"),
            Err(e) => Err(e),
        };
        match reply {
            Ok(reply) => {
                tx.commit().await?;
                count_reply(&reply);
                Ok(reply)
            }
            Err(e) => {
                tx.rollback().await?;
                Err(e)
            }
        }
    }

    /// Submissions in order inside one write transaction, with a fixed number of statements
    /// whatever their number: the games and their open turns are read at once, every turn is
    /// checked in memory, then the turns and the confirmations are written together. The
    /// outer error is a database failure that must fail them all; the inner ones are each
    /// submission's own answer.
    pub(crate) async fn submit_all_in(
        &self,
        tx: &mut crate::store::Conn,
        submissions: &[Submission<'_>],
        within: Within,
    ) -> Result<Vec<Result<TurnReply>>> {
        let (rows, open) = self
            .store
            .open_round(tx, &games_of(submissions), within == Within::Begin)
            .await?;
        let plan = self.plan_turns(rows, open, submissions, now())?;
        let mut writes = plan.writes();
        if within != Within::Open {
            writes.commit();
        }
        self.store.apply(tx, &writes).await?;
        Ok(plan.replies)
    }

    /// Checks a batch's submissions in order against their games (`rows`) and the turns in
    /// force (`open`, by game id): each one's answer, and what to write to store them all.
    pub(crate) fn plan_turns(
        &self,
        rows: Vec<GameRow>,
        open: Vec<(i64, TurnRow)>,
        submissions: &[Submission<'_>],
        now: i64,
    ) -> Result<TurnPlan> {
        let mut games = HashMap::new();
        for row in rows {
            games.insert(row.id, (self.state_of(&row)?, row));
        }
        let mut turns: HashMap<(i64, i64), TurnRow> = open
            .into_iter()
            .map(|(game_id, t)| ((game_id, t.seat), t))
            .collect();
        // The turns to write; a player's later revision in the batch overwrites the earlier.
        let mut changed: HashSet<(i64, i64)> = HashSet::new();
        let mut letters: Vec<(i64, String, Letter)> = Vec::new();
        // Web confirmations by (game, seat): the last change in the batch is the one mailed.
        let mut summaries: HashMap<(i64, i64), (&PlayerRow, TurnReply)> = HashMap::new();
        let mut replies = Vec::with_capacity(submissions.len());
        let mut inbound_ids = Vec::new();
        for s in submissions {
            let Some((state, game)) = games.get(&s.player.game_id) else {
                replies.push(Err(MasterError::NotFound(
                    "that game no longer exists".into(),
                )));
                continue;
            };
            if game.status == "over" {
                replies.push(Err(MasterError::Conflict(
                    "the game is over; no more turns are taken".into(),
                )));
                continue;
            }
            let key = (game.id, s.player.seat);
            // Typography (a phone's apostrophe, a no-break space) is read as plain text.
            let text = crate::rules::typography::normalise(s.text);
            // Too large a turn is refused before it is read; an answer names at most 50
            // problems. Either way the turn in force stays.
            let checked = crate::rules::turn::check_size(&text)
                .map_err(|e| vec![e])
                .and_then(|()| state.validate(s.player.seat as usize, &text));
            let reply = match checked {
                Ok(turn) => {
                    // Blank lines before the first line carry nothing (a mail's signon line, say).
                    let stored = text
                        .lines()
                        .skip_while(|l| l.trim().is_empty())
                        .collect::<Vec<_>>()
                        .join("\n")
                        .trim_end()
                        .to_string();
                    let revision = turns.get(&key).map_or(0, |t| t.revision) + 1;
                    changed.insert(key);
                    turns.insert(
                        key,
                        TurnRow {
                            seat: s.player.seat,
                            text: stored.clone(),
                            ready: turn.ready as i64,
                            revision,
                            updated_at: now,
                        },
                    );
                    TurnReply::Accepted {
                        round: game.round,
                        text: stored,
                        ready: turn.ready,
                        done: turn.done,
                        revision,
                    }
                }
                Err(errors) => TurnReply::Rejected {
                    round: game.round,
                    errors: crate::rules::turn::listed(errors),
                    kept: turns.get(&key).map(|t| t.text.clone()),
                },
            };
            match (s.via, &reply) {
                (Via::Web, TurnReply::Rejected { .. } | TurnReply::Cleared { .. }) => {}
                (Via::Web, TurnReply::Accepted { .. }) => {
                    summaries.insert(key, (s.player, reply.clone()));
                }
                (Via::Mail { ignored, inbound }, _) => {
                    inbound_ids.extend(inbound);
                    let letter = mail::turn_reply(game, s.player, &reply, ignored);
                    let letter = self.to_player(s.player, letter);
                    letters.push((game.id, s.player.email.clone(), letter));
                }
            }
            replies.push(Ok(reply));
        }
        let mut changed: Vec<(i64, i64)> = changed.into_iter().collect();
        changed.sort_unstable();
        let mut touched: Vec<i64> = changed.iter().map(|k| k.0).collect();
        touched.dedup();
        let mut close_at = Vec::new();
        for id in touched {
            let (state, game) = &games[&id];
            let all_ready = state.active_seats().next().is_some()
                && state
                    .active_seats()
                    .all(|seat| turns.get(&(id, seat as i64)).is_some_and(|t| t.ready == 1));
            let at = early_close(game, all_ready, now);
            if at != game.close_at {
                close_at.push((id, at));
            }
        }
        // The changed turns move into the plan: nothing reads the map after this.
        let turns = changed
            .iter()
            .map(|key| {
                let turn = turns.remove(key).expect("a changed turn is in the map");
                (key.0, games[&key.0].1.round, turn)
            })
            .collect();
        let mut summaries: Vec<((i64, i64), (String, Letter))> = summaries
            .into_iter()
            .map(|(key, (player, reply))| {
                let letter = mail::turn_reply(&games[&key.0].1, player, &reply, 0);
                (key, (player.email.clone(), self.to_player(player, letter)))
            })
            .collect();
        summaries.sort_unstable_by_key(|(key, _)| *key);
        Ok(TurnPlan {
            replies,
            inbound: inbound_ids,
            turns,
            close_at,
            letters,
            summaries: summaries
                .into_iter()
                .map(|((game_id, seat), (to, letter))| {
                    (game_id, to, letter, summary_key(game_id, seat))
                })
                .collect(),
            now,
            due: now + self.config.web_confirm_after,
        })
    }

    /// A letter to a player carries their reply address, so a reply authenticates them.
    pub fn to_player(&self, player: &PlayerRow, mut letter: Letter) -> Letter {
        letter.reply_to = Some(self.reply_address(player.id, player.key_version));
        letter
    }

    /// Withdraws this round's turn.
    pub async fn clear_turn(&self, token: &str) -> Result<TurnReply> {
        let player = self.authenticate(token).await?;
        self.clear(&player).await
    }

    /// Withdraws this round's turn; the answer goes to the player's registered address.
    pub async fn clear(&self, player: &PlayerRow) -> Result<TurnReply> {
        let mut tx = self.store.write().await?;
        let mut game = self
            .store
            .game_for_update(&mut tx, player.game_id)
            .await?
            .ok_or_else(|| MasterError::NotFound("that game no longer exists".into()))?;
        if game.status == "over" {
            tx.rollback().await?;
            return Err(MasterError::Conflict("the game is over".into()));
        }
        let state = parse_state(&game)?;
        self.store
            .delete_turn(&mut tx, game.id, game.round, player.seat)
            .await?;
        self.update_early_close(&mut tx, &mut game, &state, now())
            .await?;
        let reply = TurnReply::Cleared { round: game.round };
        let letter = self.to_player(player, mail::turn_reply(&game, player, &reply, 0));
        self.send(&mut tx, game.id, &player.email, &letter, now())
            .await?;
        tx.commit().await?;
        Ok(reply)
    }

    /// Updates the early close after a change to one turn (see `early_close`).
    async fn update_early_close(
        &self,
        tx: &mut Tx,
        game: &mut GameRow,
        state: &Game,
        now: i64,
    ) -> Result<()> {
        let turns = self.store.turns(&mut **tx, game.id, game.round).await?;
        let all_ready = state.active_seats().next().is_some()
            && state
                .active_seats()
                .all(|s| turns.iter().any(|t| t.seat == s as i64 && t.ready == 1));
        let close_at = early_close(game, all_ready, now);
        if close_at != game.close_at {
            self.store.set_close_at(tx, game.id, close_at).await?;
            game.close_at = close_at;
        }
        Ok(())
    }

    /// Resolves round `round` of a game, if it is still open: the outcome, the new standings,
    /// the next round and every mail are stored together, or nothing is. Returns false when
    /// the round was already resolved (by another instance, or the game ended).
    pub async fn resolve(
        &self,
        game_id: i64,
        round: i64,
        closed_by: &str,
        end: bool,
    ) -> Result<bool> {
        let mut tx = self.store.write().await?;
        let Some(game) = self.store.game_for_update_or_skip(&mut tx, game_id).await? else {
            tx.rollback().await?;
            return Ok(false);
        };
        // A game waiting for its game master is never resolved: it would mail its players.
        if game.round != round || game.status == "over" || game.status == "unconfirmed" {
            tx.rollback().await?;
            return Ok(false);
        }
        let state = parse_state(&game)?;
        let n = state.players.len();
        let mut turns: Vec<Option<Turn>> = vec![None; n];
        for row in self.store.turns(&mut *tx, game_id, round).await? {
            let seat = row.seat as usize;
            // The state has not changed since the turn was accepted, so it validates again.
            turns[seat] = state.validate(seat, &row.text).ok();
        }
        let gm_done: Vec<usize> = serde_json::from_str(&game.gm_done).unwrap_or_default();
        let notes: Vec<String> = serde_json::from_str(&game.gm_notes).unwrap_or_default();
        let (next, outcome) = if end {
            state.resolve_and_end(&turns, &gm_done)
        } else {
            state.resolve(&turns, &gm_done)
        };
        let now = now();
        let stored = StoredBulletin {
            bulletin: outcome.bulletin.clone(),
            notes,
            closed_by: closed_by.to_string(),
        };
        self.store
            .insert_bulletin(&mut tx, game_id, round, &json(&stored), now)
            .await?;
        for (seat, report) in outcome.private.iter().enumerate() {
            self.store
                .insert_report(&mut tx, game_id, round, seat as i64, &json(report))
                .await?;
        }
        let schedule = if next.over {
            Schedule {
                status: "over",
                deadline: None,
                remaining: None,
                close_at: None,
            }
        } else {
            Schedule {
                status: "open",
                deadline: Some(now + game.round_seconds),
                remaining: None,
                close_at: None,
            }
        };
        if !self
            .store
            .advance_round(&mut tx, game_id, round, &json(&next), &schedule)
            .await?
        {
            tx.rollback().await?;
            return Ok(false);
        }
        let after = self
            .store
            .game(&mut *tx, game_id)
            .await?
            .expect("the game exists");
        // Web confirmations still waiting go first, so none arrives after the round it names.
        self.store.summaries_due(&mut tx, game_id, now).await?;
        let players = self.store.players(&mut *tx, game_id).await?;
        for p in &players {
            let letter = mail::round_letter(
                self,
                &after,
                &next,
                &stored,
                Some(&outcome.private[p.seat as usize]),
                &p.name,
            );
            let letter = self.to_player(p, letter);
            self.send(&mut tx, game_id, &p.email, &letter, now).await?;
        }
        for (observer, email, _) in self.store.observers(&mut *tx, game_id).await? {
            let mut letter = mail::round_letter(self, &after, &next, &stored, None, "observers");
            let stop = self.observer_link(observer);
            letter.body.push_str(&format!(
                "\nYou receive the public bulletins of this game as an observer. To stop, open\n  {stop}\n"
            ));
            // A subscription: it carries a one-click unsubscribe (List-Unsubscribe).
            let mail = crate::store::NewMail {
                unsubscribe: Some(&stop),
                ..new_mail(game_id, &email, &letter)
            };
            self.store.enqueue_mail(&mut tx, &mail, now).await?;
        }
        tx.commit().await?;
        self.sheets_due.notify_one();
        crate::metrics::METRICS.rounds_resolved.inc();
        tracing::info!(
            game = game_id,
            round,
            closed_by,
            over = next.over,
            "round resolved"
        );
        Ok(true)
    }

    /// Resolves every round that is due; returns how many were resolved.
    pub async fn resolve_due(&self) -> Result<usize> {
        use futures_util::StreamExt;
        let now = now();
        // SQLite has one writer; PostgreSQL commits several resolutions at once.
        let parallel = self.store.backend.parallel_writes();
        let due = self.store.due_games(now).await?;
        let resolved = futures_util::stream::iter(due)
            .map(|(id, round, deadline)| async move {
                let closed_by = if deadline.is_some_and(|d| d <= now) { "deadline" } else { "all ready" };
                match self.resolve(id, round, closed_by, false).await {
                    Ok(done) => done,
                    Err(e) => {
                        tracing::error!(game = id, round, error = %e, "resolution failed; the round stays open");
                        false
                    }
                }
            })
            .buffer_unordered(parallel)
            .filter(|done| std::future::ready(*done))
            .count()
            .await;
        Ok(resolved)
    }

    /// Reminds players with no turn, at the hours before the deadline their game asks for.
    pub async fn send_reminders(&self) -> Result<usize> {
        let now = now();
        let mut sent = 0;
        for id in self.store.games_due_within(now, 168 * 3600).await? {
            // Look first without the write lock: most games have nothing due.
            let due = |game: &GameRow| -> Vec<i64> {
                let (Some(deadline), "open") = (game.deadline, game.status.as_str()) else {
                    return Vec::new();
                };
                let done: Vec<i64> = game
                    .reminders_sent
                    .split(',')
                    .filter_map(|h| h.trim().parse().ok())
                    .collect();
                parse_reminder_hours(&game.reminder_hours)
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|h| {
                        deadline - now <= h * 3600
                            && game.round_seconds > h * 3600
                            && !done.contains(h)
                    })
                    .collect()
            };
            match self.store.game(&self.store.pool, id).await? {
                Some(game) if !due(&game).is_empty() => {}
                _ => continue,
            }
            let mut tx = self.store.write().await?;
            let Some(game) = self.store.game_for_update(&mut tx, id).await? else {
                tx.rollback().await?;
                continue;
            };
            let due = due(&game);
            if due.is_empty() {
                tx.rollback().await?;
                continue;
            }
            let left = game.deadline.unwrap_or(now) - now;
            let done: Vec<i64> = game
                .reminders_sent
                .split(',')
                .filter_map(|h| h.trim().parse().ok())
                .collect();
            let state = parse_state(&game)?;
            let turns = self.store.turns(&mut *tx, id, game.round).await?;
            for p in self.store.players(&mut *tx, id).await? {
                if state.done[p.seat as usize] || turns.iter().any(|t| t.seat == p.seat) {
                    continue;
                }
                let letter = self.to_player(&p, mail::reminder(&game, &p, left));
                self.send(&mut tx, id, &p.email, &letter, now).await?;
                sent += 1;
            }
            let marks: Vec<String> = done
                .iter()
                .chain(due.iter())
                .map(|h| h.to_string())
                .collect();
            self.store
                .set_reminders_sent(&mut tx, id, &marks.join(","))
                .await?;
            tx.commit().await?;
        }
        Ok(sent)
    }

    /// A game master's action on a game. Every action is announced in the next bulletin.
    pub async fn gm_action(&self, token: &str, action: GmAction) -> Result<String> {
        let game = self.gm_game(token).await?;
        if game.status == "over" {
            return Err(MasterError::Conflict("the game is over".into()));
        }
        match (game.status == "unconfirmed", &action) {
            (true, GmAction::Start) => {
                let mut tx = self.store.write().await?;
                let game = self
                    .store
                    .game_for_update(&mut tx, game.id)
                    .await?
                    .expect("exists");
                if game.status != "unconfirmed" {
                    tx.rollback().await?;
                    return Err(MasterError::Conflict("the game has started already".into()));
                }
                let said = self.start_game(&mut tx, &game).await?;
                tx.commit().await?;
                let mut cache = self.players.write().expect("cache lock");
                cache.retain(|_, (p, _)| p.game_id != game.id);
                return Ok(said);
            }
            (true, GmAction::End) => {
                let mut tx = self.store.write().await?;
                let schedule = Schedule {
                    status: "over",
                    deadline: None,
                    remaining: None,
                    close_at: None,
                };
                self.store.set_schedule(&mut tx, game.id, &schedule).await?;
                tx.commit().await?;
                return Ok("The game was discarded before it started; nobody was mailed.".into());
            }
            (true, _) => {
                return Err(MasterError::Conflict(
                    "the game has not started: press \"Start the game\" first".into(),
                ))
            }
            (false, GmAction::Start) => {
                return Err(MasterError::Conflict("the game has started already".into()))
            }
            (false, _) => {}
        }
        match action {
            GmAction::ResolveNow => {
                self.resolve(game.id, game.round, "game master", false)
                    .await?;
                return Ok(format!("Round {} was resolved.", game.round));
            }
            GmAction::End => {
                let mut tx = self.store.write().await?;
                self.add_note(&mut tx, &game, "The game master ended the game.", None)
                    .await?;
                tx.commit().await?;
                self.resolve(game.id, game.round, "game master", true)
                    .await?;
                return Ok("The game is over.".into());
            }
            _ => {}
        }
        let mut tx = self.store.write().await?;
        let game = self
            .store
            .game_for_update(&mut tx, game.id)
            .await?
            .expect("exists");
        let tz = crate::mail::zone(&game.time_zone);
        let now = now();
        let mut rekeyed = None;
        let said = match action {
            GmAction::Extend { hours } => {
                if !(hours > 0.0 && hours <= 24.0 * 365.0) {
                    tx.rollback().await?;
                    return Err(MasterError::Invalid(vec![
                        "extend by a positive number of hours, at most a year".into(),
                    ]));
                }
                let secs = (hours * 3600.0).round() as i64;
                let schedule = Schedule {
                    status: &game.status,
                    deadline: game.deadline.map(|d| d + secs),
                    remaining: game.remaining.map(|r| r + secs),
                    close_at: game.close_at,
                };
                self.store.set_schedule(&mut tx, game.id, &schedule).await?;
                let note = match schedule.deadline {
                    Some(d) => format!(
                        "The game master extended the deadline by {} to {}.",
                        mail::hours_text(secs),
                        mail::time_text(d, tz)
                    ),
                    None => format!(
                        "The game master extended the deadline by {}.",
                        mail::hours_text(secs)
                    ),
                };
                self.add_note(&mut tx, &game, &note, None).await?;
                note
            }
            GmAction::Pause => {
                if game.status != "open" {
                    tx.rollback().await?;
                    return Err(MasterError::Conflict("the game is already paused".into()));
                }
                let remaining = game.deadline.map(|d| (d - now).max(0));
                self.store
                    .set_schedule(
                        &mut tx,
                        game.id,
                        &Schedule {
                            status: "paused",
                            deadline: None,
                            remaining,
                            close_at: None,
                        },
                    )
                    .await?;
                let note = "The game master paused the game; the time left is kept.".to_string();
                self.add_note(&mut tx, &game, &note, None).await?;
                note
            }
            GmAction::Resume => {
                if game.status != "paused" {
                    tx.rollback().await?;
                    return Err(MasterError::Conflict("the game is not paused".into()));
                }
                let deadline = now + game.remaining.unwrap_or(game.round_seconds);
                self.store
                    .set_schedule(
                        &mut tx,
                        game.id,
                        &Schedule {
                            status: "open",
                            deadline: Some(deadline),
                            remaining: None,
                            close_at: None,
                        },
                    )
                    .await?;
                let note = format!(
                    "The game master resumed the game; the deadline is {}.",
                    mail::time_text(deadline, tz)
                );
                self.add_note(&mut tx, &game, &note, None).await?;
                note
            }
            GmAction::MarkDone { seat } => {
                let state = parse_state(&game)?;
                let name = state
                    .players
                    .get(seat)
                    .ok_or_else(|| {
                        MasterError::Invalid(vec![format!("there is no player in seat {seat}")])
                    })?
                    .clone();
                if state.done[seat] {
                    tx.rollback().await?;
                    return Err(MasterError::Conflict(format!("{name} is already done")));
                }
                // The bulletin's list of done players announces it.
                self.add_note(&mut tx, &game, "", Some(seat)).await?;
                format!(
                    "{name} will be marked done when round {} is resolved.",
                    game.round
                )
            }
            GmAction::Reminders { hours } => {
                let text = hours
                    .iter()
                    .map(|h| h.to_string())
                    .collect::<Vec<_>>()
                    .join(",");
                self.store
                    .set_reminder_hours(&mut tx, game.id, &text)
                    .await?;
                if text.is_empty() {
                    "No reminders will be sent.".to_string()
                } else {
                    format!(
                        "Players with no turn will be reminded {text} hours before each deadline."
                    )
                }
            }
            GmAction::NewLink { seat } => {
                let players = self.store.players(&mut *tx, game.id).await?;
                let Some(player) = players.into_iter().find(|p| p.seat == seat as i64) else {
                    tx.rollback().await?;
                    return Err(MasterError::Invalid(vec![format!(
                        "there is no player in seat {seat}"
                    )]));
                };
                let key = keys::new_key();
                let version = self
                    .store
                    .replace_player_key(&mut tx, player.id, &keys::hash(&key))
                    .await?;
                let link = self.player_link(player.id, &key);
                let mut letter = mail::new_link(self, &game, &player.name, &link, &key);
                letter.reply_to = Some(self.reply_address(player.id, version));
                self.send(&mut tx, game.id, &player.email, &letter, now)
                    .await?;
                // Forgotten again after the commit below, so no read in between is kept.
                self.players.write().expect("cache lock").remove(&player.id);
                rekeyed = Some(player.id);
                format!(
                    "A new private link was mailed to {}; the old one no longer works.",
                    player.name
                )
            }
            GmAction::ResolveNow | GmAction::End | GmAction::Start => {
                unreachable!("handled above")
            }
        };
        tx.commit().await?;
        if let Some(id) = rekeyed {
            self.players.write().expect("cache lock").remove(&id);
        }
        Ok(said)
    }

    async fn add_note(
        &self,
        tx: &mut Tx,
        game: &GameRow,
        note: &str,
        done: Option<usize>,
    ) -> Result<()> {
        let mut notes: Vec<String> = serde_json::from_str(&game.gm_notes).unwrap_or_default();
        let mut gm_done: Vec<usize> = serde_json::from_str(&game.gm_done).unwrap_or_default();
        if !note.is_empty() {
            notes.push(note.to_string());
        }
        if let Some(seat) = done {
            if !gm_done.contains(&seat) {
                gm_done.push(seat);
            }
        }
        self.store
            .set_gm_pending(tx, game.id, &json(&notes), &json(&gm_done))
            .await?;
        Ok(())
    }

    /// Stored bulletins of a game, newest first.
    pub async fn bulletins(&self, game_id: i64) -> Result<Vec<(StoredBulletin, i64)>> {
        self.store
            .bulletins(game_id)
            .await?
            .into_iter()
            .map(|(round, body, at)| {
                serde_json::from_str(&body)
                    .map(|b| (b, at))
                    .map_err(|e| MasterError::Corrupt(format!("bulletin {round}: {e}")))
            })
            .collect()
    }

    pub async fn bulletin(&self, game_id: i64, round: i64) -> Result<(StoredBulletin, i64)> {
        let (body, at) = self.store.bulletin(game_id, round).await?.ok_or_else(|| {
            MasterError::NotFound(format!(
                "game {game_id} has no bulletin for round {round} yet"
            ))
        })?;
        let b = serde_json::from_str(&body)
            .map_err(|e| MasterError::Corrupt(format!("bulletin {round}: {e}")))?;
        Ok((b, at))
    }

    /// One player's private reports, oldest first.
    pub async fn reports(&self, game_id: i64, seat: i64) -> Result<Vec<(i64, PrivateReport)>> {
        self.store
            .reports(game_id, seat)
            .await?
            .into_iter()
            .map(|(round, body)| {
                serde_json::from_str(&body)
                    .map(|r| (round, r))
                    .map_err(|e| MasterError::Corrupt(format!("report {round}: {e}")))
            })
            .collect()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum GmAction {
    ResolveNow,
    Extend {
        hours: f64,
    },
    Pause,
    Resume,
    End,
    MarkDone {
        seat: usize,
    },
    /// Hours before the deadline at which players with no turn are reminded.
    Reminders {
        hours: Vec<i64>,
    },
    /// Starts a game that waits for its game master (its address is confirmed by the link).
    Start,
    /// Mails the player in this seat a new private link; the old link and reply address stop
    /// working at once (keys are stored only hashed, so a lost link is replaced, not re-sent).
    NewLink {
        seat: usize,
    },
}

/// How long another instance may still take a replaced link: the age of a cached player row.
pub const PLAYER_CACHE: std::time::Duration = std::time::Duration::from_secs(2);
