//! Polysleuth's words against its engine: a turn's problems in English are the replay
//! contract's own sentences, and in French they quote the line and give a French example.

use super::problems::line_error;
use crate::lang::Lang;

#[test]
fn english_problems_are_the_replay_contracts_words() {
    let samples = [
        "hello there",
        "1: Bob has 2 Purple Opal",
        "1 (x): Bob has how many Reds?",
        "1 (2): Bob has how many Red Blue?",
        "1 (2): Bob has how many Red Opal Ones?",
        "1 (2): Bob has how many?",
        "1 (2): Bob has 2 Red Opal",
        "1: Bob has how many Reds?",
        "1: Bob has 2 Red\n1: Bob has 2 Red Opal\n1: Bob has 1 Red Opal",
        "1: Zed has 2 Red Opal\n1 (3): Zed has how many Reds?\n(99): Bob has how many Reds?",
        "1: Ann has 2 Red Opal\n(1): Ann has how many Reds?\n(1): the safe has how many Reds?\n1: safe has 1 Red Opal",
    ];
    let game = crate::games::polysleuth::rules::Game::new(
        vec!["Ann".into(), "Bob".into(), "Cat".into(), "Dan".into()],
        crate::games::polysleuth::rules::Settings::default(),
        7,
        None,
    )
    .expect("a game");
    let mut seen = 0;
    for text in samples {
        let errors = match game.validate(0, text) {
            Err(e) => e,
            Ok(_) => continue,
        };
        for e in errors {
            assert_eq!(line_error(Lang::En, &e), e.to_string());
            seen += 1;
        }
    }
    assert!(seen >= 12, "only {seen} problems compared");
}

#[test]
fn french_problems_quote_the_line_and_give_a_french_example() {
    let game = crate::games::polysleuth::rules::Game::new(
        vec!["Ann".into(), "Ben".into(), "Cleo".into()],
        crate::games::polysleuth::rules::Settings::default(),
        7,
        None,
    )
    .expect("a game");
    let errors = game
        .validate(0, "bonjour\n1: Zoé a 2 diamant rouge")
        .unwrap_err();
    assert_eq!(
        line_error(Lang::Fr, &errors[0]),
        "ligne 1 : « bonjour » n’est pas compris ; on attend une supposition comme « 1: Ben a 2 diamant rouge » ou « 2: l’opale bleue solitaire est dans le coffre », une question comme « 1 (5): Ben a combien de rouges ? », ou le mot « prêt » ou « fini »"
    );
    assert!(line_error(Lang::Fr, &errors[1])
        .contains("nomme « Zoé », qui n’est pas un joueur ; les joueurs sont Ann, Ben, Cleo"));
}
