//! Text folding for lookup: what a player types and the catalog's names are both reduced to
//! lower-case letters and digits separated by single spaces, with diacritics removed.
//!
//! German umlauts have two spellings (`Rückkehr`, `Rueckkehr`). Names are folded both ways
//! ([`Umlauts::Drop`] and [`Umlauts::Expand`]) and indexed under both; a query is folded with
//! `Drop`, so `ü` typed becomes `u` and matches the first form while `ue` typed matches the second.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Umlauts {
    /// `ä` → `a`
    Drop,
    /// `ä` → `ae`
    Expand,
}

/// Folds `s`: lower case, diacritics removed, `ß` → `ss`, apostrophes dropped (`Lika's` →
/// `likas`), every other non-alphanumeric character (punctuation, control characters, emoji)
/// a word separator. Stops after `max_chars` input characters.
pub fn fold(s: &str, umlauts: Umlauts, max_chars: usize) -> String {
    let mut out = String::with_capacity(s.len().min(max_chars));
    let mut pending_space = false;
    let push = |out: &mut String, c: char, pending_space: &mut bool| {
        if *pending_space && !out.is_empty() {
            out.push(' ');
        }
        *pending_space = false;
        out.extend(c.to_lowercase());
    };
    for c in s.chars().take(max_chars) {
        match c {
            '\'' | '\u{2019}' | '\u{2018}' | '`' | '\u{00B4}' => {}
            'ß' | 'ẞ' => {
                push(&mut out, 's', &mut pending_space);
                push(&mut out, 's', &mut pending_space);
            }
            'ä' | 'ö' | 'ü' | 'Ä' | 'Ö' | 'Ü' if umlauts == Umlauts::Expand => {
                for d in c.nfd().filter(|d| !is_combining_mark(*d)) {
                    push(&mut out, d, &mut pending_space);
                }
                push(&mut out, 'e', &mut pending_space);
            }
            c if c.is_alphanumeric() => {
                if c.is_ascii() {
                    push(&mut out, c, &mut pending_space);
                } else {
                    for d in c.nfd().filter(|d| !is_combining_mark(*d)) {
                        if d.is_alphanumeric() {
                            push(&mut out, d, &mut pending_space);
                        }
                    }
                }
            }
            _ => pending_space = true,
        }
    }
    out
}

/// The folded text without spaces: `Var-dis-Nar`, `var dis nar` and `vardisnar` all compact to
/// `vardisnar`.
pub fn compact(folded: &str) -> String {
    folded.chars().filter(|c| *c != ' ').collect()
}

/// Which characters occur in a string, as bits (letters and digits exactly, others hashed).
/// Each distinct character of `a` missing from `b` costs at least one edit, so
/// `(mask(a) & !mask(b)).count_ones()` is a lower bound of the edit distance: a cheap filter
/// before [`bounded_distance`].
pub fn char_mask(chars: &[char]) -> u64 {
    chars.iter().fold(0u64, |m, c| {
        let bit = match c {
            'a'..='z' => *c as u32 - 'a' as u32,
            '0'..='9' => 26 + (*c as u32 - '0' as u32),
            other => 36 + (*other as u32 % 28),
        };
        m | (1u64 << bit)
    })
}

/// Longest string [`bounded_distance`] compares; longer ones are never within a typo of a name.
pub const MAX_DISTANCE_CHARS: usize = 64;

/// Edit distance (Levenshtein) between `a` and `b` if it is at most `max`, else `None`.
/// Banded, on the stack, and stops early, so a failed comparison costs little: lookup runs it
/// over the whole vocabulary for every query word. Strings longer than
/// [`MAX_DISTANCE_CHARS`] give `None`.
pub fn bounded_distance(a: &[char], b: &[char], max: usize) -> Option<usize> {
    let (n, m) = (a.len(), b.len());
    if n.abs_diff(m) > max || n > MAX_DISTANCE_CHARS || m > MAX_DISTANCE_CHARS {
        return None;
    }
    if n == 0 || m == 0 {
        return Some(n.max(m));
    }
    const FAR: u16 = u16::MAX / 2;
    let max16 = max.min(MAX_DISTANCE_CHARS) as u16;
    let mut prev = [FAR; MAX_DISTANCE_CHARS + 1];
    let mut cur = [FAR; MAX_DISTANCE_CHARS + 1];
    for (j, p) in prev.iter_mut().enumerate().take(m + 1) {
        *p = j as u16;
    }
    for i in 1..=n {
        let lo = i.saturating_sub(max).max(1);
        let hi = (i + max).min(m);
        // only the cells next to the band are read outside it; keep them "far"
        cur[0] = if i <= max { i as u16 } else { FAR };
        if lo > 1 {
            cur[lo - 1] = FAR;
        }
        let mut row_min = cur[0];
        for j in lo..=hi {
            let cost = u16::from(a[i - 1] != b[j - 1]);
            let v = (prev[j - 1] + cost).min(prev[j] + 1).min(cur[j - 1] + 1);
            cur[j] = v;
            row_min = row_min.min(v);
        }
        if hi < m {
            cur[hi + 1] = FAR;
        }
        if row_min > max16 {
            return None;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = prev[m];
    (d <= max16).then_some(usize::from(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_diacritics_umlauts_and_punctuation() {
        let cases = [
            ("Feuerzauber", Umlauts::Drop, "feuerzauber"),
            ("Rückkehr", Umlauts::Drop, "ruckkehr"),
            ("Rückkehr", Umlauts::Expand, "rueckkehr"),
            (
                "Öffne die Wundertüte",
                Umlauts::Expand,
                "oeffne die wundertuete",
            ),
            (
                "Stärkedoppler Großangriff",
                Umlauts::Drop,
                "starkedoppler grossangriff",
            ),
            ("Lika's Blessing", Umlauts::Drop, "likas blessing"),
            ("  Var-dis-Nar!! ", Umlauts::Drop, "var dis nar"),
            (
                "Who do you think you are?",
                Umlauts::Drop,
                "who do you think you are",
            ),
            ("a\u{0}b\tc 🐉 d", Umlauts::Drop, "a b c d"),
            ("Crème brûlée", Umlauts::Drop, "creme brulee"),
        ];
        for (input, mode, want) in cases {
            assert_eq!(fold(input, mode, 100), want, "{input:?}");
        }
        assert_eq!(fold("abcdef", Umlauts::Drop, 3), "abc");
    }

    #[test]
    fn char_mask_bound_never_exceeds_the_distance() {
        let pairs = [
            ("flikering", "flickering"),
            ("feuerzaubr", "feuerzauber"),
            ("xyz", "abc"),
        ];
        for (a, b) in pairs {
            let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            let bound = (char_mask(&a) & !char_mask(&b)).count_ones() as usize;
            let d = bounded_distance(&a, &b, 10).expect("within 10");
            assert!(bound <= d, "{bound} > {d}");
        }
    }

    #[test]
    fn bounded_distance_matches_plain_levenshtein() {
        let cases = [
            ("flickering", "flikering", 1),
            ("kitten", "sitting", 3),
            ("abc", "abc", 0),
            ("", "ab", 2),
            ("feuerzauber", "feurzaubr", 2),
            ("abcdefghij", "xbcdefghiy", 2),
            ("abcdefghij", "bcdefghij", 1),
            ("ab", "ba", 2),
        ];
        for (a, b, d) in cases {
            let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            assert_eq!(bounded_distance(&a, &b, 5), Some(d));
            assert_eq!(bounded_distance(&b, &a, 5), Some(d));
            if d > 0 {
                assert_eq!(bounded_distance(&a, &b, d - 1), None);
            }
        }
    }
}
