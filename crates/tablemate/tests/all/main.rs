//! The service's integration tests (race.rs, its own runner, stays a binary of its own), in ONE
//! test binary: each module below was a test binary of its own, and at CI's opt-level every test
//! binary compiles its own copy of the generic code it uses and is linked on its own (seconds of
//! tests, minutes of building). scripts/test-binaries.mjs still runs each module in a process of
//! its own, as before; `cargo test -p <crate> --test all <module>::` runs one.

mod deck_lists;
mod decks;
mod full_disk;
mod import;
mod match_games;
mod prompt_order;
mod reporting;
mod tournaments;
