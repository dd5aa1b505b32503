//! Observers: anyone may follow a game's public bulletins by mail, once their address has
//! confirmed it (double opt-in), and stop with one click.

use super::{Master, MasterError, Result};
use crate::clock::now;
use crate::lang::Said;
use crate::mail::Letter;
use crate::said;
use crate::store::GameStatus;

/// Subscriptions an address may have waiting for its confirmation in a day.
pub const MAX_UNCONFIRMED_SUBSCRIPTIONS: i64 = 5;

impl Master {
    /// Subscribes an address to a game's public bulletins.
    pub async fn observe(&self, game_id: i64, email: &str) -> Result<Said> {
        if let Some(why) = crate::mail::address::problem(email) {
            return Err(MasterError::invalid(said!(
                "error-unusable-address",
                email = email,
                why = why
            )));
        }
        let game = self.public_game(game_id).await?;
        if game.status == GameStatus::Unconfirmed {
            return Err(MasterError::Conflict(said!("error-game-not-started-yet")));
        }
        let now = now();
        // Double opt-in: nothing but one confirmation request goes to an address until it
        // confirms, and an address gets few such requests.
        // Whatever becomes of the request, the page says the same: who follows a game, or
        // has subscriptions waiting, is not the business of whoever types an address in.
        let asked = said!(
            "done-observe-asked",
            email = email,
            most = MAX_UNCONFIRMED_SUBSCRIPTIONS
        );
        // Decided and kept in one write transaction that holds the address: requests at once,
        // on any instance, count one after the other.
        let mut tx = self.store.write().await?;
        let inbox = crate::mail::address::mailbox(email);
        self.store.lock_address(&mut tx, &inbox).await?;
        let existing = match self.store.observer_of(&mut tx, game_id, email).await? {
            Some(o) if o.confirmed_at.is_some() => return Ok(asked),
            // Asked within the day: the first request stands, no second mail.
            Some(o) if now - o.asked_at < 86_400 => return Ok(asked),
            existing => existing,
        };
        if self
            .store
            .unconfirmed_observers(&mut tx, &inbox, now - 86_400)
            .await?
            >= MAX_UNCONFIRMED_SUBSCRIPTIONS
        {
            return Ok(asked);
        }
        let id = match existing {
            Some(o) => {
                self.store.observer_asked_again(&mut tx, o.id, now).await?;
                o.id
            }
            None => self
                .store
                .add_observer(&mut tx, game_id, email, &inbox, "", now)
                .await?
                .ok_or_else(|| MasterError::Conflict(said!("error-please-try-again")))?,
        };
        // Whoever asked is not known yet: the mail speaks the game's language.
        let t = game.language;
        let link = self.site.observer_confirm_link(id);
        let letter = Letter {
            subject: t.t2("observe-mail-subject", "game", game_id, "name", &game.name),
            body: t.t3(
                "observe-mail-body",
                "name",
                &game.name,
                "game",
                game_id,
                "link",
                &link,
            ) + "\n",
            reply_to: None,
        };
        self.send(&mut tx, Some(game_id), email, &letter, now)
            .await?;
        tx.commit().await?;
        Ok(asked)
    }

    /// An observer's address confirmed the subscription: bulletins from the next round on.
    pub async fn confirm_observer(&self, token: &str) -> Result<Said> {
        let id = self
            .site
            .check_signed("observe", token)
            .ok_or(MasterError::BadKey)?;
        let observer = self.store.observer(id).await?.ok_or(MasterError::BadKey)?;
        self.store.confirm_observer(id, now()).await?;
        Ok(said!("done-observe-confirmed", email = &observer.email))
    }

    pub async fn unobserve(&self, token: &str) -> Result<Said> {
        let id = self
            .site
            .check_signed("observe", token)
            .ok_or(MasterError::BadKey)?;
        let observer = self.store.observer(id).await?.ok_or(MasterError::BadKey)?;
        self.store.remove_observer(id).await?;
        Ok(said!("done-observe-stopped", email = &observer.email))
    }
}
