//! What the importer tests share.

/// Cuts `doc` at points across the whole document and scatters replacement characters in it:
/// `import` returns an error or no more records than for the whole document, and never panics.
pub fn truncated_or_garbled_input_never_panics<T, E>(
    doc: &str,
    import: impl Fn(&str) -> Result<Vec<T>, E>,
) {
    let full = import(doc).map(|r| r.len()).unwrap_or_else(|_| {
        panic!("the whole document imports");
    });
    for k in 1..40 {
        let mut cut = doc.len() * k / 40;
        while !doc.is_char_boundary(cut) {
            cut += 1;
        }
        if let Ok(recs) = import(&doc[..cut]) {
            assert!(recs.len() <= full, "cut at {cut}");
        }
    }
    for step in [97, 331, 997] {
        let garbled: String = doc
            .chars()
            .enumerate()
            .map(|(i, c)| if i % step == 0 { '\u{FFFD}' } else { c })
            .collect();
        let _ = import(&garbled);
    }
}

/// What an importer test of one of the other games reads: `DOC` (the shipped document),
/// `CATALOG` (the shipped card catalog), `catalog()` (it parsed), `names()` (its card names, as
/// the importer links them) and `catalog_file_of(cards)` (cards written as the catalog file);
/// and the test that `$import` survives a cut or garbled document.
macro_rules! shipped {
    ($doc:literal, $catalog:literal, $import:path) => {
        const DOC: &str = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/sources/",
            $doc
        ));
        const CATALOG: &str = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/cards/",
            $catalog
        ));

        fn catalog() -> cards::other::OtherCatalogFile {
            serde_json::from_str(CATALOG).expect("catalog JSON parses")
        }

        fn names() -> Vec<rulings::CardName> {
            rulings::import::card_lexicon::card_names(&catalog())
        }

        fn catalog_file_of(cards: Vec<cards::other::OtherCard>) -> String {
            let game = catalog().game;
            let file = cards::other::OtherCatalogFile { game, cards };
            rulings::import::card_lexicon::catalog_json(&file).expect("json")
        }

        /// Cut points across the whole document and scattered replacement characters: the
        /// importer returns an error or a result no larger than the full one, and never panics.
        #[test]
        fn truncated_or_garbled_input_never_panics() {
            let names = names();
            $crate::common::truncated_or_garbled_input_never_panics(DOC, |d| $import(d, &names));
        }
    };
}
pub(crate) use shipped;
