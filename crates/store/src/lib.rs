//! The user's SQLite database (placeholder: opened and migrated in the foundation work).
