//! Creating a game: the operator's request checked, a forming game opened for sign-up, and
//! every other game made by its own table (`Table::create`).

use super::{Master, MasterError, Result};
use crate::clock::now;
use crate::model::Created;

use super::request::GameRequest;

impl Master {
    /// Creates a game as the operator asks on the command line (`polysleuth game new`): the
    /// one door that may give a seed or a deal, which the game then says was given.
    pub async fn create_by_operator(&self, body: super::body::NewGameBody) -> Result<Created> {
        let mut draft = body.draft();
        draft.door = super::request::Door::Operator;
        let req = draft
            .check(now(), &self.house_rules())
            .map_err(MasterError::Invalid)?;
        self.create_game(req).await
    }

    /// Creates a game: deals, commits, stores it with its players, and queues the welcome
    /// mails, all in one transaction.
    pub async fn create_game(&self, req: GameRequest) -> Result<Created> {
        // Sign-up is shared by every game; a forming game becomes its game at its start.
        if req.forming.is_some() {
            return self.create_forming(req).await;
        }
        self.table(req.ruleset)?.create(self, req).await
    }
}
