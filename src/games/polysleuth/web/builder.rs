//! The turn builder of the player's page: it offers only choices a turn could accept
//! (RULES.md §3) and writes the line in the player's language.

use serde::Serialize;

use super::play_view::PlayView;
use crate::games::deck::canonical_order;
use crate::games::polysleuth::rules::{Card, CardSet, Trait};
use crate::lang::{escape_html as escape, Lang};

/// One choice of a select: the value sent and the words shown.
#[derive(Clone, Debug, Serialize)]
pub struct Choice {
    pub value: String,
    pub label: String,
    /// How a turn line writes the choice in the player's language (the page's script
    /// writes lines with it): `paire de diamants rouges`, `de rouges`.
    pub words: String,
    /// The choice as its `<option>`, escaped once: the cards and questions are the same on
    /// every page of a language, so they are not escaped again for each view.
    #[serde(skip)]
    pub option: String,
}

impl Choice {
    fn new(value: String, label: String, words: String) -> Choice {
        // The script reads a choice's words from its value when they are the same.
        let option = match words == value {
            true => format!(
                "<option value=\"{}\">{}</option>",
                escape(&value),
                escape(&label)
            ),
            false => format!(
                "<option value=\"{}\" data-words=\"{}\">{}</option>",
                escape(&value),
                escape(&words),
                escape(&label)
            ),
        };
        Choice {
            value,
            label,
            words,
            option,
        }
    }
}

/// What the turn builder offers: only choices a turn could accept (RULES.md §3), given the
/// player's hand, their earlier guesses, the published cards and the lines already written.
#[derive(Clone, Debug, Serialize)]
pub struct Builder {
    pub places: Vec<Choice>,
    pub targets: Vec<String>,
    pub cards: Vec<&'static Choice>,
    pub one_trait: &'static [Choice],
    pub two_traits: &'static [Choice],
    pub eyes: u32,
    pub bid_total: u32,
    pub bid_left: u32,
    #[serde(skip)]
    pub lang: Lang,
}

/// The choices that are the same on every page of a language, worded once.
struct Choices {
    /// Every card, by index.
    cards: Vec<Choice>,
    one_trait: Vec<Choice>,
    two_traits: Vec<Choice>,
}

impl Choices {
    fn of(lang: Lang) -> &'static Choices {
        static BOTH: std::sync::LazyLock<[Choices; 2]> =
            std::sync::LazyLock::new(|| [Choices::new(Lang::En), Choices::new(Lang::Fr)]);
        &BOTH[lang as usize]
    }

    fn new(lang: Lang) -> Choices {
        let traits = Trait::all();
        let choice = |ts: &[Trait]| {
            Choice::new(
                ts.iter().map(|t| t.name()).collect::<Vec<_>>().join(" "),
                crate::lang::traits_plural(lang, ts),
                crate::lang::traits_plural_of(lang, ts),
            )
        };
        let mut two_traits = Vec::new();
        for (i, a) in traits.iter().enumerate() {
            for b in &traits[i + 1..] {
                if a.kind() != b.kind() {
                    two_traits.push(choice(&canonical_order(&[*a, *b])));
                }
            }
        }
        Choices {
            cards: Card::all()
                .map(|c| {
                    Choice::new(
                        c.name(),
                        crate::lang::card_line(lang, c),
                        crate::lang::card(lang, c),
                    )
                })
                .collect(),
            one_trait: traits.iter().map(|t| choice(&[*t])).collect(),
            two_traits,
        }
    }
}

impl Builder {
    pub fn new(v: &PlayView, text: &str) -> Builder {
        let lang = v.lang;
        let (written, _) = crate::games::polysleuth::rules::turn::parse_all(text);
        let mut closed: CardSet = v.known;
        for g in &written.guesses {
            closed.insert(g.card);
        }
        let mut places: Vec<Choice> = v
            .others
            .iter()
            .map(|o| Choice::new(o.clone(), o.clone(), o.clone()))
            .collect();
        if v.has_safe {
            places.push(Choice::new(
                "safe".into(),
                lang.t("the-safe"),
                lang.t("the-safe"),
            ));
        }
        // Summed wide: bids as large as a u32 must not wrap the total.
        let bid_total = written
            .questions
            .iter()
            .map(|q| u64::from(q.eyes))
            .sum::<u64>();
        let bid_total = u32::try_from(bid_total).unwrap_or(u32::MAX);
        let choices = Choices::of(lang);
        Builder {
            places,
            targets: v.others.clone(),
            cards: CardSet::ALL
                .minus(closed)
                .iter()
                .map(|c| &choices.cards[c.index()])
                .collect(),
            one_trait: &choices.one_trait,
            two_traits: &choices.two_traits,
            eyes: v.eyes,
            bid_total,
            bid_left: v.eyes.saturating_sub(bid_total),
            lang,
        }
    }

    /// The line the builder's fields describe, or what to fix.
    pub fn line(&self, kind: &str, f: &dyn Fn(&str) -> String) -> Result<String, String> {
        match kind {
            "question" => {
                let target = f("q_target");
                if !self.targets.contains(&target) {
                    return Err(self.lang.t("builder-choose-target"));
                }
                let traits = f("q_traits");
                if !self
                    .one_trait
                    .iter()
                    .chain(self.two_traits)
                    .any(|c| c.value == traits)
                {
                    return Err(self.lang.t("builder-choose-traits"));
                }
                let bid = f("q_bid");
                let bid: u32 = match bid.as_str() {
                    "" => 0,
                    b => b
                        .parse()
                        .map_err(|_| self.lang.t1("builder-bad-bid", "bid", b))?,
                };
                if bid > self.bid_left {
                    return Err(self.lang.t3(
                        "builder-over-budget",
                        "eyes",
                        self.eyes,
                        "bids",
                        self.bid_total,
                        "left",
                        self.bid_left,
                    ));
                }
                let words: Vec<Trait> = traits.split(' ').filter_map(Trait::parse).collect();
                Ok(self.lang.t3(
                    "builder-question-line",
                    "bid",
                    bid,
                    "target",
                    target,
                    "traits",
                    crate::lang::traits_plural_of(self.lang, &words),
                ))
            }
            _ => {
                let place = f("g_place");
                if !self.places.iter().any(|p| p.value == place) {
                    return Err(self.lang.t("builder-choose-place"));
                }
                let card = f("g_card");
                let Some(card) = self
                    .cards
                    .iter()
                    .find(|c| c.value == card)
                    .and_then(|c| Card::parse(&c.value).ok())
                else {
                    return Err(self.lang.t("builder-choose-card"));
                };
                let words = crate::lang::card(self.lang, card);
                Ok(if place == "safe" {
                    self.lang.t1("builder-safe-line", "card", words)
                } else {
                    self.lang
                        .t2("builder-guess-line", "place", place, "card", words)
                })
            }
        }
    }
}

#[cfg(test)]
mod option_tests {
    use super::*;

    #[test]
    fn a_choices_option_is_written_once_and_escaped() {
        let c = Choice::new("Ben".into(), "<Ben & \"co\">".into(), "l'as".into());
        assert_eq!(
            c.option,
            "<option value=\"Ben\" data-words=\"l&#39;as\">&lt;Ben &amp; &quot;co&quot;&gt;</option>"
        );
        // The same words as the template would write for the cards of each language.
        let fr = Choices::of(Lang::Fr);
        assert!(fr.cards[0].option.contains(&escape(&fr.cards[0].label)));
        assert_eq!(fr.cards.len(), 36);
        assert_eq!(fr.two_traits.len(), 33);
    }

    #[test]
    fn a_choice_whose_words_are_its_value_leaves_them_to_the_value() {
        let c = Choice::new("Ben".into(), "Ben".into(), "Ben".into());
        assert_eq!(c.option, "<option value=\"Ben\">Ben</option>");
    }
}
