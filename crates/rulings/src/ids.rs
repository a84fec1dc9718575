//! Stable record ids: a hash of what identifies a record in its document (source, section
//! path, question or heading text), never its position, so ids survive re-imports and edits
//! elsewhere in the document.

use crate::model::{RulingId, Source};
use sha2::{Digest, Sha256};
use std::collections::HashMap;

/// Builds ids for one document and keeps them unique: a key seen twice (the German FAQ repeats
/// official answers under several cards) gets `-2`, `-3`… in document order.
#[derive(Debug)]
pub struct IdMaker {
    source: Source,
    seen: HashMap<String, u32>,
}

impl IdMaker {
    pub fn new(source: Source) -> Self {
        IdMaker {
            source,
            seen: HashMap::new(),
        }
    }

    /// The id of the record at `section` keyed by `key` (question, heading, or text).
    pub fn make(&mut self, section: &[String], key: &str) -> RulingId {
        let mut hasher = Sha256::new();
        hasher.update(self.source.slug().as_bytes());
        for part in section {
            hasher.update([0x1f]);
            hasher.update(normalise(part).as_bytes());
        }
        hasher.update([0x1e]);
        hasher.update(normalise(key).as_bytes());
        let digest = hasher.finalize();
        let hex: String = digest.iter().take(6).map(|b| format!("{b:02x}")).collect();
        let base = format!("{}-{hex}", prefix(self.source));
        let n = self.seen.entry(base.clone()).or_insert(0);
        *n += 1;
        if *n == 1 {
            RulingId(base)
        } else {
            RulingId(format!("{base}-{n}"))
        }
    }
}

/// Whitespace differences (re-wrapped lines) must not change an id.
fn normalise(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn prefix(source: Source) -> &'static str {
    match source {
        Source::BlueMoonFaqEn => "bm-en",
        Source::BlueMoonFaqDe => "bm-de",
        Source::WarhammerInvasionFaq => "whi",
        Source::KnightmareChessRulings => "kc",
        Source::StarTrekCcgRules => "stccg",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_depend_on_content_not_position() {
        let section = vec!["A".to_owned(), "B".to_owned()];
        let mut one = IdMaker::new(Source::BlueMoonFaqEn);
        let first = one.make(&section, "Why?");
        let mut two = IdMaker::new(Source::BlueMoonFaqEn);
        let _ = two.make(&section, "Something else?");
        assert_eq!(two.make(&section, "Why?  "), first);
        assert!(first.0.starts_with("bm-en-"));
        assert_ne!(one.make(&section, "Why?"), first, "a repeat gets a suffix");
        let mut de = IdMaker::new(Source::BlueMoonFaqDe);
        assert_ne!(de.make(&section, "Why?").0, first.0);
    }
}
