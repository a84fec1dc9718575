//! The rulings' integration tests, in ONE test binary: each module below was a test binary of its
//! own, and at CI's opt-level every test binary compiles its own copy of the generic code it uses
//! and is linked on its own (seconds of tests, minutes of building). scripts/test-binaries.mjs
//! still runs each module in a process of its own, as before; `cargo test -p <crate> --test all
//! <module>::` runs one.

// what the importer tests share
#[path = "../common/mod.rs"]
mod common;

mod fuzz_importers;
mod import_bm;
mod import_kc;
mod import_robustness;
mod import_stccg;
mod import_whi;
mod prompt_ranking;
mod reference_db;
mod search_parts;
mod search_questions;
