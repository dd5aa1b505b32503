//! What Clue's opening and final bulletins say (RULES-CLUE.md): at the start, every house rule
//! (with what `ask_refuter` lets everyone learn) and every roll of the roll-off for the first
//! turn; at either ending, the envelope, the whole deal, the seed and the salt. The public
//! table, each player's page, the welcome letters and the last letters all word them here.

use super::cards::Card;
use super::stored::Stored;
use crate::lang::Lang;

/// The house rules in a sentence, and, with `ask_refuter`, what a refuter's wait tells all.
pub fn house_rules(t: Lang, g: &Stored) -> Vec<String> {
    let rules: Vec<String> = (g.settings.lines().into_iter())
        .map(|(k, v)| format!("{k} = {v}"))
        .collect();
    let mut lines = vec![t.t1("clue-house-rules", "rules", rules.join(", "))];
    if g.settings.ask_refuter {
        lines.push(t.t("clue-ask-refuter-note"));
    }
    lines
}

/// Every roll of the roll-off, round by round, and who plays first.
pub fn roll_off(t: Lang, g: &Stored) -> String {
    let setup = &g.game.setup;
    let name = |s: usize| g.game.players.get(s).map_or("?", |p| p.as_str());
    let rounds: Vec<String> = (setup.roll_off.iter())
        .map(|round| {
            let rolls: Vec<String> = (round.iter())
                .map(|(s, rolled)| format!("{} {rolled}", name(*s)))
                .collect();
            rolls.join(", ")
        })
        .collect();
    t.t2(
        "clue-roll-off",
        "rolls",
        rounds.join(&t.t("clue-roll-off-again")),
        "first",
        name(setup.first),
    )
}

/// Each seat's whole hand at the end, a line each: `Ann (Miss Scarlet): Rope, Kitchen`.
pub fn hands(t: Lang, g: &Stored) -> Vec<(String, Vec<String>)> {
    (0..g.game.players.len())
        .map(|s| {
            let guest = Card::all().nth(g.game.guests[s]).map(|c| t.clue_card(c));
            let who = format!("{} ({})", g.game.players[s], guest.unwrap_or_default());
            let cards = g.game.setup.hands[s].iter().map(|c| t.clue_card(*c));
            (who, cards.collect())
        })
        .collect()
}

/// The final bulletin in lines of a letter: the whole deal, then the seed and the salt that
/// drew it, and where the record that `verify` re-runs is (the envelope is said before it).
pub fn final_lines(t: Lang, g: &Stored, record_link: &str) -> Vec<String> {
    let hands: Vec<String> = (hands(t, g).into_iter())
        .map(|(who, cards)| format!("  {who}: {}", cards.join(", ")))
        .collect();
    vec![
        t.t1("clue-final-hands", "hands", hands.join("\n")),
        seed_and_salt(t, g, record_link),
    ]
}

/// The seed and the salt, the commitment they give, and the record to check them with.
pub fn seed_and_salt(t: Lang, g: &Stored, record_link: &str) -> String {
    t.tr(
        "clue-final-seed",
        [
            ("seed", g.seed.to_string().into()),
            ("salt", g.salt.as_str().into()),
            ("commitment", g.commitment().into()),
            ("link", record_link.into()),
        ],
    )
}
