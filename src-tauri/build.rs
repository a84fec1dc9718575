use std::path::Path;

fn main() {
    // Every app command gets `allow-<command>`; the capability files grant exactly these,
    // nothing else. The list is read from the `#[tauri::command]` functions
    // in src/commands/, so a new command cannot be forgotten here.
    let commands: &'static [&'static str] = Box::leak(app_commands().into_boxed_slice());
    let manifest = tauri_build::AppManifest::new().commands(commands);
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .expect("failed to run tauri-build");
}

/// Names of the functions marked `#[tauri::command]` in src/commands/*.rs.
fn app_commands() -> Vec<&'static str> {
    let dir = Path::new("src/commands");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("src/commands exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    for file in files {
        println!("cargo:rerun-if-changed={}", file.display());
        let text = std::fs::read_to_string(&file).expect("readable command file");
        let mut marked = false;
        for line in text.lines().map(str::trim) {
            if line.starts_with("#[tauri::command") {
                marked = true;
            } else if marked && line.starts_with("pub ") && line.contains("fn ") {
                let after = &line[line.find("fn ").map_or(0, |i| i + 3)..];
                let name: String = after
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                names.push(&*Box::leak(name.into_boxed_str()));
                marked = false;
            }
        }
    }
    names
}
