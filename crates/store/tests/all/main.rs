//! The store's integration tests, in ONE test binary: each module below was a test binary of its
//! own, and at CI's opt-level every test binary compiles its own copy of the generic code it uses
//! and is linked on its own (seconds of tests, minutes of building). scripts/test-binaries.mjs
//! still runs each module in a process of its own, as before; `cargo test -p <crate> --test all
//! <module>::` runs one.

// the decisions the tests record, as the service would decide them
#[path = "../support/decide.rs"]
mod decide;

mod deck_lists;
mod durability;
mod exchange;
mod fuzz_imports;
mod games;
mod hostile;
mod migrations;
mod open;
mod othergames;
mod properties;
mod reports;
mod round_control;
mod tournaments;
