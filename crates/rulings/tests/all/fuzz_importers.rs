//! Fuzzing all five document importers (issue #13) through `import_source`, as the index
//! builder calls them: arbitrary text, and each shipped document with a range replaced by junk
//! or cut short. Never a panic; a refusal names its document, where, and why. Case counts are
//! bounded (each case imports a whole document).

use proptest::prelude::*;
use rulings::import::{embedded, import_source};
use rulings::Source;

#[path = "../../../../tests/support/splice.rs"]
mod support;
use support::splice;

fn import(source: Source, text: &str) -> Result<(), TestCaseError> {
    if let Err(e) = import_source(source, text, &[]) {
        prop_assert_eq!(e.doc, source);
        prop_assert!(!e.location.is_empty() && !e.message.is_empty(), "{}", e);
    }
    Ok(())
}

fn source() -> impl Strategy<Value = Source> {
    proptest::sample::select(Source::ALL.to_vec())
}

/// Words the documents' structure hangs on, so mutations reach past the first error.
fn junk() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("\nQ: ".to_owned()),
        Just(" A: ".to_owned()),
        Just("\n======\n".to_owned()),
        Just("\n\"Frage: ".to_owned()),
        Just("\nLEGENDE \n".to_owned()),
        Just("\n\n".to_owned()),
        Just("\u{feff}".to_owned()),
        "\\PC{0,24}",
    ]
}

#[test]
fn every_shipped_document_imports() {
    for s in Source::ALL {
        let records = import_source(s, embedded(s), &[]).unwrap_or_else(|e| panic!("{e}"));
        assert!(!records.is_empty(), "{s:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn arbitrary_text_as_any_document(s in source(), text in "\\PC{0,400}") {
        import(s, &text)?;
    }

    #[test]
    fn arbitrary_bytes_as_any_document(s in source(), bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        import(s, &String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn a_mutated_shipped_document(s in source(), at in 0usize..400_000, len in 0usize..3_000, junk in junk()) {
        import(s, &splice(embedded(s), at, len, &junk))?;
    }

    #[test]
    fn a_shipped_document_cut_short(s in source(), at in 0usize..400_000) {
        import(s, &splice(embedded(s), at, usize::MAX, ""))?;
    }
}
