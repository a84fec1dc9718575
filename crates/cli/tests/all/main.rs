//! The command line's integration tests, in ONE test binary: each module below was a test binary
//! of its own, and at CI's opt-level every test binary compiles its own copy of the generic code
//! it uses and is linked on its own (seconds of tests, minutes of building). scripts/test-
//! binaries.mjs still runs each module in a process of its own, as before; `cargo test -p <crate>
//! --test all <module>::` runs one.

// running the real `tablemate` binary on a data folder
#[path = "../common/mod.rs"]
mod common;

mod cards;
mod cli;
mod deck;
mod durability;
mod game;
mod history;
mod hostile;
mod old_releases;
mod other_stats;
mod othergames;
mod race;
mod reporting;
mod rulings;
mod table;
mod tournament;
