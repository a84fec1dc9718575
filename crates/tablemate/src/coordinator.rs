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

use cards::{Engine, Outcome};
use store::{Store, StoreError, StoredEvent};

use crate::record::unreadable_log;
use crate::{GameAt, Language, Result, ServiceError};

/// The store's record of one family of games, as the coordinator uses it. Every write names
/// the revision it was decided on and records the outcome the engine folded after it.
pub(crate) trait Log {
    /// A game's stored record (players, revision, …).
    type Info;

    /// The record and its log, read together at one revision (one read transaction).
    fn read(store: &Store, id: i64) -> store::Result<(Self::Info, Vec<StoredEvent>)>;
    /// The record as now stored (after a write of this command).
    fn reread(store: &Store, info: &Self::Info) -> store::Result<Self::Info>;
    fn revision(info: &Self::Info) -> u32;
    fn names(info: &Self::Info) -> &[String; 2];
    /// When the record last changed (the time of an event just written).
    fn updated_at(info: &Self::Info) -> &str;
    /// There is no game `id`, worded in `lang`.
    fn no_game(id: i64, lang: Language) -> ServiceError;
    /// A store refusal other than "changed meanwhile", worded for the table.
    fn refusal(e: StoreError, info: &Self::Info, lang: Language) -> ServiceError {
        let _ = (info, lang);
        e.into()
    }

    fn append(
        store: &mut Store,
        info: &Self::Info,
        payload: &str,
        outcome: Outcome,
    ) -> store::Result<u32>;
    fn undo(store: &mut Store, info: &Self::Info, outcome: Outcome) -> store::Result<()>;
    /// The event a redo would put back.
    fn next_redo(store: &Store, info: &Self::Info) -> store::Result<Option<String>>;
    fn redo(store: &mut Store, info: &Self::Info, outcome: Outcome) -> store::Result<u32>;
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
/// own wording of the store's refusal ([`record::write_error`]).
fn write_error<L: Log>(e: StoreError, info: &L::Info, lang: Language) -> ServiceError {
    crate::record::write_error(e, L::names(info), lang, |other| {
        L::refusal(other, info, lang)
    })
}

/// Game `at`'s record and log, read together at one revision; refused as changed meanwhile
/// when the front end decided on another revision, and in `lang` when there is no such game.
pub(crate) fn read<L: Log>(
    store: &Store,
    at: GameAt,
    lang: Language,
) -> Result<(L::Info, Vec<StoredEvent>)> {
    let (info, stored) = L::read(store, at.id).map_err(|e| match e {
        StoreError::NotFound { .. } => L::no_game(at.id, lang),
        other => other.into(),
    })?;
    at.check(L::revision(&info), L::names(&info), lang)?;
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
        .map(|(i, why)| unreadable_log(i + 1, &word(why, L::names(&info)), lang));
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
        self.info = L::reread(store, &self.info)?;
        self.stored.push(StoredEvent {
            seq,
            payload,
            created_at: L::updated_at(&self.info).to_owned(),
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
        .map_err(|e| ServiceError::invalid(word(&e, L::names(&g.info))))?;
    let payload = E::write(&event);
    let seq = L::append(store, &g.info, &payload, g.game.outcome())
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
    L::undo(store, &g.info, g.game.outcome()).map_err(|e| write_error::<L>(e, &g.info, lang))?;
    g.info = L::reread(store, &g.info)?;
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
    let Some(payload) = L::next_redo(store, &g.info)? else {
        return Ok(None);
    };
    let event = E::read(&payload).map_err(|e| {
        ServiceError::internal(format!(
            "The undone event cannot be read: {}",
            word(&e, L::names(&g.info))
        ))
    })?;
    let mut events = g.game.events().to_vec();
    events.push(event.clone());
    let ctx = context(store, &events)?;
    g.game
        .apply(&ctx, event)
        .map_err(|e| ServiceError::invalid(word(&e, L::names(&g.info))))?;
    let seq = L::redo(store, &g.info, g.game.outcome())
        .map_err(|e| write_error::<L>(e, &g.info, lang))?;
    g.written(store, seq, payload)?;
    Ok(Some(ctx))
}
