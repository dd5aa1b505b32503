//! A Clue player's message, from their page, the API or their mail: carried out line by line
//! until a line is refused (what was done stays), and answered with what it did and, when a
//! line was refused, which and why.

use crate::master::{Master, Result};
use crate::store::PlayerRow;

/// What a message did.
#[derive(Debug, PartialEq, Eq)]
pub struct Answer {
    /// What the lines carried out did, in the player's words.
    pub done: Vec<String>,
    /// The refused line and why (the lines after it were not carried out).
    pub refused: Option<(String, String)>,
}

impl Master {
    /// Carries out a player's message; one too long to be commands is refused whole, and
    /// nothing is read or kept.
    pub async fn clue_command(&self, player: &PlayerRow, text: &str) -> Result<Answer> {
        if let Some((first, why)) = crate::games::typography::too_long_refusal(text) {
            let t = self.language_of(player).await?;
            return Ok(Answer {
                done: Vec::new(),
                refused: Some((first, why.words(t))),
            });
        }
        // Past the deadline, the turn of the seat whose clock ran out (the player on turn, or
        // the refuter asked to choose) passes first, as the clock would have passed it; the
        // message is read after, as any message is: its turn lines refused, since that turn is
        // over, but heard (RULES-CLUE: any message read as commands, accepted or refused,
        // lifts an idleness skip and resets the count).
        let overdue = self.overdue_turn(player.game_id).await?;
        let seat = player.seat as usize;
        let whose_clock =
            |s: &crate::games::clue::stored::Stored| match (s.game.phase, &s.game.asked) {
                (crate::games::clue::game::Phase::Showing, Some((refuter, _))) => *refuter == seat,
                _ => s.current() == Some(seat),
            };
        // The turn whose clock ran out passes first whoever writes: the next seat's turn (or
        // the suggester's, after a refuter's time) has begun, even before the clock's pass.
        if let Some(row) = &overdue {
            self.clue_pass_due(row.id, row.round as u32).await?;
        }
        let late = overdue.filter(|row| super::parse(row).is_ok_and(|s| whose_clock(&s)));
        self.clue_change(player.game_id, |state, row, _| {
            let t = player.lang(row);
            // A message with no line to read (empty, quotes, a signature) is no command: it is
            // refused, not answered as carried out, and changes nothing.
            if crate::games::typography::meaningful_lines(text)
                .next()
                .is_none()
            {
                return Ok(Answer {
                    done: Vec::new(),
                    refused: Some((
                        String::new(),
                        t.said(&crate::said!("error-clue-no-command")),
                    )),
                });
            }
            let past = || t.said(&crate::said!("error-turn-past-deadline"));
            // Should the clock come back to them at once (everyone else out or skipped), the
            // lines meant for the turn that ran out are not played in the next one.
            if late.is_some() && whose_clock(state) {
                // Heard all the same: the idleness count starts again (RULES-CLUE §7).
                state.hear_late(seat, text);
                let first = crate::games::typography::first_line(text);
                return Ok(Answer {
                    done: Vec::new(),
                    refused: Some((first, past())),
                });
            }
            let acted = state.act(seat, text);
            let done = (acted.events.iter())
                .map(|e| t.clue_event(state, e, Some(seat)))
                .collect();
            // A line refused for being out of turn was meant for the turn that ran out: the
            // player is told so; any other refusal (a show order naming a card not held, say)
            // keeps its own reason.
            use crate::games::clue::game::Refusal;
            use crate::games::clue::why::Why;
            let refused = acted.refused.map(|(line, why)| match (&late, why) {
                (Some(_), Why::Refused(Refusal::NotYourTurn | Refusal::NothingToShow)) => {
                    (line, past())
                }
                (_, why) => (line, t.clue_why(&why)),
            });
            Ok(Answer { done, refused })
        })
        .await
    }

    /// The player sent commands that are not turn lines (`status`, `help`, …): they lift an
    /// idleness skip as any command does (RULES: "any message … read as commands").
    pub async fn clue_heard_from(&self, player: &PlayerRow, text: &str) -> Result<bool> {
        let seat = player.seat as usize;
        (self.clue_change(player.game_id, |state, _, _| {
            Ok(state.heard_from(seat, text))
        }))
        .await
    }
}
