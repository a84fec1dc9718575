//! A new event from a CSV of its players alone (issue #29): the list an organiser keeps in a
//! spreadsheet (a `player` column, and `people` if they play one) or an export's
//! `entrants.csv`, with no pairings or results beside it. Both are imported by the store's one
//! CSV import, so the refusals (the file, the line, what is wrong) are the same from the app's
//! file dialog and from `tablemate tournament import --csv`.

use store::{ImportList, ImportPlace, ImportProblem, ImportRefusal, StoreError};

use super::refusals::en_de;
use crate::Language;

/// The short list's columns, as a spreadsheet has them.
const SHORT: [&str; 2] = ["player", "people"];

/// `bytes` as an export's `entrants.csv`: a spreadsheet's list (`player` or `player,people`)
/// is rewritten with seeds in list order, everyone from round 1, nobody dropped; each row
/// stays on its line, so a refusal names the line of the file the organiser has. Anything else
/// is given as it is, and the store says what is wrong with it.
pub(super) fn as_entrants_csv(bytes: &[u8]) -> Vec<u8> {
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text);
    let mut records = reader.byte_records();
    let Some(Ok(first)) = records.next() else {
        return bytes.to_vec();
    };
    let header: Vec<String> = first
        .iter()
        .map(|f| String::from_utf8_lossy(f).trim().to_lowercase())
        .collect();
    let short = header.len() <= SHORT.len() && header.iter().zip(SHORT).all(|(h, s)| h == s);
    if !short {
        return bytes.to_vec();
    }
    let mut out = Vec::with_capacity(bytes.len() + 64);
    out.extend(csv_line(&store::ENTRANTS_HEADER.map(str::as_bytes)));
    let mut line = 1;
    let mut seed = 0u32;
    for record in records {
        let Ok(record) = record else {
            // unreadable from here on: the store reads the file as it is and says where
            return bytes.to_vec();
        };
        // blank lines keep every row on the line it has in the file
        let at = record
            .position()
            .map_or(line + 1, |p| line_of(text, p.byte()));
        while line + 1 < at {
            out.push(b'\n');
            line += 1;
        }
        line = at + quoted_newlines(&record);
        if record.iter().all(|f| f.iter().all(u8::is_ascii_whitespace)) {
            out.push(b'\n');
            continue;
        }
        seed += 1;
        let seed = seed.to_string();
        let mut row: Vec<&[u8]> = vec![seed.as_bytes()];
        row.extend(record.iter());
        if record.len() < SHORT.len() {
            row.push(b"");
        }
        // joined round 1, not dropped; a row with more columns than the list keeps them, so
        // the store refuses it as having too many
        if record.len() <= SHORT.len() {
            row.extend([b"1".as_slice(), b""]);
        }
        out.extend(csv_line(&row));
    }
    out
}

/// One CSV line with its fields quoted where they need it, ending in `\n`.
fn csv_line(fields: &[&[u8]]) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new()
        .flexible(true)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    let _ = w.write_record(fields);
    w.into_inner().unwrap_or_default()
}

/// The line a record starting at byte `offset` is on: the reader's start of a record is
/// before the blank lines it skipped (as the store counts it when it refuses a line).
fn line_of(text: &[u8], offset: u64) -> u64 {
    let mut at = usize::try_from(offset)
        .unwrap_or(text.len())
        .min(text.len());
    while at < text.len() && matches!(text[at], b'\n' | b'\r') {
        at += 1;
    }
    text[..at].iter().filter(|b| **b == b'\n').count() as u64 + 1
}

/// The line breaks inside a record's quoted fields (a record spans as many more lines).
fn quoted_newlines(record: &csv::ByteRecord) -> u64 {
    record
        .iter()
        .map(|f| f.iter().filter(|b| **b == b'\n').count() as u64)
        .sum()
}

/// A players' list whose first line names neither column set: said with both choices.
pub(super) fn refusal(e: &StoreError, lang: Language) -> Option<String> {
    let StoreError::Import(ImportRefusal {
        at: ImportPlace::Line {
            list: ImportList::Entrants,
            line,
        },
        problem: ImportProblem::WrongColumns { found, .. },
    }) = e
    else {
        return None;
    };
    Some(en_de(
        lang,
        format!(
            "The import failed at line {line}: the first line names the columns, \
             player (and people, if they play one) or the columns of an export \
             ({}); it has {found}. Nothing was imported.",
            store::ENTRANTS_HEADER.join(",")
        ),
        format!(
            "Der Import ist in Zeile {line} gescheitert: die erste Zeile nennt die Spalten, \
             player (und people, wenn sie welche spielen) oder die Spalten eines Exports \
             ({}); sie hat {found}. Es wurde nichts importiert.",
            store::ENTRANTS_HEADER.join(",")
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(bytes: &[u8]) -> String {
        String::from_utf8(as_entrants_csv(bytes)).unwrap_or_default()
    }

    #[test]
    fn a_spreadsheets_list_gets_seeds_in_order_and_keeps_its_lines() {
        assert_eq!(
            text(b"Player,People\nAnna,Vulca\n\nBen,\"Hoax, Terrah\"\nCleo\n"),
            "seed,player,people,joined_round,dropped_after\n1,Anna,Vulca,1,\n\n2,Ben,\"Hoax, Terrah\",1,\n3,Cleo,,1,\n"
        );
        assert_eq!(
            text(b"\xEF\xBB\xBFplayer\r\nAnna\r\nBen\r\n"),
            "seed,player,people,joined_round,dropped_after\n1,Anna,,1,\n2,Ben,,1,\n"
        );
    }

    #[test]
    fn an_exports_list_and_anything_else_are_given_as_they_are() {
        let export = b"seed,player,people,joined_round,dropped_after\n1,Anna,,1,\n";
        assert_eq!(as_entrants_csv(export), export.to_vec());
        assert_eq!(as_entrants_csv(b"name\nAnna\n"), b"name\nAnna\n".to_vec());
        assert_eq!(as_entrants_csv(b""), b"".to_vec());
    }
}
