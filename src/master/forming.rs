//! Games that form themselves: a game master opens a game for sign-up (least and most
//! players, an optional start date) or invites addresses; people join on its page or by
//! mail, each confirming from their own address; the game starts when its game master says,
//! when it is full, or at its start date once it has its least number — and only then is the
//! deal made and committed. Every step that takes a seat runs with the game's row locked, so
//! two people taking the last seat at once cannot both have it.

use serde::{Deserialize, Serialize};

use super::joining::{check_seat, is_in, joined_names};
use super::request::GameRequest;
use super::{json, Master, MasterError, Result};
use crate::clock::now;
use crate::keys;
use crate::lang::Said;
use crate::mail::address::mailbox;
use crate::mail::{self, forming as letters};
use crate::model::Created;
use crate::said;
use crate::store::{
    GameRow, GameStatus, NewGame, Ruleset, Schedule, SeatingRow, SignupKind, SignupRow,
    SignupStatus, Tx,
};

/// Sign-ups one address may have waiting for its confirmation in a day.
pub const MAX_PENDING_SIGNUPS: i64 = 3;
/// Unconfirmed sign-ups a game may have per seat it may have.
pub const MAX_PENDING_PER_SEAT: i64 = 4;

/// How long a confirmation link or reply address works.
pub const CONFIRM_WITHIN: i64 = 2 * 86_400;

/// A forming game's state until its deal is made: its rules, its seed and its computer
/// players.
#[derive(Serialize, Deserialize)]
struct Unformed {
    /// The first game's house rules, where its forming games kept them before every game's
    /// were kept alike (`rules`): still read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    settings: Option<serde_json::Value>,
    seed: u64,
    computers: Vec<(String, String)>,
    /// The game's house rules as it reads them (it becomes that game at its start,
    /// `master::table::Table::start_formed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rules: Option<serde_json::Value>,
    /// Which game it is (none: the first, or, with `rules` and `settings` both kept, the
    /// second: the one other game there was when neither was named).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ruleset: Option<crate::store::Ruleset>,
}

impl Unformed {
    /// The game it will be, among `tables`, and its house rules.
    fn game(
        &self,
        tables: &[&'static dyn super::table::Table],
    ) -> Option<(Ruleset, serde_json::Value)> {
        let nth = |i: usize| tables.get(i).map(|t| t.ruleset());
        let ruleset = match (&self.ruleset, &self.rules, &self.settings) {
            (Some(r), _, _) => Some(*r),
            (None, Some(_), Some(_)) => nth(1),
            (None, _, _) => nth(0),
        }?;
        let rules = self
            .rules
            .clone()
            .or_else(|| self.settings.clone())
            .unwrap_or_else(|| serde_json::json!({}));
        Some((ruleset, rules))
    }
}

impl Master {
    /// Opens a game for sign-up, with its invitations mailed.
    pub(super) async fn create_forming(&self, req: GameRequest) -> Result<Created> {
        let forming = req.forming.clone().expect("a forming request");
        let now = now();
        let gm_key = keys::new_key();
        let unformed = Unformed {
            settings: None,
            seed: req.seed.unwrap_or_else(rand::random),
            computers: req.players.clone(),
            rules: Some(req.rules.clone().unwrap_or_else(|| serde_json::json!({}))),
            ruleset: Some(req.ruleset),
        };
        let (status, remaining) = match req.wait_for_gm {
            true => (GameStatus::Unconfirmed, Some(req.round_seconds)),
            false => (GameStatus::Forming, None),
        };
        let mut tx = self.store.write().await?;
        self.may_invite(&mut tx, &req.gm_email, &forming.invite, now)
            .await?;
        let id = self
            .store
            .insert_game(
                &mut tx,
                &NewGame {
                    name: &req.name,
                    listed: req.listed,
                    state: &json(&unformed),
                    salt: "",
                    commitment: "",
                    gm_email: &req.gm_email,
                    gm_key_hash: &keys::hash(&gm_key),
                    round_seconds: req.round_seconds,
                    grace_seconds: req.grace_seconds,
                    time_zone: &req.time_zone,
                    language: req.language,
                    status,
                    deadline: None,
                    remaining,
                    now,
                    reminder_hours: &req.reminder_hours,
                    ruleset: crate::store::Ruleset::POLYSLEUTH,
                    turn_deadline: None,
                    turn: 1,
                    operator_deal: req.operator_deal,
                },
            )
            .await?;
        self.store
            .insert_seating(
                &mut tx,
                &SeatingRow {
                    game_id: id,
                    min_players: forming.min_players as i64,
                    max_players: forming.max_players as i64,
                    start_at: forming.start_at,
                    max_absence: req.max_absence,
                    auto_standby: req.auto_standby,
                },
            )
            .await?;
        let row = self.store.game(&mut *tx, id).await?.expect("just inserted");
        for address in &forming.invite {
            let sid = self
                .store
                .add_signup(
                    &mut tx,
                    Some(id),
                    SignupKind::Invite,
                    "",
                    address,
                    &mailbox(address),
                    now,
                )
                .await?;
            // Over its most a day, an address is sent none, and nothing says so (`may_invite`).
            if !req.wait_for_gm && self.may_be_invited(&mut tx, address, id, now).await? {
                let letter = letters::invitation(&self.site, &row, sid);
                self.send(&mut tx, Some(id), address, &letter, now).await?;
            }
        }
        let gm_link = self.site.gm_link(id, &gm_key);
        let letter = match req.wait_for_gm {
            true => mail::gm_confirm(&self.site, &row, &gm_link),
            false => letters::gm_welcome(&self.site, &row, &gm_link),
        };
        self.send(&mut tx, Some(id), &req.gm_email, &letter, now)
            .await?;
        tx.commit().await?;
        tracing::info!(game = id, "forming game created");
        Ok(Created {
            id,
            public_page: self.site.public_page(id),
            gm_link,
            players: Vec::new(),
        })
    }

    /// The house rules of a forming game, as its game words them for the forming page.
    pub fn forming_rules(
        &self,
        row: &GameRow,
        t: crate::lang::Lang,
    ) -> Option<Vec<(String, String)>> {
        let unformed: Unformed = serde_json::from_str(&row.state).ok()?;
        let (ruleset, rules) = unformed.game(self.tables)?;
        Some(self.table_of(ruleset)?.describe_rules(&rules, t))
    }

    /// Asks to join a forming game (or, with `standby`, to stand by for a seat in `game_id`,
    /// or in any game when it is None): a confirmation goes to the address.
    pub async fn sign_up(
        &self,
        game_id: Option<i64>,
        name: &str,
        email: &str,
        standby: bool,
        language: Option<crate::lang::Lang>,
        choice: Option<&str>,
    ) -> Result<Said> {
        let name = name.trim();
        let mut piece = None;
        let email = email.trim();
        let mut problems = Vec::new();
        if let Some(problem) = self.name_problem(name) {
            problems.push(problem);
        }
        if let Some(why) = crate::mail::address::problem(email) {
            problems.push(said!("error-unusable-address", email = email, why = why));
        }
        if !problems.is_empty() {
            return Err(MasterError::Invalid(problems));
        }
        let now = now();
        let mut tx = self.store.write().await?;
        // Anyone may type an address: one address is sent a few confirmations a day at most,
        // counted in the write transaction that holds the address, so sign-ups at once, on
        // any instance, count one after the other.
        let inbox = mailbox(email);
        self.store.lock_address(&mut tx, &inbox).await?;
        if self
            .store
            .pending_signups_of(&mut tx, &inbox, now - 86_400)
            .await?
            >= MAX_PENDING_SIGNUPS
        {
            return Err(MasterError::TooMany(said!(
                "error-signups-pending",
                most = MAX_PENDING_SIGNUPS
            )));
        }
        let game = match game_id {
            Some(id) => Some(self.locked(&mut tx, id).await?),
            None => None,
        };
        // Counted with the game's row locked: sign-ups at once count one after the other.
        if let Some(id) = game_id {
            let most = MAX_PENDING_PER_SEAT
                * self
                    .store
                    .seating(&mut *tx, id)
                    .await?
                    .map_or(7, |s| s.max_players);
            let fresh = now - CONFIRM_WITHIN;
            if self.store.pending_signups_in(&mut tx, id, fresh).await? >= most {
                return Err(MasterError::TooMany(said!(
                    "error-signups-pending-game",
                    most = most
                )));
            }
        }
        if let Some(g) = &game {
            match (standby, g.status) {
                (false, GameStatus::Forming) => {
                    let (seating, signups) = self.signups_locked(&mut tx, g.id).await?;
                    // Whether an address has joined is told only to that address, when it
                    // confirms: anyone may type an address here.
                    check_seat(&seating, &signups, name, None, None)?;
                    check_not_computer(g, name)?;
                    let t = language.unwrap_or(g.language);
                    piece = self.check_choice(self.forming_book(g), &signups, choice, t)?;
                }
                (false, GameStatus::Over) => {
                    return Err(MasterError::Conflict(said!("error-game-over-no-one")))
                }
                (false, _) => {
                    return Err(MasterError::Conflict(said!(
                        "error-game-started-offer-yourself"
                    )))
                }
                (true, GameStatus::Over) => {
                    return Err(MasterError::Conflict(said!("error-game-over-needs-no")))
                }
                (true, _) => {}
            }
        }
        let kind = if standby {
            SignupKind::Standby
        } else {
            SignupKind::Join
        };
        let sid = self
            .store
            .add_signup(&mut tx, game_id, kind, name, email, &inbox, now)
            .await?;
        if language.is_some() {
            self.store
                .set_signup_language(&mut tx, sid, language)
                .await?;
        }
        if piece.is_some() {
            self.store
                .set_signup_choice(&mut tx, sid, piece.as_deref())
                .await?;
        }
        // The mail speaks the language chosen at sign-up, else the game's.
        let t = language
            .or(game.as_ref().map(|g| g.language))
            .unwrap_or_default();
        let letter = letters::confirm(&self.site, game.as_ref(), sid, name, standby, t);
        self.send(&mut tx, game_id, email, &letter, now).await?;
        tx.commit().await?;
        Ok(said!("done-signup-mailed", email = email))
    }

    /// The house rules of the game a forming game will be.
    pub(super) fn forming_book(
        &self,
        g: &GameRow,
    ) -> Option<&'static dyn crate::master::house_rules::HouseRules> {
        let unformed: Unformed = serde_json::from_str(&g.state).ok()?;
        let (ruleset, _) = unformed.game(self.tables)?;
        self.house_rules()
            .into_iter()
            .find(|b| b.ruleset() == ruleset)
    }

    /// What a joiner of a forming game may choose (Clue's guests): its label and the pieces,
    /// each by its name and as the reader reads it; None for a game without.
    pub fn forming_choices(
        &self,
        g: &GameRow,
        t: crate::lang::Lang,
    ) -> Option<(String, Vec<(String, String)>)> {
        let book = self.forming_book(g)?;
        let choices = book.choices(t);
        (!choices.is_empty()).then(|| (book.choice_label(t), choices))
    }

    /// A sign-up's page: what it is, for whom, and where it stands.
    pub async fn signup_by_token(&self, token: &str) -> Result<(SignupRow, Option<GameRow>)> {
        let id = self
            .site
            .check_signed("signup", token)
            .ok_or(MasterError::BadKey)?;
        let signup = self
            .store
            .signup(&self.store.pool, id)
            .await?
            .ok_or(MasterError::BadKey)?;
        let game = match signup.game_id {
            Some(g) => Some(self.public_game(g).await?),
            None => None,
        };
        Ok((signup, game))
    }

    /// Confirms a sign-up from its own address (its link or a reply): joins the forming game
    /// (an invitation needs `name`), or stands by. A full game starts at once.
    pub async fn confirm_signup(&self, token: &str, name: Option<&str>) -> Result<Said> {
        let (signup, _) = self.signup_by_token(token).await?;
        let now = now();
        if signup.status != SignupStatus::Pending {
            return Err(MasterError::Conflict(match signup.status {
                SignupStatus::Joined => said!("error-signup-confirmed-already"),
                SignupStatus::Seated => said!("error-signup-seated-already"),
                _ => said!("error-signup-withdrawn"),
            }));
        }
        if now - signup.created_at > CONFIRM_WITHIN && signup.kind != SignupKind::Invite {
            return Err(MasterError::Conflict(said!(
                "error-confirmation-expired-works-two"
            )));
        }
        let name = match (signup.kind, name.map(str::trim).filter(|n| !n.is_empty())) {
            (SignupKind::Invite, None) => {
                return Err(MasterError::Invalid(vec![said!(
                    "error-give-name-you-will"
                )]))
            }
            (SignupKind::Invite, Some(n)) => n.to_string(),
            _ => signup.name.clone(),
        };
        if let Some(problem) = self.name_problem(&name) {
            return Err(MasterError::invalid(problem));
        }
        let mut tx = self.store.write().await?;
        let Some(game_id) = signup.game_id else {
            self.store
                .set_signup(&mut tx, signup.id, SignupStatus::Joined, None, now)
                .await?;
            tx.commit().await?;
            return Ok(said!("done-stands-by-any", name = &signup.name));
        };
        let game = self.locked(&mut tx, game_id).await?;
        // Read again under the lock: a reply and a click at once, or a withdrawal between.
        if self
            .store
            .signup(&mut *tx, signup.id)
            .await?
            .is_none_or(|s| s.status != SignupStatus::Pending)
        {
            return Err(MasterError::Conflict(said!(
                "error-sign-up-confirmed-withdrawn"
            )));
        }
        if signup.kind == SignupKind::Standby {
            if game.status == GameStatus::Over {
                return Err(MasterError::Conflict(said!("error-game-over-2")));
            }
            self.store
                .set_signup(&mut tx, signup.id, SignupStatus::Joined, None, now)
                .await?;
            tx.commit().await?;
            return Ok(said!(
                "done-stands-by",
                name = &signup.name,
                game = &game.name
            ));
        }
        if game.status != GameStatus::Forming {
            return Err(MasterError::Conflict(match game.status {
                GameStatus::Over => said!("error-game-over-2"),
                _ => said!("error-started-without-you"),
            }));
        }
        let (seating, signups) = self.signups_locked(&mut tx, game_id).await?;
        check_seat(
            &seating,
            &signups,
            &name,
            Some(&signup.email),
            Some(signup.id),
        )?;
        // An invitee names themselves here: never as one of the game's computer players, whose
        // name a second seat would share and the game could not start.
        check_not_computer(&game, &name)?;
        let lost = self.keep_choice(&mut tx, &game, &signups, &signup).await?;
        self.store
            .set_signup(&mut tx, signup.id, SignupStatus::Joined, Some(&name), now)
            .await?;
        let (_, signups) = self.signups_locked(&mut tx, game_id).await?;
        let joined = joined_names(&signups);
        let t = signup.language.unwrap_or(game.language);
        let letter = letters::joined(&self.site, &game, signup.id, &name, t);
        self.send(&mut tx, Some(game_id), &signup.email, &letter, now)
            .await?;
        let full = joined.len() as i64 + computers_of(&game)?.len() as i64 >= seating.max_players;
        let said = if full {
            self.start_formed(&mut tx, &game).await?
        } else {
            self.announce(
                &mut tx,
                &game,
                &said!("forming-someone-joined", name = &name),
                &signups,
                &seating,
            )
            .await?;
            said!("done-joined", game = &game.name, name = &name)
        };
        tx.commit().await?;
        if full {
            self.after_start(game_id).await;
        }
        Ok(match lost {
            Some(piece) => said!(
                "done-joined-piece-taken",
                game = &game.name,
                name = &name,
                piece = piece
            ),
            None => said,
        })
    }

    /// Declines an invitation, or leaves a forming game (or stops standing by).
    pub async fn withdraw_signup(&self, token: &str) -> Result<Said> {
        let (signup, _) = self.signup_by_token(token).await?;
        let now = now();
        let mut tx = self.store.write().await?;
        let game = match signup.game_id {
            Some(id) => Some(self.locked(&mut tx, id).await?),
            None => None,
        };
        let signup = self
            .store
            .signup(&mut *tx, signup.id)
            .await?
            .ok_or(MasterError::BadKey)?;
        let status = match signup.status {
            SignupStatus::Pending if signup.kind == SignupKind::Invite => SignupStatus::Declined,
            SignupStatus::Pending | SignupStatus::Joined => SignupStatus::Left,
            SignupStatus::Seated => {
                return Err(MasterError::Conflict(said!("error-game-started-with-you")))
            }
            _ => return Ok(said!("done-nothing-withdraw-sign-up")),
        };
        self.store
            .set_signup(&mut tx, signup.id, status, None, now)
            .await?;
        let was_in = signup.status == SignupStatus::Joined && signup.kind != SignupKind::Standby;
        if let (Some(game), true) = (&game, was_in) {
            if game.status == GameStatus::Forming {
                let (seating, signups) = self.signups_locked(&mut tx, game.id).await?;
                self.announce(
                    &mut tx,
                    game,
                    &said!("forming-someone-left", name = &signup.name),
                    &signups,
                    &seating,
                )
                .await?;
            }
        }
        tx.commit().await?;
        Ok(match status {
            SignupStatus::Declined => said!("done-declined"),
            _ => said!("done-withdrawn"),
        })
    }

    /// Starts a forming game at its game master's word, if it has its least number.
    pub(crate) async fn start_forming(&self, game_id: i64) -> Result<Said> {
        let mut tx = self.store.write().await?;
        let game = self.locked(&mut tx, game_id).await?;
        if game.status != GameStatus::Forming {
            return Err(MasterError::Conflict(said!("error-game-started-already")));
        }
        let said = self.start_formed(&mut tx, &game).await?;
        tx.commit().await?;
        self.after_start(game_id).await;
        Ok(said)
    }

    /// After a start is committed: a game with a table of its own makes the moves that come
    /// on their own (a computer player in seat 1 plays at once; Polysleuth's computer players
    /// wait for the scheduler). The game has started whatever happens here: a failure is
    /// logged, and the turn's deadline passes that turn.
    async fn after_start(&self, game_id: i64) {
        let table = match self.public_game(game_id).await {
            Ok(row) => self.table_of(row.ruleset),
            Err(e) => {
                tracing::error!(game = game_id, error = %e, "a started game could not be read");
                return;
            }
        };
        if let Some(table) = table {
            table.after_start(self, game_id).await;
        }
    }

    /// Forming games whose start date has come, started if they have their least number.
    pub async fn start_due_forming(&self) -> Result<usize> {
        let after = self.cursors.after("forming");
        let (due, mut started) = (self.store.forming_due(now(), after).await?, 0);
        (self.cursors).advance("forming", &due, crate::store::FORMING_PAGE);
        for id in due {
            match self.start_forming(id).await {
                Ok(_) => started += 1,
                // Too few players: it waits for more, and its game master may start it later.
                Err(MasterError::Conflict(_)) => {}
                // One game that cannot start holds up no other.
                Err(e) => tracing::error!(game = id, error = %e, "a forming game cannot start"),
            }
        }
        Ok(started)
    }

    /// A confirmed game master's forming game opens for sign-up, and its invitations go out.
    pub(crate) async fn open_forming(&self, tx: &mut Tx, game: &GameRow) -> Result<Said> {
        let schedule = Schedule {
            status: GameStatus::Forming,
            deadline: None,
            remaining: game.remaining,
            close_at: None,
        };
        self.store.set_schedule(tx, game.id, &schedule).await?;
        for s in self.store.signups(&mut **tx, game.id).await? {
            if s.kind == SignupKind::Invite && s.status == SignupStatus::Pending {
                // Other games may have invited this address meanwhile: over the day's most,
                // this invitation is not sent (the game stays open to its sign-up page). The
                // game master's answer is the same either way: whether another game invited
                // that address is not theirs to learn.
                if !self.may_be_invited(tx, &s.email, game.id, now()).await? {
                    continue;
                }
                let letter = letters::invitation(&self.site, game, s.id);
                self.send(tx, Some(game.id), &s.email, &letter, now())
                    .await?;
            }
        }
        Ok(said!(
            "done-game-open-sign-up",
            most = crate::master::request::INVITED_PER_DAY
        ))
    }

    /// The deal is made and committed, the players seated and mailed their links.
    async fn start_formed(&self, tx: &mut Tx, game: &GameRow) -> Result<Said> {
        let (seating, signups) = self.signups_locked(tx, game.id).await?;
        let unformed: Unformed = serde_json::from_str(&game.state)
            .map_err(|e| MasterError::Corrupt(format!("forming game {}: {e}", game.id)))?;
        let people: Vec<&SignupRow> = signups
            .iter()
            .filter(|s| s.kind != SignupKind::Standby && s.status == SignupStatus::Joined)
            .take(seating.max_players as usize - unformed.computers.len())
            .collect();
        let count = people.len() + unformed.computers.len();
        if (count as i64) < seating.min_players {
            return Err(MasterError::Conflict(said!(
                "error-too-few-joined",
                count = count,
                least = seating.min_players
            )));
        }
        let mut seats: Vec<(String, String)> = unformed.computers.clone();
        seats.extend(people.iter().map(|s| (s.name.clone(), s.email.clone())));
        // Whichever ruleset deals, the people who joined are seated (all in this transaction).
        for s in &people {
            self.store
                .set_signup(tx, s.id, SignupStatus::Seated, None, now())
                .await?;
        }
        // The house rules are kept as the game reads them, with its name.
        let (ruleset, rules) = unformed
            .game(self.tables)
            .ok_or_else(|| MasterError::Corrupt(format!("forming game {}: no ruleset", game.id)))?;
        let seated: Vec<crate::master::table::Seated> = (seats.iter())
            .map(|(name, address)| crate::master::table::Seated {
                name: name.clone(),
                address: address.clone(),
                language: people
                    .iter()
                    .find(|s| &s.name == name)
                    .and_then(|s| s.language),
                choice: people
                    .iter()
                    .find(|s| &s.name == name)
                    .and_then(|s| s.choice.clone()),
            })
            .collect();
        self.table(ruleset)?
            .start_formed(self, tx, game, rules, unformed.seed, &seated)
            .await
    }

    async fn signups_locked(
        &self,
        tx: &mut Tx,
        game_id: i64,
    ) -> Result<(SeatingRow, Vec<SignupRow>)> {
        let seating = self
            .store
            .seating(&mut **tx, game_id)
            .await?
            .ok_or_else(|| MasterError::NotFound(said!("error-not-forming", game = game_id)))?;
        Ok((seating, self.store.signups(&mut **tx, game_id).await?))
    }

    /// Mails the news of a forming game to its game master and everyone who joined.
    async fn announce(
        &self,
        tx: &mut Tx,
        game: &GameRow,
        what: &Said,
        signups: &[SignupRow],
        seating: &SeatingRow,
    ) -> Result<()> {
        let joined = joined_names(signups);
        let news = |t| letters::news(&self.site, game, what, &joined, seating.max_players, t);
        self.send(
            tx,
            Some(game.id),
            &game.gm_email,
            &news(game.language),
            now(),
        )
        .await?;
        for s in signups.iter().filter(|s| is_in(s)) {
            let letter = news(s.language.unwrap_or(game.language));
            self.send(tx, Some(game.id), &s.email, &letter, now())
                .await?;
        }
        Ok(())
    }
}

/// A name a forming game's computer player has is taken too.
fn check_not_computer(game: &GameRow, name: &str) -> Result<()> {
    if computers_of(game)?
        .iter()
        .any(|(n, _)| crate::games::names::same_name(n, name))
    {
        return Err(MasterError::Conflict(said!(
            "error-name-taken",
            name = name
        )));
    }
    Ok(())
}

/// The computer players a forming game's game master seated.
fn computers_of(game: &GameRow) -> Result<Vec<(String, String)>> {
    serde_json::from_str::<Unformed>(&game.state)
        .map(|u| u.computers)
        .map_err(|e| MasterError::Corrupt(format!("forming game {}: {e}", game.id)))
}
