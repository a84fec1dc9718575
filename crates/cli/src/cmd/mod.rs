//! Subcommands, one module per domain. Each defines its clap arguments and a `run` that opens
//! the service through `Ctx`, calls it and prints through `ctx.out` (text, or JSON with --json).
// [domain modules: add `pub mod <domain>;` below]
pub mod cards;
pub mod corpus;
pub mod deck;
pub mod game;
pub mod history;
pub mod matches;
pub mod other_stats;
pub mod othergames;
pub mod power;
pub mod reporting;
pub mod rulings;
pub mod table;
pub mod tournament;
