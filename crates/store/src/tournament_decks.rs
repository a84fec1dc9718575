//! Decks at tournaments (schema `V_TOURNAMENT_DECKS`, issue #33): the deck each registration
//! plays, a copy of a saved deck's list as it was registered. The store only records: whether
//! the deck keeps the deck-building rules, and whether the registration may still change (not
//! once round 1 is paired), is decided by the service and the rules before the write, which
//! names the event's state it was decided on.

use rusqlite::params;
use serde::{Deserialize, Serialize};
use tournament::EventState;

use crate::clock::Stamp;
use crate::decks::{checked, still_at, DeckContent, DeckRecord};
use crate::error::Result;
use crate::ids::label;
use crate::tournaments::{expect_one, expect_state, info_in, register_in};
use crate::{EntrantId, Store, TournamentId};

/// The deck a registration plays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegisteredDeck {
    pub entrant: EntrantId,
    /// The deck's name when it was registered.
    pub name: String,
    pub content: DeckContent,
    pub registered_at: String,
}

impl Store {
    /// Records the deck `entrant` plays (`None` takes it away): a copy of the saved deck as it
    /// was read (refused if it was saved or deleted meanwhile), as decided on `decided_on`.
    pub fn record_registration_deck(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        entrant: EntrantId,
        deck: Option<&DeckRecord>,
    ) -> Result<()> {
        let deck = deck.map(copy_of).transpose()?;
        let tx = self.write_tx()?;
        let info = expect_state(&tx, id, decided_on)?;
        let found: i64 = tx.query_row(
            "SELECT COUNT(*) FROM registrations WHERE tournament_id = ?1 AND id = ?2",
            params![id.0, entrant.0],
            |r| r.get(0),
        )?;
        expect_one(usize::try_from(found).unwrap_or(0), entrant, &info)?;
        tx.execute(
            "DELETE FROM registration_decks WHERE registration_id = ?1",
            [entrant.0],
        )?;
        if let Some(copy) = deck {
            copy.insert(&tx, entrant, &Stamp::now())?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Registers the player `name` (created if new) playing `people` from round `joined_round`
    /// together with a copy of the saved deck `deck`, in one transaction: both or nothing (a
    /// refusal, a deck saved or deleted meanwhile, or an event that moved leaves no
    /// registration and no player behind).
    pub fn record_registration_with_deck(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        name: &str,
        people: Option<&str>,
        joined_round: u32,
        deck: &DeckRecord,
    ) -> Result<EntrantId> {
        let name = crate::players::person_name(name)?;
        let people = people
            .map(|p| label("people", p, crate::MAX_PEOPLE_CHARS))
            .transpose()?;
        let copy = copy_of(deck)?;
        let tx = self.write_tx()?;
        expect_state(&tx, id, decided_on)?;
        let player = crate::players::named_in(&tx, &name)?;
        let entrant = register_in(&tx, id, player, people.as_deref(), joined_round)?;
        copy.insert(&tx, entrant, &Stamp::now())?;
        tx.commit()?;
        Ok(entrant)
    }

    /// The decks registered for the event, in registration (seed) order.
    pub fn registration_decks(&self, id: TournamentId) -> Result<Vec<RegisteredDeck>> {
        info_in(&self.conn, id)?;
        registration_decks_in(&self.conn, id)
    }
}

/// A saved deck checked for the registration's copy: its name, content and cards as stored,
/// and the revision the service's check read.
struct DeckCopy<'a> {
    from: &'a DeckRecord,
    name: String,
    cards: String,
}

fn copy_of(deck: &DeckRecord) -> Result<DeckCopy<'_>> {
    Ok(DeckCopy {
        from: deck,
        name: label("deck name", &deck.name, 200)?,
        cards: checked(&deck.content)?,
    })
}

impl DeckCopy<'_> {
    /// Inside a write: the saved deck is still as read, and its copy is the registration's.
    fn insert(&self, tx: &rusqlite::Transaction<'_>, entrant: EntrantId, at: &Stamp) -> Result<()> {
        still_at(tx, self.from.id, self.from.revision)?;
        insert_deck_in(tx, entrant, &self.name, &self.from.content, &self.cards, at)
    }
}

/// Inside a write: `entrant` plays `content` (cards as stored JSON), registered at `at`.
pub(crate) fn insert_deck_in(
    tx: &rusqlite::Transaction<'_>,
    entrant: EntrantId,
    name: &str,
    content: &DeckContent,
    cards: &str,
    at: &Stamp,
) -> Result<()> {
    tx.execute(
        "INSERT INTO registration_decks (registration_id, name, people, inquisitor,
             emissaries_inquisitors, buka, cards, registered_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            entrant.0,
            name,
            content.people,
            content.inquisitor,
            content.emissaries_inquisitors,
            content.buka,
            cards,
            at,
        ],
    )?;
    Ok(())
}

pub(crate) fn registration_decks_in(
    conn: &rusqlite::Connection,
    id: TournamentId,
) -> Result<Vec<RegisteredDeck>> {
    let mut stmt = conn.prepare_cached(
        "SELECT d.registration_id, d.name, d.people, d.inquisitor, d.emissaries_inquisitors,
                d.buka, d.cards, d.registered_at
         FROM registration_decks d JOIN registrations r ON r.id = d.registration_id
         WHERE r.tournament_id = ?1 ORDER BY r.seed_order",
    )?;
    let rows = stmt.query_map([id.0], |r| {
        Ok(RegisteredDeck {
            entrant: EntrantId(r.get(0)?),
            name: r.get(1)?,
            content: crate::decks::content_of(r)?,
            registered_at: r.get::<_, Stamp>(7)?.to_string(),
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FirstRound, Format, NewTournament};

    fn content() -> DeckContent {
        DeckContent {
            people: "Vulca".into(),
            inquisitor: None,
            emissaries_inquisitors: false,
            buka: false,
            cards: vec!["vulca-02".into(), "flit-07".into()],
        }
    }

    fn winter_cup(store: &mut Store) -> TournamentId {
        store
            .create_tournament(&NewTournament {
                name: "Winter Cup".into(),
                date: "2026-12-05".into(),
                format: Format::RoundRobin,
                first_round: FirstRound::Seeded,
                seed: Some(1),
                decks_required: false,
            })
            .unwrap()
    }

    #[test]
    fn a_registration_with_a_deck_is_one_write_and_a_refusal_writes_nothing() {
        let mut store = Store::open_in_memory().unwrap();
        let id = winter_cup(&mut store);
        let saved = store.create_deck("Fire Wall", &content()).unwrap();
        let state = store.event_state(id).unwrap();
        let ann = store
            .record_registration_with_deck(id, &state, "Ann", Some("Vulca"), 1, &saved)
            .unwrap();
        let decks = store.registration_decks(id).unwrap();
        assert_eq!(decks.len(), 1);
        assert_eq!(
            (decks[0].entrant, decks[0].name.as_str()),
            (ann, "Fire Wall")
        );
        assert_eq!(decks[0].content, content());

        // the saved deck moved after the service read it: no registration, no player, no deck
        let read = saved.clone();
        let mut edited = content();
        edited.cards.push("vulca-03".into());
        store.save_deck(saved.id, saved.revision, &edited).unwrap();
        let state = store.event_state(id).unwrap();
        let moved = store
            .record_registration_with_deck(id, &state, "Ben", None, 1, &read)
            .unwrap_err();
        assert!(
            matches!(moved, crate::StoreError::DeckChanged { .. }),
            "{moved:?}"
        );
        assert_eq!(store.entrants(id).unwrap().len(), 1);
        assert!(
            store.player_by_name("Ben").unwrap().is_none(),
            "no player created"
        );
        assert_eq!(store.registration_decks(id).unwrap().len(), 1);

        // decided on an event that moved meanwhile (Ann registered since): nothing written
        let stale = store.event_state(id).unwrap();
        store
            .record_registrations(id, &stale, &["Cleo"], None, 1)
            .unwrap();
        let fresh = store.deck_by_name("Fire Wall").unwrap().unwrap();
        assert!(store
            .record_registration_with_deck(id, &stale, "Dan", None, 1, &fresh)
            .is_err());
        assert_eq!(store.entrants(id).unwrap().len(), 2);
        assert_eq!(store.registration_decks(id).unwrap().len(), 1);
    }

    #[test]
    fn a_registered_deck_is_kept_replaced_taken_away_and_goes_with_its_registration() {
        let mut store = Store::open_in_memory().unwrap();
        let id = winter_cup(&mut store);
        let state = store.event_state(id).unwrap();
        let ann = store
            .record_registrations(id, &state, &["Ann"], None, 1)
            .unwrap()[0];
        let state = store.event_state(id).unwrap();
        let saved = store.create_deck("Fire Wall", &content()).unwrap();
        store
            .record_registration_deck(id, &state, ann, Some(&saved))
            .unwrap();
        let decks = store.registration_decks(id).unwrap();
        assert_eq!(
            (decks[0].entrant, decks[0].name.as_str()),
            (ann, "Fire Wall")
        );
        assert_eq!(decks[0].content, content());
        // the deck is part of the event's state: a write decided before it was registered
        // is "changed meanwhile", and nothing is written
        let stale = store
            .record_registration_deck(id, &state, ann, None)
            .unwrap_err();
        assert!(
            matches!(stale, crate::StoreError::EventChanged { .. }),
            "{stale:?}"
        );
        assert_eq!(store.registration_decks(id).unwrap().len(), 1);
        // an entrant of no registration here is refused
        let state = store.event_state(id).unwrap();
        assert!(store
            .record_registration_deck(id, &state, crate::EntrantId(999), None)
            .is_err());
        assert_eq!(store.registration_decks(id).unwrap().len(), 1);
        // the export carries it; an import gives it back, to the same player by name
        let json = store.export_tournament_json(id).unwrap();
        assert!(json.contains("\"decks\""), "{json}");
        let mut other = Store::open_in_memory().unwrap();
        let back = other.import_tournament_json(json.as_bytes()).unwrap();
        let imported = other.registration_decks(back).unwrap();
        assert_eq!(imported.len(), 1);
        assert_eq!(other.entrants(back).unwrap()[0].id, imported[0].entrant);
        assert_eq!(
            (imported[0].name.as_str(), &imported[0].content),
            ("Fire Wall", &content())
        );
        // a deck of a player the file does not register is refused, nothing imported
        let stray = json.replace(
            "\"player\": \"Ann\",\n      \"name\"",
            "\"player\": \"Cleo\",\n      \"name\"",
        );
        assert_ne!(stray, json, "the deck's player is in the file");
        let mut third = Store::open_in_memory().unwrap();
        let refused = third.import_tournament_json(stray.as_bytes()).unwrap_err();
        assert!(refused.to_string().contains("Cleo"), "{refused}");
        assert!(third.list_tournaments().unwrap().is_empty());
        // the registration removed takes its deck with it
        store.record_unregistration(id, &state, ann).unwrap();
        assert!(store.registration_decks(id).unwrap().is_empty());
    }

    /// decks.csv: a line per card, the deck's columns on each, read back into the same decks
    /// (an edited card id is read, the `card` column is for people only); a deck whose player
    /// the file does not register names the line.
    #[test]
    fn decks_go_into_the_csv_files_and_come_back() {
        let mut store = Store::open_in_memory().unwrap();
        let id = winter_cup(&mut store);
        let saved = store.create_deck("Fire Wall", &content()).unwrap();
        let state = store.event_state(id).unwrap();
        store
            .record_registration_with_deck(id, &state, "Ann", Some("Vulca"), 1, &saved)
            .unwrap();
        let state = store.event_state(id).unwrap();
        store
            .record_registrations(id, &state, &["Ben"], None, 1)
            .unwrap();
        let names = |card: &str| (card == "flit-07").then(|| "Tittertweet [Flit 07]".to_owned());
        let csv = store.export_tournament_csv_named(id, &names).unwrap();
        assert_eq!(
            csv.decks,
            "player,deck,people,inquisitor,emissaries_inquisitors,buka,card_id,card\n\
             Ann,Fire Wall,Vulca,,false,false,vulca-02,\n\
             Ann,Fire Wall,Vulca,,false,false,flit-07,Tittertweet [Flit 07]\n"
        );
        let header = store.export_tournament(id).unwrap().event;
        let import = |store: &mut Store, decks: &str| {
            store.import_tournament_csv_files(
                &header,
                &crate::CsvImport {
                    entrants: csv.entrants.as_bytes(),
                    pairings: csv.pairings.as_bytes(),
                    results: csv.results.as_bytes(),
                    decks: Some(decks.as_bytes()),
                    ..crate::CsvImport::default()
                },
            )
        };
        let mut other = Store::open_in_memory().unwrap();
        let back = import(&mut other, &csv.decks).unwrap();
        let decks = other.registration_decks(back).unwrap();
        assert_eq!(decks.len(), 1);
        assert_eq!(
            (decks[0].name.as_str(), &decks[0].content),
            ("Fire Wall", &content())
        );
        assert_eq!(
            other.export_tournament_csv_named(back, &names).unwrap(),
            csv
        );

        // a third line, typed by a person: the card id is what is read
        let typed = format!(
            "{}Ann,Fire Wall,Vulca,,false,false,vulca-03,whatever\n",
            csv.decks
        );
        let mut third = Store::open_in_memory().unwrap();
        let back = import(&mut third, &typed).unwrap();
        assert_eq!(
            third.registration_decks(back).unwrap()[0].content.cards,
            vec!["vulca-02", "flit-07", "vulca-03"]
        );
        // a deck of a player the file does not register: refused at its line, nothing written
        let stray = csv.decks.replace("Ann,", "Cleo,");
        let mut fourth = Store::open_in_memory().unwrap();
        let refused = import(&mut fourth, &stray).unwrap_err();
        assert!(refused.to_string().contains("Cleo"), "{refused}");
        assert!(
            matches!(
                &refused,
                crate::StoreError::Import(crate::ImportRefusal {
                    at: crate::ImportPlace::Line { line: 2, .. },
                    ..
                })
            ),
            "{refused:?}"
        );
        assert!(fourth.list_tournaments().unwrap().is_empty());
        // lines of another deck for the same player: a second deck, refused
        let twice = format!("{}Ann,Other,Vulca,,false,false,vulca-04,\n", csv.decks);
        assert!(import(&mut fourth, &twice).is_err());
        assert!(fourth.list_tournaments().unwrap().is_empty());
    }
}
