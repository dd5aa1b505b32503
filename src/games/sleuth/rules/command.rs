//! The turn language of classic Sleuth (RULES-SLEUTH.md §2–3): questions, `exchange`,
//! `final ask`, `accuse`, and `pass`/`back`, in English and in plain French. Each line is
//! read alone; names are kept as written and checked against the game by `game`.

use crate::games::deck::{read_traits, Card, Trait};
use crate::games::polysleuth::rules::turn::meaningful_lines;
use crate::games::polysleuth::rules::typography::normalise;

use super::problem::Refusal;
use super::search::SearchCard;

/// A question as written: whom, about what, with which card (if named), final or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ask {
    pub target: String,
    pub traits: Vec<Trait>,
    pub card: Option<SearchCard>,
    pub final_question: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Ask(Ask),
    Exchange,
    /// The player lets their turn go without acting.
    Pass,
    /// A skipped player says they are back.
    Back,
    Accuse(Vec<Card>),
}

/// One line read: its number in the text, the line itself, the command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub line: usize,
    pub text: String,
    pub command: Command,
}

/// A line refused, quoted back with what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    pub line: usize,
    pub text: String,
    pub problem: Refusal,
}

impl Rejected {
    pub fn new(line: usize, text: &str, problem: Refusal) -> Rejected {
        Rejected {
            line,
            text: text.trim().to_string(),
            problem,
        }
    }
}

impl std::fmt::Display for Rejected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.text.is_empty()) {
            (0, _) | (_, true) => write!(f, "{}", self.problem),
            (n, false) => write!(f, "line {n}: \"{}\" {}", self.text, self.problem),
        }
    }
}

impl serde::Serialize for Rejected {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("Rejected", 2)?;
        out.serialize_field("line", &self.line)?;
        out.serialize_field("error", &self.to_string())?;
        out.end()
    }
}

/// Reads every meaningful line; every line not understood is reported.
pub fn read(text: &str) -> Result<Vec<Line>, Vec<Rejected>> {
    let text = normalise(text);
    let mut lines = Vec::new();
    let mut errors = Vec::new();
    for (n, raw) in meaningful_lines(&text) {
        match read_line(raw) {
            Ok(command) => lines.push(Line {
                line: n,
                text: raw.trim().to_string(),
                command,
            }),
            Err(problem) => errors.push(Rejected::new(n, raw, problem)),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if lines.is_empty() {
        return Err(vec![Rejected::new(0, "", Refusal::Nothing)]);
    }
    Ok(lines)
}

/// Whether a line reads as a command of this language, for the mail door to tell a turn from
/// the prose around it. `names` are the game's players. A line the reader accepts is always a
/// command; a line that opens with one of its verbs is one too, even when it is wrong, so that
/// it is refused with its reason rather than dropped as chat.
pub fn starts_like_command(line: &str, names: &[String]) -> bool {
    let normal = normalise(line);
    let lower = normal.trim().to_lowercase();
    let first = lower
        .split(|c: char| c.is_whitespace() || c == ':')
        .next()
        .unwrap_or("");
    let named = |who: &str| {
        names
            .iter()
            .any(|n| crate::games::names::same_name(n, who.trim()))
    };
    match read_line(&normal) {
        // `Word: how many Pairs` is a question only when the word is a player: `PS: Blues`
        // or `Note: pairs` in a signature is prose.
        Ok(Command::Ask(ask)) if !named(&ask.target) && !VERBS.contains(&first) => {}
        Ok(_) => return true,
        Err(_) => {}
    }
    const VERBS: [&str; 17] = [
        "ask",
        "final",
        "finale",
        "accuse",
        "accuser",
        "j'accuse",
        "exchange",
        "echange",
        "échange",
        "échanger",
        "echanger",
        "pass",
        "passe",
        "back",
        "demander",
        "dernière",
        "derniere",
    ];
    VERBS.contains(&first)
        || lower.starts_with("i accuse ")
        || lower.starts_with("demande à ")
        || lower.starts_with("demande a ")
        || names
            .iter()
            .any(|n| lower.starts_with(&format!("{}:", n.to_lowercase())))
}

/// The cards a line accuses, when it reads as an accusation.
pub fn accused_cards(line: &str) -> Option<Vec<Card>> {
    match read_line(&normalise(line)) {
        Ok(Command::Accuse(cards)) => Some(cards),
        _ => None,
    }
}

fn read_line(raw: &str) -> Result<Command, Refusal> {
    let line = raw
        .trim()
        .trim_end_matches(['.', '?', '!', ' '])
        .trim()
        .to_string();
    let lower = line.to_lowercase();
    if matches!(
        lower.as_str(),
        "exchange" | "exchange cards" | "echange" | "échange" | "échanger" | "echanger"
    ) {
        return Ok(Command::Exchange);
    }
    if matches!(lower.as_str(), "pass" | "passe" | "je passe") {
        return Ok(Command::Pass);
    }
    if matches!(
        lower.as_str(),
        "back" | "i am back" | "i'm back" | "here" | "retour" | "de retour" | "présent"
    ) {
        return Ok(Command::Back);
    }
    // `accuse: 2 Blue Opal` would read as a question to a player called "accuse".
    if ["i accuse:", "j'accuse:", "accuser:", "accuse:"]
        .iter()
        .any(|v| lower.starts_with(v))
    {
        return Err(Refusal::AccuseColon);
    }
    for verb in ["i accuse ", "j'accuse ", "accuser ", "accuse "] {
        if let Some(rest) = lower.strip_prefix(verb) {
            return accusation(rest);
        }
    }
    let (final_question, rest) = match ["final ", "finale ", "dernière ", "derniere "]
        .iter()
        .find_map(|p| lower.strip_prefix(p))
    {
        Some(rest) => (true, rest.trim()),
        None => (false, lower.as_str()),
    };
    ask(rest, final_question)
}

fn accusation(rest: &str) -> Result<Command, Refusal> {
    let mut cards = Vec::new();
    for part in rest
        .split([',', ';'])
        .flat_map(|p| p.split(" and "))
        .flat_map(|p| p.split(" et "))
    {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        cards.push(Card::parse(part).map_err(|e| Refusal::BadCard(e.to_string()))?);
    }
    if cards.is_empty() {
        return Err(Refusal::AccuseWhat);
    }
    Ok(Command::Accuse(cards))
}

/// `ask Ben how many Pairs`, `I ask Ben how many Pairs`, `ask Ben for Blue Opals using Free
/// Choice Blue`, `Ben: how many Pairs`, `demander à Ben combien de paires`, `je demande à Ben
/// combien de paires`.
fn ask(text: &str, final_question: bool) -> Result<Command, Refusal> {
    // `Ben: …` names one player before its colon; a colon further on is a card's own
    // (`… avec Choix libre : bleus`, as the French letters print it).
    let named = text
        .split_once(':')
        .filter(|(name, _)| !name.trim().contains(' '));
    let (target, rest) = if let Some((name, rest)) = named {
        (name.trim(), rest.trim())
    } else {
        let after = [
            "i ask ",
            "ask ",
            "je demande à ",
            "je demande a ",
            "demander à ",
            "demander a ",
            "demande à ",
            "demande a ",
        ]
        .iter()
        .find_map(|p| text.strip_prefix(p))
        .ok_or(Refusal::NotUnderstood)?;
        after.trim().split_once(' ').ok_or(Refusal::AskWhat)?
    };
    if target.is_empty() || target.contains(' ') {
        return Err(Refusal::NotUnderstood);
    }
    let (what, card) = match split_card(rest) {
        Some((what, card)) => {
            let card = SearchCard::parse(card)
                .ok_or_else(|| Refusal::UnknownSearchCard(card.trim().to_string()))?;
            (what, Some(card))
        }
        None => (rest, None),
    };
    let what = what.trim();
    // The words that open a question, with nothing after them, do not say what to ask.
    if ["how many", "for", "combien de", "combien", "about", "show"].contains(&what) {
        return Err(Refusal::AskWhat);
    }
    let what = [
        "how many ",
        "for ",
        "combien de ",
        "combien d'",
        "combien ",
        "about ",
        "show ",
    ]
    .iter()
    .find_map(|p| what.strip_prefix(p))
    .unwrap_or(what);
    let traits = read_traits(what).map_err(Refusal::UnknownWord)?;
    match traits.as_slice() {
        [] => return Err(Refusal::AskWhat),
        [_] => {}
        [a, b] if a.kind() != b.kind() => {}
        [a, b] => return Err(Refusal::SameKind(a.kind(), *b)),
        _ => return Err(Refusal::TooManyElements),
    }
    Ok(Command::Ask(Ask {
        target: target.to_string(),
        traits,
        card,
        final_question,
    }))
}

/// The question and the card it names: `… using Free Choice Blue`.
fn split_card(text: &str) -> Option<(&str, &str)> {
    [" using ", " with ", " avec ", " en utilisant "]
        .iter()
        .find_map(|sep| text.split_once(sep))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::deck::{Colour, Gem};

    fn one(text: &str) -> Command {
        read(text).unwrap().remove(0).command
    }

    #[test]
    fn an_accusation_with_a_colon_is_told_so_not_read_as_a_question_to_a_player() {
        for line in [
            "accuse: 2 Blue Opal",
            "I accuse: 2 Blue Opal",
            "j'accuse: 2 opale bleue",
        ] {
            let err = read(line).unwrap_err();
            assert_eq!(err[0].problem, Refusal::AccuseColon, "{line}");
        }
        assert!(matches!(one("accuse 2 Blue Opal"), Command::Accuse(_)));
    }

    #[test]
    fn a_question_that_stops_at_its_opening_words_is_told_it_says_nothing_to_ask() {
        for line in [
            "ask Ben how many",
            "ask Ben for",
            "demande à Ben combien de",
        ] {
            let err = read(line).unwrap_err();
            assert_eq!(err[0].problem, Refusal::AskWhat, "{line}");
        }
    }

    #[test]
    fn every_french_command_the_help_letter_names_reads() {
        for line in [
            "demande à Ben combien de paires",
            "demande à Ben opales bleues",
            "demande à Ben opales bleues avec Free Choice Blue",
            "échange",
            "dernière demande à Ben opales bleues",
            "j'accuse 2 opale bleue",
            "passe",
            "retour",
        ] {
            assert!(read(line).is_ok(), "{line}: {:?}", read(line));
        }
    }

    #[test]
    fn every_form_of_the_turn_language_reads() {
        let blue_opals = vec![Trait::Colour(Colour::Blue), Trait::Gem(Gem::Opal)];
        assert_eq!(
            one("ask Ben how many Pairs"),
            Command::Ask(Ask {
                target: "ben".into(),
                traits: vec![Trait::Number(2)],
                card: None,
                final_question: false
            })
        );
        assert_eq!(one("Ben: how many Pairs?"), one("ask Ben how many pairs"));
        let Command::Ask(a) = one("ask Ben for Blue Opals using Free Choice Blue") else {
            panic!()
        };
        assert_eq!(a.traits, blue_opals);
        assert_eq!(
            a.card,
            Some(SearchCard::FreeOf(Trait::Colour(Colour::Blue)))
        );
        // The card named as the French letters print it, colon and all.
        assert_eq!(
            one("demande à Ben opales bleues avec Choix libre : bleus"),
            one("demande à Ben opales bleues avec Free Choice Blue")
        );
        let Command::Ask(f) = one("final ask Ben how many Reds") else {
            panic!()
        };
        assert!(f.final_question);
        assert_eq!(one("Exchange."), Command::Exchange);
        assert_eq!(
            one("accuse 2 Blue Opal, 3 Red Pearl"),
            Command::Accuse(vec![
                Card::new(2, Colour::Blue, Gem::Opal),
                Card::new(3, Colour::Red, Gem::Pearl)
            ])
        );
        let Command::Ask(fr) = one("demander à Ben combien de paires") else {
            panic!()
        };
        assert_eq!(fr.traits, vec![Trait::Number(2)]);
        // The natural forms, as "I accuse" is read.
        for line in [
            "I ask Dan how many Diamonds?",
            "je demande à Dan combien de diamants",
        ] {
            let Command::Ask(a) = one(line) else {
                panic!("{line}")
            };
            assert!(a.target.eq_ignore_ascii_case("dan"), "{line}");
            assert_eq!(a.traits, vec![Trait::Gem(Gem::Diamond)], "{line}");
        }
    }

    #[test]
    fn each_bad_line_is_refused_with_its_number_and_why() {
        let errors = read(
            "ask Ben for Blue Reds\nhello there\naccuse 2 Blue\nask Ben how many Pairs using Wild",
        )
        .unwrap_err();
        let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![1, 2, 3, 4]);
        assert!(matches!(errors[0].problem, Refusal::SameKind(..)));
        assert_eq!(errors[1].problem, Refusal::NotUnderstood);
        assert!(matches!(errors[2].problem, Refusal::BadCard(_)));
        assert!(matches!(errors[3].problem, Refusal::UnknownSearchCard(_)));
        assert!(errors[1].to_string().contains("ask Ben how many Pairs"));
        assert_eq!(
            read("\n> quoted\n").unwrap_err()[0].problem,
            Refusal::Nothing
        );
    }

    #[test]
    fn a_command_line_is_told_from_prose() {
        let names = vec!["Ben".to_string()];
        assert!(starts_like_command("Ask Ben for Blue Opals", &names));
        assert!(starts_like_command("ben: how many Pairs?", &names));
        assert!(starts_like_command("accuse 2 Blue Opal", &names));
        assert!(!starts_like_command("Thanks, see you tomorrow", &names));
        // Every form the reader accepts is a command line too, not chat.
        for line in [
            "I accuse 2 Blue Opal",
            "je passe",
            "I'm back",
            "here",
            "de retour",
            "présent",
            "echanger",
            "demande à Ben combien de paires",
            "finale ask Ben for Blue Opals",
            "derniere demande à Ben combien de paires",
        ] {
            assert!(starts_like_command(line, &names), "{line}");
        }
        // A line that opens with a verb is a command even when it is wrong, so it is refused.
        assert!(starts_like_command("ask Ben about the weather", &names));
        assert!(!starts_like_command("I think Ben has it", &names));
        // `Word: traits` is a question only to a player: a signature's `PS:` is prose.
        assert!(!starts_like_command("PS: Blues", &names));
        assert!(!starts_like_command("Note: pairs", &names));
        assert!(
            starts_like_command("ask Zed how many Pairs", &names),
            "refused, not dropped"
        );
    }
}
