//! Reading a game of another kind for a command: its record and log in one read, refused when
//! the game is not of the kind the front end meant, and folded by its engine
//! (`coordinator::fold`).

use super::*;

/// A game loaded once for a command (`coordinator`): its record, its log and the engine's
/// state folded from it.
pub(super) type Loaded<R> = coordinator::Loaded<OtherLog, othergames::Game<R>>;

/// The table of the other games, for the coordinator: its record and its wording.
pub(crate) struct OtherLog;

impl coordinator::Log for OtherLog {
    type Info = store::OtherGameInfo;

    fn no_game(id: i64, lang: Language) -> ServiceError {
        ServiceError::not_found(refusal::no_game(id, lang))
    }
}

impl Service {
    /// Game `game`'s record, refused (in `lang`) when there is none or when it is not of
    /// `game`'s kind: nothing is done to a game the front end did not mean (the three games
    /// share their ids).
    pub(super) fn other_info_as(
        &self,
        game: GameRef,
        lang: Language,
    ) -> Result<store::OtherGameInfo> {
        let info = self.other_info(game.id, lang)?;
        self.of_kind(game, info.kind, lang)?;
        Ok(info)
    }

    /// Game `at`'s record and log, read together, refused as [`Self::other_info_as`] is: the
    /// kind is checked on the one read the command decides on.
    pub(super) fn other_read_as(
        &self,
        at: TableAt,
        lang: Language,
    ) -> Result<store::LogRead<store::OtherGameInfo>> {
        let read = self.other_read(at.at(), lang)?;
        self.of_kind(at.game, read.record.kind, lang)?;
        Ok(read)
    }

    fn of_kind(&self, game: GameRef, stored: store::OtherKind, lang: Language) -> Result<()> {
        match OtherGameKind::of_game(game.kind) == Some(OtherGameKind::of(stored)) {
            true => Ok(()),
            false => Err(self.not_this_game(game, lang)),
        }
    }

    /// Game `id`'s record; a game that does not exist (a mistyped id) is refused in `lang`.
    pub(super) fn other_info(&self, id: i64, lang: Language) -> Result<store::OtherGameInfo> {
        match self.store.other_game(store::OtherGameId(id)) {
            Err(store::StoreError::NotFound { .. }) => {
                Err(ServiceError::not_found(refusal::no_game(id, lang)))
            }
            other => Ok(other?),
        }
    }

    pub(super) fn other_read(
        &self,
        at: GameAt,
        lang: Language,
    ) -> Result<store::LogRead<store::OtherGameInfo>> {
        coordinator::read::<OtherLog>(&self.store, at, lang)
    }

    /// The caller chose `R` by the game's kind.
    pub(super) fn check_kind<R: TableRules>(&self, info: &store::OtherGameInfo) -> Result<()> {
        if info.kind == R::KIND {
            return Ok(());
        }
        Err(ServiceError::internal(format!(
            "Game {} is a game of {}, not {}",
            info.id.0,
            OtherGameKind::of(info.kind).title(),
            OtherGameKind::of(R::KIND).title()
        )))
    }

    /// Game `info`'s log `stored` (read together by [`Self::other_read`]) folded by its
    /// engine; the caller chose `R` by the game's kind.
    pub(super) fn load<R: TableRules>(
        &self,
        read: store::LogRead<store::OtherGameInfo>,
        lang: Language,
    ) -> Result<Loaded<R>> {
        self.check_kind::<R>(&read.record)?;
        let word = |e: &R::Error, names: &[String; 2]| self.other_refusal::<R>(e, names, lang);
        let (g, ()) = coordinator::fold(read, lang, |_, _| Ok(()), &word)?;
        Ok(g)
    }
}
