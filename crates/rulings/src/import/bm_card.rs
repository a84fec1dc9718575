//! Blue Moon card keys as both FAQs print them (`[Vulca 24]`, `Khind 6`, `Buka/Promo 31`)
//! turned into catalog ids (`vulca-24`), with no catalog needed.

use cards::bm::Series;
use cards::CardId;

/// The series a printed people/series word names, tolerating the spellings the documents use.
pub fn series(word: &str) -> Option<Series> {
    let lower = word.to_ascii_lowercase();
    // The Sea Moon promo ship is printed "Promo 31" but belongs to the Buka (both FAQs say so).
    if lower == "promo/buka" || lower == "buka/promo" {
        return Some(Series::Buka);
    }
    // "Pilar 18" is a typo in the German FAQ.
    if lower == "pilar" {
        return Some(Series::Pillar);
    }
    Series::ALL
        .into_iter()
        .find(|s| s.tag_prefix().eq_ignore_ascii_case(&lower))
}

/// The id of card `number` of `series`: people cards are printed with two digits (`vulca-00`,
/// `khind-06`), every other series with its own three digits (`mutant-106`, `infl-604`).
pub fn card_id(series: Series, number: u16) -> CardId {
    let prefix = series.tag_prefix().to_ascii_lowercase();
    if series.is_people() {
        CardId::new(format!("{prefix}-{number:02}"))
    } else {
        CardId::new(format!("{prefix}-{number}"))
    }
}

/// Parses a people word and a number as printed; `None` if either is not a card key.
pub fn parse_key(people: &str, number: &str) -> Option<CardId> {
    let series = series(people)?;
    let number: u16 = number.trim().parse().ok()?;
    Some(card_id(series, number))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_map_to_catalog_ids() {
        assert_eq!(parse_key("Vulca", "24"), Some(CardId::new("vulca-24")));
        assert_eq!(parse_key("Khind", "6"), Some(CardId::new("khind-06")));
        assert_eq!(parse_key("Vulca", "00"), Some(CardId::new("vulca-00")));
        assert_eq!(parse_key("Mutant", "106"), Some(CardId::new("mutant-106")));
        assert_eq!(parse_key("Promo/Buka", "31"), Some(CardId::new("buka-31")));
        assert_eq!(parse_key("Buka/Promo", "31"), Some(CardId::new("buka-31")));
        assert_eq!(parse_key("Pilar", "18"), Some(CardId::new("pillar-18")));
        assert_eq!(parse_key("Infl", "604"), Some(CardId::new("infl-604")));
        assert_eq!(parse_key("Seite", "17"), None);
        assert_eq!(parse_key("Vulca", "x"), None);
    }
}
