//! Resolving a round (RULES.md §4–§5): guesses scored and shared, questions auctioned and
//! answered, Private Eyes paid and earned, idle players marked done, and the game's end. Pure,
//! like the rest of `rules`: the state before and the accepted turns in, the state after and
//! what each side may see out.

use std::borrow::Cow;

use super::cards::{matching, Card, CardSet};
use super::deal::{below, stream};
use super::settings::QuestionPayment;
use super::view::{
    card_name, Answer, Bulletin, DoneNote, DoneReason, GuessResult, Name, PrivateGuess,
    PrivateReport, Published, Reveal, RoundOutcome, Standing,
};

use super::game::{Game, Guess, Question, Turn};

impl Game {
    /// Resolves the open round: `turns[seat]` is the accepted turn of each player (None: no
    /// turn); `gm_done` lists players the game master marked done during the round. Returns
    /// the game as the next round opens, and what happened, split into public and private.
    pub fn resolve(&self, turns: &[Option<Turn>], gm_done: &[usize]) -> (Game, RoundOutcome) {
        assert_eq!(turns.len(), self.players.len(), "one turn slot per player");
        assert!(!self.over, "a finished game has no round to resolve");
        let n = self.players.len();
        let mut next = self.clone();
        let owners = self.deal.owners();
        let mut private: Vec<PrivateReport> = (0..n)
            .map(|s| PrivateReport {
                player: self.name_of(s),
                ..PrivateReport::default()
            })
            .collect();

        // 1. Guesses, scored against the standings as the round opened.
        // Right guesses of each card this round (a seat counts once per right guess).
        let mut right_now = [0u32; Card::COUNT];
        let mut guess_results = Vec::with_capacity(
            turns
                .iter()
                .flatten()
                .map(|t| t.guesses.len())
                .sum::<usize>(),
        );
        for (seat, turn) in turns.iter().enumerate() {
            let Some(turn) = turn else { continue };
            private[seat].guesses.reserve(turn.guesses.len());
            for g in by_number(&turn.guesses).iter() {
                let correct = owners[g.card.index()] == g.place;
                next.guessed[seat].insert(g.card);
                if correct {
                    next.right[seat].insert(g.card);
                    right_now[g.card.index()] += 1;
                }
                guess_results.push(GuessResult {
                    player: self.name_of(seat),
                    number: g.number,
                    correct,
                });
                private[seat].guesses.push(PrivateGuess {
                    number: g.number,
                    card: card_name(g.card),
                    place: Name::from(self.owner_name(g.place)),
                    correct,
                });
            }
        }
        if right_now.iter().any(|g| *g > 0) {
            let mut share = [0u32; Card::COUNT];
            for card in Card::all() {
                let guessers = right_now[card.index()];
                if guessers > 0 {
                    let before = self.right.iter().filter(|r| r.contains(card)).count() as u32;
                    share[card.index()] = share_half_points(n as u32, before, guessers);
                }
            }
            // Each right guess earns its card's share (sums do not depend on the order).
            for (seat, turn) in turns.iter().enumerate() {
                let Some(turn) = turn else { continue };
                for g in &turn.guesses {
                    if owners[g.card.index()] == g.place {
                        next.half_points[seat] += share[g.card.index()];
                    }
                }
            }
        }

        // 2. Questions: one answer per target.
        // The coin's stream is only drawn (a hash) when a tie needs it; it is the same stream.
        let mut coin = None;
        let mut answers = Vec::new();
        let mut reveals = Vec::new();
        let questions = turns
            .iter()
            .enumerate()
            .filter_map(|(s, t)| t.as_ref().map(|t| (s, t)))
            .flat_map(|(s, t)| t.questions.iter().map(move |q| (s, q)));
        let mut asked: Vec<(usize, &Question)> = Vec::new();
        for target in 0..n {
            asked.clear();
            asked.extend(questions.clone().filter(|(_, q)| q.target == target));
            if asked.is_empty() {
                continue;
            }
            let weight = |q: &Question| {
                q.eyes as u64
                    + if q.traits.len() == 1 {
                        self.settings.one_trait_markup as u64
                    } else {
                        0
                    }
            };
            let top = asked.iter().map(|(_, q)| weight(q)).max().unwrap_or(0);
            asked.retain(|(_, q)| weight(q) == top);
            // The same asker's best question is their lowest-numbered one.
            asked.sort_by_key(|(s, q)| (*s, q.number));
            asked.dedup_by_key(|(s, _)| *s);
            let least = asked
                .iter()
                .map(|(s, _)| (self.eyes[*s], self.half_points[*s]))
                .min()
                .unwrap_or_default();
            asked.retain(|(s, _)| (self.eyes[*s], self.half_points[*s]) == least);
            let (asker, question) = if asked.len() == 1 {
                asked[0]
            } else {
                let coin = coin.get_or_insert_with(|| stream("coin", self.seed, self.round as u64));
                asked[below(coin, asked.len() as u64) as usize]
            };
            let cards = self.deal.hands[target].intersect(matching(&question.traits));
            let traits: Vec<Name> = (question.traits.iter())
                .map(|t| Name::const_new(t.name()))
                .collect();
            if question.traits.len() == 2 {
                let reveal = Reveal {
                    player: self.name_of(asker),
                    target: self.name_of(target),
                    traits: traits.clone(),
                    cards: cards.iter().map(card_name).collect(),
                };
                private[asker].reveals.push(reveal.clone());
                reveals.push(reveal);
            }
            answers.push(Answer {
                target: self.name_of(target),
                traits,
                count: cards.len() as u32,
                asker: self.name_of(asker),
                weight: top,
            });
            // 3. Payment, when only the answered asker pays (as the answers are given: the
            // auction reads the balances as the round opened).
            if self.settings.question_payment == QuestionPayment::Winner {
                next.eyes[asker] -= question.eyes;
            }
        }

        // 3. Payment, when every placed question costs its eyes.
        match self.settings.question_payment {
            QuestionPayment::Winner => {}
            QuestionPayment::All => {
                for (seat, turn) in turns.iter().enumerate() {
                    if let Some(turn) = turn {
                        next.eyes[seat] -= turn.questions.iter().map(|q| q.eyes).sum::<u32>();
                    }
                }
            }
        }

        // 4. Income, for every player.
        for eyes in next.eyes.iter_mut() {
            // Saturating: a balance never wraps, however long a game runs.
            *eyes = eyes.saturating_add(self.settings.income);
        }

        // Done players: by their own word, by the game master, or idle too long.
        let mut newly_done = Vec::new();
        for (seat, turn) in turns.iter().enumerate() {
            next.idle[seat] = if turn.is_some() {
                0
            } else {
                self.idle[seat] + 1
            };
            if self.done[seat] {
                continue;
            }
            let reason = if turn.as_ref().is_some_and(|t| t.done) {
                Some(DoneReason::Said)
            } else if gm_done.contains(&seat) {
                Some(DoneReason::GameMaster)
            } else if self
                .settings
                .idle_rounds
                .is_some_and(|k| next.idle[seat] >= k)
            {
                Some(DoneReason::Idle(next.idle[seat]))
            } else {
                None
            };
            if let Some(reason) = reason {
                next.done[seat] = true;
                newly_done.push(DoneNote {
                    player: self.name_of(seat),
                    reason,
                });
            }
        }

        // 5. Exhausted cards, then the end. A card is exhausted when every player but its
        // owner is done or has guessed it: every seat is done, or has guessed it, or owns it.
        let last_round = self.settings.max_rounds.is_some_and(|m| self.round >= m);
        let exhausted = if last_round {
            CardSet::ALL
        } else {
            // As `Deal::owners`: a card in two hands (a deal never checked) is the later one's.
            let hand = |s: usize| self.deal.hands.get(s).copied().unwrap_or_default();
            let mut later =
                (n..self.deal.hands.len()).fold(CardSet::EMPTY, |u, s| u.union(hand(s)));
            let mut left = CardSet::ALL;
            for s in (0..n).rev() {
                let owned = hand(s).minus(later);
                later = later.union(hand(s));
                if !next.done[s] {
                    left = left.intersect(next.guessed[s].union(owned));
                }
            }
            left
        };
        let published = exhausted.minus(next.published);
        next.published = next.published.union(published);
        next.over = next.published == CardSet::ALL;
        next.round += 1;

        let standings = (0..n)
            .map(|s| Standing {
                player: self.name_of(s),
                eyes: next.eyes[s],
                half_points: next.half_points[s],
            })
            .collect();
        for (seat, report) in private.iter_mut().enumerate() {
            report.eyes = next.eyes[seat];
            report.half_points = next.half_points[seat];
        }
        let bulletin = Bulletin {
            round: self.round,
            submitted: {
                let mut submitted = Vec::with_capacity(turns.iter().flatten().count());
                for s in (0..n).filter(|s| turns[*s].is_some()) {
                    submitted.push(self.name_of(s));
                }
                submitted
            },
            guesses: guess_results,
            answers,
            published: self.published_of(published),
            standings,
            newly_done,
            game_over: next.over,
            winners: if next.over {
                next.winners()
            } else {
                Vec::new()
            },
        };
        (
            next,
            RoundOutcome {
                bulletin,
                private,
                reveals,
            },
        )
    }

    /// Resolves the open round and then ends the game (the game master's "end now"): the
    /// accepted turns still count, then every card left is published.
    pub fn resolve_and_end(
        &self,
        turns: &[Option<Turn>],
        gm_done: &[usize],
    ) -> (Game, RoundOutcome) {
        let (mut next, mut outcome) = self.resolve(turns, gm_done);
        if !next.over {
            outcome.bulletin.published.extend(next.end_now());
            outcome
                .bulletin
                .published
                .sort_by_key(|p| Card::parse(&p.card).ok());
            outcome.bulletin.game_over = true;
            outcome.bulletin.winners = next.winners();
        }
        (next, outcome)
    }

    /// The players with the most Sleuth Points (ties shared); empty while the game goes on.
    pub fn winners(&self) -> Vec<Name> {
        if !self.over {
            return Vec::new();
        }
        let best = self.half_points.iter().copied().max().unwrap_or(0);
        (0..self.players.len())
            .filter(|s| self.half_points[*s] == best)
            .map(|s| self.name_of(s))
            .collect()
    }

    /// Ends the game now (the game master's decision): every card is published.
    pub fn end_now(&mut self) -> Vec<Published> {
        let rest = self.published_of(CardSet::ALL.minus(self.published));
        self.published = CardSet::ALL;
        self.over = true;
        rest
    }
}

/// A turn's guesses in order of their numbers, by a stable sort: borrowed when they are
/// written in that order already, as they mostly are.
fn by_number(guesses: &[Guess]) -> Cow<'_, [Guess]> {
    if guesses.is_sorted_by_key(|g| g.number) {
        Cow::Borrowed(guesses)
    } else {
        let mut sorted = guesses.to_vec();
        sorted.sort_by_key(|g| g.number);
        Cow::Owned(sorted)
    }
}

/// Each of `g` players guessing a card right this round, after `p` in earlier rounds, gets the
/// mean of N−p, N−p−1, …, N−p−g+1: in half-points, 2(N−p) − (g−1). Never below zero.
pub fn share_half_points(n: u32, p: u32, g: u32) -> u32 {
    (2 * n.saturating_sub(p)).saturating_sub(g - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::deck::{Colour, Gem, Trait};
    use crate::games::polysleuth::rules::Settings;

    #[test]
    fn seed_worked_numbers() {
        // Six players, first time, three guessers: (6+5+4)/3 = 5 each.
        assert_eq!(share_half_points(6, 0, 3), 10);
        // Seven players, two guessers: (7+6)/2 = 6½.
        assert_eq!(share_half_points(7, 0, 2), 13);
        // A later single guesser gets one point less than the one before.
        assert_eq!(share_half_points(6, 1, 1), 10);
        assert_eq!(share_half_points(6, 0, 1), 12);
        // Four players, one earlier, two now: (3+2)/2 = 2½.
        assert_eq!(share_half_points(4, 1, 2), 5);
    }

    fn game() -> Game {
        let names = ["Ann", "Ben", "Cleo"].map(String::from).to_vec();
        Game::new(names, Settings::default(), 3, None).unwrap()
    }

    fn card_of(g: &Game, seat: usize) -> Card {
        g.deal.hands[seat].iter().next().unwrap()
    }

    fn play(g: &Game, texts: &[Option<&str>]) -> (Game, RoundOutcome) {
        let turns: Vec<Option<Turn>> = texts
            .iter()
            .enumerate()
            .map(|(s, t)| t.map(|t| g.validate(s, t).unwrap()))
            .collect();
        g.resolve(&turns, &[])
    }

    #[test]
    fn ties_go_to_fewer_eyes_then_fewer_points_then_lower_number() {
        let mut g = game();
        g.eyes = vec![30, 20, 30];
        let (_, out) = play(
            &g,
            &[
                Some("1 (5): Cleo has how many Reds?"),
                Some("1 (7): Cleo has how many Red Diamond?"),
                None,
            ],
        );
        assert_eq!(
            out.bulletin.answers[0].asker, "Ben",
            "fewer eyes wins the tie"
        );
        assert_eq!(out.bulletin.answers[0].weight, 7);
        g.eyes = vec![30, 30, 30];
        g.half_points = vec![4, 2, 0];
        let (_, out) = play(
            &g,
            &[
                Some("1 (5): Cleo has how many Reds?"),
                Some("1 (5): Cleo has how many Blues?"),
                None,
            ],
        );
        assert_eq!(out.bulletin.answers[0].asker, "Ben", "fewer points wins");
        let (after, out) = play(
            &g,
            &[
                Some("2 (5): Cleo has how many Reds?\n1 (5): Cleo has how many Blues?"),
                None,
                None,
            ],
        );
        assert_eq!(
            out.bulletin.answers[0].traits,
            ["Blue"],
            "lower number wins"
        );
        assert_eq!(after.eyes[0], 30 - 5 + 12);
    }

    #[test]
    fn coin_flips_are_replayable() {
        let g = game();
        let texts = [
            Some("1 (5): Cleo has how many Reds?"),
            Some("1 (5): Cleo has how many Blues?"),
            None,
        ];
        let (_, a) = play(&g, &texts);
        for _ in 0..3 {
            assert_eq!(play(&g, &texts).1, a);
        }
        // Over many seeds both askers win sometimes.
        let mut winners = std::collections::HashSet::new();
        for seed in 0..40 {
            let mut g = g.clone();
            g.seed = seed;
            winners.insert(play(&g, &texts).1.bulletin.answers[0].asker.clone());
        }
        assert_eq!(winners.len(), 2);
    }

    #[test]
    fn payment_winner_or_all() {
        let mut g = game();
        let texts = [
            Some("1 (5): Cleo has how many Reds?\n2 (3): Ben has how many Ones?"),
            Some("1 (9): Cleo has how many Blues?"),
            None,
        ];
        let (after, _) = play(&g, &texts);
        assert_eq!(after.eyes, vec![30 - 3 + 12, 30 - 9 + 12, 42]);
        g.settings.question_payment = QuestionPayment::All;
        let (after, _) = play(&g, &texts);
        assert_eq!(after.eyes, vec![30 - 8 + 12, 30 - 9 + 12, 42]);
    }

    #[test]
    fn two_trait_answers_reveal_to_the_asker_only() {
        let g = game();
        let (_, out) = play(
            &g,
            &[Some("1 (1): Ben has how many Diamond Red?"), None, None],
        );
        let a = &out.bulletin.answers[0];
        assert_eq!(a.traits, ["Red", "Diamond"]);
        let expected = g.deal.hands[1].intersect(matching(&[
            Trait::Colour(Colour::Red),
            Trait::Gem(Gem::Diamond),
        ]));
        assert_eq!(a.count as usize, expected.len());
        assert_eq!(out.private[0].reveals[0].cards, expected.names());
        assert!(out.private[1].reveals.is_empty() && out.private[2].reveals.is_empty());
    }

    #[test]
    fn idle_players_are_marked_done_and_cards_exhaust() {
        let g = game();
        let mut state = g.clone();
        for round in 1..=3 {
            let (next, out) = play(&state, &[Some(""), Some(""), None]);
            if round < 3 {
                assert!(out.bulletin.newly_done.is_empty());
            } else {
                assert_eq!(out.bulletin.newly_done[0].player, "Cleo");
                assert_eq!(out.bulletin.newly_done[0].reason, DoneReason::Idle(3));
            }
            state = next;
        }
        // Ann and Ben say done: everything is exhausted and the game ends.
        let (end, out) = play(&state, &[Some("done"), Some("done"), None]);
        assert!(end.over && out.bulletin.game_over);
        assert_eq!(out.bulletin.published.len(), 36);
        assert_eq!(out.bulletin.winners, ["Ann", "Ben", "Cleo"]);
    }

    #[test]
    fn the_game_master_can_end_a_game() {
        let g = game();
        let turns = vec![
            Some(g.validate(0, "1 (2): Ben has how many Reds?").unwrap()),
            None,
            None,
        ];
        let (end, out) = g.resolve_and_end(&turns, &[]);
        assert!(end.over && out.bulletin.game_over);
        assert_eq!(
            out.bulletin.answers.len(),
            1,
            "the last round's turns still count"
        );
        assert_eq!(out.bulletin.published.len(), 36);
        assert_eq!(out.bulletin.winners, ["Ann", "Ben", "Cleo"]);
    }

    #[test]
    fn max_rounds_ends_the_game() {
        let mut g = game();
        g.settings.max_rounds = Some(1);
        let bens = card_of(&g, 1);
        let (end, out) = play(&g, &[Some(&format!("1: Ben has {bens}")), None, None]);
        assert!(end.over);
        assert_eq!(out.bulletin.published.len(), 36);
        assert_eq!(out.bulletin.winners, ["Ann"]);
        assert_eq!(end.half_points[0], 6);
    }
}
