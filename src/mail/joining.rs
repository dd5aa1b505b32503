//! Joining by mail: `join GAME NAME` sent to the game master's address asks for a seat in a
//! forming game (a confirmation goes back to the sender), and a reply to a sign-up's mail
//! (its `gm+join-…` address proves the sign-up's own address) confirms it, accepts an
//! invitation with `accept NAME`, or declines with `decline`.

use super::forming as letters;
use super::inbound::Incoming;
use crate::master::{Master, MasterError};

/// What a mail about a sign-up asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Ask {
    /// `join 12 Ann`
    Join { game: i64, name: String },
    /// A reply to a sign-up: confirm, `accept NAME`, or `decline`.
    Answer {
        token: String,
        decline: bool,
        name: Option<String>,
    },
}

/// The sign-up a mail is about, if it is one.
pub fn ask(mail: &Incoming, own_address: &str) -> Option<Ask> {
    // The writer's own lines: the quoted mail below them is not read.
    let lines: Vec<String> = mail
        .text
        .lines()
        .map(str::trim)
        .take_while(|l| !(l.starts_with('>') || l.starts_with("On ") && l.ends_with("wrote:")))
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    let plus = super::inbound::plus_token(&mail.recipients, own_address);
    if let Some(token) = plus
        .as_deref()
        .and_then(|t| t.strip_prefix("join-").map(str::to_string))
    {
        let mut decline = false;
        let mut name = None;
        for line in &lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [w] if w.eq_ignore_ascii_case("decline") => decline = true,
                [w, n] if w.eq_ignore_ascii_case("accept") => name = Some(n.to_string()),
                _ => {}
            }
        }
        return Some(Ask::Answer {
            token,
            decline,
            name,
        });
    }
    // Mail to a player's reply address is theirs: never read as a join.
    if plus.is_some() {
        return None;
    }
    let first = lines.first()?;
    let words: Vec<&str> = first.split_whitespace().collect();
    match words.as_slice() {
        [w, game, name] if w.eq_ignore_ascii_case("join") => Some(Ask::Join {
            game: game.trim_start_matches('#').parse().ok()?,
            name: name.to_string(),
        }),
        _ => None,
    }
}

/// Carries out a sign-up mail and answers the sender: the game it was about, and whether it
/// was a `join` refused. A refused `join` is answered at most once a day per address: its
/// `From:` may be anyone's, and a stranger's forgeries must not fill a victim's mailbox.
pub async fn handle(
    master: &Master,
    ask: Ask,
    sender: &str,
) -> Result<(Option<i64>, bool), MasterError> {
    let (game, result) = match ask {
        Ask::Join { game, name } => {
            let r = master
                .sign_up(Some(game), &name, sender, false, None, None)
                .await;
            // On success the confirmation mail is the answer.
            if r.is_ok() {
                return Ok((Some(game), false));
            }
            (Some(game), r)
        }
        Ask::Answer {
            token,
            decline,
            name,
        } => {
            let (signup, game) = master.signup_by_token(&token).await?;
            // The sign-up's own language, else the game's.
            let t = signup
                .language
                .or(game.map(|g| g.language))
                .unwrap_or_default();
            let r = match decline {
                true => master.withdraw_signup(&token).await,
                false => master.confirm_signup(&token, name.as_deref()).await,
            };
            // The answer goes to the sign-up's own address, whoever wrote from where.
            let said = match &r {
                Ok(s) => t.said(s),
                Err(e) => e.worded(t),
            };
            let letter = letters::answer(&said, t);
            master
                .send_loose(&signup.email, letter, signup.game_id)
                .await?;
            return Ok((signup.game_id, false));
        }
    };
    if let Err(e) = result {
        // Claimed before the answer is sent.
        if !crate::mail::answers::once_a_day(master, sender, "join").await? {
            return Ok((game, true));
        }
        // Whoever asked chose no language yet: the game's, when there is one.
        let t = match game {
            Some(id) => master
                .public_game(id)
                .await
                .map(|g| g.language)
                .unwrap_or_default(),
            None => Default::default(),
        };
        let letter = letters::join_refused(&e.worded(t), t);
        master.send_loose(sender, letter, game).await?;
        return Ok((game, true));
    }
    Ok((game, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn incoming(to: &str, text: &str) -> Incoming {
        Incoming {
            sender: Some("ann@example.org".into()),
            recipients: vec![to.into()],
            automatic: None,
            text: text.into(),
            subject: String::new(),
            bounce: None,
        }
    }

    #[test]
    fn a_join_line_names_the_game_and_the_player() {
        let m = incoming("gm@x.test", "join 12 Ann\n\nThanks,\nAnn");
        assert_eq!(
            ask(&m, "gm@x.test"),
            Some(Ask::Join {
                game: 12,
                name: "Ann".into()
            })
        );
        assert_eq!(
            ask(&incoming("gm@x.test", "hello there"), "gm@x.test"),
            None
        );
    }

    #[test]
    fn a_reply_to_a_signup_accepts_with_a_name_or_declines() {
        let m = incoming("gm+join-4-abc@x.test", "accept Dan\n\n> You are invited");
        assert_eq!(
            ask(&m, "gm@x.test"),
            Some(Ask::Answer {
                token: "4-abc".into(),
                decline: false,
                name: Some("Dan".into())
            })
        );
        let m = incoming("gm+join-4-abc@x.test", "Decline\n");
        assert!(matches!(
            ask(&m, "gm@x.test"),
            Some(Ask::Answer { decline: true, .. })
        ));
    }
}
