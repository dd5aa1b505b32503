//! What became of each question a player asked in a round — answered (and what it told them),
//! or not answered because another question to that player won — and what each cost them.
//! The bulletin tells only the winning questions; a player whose question lost must still be
//! told, on their page and in their round letter, that it lost and what they paid for it
//! (nothing, unless every placed question is paid for). Worked out from the round's game as
//! it opened, the player's turn and the bulletin, after the round is resolved, so the
//! resolution itself (which simulations run millions of times) does not pay for it.

use serde::{Deserialize, Serialize};

use super::settings::QuestionPayment;
use super::view::Bulletin;
use super::{Game, Question, Turn};

/// One of a player's questions in a round, and its fate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionFate {
    pub number: u32,
    pub target: String,
    /// The traits asked about, by name, in canonical order.
    pub traits: Vec<String>,
    /// The Private Eyes bid (without the one-trait markup).
    pub bid: u32,
    /// How many cards matched, when this question was the one answered.
    pub answered: Option<u32>,
    /// What the question cost.
    pub paid: u32,
}

impl Game {
    /// The fate of each of `seat`'s questions in the round `self` opened, given its resolved
    /// `bulletin`, in the turn's order.
    pub fn question_fates(
        &self,
        seat: usize,
        turn: &Turn,
        bulletin: &Bulletin,
    ) -> Vec<QuestionFate> {
        let me = &self.players[seat];
        let weight = |q: &Question| {
            q.eyes
                + match q.traits.len() {
                    1 => self.settings.one_trait_markup,
                    _ => 0,
                }
        };
        // Of a player's questions to one target, the one that can win is the heaviest, then
        // the lowest-numbered (as the resolution chooses).
        let best_to = |target: usize| {
            turn.questions
                .iter()
                .filter(|q| q.target == target)
                .min_by_key(|q| (std::cmp::Reverse(weight(q)), q.number))
                .map(|q| q.number)
        };
        turn.questions
            .iter()
            .map(|q| {
                let target = &self.players[q.target];
                let traits: Vec<String> = q.traits.iter().map(|t| t.name().to_string()).collect();
                let answered = bulletin
                    .answers
                    .iter()
                    .find(|a| a.target == target && a.asker == me && a.traits == traits)
                    .filter(|_| best_to(q.target) == Some(q.number))
                    .map(|a| a.count);
                let paid = match (self.settings.question_payment, answered) {
                    (QuestionPayment::All, _) | (QuestionPayment::Winner, Some(_)) => q.eyes,
                    (QuestionPayment::Winner, None) => 0,
                };
                QuestionFate {
                    number: q.number,
                    target: target.clone(),
                    traits,
                    bid: q.eyes,
                    answered,
                    paid,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::games::polysleuth::rules::{Game, Settings};

    fn game() -> Game {
        let names = ["Ann", "Ben", "Cleo"].map(String::from).to_vec();
        Game::new(names, Settings::default(), 7, None).unwrap()
    }

    #[test]
    fn the_winning_question_is_answered_and_paid_and_the_outbid_one_costs_nothing() {
        let g = game();
        let ann = g.validate(0, "1 (9): Cleo has how many red").unwrap();
        let ben = g
            .validate(1, "1 (2): Cleo has how many blue diamonds")
            .unwrap();
        let (_, out) = g.resolve(&[Some(ann.clone()), Some(ben.clone()), None], &[]);
        let a = g.question_fates(0, &ann, &out.bulletin);
        let b = g.question_fates(1, &ben, &out.bulletin);
        assert_eq!(a.len(), 1);
        assert!(a[0].answered.is_some(), "{a:?}");
        assert_eq!((a[0].bid, a[0].paid), (9, 9));
        assert_eq!(b[0].answered, None);
        assert_eq!((b[0].bid, b[0].paid), (2, 0));
    }

    #[test]
    fn when_every_question_is_paid_for_the_outbid_one_costs_its_bid() {
        let mut g = game();
        g.settings.question_payment =
            crate::games::polysleuth::rules::settings::QuestionPayment::All;
        let ann = g.validate(0, "1 (9): Cleo has how many red").unwrap();
        let ben = g
            .validate(1, "1 (2): Cleo has how many blue diamonds")
            .unwrap();
        let (_, out) = g.resolve(&[Some(ann), Some(ben.clone()), None], &[]);
        let b = g.question_fates(1, &ben, &out.bulletin);
        assert_eq!((b[0].answered, b[0].paid), (None, 2));
    }

    #[test]
    fn of_two_questions_to_one_player_only_the_heavier_can_be_answered() {
        let g = game();
        let ann = g
            .validate(
                0,
                "1 (1): Cleo has how many red\n2 (6): Cleo has how many red opals",
            )
            .unwrap();
        let (_, out) = g.resolve(&[Some(ann.clone()), None, None], &[]);
        let a = g.question_fates(0, &ann, &out.bulletin);
        assert_eq!(a[0].answered, None, "{a:?}");
        assert!(a[1].answered.is_some(), "{a:?}");
    }
}
