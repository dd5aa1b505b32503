//! What the one validation of a new game (`request`) asks of a game about its house rules
//! (`HouseRules`), and how a request's ruleset name is found among them: every game reads,
//! checks and words its own.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use crate::lang::Said;
use crate::store::Ruleset;

/// Why `name` may be no player's in any of these games: not written as a name is, or a word
/// of one game's turns (that game named, by its title); None when it may be. The one rule for
/// names given before the game is known (sign-up, a seat given to someone else, a forming
/// game's computer players): a game's own constructor checks the names of its table again.
pub fn name_problem(name: &str, books: &[&dyn HouseRules]) -> Option<Said> {
    if !crate::games::names::valid_name(name) {
        return Some(crate::said!("error-player-name", name = name));
    }
    let book = books.iter().find(|b| b.reserved_name(name))?;
    Some(crate::said!(
        "error-name-reserved",
        name = name,
        game = book.title()
    ))
}

/// What the one validation of a new game asks of a game about its house rules. Each game's
/// folder implements it; the door that checks a request passes every game's, in the
/// registry's order (`Master::house_rules`): a request that names no game is the first's.
pub trait HouseRules: Sync {
    /// The game these rules are of.
    fn ruleset(&self) -> Ruleset;
    /// The other names a request may give it by.
    fn aliases(&self) -> &'static [&'static str];
    /// Its name for people, in the message that lists the games a request may name.
    fn title(&self) -> &'static str;
    /// How many players a table of it may have.
    fn players(&self) -> RangeInclusive<usize>;
    /// Its house rules read from what was given (none: the defaults), as it keeps them, or
    /// why they cannot be read.
    fn read(&self, given: Option<&serde_json::Value>) -> Result<serde_json::Value, Said>;
    /// Whether they suit a table of `players`.
    fn fits(&self, rules: &serde_json::Value, players: usize) -> Result<(), Said>;
    /// How long a turn lasts under them, in seconds; None when it lasts what the request asks
    /// (a round's length).
    fn turn_seconds(&self, rules: &serde_json::Value) -> Option<i64>;
    /// A deal given in full for these players and rules: fine, or every problem in a sentence.
    fn check_deal(
        &self,
        names: &[String],
        rules: &serde_json::Value,
        deal: &BTreeMap<String, Vec<String>>,
    ) -> Result<(), String>;
    /// Whether a name may not be a player's in this game (a word of its turn language).
    fn reserved_name(&self, name: &str) -> bool;
    /// Its name in the new-game form's list of games, in the reader's language.
    fn label(&self, t: crate::lang::Lang) -> String;
    /// A sentence saying what the game is, beside that list (None: the form's own says it).
    fn hint(&self, t: crate::lang::Lang) -> Option<String>;
    /// Its fields of the new-game form as a blank form first shows them.
    fn form_defaults(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// Its fields of the new-game form (HTML, escaped by its own template), filled with what
    /// the form held (`value(name)`, "" when absent).
    fn form(&self, t: crate::lang::Lang, value: &dyn Fn(&str) -> String) -> String;
    /// The pieces a player may choose, by the name they are written with and as the reader
    /// reads them (Clue's guests); none for a game without.
    fn choices(&self, t: crate::lang::Lang) -> Vec<(String, String)> {
        let _ = t;
        Vec::new()
    }
    /// What a choice is called on the forms ("Your guest").
    fn choice_label(&self, t: crate::lang::Lang) -> String {
        let _ = t;
        String::new()
    }
    /// A piece as a player wrote it, as the game names it, or why it is none.
    fn read_choice(&self, written: &str) -> Result<String, Said> {
        Err(crate::said!(
            "error-no-pieces",
            piece = written,
            game = self.title()
        ))
    }
    /// Its house rules from the new-game form's fields (`field(name)` is a field's value, ""
    /// when absent); `assistant` is the form's one shared box.
    fn read_form(
        &self,
        field: &dyn Fn(&str) -> String,
        assistant: bool,
    ) -> Result<serde_json::Value, Vec<Said>>;
}

/// The game a request names (none: the first game's), with its house rules; a name no game
/// has is refused with the names there are.
pub(super) fn ruleset_named<'b>(
    name: Option<&str>,
    books: &[&'b dyn HouseRules],
) -> Result<&'b dyn HouseRules, Said> {
    let Some(first) = books.first().copied() else {
        return Err(Said::text("this service runs no game"));
    };
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(first);
    };
    let wanted = name.to_ascii_lowercase();
    let found = books
        .iter()
        .copied()
        .find(|b| b.ruleset().as_str() == wanted || b.aliases().contains(&wanted.as_str()));
    found.ok_or_else(|| {
        let names: Vec<String> = books
            .iter()
            .map(
                |b| match b.title().eq_ignore_ascii_case(b.ruleset().as_str()) {
                    true => b.ruleset().as_str().to_string(),
                    false => format!("{} ({})", b.ruleset().as_str(), b.title()),
                },
            )
            .collect();
        Said::text(format!(
            "\"{wanted}\" is not a ruleset: use {}",
            crate::lang::words::or_list(&names)
        ))
    })
}

/// House rules of type `T` read from what a request gave (none: its defaults), as a game
/// keeps them, or why they cannot be read: what most games' `HouseRules::read` is.
pub fn read_as<T>(given: Option<&serde_json::Value>) -> Result<serde_json::Value, Said>
where
    T: serde::de::DeserializeOwned + serde::Serialize + Default,
{
    let rules: T = match given {
        Some(v) => serde_json::from_value(v.clone())
            .map_err(|e| crate::said!("error-settings-unusable", why = e.to_string()))?,
        None => T::default(),
    };
    serde_json::to_value(rules).map_err(|e| Said::text(e.to_string()))
}

/// A whole number of a new-game form's field (`field(key)`, "" when absent), or None when the
/// field is empty; when it is no number, the problem, named by the field's `label` message,
/// is added to `problems`. Every game's form fields and the core's are read by it.
pub fn form_number<T: std::str::FromStr>(
    field: &dyn Fn(&str) -> String,
    key: &str,
    label: &str,
    problems: &mut Vec<Said>,
) -> Option<T> {
    let v = field(key);
    let v = v.trim();
    if v.is_empty() {
        return None;
    }
    match v.parse() {
        Ok(n) => Some(n),
        Err(_) => {
            problems.push(crate::said!(
                "error-form-not-whole",
                label = Said::new(label),
                value = v
            ));
            None
        }
    }
}
