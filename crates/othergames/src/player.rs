//! The two players at the table and a value for each: the shared definition of `cards`.

pub use cards::{PerPlayer, Player};
