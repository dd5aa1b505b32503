//! A classic player's own commands, from the web or by mail: a turn's command or an
//! accusation (checked whole by the engine; a refused one changes nothing), `status`, and the
//! daily digest switched on or off.

use crate::clock::now;
use crate::games::sleuth::letters::{cards_allowing, shown_lines, News};
use crate::lang::card_line;
use crate::mail::Letter;
use crate::master::{Master, MasterError, Result};
use crate::store::PlayerRow;

/// What a command did.
#[derive(Debug, PartialEq, Eq)]
pub enum Answer {
    /// Carried out: what it did, in the player's words (each public result of the command,
    /// then what was shown to them).
    Done(Vec<String>),
    /// Every refused line, quoted with what was wrong.
    Refused(Vec<String>),
}

impl Master {
    /// A player's command: carried out, or refused line by line with nothing changed.
    pub async fn classic_command(&self, player: &PlayerRow, text: &str) -> Result<Answer> {
        // Too long to be commands: refused whole, unread (an accepted message is kept whole).
        if let Some(why) = crate::games::typography::too_long(text) {
            let t = self.language_of(player).await?;
            return Ok(Answer::Refused(vec![why.words(t)]));
        }
        // Past the deadline, the turn of the player on turn passes first, as the clock would
        // have passed it; the message is read after, as any message is: its turn's action
        // refused, since that turn is over, but heard (RULES-SLEUTH §2: a player skipped for
        // idleness is back after any command). An accusation stays anyone's to make at any
        // time (§3), theirs too, unless a final question tied it to the turn that ran out.
        let overdue = self.overdue_turn(player.game_id).await?;
        use crate::games::sleuth::rules::command::{read, Command};
        // Read only for the overdue seat: every other command is read once, when carried out.
        let accusing = || {
            read(text).is_ok_and(|lines| {
                !lines.is_empty() && (lines.iter()).all(|l| matches!(l.command, Command::Accuse(_)))
            })
        };
        let seat = player.seat as usize;
        // The turn that ran out passes first whoever writes: the next player's turn has begun
        // (§2), even before the clock's pass. Only its own player's accusation, with no final
        // question tying it to that turn, is made before the pass.
        // Whether the turn that ran out was the sender's, and tied by a final question: read
        // once, from the game as it stood.
        let ran_out = (overdue.as_ref())
            .and_then(|row| super::parse(row).ok())
            .map(|s| (s.current == Some(seat), s.final_asked));
        let keeps_turn = ran_out == Some((true, false)) && accusing();
        let pass_first = overdue.filter(|_| !keeps_turn);
        if let Some(row) = &pass_first {
            self.classic_pass_due(row.id, row.round as u32).await?;
        }
        // The sender's own turn ran out: its action is refused as too late, not played in the
        // next turn.
        let late = pass_first.filter(|_| ran_out.is_some_and(|(own, _)| own));
        let done = self
            .classic_change(player.game_id, Some(seat), |state, row, _| {
                let t = player.lang(row);
                let past = || t.said(&crate::said!("error-turn-past-deadline"));
                // Should the turn come back to them at once (everyone else out or skipped),
                // the action meant for the turn that ran out is not played in the next one.
                // It is heard all the same: a skip the pass earned is lifted.
                if late.is_some() && state.current == Some(seat) {
                    return match state.hear_late(seat, text) {
                        true => Ok(Err(vec![past()])),
                        false => Err(MasterError::Invalid(vec![crate::lang::Said::text(past())])),
                    };
                }
                let since = state.log.len();
                let moved = match state.act(seat, text) {
                    Ok(moved) => moved,
                    Err(errors) => {
                        // A line refused for being out of turn was meant for the turn that ran
                        // out: the player is told so, once; any other refusal keeps its reason.
                        use crate::games::sleuth::rules::Refusal;
                        let mut refused: Vec<String> = Vec::new();
                        for e in &errors {
                            let why = match (&late, &e.problem) {
                                (Some(_), Refusal::NotYourTurn(_)) => past(),
                                _ => t.classic_rejected(e),
                            };
                            if !refused.contains(&why) {
                                refused.push(why);
                            }
                        }
                        // Refused, it still lifts a skip: that change is kept; otherwise
                        // nothing is written.
                        return match state.heard_from(seat, text) {
                            true => Ok(Err(refused)),
                            false => Err(MasterError::Invalid(
                                refused.into_iter().map(crate::lang::Said::text).collect(),
                            )),
                        };
                    }
                };
                let mut lines: Vec<String> = (since..state.log.len())
                    .filter(|k| {
                        !matches!(
                            state.log[*k],
                            crate::games::sleuth::rules::Event::TurnBegan { .. }
                        )
                    })
                    .map(|k| t.classic_event(state, &state.log[k], k))
                    .collect();
                let mine: Vec<_> = moved
                    .reveals
                    .into_iter()
                    .filter(|r| r.asker == seat)
                    .collect();
                lines.extend(crate::games::sleuth::letters::shown_lines(t, state, &mine));
                Ok(Ok(lines))
            })
            .await;
        match done {
            Ok(Ok(lines)) => Ok(Answer::Done(lines)),
            Ok(Err(refused)) => Ok(Answer::Refused(refused)),
            Err(MasterError::Invalid(lines)) => Ok(Answer::Refused(
                lines.iter().map(|l| l.to_string()).collect(),
            )),
            Err(e) => Err(e),
        }
    }

    /// The player sent commands that are not the game's (`status`, `help`, a language, …):
    /// they lift a skip for idleness as any command does. True when one was lifted.
    pub async fn classic_heard_from(&self, player: &PlayerRow, text: &str) -> Result<bool> {
        let seat = player.seat as usize;
        // Most players are not skipped: their game is not written for it.
        let (_, state) = self.classic_game(player.game_id).await?;
        if !state.seats.get(seat).is_some_and(|s| s.skipped) {
            return Ok(false);
        }
        let lifted = self.classic_change(player.game_id, Some(seat), |state, _, _| {
            Ok(state.heard_from(seat, text))
        });
        lifted.await
    }

    /// The letter that answers a refused command by mail.
    pub async fn classic_refusal(&self, player: &PlayerRow, lines: Vec<String>) -> Result<()> {
        let row = self.public_game(player.game_id).await?;
        let t = player.lang(&row);
        let news = News {
            subject: t.t1("classic-subject-refused", "id", row.id),
            paragraphs: vec![t.t("classic-mail-refused")],
            lines,
            ..News::default()
        };
        let letter = news
            .letter(&self.site, &row, &player.name, t)
            .to_player(&self.site, player, &row);
        self.send_loose(&player.email, letter, Some(row.id)).await
    }

    /// Daily digest on or off; the player is told by mail.
    pub async fn classic_digest(&self, player: &PlayerRow, on: bool) -> Result<()> {
        let row = self.public_game(player.game_id).await?;
        let t = player.lang(&row);
        let mut tx = self.store.write().await?;
        self.store.set_digest(&mut tx, player.id, on).await?;
        let news = News {
            subject: t.t2(
                "classic-subject-digest-set",
                "id",
                row.id,
                "on",
                if on { "yes" } else { "no" },
            ),
            paragraphs: vec![t.t(if on {
                "classic-mail-digest-on"
            } else {
                "classic-mail-digest-off"
            })],
            ..News::default()
        };
        let letter = news
            .letter(&self.site, &row, &player.name, t)
            .to_player(&self.site, player, &row);
        if player.mailed() {
            self.send(&mut tx, Some(row.id), &player.email, &letter, now())
                .await?;
        }
        tx.commit().await?;
        self.forget_players(|p| p.id != player.id);
        Ok(())
    }

    /// How to play by mail, to the player's registered address.
    pub async fn classic_help(&self, player: &PlayerRow) -> Result<()> {
        let row = self.public_game(player.game_id).await?;
        let t = player.lang(&row);
        let news = News {
            subject: t.t("subject-help"),
            paragraphs: vec![t.t("classic-mail-help")],
            cards: match super::parse(&row) {
                Ok(state) => cards_allowing(t, &state, player.seat as usize),
                Err(_) => Vec::new(),
            },
            ..News::default()
        };
        let letter = news
            .letter(&self.site, &row, &player.name, t)
            .to_player(&self.site, player, &row);
        self.send_loose(&player.email, letter, Some(row.id)).await
    }

    /// A player's status by mail: their hand, what they were shown, their Search cards and
    /// whose turn it is; to their registered address only.
    pub async fn classic_status(&self, player: &PlayerRow) -> Result<()> {
        let (row, state) = self.classic_game(player.game_id).await?;
        let seat = player.seat as usize;
        let t = player.lang(&row);
        let hand: Vec<String> = state.deal.hands[seat]
            .iter()
            .map(|c| card_line(t, c))
            .collect();
        let mine: Vec<_> = state
            .reveals
            .iter()
            .filter(|r| r.asker == seat)
            .cloned()
            .collect();
        let whose = match state.current {
            Some(s) => state.players[s].clone(),
            None => t.t("classic-over"),
        };
        let news = News {
            subject: t.t2(
                "classic-subject-status",
                "id",
                row.id,
                "name",
                player.name.as_str(),
            ),
            paragraphs: vec![
                t.t1("classic-mail-hand", "cards", hand.join(", ")),
                t.t1("classic-mail-status", "turn", whose),
            ],
            shown: shown_lines(t, &state, &mine),
            cards: cards_allowing(t, &state, seat),
            ..News::default()
        };
        let letter: Letter = news
            .letter(&self.site, &row, &player.name, t)
            .to_player(&self.site, player, &row);
        self.send_loose(&player.email, letter, Some(row.id)).await
    }
}
