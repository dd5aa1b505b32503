//! Who hears what after a Sherlock change that ends a turn: the player whose turn it now is,
//! the turn's four cards with the table and what the last turn did; the other detective's
//! player, of two, what their partner's turn did and whose turn it is; everyone, the end; the
//! game master, the end. Within a turn, the player reads the answer to what they sent.

use crate::games::sherlock::game::Event;
use crate::games::sherlock::stored::Stored;
use crate::master::{Master, Result};
use crate::store::{GameRow, PlayerRow, Tx};

impl Master {
    /// Queues every letter of the log's entries after `since`; `turn` is the turn the change
    /// began in.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn sherlock_tell(
        &self,
        tx: &mut Tx,
        row: &GameRow,
        state: &Stored,
        players: &[PlayerRow],
        since: usize,
        turn: u32,
        now: i64,
    ) -> Result<()> {
        let new_turn = state.game.turn != turn;
        if !(new_turn || state.over()) {
            // Within a turn, the one who plays reads the answer to what they sent.
            return Ok(());
        }
        let since = since.min(state.log.len());
        for p in players.iter().filter(|p| p.mailed()) {
            let seat = p.seat as usize;
            let letter = crate::games::sherlock::letters::news(
                &self.site,
                row,
                state,
                seat,
                since,
                p.lang(row),
                p.zone(row),
            )
            .to_player(&self.site, p, row);
            self.send(tx, Some(row.id), &p.email, &letter, now).await?;
        }
        let ended = (state.log[since..].iter())
            .flat_map(|l| l.events.iter())
            .any(|e| matches!(e, Event::Over { .. }));
        // A daily case's game master is its player, who has heard.
        if ended && state.daily.is_none() {
            let t = row.language;
            let letter = crate::mail::Letter {
                subject: t.t1("sherlock-subject-over", "id", row.id),
                body: crate::games::sherlock::letters::end_lines(t, state).join("\n") + "\n",
                reply_to: None,
            };
            self.send(tx, Some(row.id), &row.gm_email, &letter, now)
                .await?;
        }
        Ok(())
    }
}
