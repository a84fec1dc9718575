//! All imported records with the per-source figures `corpus stats` prints.

use crate::import::{embedded, IMPORTER_VERSION};
use crate::model::{CardName, Kind, LinkRole, Ruling, RulingId, Source};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Every record of every document, and what the import found per source.
#[derive(Debug, Clone, Serialize)]
pub struct Corpus {
    pub records: Vec<Ruling>,
    /// Hash of the embedded documents, the importer version and the caller's card names.
    pub version: String,
    pub stats: Vec<SourceStats>,
    #[serde(skip)]
    by_id: HashMap<RulingId, usize>,
}

/// Figures for one source document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SourceStats {
    pub source: Source,
    pub records: usize,
    pub kinds: BTreeMap<Kind, usize>,
    /// Distinct top-level sections holding records.
    pub top_sections: usize,
    /// Distinct section paths two or more levels deep holding records.
    pub subsections: usize,
    /// Distinct cards linked in any role.
    pub cards_linked: usize,
    /// Distinct cards some record is about.
    pub cards_subject: usize,
    /// Cross-references resolved to record ids (sum over records).
    pub refs_resolved: usize,
    /// Cross-references found but not resolved.
    pub refs_unresolved: usize,
    /// Figures particular to the document, named as its analysis names them (Blue Moon:
    /// distinct card tags, question references, card entries, card numbers, general sections).
    pub figures: BTreeMap<String, usize>,
}

impl SourceStats {
    fn of(source: Source, records: &[Ruling]) -> Self {
        let mine: Vec<&Ruling> = records.iter().filter(|r| r.source == source).collect();
        let mut kinds = BTreeMap::new();
        let mut tops = BTreeSet::new();
        let mut subs = BTreeSet::new();
        let mut linked = BTreeSet::new();
        let mut subject = BTreeSet::new();
        for r in &mine {
            *kinds.entry(r.kind).or_insert(0) += 1;
            if let Some(top) = r.section.first() {
                tops.insert(top.clone());
            }
            if r.section.len() >= 2 {
                subs.insert(r.section.clone());
            }
            for link in &r.cards {
                linked.insert(link.card.clone());
                if link.role == LinkRole::Subject {
                    subject.insert(link.card.clone());
                }
            }
        }
        SourceStats {
            source,
            records: mine.len(),
            kinds,
            top_sections: tops.len(),
            subsections: subs.len(),
            cards_linked: linked.len(),
            cards_subject: subject.len(),
            refs_resolved: mine.iter().map(|r| r.refs.len()).sum(),
            refs_unresolved: mine.iter().map(|r| r.unresolved_refs.len()).sum(),
            figures: figures(source, &mine),
        }
    }
}

/// Document-specific figures, derived from the records alone (so a database loaded from disk
/// reports the same as a fresh import).
fn figures(source: Source, records: &[&Ruling]) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    match source {
        Source::BlueMoonFaqEn => {
            let tags: BTreeSet<&str> = records
                .iter()
                .flat_map(|r| r.cards.iter())
                .filter(|l| l.matched.starts_with('['))
                .map(|l| l.matched.as_str())
                .collect();
            out.insert("distinct card tags".to_owned(), tags.len());
            let bare = records
                .iter()
                .flat_map(|r| r.cards.iter())
                .filter(|l| !l.matched.starts_with('['))
                .count();
            out.insert("bare-name links".to_owned(), bare);
            let asked: usize = records
                .iter()
                .map(|r| r.display.matches("question \"").count())
                .sum();
            let unresolved = records
                .iter()
                .flat_map(|r| r.unresolved_refs.iter())
                .filter(|u| u.starts_with("question \""))
                .count();
            out.insert("question references".to_owned(), asked);
            out.insert(
                "question references resolved".to_owned(),
                asked.saturating_sub(unresolved),
            );
        }
        Source::BlueMoonFaqDe => {
            let general_top = |r: &Ruling| {
                r.section
                    .first()
                    .is_some_and(|t| t == "ALLGEMEIN" || t == "SYMBOLE")
            };
            let general: BTreeSet<&Vec<String>> = records
                .iter()
                .filter(|r| general_top(r) && r.section.len() == 2)
                .map(|r| &r.section)
                .collect();
            out.insert("general sections".to_owned(), general.len());
            let mut entries: BTreeSet<&Vec<String>> = BTreeSet::new();
            let mut numbers: BTreeSet<&str> = BTreeSet::new();
            for r in records.iter().filter(|r| {
                !general_top(r) && r.section.len() == 2 && !r.section[1].ends_with("(allgemein)")
            }) {
                entries.insert(&r.section);
                for l in r.cards.iter().filter(|l| l.role == LinkRole::Subject) {
                    numbers.insert(l.card.as_str());
                }
            }
            out.insert("card entries".to_owned(), entries.len());
            out.insert("card numbers in entries".to_owned(), numbers.len());
            let rulings = records
                .iter()
                .filter(|r| r.kind != Kind::Abbreviation)
                .count();
            out.insert("rulings".to_owned(), rulings);
        }
        _ => {}
    }
    out
}

impl Corpus {
    pub fn new(records: Vec<Ruling>, version: String) -> Self {
        let stats = Source::ALL
            .into_iter()
            .map(|s| SourceStats::of(s, &records))
            .collect();
        let by_id = records
            .iter()
            .enumerate()
            .map(|(i, r)| (r.id.clone(), i))
            .collect();
        Corpus {
            records,
            version,
            stats,
            by_id,
        }
    }

    pub fn get(&self, id: &RulingId) -> Option<&Ruling> {
        self.by_id.get(id).and_then(|&i| self.records.get(i))
    }

    pub fn stats_for(&self, source: Source) -> Option<&SourceStats> {
        self.stats.iter().find(|s| s.source == source)
    }
}

/// The data version of the embedded documents as imported with `names`: when it changes, the
/// reference database is rebuilt.
pub fn data_version(names: &[CardName]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(IMPORTER_VERSION.to_le_bytes());
    for source in Source::ALL {
        hasher.update(source.slug().as_bytes());
        hasher.update([0]);
        hasher.update(embedded(source).as_bytes());
        hasher.update([0]);
    }
    let mut sorted: Vec<String> = names
        .iter()
        .map(|n| {
            format!(
                "{}\u{1f}{}\u{1f}{:?}\u{1f}{:?}",
                n.card, n.name, n.lang, n.game
            )
        })
        .collect();
    sorted.sort();
    for n in sorted {
        hasher.update(n.as_bytes());
        hasher.update([0]);
    }
    hasher
        .finalize()
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect()
}
