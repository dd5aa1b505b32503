//! The clock of classic games, run by the scheduler: turns past their deadline pass (or, after
//! a final question, count as a wrong accusation), the player whose turn ends soon is reminded
//! once, and digests a day old are mailed.

use crate::clock::now;
use crate::games::sleuth::letters::{deadline, News};
use crate::master::{Master, Result};

/// How long a line waits in a digest before the digest is mailed.
pub const DIGEST_SECONDS: i64 = 24 * 3600;

impl Master {
    /// Passes every classic turn past its deadline; the number passed.
    pub async fn classic_due(&self) -> Result<usize> {
        let due = self
            .store
            .turns_due(now(), crate::games::sleuth::RULESET)
            .await?;
        for (id, turn) in &due {
            let passed = self.classic_pass_due(*id, *turn as u32).await;
            crate::master::go_on_after(*id, "passing a turn at its deadline", passed);
        }
        Ok(due.len())
    }

    /// Passes turn `turn` of game `id` if it is still under way past its deadline (another
    /// instance, or the player, may have ended it meanwhile).
    pub(crate) async fn classic_pass_due(&self, id: i64, turn: u32) -> Result<()> {
        self.classic_change(id, None, |state, row, _| {
            if row.turn_deadline.is_some_and(|d| d <= now()) {
                state.deadline(turn);
            }
            Ok(())
        })
        .await
    }

    /// Reminds the player whose turn ends soon, once a turn; the number reminded.
    pub async fn classic_reminders(&self) -> Result<usize> {
        let due = self.store.classic_reminders_due(now()).await?;
        for (id, turn) in &due {
            let reminded = self.classic_remind(*id, *turn).await;
            crate::master::go_on_after(*id, "a reminder", reminded);
        }
        Ok(due.len())
    }

    /// Reminds the player on turn in one game, unless done already.
    async fn classic_remind(&self, id: i64, turn: i64) -> Result<()> {
        let mut tx = self.store.write().await?;
        let row = self.locked(&mut tx, id).await?;
        if row.turn_reminded >= turn || row.round != turn {
            return Ok(());
        }
        self.store.set_turn_reminded(&mut tx, id, turn).await?;
        let state = super::parse(&row)?;
        let players = self.store.players(&mut *tx, id).await?;
        let seat = state.current;
        if let Some(p) = players
            .iter()
            .find(|p| Some(p.seat as usize) == seat && p.mailed())
        {
            let t = p.lang(&row);
            let news = News {
                subject: t.t2("classic-subject-reminder", "id", id, "turn", turn),
                paragraphs: vec![t.t2(
                    "classic-mail-reminder",
                    "turn",
                    turn,
                    "deadline",
                    deadline(t, row.turn_deadline, p.zone(&row)),
                )],
                cards: crate::games::sleuth::letters::cards_allowing(t, &state, p.seat as usize),
                ..News::default()
            };
            let letter = news
                .letter(&self.site, &row, &p.name, t)
                .to_player(&self.site, p, &row);
            self.send(&mut tx, Some(id), &p.email, &letter, now())
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Mails every digest whose oldest line waited a day; the number mailed.
    pub async fn classic_digests(&self) -> Result<usize> {
        let due = self.store.digests_due(now() - DIGEST_SECONDS).await?;
        let mut sent = 0;
        for pid in due {
            let Some(p) = self.store.player(&self.store.pool, pid).await? else {
                continue;
            };
            let row = self.public_game(p.game_id).await?;
            let mut tx = self.store.write().await?;
            let lines = self.store.take_digest(&mut tx, pid).await?;
            if lines.is_empty() || !p.mailed() {
                tx.commit().await?;
                continue;
            }
            let t = p.lang(&row);
            let news = News {
                subject: t.t1("classic-subject-digest", "id", row.id),
                paragraphs: vec![t.t("classic-mail-digest")],
                lines,
                ..News::default()
            };
            let letter = news
                .letter(&self.site, &row, &p.name, t)
                .to_player(&self.site, &p, &row);
            self.send(&mut tx, Some(row.id), &p.email, &letter, now())
                .await?;
            tx.commit().await?;
            sent += 1;
        }
        Ok(sent)
    }
}
