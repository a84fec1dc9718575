//! Rulings of every game: one importer per source document, a full-text index and prompts.
