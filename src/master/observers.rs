//! Observers: anyone may follow a game's public bulletins by mail, once their address has
//! confirmed it (double opt-in), and stop with one click.

use super::{Master, MasterError, Result};
use crate::clock::now;
use crate::mail::Letter;
use crate::store::GameStatus;

/// Subscriptions an address may have waiting for its confirmation in a day.
pub const MAX_UNCONFIRMED_SUBSCRIPTIONS: i64 = 5;

impl Master {
    /// Subscribes an address to a game's public bulletins.
    pub async fn observe(&self, game_id: i64, email: &str) -> Result<String> {
        if let Some(why) = crate::mail::address::problem(email) {
            return Err(MasterError::Invalid(vec![format!(
                "\"{email}\" is not a usable e-mail address: {why}"
            )]));
        }
        let game = self.public_game(game_id).await?;
        if game.status == GameStatus::Unconfirmed {
            return Err(MasterError::Conflict(
                "this game has not started yet; follow it once it has".into(),
            ));
        }
        let now = now();
        // Double opt-in: nothing but one confirmation request goes to an address until it
        // confirms, and an address gets few such requests.
        let asked = format!(
            "{email} was sent a mail with a link to confirm; the bulletins come once it is opened."
        );
        match self.store.observer_of(game_id, email).await? {
            Some(o) if o.confirmed_at.is_some() => {
                return Ok(format!(
                    "{email} already receives the bulletins of this game."
                ))
            }
            // Asked within the day: the first request stands, no second mail.
            Some(o) if now - o.asked_at < 86_400 => return Ok(asked),
            Some(o) => self.store.observer_asked_again(o.id, now).await?,
            None => {}
        }
        if self
            .store
            .unconfirmed_observers(email, now - 86_400)
            .await?
            >= MAX_UNCONFIRMED_SUBSCRIPTIONS
        {
            return Err(MasterError::TooMany(format!(
                "{email} has {MAX_UNCONFIRMED_SUBSCRIPTIONS} subscriptions waiting for its \
                 confirmation; confirm those, or try again tomorrow"
            )));
        }
        let mut tx = self.store.write().await?;
        let id = match self
            .store
            .add_observer(&mut tx, game_id, email, "", now)
            .await?
        {
            Some(id) => id,
            None => match self.store.observer_of(game_id, email).await? {
                Some(o) => o.id,
                None => return Err(MasterError::Conflict("please try again".into())),
            },
        };
        let letter = Letter {
            subject: format!(
                "[Polysleuth game {game_id}] confirm that you want the bulletins of {}",
                game.name
            ),
            body: format!(
                "Someone asked to send the public bulletins of \"{}\" (game {game_id}) to this \
                 address.\n\nIf it was you, confirm by opening\n  {}\n\nIf it was not, ignore this \
                 mail: nothing more will be sent to you.\n",
                game.name,
                self.site.observer_confirm_link(id)
            ),
            reply_to: None,
        };
        self.send(&mut tx, Some(game_id), email, &letter, now)
            .await?;
        tx.commit().await?;
        Ok(asked)
    }

    /// An observer's address confirmed the subscription: bulletins from the next round on.
    pub async fn confirm_observer(&self, token: &str) -> Result<String> {
        let id = self
            .site
            .check_signed("observe", token)
            .ok_or(MasterError::BadKey)?;
        let observer = self.store.observer(id).await?.ok_or(MasterError::BadKey)?;
        self.store.confirm_observer(id, now()).await?;
        Ok(format!(
            "{} will receive the bulletins of this game by mail. Each one has a link to stop them.",
            observer.email
        ))
    }

    pub async fn unobserve(&self, token: &str) -> Result<String> {
        let id = self
            .site
            .check_signed("observe", token)
            .ok_or(MasterError::BadKey)?;
        let observer = self.store.observer(id).await?.ok_or(MasterError::BadKey)?;
        self.store.remove_observer(id).await?;
        Ok(format!(
            "{} will receive no more bulletins of this game.",
            observer.email
        ))
    }
}
