//! Who hears what after a classic move (RULES-SLEUTH.md §4): every player the public result,
//! at once or in their daily digest; the asker alone the cards shown to them; the player whose
//! turn begins a "your turn" letter with their Search cards and what each allows; everyone
//! the end; the game master when a player is skipped and when the game ends.

use crate::games::sleuth::letters::{cards_allowing, deadline, shown_lines, News};
use crate::games::sleuth::rules::{Event, Sleuth};
use crate::master::{Master, Result};
use crate::store::{GameRow, PlayerRow, Tx};

impl Master {
    /// Queues every letter a move causes; `since` is where the log and the reveals stood, and
    /// `all_skipped` whether every player who could take a turn was skipped already.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn classic_tell(
        &self,
        tx: &mut Tx,
        row: &GameRow,
        state: &Sleuth,
        players: &[PlayerRow],
        since: (usize, usize),
        all_skipped: bool,
        actor: Option<usize>,
        now: i64,
    ) -> Result<()> {
        let events = &state.log[since.0..];
        let reveals = &state.reveals[since.1..];
        if events.is_empty() {
            return Ok(());
        }
        let ended = events.iter().any(|e| matches!(e, Event::Ended { .. }));
        for p in players.iter().filter(|p| p.mailed()) {
            let seat = p.seat as usize;
            let t = p.lang(row);
            let zone = p.zone(row);
            let lines: Vec<String> = (events.iter().enumerate())
                .map(|(k, e)| t.classic_event(state, e, since.0 + k))
                .collect();
            let mine: Vec<_> = reveals
                .iter()
                .filter(|r| r.asker == seat)
                .cloned()
                .collect();
            let shown = shown_lines(t, state, &mine);
            let turn_begins = state.current == Some(seat)
                && events
                    .iter()
                    .any(|e| matches!(e, Event::TurnBegan { seat: s, .. } if *s == seat));
            let must_accuse = state.current == Some(seat) && state.final_asked;
            let when = deadline(t, row.turn_deadline, zone);
            let mut news = News {
                lines,
                shown,
                ..News::default()
            };
            let id = row.id;
            if ended {
                news.subject = t.t1("classic-subject-end", "id", id);
                let missing: Vec<String> = state
                    .deal
                    .missing
                    .iter()
                    .map(|c| crate::lang::card_line(t, c))
                    .collect();
                news.paragraphs.push(t.t2(
                    "classic-mail-end",
                    "missing",
                    missing.join(", "),
                    "salt",
                    state.salt.as_str(),
                ));
                // The whole deal, as the final bulletin shows it (RULES-SLEUTH.md §3).
                let mut deal: Vec<String> = state
                    .players
                    .iter()
                    .zip(&state.deal.hands)
                    .map(|(name, hand)| {
                        let cards: Vec<String> =
                            hand.iter().map(|c| crate::lang::card_line(t, c)).collect();
                        t.t2(
                            "classic-mail-end-hand",
                            "player",
                            name.as_str(),
                            "cards",
                            cards.join(", "),
                        )
                    })
                    .collect();
                let table: Vec<String> = (state.deal.table.iter())
                    .map(|c| crate::lang::card_line(t, c))
                    .collect();
                if !table.is_empty() {
                    deal.push(t.t1("classic-mail-end-table", "cards", table.join(", ")));
                }
                news.paragraphs.push(deal.join("\n"));
                let waiting = self.store.take_digest(tx, p.id).await?;
                news.lines.splice(0..0, waiting);
            } else if turn_begins {
                news.subject = t.t2("classic-subject-turn", "id", id, "turn", state.turn);
                news.paragraphs.push(t.t2(
                    "classic-mail-your-turn",
                    "turn",
                    state.turn,
                    "deadline",
                    when,
                ));
                news.cards = cards_allowing(t, state, seat);
            } else if must_accuse && actor == Some(seat) {
                news.subject = t.t2("classic-subject-news", "id", id, "turn", state.turn);
                news.paragraphs
                    .push(t.t1("classic-mail-must-accuse", "deadline", when));
            } else if p.digest && news.shown.is_empty() && actor != Some(seat) {
                for line in &news.lines {
                    self.store.queue_digest(tx, p.id, id, line, now).await?;
                }
                continue;
            } else {
                news.subject = t.t2("classic-subject-news", "id", id, "turn", state.turn);
                news.paragraphs.push(t.t("classic-mail-happened"));
            }
            let letter = news
                .letter(&self.site, row, &p.name, t)
                .to_player(&self.site, p, row);
            self.send(tx, Some(id), &p.email, &letter, now).await?;
        }
        self.classic_tell_gm(tx, row, state, since.0, all_skipped, now)
            .await
    }

    /// The game master hears of skipped players and of the end.
    async fn classic_tell_gm(
        &self,
        tx: &mut Tx,
        row: &GameRow,
        state: &Sleuth,
        since: usize,
        all_skipped_before: bool,
        now: i64,
    ) -> Result<()> {
        let t = row.language;
        // Every seat that could take a turn is skipped now, and this change made it so: the
        // last one skipped, or the last active player gone out, won, or marked out. Turns go
        // on among the skipped, and the game master is told so once (RULES-SLEUTH §3): with
        // the last skip's letter, or on its own.
        let news = &state.log[since.min(state.log.len())..];
        let all_skipped_now =
            state.turns_among_skipped && state.all_skipped() && !state.over && !all_skipped_before;
        let last_skip = news
            .iter()
            .rposition(|e| matches!(e, Event::Skipped { .. }))
            .map(|i| since + i);
        if all_skipped_now && last_skip.is_none() {
            let news = News {
                subject: t.t1("classic-subject-all-skipped", "id", row.id),
                paragraphs: vec![t.t("classic-mail-all-skipped")],
                ..News::default()
            };
            let letter = news.letter(&self.site, row, &t.t("classic-gm-name"), t);
            self.send(tx, Some(row.id), &row.gm_email, &letter, now)
                .await?;
        }
        for (at, e) in state.log.iter().enumerate().skip(since) {
            let (subject, paragraph) = match e {
                Event::Skipped { seat, .. } => {
                    let name = state.players[*seat].as_str();
                    (
                        t.t2("classic-subject-skipped", "id", row.id, "name", name),
                        t.t2(
                            "classic-mail-skipped",
                            "player",
                            name,
                            "turns",
                            state.settings.idle_turns,
                        ),
                    )
                }
                Event::Ended { .. } => (
                    t.t1("classic-subject-end", "id", row.id),
                    t.classic_event(state, e, at),
                ),
                _ => continue,
            };
            let mut paragraphs = vec![paragraph];
            // The last seat skipped: turns go on among the skipped, and the game master is
            // told so once.
            if all_skipped_now && last_skip == Some(at) {
                paragraphs.push(t.t("classic-mail-all-skipped"));
            }
            let news = News {
                subject,
                paragraphs,
                ..News::default()
            };
            let letter = news.letter(&self.site, row, &t.t("classic-gm-name"), t);
            self.send(tx, Some(row.id), &row.gm_email, &letter, now)
                .await?;
        }
        Ok(())
    }
}
