//! The turn planner: checks a batch of turn submissions in order against their games and the
//! turns in force, and says what each one answers and what to write to store them all. Pure:
//! it reads nothing and writes nothing, so the group-commit writer runs it between one read
//! and one write, and any path that stores turns plans them the same way.

use crate::said;
use std::collections::{HashMap, HashSet};

use super::states::States;
use crate::error::{MasterError, Result};
use crate::games::polysleuth::service::model::TurnReply;
use crate::mail::Letter;
use crate::model::Via;
use crate::rounds::{early_close, PlannedTurns, Reply, Submission};
use crate::site::Site;
use crate::store::{GameRow, GameStatus, NewMail, PlayerRow, TurnRow, Writes};

/// What the planner needs besides the submissions: where links point, the parsed states, and
/// how long a web confirmation waits for more changes.
#[derive(Clone)]
pub struct Planner {
    pub site: Site,
    pub states: States,
    pub web_confirm_after: i64,
}

/// What a batch of submissions decided: each one's answer, and the rows that store them.
pub struct TurnPlan {
    pub replies: Vec<Result<TurnReply>>,
    /// Inbound messages whose turns these are.
    inbound: Vec<i64>,
    /// (game id, round, turn) of every turn changed.
    turns: Vec<(i64, i64, TurnRow)>,
    close_at: Vec<(i64, Option<i64>)>,
    /// Answers to mailed turns, due now: (game id, recipient, letter).
    letters: Vec<(i64, String, Letter)>,
    /// Web confirmations, merged by their key: (game id, recipient, letter, key).
    summaries: Vec<(i64, String, Letter, String)>,
    now: i64,
    due: i64,
}

impl PlannedTurns for TurnPlan {
    /// The statements that store the plan, in a few multi-row writes whatever its size.
    fn writes(&self) -> Writes<'_> {
        let mut writes = Writes::default();
        let turns: Vec<(i64, i64, &TurnRow)> =
            self.turns.iter().map(|(g, r, t)| (*g, *r, t)).collect();
        writes.put_turns(&turns);
        writes.mark_inbound_handled(&self.inbound);
        for (id, at) in &self.close_at {
            writes.set_close_at(*id, *at);
        }
        let mails: Vec<NewMail> = self
            .letters
            .iter()
            .map(|(game_id, to, letter)| letter.row(Some(*game_id), to))
            .collect();
        writes.enqueue_mails(&mails, self.now);
        let summaries: Vec<(NewMail, &str)> = self
            .summaries
            .iter()
            .map(|(game_id, to, letter, key)| (letter.row(Some(*game_id), to), key.as_str()))
            .collect();
        writes.enqueue_summaries(&summaries, self.now, self.due);
        writes
    }

    fn replies(self: Box<Self>) -> Vec<Result<Reply>> {
        self.replies
            .into_iter()
            .map(|r| r.map(|reply| Box::new(reply) as Reply))
            .collect()
    }
}

/// The outbox key under which a player's unsent web confirmation is replaced by the next.
fn summary_key(game_id: i64, seat: i64) -> String {
    format!("turn {game_id} {seat}")
}

impl Planner {
    /// Checks a batch's submissions in order against their games (`rows`) and the turns in
    /// force (`open`, by game id): each one's answer, and what to write to store them all.
    pub fn plan(
        &self,
        rows: Vec<GameRow>,
        open: Vec<(i64, TurnRow)>,
        submissions: &[Submission<'_>],
        now: i64,
    ) -> Result<TurnPlan> {
        // A game whose state cannot be read (damaged, or not a Polysleuth game: a turn sent
        // with another game's link) refuses its own submissions, never the batch's others.
        let mut games = HashMap::new();
        let mut unreadable = HashMap::new();
        for row in rows {
            match self.states.of(&row) {
                Ok(state) => {
                    games.insert(row.id, (state, row));
                }
                Err(_) => {
                    unreadable.insert(row.id, row);
                }
            }
        }
        let mut turns: HashMap<(i64, i64), TurnRow> = open
            .into_iter()
            .map(|(game_id, t)| ((game_id, t.seat), t))
            .collect();
        // The turns to write; a player's later revision in the batch overwrites the earlier.
        let mut changed: HashSet<(i64, i64)> = HashSet::new();
        let mut letters: Vec<(i64, String, Letter)> = Vec::new();
        // Web confirmations by (game, seat): the last change in the batch is the one mailed.
        let mut summaries: HashMap<(i64, i64), (&PlayerRow, TurnReply)> = HashMap::new();
        let mut replies = Vec::with_capacity(submissions.len());
        let mut inbound_ids = Vec::new();
        for s in submissions {
            if let Some(row) = unreadable.get(&s.player.game_id) {
                replies.push(Err(match self.states.of(row) {
                    Err(e) => e,
                    Ok(_) => MasterError::Corrupt(format!("game {}: read apart", row.id)),
                }));
                continue;
            }
            let Some((state, game)) = games.get(&s.player.game_id) else {
                replies.push(Err(MasterError::NotFound(said!(
                    "error-game-no-longer-exists"
                ))));
                continue;
            };
            if game.status == GameStatus::Over {
                replies.push(Err(MasterError::Conflict(said!("error-game-over-no-more"))));
                continue;
            }
            if s.round.is_some_and(|r| r != game.round) {
                replies.push(Err(MasterError::Conflict(said!(
                    "error-round-already-resolved",
                    round = s.round.unwrap_or_default(),
                    game = game.id
                ))));
                continue;
            }
            // A round is open until its deadline (RULES.md §3): a turn that comes later (the
            // service was down, or the round waits for the next tick to close) is refused.
            // The service's own turns are owed to the round before it closes: a computer
            // player's, and an away player's empty one (while away, a player never goes idle).
            let owed = s.via == Via::Computer
                && (s.player.computer.is_some()
                    || s.player.away_until.is_some_and(|r| r >= game.round));
            if game.past_deadline(now) && !owed {
                replies.push(Err(MasterError::Conflict(said!(
                    "error-round-past-deadline",
                    round = game.round
                ))));
                continue;
            }
            let key = (game.id, s.player.seat);
            // Typography (a phone's apostrophe, a no-break space) is read as plain text.
            let text = crate::games::polysleuth::rules::typography::normalise(s.text);
            // Too large a turn is refused before it is read; an answer names at most 50
            // problems. Either way the turn in force stays.
            let checked = crate::games::polysleuth::rules::turn::check_size(&text)
                .map_err(|e| vec![e])
                .and_then(|()| state.validate(s.player.seat as usize, &text));
            let reply = match checked {
                Ok(turn) => {
                    // Blank lines before the first line carry nothing (a mail's signon line, say).
                    let stored = text
                        .lines()
                        .skip_while(|l| l.trim().is_empty())
                        .collect::<Vec<_>>()
                        .join("\n")
                        .trim_end()
                        .to_string();
                    let revision = turns.get(&key).map_or(0, |t| t.revision) + 1;
                    changed.insert(key);
                    turns.insert(
                        key,
                        TurnRow {
                            seat: s.player.seat,
                            text: stored.clone(),
                            ready: turn.ready as i64,
                            revision,
                            updated_at: now,
                        },
                    );
                    TurnReply::Accepted {
                        round: game.round,
                        text: stored,
                        ready: turn.ready,
                        done: turn.done,
                        revision,
                    }
                }
                Err(errors) => TurnReply::Rejected {
                    round: game.round,
                    errors: crate::games::polysleuth::rules::turn::listed(errors),
                    kept: turns.get(&key).map(|t| t.text.clone()),
                },
            };
            match (s.via, &reply) {
                (Via::Web, TurnReply::Rejected { .. } | TurnReply::Cleared { .. }) => {}
                (Via::Web, TurnReply::Accepted { .. }) => {
                    summaries.insert(key, (s.player, reply.clone()));
                }
                // A computer player reads no mail.
                (Via::Computer, _) => {}
                (Via::Mail { ignored, inbound }, _) => {
                    inbound_ids.extend(inbound);
                    let letter = crate::games::polysleuth::letters::turn_reply(
                        game, s.player, &reply, ignored,
                    )
                    .to_player(&self.site, s.player, game);
                    letters.push((game.id, s.player.email.clone(), letter));
                }
            }
            replies.push(Ok(reply));
        }
        let mut changed: Vec<(i64, i64)> = changed.into_iter().collect();
        changed.sort_unstable();
        let mut touched: Vec<i64> = changed.iter().map(|k| k.0).collect();
        touched.dedup();
        let mut close_at = Vec::new();
        for id in touched {
            let (state, game) = &games[&id];
            let all_ready = state.active_seats().next().is_some()
                && state
                    .active_seats()
                    .all(|seat| turns.get(&(id, seat as i64)).is_some_and(|t| t.ready == 1));
            let at = early_close(game, all_ready, now);
            if at != game.close_at {
                close_at.push((id, at));
            }
        }
        // The changed turns move into the plan: nothing reads the map after this.
        let turns = changed
            .iter()
            .map(|key| {
                let turn = turns.remove(key).expect("a changed turn is in the map");
                (key.0, games[&key.0].1.round, turn)
            })
            .collect();
        let mut summaries: Vec<((i64, i64), (String, Letter))> = summaries
            .into_iter()
            .map(|(key, (player, reply))| {
                let letter = crate::games::polysleuth::letters::turn_reply(
                    &games[&key.0].1,
                    player,
                    &reply,
                    0,
                )
                .to_player(&self.site, player, &games[&key.0].1);
                (key, (player.email.clone(), letter))
            })
            .collect();
        summaries.sort_unstable_by_key(|(key, _)| *key);
        Ok(TurnPlan {
            replies,
            inbound: inbound_ids,
            turns,
            close_at,
            letters,
            summaries: summaries
                .into_iter()
                .map(|((game_id, seat), (to, letter))| {
                    (game_id, to, letter, summary_key(game_id, seat))
                })
                .collect(),
            now,
            due: now + self.web_confirm_after,
        })
    }
}
