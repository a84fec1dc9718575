//! Seat codes: drawn from the operating system's random source, written in an alphabet people
//! can read aloud and type on a phone (Crockford's base 32: no I, L, O or U), and found again in
//! constant time, so the time an answer takes says nothing about how close a guess was.

use subtle::ConstantTimeEq;

/// Crockford's base-32 digits: 32 symbols, so each random byte's low five bits pick one evenly.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Characters of a code: 12 × 5 = 60 random bits. With the server's lockouts a guesser gets a
/// few hundred tries an hour per address, against at most a few hundred live codes among 2^60.
pub const CODE_CHARS: usize = 12;

/// The longest text taken as a code attempt (a typed code with dashes and spaces); anything
/// longer is wrong without being compared.
pub const MAX_CODE_INPUT: usize = 40;

/// A fresh code from the OS's random source (`getrandom`), or why none could be drawn.
pub fn fresh_code() -> Result<String, String> {
    let mut bytes = [0u8; CODE_CHARS];
    getrandom::fill(&mut bytes).map_err(|e| e.to_string())?;
    Ok(bytes
        .iter()
        .map(|b| char::from(ALPHABET[usize::from(b & 31)]))
        .collect())
}

/// The code as printed and typed: groups of four, `7KQ2-XM4D-90TB`.
pub fn typed_form(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    chars
        .chunks(4)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// What a person typed, as a stored code would be written: dashes and spaces left out, upper
/// case, and the letters people confuse with digits read as those digits (O → 0, I and L → 1).
/// `None` when it cannot be a code (wrong length, other characters).
pub fn normalise(input: &str) -> Option<String> {
    if input.len() > MAX_CODE_INPUT {
        return None;
    }
    let mut out = String::with_capacity(CODE_CHARS);
    for c in input.chars() {
        let c = match c.to_ascii_uppercase() {
            '-' | ' ' => continue,
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        };
        if !ALPHABET.contains(&u8::try_from(c).ok()?) {
            return None;
        }
        out.push(c);
    }
    (out.len() == CODE_CHARS).then_some(out)
}

/// The index of `wanted` among `codes`, comparing with every code in constant time and without
/// stopping at a match.
pub fn find_constant_time<'a>(wanted: &str, codes: impl Iterator<Item = &'a str>) -> Option<usize> {
    let mut found: Option<usize> = None;
    for (i, code) in codes.enumerate() {
        // equal lengths are compared byte by byte in constant time; codes all have one length
        let hit: bool = wanted.as_bytes().ct_eq(code.as_bytes()).into();
        if hit {
            found = Some(i);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_codes_are_long_distinct_and_typeable() {
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let code = fresh_code().unwrap();
            assert_eq!(code.len(), CODE_CHARS);
            assert_eq!(normalise(&code).as_deref(), Some(code.as_str()));
            assert_eq!(
                normalise(&typed_form(&code)).as_deref(),
                Some(code.as_str())
            );
            assert!(seen.insert(code));
        }
    }

    #[test]
    fn typing_slips_are_forgiven_and_anything_else_is_no_code() {
        assert_eq!(typed_form("7KQ2XM4D90TB"), "7KQ2-XM4D-90TB");
        assert_eq!(
            normalise(" 7kq2-xm4d-9otb ").as_deref(),
            Some("7KQ2XM4D90TB")
        );
        assert_eq!(normalise("ilIL00000000").as_deref(), Some("111100000000"));
        assert_eq!(normalise("7KQ2XM4D90T"), None, "too short");
        assert_eq!(normalise("7KQ2XM4D90TBB"), None, "too long");
        assert_eq!(normalise("7KQ2XM4D90TU"), None, "U is not a digit");
        assert_eq!(normalise("7KQ2XM4D90T!"), None);
        assert_eq!(normalise(&"-".repeat(MAX_CODE_INPUT + 1)), None);
    }

    #[test]
    fn the_search_finds_the_one_equal_code() {
        let codes = ["AAAAAAAAAAAA", "BBBBBBBBBBBB", "CCCCCCCCCCCC"];
        assert_eq!(
            find_constant_time("BBBBBBBBBBBB", codes.into_iter()),
            Some(1)
        );
        assert_eq!(find_constant_time("BBBBBBBBBBBC", codes.into_iter()), None);
        assert_eq!(find_constant_time("", codes.into_iter()), None);
    }
}
