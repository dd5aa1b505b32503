//! A reply's lines as the runner carries them out, on tables laid out by hand: what a line is
//! told when the line before it changed what it may do.

use super::super::Refusal;
use super::game_with;
use crate::games::sherlock::replay::{reply, Why};
use crate::games::sherlock::setup::{play_stream, Case, Detective};

#[test]
fn a_then_line_after_an_ability_that_chose_by_itself_is_told_so() {
    // Watson's replies, each on a game whose deck begins with `top`: the last line's refusal.
    let refused = |top: &[&str], replies: &[&str]| {
        let mut g = game_with(Detective::Watson, Case::ValleyOfFear, top);
        let mut rng = play_stream("salt", 1);
        let done = (replies.iter())
            .map(|text| reply(&mut g, text, &mut rng))
            .last()
            .expect("a reply");
        let last = done.lines.last().expect("a line").clone();
        let why = last.refused.expect("the last line is refused");
        (last.line, why, last.why)
    };
    // Watson's 2s move an Investigation card from the Crime Scene into the Office: with the
    // 3 alone left there after the pair, the service makes that one choice itself.
    let (line, why, whole) = refused(
        &["3", "2", "1", "4", "2", "A", "B", "C"],
        &[
            "3 scene\n2 scene\n1 office\n4 office",
            "2 scene\nthen 3 from scene to set 3",
        ],
    );
    assert_eq!(line, "then 3 from scene to set 3");
    assert!(
        why.starts_with(
            "the ability had one choice only, and it was made for you: \"then 3 from scene to set"
        ),
        "{why}"
    );
    assert!(
        matches!(whole, Some(Why::Refused(Refusal::MadeForYou(_)))),
        "{whole:?}"
    );
    // Watson's 2s with no Investigation card left in the scene: the ability is not used.
    let (_, why, _) = refused(
        &["2", "2", "A", "B"],
        &["2 scene\n2 scene\nthen 1 from scene to set 1"],
    );
    assert!(why.contains("had nothing it could move"), "{why}");
    // A then line with no pair before it is told what a then line follows.
    let (_, why, _) = refused(
        &["2", "3", "A", "B"],
        &["2 scene\nthen 1 from scene to set 1"],
    );
    assert!(why.contains("follows the play that makes a pair"), "{why}");
}
