//! Importer (not yet written).

use crate::model::{CardName, ImportError, Ruling};

/// Imports the document. Placeholder: returns no records until the importer is written.
pub fn import(_text: &str, _names: &[CardName]) -> Result<Vec<Ruling>, ImportError> {
    Ok(Vec::new())
}

/// The cards the document references. Placeholder until the importer is written.
pub fn catalog(_text: &str) -> Result<Vec<cards::other::OtherCard>, ImportError> {
    Ok(Vec::new())
}
