//! The caps on invitations, checked where a forming game is made: one game-master address
//! may not turn the service into a mailing list, and no address may be flooded with
//! invitations from game-master addresses made up for it.

use super::request::{INVITATIONS_PER_DAY, INVITED_PER_DAY};
use super::{Master, MasterError, Result};
use crate::said;
use crate::store::Tx;

impl Master {
    /// Whether `gm_email`'s new game may invite `invite` at `now`; the error names the cap
    /// passed, and nothing is made. An address invited to its most a day is not a reason to
    /// refuse: that would tell anyone who asks how many games invited it. Its invitation is
    /// not sent (`may_be_invited`), and the game master is told, in words the same for every
    /// game, that one so invited gets none.
    pub(super) async fn may_invite(
        &self,
        tx: &mut Tx,
        gm_email: &str,
        invite: &[String],
        now: i64,
    ) -> Result<()> {
        if invite.is_empty() {
            return Ok(());
        }
        let since = now - 24 * 3600;
        let sent = self.store.invitations_by_gm(tx, gm_email, since).await?;
        let count = invite.len() as i64;
        if sent + count > INVITATIONS_PER_DAY {
            return Err(MasterError::TooMany(said!(
                "error-invitations-per-day",
                address = gm_email,
                sent = sent,
                most = INVITATIONS_PER_DAY,
                count = count
            )));
        }
        Ok(())
    }

    /// Whether `email` may be sent one more invitation at `now`, by game `game`: fewer than
    /// the most a day were sent to it by other games. Checked when the game is made and again
    /// when a game that waited for its game master sends its invitations (games waiting count
    /// for nothing, so invitations that never went out never shut anyone out). Whatever the
    /// answer, nobody is told it.
    pub(super) async fn may_be_invited(
        &self,
        tx: &mut Tx,
        email: &str,
        game: i64,
        now: i64,
    ) -> Result<bool> {
        let since = now - 24 * 3600;
        let inbox = crate::mail::address::mailbox(email);
        let had = self.store.invitations_to(tx, &inbox, since, game).await?;
        Ok(had < INVITED_PER_DAY)
    }
}
