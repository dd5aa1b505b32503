//! Classic Sleuth in the reader's language: Search cards, questions, and each public event of
//! a game's log. English keeps the printed cards' names (`Pairs`, `Blue Opals`).

use crate::games::deck::Trait;
use crate::games::sleuth::rules::search::question_words;
use crate::games::sleuth::rules::{Event, Refusal, Rejected, SearchCard, Sleuth};
use crate::lang::{words, Lang};

impl Lang {
    /// What a question is about: `Pairs`, `Blue Opals` / `paires`, `opales bleues`.
    pub fn classic_what(&self, traits: &[Trait]) -> String {
        match self {
            Lang::En => question_words(traits),
            _ => words::traits_plural(*self, traits),
        }
    }

    /// `classic_what` after "how many": in French with its partitive, elided before a vowel
    /// (`de rouges`, `d’opales`).
    pub fn classic_what_of(&self, traits: &[Trait]) -> String {
        let what = self.classic_what(traits);
        match self {
            Lang::En => what,
            _ => crate::lang::words::partitive(&what),
        }
    }

    /// The house rules as a letter lists them: each rule's name and value in words, never its
    /// key (`Two questions a turn: off`).
    pub fn classic_settings(
        &self,
        s: &crate::games::sleuth::rules::Settings,
    ) -> Vec<(String, String)> {
        (s.lines().into_iter())
            .map(|(key, value)| {
                let value = match value.as_str() {
                    "on" => self.t("classic-setting-on"),
                    "off" => self.t("classic-setting-off"),
                    _ => value,
                };
                (self.t1("classic-setting-name", "key", key), value)
            })
            .collect()
    }

    /// A Search card's name: `Free Choice Blue` / `Choix libre : bleus`.
    pub fn search_card(&self, card: SearchCard) -> String {
        match (self, card) {
            (Lang::En, c) => c.name(),
            (_, SearchCard::One(t)) => self.classic_what(&[t]),
            (_, SearchCard::Two(a, b)) => self.classic_what(&[a, b]),
            (_, SearchCard::Free) => self.t("classic-free-choice"),
            (_, SearchCard::FreeOf(t)) => {
                self.t1("classic-free-choice-of", "element", self.classic_what(&[t]))
            }
        }
    }

    pub fn search_cards(&self, cards: &[SearchCard]) -> String {
        let names: Vec<String> = cards.iter().map(|c| self.search_card(*c)).collect();
        names.join(", ")
    }

    /// One public event of a classic game as a sentence, `at` being its place in the log (a
    /// seat is named as it was then); none for what needs no line.
    pub fn classic_event(&self, g: &Sleuth, e: &Event, at: usize) -> String {
        let name = |s: &usize| g.name_at(*s, at);
        match e {
            Event::TurnBegan { turn, seat } => {
                self.t2("classic-turn-began", "turn", *turn, "player", name(seat))
            }
            Event::Asked {
                seat,
                target,
                traits,
                card,
                final_question,
                count,
                ..
            } => {
                let id = match (traits.len(), final_question) {
                    (1, false) => "classic-asked-one",
                    (_, false) => "classic-asked-two",
                    (1, true) => "classic-asked-final-one",
                    (_, true) => "classic-asked-final-two",
                };
                self.tr(
                    id,
                    [
                        ("asker", name(seat).into()),
                        ("target", name(target).into()),
                        ("what", self.classic_what(traits).into()),
                        ("what_of", self.classic_what_of(traits).into()),
                        (
                            "card",
                            card.map(|c| self.search_card(c)).unwrap_or_default().into(),
                        ),
                        ("count", (*count as u32).into()),
                    ],
                )
            }
            Event::Exchanged { seat, cards, .. } => self.t2(
                "classic-exchanged",
                "player",
                name(seat),
                "cards",
                self.search_cards(cards),
            ),
            Event::Drew { seat, cards, .. } => self.t2(
                "classic-drew",
                "player",
                name(seat),
                "cards",
                self.search_cards(cards),
            ),
            Event::Reshuffled { cards, .. } => {
                self.t1("classic-reshuffled", "count", *cards as u32)
            }
            Event::Passed { seat, by_gm, .. } => match by_gm {
                true => self.t1("classic-passed-gm", "player", name(seat)),
                false => self.t1("classic-passed", "player", name(seat)),
            },
            Event::Skipped { seat, .. } => self.t2(
                "classic-skipped",
                "player",
                name(seat),
                "turns",
                g.settings.idle_turns,
            ),
            Event::Returned { seat, .. } => self.t1("classic-returned", "player", name(seat)),
            Event::Accused {
                seat,
                correct,
                timed_out,
                ..
            } => self.t1(
                match (correct, timed_out) {
                    (true, _) => "classic-accused-right",
                    (false, true) => "classic-accused-timeout",
                    (false, false) => "classic-accused-wrong",
                },
                "player",
                name(seat),
            ),
            Event::MarkedOut { seat, .. } => self.t1("classic-marked-out", "player", name(seat)),
            Event::Replaced { seat, before, .. } => self.t2(
                "classic-replaced",
                "player",
                name(seat),
                "before",
                before.as_str(),
            ),
            Event::Ended { winners, by_gm, .. } => {
                let ended = match winners.is_empty() {
                    true => self.t("classic-ended-none"),
                    false => {
                        let names: Vec<&str> = winners.iter().map(name).collect();
                        self.t1("classic-ended", "winners", names.join(", "))
                    }
                };
                // Who ended it: the game master, or the rules (the last winner needed, or
                // nobody left in play).
                match by_gm {
                    true => format!("{} {ended}", self.t("classic-ended-by-gm")),
                    false => ended,
                }
            }
        }
    }
}

impl Lang {
    /// Commands to show as examples, in this language, asking `name`.
    pub fn classic_examples(&self, name: &str) -> Vec<String> {
        self.t1("classic-hint-examples", "name", name)
            .split('|')
            .map(str::to_string)
            .collect()
    }

    /// A refused line: `line 2: "ask Ann for Blue Reds" joins two colours …`.
    pub fn classic_rejected(&self, r: &Rejected) -> String {
        let problem = self.classic_refusal(&r.problem);
        match (r.line, r.text.is_empty()) {
            (0, _) | (_, true) => problem,
            (line, false) => self.tr(
                "classic-line",
                [
                    ("line", (line as u32).into()),
                    ("text", r.text.as_str().into()),
                    ("problem", problem.into()),
                ],
            ),
        }
    }

    /// Why a line was refused; its English is the engine's own words.
    pub fn classic_refusal(&self, r: &Refusal) -> String {
        use Refusal::*;
        let cards = |held: &[SearchCard]| self.search_cards(held);
        let examples = || self.t("classic-examples");
        match r {
            Nothing => self.t1("classic-problem-nothing", "examples", examples()),
            NotUnderstood => self.t1("classic-problem-not-understood", "examples", examples()),
            AskWhat => self.t("classic-problem-ask-what"),
            AccuseWhat => self.t("classic-problem-accuse-what"),
            AccuseColon => self.t("classic-problem-accuse-colon"),
            UnknownWord(w) => self.t1("classic-problem-unknown-word", "word", w.as_str()),
            SameKind(kind, t) => self.t2(
                "classic-problem-same-kind",
                "kind",
                match self {
                    Lang::En => kind.plural().to_string(),
                    _ => self.t(&format!("kind-{}", kind.plural())),
                },
                "trait",
                match self {
                    Lang::En => t.name().to_string(),
                    _ => self.classic_what(&[*t]),
                },
            ),
            TooManyElements => self.t("classic-problem-too-many"),
            BadCard(why) => self.t1("classic-problem-bad-card", "why", why.as_str()),
            UnknownSearchCard(c) => {
                self.t1("classic-problem-unknown-search-card", "card", c.as_str())
            }
            NotAPlayer(n) => self.t1("classic-problem-not-a-player", "name", n.as_str()),
            AskedSelf => self.t("classic-problem-asked-self"),
            NotYourTurn(Some(p)) => self.t1("classic-problem-not-your-turn", "player", p.as_str()),
            NotYourTurn(None) => self.t("classic-problem-nobodys-turn"),
            NoCardAllows { traits, held } => self.t2(
                "classic-problem-no-card-allows",
                "question",
                self.classic_what(traits),
                "held",
                cards(held),
            ),
            CardNotHeld { card, held } => self.t2(
                "classic-problem-card-not-held",
                "card",
                self.search_card(*card),
                "held",
                cards(held),
            ),
            CardDoesNotAllow { card, traits } => self.t2(
                "classic-problem-card-does-not-allow",
                "card",
                self.search_card(*card),
                "question",
                self.classic_what(traits),
            ),
            OneAction => self.t("classic-problem-one-action"),
            TwoQuestions => self.t("classic-problem-two-questions"),
            SameCardTwice(c) => self.t1(
                "classic-problem-same-card-twice",
                "card",
                self.search_card(*c),
            ),
            FinalAlone => self.t("classic-problem-final-alone"),
            AwaitingAccusation => self.t("classic-problem-awaiting-accusation"),
            PassIsNoAction => self.t("classic-problem-pass-is-no-action"),
            AccuseCount(n) => self.t1("classic-problem-accuse-count", "count", *n as u32),
            AccuseTwice(card) => self.t1(
                "classic-problem-accuse-twice",
                "card",
                crate::lang::words::card(*self, *card),
            ),
            OneAccusation => self.t("classic-problem-one-accusation"),
            NotInGame { won: true } => self.t("classic-problem-won"),
            NotInGame { won: false } => self.t("classic-problem-out"),
            GameOver => self.t("classic-problem-game-over"),
        }
    }
}

/// A classic-Sleuth house rule that does not fit, as a message for the reader's language.
impl From<&super::rules::settings::SettingsError> for crate::lang::Said {
    fn from(e: &super::rules::settings::SettingsError) -> Self {
        use super::rules::settings::SettingsError as E;
        use crate::said;
        match e {
            E::PlayerCount(n) => said!("classic-settings-player-count", count = *n),
            E::MissingGems(gems, players) => {
                said!(
                    "classic-settings-missing-gems",
                    gems = *gems,
                    players = *players
                )
            }
            E::TurnHours(h) => said!("classic-settings-turn-hours", hours = *h),
            E::Winners(w, players) => {
                said!("classic-settings-winners", winners = *w, players = *players)
            }
            E::IdleTurns(n) => said!("classic-settings-idle-turns", turns = *n),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_house_rule_that_does_not_fit_is_told_in_the_readers_language() {
        use crate::lang::{Lang, Said};
        let e = crate::games::sleuth::rules::Settings {
            missing_gems: 2,
            ..Default::default()
        }
        .check(6)
        .unwrap_err();
        let said = Said::from(&e);
        assert_eq!(
            Lang::En.said(&said),
            e.to_string(),
            "English as the engine says it"
        );
        let fr = Lang::Fr.said(&said);
        assert!(fr.contains("n’est permis qu’à 3 ou 4 joueurs"), "{fr}");
    }

    use super::*;
    use crate::games::deck::{Card, Colour, Gem, Kind};

    #[test]
    fn classic_house_rules_are_listed_in_words_never_by_their_keys() {
        let s = crate::games::sleuth::rules::Settings::default();
        for lang in [Lang::En, Lang::Fr] {
            let rows = lang.classic_settings(&s);
            assert_eq!(rows.len(), s.lines().len());
            assert!(rows.iter().all(|(name, _)| !name.contains('_')), "{rows:?}");
        }
        let en = Lang::En.classic_settings(&s);
        assert!(
            en.contains(&("Two questions a turn".into(), "off".into())),
            "{en:?}"
        );
    }

    #[test]
    fn a_french_question_elides_its_partitive_before_a_vowel() {
        use crate::games::sleuth::letters::allows;
        use crate::games::sleuth::rules::SearchCard;
        let opals = allows(Lang::Fr, SearchCard::One(Trait::Gem(Gem::Opal)), false);
        assert!(opals.contains("combien d’opales"), "{opals}");
        let reds = allows(Lang::Fr, SearchCard::One(Trait::Colour(Colour::Red)), false);
        assert!(reds.contains("combien de rouges"), "{reds}");
        let en = allows(Lang::En, SearchCard::One(Trait::Gem(Gem::Opal)), false);
        assert!(
            en.contains("how many Opals") || en.contains("how many opals"),
            "{en}"
        );
    }

    fn every_refusal() -> Vec<Refusal> {
        use Refusal::*;
        let blue = Trait::Colour(Colour::Blue);
        let opal = Trait::Gem(Gem::Opal);
        let held = vec![SearchCard::One(blue), SearchCard::Free];
        vec![
            Nothing,
            NotUnderstood,
            AskWhat,
            AccuseWhat,
            AccuseColon,
            UnknownWord("purple".into()),
            SameKind(Kind::Colour, blue),
            TooManyElements,
            BadCard("it has no gem".into()),
            UnknownSearchCard("Wild".into()),
            NotAPlayer("Zed".into()),
            AskedSelf,
            NotYourTurn(Some("Ben".into())),
            NotYourTurn(None),
            NoCardAllows {
                traits: vec![blue, opal],
                held: held.clone(),
            },
            CardNotHeld {
                card: SearchCard::FreeOf(opal),
                held,
            },
            CardDoesNotAllow {
                card: SearchCard::One(blue),
                traits: vec![blue, opal],
            },
            OneAction,
            TwoQuestions,
            SameCardTwice(SearchCard::Free),
            FinalAlone,
            AwaitingAccusation,
            PassIsNoAction,
            AccuseCount(2),
            AccuseTwice(Card::parse("2 Blue Opal").expect("a card")),
            OneAccusation,
            NotInGame { won: true },
            NotInGame { won: false },
            GameOver,
        ]
    }

    #[test]
    fn english_refusals_are_the_engines_own_words_and_french_ones_differ() {
        for r in every_refusal() {
            let rejected = Rejected::new(2, "ask Ann for Blue Reds", r.clone());
            assert_eq!(
                Lang::En.classic_rejected(&rejected),
                rejected.to_string(),
                "{r:?}"
            );
            let fr = Lang::Fr.classic_rejected(&rejected);
            assert!(
                fr.starts_with("ligne 2 : « ask Ann for Blue Reds »"),
                "{fr}"
            );
            assert_ne!(fr, rejected.to_string(), "{r:?} has French words");
        }
        // A card a refusal names is named in the reader's language.
        let twice = Refusal::AccuseTwice(Card::parse("2 Blue Opal").expect("a card"));
        let fr = Lang::Fr.classic_rejected(&Rejected::new(1, "accuse", twice));
        assert!(!fr.contains("Blue Opal"), "{fr}");
        assert!(
            fr.contains(&crate::lang::words::card(
                Lang::Fr,
                Card::parse("2 Blue Opal").unwrap()
            )),
            "{fr}"
        );
    }
}

#[cfg(test)]
mod examples {
    use super::*;

    #[test]
    fn every_example_command_reads_in_both_languages() {
        for t in Lang::ALL {
            let examples = t.classic_examples("Ben");
            assert_eq!(examples.len(), 5);
            for e in examples {
                assert!(
                    crate::games::sleuth::rules::command::read(&e).is_ok(),
                    "{e}"
                );
            }
        }
    }
}
