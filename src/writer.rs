//! Group commit: one writer takes the turn submissions, inbound mails and outbox claims that
//! are waiting and commits them together in one transaction, answering each request only once
//! its batch is durable. Under load this turns many small transactions fighting for SQLite's
//! single write lock into a few larger ones; the order of submissions is kept.
//!
//! Every such write goes through `run_batch`, over either connection (`store::batch`): the
//! writer of `serve` runs batches as they come; a `Writer::inline` (the command line, tests)
//! runs each job as a batch of one at once.

use crate::said;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll, Waker};

use tokio::sync::{mpsc, oneshot};

use crate::clock::now;
use crate::error::MasterError;
use crate::model::Via;
use crate::rounds::{games_of, CloseRequest, PlannedTurns, Reply, Rounds, Submission};
use crate::store::batch::{self, Batch, Pooled};
use crate::store::direct::Direct;
use crate::store::{MailRow, PlayerRow, Store};

/// The most jobs committed in one transaction.
pub const MAX_BATCH: usize = 256;

enum Job {
    Turn {
        player: PlayerRow,
        text: String,
        via: Via,
        round: Option<i64>,
        answer: oneshot::Sender<Result<Reply, MasterError>>,
    },
    Inbound {
        raw: Vec<u8>,
        key: String,
        answer: oneshot::Sender<Result<Option<i64>, MasterError>>,
    },
    ClaimMail {
        lease: i64,
        limit: i64,
        answer: oneshot::Sender<Result<Vec<MailRow>, MasterError>>,
    },
    MailsSent {
        ids: Vec<i64>,
        answer: oneshot::Sender<Result<(), MasterError>>,
    },
    Close {
        request: CloseRequest,
        answer: oneshot::Sender<Result<Option<bool>, MasterError>>,
    },
    /// Sent at shutdown to the writer's thread: the jobs queued after it are not run.
    Stop,
}

impl Job {
    /// Answers the job with an error that says nothing of it was stored.
    fn fail(self, message: &crate::lang::Said) {
        let e = || MasterError::NotStored(message.clone());
        match self {
            Job::Turn { answer, .. } => drop(answer.send(Err(e()))),
            Job::Inbound { answer, .. } => drop(answer.send(Err(e()))),
            Job::ClaimMail { answer, .. } => drop(answer.send(Err(e()))),
            Job::MailsSent { answer, .. } => drop(answer.send(Err(e()))),
            Job::Close { answer, .. } => drop(answer.send(Err(e()))),
            Job::Stop => {}
        }
    }

    /// The submission of a turn job.
    fn submission(&self) -> Option<Submission<'_>> {
        match self {
            Job::Turn {
                player,
                text,
                via,
                round,
                ..
            } => Some(Submission {
                player,
                text,
                via: *via,
                round: *round,
            }),
            _ => None,
        }
    }
}

/// Stands for the writer's thread among the service's tasks: when the task is stopped (a
/// shutdown aborts it, or its runtime ends), the thread stops after the batch in hand.
struct StopOnDrop {
    jobs: mpsc::Sender<Job>,
    stop: Arc<AtomicBool>,
}

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the thread if it waits for jobs; when the queue is full it is busy and sees
        // the flag after its batch.
        let _ = self.jobs.try_send(Job::Stop);
    }
}

/// Where writes go: to the writer of `serve`, or straight to the database.
#[derive(Clone)]
pub struct Writer {
    to: To,
    /// Transactions this writer committed or tried (all instances' writers are also counted
    /// together in `/metrics`).
    batches: Arc<std::sync::atomic::AtomicU64>,
}

#[derive(Clone)]
enum To {
    Queue(mpsc::Sender<Job>),
    /// Each job is a batch of its own, run at once on a pooled connection kept for the next.
    Inline {
        db: Arc<tokio::sync::Mutex<Pooled>>,
        rounds: Option<Arc<dyn Rounds>>,
    },
}

fn gone() -> MasterError {
    MasterError::NotStored(said!("error-game-master-shutting-down"))
}

impl Writer {
    /// A writer with no task of its own: for the command line, which writes little. `rounds`
    /// is the game of simultaneous rounds whose turns and closings it writes, if any.
    pub fn inline(store: &Store, rounds: Option<Arc<dyn Rounds>>) -> Writer {
        Writer {
            to: To::Inline {
                db: Arc::new(tokio::sync::Mutex::new(Pooled::new(store))),
                rounds,
            },
            batches: Default::default(),
        }
    }

    /// Starts the writer; from then on writes through it are group-committed. On a SQLite
    /// file the writer is a thread with a connection of its own; otherwise a task with a
    /// connection from the pool.
    pub fn start(
        store: &Store,
        rounds: Option<Arc<dyn Rounds>>,
    ) -> std::io::Result<(Writer, tokio::task::JoinHandle<()>)> {
        let (jobs, queue) = mpsc::channel::<Job>(4 * MAX_BATCH);
        let writer = Writer {
            to: To::Queue(jobs.clone()),
            batches: Default::default(),
        };
        let batches = writer.batches.clone();
        match batch::direct(store) {
            Some(Ok(db)) => {
                let task = start_direct(db, rounds.clone(), batches, jobs, queue)?;
                return Ok((writer, task));
            }
            Some(Err(e)) => {
                tracing::warn!(error = %e, "the writer could not open its own connection; it writes through the pool")
            }
            None => {}
        }
        let mut db = Pooled::new(store);
        let task = tokio::spawn(async move {
            let mut queue = queue;
            let mut batch = Vec::with_capacity(MAX_BATCH);
            while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
                let jobs = std::mem::take(&mut batch);
                let result = run_batch(&mut db, rounds.as_deref(), &jobs).await;
                batches.fetch_add(1, Ordering::Relaxed);
                answer(jobs, result);
            }
        });
        Ok((writer, task))
    }

    async fn send<T>(
        &self,
        job: Job,
        reply: oneshot::Receiver<Result<T, MasterError>>,
    ) -> Result<T, MasterError> {
        match &self.to {
            To::Queue(jobs) => jobs.send(job).await.map_err(|_| gone())?,
            To::Inline { db, rounds } => {
                let jobs = vec![job];
                let result = run_batch(&mut *db.lock().await, rounds.as_deref(), &jobs).await;
                self.batches.fetch_add(1, Ordering::Relaxed);
                answer(jobs, result);
            }
        }
        reply.await.map_err(|_| gone())?
    }

    /// How many batches this writer has run.
    pub fn batches(&self) -> u64 {
        self.batches.load(Ordering::Relaxed)
    }

    /// Stores a turn for the open round, checked and confirmed as `via` says: the game's
    /// reply, which its game reads as its own type. With `round`, only while that round is the
    /// open one (a turn worked out from a round that has closed since is not another's).
    pub async fn submit(
        &self,
        player: &PlayerRow,
        text: &str,
        via: Via,
        round: Option<i64>,
    ) -> Result<Reply, MasterError> {
        let (answer, reply) = oneshot::channel();
        let job = Job::Turn {
            player: player.clone(),
            text: text.to_string(),
            via,
            round,
            answer,
        };
        self.send(job, reply).await
    }

    /// Claims due outbox rows in the next batch.
    pub async fn claim_mail(&self, lease: i64, limit: i64) -> Result<Vec<MailRow>, MasterError> {
        let (answer, reply) = oneshot::channel();
        let job = Job::ClaimMail {
            lease,
            limit,
            answer,
        };
        self.send(job, reply).await
    }

    pub async fn mails_sent(&self, ids: Vec<i64>) -> Result<(), MasterError> {
        let (answer, reply) = oneshot::channel();
        self.send(Job::MailsSent { ids, answer }, reply).await
    }

    /// Closes a round: whether it was closed (and if so, whether the game is over), or None
    /// when it was closed already, is not open, or another instance holds its game.
    pub async fn close(&self, request: CloseRequest) -> Result<Option<bool>, MasterError> {
        let (answer, reply) = oneshot::channel();
        self.send(Job::Close { request, answer }, reply).await
    }

    /// Stores a raw inbound message; returns its row id, or None when one with the same key
    /// is stored already.
    pub async fn store_inbound(&self, raw: &[u8], key: &str) -> Result<Option<i64>, MasterError> {
        let (answer, reply) = oneshot::channel();
        let job = Job::Inbound {
            raw: raw.to_vec(),
            key: key.to_string(),
            answer,
        };
        self.send(job, reply).await
    }
}

fn start_direct(
    mut db: Direct,
    rounds: Option<Arc<dyn Rounds>>,
    batches: Arc<std::sync::atomic::AtomicU64>,
    jobs: mpsc::Sender<Job>,
    mut queue: mpsc::Receiver<Job>,
) -> std::io::Result<tokio::task::JoinHandle<()>> {
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = stop.clone();
    std::thread::Builder::new()
        .name("polysleuth-writer".into())
        .spawn(move || {
            let mut batch = Vec::with_capacity(MAX_BATCH);
            while queue.blocking_recv_many(&mut batch, MAX_BATCH) > 0 {
                let mut jobs = std::mem::take(&mut batch);
                if let Some(at) = jobs.iter().position(|j| matches!(j, Job::Stop)) {
                    jobs.truncate(at);
                }
                if !jobs.is_empty() {
                    let result = at_once(run_batch(&mut db, rounds.as_deref(), &jobs));
                    batches.fetch_add(1, Ordering::Relaxed);
                    answer(jobs, result);
                }
                if stopped.load(Ordering::SeqCst) {
                    break;
                }
            }
        })?;
    Ok(tokio::spawn(async move {
        let _stop = StopOnDrop { jobs, stop };
        std::future::pending::<()>().await
    }))
}

/// Runs a future that never waits (the direct connection's): without a runtime, on the
/// writer's own thread.
fn at_once<F: Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(out) => out,
        Poll::Pending => unreachable!("the writer's own connection never waits"),
    }
}

/// One transaction for the whole batch: any failure stores none of it. The turns go in
/// together, in their order, after the other jobs (which never touch turns): their games and
/// turns in force are read at once, every turn is checked in memory by its game (`Rounds`),
/// then the turns and their confirmations are written. Rounds to close come last, so a turn
/// accepted in the batch counts in its round: their games are read at once, resolved in
/// memory by the game, and written with the commit.
async fn run_batch<B: Batch>(
    db: &mut B,
    rounds: Option<&dyn Rounds>,
    jobs: &[Job],
) -> Result<Vec<Done>, MasterError> {
    let result = write(db, rounds, jobs).await;
    if result.is_err() {
        db.rollback().await;
    }
    crate::metrics::METRICS.write_batches.inc();
    result
}

async fn write<B: Batch>(
    db: &mut B,
    rounds: Option<&dyn Rounds>,
    jobs: &[Job],
) -> Result<Vec<Done>, MasterError> {
    let rounds_asked = jobs
        .iter()
        .any(|j| matches!(j, Job::Turn { .. } | Job::Close { .. }));
    if rounds_asked && rounds.is_none() {
        return Err(MasterError::Corrupt(
            "no game of simultaneous rounds is served here".into(),
        ));
    }
    db.begin().await?;
    let now = now();
    let mut done = Vec::with_capacity(jobs.len());
    for job in jobs {
        done.push(match job {
            Job::Inbound { raw, key, .. } => {
                Some(Done::Inbound(db.insert_inbound(raw, key, now).await?))
            }
            Job::ClaimMail { lease, limit, .. } => {
                Some(Done::Claimed(db.claim_mail(now, *lease, *limit).await?))
            }
            Job::MailsSent { ids, .. } => {
                db.mails_sent(ids, now).await?;
                Some(Done::Nothing)
            }
            Job::Turn { .. } | Job::Close { .. } | Job::Stop => None,
        });
    }
    let submissions: Vec<Submission> = jobs.iter().filter_map(Job::submission).collect();
    let requests: Vec<CloseRequest> = jobs
        .iter()
        .filter_map(|j| match j {
            Job::Close { request, .. } => Some(*request),
            _ => None,
        })
        .collect();
    let turns: Option<Box<dyn PlannedTurns>> = match (submissions.is_empty(), rounds) {
        (false, Some(rounds)) => {
            let (rows, open) = db.open_round(&games_of(&submissions)).await?;
            Some(rounds.plan(rows, open, &submissions, now)?)
        }
        _ => None,
    };
    let mut closed = Vec::new();
    match (requests.is_empty(), rounds) {
        (false, Some(rounds)) => {
            if let Some(plan) = &turns {
                db.apply(&plan.writes()).await?;
            }
            let mut ids: Vec<i64> = requests.iter().map(|r| r.game_id).collect();
            ids.sort_unstable();
            ids.dedup();
            let closings = db.closing(&ids).await?;
            let close_plan = rounds.close(&closings, &requests, now);
            db.commit(close_plan.writes()).await?;
            closed = close_plan.results();
        }
        _ => {
            let writes = turns.as_ref().map(|t| t.writes()).unwrap_or_default();
            db.commit(writes).await?;
        }
    }
    let replies = turns.map(|plan| plan.replies()).unwrap_or_default();
    Ok(merge(done, jobs, replies, closed))
}

/// The results of a batch's other jobs, with the turns' replies and the closings' results put
/// in their places.
fn merge(
    done: Vec<Option<Done>>,
    jobs: &[Job],
    replies: Vec<Result<Reply, MasterError>>,
    closed: Vec<Result<Option<bool>, MasterError>>,
) -> Vec<Done> {
    let mut replies = replies.into_iter();
    let mut closed = closed.into_iter();
    done.into_iter()
        .zip(jobs)
        .map(|(d, job)| match (d, job) {
            (Some(d), _) => d,
            (None, Job::Close { .. }) => Done::Closed(closed.next().expect("a result per closing")),
            (None, _) => Done::Turn(replies.next().expect("a reply per turn")),
        })
        .collect()
}

/// Answers every job of a batch once it is committed, or fails them all.
fn answer(jobs: Vec<Job>, result: Result<Vec<Done>, MasterError>) {
    match result {
        Ok(results) => {
            for (job, result) in jobs.into_iter().zip(results) {
                match (job, result) {
                    (Job::Turn { answer, .. }, Done::Turn(r)) => {
                        let _ = answer.send(r);
                    }
                    (Job::Inbound { answer, .. }, Done::Inbound(id)) => {
                        let _ = answer.send(Ok(id));
                    }
                    (Job::ClaimMail { answer, .. }, Done::Claimed(rows)) => {
                        let _ = answer.send(Ok(rows));
                    }
                    (Job::MailsSent { answer, .. }, Done::Nothing) => {
                        let _ = answer.send(Ok(()));
                    }
                    (Job::Close { answer, .. }, Done::Closed(r)) => {
                        let _ = answer.send(r);
                    }
                    _ => unreachable!("results follow the jobs"),
                }
            }
        }
        Err(e) => {
            tracing::error!(jobs = jobs.len(), error = %e, "a batch of writes could not be committed");
            let message = said!("error-not-stored");
            for job in jobs {
                job.fail(&message);
            }
        }
    }
}

enum Done {
    Turn(Result<Reply, MasterError>),
    Inbound(Option<i64>),
    Claimed(Vec<MailRow>),
    Closed(Result<Option<bool>, MasterError>),
    Nothing,
}
