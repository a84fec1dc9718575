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
use store::{GameRecord, LogRead, Store, StoreError, StoredEvent, Written};

use crate::record::unreadable_log;
use crate::rulings::PromptView;
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

/// What a table reads with a game besides its log (Blue Moon: its match and the card fixes).
pub(crate) type Extra<L> = <<L as Log>::Info as GameRecord>::Extra;

/// A game loaded once for one command: its record, its stored log, its redo stack and the
/// rulings seen in it, what its table reads besides, all read in one read transaction; the
/// engine's state folded from the log, and, when the log goes on past what this version
/// replays, why (worded). A write of the command updates it as the store wrote it: nothing
/// is read again.
pub(crate) struct Loaded<L: Log, E> {
    pub(crate) info: L::Info,
    pub(crate) stored: Vec<StoredEvent>,
    /// How many undone events can be redone.
    pub(crate) redo_depth: u32,
    /// The event the next redo would put back.
    pub(crate) next_redo: Option<String>,
    /// The rulings marked seen in the game.
    pub(crate) rulings_seen: Vec<String>,
    pub(crate) extra: Extra<L>,
    /// The engine's state with the events folded (all stored ones unless `unreadable`).
    pub(crate) game: E,
    pub(crate) unreadable: Option<String>,
}

/// Words an engine's refusal for the table: the players' names, the interface language.
pub(crate) type Word<'a, R> = &'a dyn Fn(&R, &[String; 2]) -> String;

/// [`record::write_error`] (the one wording of a failed write of a game's log) with table
/// `L`'s players and its own wording of the store's other refusals.
fn table_write_error<L: Log>(e: StoreError, info: &L::Info, lang: Language) -> ServiceError {
    crate::record::write_error(e, info.player_names(), lang, |other| {
        L::refusal(other, info, lang)
    })
}

/// Game `at` as stored, read in one read transaction ([`store::Store::read_log`]): refused as
/// changed meanwhile when the front end decided on another revision, and in `lang` when there
/// is no such game.
pub(crate) fn read<L: Log>(store: &Store, at: GameAt, lang: Language) -> Result<LogRead<L::Info>> {
    let read = store.read_log::<L::Info>(at.id).map_err(|e| match e {
        StoreError::NotFound { .. } => L::no_game(at.id, lang),
        other => other.into(),
    })?;
    at.check(read.record.revision(), read.record.player_names(), lang)?;
    Ok(read)
}

/// A game's log (read by [`read`]) read and folded by the engine, with the context `context`
/// builds from the events that read and what the table read besides (Blue Moon: the cards with
/// the fixes each card's first play names). A log that does not replay to its end still opens,
/// as it stood before the first event refused.
pub(crate) fn fold<L, E, C>(
    read: LogRead<L::Info>,
    lang: Language,
    context: impl FnOnce(&[E::Event], &Extra<L>) -> Result<C>,
    word: Word<'_, E::Refusal>,
) -> Result<(Loaded<L, E>, C)>
where
    L: Log,
    E: Engine<C>,
{
    fold_observed(read, lang, context, word, None)
}

/// What [`fold_observed`] shows each stored event to: the event (`None`: its text does not
/// read), the state after it, and why it was refused (then the state is the one before it).
pub(crate) type Steps<'a, E, Ev, R> = &'a mut dyn FnMut(Option<&Ev>, &E, Option<&R>);

/// [`fold`], showing `each` every stored event in order with the state after it, up to and
/// including the first one that does not read (`None`) or that the rules refuse (with why;
/// the state then is the one before it): where the fold stops. A game's timeline is the
/// same fold as its table.
pub(crate) fn fold_observed<L, E, C>(
    read: LogRead<L::Info>,
    lang: Language,
    context: impl FnOnce(&[E::Event], &Extra<L>) -> Result<C>,
    word: Word<'_, E::Refusal>,
    mut each: Option<Steps<'_, E, E::Event, E::Refusal>>,
) -> Result<(Loaded<L, E>, C)>
where
    L: Log,
    E: Engine<C>,
{
    let logged = E::read_log(read.events.iter().map(|s| s.payload.as_str()));
    let ctx = context(&logged.state, &read.extra)?;
    let replayed = match each.as_mut() {
        Some(each) => {
            let mut step =
                |ev: &E::Event, state: &E, why: Option<&E::Refusal>| each(Some(ev), state, why);
            let replayed = E::replay_observed(&ctx, logged.state, Some(&mut step));
            // the event that does not read, when the rules accepted all before it
            if let (None, Some((_, why))) = (&replayed.refused, &logged.refused) {
                each(None, &replayed.state, Some(why));
            }
            replayed
        }
        None => E::replay(&ctx, logged.state),
    };
    // A refused event comes before the first one that does not read.
    let refused = replayed.refused.or(logged.refused);
    let unreadable = refused
        .as_ref()
        .map(|(i, why)| unreadable_log(i + 1, &word(why, read.record.player_names()), lang));
    Ok((
        Loaded {
            info: read.record,
            stored: read.events,
            redo_depth: read.redo_depth,
            next_redo: read.next_redo,
            rulings_seen: read.rulings_seen,
            extra: read.extra,
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
    context: impl FnOnce(&[E::Event], &Extra<L>) -> Result<C>,
    word: Word<'_, E::Refusal>,
) -> Result<(Loaded<L, E>, C)>
where
    L: Log,
    E: Engine<C>,
{
    fold(read::<L>(store, at, lang)?, lang, context, word)
}

impl<L: Log, E> Loaded<L, E> {
    /// Refuses any move in a game whose log this version cannot replay to its end.
    pub(crate) fn ensure_readable(&self) -> Result<()> {
        match &self.unreadable {
            Some(why) => Err(ServiceError::invalid(why.clone())),
            None => Ok(()),
        }
    }

    /// The rulings prompt of a card entered in this game, at most `limit` (default
    /// `PROMPT_LIMIT`), at
    /// either table: the rulings marked seen in the game are left out, and `rank` (the ranking
    /// for the card with the cards in play) is asked for that many more, so the prompt still
    /// fills up to `limit`.
    pub(crate) fn unseen_prompts(
        &self,
        limit: Option<usize>,
        rank: impl FnOnce(usize) -> Result<Vec<PromptView>>,
    ) -> Result<Vec<PromptView>> {
        let seen = &self.rulings_seen;
        let limit = limit
            .unwrap_or(crate::game::PROMPT_LIMIT)
            .clamp(1, crate::game::PROMPT_LIMIT_MAX);
        let mut prompts = rank(limit + seen.len())?;
        prompts.retain(|p| !seen.contains(&p.ruling.id));
        prompts.truncate(limit);
        Ok(prompts)
    }

    /// After a write: the record as the store wrote it, and the log and redo stack in memory.
    fn wrote(&mut self, written: Written, appended: bool) {
        self.info.wrote(&written);
        self.redo_depth = written.redo_depth;
        if appended {
            self.stored.push(written.event);
        }
    }
}

/// The engine decides `command` on the loaded state; the event is appended with the revision
/// it was decided on, with the outcome after it. The loaded game is then the game after it
/// (nothing is read again). A refusal, or a log changed meanwhile, writes nothing.
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
    let written = store
        .append(g.info.game(), g.info.revision(), &payload, g.game.outcome())
        .map_err(|e| table_write_error::<L>(e, &g.info, lang))?;
    g.next_redo = None;
    g.wrote(written, true);
    Ok(event)
}

/// Takes back the last event of game `read`'s log (never the set-up: the caller refuses that
/// with its own words), written with the revision it was read at. The game is then folded
/// once from the events before it, as [`fold`] does (the event taken back is not replayed, nor
/// is anything read again), with the outcome after it.
pub(crate) fn undo<L, E, C>(
    store: &mut Store,
    mut read: LogRead<L::Info>,
    lang: Language,
    context: impl FnOnce(&[E::Event], &Extra<L>) -> Result<C>,
    word: Word<'_, E::Refusal>,
) -> Result<(Loaded<L, E>, C)>
where
    L: Log,
    E: Engine<C>,
{
    let taken = read.events.pop();
    let (mut g, ctx) = fold::<L, E, C>(read, lang, context, word)?;
    let written = store
        .undo(g.info.game(), g.info.revision(), g.game.outcome())
        .map_err(|e| table_write_error::<L>(e, &g.info, lang))?;
    g.next_redo = taken.map(|e| e.payload);
    g.wrote(written, false);
    Ok((g, ctx))
}

/// Puts back the last event taken back (read with the game), exactly as it was stored: the
/// engine checks it again on the table as it is now, with the context `context` builds for
/// the events with it from what the table read (Blue Moon: a play keeps the card fixes it was
/// decided with, whatever was fixed since: the fixes were read with the redo stack, so they
/// hold every fix it names), and it is written with the revision it was decided on. Returns
/// that context; `None`: nothing to redo.
pub(crate) fn redo<L, E, C>(
    store: &mut Store,
    g: &mut Loaded<L, E>,
    context: impl FnOnce(&[E::Event], &Extra<L>) -> Result<C>,
    lang: Language,
    word: Word<'_, E::Refusal>,
) -> Result<Option<C>>
where
    L: Log,
    E: Engine<C>,
{
    g.ensure_readable()?;
    let Some(payload) = g.next_redo.clone() else {
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
    let ctx = context(&events, &g.extra)?;
    g.game
        .apply(&ctx, event)
        .map_err(|e| ServiceError::invalid(word(&e, g.info.player_names())))?;
    let written = store
        .redo(g.info.game(), g.info.revision(), g.game.outcome())
        .map_err(|e| table_write_error::<L>(e, &g.info, lang))?;
    // the next one down the stack is not known without a read: a redo after this one loads
    // the game again (each command loads once)
    g.next_redo = None;
    g.wrote(written, true);
    Ok(Some(ctx))
}
