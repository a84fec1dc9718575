//! The pairing's integration tests, in ONE test binary: each module below was a test binary of its
//! own, and at CI's opt-level every test binary compiles its own copy of the generic code it uses
//! and is linked on its own (seconds of tests, minutes of building). scripts/test-binaries.mjs
//! still runs each module in a process of its own, as before; `cargo test -p <crate> --test all
//! <module>::` runs one.

// what the pairing tests share
#[path = "../common/mod.rs"]
mod common;

mod deck_lists;
mod match_score;
mod optimality;
mod swiss_properties;
