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
