//! The service the app runs on, on a full disk (a small tmpfs filled to the last byte): it
//! opens, says so with its own notice (not the read-only folder's), reads everything a player
//! looks up at the table, and refuses writes (the database's and the settings file's) as a
//! full disk, in English and German, changing nothing.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test

#[path = "../../../../tests/support/small_disk.rs"]
mod small_disk;

use small_disk::{Disk, SmallDisk};
use tablemate::{Language, NoticeKind, Service, Settings};

#[test]
fn on_a_full_disk_the_app_reads_and_says_the_disk_is_full() {
    let Some(Disk::Here(disk)) = SmallDisk::mount(
        "24m",
        "on_a_full_disk_the_app_reads_and_says_the_disk_is_full",
    ) else {
        return; // it ran in a namespace of its own, or was skipped saying why
    };
    let data = disk.path().join("data");
    let mut svc = Service::open(&data).unwrap();
    svc.new_match("Ann", "Ben", false, None).unwrap();
    svc.fix_card("V24", "moons", "2").unwrap();
    let games = |s: &Service| s.list_games(None, None, false, None).unwrap().len();
    let before = (
        games(&svc),
        svc.list_matches(false).unwrap().len(),
        svc.card_fixes("V24").unwrap().len(),
        svc.card_page("V24", Language::En).unwrap().card.name,
    );
    assert_eq!((before.1, before.2), (1, 1), "{before:?}");
    drop(svc);

    let filler = disk.fill();
    let mut svc = Service::open(&data).unwrap();
    let kinds: Vec<NoticeKind> = svc.notices().iter().map(|n| n.kind).collect();
    assert_eq!(kinds, [NoticeKind::DiskFull], "its own notice, once");
    assert_eq!(
        svc.notices()[0].folder.as_deref(),
        Some(data.to_str().unwrap())
    );
    let now = (
        games(&svc),
        svc.list_matches(false).unwrap().len(),
        svc.card_fixes("V24").unwrap().len(),
        svc.card_page("V24", Language::En).unwrap().card.name,
    );
    assert_eq!(now, before, "every read shows what was stored");

    let refused = svc.new_match("Cleo", "Dan", false, None).unwrap_err();
    assert!(refused.is_disk_full(), "{refused:?}");
    let refused = svc
        .set_settings(Settings {
            language: Language::De,
            ..Settings::default()
        })
        .unwrap_err();
    assert!(refused.is_disk_full(), "the settings file too: {refused:?}");
    assert!(
        refused.message.starts_with("The disk is full"),
        "{}",
        refused.message
    );
    let german = refused.in_language(Language::De).message;
    assert!(german.starts_with("Der Datenträger ist voll"), "{german}");
    assert_eq!(svc.settings().unwrap(), Settings::default(), "unchanged");

    // space again: the notice is gone and writes work
    drop(svc);
    std::fs::remove_file(filler).unwrap();
    let mut svc = Service::open(&data).unwrap();
    assert!(svc.notices().is_empty(), "{:?}", svc.notices());
    svc.new_match("Cleo", "Dan", false, None).unwrap();
    assert_eq!(svc.list_matches(false).unwrap().len(), 2);
}
