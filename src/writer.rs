//! Group commit: one writer task takes the turn submissions and inbound mails that are waiting
//! and commits them together in one transaction, answering each request only once its batch
//! is durable. Under load this turns many small transactions fighting for SQLite's single
//! write lock into a few larger ones; the order of submissions is kept.

use tokio::sync::{mpsc, oneshot};

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::master::{games_of, now, Master, MasterError, Submission, TurnReply, Via, Within};
use crate::store::direct::Direct;
use crate::store::{Conn, MailRow, PlayerRow};
use sqlx::pool::PoolConnection;
use sqlx::Any;

/// The most jobs committed in one transaction.
pub const MAX_BATCH: usize = 256;

enum Job {
    Turn {
        player: PlayerRow,
        text: String,
        /// None from the web; from a mail, the sender's address when not the registered one.
        by_mail: Option<(usize, Option<i64>)>,
        answer: oneshot::Sender<Result<TurnReply, MasterError>>,
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
    /// Sent at shutdown to the writer's thread: the jobs queued after it are not run.
    Stop,
}

impl Job {
    /// Answers the job with an error that says nothing of it was stored.
    fn fail(self, message: &str) {
        let e = || MasterError::NotStored(message.into());
        match self {
            Job::Turn { answer, .. } => drop(answer.send(Err(e()))),
            Job::Inbound { answer, .. } => drop(answer.send(Err(e()))),
            Job::ClaimMail { answer, .. } => drop(answer.send(Err(e()))),
            Job::MailsSent { answer, .. } => drop(answer.send(Err(e()))),
            Job::Stop => {}
        }
    }

    /// The submission of a turn job.
    fn submission(&self) -> Option<Submission<'_>> {
        match self {
            Job::Turn {
                player,
                text,
                by_mail,
                ..
            } => Some(Submission {
                player,
                text,
                via: match by_mail {
                    None => Via::Web,
                    Some((ignored, inbound)) => Via::Mail {
                        ignored: *ignored,
                        inbound: *inbound,
                    },
                },
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

#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
}

fn gone() -> MasterError {
    MasterError::NotStored(
        "the game master is shutting down; nothing was stored, please send it again".into(),
    )
}

impl Writer {
    pub async fn submit(
        &self,
        player: &PlayerRow,
        text: &str,
        via: Via,
    ) -> Result<TurnReply, MasterError> {
        let (answer, reply) = oneshot::channel();
        let job = Job::Turn {
            player: player.clone(),
            text: text.to_string(),
            by_mail: match via {
                Via::Web => None,
                Via::Mail { ignored, inbound } => Some((ignored, inbound)),
            },
            answer,
        };
        self.jobs.send(job).await.map_err(|_| gone())?;
        reply.await.map_err(|_| gone())?
    }

    /// Claims due outbox rows in the next batch.
    pub async fn claim_mail(&self, lease: i64, limit: i64) -> Result<Vec<MailRow>, MasterError> {
        let (answer, reply) = oneshot::channel();
        self.jobs
            .send(Job::ClaimMail {
                lease,
                limit,
                answer,
            })
            .await
            .map_err(|_| gone())?;
        reply.await.map_err(|_| gone())?
    }

    pub async fn mails_sent(&self, ids: Vec<i64>) -> Result<(), MasterError> {
        let (answer, reply) = oneshot::channel();
        self.jobs
            .send(Job::MailsSent { ids, answer })
            .await
            .map_err(|_| gone())?;
        reply.await.map_err(|_| gone())?
    }

    /// Stores a raw inbound message; returns its row id, or None when one with the same key
    /// is stored already.
    pub async fn store_inbound(&self, raw: &[u8], key: &str) -> Result<Option<i64>, MasterError> {
        let (answer, reply) = oneshot::channel();
        self.jobs
            .send(Job::Inbound {
                raw: raw.to_vec(),
                key: key.to_string(),
                answer,
            })
            .await
            .map_err(|_| gone())?;
        reply.await.map_err(|_| gone())?
    }
}

impl Master {
    /// Starts the writer; from then on submissions of this instance are group-committed.
    /// On a SQLite file the writer is a thread with a connection of its own; otherwise a task
    /// with a connection from the pool.
    pub fn start_writer(&self) -> std::io::Result<tokio::task::JoinHandle<()>> {
        let (jobs, queue) = mpsc::channel::<Job>(4 * MAX_BATCH);
        let _ = self.writer.set(Writer { jobs: jobs.clone() });
        if let Some(file) = &self.store.sqlite_file {
            match Direct::open(file) {
                Ok(db) => return self.start_direct(db, jobs, queue),
                Err(e) => {
                    tracing::warn!(error = %e, "the writer could not open its own connection; it writes through the pool")
                }
            }
        }
        let master = self.clone();
        Ok(tokio::spawn(async move {
            let mut queue = queue;
            let mut batch = Vec::with_capacity(MAX_BATCH);
            // The writer keeps one connection: no trip through the pool for every batch.
            let mut conn = None;
            while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
                let jobs = std::mem::take(&mut batch);
                let result = master.commit_pooled(&mut conn, &jobs).await;
                answer(jobs, result);
                crate::metrics::METRICS.write_batches.inc();
            }
        }))
    }

    fn start_direct(
        &self,
        mut db: Direct,
        jobs: mpsc::Sender<Job>,
        mut queue: mpsc::Receiver<Job>,
    ) -> std::io::Result<tokio::task::JoinHandle<()>> {
        let stop = Arc::new(AtomicBool::new(false));
        let master = self.clone();
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
                        let result = master.write_direct(&mut db, &jobs);
                        if result.is_err() {
                            db.rollback();
                        }
                        answer(jobs, result);
                        crate::metrics::METRICS.write_batches.inc();
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

    /// A batch on the writer's own connection: one transaction, read, checked and written
    /// without leaving the thread.
    fn write_direct(&self, db: &mut Direct, jobs: &[Job]) -> Result<Vec<Done>, MasterError> {
        db.begin()?;
        let now = now();
        let mut done = Vec::with_capacity(jobs.len());
        for job in jobs {
            done.push(match job {
                Job::Inbound { raw, key, .. } => {
                    Some(Done::Inbound(db.insert_inbound(raw, key, now)?))
                }
                Job::ClaimMail { lease, limit, .. } => {
                    Some(Done::Claimed(db.claim_mail(now, *lease, *limit)?))
                }
                Job::MailsSent { ids, .. } => {
                    db.mails_sent(ids, now)?;
                    Some(Done::Nothing)
                }
                Job::Turn { .. } | Job::Stop => None,
            });
        }
        let submissions: Vec<Submission> = jobs.iter().filter_map(Job::submission).collect();
        if submissions.is_empty() {
            db.commit()?;
            return Ok(merge(done, Vec::new()));
        }
        let (rows, open) = db.open_round(&games_of(&submissions))?;
        let plan = self.plan_turns(rows, open, &submissions, now)?;
        let mut writes = plan.writes();
        writes.commit();
        db.apply(&writes)?;
        Ok(merge(done, plan.replies))
    }

    async fn commit_pooled(
        &self,
        conn: &mut Option<PoolConnection<Any>>,
        jobs: &[Job],
    ) -> Result<Vec<Done>, MasterError> {
        let result = match conn {
            Some(c) => self.write_batch(c, jobs).await,
            None => match self.store.pool.acquire().await {
                Ok(mut c) => {
                    // The connection is the writer's alone and its transactions are run by
                    // hand, unknown to the pool: whenever it is let go (a failure, or the
                    // task stopped mid-batch at shutdown) it is closed, which rolls back,
                    // rather than given back to the pool inside a transaction.
                    c.close_on_drop();
                    self.write_batch(conn.insert(c), jobs).await
                }
                Err(e) => Err(MasterError::from(crate::store::StoreError::from(e))),
            },
        };
        if result.is_err() {
            // Nothing of the batch stays: roll back at once to free the write lock; the
            // connection is then closed and the next batch takes a fresh one.
            if let Some(mut c) = conn.take() {
                let _ = self.store.rollback_on(&mut c).await;
            }
        }
        result
    }

    /// One transaction for the whole batch: any failure stores none of it. The turns go in
    /// together, in their order, after the other jobs (which never touch turns). The
    /// transaction is run by hand so that, on SQLite, a batch of turns takes two round trips
    /// to the database's worker thread: begin and read, then write and commit.
    async fn write_batch(&self, conn: &mut Conn, jobs: &[Job]) -> Result<Vec<Done>, MasterError> {
        let only_turns = jobs.iter().all(|j| matches!(j, Job::Turn { .. }));
        if !only_turns {
            self.store.begin_on(conn).await?;
        }
        let tx = conn;
        let mut done = Vec::with_capacity(jobs.len());
        for job in jobs {
            done.push(match job {
                Job::Inbound { raw, key, .. } => Some(Done::Inbound(
                    self.store.insert_inbound_in(tx, raw, key, now()).await?,
                )),
                Job::ClaimMail { lease, limit, .. } => Some(Done::Claimed(
                    self.store.claim_mail_in(tx, now(), *lease, *limit).await?,
                )),
                Job::MailsSent { ids, .. } => {
                    self.store.mails_sent_in(tx, ids, now()).await?;
                    Some(Done::Nothing)
                }
                Job::Turn { .. } | Job::Stop => None,
            });
        }
        let submissions: Vec<Submission> = jobs.iter().filter_map(Job::submission).collect();
        if submissions.is_empty() {
            self.store.commit_on(tx).await?;
            return Ok(merge(done, Vec::new()));
        }
        let within = if only_turns {
            Within::Begin
        } else {
            Within::Commit
        };
        let replies = self.submit_all_in(tx, &submissions, within).await?;
        Ok(merge(done, replies))
    }
}

/// The results of a batch's other jobs, with the turns' replies put in their places.
fn merge(done: Vec<Option<Done>>, replies: Vec<Result<TurnReply, MasterError>>) -> Vec<Done> {
    let mut replies = replies.into_iter();
    done.into_iter()
        .map(|d| d.unwrap_or_else(|| Done::Turn(replies.next().expect("a reply per turn"))))
        .collect()
}

/// Answers every job of a batch once it is committed, or fails them all.
fn answer(jobs: Vec<Job>, result: Result<Vec<Done>, MasterError>) {
    match result {
        Ok(results) => {
            for (job, result) in jobs.into_iter().zip(results) {
                match (job, result) {
                    (Job::Turn { answer, .. }, Done::Turn(r)) => {
                        if let Ok(reply) = &r {
                            crate::master::count_reply(reply);
                        }
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
                    _ => unreachable!("results follow the jobs"),
                }
            }
        }
        Err(e) => {
            tracing::error!(jobs = jobs.len(), error = %e, "a batch of submissions could not be committed");
            let message = "the game master could not store this just now (a database error); nothing of it was stored, please send it again";
            for job in jobs {
                job.fail(message);
            }
        }
    }
}

enum Done {
    Turn(Result<TurnReply, MasterError>),
    Inbound(Option<i64>),
    Claimed(Vec<MailRow>),
    Nothing,
}
