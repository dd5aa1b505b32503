//! Closing rounds, planned: given the games as read under the write lock and the closings
//! asked for, the rules engine resolves each round and this says what to store — the bulletin,
//! the private reports, the next round, and every mail — and what each closing answers. Pure,
//! like the turn planner: the group-commit writer runs it between one read and one write, so
//! a deadline storm closes many rounds per transaction.

use super::model::StoredBulletin;
use crate::error::Result;
use crate::games::polysleuth::rules::Turn;
use crate::games::polysleuth::service::states;
use crate::mail::Letter;
use crate::model::Resolution;
use crate::rounds::{CloseRequest, PlannedClosings};
use crate::site::Site;
use crate::store::{Closing, GameRow, GameStatus, NewMail, Schedule, Writes};

/// What closing a round stores.
struct Closed {
    game_id: i64,
    round: i64,
    bulletin: String,
    reports: Vec<(i64, String)>,
    state: String,
    schedule: Schedule,
    /// (recipient, letter, one-click unsubscribe address)
    mails: Vec<(String, Letter, Option<String>)>,
}

/// The answers of a batch of closings, and the rows that store them.
pub struct ClosePlan {
    /// Per closing asked for: whether the round was closed, and if so whether the game is
    /// over; None when it was closed already, is not open, or another instance holds it.
    pub results: Vec<Result<Option<bool>>>,
    closed: Vec<Closed>,
    now: i64,
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("plain data serialises")
}

/// Plans the closings in their order over the games read (`closings`, by id).
pub fn plan(site: &Site, closings: &[Closing], requests: &[CloseRequest], now: i64) -> ClosePlan {
    let mut plan = ClosePlan {
        results: Vec::with_capacity(requests.len()),
        closed: Vec::new(),
        now,
    };
    for r in requests {
        let found = closings
            .binary_search_by_key(&r.game_id, |c| c.game.id)
            .ok()
            .map(|i| &closings[i]);
        let again = plan.closed.iter().any(|c| c.game_id == r.game_id);
        let result = match found {
            Some(c) if !again && c.game.round == r.round && still_due(c, r, now) => {
                close(site, c, r, now).map(|closed| {
                    let over = closed.schedule.status == GameStatus::Over;
                    plan.closed.push(closed);
                    Some(over)
                })
            }
            _ => Ok(None),
        };
        plan.results.push(result);
    }
    plan
}

/// Whether the round asked for may close now, as the locked game stands: the game master's
/// "resolve now" closes an open round, paused or not; the scheduler's closing (at the deadline,
/// or once all are ready) needs the game still open and the round still due. Its list of due
/// games was read before the lock: a pause or an extension committed since keeps the round
/// open, as the game master was told.
fn still_due(c: &Closing, r: &CloseRequest, now: i64) -> bool {
    use crate::model::ClosedBy;
    let game = &c.game;
    match r.closed_by {
        ClosedBy::GameMaster => game.status.has_round_open(),
        ClosedBy::Deadline | ClosedBy::AllReady => {
            game.status == GameStatus::Open
                && (game.deadline.is_some_and(|d| d <= now)
                    || game.close_at.is_some_and(|d| d <= now))
        }
    }
}

/// One round closed: resolved by the rules, with its bulletin, reports and mail.
fn close(site: &Site, c: &Closing, r: &CloseRequest, now: i64) -> Result<Closed> {
    let game = &c.game;
    let state = states::parse(game)?;
    let mut turns: Vec<Option<Turn>> = vec![None; state.players.len()];
    for t in &c.turns {
        let seat = t.seat as usize;
        // The state has not changed since the turn was accepted, so it validates again.
        if seat < turns.len() {
            turns[seat] = state.validate(seat, &t.text).ok();
        }
    }
    let (notes, gm_done) = crate::master::gm::pending(game)?;
    let (next, mut outcome) = match r.resolution {
        Resolution::End => state.resolve_and_end(&turns, &gm_done),
        Resolution::Continue => state.resolve(&turns, &gm_done),
    };
    // Each player is told what became of every question they asked, the outbid ones too.
    for (seat, turn) in turns.iter().enumerate() {
        if let (Some(turn), Some(report)) = (turn, outcome.private.get_mut(seat)) {
            report.questions = state.question_fates(seat, turn, &outcome.bulletin);
        }
    }
    let stored = StoredBulletin {
        bulletin: outcome.bulletin.clone(),
        notes,
        closed_by: r.closed_by,
    };
    let schedule = match next.over {
        true => Schedule::over(),
        false => Schedule::open(now + game.round_seconds),
    };
    let state_text = json(&next);
    // The game as the next round opens, for the letters.
    let after = GameRow {
        round: if next.over {
            game.round
        } else {
            game.round + 1
        },
        state: state_text.clone(),
        status: schedule.status,
        deadline: schedule.deadline,
        remaining: None,
        close_at: None,
        gm_notes: "[]".into(),
        gm_done: "[]".into(),
        reminders_sent: String::new(),
        ..game.clone()
    };
    let mut mails = Vec::new();
    for p in c.players.iter().filter(|p| p.mailed()) {
        let private = outcome.private.get(p.seat as usize);
        let letter = crate::games::polysleuth::letters::round_letter(
            site,
            &after,
            &next,
            &stored,
            private,
            &p.name,
            p.lang(&after),
            p.zone(&after),
        )
        .to_player(site, p, &after);
        mails.push((p.email.clone(), letter, None));
    }
    for o in &c.observers {
        let t = after.language;
        let mut letter = crate::games::polysleuth::letters::round_letter(
            site,
            &after,
            &next,
            &stored,
            None,
            "observers",
            t,
            &after.time_zone,
        );
        let stop = site.observer_link(o.id);
        letter
            .body
            .push_str(&t.t1("mail-observer-footer", "stop", stop.as_str()));
        // A subscription: it carries a one-click unsubscribe (List-Unsubscribe).
        mails.push((o.email.clone(), letter, Some(stop)));
    }
    Ok(Closed {
        game_id: game.id,
        round: game.round,
        bulletin: json(&stored),
        reports: outcome
            .private
            .iter()
            .enumerate()
            .map(|(seat, report)| (seat as i64, json(report)))
            .collect(),
        state: state_text,
        schedule,
        mails,
    })
}

impl PlannedClosings for ClosePlan {
    /// The statements that store every round closed, a few multi-row writes for all of them.
    fn writes(&self) -> Writes<'_> {
        let mut writes = Writes::default();
        let mut reports = Vec::new();
        let mut mails: Vec<NewMail> = Vec::new();
        for c in &self.closed {
            writes.insert_bulletin(c.game_id, c.round, &c.bulletin, self.now);
            writes.advance_round(c.game_id, c.round, &c.state, &c.schedule);
            // Web confirmations still waiting go first, so none arrives after its round.
            writes.summaries_due(c.game_id, self.now);
            reports.extend(
                c.reports
                    .iter()
                    .map(|(seat, body)| (c.game_id, c.round, *seat, body.as_str())),
            );
            mails.extend(c.mails.iter().map(|(to, letter, stop)| NewMail {
                unsubscribe: stop.as_deref(),
                ..letter.row(Some(c.game_id), to)
            }));
        }
        writes.insert_reports(&reports);
        writes.enqueue_mails(&mails, self.now);
        writes
    }

    fn results(self: Box<Self>) -> Vec<Result<Option<bool>>> {
        self.results
    }
}
