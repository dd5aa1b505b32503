//! Who hears what after a Clue change (the rules' "who may see what"): every player the log's
//! new lines as they may see them — the card shown named to the suggester and the refuter
//! alone — with whose turn it is now; the game master, the end.

use crate::master::{Master, Result};
use crate::store::{GameRow, PlayerRow, Tx};

use super::Stored;

impl Master {
    /// Queues every letter of the log's lines after `since`.
    pub(super) async fn clue_tell(
        &self,
        tx: &mut Tx,
        row: &GameRow,
        state: &Stored,
        players: &[PlayerRow],
        since: usize,
        now: i64,
    ) -> Result<()> {
        if state.log.len() == since {
            return Ok(());
        }
        for p in players.iter().filter(|p| p.mailed()) {
            let letter = crate::games::clue::letters::news(
                &self.site,
                row,
                state,
                p.seat as usize,
                since,
                p.lang(row),
                p.zone(row),
            )
            .to_player(&self.site, p, row);
            self.send(tx, Some(row.id), &p.email, &letter, now).await?;
        }
        let ended = (state.log[since..].iter())
            .flat_map(|l| l.events.iter())
            .any(|e| matches!(e, crate::games::clue::game::Event::Over { .. }));
        if ended {
            let t = row.language;
            let happened: Vec<String> = (state.log[since..].iter())
                .flat_map(|l| l.events.iter())
                .map(|e| t.clue_event(state, e, None))
                .collect();
            let mut body = vec![happened.join("\n")];
            body.extend(crate::games::clue::letters::final_bulletin(
                &self.site, row, state, t,
            ));
            let letter = crate::mail::Letter {
                subject: t.t1("clue-subject-over", "id", row.id),
                body: body.join("\n\n") + "\n",
                reply_to: None,
            };
            self.send(tx, Some(row.id), &row.gm_email, &letter, now)
                .await?;
        }
        Ok(())
    }

    /// Tells the game master that every player still in is skipped, when no one was skipped
    /// just now (the last active player went out): turns go on among them.
    pub(super) async fn clue_tell_all_skipped(
        &self,
        tx: &mut Tx,
        row: &GameRow,
        now: i64,
    ) -> Result<()> {
        let t = row.language;
        let letter = crate::mail::Letter {
            subject: t.t1("clue-subject-all-skipped", "id", row.id),
            body: t.t("clue-mail-all-skipped") + "\n",
            reply_to: None,
        };
        self.send(tx, Some(row.id), &row.gm_email, &letter, now)
            .await
    }

    /// Tells the game master that a player is skipped for idleness (they may replace them).
    pub(super) async fn clue_tell_skipped(
        &self,
        game_id: i64,
        name: &str,
        everyone: bool,
    ) -> Result<()> {
        let row = self.public_game(game_id).await?;
        let t = row.language;
        let mut body = t.t1("clue-mail-skipped", "name", name) + "\n";
        if everyone {
            body += &(t.t("clue-mail-all-skipped") + "\n");
        }
        let letter = crate::mail::Letter {
            subject: t.t2("clue-subject-skipped", "id", game_id, "name", name),
            body,
            reply_to: None,
        };
        self.send_loose(&row.gm_email, letter, Some(game_id)).await
    }
}
