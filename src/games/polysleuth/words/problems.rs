//! A turn's problems in the player's language: each `Problem` is one Fluent message, its
//! values (cards, names, counts) words of that language.

use crate::games::deck::CardError;
use crate::games::polysleuth::rules::{Holder, Kind, LineError, Problem};
use crate::lang::{words, Arg, Lang};

fn kind(lang: Lang, k: Kind) -> String {
    lang.t(match k {
        Kind::Number => "kind-numbers",
        Kind::Colour => "kind-colours",
        Kind::Gem => "kind-gems",
    })
}

fn card_error(lang: Lang, e: &CardError) -> String {
    match e {
        CardError::UnknownWord(w) => lang.t1("card-unknown-word", "word", w),
        CardError::TwoOfAKind(k) => lang.t1("card-two-of-a-kind", "kind", kind(lang, *k)),
        CardError::Missing(kinds) => {
            let missing: Vec<String> = kinds
                .iter()
                .map(|k| {
                    lang.t(match k {
                        Kind::Number => "card-lacks-number",
                        Kind::Colour => "card-lacks-colour",
                        Kind::Gem => "card-lacks-gem",
                    })
                })
                .collect();
            lang.t1("card-lacks", "missing", missing.join(&lang.t("list-and")))
        }
    }
}

/// One problem, in the language.
pub fn problem(lang: Lang, p: &Problem) -> String {
    use Problem::*;
    let card = |c| words::card(lang, c);
    match p {
        TurnTooBig {
            kib,
            max_kib,
            max_lines,
        } => lang.t3(
            "problem-turn-too-big",
            "kib",
            kib,
            "max_kib",
            max_kib,
            "max_lines",
            max_lines,
        ),
        TooManyLines { lines, max } => {
            lang.t2("problem-too-many-lines", "lines", lines, "max", max)
        }
        MoreProblems { more } => lang.t1("problem-more", "more", more),
        GameOver => lang.t("problem-game-over"),
        NotUnderstood => lang.t("problem-not-understood"),
        GuessWithBid => lang.t("problem-guess-with-bid"),
        NoBid => lang.t("problem-no-bid"),
        BadBid { bid } => lang.t1("problem-bad-bid", "bid", bid),
        ReusedGuess { number } => lang.t1("problem-reused-guess", "number", number),
        ReusedQuestion { number } => lang.t1("problem-reused-question", "number", number),
        NoPlayerBeforeHas => lang.t("problem-no-player-guessed"),
        NotACard(e) => lang.t1("problem-not-a-card", "why", card_error(lang, e)),
        NoPlayerAsked => lang.t("problem-no-player-asked"),
        NotATrait { word } => lang.t1("problem-not-a-trait", "word", word),
        TwoOfAKind { kind: k } => lang.t1("problem-two-of-a-kind", "kind", kind(lang, *k)),
        NoTrait => lang.t("problem-no-trait"),
        TooManyTraits { count } => lang.t1("problem-too-many-traits", "count", count),
        GuessWhileDone => lang.t("problem-guess-while-done"),
        SafeIsEmpty => lang.t("problem-safe-is-empty"),
        GuessOwnHand => lang.t("problem-guess-own-hand"),
        NotAPlayer { name, players } => lang.t2(
            "problem-not-a-player",
            "name",
            name,
            "players",
            players.join(", "),
        ),
        CardInHand { card: c } => lang.t1("problem-card-in-hand", "card", card(*c)),
        CardPublished { card: c, owner } => {
            let owner = match owner {
                Holder::Player(p) => Arg::from(p),
                Holder::Safe => Arg::from(lang.t("the-safe")),
            };
            lang.tr(
                "problem-card-published",
                [("card", Arg::from(card(*c))), ("owner", owner)],
            )
        }
        GuessedBefore { card: c } => lang.t1("problem-guessed-before", "card", card(*c)),
        GuessedTwice {
            card: c,
            first_line,
        } => lang.t2(
            "problem-guessed-twice",
            "card",
            card(*c),
            "line",
            first_line,
        ),
        AskOwnHand => lang.t("problem-ask-own-hand"),
        AskSafe => lang.t("problem-ask-safe"),
        AskNotAPlayer { name, players } => lang.t2(
            "problem-ask-not-a-player",
            "name",
            name,
            "players",
            players.join(", "),
        ),
        OverBudget { bids, eyes } => lang.t2("problem-over-budget", "bids", bids, "eyes", eyes),
    }
}

/// A line's problem with its line and text: `line 2: "…" asks about two colours; …` /
/// `ligne 2 : « … » demande deux couleurs ; …`.
pub fn line_error(lang: Lang, e: &LineError) -> String {
    let problem = problem(lang, &e.problem);
    match (e.line, e.text.is_empty()) {
        (0, true) => problem,
        (0, false) => lang.t2("line-error-quoted", "text", &e.text, "problem", problem),
        (n, true) => lang.t2("line-error-bare", "line", n, "problem", problem),
        (n, false) => lang.t3("line-error", "line", n, "text", &e.text, "problem", problem),
    }
}

/// A line's problem with its text but not its number, for pages that show the number apart.
pub fn line_problem(lang: Lang, e: &LineError) -> String {
    problem(lang, &e.problem)
}
