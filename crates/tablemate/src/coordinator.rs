//! The one coordinator of every game's record, whatever the game: load once → the engine
//! decides → append with the revision the decision was made on → the view from the state
//! already in memory. Blue Moon's table (`game/`) and the other games' (`othergames/`) both go
//! through it, so the revision guard, the changed-meanwhile refusal, undo and redo, and a log
//! this version cannot replay to its end exist once.
//!
//! The engine is any [`cards::Engine`] (Blue Moon's decides with the cards as first played in
//! the game, the others with nothing). The record is any [`Log`]: the store's record of one
//! family of games (its info row, its log, the writes that name the revision). What is the
//! table's own (finished games, abandoning, the wording of "nothing to undo") stays with
//! each table.

use cards::Engine;
use store::{GameRecord, Store, StoreError, StoredEvent};

use crate::record::{changed_meanwhile, unreadable_log};
use crate::{GameAt, Language, Result, ServiceError};

/// A table of games (Blue Moon's, the other games'), as the coordinator uses it: which
/// record it reads, and how it words what the store refuses. The record's reads and writes are
/// the store's one log API, keyed by the game's [`store::GameRef`], implemented once here:
/// every write names the revision it was decided on and records the outcome the engine folded
/// after it.
pub(crate) trait Log {
    /// A game's stored record (players, revision, …).
    type Info: GameRecord;

    /// There is no game `id`, worded in `lang`.
    fn no_game(id: i64, lang: Language) -> ServiceError;
    /// A store refusal other than "changed meanwhile", worded for the table.
    fn refusal(e: StoreError, info: &Self::Info, lang: Language) -> ServiceError {
        let _ = (info, lang);
        e.into()
    }
}

/// The record of game `info` as now stored (after a write of this command).
fn reread<R: GameRecord>(store: &Store, info: &R) -> Result<R> {
    Ok(R::read(store, info.game().id)?)
}

/// A game loaded once for one command: its record, its stored log, the engine's state folded
/// from it, and, when the log goes on past what this version replays, why (worded).
pub(crate) struct Loaded<L: Log, E> {
    pub(crate) info: L::Info,
    pub(crate) stored: Vec<StoredEvent>,
    /// The engine's state with the events folded (all stored ones unless `unreadable`).
    pub(crate) game: E,
    pub(crate) unreadable: Option<String>,
}

/// Words an engine's refusal for the table: the players' names, the interface language.
pub(crate) type Word<'a, R> = &'a dyn Fn(&R, &[String; 2]) -> String;

/// A failed write of a game's log: changed meanwhile (worded for the players) or the table's
/// own wording of the store's refusal.
fn write_error<L: Log>(e: StoreError, info: &L::Info, lang: Language) -> ServiceError {
    match e {
        StoreError::Changed { .. } => changed_meanwhile(info.player_names(), lang),
        other => L::refusal(other, info, lang),
    }
}

/// Game `at`'s record and log, read together at one revision; refused as changed meanwhile
/// when the front end decided on another revision, and in `lang` when there is no such game.
pub(crate) fn read<L: Log>(
    store: &Store,
    at: GameAt,
    lang: Language,
) -> Result<(L::Info, Vec<StoredEvent>)> {
    let (info, stored) = store.with_events::<L::Info>(at.id).map_err(|e| match e {
        StoreError::NotFound { .. } => L::no_game(at.id, lang),
        other => other.into(),
    })?;
    at.check(info.revision(), info.player_names(), lang)?;
    Ok((info, stored))
}

/// A game's log (read by [`read`]) read and folded by the engine, with the context `context`
/// builds from the events that read (Blue Moon: the cards with the fixes each card's first
/// play names). A log that does
/// not replay to its end still opens, as it stood before the first event refused.
pub(crate) fn fold<L, E, C>(
    info: L::Info,
    stored: Vec<StoredEvent>,
    lang: Language,
    context: impl FnOnce(&[E::Event]) -> Result<C>,
    word: Word<'_, E::Refusal>,
) -> Result<(Loaded<L, E>, C)>
where
    L: Log,
    E: Engine<C>,
{
    let read = E::read_log(stored.iter().map(|s| s.payload.as_str()));
    let ctx = context(&read.state)?;
    let replayed = E::replay(&ctx, read.state);
    // A refused event comes before the first one that does not read.
    let refused = replayed.refused.or(read.refused);
    let unreadable = refused
        .as_ref()
        .map(|(i, why)| unreadable_log(i + 1, &word(why, info.player_names()), lang));
    Ok((
        Loaded {
            info,
            stored,
            game: replayed.state,
            unreadable,
        },
        ctx,
    ))
}

/// Loads game `at` once for a command: [`read`], then [`fold`].
pub(crate) fn load<L, E, C>(
    store: &Store,
    at: GameAt,
    lang: Language,
    context: impl FnOnce(&[E::Event]) -> Result<C>,
    word: Word<'_, E::Refusal>,
) -> Result<(Loaded<L, E>, C)>
where
    L: Log,
    E: Engine<C>,
{
    let (info, stored) = read::<L>(store, at, lang)?;
    fold(info, stored, lang, context, word)
}

impl<L: Log, E> Loaded<L, E> {
    /// Refuses any move in a game whose log this version cannot replay to its end.
    pub(crate) fn ensure_readable(&self) -> Result<()> {
        match &self.unreadable {
            Some(why) => Err(ServiceError::invalid(why.clone())),
            None => Ok(()),
        }
    }

    /// After a write: the record as now stored, and the event written at `seq` added to the
    /// log in memory.
    fn written(&mut self, store: &Store, seq: u32, payload: String) -> Result<()> {
        self.info = reread(store, &self.info)?;
        self.stored.push(StoredEvent {
            seq,
            payload,
            created_at: self.info.updated_at().to_owned(),
        });
        Ok(())
    }
}

/// The engine decides `command` on the loaded state; the event is appended with the revision
/// it was decided on, with the outcome after it. The loaded game is then the game after it
/// (no second read of the log). A refusal, or a log changed meanwhile, writes nothing.
pub(crate) fn decide<L, E, C>(
    store: &mut Store,
    g: &mut Loaded<L, E>,
    ctx: &C,
    command: E::Command,
    lang: Language,
    word: Word<'_, E::Refusal>,
) -> Result<E::Event>
where
    L: Log,
    E: Engine<C>,
{
    g.ensure_readable()?;
    let event = g
        .game
        .decide(ctx, command)
        .map_err(|e| ServiceError::invalid(word(&e, g.info.player_names())))?;
    let payload = E::write(&event);
    let seq = store
        .append(g.info.game(), g.info.revision(), &payload, g.game.outcome())
        .map_err(|e| write_error::<L>(e, &g.info, lang))?;
    g.written(store, seq, payload)?;
    Ok(event)
}

/// Takes back the last event of game `info`'s log `stored` (read by [`read`]; never the
/// set-up: the caller refuses that with its own words), written with the revision it was read
/// at. The game is then folded once from the events before it, as [`fold`] does (the event
/// taken back is not replayed, nor is anything read again), with the outcome after it.
pub(crate) fn undo<L, E, C>(
    store: &mut Store,
    info: L::Info,
    mut stored: Vec<StoredEvent>,
    lang: Language,
    context: impl FnOnce(&[E::Event]) -> Result<C>,
    word: Word<'_, E::Refusal>,
) -> Result<(Loaded<L, E>, C)>
where
    L: Log,
    E: Engine<C>,
{
    stored.pop();
    let (mut g, ctx) = fold::<L, E, C>(info, stored, lang, context, word)?;
    store
        .undo(g.info.game(), g.info.revision(), g.game.outcome())
        .map_err(|e| write_error::<L>(e, &g.info, lang))?;
    g.info = reread(store, &g.info)?;
    Ok((g, ctx))
}

/// Puts back the last event taken back, exactly as it was stored: the engine checks it again
/// on the table as it is now, with the context `context` builds (from the store, read after
/// the event to redo) for the events with it (Blue Moon: a play keeps the card fixes it was
/// decided with, whatever was fixed since), and it is written with the revision it was decided
/// on. Returns that context; `None`: nothing to redo.
pub(crate) fn redo<L, E, C>(
    store: &mut Store,
    g: &mut Loaded<L, E>,
    context: impl FnOnce(&Store, &[E::Event]) -> Result<C>,
    lang: Language,
    word: Word<'_, E::Refusal>,
) -> Result<Option<C>>
where
    L: Log,
    E: Engine<C>,
{
    g.ensure_readable()?;
    let Some(payload) = store.next_redo(g.info.game())? else {
        return Ok(None);
    };
    let event = E::read(&payload).map_err(|e| {
        ServiceError::internal(format!(
            "The undone event cannot be read: {}",
            word(&e, g.info.player_names())
        ))
    })?;
    let mut events = g.game.events().to_vec();
    events.push(event.clone());
    let ctx = context(store, &events)?;
    g.game
        .apply(&ctx, event)
        .map_err(|e| ServiceError::invalid(word(&e, g.info.player_names())))?;
    let seq = store
        .redo(g.info.game(), g.info.revision(), g.game.outcome())
        .map_err(|e| write_error::<L>(e, &g.info, lang))?;
    g.written(store, seq, payload)?;
    Ok(Some(ctx))
}
