//! The daily case (RULES-SHERLOCK §6): each day (UTC) one committed deck for each case and
//! level, which anyone may play once that day, on the page or by mail, with no account beyond
//! their address, confirmed by a link. Nothing of a day's games is shown before the day ends —
//! not their tables, their records, nor the deck; when it ends, unfinished games are ended and
//! the day's page publishes each case's seed, salt and deck with every game's end and record.

use super::create::Daily;
use crate::clock::now;
pub use crate::games::sherlock::day::{day_of, ended};
use crate::games::sherlock::setup::{commitment, deck, Case, Settings};
use crate::keys;
use crate::lang::{Lang, Said};
use crate::mail::Letter;
use crate::master::request::{email_problem, GameRequest};
use crate::master::{Master, MasterError, Result};
use crate::said;
use crate::store::games::sherlock::{DailyCaseRow, DailyPlayRow, NewDailyPlay};
use crate::store::StoreError;

/// A case at a level: what a day commits a deck for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    pub case: Case,
    pub level: u8,
}

impl Variant {
    /// Every case at every level, in the order the pages list them.
    pub fn all() -> Vec<Variant> {
        [Case::ValleyOfFear, Case::FinalProblem]
            .into_iter()
            .flat_map(|case| (1..=3).map(move |level| Variant { case, level }))
            .collect()
    }

    /// As stored and sent by forms: `valley_of_fear-1`.
    pub fn name(self) -> String {
        format!("{}-{}", self.case.name(), self.level)
    }

    pub fn parse(text: &str) -> Option<Variant> {
        let (case, level) = text.trim().rsplit_once('-')?;
        let level: u8 = level.parse().ok().filter(|l| (1..=3).contains(l))?;
        Some(Variant {
            case: Case::parse(case)?,
            level,
        })
    }

    /// In the reader's words: "The Final Problem, level 2".
    pub fn words(self, t: Lang) -> String {
        t.t2(
            "sherlock-daily-variant",
            "case",
            t.t(&format!("sherlock-case-{}", self.case.name())),
            "level",
            self.level as i64,
        )
    }
}

impl Master {
    /// A day's case, committed on first asking (by whichever instance asks first).
    pub async fn daily_case(&self, day: &str, v: Variant) -> Result<DailyCaseRow> {
        // Read first, without the writer: the day's page asks for every case at each view,
        // and only the first asking of a day writes.
        let mut read = (self.store.pool.acquire().await).map_err(StoreError::from)?;
        if let Some(row) = self.store.daily_case(&mut read, day, &v.name()).await? {
            return Ok(row);
        }
        drop(read);
        let mut conn = self.store.write().await?;
        if let Some(row) = self.store.daily_case(&mut conn, day, &v.name()).await? {
            return Ok(row);
        }
        let seed: u64 = rand::random();
        let salt = keys::new_key();
        let row = DailyCaseRow {
            day: day.to_string(),
            variant: v.name(),
            seed,
            commitment: commitment(&deck(seed), seed, &salt),
            salt,
        };
        let row = self.store.commit_daily_case(&mut conn, &row, now()).await?;
        conn.commit().await?;
        Ok(row)
    }

    /// Asks to play today's case `variant`: a confirmation link is mailed. Refused, with
    /// nothing stored or sent, when the address played it already today.
    pub async fn daily_ask(
        &self,
        name: &str,
        email: &str,
        variant: &str,
        detectives: &str,
        t: Lang,
    ) -> Result<Said> {
        let mut problems = Vec::new();
        let name = name.trim();
        if !crate::games::valid_name(name) {
            problems.push(said!("error-sherlock-daily-name", name = name));
        }
        let email = email.trim().to_lowercase();
        problems.extend(email_problem(said!("what-your-address"), &email));
        let v = Variant::parse(variant);
        if v.is_none() {
            problems.push(said!("error-sherlock-daily-variant", variant = variant));
        }
        let team = crate::games::sherlock::settings::detectives(detectives);
        if let Err(e) = &team {
            problems.push(Said::text(e.clone()));
        }
        let (Some(v), Ok(team), true) = (v, team, problems.is_empty()) else {
            return Err(MasterError::Invalid(problems));
        };
        let settings = Settings {
            detectives: team,
            case: v.case,
            level: v.level,
            ..Settings::default()
        };
        settings
            .check()
            .map_err(|e| MasterError::invalid(Said::text(e)))?;
        let day = day_of(now());
        self.daily_case(&day, v).await?;
        let token = keys::new_key();
        // Whatever becomes of the request, the page says the same: whether an address played
        // today, or was sent links already, is not the business of whoever types it in.
        let asked = said!(
            "done-sherlock-daily-asked",
            email = email.as_str(),
            case = v.words(t),
            most = crate::store::games::sherlock::MAX_DAILY_MAILS,
            total = crate::store::games::sherlock::MAX_DAILY_MAILS_TO_ONE
        );
        let mut tx = self.store.write().await?;
        // Requests at once, on any instance, count one after the other.
        let inbox = crate::mail::address::mailbox(&email);
        self.store.lock_address(&mut tx, &inbox).await?;
        // Once a day per case and inbox, however its address is written (RULES-SHERLOCK §6).
        if (self.store)
            .daily_started_by(&mut tx, &day, &v.name(), &inbox, None)
            .await?
        {
            return Ok(asked);
        }
        let sent = self.store.daily_mails_to(&mut tx, &day, &inbox).await?;
        if sent >= crate::store::games::sherlock::MAX_DAILY_MAILS_TO_ONE {
            return Ok(asked);
        }
        let names: Vec<&str> = settings.detectives.iter().map(|d| d.name()).collect();
        let kept = self
            .store
            .ask_daily_play(
                &mut tx,
                &NewDailyPlay {
                    day: &day,
                    variant: &v.name(),
                    email: &email,
                    mailbox: &inbox,
                    name,
                    detectives: &names.join(","),
                    language: t.code(),
                    token_hash: &keys::hash(&token),
                    now: now(),
                },
            )
            .await?;
        if !kept {
            return Ok(asked);
        }
        let link = self.site.link(&format!("/sherlock/daily/confirm/{token}"));
        let letter = Letter {
            subject: t.t2(
                "sherlock-daily-subject-confirm",
                "case",
                v.words(t),
                "day",
                day.as_str(),
            ),
            body: t.tr(
                "sherlock-daily-mail-confirm",
                [
                    ("name", name.into()),
                    ("case", v.words(t).into()),
                    ("day", day.as_str().into()),
                    ("link", link.as_str().into()),
                ],
            ) + "\n",
            reply_to: None,
        };
        self.send(&mut tx, None, &email, &letter, now()).await?;
        tx.commit().await?;
        Ok(asked)
    }

    /// The request a confirmation link is for, if it is still waiting.
    pub async fn daily_request(&self, token: &str) -> Result<DailyPlayRow> {
        // A read: anyone may open a confirmation address, and it takes no writer.
        let mut conn = (self.store.pool.acquire().await).map_err(StoreError::from)?;
        self.store
            .daily_play_by_token(&mut conn, &keys::hash(token))
            .await?
            .ok_or_else(|| MasterError::NotFound(said!("error-sherlock-daily-link")))
    }

    /// Starts the game a confirmation link asks for; its player's page path.
    pub async fn daily_confirm(&self, token: &str) -> Result<String> {
        let p = self.daily_request(token).await?;
        let t = Lang::parse(&p.language).unwrap_or(Lang::En);
        if p.day != day_of(now()) {
            return Err(MasterError::Conflict(said!(
                "error-sherlock-daily-over",
                day = p.day.as_str()
            )));
        }
        let v = Variant::parse(&p.variant)
            .ok_or_else(|| MasterError::Corrupt(format!("a daily variant: {}", p.variant)))?;
        // The same inbox, its address written another way, has played this case today.
        let mailbox = crate::mail::address::mailbox(&p.email);
        let mut conn = (self.store.pool.acquire().await).map_err(StoreError::from)?;
        // A second click of this same link, read before the first one's game was kept, is
        // not this: it is told below that its link started its game.
        if p.game_id.is_none()
            && (self.store)
                .daily_started_by(&mut conn, &p.day, &p.variant, &mailbox, Some(p.id))
                .await?
        {
            return Err(MasterError::Conflict(said!("error-sherlock-daily-played")));
        }
        drop(conn);
        let case = self.daily_case(&p.day, v).await?;
        let settings = Settings {
            detectives: crate::games::sherlock::settings::detectives(&p.detectives)
                .map_err(MasterError::Corrupt)?,
            case: v.case,
            level: v.level,
            ..Settings::default()
        };
        let mut req = GameRequest::sample("daily", ["A", "B", "C", "D"], Some(case.seed));
        req.name = format!("{} · {}", p.day, v.words(t));
        req.gm_email = p.email.clone();
        req.players = vec![(p.name.clone(), p.email.clone())];
        req.seed = Some(case.seed);
        req.operator_deal = false;
        req.listed = false;
        req.language = t;
        req.ruleset = crate::games::sherlock::RULESET;
        req.rules = Some(serde_json::to_value(&settings).expect("settings serialise"));
        let created = self
            .create_sherlock_as(
                req,
                Some(Daily {
                    day: p.day.clone(),
                    salt: case.salt.clone(),
                    play_id: p.id,
                    mailbox,
                }),
            )
            .await?;
        let link = created
            .players
            .first()
            .map(|p| p.link.clone())
            .unwrap_or_default();
        let path = link.find("/play/").map_or("", |at| &link[at..]);
        Ok(path.replacen("/play/", "/sherlock/play/", 1))
    }

    /// Ends the daily games of days that have ended; how many. It looks back to the last day
    /// not yet seen closed whole, however long ago: after an outage of any length no day's
    /// game stays open, and each tick reads only the days since.
    pub async fn daily_close(&self) -> Result<usize> {
        let today = day_of(now());
        let since = match self.store.site_setting(DAILY_CLOSED_BEFORE).await? {
            Some(day) => day,
            None => (self.store.first_daily_day().await?).unwrap_or_else(|| today.clone()),
        };
        let ids = (self.store)
            .daily_games_running_before(&since, &today)
            .await?;
        let mut closed = 0;
        for id in &ids {
            let ended = self.sherlock_change(*id, |s, _| {
                if !s.over() {
                    s.end();
                }
                Ok(())
            });
            // One game that cannot be ended (its state unreadable) keeps none of the others
            // open: it is logged, and the next tick tries it again.
            match ended.await {
                Ok(()) => closed += 1,
                Err(e) => tracing::error!(game = id, error = %e, "a daily game could not be ended"),
            }
        }
        // Every game before today is ended: later ticks start from yesterday, which a play
        // committed as its day ended may still join, and no earlier day can.
        let yesterday = day_of(now() - 86_400);
        if closed == ids.len() && since < yesterday {
            (self.store)
                .keep_site_setting(DAILY_CLOSED_BEFORE, &yesterday)
                .await?;
        }
        Ok(closed)
    }
}

/// The site setting that remembers the first day whose daily games may still be open.
pub const DAILY_CLOSED_BEFORE: &str = "sherlock_daily_open_since";
