//! Shared by the fuzz tests of several crates (included with `#[path]`): the one way they mutate
//! a valid document.

/// `text` with the bytes `at..at+len` replaced by `junk` (on char boundaries).
pub fn splice(text: &str, at: usize, len: usize, junk: &str) -> String {
    let mut a = at.min(text.len());
    while !text.is_char_boundary(a) {
        a -= 1;
    }
    let mut b = a.saturating_add(len).min(text.len());
    while !text.is_char_boundary(b) {
        b -= 1;
    }
    format!("{}{junk}{}", &text[..a], &text[b..])
}
