//! The sentences of a bulletin in the reader's language: answers, players marked done, who
//! closed the round, where a published card is.

use crate::games::polysleuth::rules::view::{Answer, DoneNote, DoneReason, Published};
use crate::lang::{words, Lang};
use crate::model::ClosedBy;

impl Lang {
    /// As RULES §4.2 words it, `Dan has 2 Green Diamonds (question by Ben, 7)`: the asker and
    /// the effective weight; for a one-trait question the bid and the markup follow apart, so
    /// nobody reads the markup as paid: `Ann has 4 Opals (question by Dan, 5: bid 3 + 2 for
    /// one trait)` / `(question de Dan, 5 : mise 3 + 2 pour un seul élément)`. `markup` is the
    /// game's `one_trait_markup`.
    pub fn answer(&self, a: &Answer, markup: &u32) -> String {
        let markup = match a.traits.len() {
            1 => (*markup).min(a.weight as u32),
            _ => 0,
        };
        let bid = a.weight.saturating_sub(markup as u64);
        self.tr(
            if markup > 0 {
                "bulletin-answer-markup"
            } else {
                "bulletin-answer"
            },
            [
                ("target", a.target.as_str().into()),
                (
                    "count",
                    words::traits_count_named(*self, a.count, &a.traits).into(),
                ),
                ("asker", a.asker.as_str().into()),
                ("weight", a.weight.into()),
                ("bid", bid.into()),
                ("markup", markup.into()),
            ],
        )
    }

    /// Why a player is done from now on.
    pub fn done_note(&self, d: &DoneNote) -> String {
        match d.reason {
            DoneReason::Said => self.t1("bulletin-done-said", "player", d.player.as_str()),
            DoneReason::Idle(k) => self.t2(
                "bulletin-done-idle",
                "player",
                d.player.as_str(),
                "rounds",
                k,
            ),
            DoneReason::GameMaster => self.t1("bulletin-done-gm", "player", d.player.as_str()),
        }
    }

    /// What closed a round: `the deadline`, `all ready`, `the game master`.
    pub fn closed_by(&self, c: &ClosedBy) -> String {
        self.t(match c {
            ClosedBy::Deadline => "closed-by-deadline",
            ClosedBy::AllReady => "closed-by-all-ready",
            ClosedBy::GameMaster => "closed-by-game-master",
        })
    }

    /// `2 Red Diamond: held by Ann` / `paire de diamants rouges : chez Ann`.
    pub fn published(&self, p: &Published) -> String {
        let card = words::card_named(*self, &p.card);
        if p.owner == "safe" {
            self.t1("published-in-safe", "card", card)
        } else {
            self.t2("published-held-by", "card", card, "owner", p.owner.as_str())
        }
    }

    /// A card stored by its canonical name, in this language.
    pub fn card_name(&self, name: &str) -> String {
        words::card_named(*self, name)
    }

    /// A card's marks from its canonical name: `◆◆`.
    pub fn card_marks(&self, name: &str) -> String {
        crate::games::polysleuth::rules::Card::parse(name)
            .map(words::marks)
            .unwrap_or_default()
    }
}

impl Lang {
    /// A card's colour class from its canonical name: `red`.
    pub fn card_colour(&self, name: &str) -> &'static str {
        crate::games::polysleuth::rules::Card::parse(name)
            .map_or("", |c| words::colour_key(c.colour()))
    }
}

impl Lang {
    /// A turn line's problem, without its line number (pages show the number apart).
    pub fn problem(&self, e: &crate::games::polysleuth::rules::LineError) -> String {
        super::problems::line_problem(*self, e)
    }
}

impl Lang {
    /// A game's status in words: `open` → `under way` / `en cours`.
    pub fn status(&self, status: &str) -> String {
        match status {
            "open" | "paused" | "over" | "forming" | "unconfirmed" => {
                self.t(&format!("status-{status}"))
            }
            other => other.to_string(),
        }
    }
}

impl Lang {
    /// What became of one of the reader's questions: answered (what it said, what it cost),
    /// or outbid (its bid, and what it cost: nothing unless every question is paid for).
    pub fn question_fate(&self, q: &crate::games::polysleuth::rules::QuestionFate) -> String {
        let lang = *self;
        let traits: Vec<crate::games::deck::Trait> = q
            .traits
            .iter()
            .filter_map(|t| crate::games::deck::Trait::parse(t))
            .collect();
        match q.answered {
            Some(count) => lang.tr(
                "happened-answered",
                [
                    ("number", q.number.into()),
                    ("target", q.target.as_str().into()),
                    (
                        "what",
                        crate::lang::words::traits_plural(lang, &traits).into(),
                    ),
                    (
                        "count",
                        crate::lang::traits_count_named(lang, count, &q.traits).into(),
                    ),
                    ("paid", q.paid.into()),
                ],
            ),
            None => lang.tr(
                "happened-outbid",
                [
                    ("number", q.number.into()),
                    ("target", q.target.as_str().into()),
                    (
                        "what",
                        crate::lang::words::traits_plural(lang, &traits).into(),
                    ),
                    ("bid", q.bid.into()),
                    ("paid", q.paid.into()),
                ],
            ),
        }
    }

    /// Where a guess put its card, as a report stores it (a player's name, or the safe), in
    /// this language.
    pub fn guess_place(&self, place: &str) -> String {
        match place {
            "the safe" | "safe" => self.t("the-safe"),
            p => p.to_string(),
        }
    }

    /// One of a player's guesses as their mail lists it: `1: Ben has ◆◆ 2 Red Diamond - right`.
    pub fn own_guess(&self, g: &crate::games::polysleuth::rules::view::PrivateGuess) -> String {
        let place = self.guess_place(&g.place);
        let card = match crate::games::polysleuth::rules::Card::parse(&g.card) {
            Ok(c) => words::card_line(*self, c),
            Err(_) => g.card.to_string(),
        };
        self.tr(
            "mail-own-guess",
            [
                ("number", g.number.into()),
                ("place", place.into()),
                ("card", card.into()),
                ("right", if g.correct { "yes" } else { "no" }.into()),
            ],
        )
    }

    /// A reveal as the asker's mail and page tell it: `Cleo has 2 Red Pearls: …`.
    pub fn own_reveal(&self, rv: &crate::games::polysleuth::rules::view::Reveal) -> String {
        let cards: Vec<String> = rv
            .cards
            .iter()
            .map(|c| match crate::games::polysleuth::rules::Card::parse(c) {
                Ok(c) => words::card_line(*self, c),
                Err(_) => c.to_string(),
            })
            .collect();
        self.t3(
            "mail-own-reveal",
            "target",
            rv.target.as_str(),
            "traits",
            words::traits_count_named(*self, rv.cards.len() as u32, &rv.traits),
            "cards",
            if cards.is_empty() {
                self.t("none")
            } else {
                cards.join(", ")
            },
        )
    }

    /// A turn line's problem with its line number, for mail.
    pub fn line_error(&self, e: &crate::games::polysleuth::rules::LineError) -> String {
        super::problems::line_error(*self, e)
    }
}
