//! Truncated or garbled documents never panic an importer; broken structure gives an error
//! that names the document and where.

use proptest::prelude::*;
use rulings::import::{bm_de, bm_en, embedded};
use rulings::Source;

fn cut(text: &str, at: usize) -> &str {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    &text[..at]
}

#[test]
fn truncated_documents_never_panic() {
    for source in [Source::BlueMoonFaqEn, Source::BlueMoonFaqDe] {
        let text = embedded(source);
        let mut at = 0;
        while at < text.len() {
            let part = cut(text, at);
            let result = match source {
                Source::BlueMoonFaqEn => bm_en::import(part, &[]),
                _ => bm_de::import(part, &[]),
            };
            if let Err(e) = result {
                assert_eq!(e.doc, source);
                assert!(!e.location.is_empty() && !e.message.is_empty());
            }
            at += 7919;
        }
    }
}

#[test]
fn empty_documents_are_errors() {
    let e = bm_en::import("", &[]).expect_err("empty");
    assert_eq!(e.doc, Source::BlueMoonFaqEn);
    let e = bm_de::import("", &[]).expect_err("empty");
    assert_eq!(e.doc, Source::BlueMoonFaqDe);
}

#[test]
fn english_question_without_answer_names_its_section() {
    let text = embedded(Source::BlueMoonFaqEn);
    let at = text.find("About Languages -").expect("section");
    let answer = at + text[at..].find(" A: ").expect("answer");
    let broken = format!("{} B: {}", &text[..answer], &text[answer + 4..]);
    let e = bm_en::import(&broken, &[]).expect_err("broken");
    assert!(e.location.contains("About Languages"), "{e}");
    assert!(e.message.contains("answer"), "{e}");
}

#[test]
fn english_underline_without_title_is_an_error() {
    let e = bm_en::import("Q: x? A: y. ====== Q: a? A: b.", &[]).expect_err("bad header");
    assert!(e.location.starts_with("byte"), "{e}");
}

#[test]
fn german_unclosed_official_answer_names_its_line() {
    let text = embedded(Source::BlueMoonFaqDe);
    // Cut just after an official FAQ question opens: its quotation never closes.
    let at = text.find("\"Frage: Wo ist der Unterschied").expect("faq") + 40;
    let e = bm_de::import(cut(text, at), &[]).expect_err("unclosed");
    assert!(e.location.starts_with("line "), "{e}");
    assert!(e.to_string().contains("blue-moon-faq-de"), "{e}");
}

#[test]
fn german_text_before_any_section_is_an_error() {
    let e = bm_de::import("Irgendein Text\nLEGENDE \n", &[]).expect_err("garbled");
    assert_eq!(e.location, "line 1");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn garbled_english_never_panics(start in 0usize..300_000, len in 0usize..2_000, junk in "\\PC{0,30}") {
        let text = embedded(Source::BlueMoonFaqEn);
        let a = cut(text, start).len();
        let b = cut(text, a + len).len();
        let garbled = format!("{}{}{}", &text[..a], junk, &text[b..]);
        let _ = bm_en::import(&garbled, &[]);
    }

    #[test]
    fn garbled_german_never_panics(start in 0usize..150_000, len in 0usize..2_000, junk in "\\PC{0,30}") {
        let text = embedded(Source::BlueMoonFaqDe);
        let a = cut(text, start).len();
        let b = cut(text, a + len).len();
        let garbled = format!("{}{}{}", &text[..a], junk, &text[b..]);
        let _ = bm_de::import(&garbled, &[]);
    }
}
