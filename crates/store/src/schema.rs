//! Schema versions of `tablemate.db`.
//!
//! Every version's SQL is kept here verbatim and never edited once shipped: a database created by
//! any earlier release is migrated forward by running the versions it lacks, in order. The version
//! is SQLite's `user_version` (managed by rusqlite_migration). Tests open a database created at each
//! earlier version, with data in it, and check that nothing is lost.

use rusqlite_migration::{Migrations, M};

/// Version 1: people at the table, matches, games and their event logs (with a redo stack).
pub const V1: &str = r#"
CREATE TABLE players (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 100),
    created_at  TEXT NOT NULL
);
CREATE TABLE matches (
    id              INTEGER PRIMARY KEY,
    player_a        INTEGER NOT NULL REFERENCES players(id),
    player_b        INTEGER NOT NULL REFERENCES players(id),
    target_crystals INTEGER NOT NULL DEFAULT 5 CHECK (target_crystals >= 1),
    created_at      TEXT NOT NULL,
    finished_at     TEXT,
    winner          INTEGER REFERENCES players(id),
    CHECK (player_a <> player_b)
);
CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    match_id        INTEGER REFERENCES matches(id),
    player_a        INTEGER NOT NULL REFERENCES players(id),
    player_b        INTEGER NOT NULL REFERENCES players(id),
    people_a        TEXT NOT NULL,
    people_b        TEXT NOT NULL,
    first_player    TEXT NOT NULL CHECK (first_player IN ('A', 'B')),
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    finished_at     TEXT,
    winner          TEXT CHECK (winner IN ('A', 'B')),
    crystals        INTEGER CHECK (crystals BETWEEN 1 AND 7),
    dragons         INTEGER CHECK (dragons BETWEEN 0 AND 3),
    fights          INTEGER CHECK (fights >= 0),
    CHECK (player_a <> player_b),
    CHECK ((finished_at IS NULL) = (winner IS NULL))
);
CREATE INDEX games_by_match ON games(match_id);
CREATE INDEX games_listing ON games(finished_at IS NOT NULL, updated_at DESC, id DESC);
CREATE TABLE game_events (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    payload     TEXT NOT NULL CHECK (json_valid(payload)),
    created_at  TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE game_redo (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    depth       INTEGER NOT NULL,
    payload     TEXT NOT NULL CHECK (json_valid(payload)),
    PRIMARY KEY (game_id, depth)
) WITHOUT ROWID;
"#;

/// Version 2: who starts a match's first game; the person's corrections to card facts (newest
/// per card and fact wins, all kept as history).
pub const V2: &str = r#"
ALTER TABLE matches ADD COLUMN first_player TEXT NOT NULL DEFAULT 'A'
    CHECK (first_player IN ('A', 'B'));
CREATE TABLE card_fixes (
    id          INTEGER PRIMARY KEY,
    card_id     TEXT NOT NULL CHECK (length(card_id) BETWEEN 1 AND 64),
    fact        TEXT NOT NULL CHECK (length(fact) BETWEEN 1 AND 64),
    value_json  TEXT NOT NULL CHECK (json_valid(value_json)),
    created_at  TEXT NOT NULL
);
CREATE INDEX card_fixes_by_card ON card_fixes(card_id, fact, id);
"#;

/// Version 3: tournaments: events, registrations (with late entries and drops), rounds,
/// pairings, results (typed, from a match played in the app, or imported) and the log of
/// corrections to results.
pub const V3: &str = r#"
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    event_date  TEXT NOT NULL CHECK (event_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    format      TEXT NOT NULL CHECK (format IN ('swiss', 'round_robin')),
    swiss_rounds INTEGER CHECK (swiss_rounds BETWEEN 1 AND 20),
    top_cut     INTEGER CHECK (top_cut IN (2, 4, 8, 16, 32, 64)),
    first_round TEXT NOT NULL CHECK (first_round IN ('random', 'seeded')),
    seed        INTEGER NOT NULL,
    created_at  TEXT NOT NULL,
    CHECK ((format = 'swiss') = (swiss_rounds IS NOT NULL))
);
CREATE TABLE registrations (
    id              INTEGER PRIMARY KEY,
    tournament_id   INTEGER NOT NULL REFERENCES tournaments(id),
    player_id       INTEGER NOT NULL REFERENCES players(id),
    people          TEXT CHECK (people IS NULL OR length(people) BETWEEN 1 AND 64),
    seed_order      INTEGER NOT NULL,
    joined_round    INTEGER NOT NULL CHECK (joined_round >= 1),
    dropped_after   INTEGER CHECK (dropped_after >= 0),
    UNIQUE (tournament_id, player_id),
    UNIQUE (tournament_id, seed_order)
);
CREATE TABLE rounds (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments(id),
    number          INTEGER NOT NULL CHECK (number >= 1),
    stage           TEXT NOT NULL CHECK (stage IN ('swiss', 'round_robin', 'top_cut')),
    created_at      TEXT NOT NULL,
    PRIMARY KEY (tournament_id, number)
) WITHOUT ROWID;
CREATE TABLE pairings (
    id              INTEGER PRIMARY KEY,
    tournament_id   INTEGER NOT NULL,
    round           INTEGER NOT NULL,
    table_no        INTEGER NOT NULL CHECK (table_no >= 1),
    entrant_a       INTEGER NOT NULL REFERENCES registrations(id),
    entrant_b       INTEGER REFERENCES registrations(id),
    FOREIGN KEY (tournament_id, round) REFERENCES rounds(tournament_id, number),
    UNIQUE (tournament_id, round, table_no),
    CHECK (entrant_a IS NOT entrant_b)
);
CREATE TABLE results (
    pairing_id      INTEGER PRIMARY KEY REFERENCES pairings(id),
    winner          INTEGER NOT NULL REFERENCES registrations(id),
    crystals_a      INTEGER NOT NULL CHECK (crystals_a BETWEEN 0 AND 11),
    crystals_b      INTEGER NOT NULL CHECK (crystals_b BETWEEN 0 AND 11),
    source          TEXT NOT NULL CHECK (source IN ('typed', 'match', 'import')),
    match_id        INTEGER REFERENCES matches(id),
    recorded_at     TEXT NOT NULL
);
CREATE TABLE result_corrections (
    id              INTEGER PRIMARY KEY,
    pairing_id      INTEGER NOT NULL REFERENCES pairings(id),
    old_winner      INTEGER NOT NULL,
    old_crystals_a  INTEGER NOT NULL,
    old_crystals_b  INTEGER NOT NULL,
    new_winner      INTEGER NOT NULL,
    new_crystals_a  INTEGER NOT NULL,
    new_crystals_b  INTEGER NOT NULL,
    reason          TEXT NOT NULL,
    corrected_at    TEXT NOT NULL
);
"#;

/// Version 4: the rulings a person marked "seen" in a game, so the table's rulings prompt does
/// not show them again for the rest of that game (kept when the app restarts).
pub const V4: &str = r#"
CREATE TABLE rulings_seen (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    ruling_id   TEXT NOT NULL CHECK (length(ruling_id) BETWEEN 1 AND 128),
    seen_at     TEXT NOT NULL,
    PRIMARY KEY (game_id, ruling_id)
) WITHOUT ROWID;
"#;

/// The round clock and publishing, stored with each round so an app restart resumes the clock
/// and shows the same published pairings. The clock is its length, the time it ran before its
/// last start and, while it runs, that start (epoch milliseconds): the remaining time is computed
/// from these and "now" (`tournament::RoundClock`). Rounds paired before this version count as
/// published (they were shown as soon as they were paired).
pub const V_ROUND_CONTROL: &str = r#"
ALTER TABLE rounds ADD COLUMN clock_length_ms INTEGER NOT NULL DEFAULT 3000000
    CHECK (clock_length_ms > 0);
ALTER TABLE rounds ADD COLUMN clock_started INTEGER NOT NULL DEFAULT 0
    CHECK (clock_started IN (0, 1));
ALTER TABLE rounds ADD COLUMN clock_ran_ms INTEGER NOT NULL DEFAULT 0 CHECK (clock_ran_ms >= 0);
ALTER TABLE rounds ADD COLUMN clock_running_since INTEGER
    CHECK (clock_running_since IS NULL OR clock_started = 1);
ALTER TABLE rounds ADD COLUMN clock_changed_at TEXT;
ALTER TABLE rounds ADD COLUMN published INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1));
"#;

/// A game the players abandoned: it ended without a result (no winner, no crystals). It is no
/// longer unfinished (its match can take a new game), and statistics leave it out because they
/// count games with a result (`finished_at`).
pub const V_ABANDONED_GAMES: &str = r#"
ALTER TABLE games ADD COLUMN abandoned_at TEXT
    CHECK (abandoned_at IS NULL OR finished_at IS NULL);
"#;

/// Games of the other kinds at the table (Warhammer: Invasion, Star Trek CCG, Knightmare
/// Chess): their own tables beside Blue Moon's, since their results have none of Blue Moon's
/// columns (crystals, dragons, fights). `outcome` mirrors the fold of the log after every
/// write (a game that ended may still be undone), so the list of unfinished games needs no
/// replay; each event is the `othergames` engine's JSON, kept as written.
pub const V_OTHER_GAMES: &str = r#"
CREATE TABLE other_games (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('whi', 'stccg', 'kc')),
    player_a    INTEGER NOT NULL REFERENCES players(id),
    player_b    INTEGER NOT NULL REFERENCES players(id),
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    outcome     TEXT NOT NULL DEFAULT 'playing'
                CHECK (outcome IN ('playing', 'won_a', 'won_b', 'tie')),
    CHECK (player_a <> player_b)
);
CREATE INDEX other_games_listing ON other_games(outcome <> 'playing', updated_at DESC, id DESC);
CREATE TABLE other_game_events (
    game_id     INTEGER NOT NULL REFERENCES other_games(id),
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    payload     TEXT NOT NULL CHECK (json_valid(payload)),
    created_at  TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE other_game_redo (
    game_id     INTEGER NOT NULL REFERENCES other_games(id),
    depth       INTEGER NOT NULL,
    payload     TEXT NOT NULL CHECK (json_valid(payload)),
    PRIMARY KEY (game_id, depth)
) WITHOUT ROWID;
"#;

/// The rulings a person marked "seen" in a game of another kind (as `rulings_seen` is for Blue
/// Moon): the table's rulings prompt of that game leaves them out for the rest of the game, also
/// after a restart. Undo keeps them: "seen" is about the person, not the table. A row goes with
/// its game (`ON DELETE CASCADE`).
pub const V_OTHER_RULINGS_SEEN: &str = r#"
CREATE TABLE other_rulings_seen (
    game_id     INTEGER NOT NULL REFERENCES other_games(id) ON DELETE CASCADE,
    ruling_id   TEXT NOT NULL CHECK (length(ruling_id) BETWEEN 1 AND 128),
    seen_at     TEXT NOT NULL,
    PRIMARY KEY (game_id, ruling_id)
) WITHOUT ROWID;
"#;

/// Revisions of every game's log (Blue Moon's and the other games'): each change of a log
/// (append, undo, redo, abandon, finish) raises it by one in the same transaction, and a write
/// names the revision it was decided on, so two writers at once (the app and the CLI) can no
/// longer both write on the same state and leave a log that does not replay (`log.rs`).
pub const V_LOG_REVISIONS: &str = r#"
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0 CHECK (revision >= 0);
ALTER TABLE other_games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0 CHECK (revision >= 0);
"#;

/// Players reporting their own results from their phones (issue #22). Per event, whether two
/// agreeing reports are accepted at once or wait for the organiser; per round, whether reporting
/// is open; per seat of a table, the player's code (unguessable, from the OS's random source)
/// and their latest report, in their own words (won or not, their crystals first); and the log
/// of every report and every decision of the organiser, like `result_corrections`: who, which
/// seat, the client's address, when, and the old and new result in seat order. Everything
/// belongs to a pairing and goes with it when the round is undone.
pub const V_RESULT_REPORTS: &str = r#"
CREATE TABLE report_settings (
    tournament_id   INTEGER PRIMARY KEY REFERENCES tournaments(id),
    needs_organiser INTEGER NOT NULL DEFAULT 0 CHECK (needs_organiser IN (0, 1))
);
CREATE TABLE report_rounds (
    tournament_id   INTEGER NOT NULL,
    round           INTEGER NOT NULL,
    open            INTEGER NOT NULL CHECK (open IN (0, 1)),
    changed_at      TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round),
    FOREIGN KEY (tournament_id, round) REFERENCES rounds(tournament_id, number) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE TABLE seat_codes (
    pairing_id      INTEGER NOT NULL REFERENCES pairings(id) ON DELETE CASCADE,
    seat            TEXT NOT NULL CHECK (seat IN ('A', 'B')),
    code            TEXT NOT NULL UNIQUE CHECK (length(code) BETWEEN 10 AND 64),
    created_at      TEXT NOT NULL,
    PRIMARY KEY (pairing_id, seat)
) WITHOUT ROWID;
CREATE TABLE seat_reports (
    pairing_id      INTEGER NOT NULL REFERENCES pairings(id) ON DELETE CASCADE,
    seat            TEXT NOT NULL CHECK (seat IN ('A', 'B')),
    won             INTEGER NOT NULL CHECK (won IN (0, 1)),
    crystals_mine   INTEGER NOT NULL CHECK (crystals_mine BETWEEN 0 AND 11),
    crystals_theirs INTEGER NOT NULL CHECK (crystals_theirs BETWEEN 0 AND 11),
    reported_at     TEXT NOT NULL,
    PRIMARY KEY (pairing_id, seat)
) WITHOUT ROWID;
CREATE TABLE report_log (
    id              INTEGER PRIMARY KEY,
    pairing_id      INTEGER NOT NULL REFERENCES pairings(id) ON DELETE CASCADE,
    actor           TEXT NOT NULL CHECK (actor IN ('player', 'organiser', 'agreement')),
    action          TEXT NOT NULL CHECK (action IN ('report', 'accept', 'set_result', 'reset')),
    seat            TEXT CHECK (seat IS NULL OR seat IN ('A', 'B')),
    client          TEXT CHECK (client IS NULL OR length(client) BETWEEN 1 AND 64),
    old_winner      TEXT CHECK (old_winner IS NULL OR old_winner IN ('A', 'B')),
    old_crystals_a  INTEGER,
    old_crystals_b  INTEGER,
    new_winner      TEXT CHECK (new_winner IS NULL OR new_winner IN ('A', 'B')),
    new_crystals_a  INTEGER,
    new_crystals_b  INTEGER,
    logged_at       TEXT NOT NULL,
    CHECK ((old_winner IS NULL) = (old_crystals_a IS NULL) AND (old_winner IS NULL) = (old_crystals_b IS NULL)),
    CHECK ((new_winner IS NULL) = (new_crystals_a IS NULL) AND (new_winner IS NULL) = (new_crystals_b IS NULL))
);
CREATE INDEX report_log_by_pairing ON report_log(pairing_id, id);
"#;

/// One record of every game's log, whatever the game (Blue Moon's and the other three's): the
/// log's revision and outcome (`game_logs`), its events, its redo stack and the rulings marked
/// seen in it, each in one table for every kind of game. A game keeps its own row and id
/// (`games`: Blue Moon, with its match, people and result; `other_games`: the other kinds), and
/// names its log (`log_id`); matches, tournaments and history go on referring to the game ids
/// they always did. Migrated from the two table sets of before with nothing lost: a Blue Moon
/// game's log takes the game's id, another game's log the next free ids after them.
///
/// `outcome` is where the game stands as recorded: for the other games the engine's fold
/// after the last change of the log (as `other_games.outcome` was); for Blue Moon its recorded
/// result (`won_a`/`won_b` once finished, `tie` (no winner) once abandoned, else `playing`).
pub const V_ONE_LOG: &str = r#"
CREATE TABLE game_logs (
    id          INTEGER PRIMARY KEY,
    revision    INTEGER NOT NULL DEFAULT 0 CHECK (revision >= 0),
    outcome     TEXT NOT NULL DEFAULT 'playing'
                CHECK (outcome IN ('playing', 'won_a', 'won_b', 'tie'))
);
INSERT INTO game_logs (id, revision, outcome)
    SELECT id, revision,
           CASE WHEN winner = 'A' THEN 'won_a' WHEN winner = 'B' THEN 'won_b'
                WHEN abandoned_at IS NOT NULL THEN 'tie' ELSE 'playing' END
    FROM games;
INSERT INTO game_logs (id, revision, outcome)
    SELECT id + (SELECT COALESCE(MAX(id), 0) FROM games), revision, outcome FROM other_games;
ALTER TABLE games ADD COLUMN log_id INTEGER REFERENCES game_logs(id);
ALTER TABLE other_games ADD COLUMN log_id INTEGER REFERENCES game_logs(id);
UPDATE games SET log_id = id;
UPDATE other_games SET log_id = id + (SELECT COALESCE(MAX(id), 0) FROM games);
CREATE UNIQUE INDEX games_log ON games(log_id);
CREATE UNIQUE INDEX other_games_log ON other_games(log_id);

CREATE TABLE log_events (
    log_id      INTEGER NOT NULL REFERENCES game_logs(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    payload     TEXT NOT NULL CHECK (json_valid(payload)),
    created_at  TEXT NOT NULL,
    PRIMARY KEY (log_id, seq)
) WITHOUT ROWID;
INSERT INTO log_events (log_id, seq, payload, created_at)
    SELECT g.log_id, e.seq, e.payload, e.created_at
    FROM game_events e JOIN games g ON g.id = e.game_id;
INSERT INTO log_events (log_id, seq, payload, created_at)
    SELECT g.log_id, e.seq, e.payload, e.created_at
    FROM other_game_events e JOIN other_games g ON g.id = e.game_id;

CREATE TABLE log_redo (
    log_id      INTEGER NOT NULL REFERENCES game_logs(id) ON DELETE CASCADE,
    depth       INTEGER NOT NULL,
    payload     TEXT NOT NULL CHECK (json_valid(payload)),
    PRIMARY KEY (log_id, depth)
) WITHOUT ROWID;
INSERT INTO log_redo (log_id, depth, payload)
    SELECT g.log_id, r.depth, r.payload FROM game_redo r JOIN games g ON g.id = r.game_id;
INSERT INTO log_redo (log_id, depth, payload)
    SELECT g.log_id, r.depth, r.payload
    FROM other_game_redo r JOIN other_games g ON g.id = r.game_id;

CREATE TABLE log_rulings_seen (
    log_id      INTEGER NOT NULL REFERENCES game_logs(id) ON DELETE CASCADE,
    ruling_id   TEXT NOT NULL CHECK (length(ruling_id) BETWEEN 1 AND 128),
    seen_at     TEXT NOT NULL,
    PRIMARY KEY (log_id, ruling_id)
) WITHOUT ROWID;
INSERT INTO log_rulings_seen (log_id, ruling_id, seen_at)
    SELECT g.log_id, s.ruling_id, s.seen_at FROM rulings_seen s JOIN games g ON g.id = s.game_id;
INSERT INTO log_rulings_seen (log_id, ruling_id, seen_at)
    SELECT g.log_id, s.ruling_id, s.seen_at
    FROM other_rulings_seen s JOIN other_games g ON g.id = s.game_id;

DROP TABLE game_events;
DROP TABLE game_redo;
DROP TABLE rulings_seen;
DROP TABLE other_game_events;
DROP TABLE other_game_redo;
DROP TABLE other_rulings_seen;
DROP INDEX other_games_listing;
ALTER TABLE games DROP COLUMN revision;
ALTER TABLE other_games DROP COLUMN revision;
ALTER TABLE other_games DROP COLUMN outcome;
CREATE INDEX other_games_by_update ON other_games(updated_at DESC, id DESC);
"#;

/// Version 12: every Blue Moon play names the card fixes it was decided with (`fixes_read`
/// in its `card_played` event), so replay, undo and redo read the facts it was decided with
/// and never compare a fix's time with the play's. No table changes: the stored plays are
/// given the number that keeps the facts they had (`play_fixes.rs`, run after this SQL in the
/// same transaction).
pub const V_PLAYS_NAME_THEIR_FIXES: &str = "-- the stored plays are rewritten by play_fixes.rs";

/// Constructed decks (issue #33): a deck the player built by the deck-building rules, kept
/// whole in one row (its cards a JSON array of card ids, in the order entered), with a
/// revision each save raises, so a save decided on an older revision is refused. A game
/// keeps its own copy of a deck in its set-up, so editing a deck never changes a game.
pub const V_DECKS: &str = r#"
CREATE TABLE decks (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    people TEXT NOT NULL,
    inquisitor TEXT,
    emissaries_inquisitors INTEGER NOT NULL DEFAULT 0 CHECK (emissaries_inquisitors IN (0, 1)),
    buka INTEGER NOT NULL DEFAULT 0 CHECK (buka IN (0, 1)),
    cards TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(cards) AND json_type(cards) = 'array'),
    revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX decks_by_name ON decks(name COLLATE NOCASE);
"#;

/// Decks at tournaments (issue #33): the deck a registration plays, a copy of a saved deck's
/// list as it was when it was registered (the saved deck may change later; the event keeps
/// what was registered). One per registration, gone with it.
pub const V_TOURNAMENT_DECKS: &str = r#"
CREATE TABLE registration_decks (
    registration_id INTEGER PRIMARY KEY REFERENCES registrations(id) ON DELETE CASCADE,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    people TEXT NOT NULL,
    inquisitor TEXT,
    emissaries_inquisitors INTEGER NOT NULL DEFAULT 0 CHECK (emissaries_inquisitors IN (0, 1)),
    buka INTEGER NOT NULL DEFAULT 0 CHECK (buka IN (0, 1)),
    cards TEXT NOT NULL CHECK (json_valid(cards) AND json_type(cards) = 'array'),
    registered_at TEXT NOT NULL
);
"#;

/// An event may require deck lists (issue #33): while it does, round 1 is not paired until
/// every player has registered a deck. Events from before this version require none.
pub const V_DECKS_REQUIRED: &str = r#"
ALTER TABLE tournaments ADD COLUMN decks_required INTEGER NOT NULL DEFAULT 0
    CHECK (decks_required IN (0, 1));
"#;

/// The SQL of every version, oldest first. Index `i` holds the step from version `i` to `i + 1`.
pub const VERSIONS: &[&str] = &[
    V1,
    V2,
    V3,
    V4,
    V_ROUND_CONTROL,
    V_ABANDONED_GAMES,
    V_OTHER_GAMES,
    V_OTHER_RULINGS_SEEN,
    V_LOG_REVISIONS,
    V_RESULT_REPORTS,
    V_ONE_LOG,
    V_PLAYS_NAME_THEIR_FIXES,
    V_DECKS,
    V_TOURNAMENT_DECKS,
    V_DECKS_REQUIRED,
];

/// The newest schema version this build knows.
pub fn latest() -> u32 {
    VERSIONS.len() as u32
}

/// The migrations: each version's SQL, and for version 12 the rewrite of the stored plays
/// after it.
pub(crate) fn migrations() -> Migrations<'static> {
    Migrations::new(
        VERSIONS
            .iter()
            .map(|sql| {
                if *sql == V_PLAYS_NAME_THEIR_FIXES {
                    M::up_with_hook(sql, |tx: &rusqlite::Transaction<'_>| {
                        crate::play_fixes::record_fixes_read(tx).map_err(Into::into)
                    })
                } else {
                    M::up(sql)
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_version_applies_to_an_empty_database() {
        super::migrations().validate().expect("migrations valid");
    }
}
