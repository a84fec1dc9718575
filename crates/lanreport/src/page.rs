//! The one page phones load: embedded, in the browser's language, with a Content Security
//! Policy that allows nothing but this page's own inline script and style (by their hashes),
//! so no other script can ever run in it.

use std::sync::LazyLock;

use base64::Engine as _;
use sha2::{Digest, Sha256};
use tablemate::Language;

const PAGE: &str = include_str!("page.html");

/// The text between `open` and `close` in the page (the inline script or style).
fn between<'a>(open: &str, close: &str) -> &'a str {
    let start = PAGE.find(open).map_or(0, |i| i + open.len());
    let end = PAGE[start..].find(close).map_or(start, |i| start + i);
    &PAGE[start..end]
}

fn hash(text: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(Sha256::digest(text.as_bytes()))
}

/// The policy sent with every response: `default-src 'self'`, the page's own script and style
/// by hash, no plugins, no framing, no form posts elsewhere, no `<base>`.
pub static CSP: LazyLock<String> = LazyLock::new(|| {
    format!(
        "default-src 'self'; script-src 'sha256-{}'; style-src 'sha256-{}'; object-src 'none'; \
         base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        hash(between("<script>", "</script>")),
        hash(between("<style>", "</style>")),
    )
});

/// The page in `lang` (the script picks its words from the `lang` attribute).
pub fn render(lang: Language) -> String {
    PAGE.replace(
        "{{lang}}",
        match lang {
            Language::En => "en",
            Language::De => "de",
        },
    )
}

/// The browser's preferred language of the two the page speaks, from `Accept-Language`
/// (`de-DE,de;q=0.9,en;q=0.8`): the tag with the highest weight that is German or English;
/// English when neither is asked for.
pub fn language(accept: Option<&str>) -> Language {
    let mut best: Option<(f32, Language)> = None;
    for part in accept.unwrap_or("").split(',').take(20) {
        let mut pieces = part.split(';');
        let tag = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = pieces
            .find_map(|p| p.trim().strip_prefix("q=").map(str::to_owned))
            .and_then(|q| q.parse::<f32>().ok())
            .unwrap_or(1.0);
        let lang = if tag == "de" || tag.starts_with("de-") {
            Language::De
        } else if tag == "en" || tag.starts_with("en-") {
            Language::En
        } else {
            continue;
        };
        if best.is_none_or(|(bq, _)| q > bq) {
            best = Some((q, lang));
        }
    }
    best.map_or(Language::En, |(_, l)| l)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browsers_language_picks_german_or_english() {
        assert_eq!(language(Some("de-DE,de;q=0.9,en;q=0.8")), Language::De);
        assert_eq!(language(Some("en-GB,en;q=0.9,de;q=0.8")), Language::En);
        assert_eq!(
            language(Some("fr-FR,fr;q=0.9,de;q=0.5,en;q=0.4")),
            Language::De
        );
        assert_eq!(language(Some("fr")), Language::En);
        assert_eq!(language(None), Language::En);
        assert_eq!(language(Some(";;,q=,de;q=abc")), Language::De);
    }

    #[test]
    fn the_policy_allows_exactly_the_pages_own_script_and_style() {
        let script = between("<script>", "</script>");
        let style = between("<style>", "</style>");
        assert!(script.contains("addEventListener"), "the script was found");
        assert!(style.contains("min-height:44px"), "the style was found");
        assert!(CSP.starts_with("default-src 'self'; "));
        assert!(CSP.contains(&format!("'sha256-{}'", hash(script))));
        assert!(!CSP.contains("unsafe"));
        // the page has no other script, style attribute or outside resource
        assert_eq!(PAGE.matches("<script").count(), 1);
        assert!(!PAGE.contains("style=\""));
        assert!(!PAGE.contains("http://") && !PAGE.contains("https://"));
        assert!(render(Language::De).starts_with("<!doctype html>\n<html lang=\"de\">"));
    }
}
