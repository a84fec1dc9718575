//! Regenerates the other games' card catalogs from the documents shipped in `data/sources/`:
//!
//! ```text
//! cargo run -p rulings --example gen_other_catalogs
//! ```
//!
//! writes `data/cards/{warhammer-invasion,knightmare-chess,star-trek-ccg}.json`. Each catalog
//! is what the game's importer extracts from its document plus the curated tables next to the
//! importer (aliases, flagged conflicts); the importer tests check the files are up to date.

use cards::other::{OtherCard, OtherCatalogFile};
use cards::Game;
use rulings::import::{kc, stccg, whi};
use rulings::ImportError;
use std::path::{Path, PathBuf};

type CatalogFn = fn(&str) -> Result<Vec<OtherCard>, ImportError>;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let jobs: [(Game, &str, CatalogFn); 3] = [
        (
            Game::WarhammerInvasion,
            "warhammer-invasion-faq.txt",
            whi::catalog,
        ),
        (
            Game::KnightmareChess,
            "knightmare-chess-rulings.txt",
            kc::catalog,
        ),
        (Game::StarTrekCcg, "star-trek-ccg-rules.txt", stccg::catalog),
    ];
    for (game, doc, build) in jobs {
        let text = std::fs::read_to_string(root.join("data/sources").join(doc))?;
        let file = OtherCatalogFile {
            game,
            cards: build(&text)?,
        };
        let out = root
            .join("data/cards")
            .join(format!("{}.json", game.slug()));
        std::fs::write(&out, rulings::import::card_lexicon::catalog_json(&file)?)?;
        println!(
            "{}: {} cards -> {}",
            game.title(),
            file.cards.len(),
            out.display()
        );
    }
    Ok(())
}
