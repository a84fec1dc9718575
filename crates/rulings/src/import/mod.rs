//! One importer per source document. Each takes the document's text and the card names it
//! may link bare mentions to, and returns its records or an error naming where it failed.

pub mod kc;
pub mod stccg;
pub mod whi;
