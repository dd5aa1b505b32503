//! Where the service lives and how it signs: the links in pages and mail, the reply addresses
//! that authenticate a player's mail, and the HMAC tokens that prove themselves without being
//! stored. Mail composers and pages take a `Site`, not the game master, so the arrows of the
//! house point one way; it depends on `keys` alone.

use crate::keys;

#[derive(Clone, Debug)]
pub struct Site {
    /// Where links point, e.g. `http://127.0.0.1:8080`.
    pub base_url: String,
    /// The From of every mail, e.g. `Polysleuth <gm@localhost>`.
    pub mail_from: String,
    /// The bare address of `mail_from`; players reply to `local+TOKEN@domain`.
    pub mail_address: String,
    /// Keys the reply-address tokens; made once and kept in the database.
    pub reply_secret: String,
}

impl Site {
    pub fn link(&self, path: &str) -> String {
        format!("{}{}", self.base_url.trim_end_matches('/'), path)
    }

    /// A game's public page.
    pub fn public_page(&self, game_id: i64) -> String {
        self.link(&format!("/games/{game_id}"))
    }

    /// A token for `purpose` and a row id that proves itself without being stored: an HMAC
    /// under the service's own secret.
    pub fn sign(&self, purpose: &str, id: i64) -> String {
        self.mac(format!("{purpose}:{id}").as_bytes())
    }

    /// The service's signature of a text, for a purpose (the CSRF token of a cookie).
    pub fn sign_text(&self, purpose: &str, text: &str) -> String {
        self.mac(format!("{purpose}:text:{text}").as_bytes())
    }

    fn mac(&self, message: &[u8]) -> String {
        use hmac::{Hmac, Mac};
        type Keyed = Hmac<sha2::Sha256>;
        thread_local! {
            /// The MAC with its key already taken in (two of a short MAC's four blocks), for
            /// the last secret this thread used: every page checks a key and signs a form.
            static KEYED: std::cell::RefCell<Option<(String, Keyed)>> =
                const { std::cell::RefCell::new(None) };
        }
        let mut mac = KEYED.with(|k| {
            let mut k = k.borrow_mut();
            match &*k {
                Some((secret, keyed)) if *secret == self.reply_secret => keyed.clone(),
                _ => {
                    let keyed = Keyed::new_from_slice(self.reply_secret.as_bytes())
                        .expect("any key length");
                    *k = Some((self.reply_secret.clone(), keyed.clone()));
                    keyed
                }
            }
        });
        mac.update(message);
        hex::encode(&mac.finalize().into_bytes()[..16])
    }

    /// Whether the service's links are https: cookies are then `Secure` and `__Host-`, and
    /// browsers are told to keep to https.
    pub fn https(&self) -> bool {
        self.base_url.starts_with("https://")
    }

    /// The id a signed token names, when its signature is right (compared in constant time).
    pub fn check_signed(&self, purpose: &str, token: &str) -> Option<i64> {
        let (id, key) = keys::split_token(token)?;
        same(&self.sign(purpose, id), key).then_some(id)
    }

    /// The reply token of a player: proves the key without storing it. Signed with the
    /// key's version, so a replaced link's reply address stops working too.
    pub fn reply_token(&self, player_id: i64, key_version: i64) -> String {
        match key_version {
            0 => self.sign("reply", player_id),
            v => self.sign(&format!("reply {v}"), player_id),
        }
    }

    /// Whether `key` is the player's reply token (constant time).
    pub fn is_reply_token(&self, player_id: i64, key_version: i64, key: &str) -> bool {
        same(&self.reply_token(player_id, key_version), key)
    }

    /// The token of a player's page link sent in mail: proves the key without storing it, as
    /// the reply token does, and is replaced with it when the player gets a new link.
    pub fn page_token(&self, player_id: i64, key_version: i64) -> String {
        self.sign(&format!("page {key_version}"), player_id)
    }

    /// Whether `key` is the player's page token (constant time).
    pub fn is_page_token(&self, player_id: i64, key_version: i64, key: &str) -> bool {
        same(&self.page_token(player_id, key_version), key)
    }

    /// A player's own page, as every mail to them links it.
    pub fn page_link(&self, player_id: i64, key_version: i64) -> String {
        self.link(&format!(
            "/play/{}",
            keys::token(player_id, &self.page_token(player_id, key_version))
        ))
    }

    /// `gm+12-<token>@domain`: replying to any mail of the game authenticates the player.
    pub fn reply_address(&self, player_id: i64, key_version: i64) -> String {
        let (local, domain) = self
            .mail_address
            .split_once('@')
            .unwrap_or((&self.mail_address, "localhost"));
        format!(
            "{local}+{}@{domain}",
            keys::token(player_id, &self.reply_token(player_id, key_version))
        )
    }

    /// The token of a sign-up (to join, an invitation, a standby): its links and its reply
    /// address carry it.
    pub fn signup_token(&self, signup_id: i64) -> String {
        keys::token(signup_id, &self.sign("signup", signup_id))
    }

    /// The page where a sign-up is confirmed, declined or left.
    pub fn signup_link(&self, signup_id: i64) -> String {
        self.link(&format!("/join/{}", self.signup_token(signup_id)))
    }

    /// `gm+join-12-<token>@domain`: replying confirms (or declines) the sign-up.
    pub fn signup_address(&self, signup_id: i64) -> String {
        let (local, domain) = self
            .mail_address
            .split_once('@')
            .unwrap_or((&self.mail_address, "localhost"));
        format!("{local}+join-{}@{domain}", self.signup_token(signup_id))
    }

    pub fn player_link(&self, player_id: i64, key: &str) -> String {
        self.link(&format!("/play/{}", keys::token(player_id, key)))
    }

    pub fn gm_link(&self, game_id: i64, key: &str) -> String {
        self.link(&format!("/gm/{}", keys::token(game_id, key)))
    }

    /// The link that stops an observer's bulletins.
    pub fn observer_link(&self, observer_id: i64) -> String {
        self.link(&format!("/observe/{}", self.observer_token(observer_id)))
    }

    /// The link an observer opens to confirm their address.
    pub fn observer_confirm_link(&self, observer_id: i64) -> String {
        self.link(&format!(
            "/observe/{}/confirm",
            self.observer_token(observer_id)
        ))
    }

    fn observer_token(&self, observer_id: i64) -> String {
        keys::token(observer_id, &self.sign("observe", observer_id))
    }
}

/// A signature compared with what was presented, in constant time and whatever its case.
fn same(signature: &str, presented: &str) -> bool {
    subtle::ConstantTimeEq::ct_eq(
        signature.as_bytes(),
        presented.to_ascii_lowercase().as_bytes(),
    )
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> Site {
        Site {
            base_url: "https://games.example/".into(),
            mail_from: "GM <gm@games.example>".into(),
            mail_address: "gm@games.example".into(),
            reply_secret: "secret".into(),
        }
    }

    #[test]
    fn a_signed_token_checks_and_a_changed_one_does_not() {
        let s = site();
        let token = keys::token(7, &s.sign("observe", 7));
        assert_eq!(s.check_signed("observe", &token), Some(7));
        assert_eq!(s.check_signed("observe", &token.to_uppercase()), Some(7));
        assert_eq!(s.check_signed("reply", &token), None);
        let other = keys::token(8, &s.sign("observe", 7));
        assert_eq!(s.check_signed("observe", &other), None);
    }

    #[test]
    fn a_replaced_key_changes_the_reply_address() {
        let s = site();
        let first = s.reply_address(3, 0);
        assert!(first.starts_with("gm+3-") && first.ends_with("@games.example"));
        assert_ne!(first, s.reply_address(3, 1));
        assert!(s.is_reply_token(3, 1, &s.reply_token(3, 1)));
        assert!(!s.is_reply_token(3, 1, &s.reply_token(3, 0)));
    }

    #[test]
    fn links_join_the_base_without_a_double_slash() {
        assert_eq!(site().public_page(4), "https://games.example/games/4");
        assert!(site().https());
    }
}
