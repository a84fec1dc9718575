//! The page's address as a QR code, for the event page, the projector and the result slips:
//! an SVG drawn by the `qrcode` crate, handed to the app as a `data:` URL (the app's CSP allows
//! images from `data:` and nothing from outside).

use base64::Engine as _;
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

/// An SVG QR code of `text` (medium error correction: readable from a slightly smudged slip or
/// a projector across the hall); `None` when the text is too long for a QR code.
pub fn qr_svg(text: &str) -> Option<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    Some(
        code.render::<svg::Color<'_>>()
            .min_dimensions(240, 240)
            .dark_color(svg::Color("#000000"))
            .light_color(svg::Color("#ffffff"))
            .quiet_zone(true)
            .build(),
    )
}

/// [`qr_svg`] as a `data:image/svg+xml;base64,…` URL for an `<img>`.
pub fn qr_data_url(text: &str) -> Option<String> {
    qr_svg(text).map(|svg| {
        format!(
            "data:image/svg+xml;base64,{}",
            base64::engine::general_purpose::STANDARD.encode(svg)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_becomes_an_svg_qr_code() {
        let svg = qr_svg("http://192.168.1.20:8470/").unwrap_or_default();
        assert!(svg.contains("<svg") && svg.contains("</svg>"), "{svg}");
        assert!(svg.contains("#000000"));
        let url = qr_data_url("http://192.168.1.20:8470/?code=7KQ2XM4D90TB").unwrap_or_default();
        assert!(url.starts_with("data:image/svg+xml;base64,"));
        // more than a QR code holds
        assert_eq!(qr_svg(&"x".repeat(5000)), None);
    }
}
