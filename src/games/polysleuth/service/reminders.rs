//! Reminders: players with no turn are mailed at the hours before the deadline their game
//! asks for, each hour once per round.

use crate::clock::now;
use crate::games::polysleuth::service::states;
use crate::master::request::parse_reminder_hours;
use crate::master::{Master, Result};
use crate::store::{GameRow, GameStatus};

/// The reminder hours of a game due at `now` and not yet sent this round.
fn due(game: &GameRow, now: i64) -> Vec<i64> {
    let (Some(deadline), GameStatus::Open) = (game.deadline, game.status) else {
        return Vec::new();
    };
    let done = sent(game);
    // The hours were checked when they were set; a stored text that does not read is none.
    parse_reminder_hours(&game.reminder_hours)
        .unwrap_or_default()
        .into_iter()
        .filter(|h| {
            deadline - now <= h * 3600 && game.round_seconds > h * 3600 && !done.contains(h)
        })
        .collect()
}

/// The reminder hours already sent this round.
fn sent(game: &GameRow) -> Vec<i64> {
    game.reminders_sent
        .split(',')
        .filter_map(|h| h.trim().parse().ok())
        .collect()
}

impl Master {
    /// Reminds players with no turn, at the hours before the deadline their game asks for.
    pub async fn send_reminders(&self) -> Result<usize> {
        let now = now();
        let mut count = 0;
        for id in self.store.games_due_within(now, 168 * 3600).await? {
            match self.remind_game(id, now).await {
                Ok(sent) => count += sent,
                Err(e) => crate::master::go_on_after(id, "reminders", Err(e)),
            }
        }
        Ok(count)
    }

    /// The reminders due in one game: how many were sent.
    async fn remind_game(&self, id: i64, now: i64) -> Result<usize> {
        let mut count = 0;
        // Look first without the write lock: most games have nothing due.
        match self.store.game(&self.store.pool, id).await? {
            Some(game) if !due(&game, now).is_empty() => {}
            _ => return Ok(0),
        }
        let mut tx = self.store.write().await?;
        let Some(game) = self.store.game_for_update(&mut tx, id).await? else {
            return Ok(0);
        };
        let due = due(&game, now);
        if due.is_empty() {
            return Ok(0);
        }
        let left = game.deadline.unwrap_or(now) - now;
        let state = states::parse(&game)?;
        let turns = self.store.turns(&mut *tx, id, game.round).await?;
        for p in self.store.players(&mut *tx, id).await? {
            if !p.mailed()
                || p.away_until.is_some_and(|r| r >= game.round)
                || state.done[p.seat as usize]
                || turns.iter().any(|t| t.seat == p.seat)
            {
                continue;
            }
            let letter = crate::games::polysleuth::letters::reminder(&game, &p, left)
                .to_player(&self.site, &p, &game);
            self.send(&mut tx, Some(id), &p.email, &letter, now).await?;
            count += 1;
        }
        let marks: Vec<String> = sent(&game)
            .iter()
            .chain(due.iter())
            .map(|h| h.to_string())
            .collect();
        self.store
            .set_reminders_sent(&mut tx, id, &marks.join(","))
            .await?;
        tx.commit().await?;
        Ok(count)
    }
}
