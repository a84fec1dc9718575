//! What every game's record shares in the service, whatever the game: the revision a decision
//! was made on, and the refusal when the record moved meanwhile.
//!
//! Each game command loads the game once (its record and log, read together at one revision),
//! lets the rules engine decide on that state, and writes with that revision; the store refuses
//! the write when another writer (a second window, the CLI) changed the log in between, so two
//! writers can never leave a log that does not replay. A front end that shows a game sends the
//! revision it showed ([`GameAt`]): what the person decided on is then what is checked, and a
//! table that moved since is refused before anything is decided.

use serde::Deserialize;
use ts_rs::TS;

use crate::error::{ErrorCode, ServiceError};
use crate::Language;

/// A game as the person saw it when deciding: its id and, from a front end that shows the
/// table, the revision it showed (`None`: the state loaded by the command itself, as the CLI
/// does).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, TS)]
#[ts(export)]
pub struct GameAt {
    #[ts(type = "number")]
    pub id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub revision: Option<u32>,
}

impl From<i64> for GameAt {
    fn from(id: i64) -> Self {
        GameAt { id, revision: None }
    }
}

impl GameAt {
    /// Refuses when the person decided on another revision than the record now has.
    pub(crate) fn check(self, now: u32, names: &[String; 2], lang: Language) -> crate::Result<()> {
        match self.revision {
            Some(seen) if seen != now => Err(changed_meanwhile(names, lang)),
            _ => Ok(()),
        }
    }
}

/// The refusal of a write whose game changed after it was decided (the store's
/// `StoreError::Changed`, or a front end's revision that is no longer the record's). Nothing was
/// written; the front end shows the game as it now is.
pub(crate) fn changed_meanwhile(names: &[String; 2], lang: Language) -> ServiceError {
    moved_meanwhile(Moved::Game, names, lang)
}

/// The refusal of a match's next step (a game's result, the next game and who starts it)
/// decided on a match that changed before it was recorded (the store's
/// `StoreError::MatchChanged`: a game of it undone, abandoned or started elsewhere). Nothing was
/// written; the front end shows the game as it now is.
pub(crate) fn match_changed_meanwhile(names: &[String; 2], lang: Language) -> ServiceError {
    moved_meanwhile(Moved::Match, names, lang)
}

/// What moved under a write: the game's log or its match ("Spiel" and "Partie" in German).
#[derive(Clone, Copy)]
enum Moved {
    Game,
    Match,
}

fn moved_meanwhile(what: Moved, names: &[String; 2], lang: Language) -> ServiceError {
    let [a, b] = names;
    let (en, de, der) = match what {
        Moved::Game => ("game", "Das Spiel", "das Spiel"),
        Moved::Match => ("match", "Die Partie", "die Partie"),
    };
    let message = match lang {
        Language::En => format!(
            "The {en} of {a} and {b} changed meanwhile (in another window or on the command \
             line). Nothing was recorded: this is the {en} as it is now."
        ),
        Language::De => format!(
            "{de} von {a} und {b} wurde inzwischen geändert (in einem anderen Fenster oder \
             auf der Kommandozeile). Nichts wurde eingetragen: so steht {der} jetzt."
        ),
    };
    ServiceError::new(ErrorCode::Changed, message)
}

/// What the table says of a stored log that does not replay to its end (written by an older
/// release whose rules or cards differed, or damaged; it need not be this version that cannot
/// read it, so the words blame none): the game still opens, as it stood before event `event`
/// (1-based), and only undo (back to before it) and abandoning it are possible. `reason` is the
/// engine's refusal, already worded.
pub(crate) fn unreadable_log(event: usize, reason: &str, lang: Language) -> String {
    match lang {
        Language::En => format!(
            "Event {event} of this game cannot be replayed ({reason}). The table shows the \
             game as it stood before it; undo back to it, or abandon the game."
        ),
        Language::De => format!(
            "Ereignis {event} dieses Spiels lässt sich nicht nachspielen ({reason}). Der \
             Tisch zeigt das Spiel, wie es davor stand; mach es bis dahin rückgängig oder \
             brich das Spiel ab."
        ),
    }
}

/// A store error of a write to a game's log, the one place that words it: a log that moved
/// meanwhile is worded for the players; anything else by `other` (a game's own wording of
/// the store's refusal, or `ServiceError::from` as every store error is).
pub(crate) fn write_error(
    e: store::StoreError,
    names: &[String; 2],
    lang: Language,
    other: impl FnOnce(store::StoreError) -> ServiceError,
) -> ServiceError {
    match e {
        store::StoreError::Changed { .. } => changed_meanwhile(names, lang),
        store::StoreError::MatchChanged { .. } => match_changed_meanwhile(names, lang),
        e => other(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> [String; 2] {
        ["Ann".to_owned(), "Ben".to_owned()]
    }

    #[test]
    fn a_revision_the_record_no_longer_has_is_refused_naming_the_players() {
        let at = GameAt {
            id: 7,
            revision: Some(3),
        };
        assert!(at.check(3, &names(), Language::En).is_ok());
        let err = at.check(4, &names(), Language::De).unwrap_err();
        assert_eq!(err.code, ErrorCode::Changed);
        assert!(err.message.contains("Ann und Ben"), "{}", err.message);
        assert!(!err.message.contains('7'), "no id: {}", err.message);
        // without a revision (the CLI) the command's own load is what counts
        assert!(GameAt::from(7).check(9, &names(), Language::En).is_ok());
    }

    #[test]
    fn the_stores_changed_error_becomes_the_players_refusal() {
        let e = store::StoreError::Changed {
            game: 1,
            expected: 2,
            found: 3,
        };
        let err = write_error(e, &names(), Language::En, ServiceError::from);
        assert_eq!(err.code, ErrorCode::Changed);
        assert!(err.message.starts_with("The game of Ann and Ben changed"));
        assert!(err.is_user_error());
        let other = write_error(
            store::StoreError::NothingToUndo(1),
            &names(),
            Language::En,
            ServiceError::from,
        );
        assert_eq!(other.code, ErrorCode::InvalidInput);
    }

    #[test]
    fn a_match_that_moved_meanwhile_is_refused_naming_the_players_in_their_language() {
        let moved = || store::StoreError::MatchChanged { match_id: 7 };
        let en = write_error(moved(), &names(), Language::En, ServiceError::from);
        let de = write_error(moved(), &names(), Language::De, ServiceError::from);
        assert_eq!([en.code, de.code], [ErrorCode::Changed; 2]);
        assert!(
            en.message
                .starts_with("The match of Ann and Ben changed meanwhile"),
            "{}",
            en.message
        );
        assert!(
            de.message
                .starts_with("Die Partie von Ann und Ben wurde inzwischen geändert"),
            "{}",
            de.message
        );
        assert!(
            !en.message.contains('7') && !de.message.contains('7'),
            "no id"
        );
    }
}
