//! The `tablemate` binary as a user runs it: help, version, JSON output and exit codes.

use crate::common;
use common::tablemate;

use std::process::{Command, Output};

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn version_and_help() {
    let dir = tempfile::tempdir().unwrap();
    let v = tablemate(dir.path(), &["--version"]);
    assert!(v.status.success());
    assert_eq!(
        stdout(&v).trim(),
        format!("tablemate {}", env!("CARGO_PKG_VERSION"))
    );
    let h = tablemate(dir.path(), &["--help"]);
    assert!(h.status.success());
    let help = stdout(&h);
    for word in ["--data-dir", "--json", "info", "settings", "Exit codes"] {
        assert!(help.contains(word), "help lacks {word}:\n{help}");
    }
}

#[test]
fn info_as_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let text = tablemate(dir.path(), &["info"]);
    assert!(text.status.success(), "{text:?}");
    assert!(stdout(&text).contains(&dir.path().display().to_string()));
    let json = tablemate(dir.path(), &["--json", "info"]);
    assert!(json.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("valid JSON");
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(
        v["schema_version"].as_u64(),
        Some(u64::from(store::schema::latest())),
        "the newest migration"
    );
    assert!(dir.path().join("tablemate.db").exists());
}

#[test]
fn settings_are_shared_and_bad_values_exit_1_without_changes() {
    let dir = tempfile::tempdir().unwrap();
    let ok = tablemate(dir.path(), &["--json", "settings", "--language", "de"]);
    assert!(ok.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&ok)).unwrap();
    assert_eq!(v["language"], "de");
    assert_eq!(v["theme"], "dark");

    let bad = tablemate(dir.path(), &["settings", "--language", "fr"]);
    assert_eq!(bad.status.code(), Some(1), "{bad:?}");
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.starts_with("tablemate: ") && err.contains("fr"),
        "{err}"
    );
    let after = tablemate(dir.path(), &["--json", "settings"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&after)).unwrap();
    assert_eq!(v["language"], "de", "a refused change changes nothing");
}

#[test]
fn an_unusable_data_dir_is_an_internal_error_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let o = tablemate(&file, &["info"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(!o.stderr.is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
}

#[test]
fn json_into_a_closed_pipe_is_not_an_error() {
    use std::io::Read;
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablemate"))
        .arg("--data-dir")
        .arg(dir.path())
        // ~150 KB of JSON: far more than a pipe buffer holds, so the write really fails
        .args([
            "--json",
            "cards",
            "find",
            "--game",
            "blue-moon",
            "--limit",
            "1000",
            "",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // read one byte, then hang up, like `| head -c1`
    let mut out = child.stdout.take().unwrap();
    let mut one = [0u8; 1];
    out.read_exact(&mut one).unwrap();
    drop(out);
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "exit {status:?}: {err}");
    assert!(err.is_empty(), "{err}");
}

/// The options and arguments of one `--help` page that say nothing: a spec line (`--game
/// <GAME>`, `<PLAYER>`) with no text after it and none on the next line (clap puts long help
/// there).
fn silent_options(help: &str) -> Vec<String> {
    let lines: Vec<&str> = help.lines().collect();
    let mut silent = Vec::new();
    let mut in_list = false;
    for (i, line) in lines.iter().enumerate() {
        if !line.starts_with(' ') {
            in_list = matches!(line.trim_end(), "Arguments:" | "Options:");
            continue;
        }
        let spec = line.trim_start();
        let is_spec = spec.starts_with('-') || spec.starts_with('<') || spec.starts_with('[');
        if !in_list || !is_spec {
            continue;
        }
        let indent = line.len() - spec.len();
        // the spec, then two spaces and the help on the same line
        let said_here = spec
            .trim_end()
            .split_once("  ")
            .is_some_and(|(_, h)| !h.trim().is_empty());
        let said_below = lines.get(i + 1).is_some_and(|next| {
            let t = next.trim_start();
            let deeper = next.len() - t.len() > indent;
            deeper
                && !t.is_empty()
                && !t.starts_with('-')
                && !t.starts_with('<')
                && !t.starts_with('[')
        });
        if !said_here && !said_below {
            silent.push(spec.trim_end().to_owned());
        }
    }
    silent
}

/// The subcommands a `--help` page lists (without `help`).
fn subcommands(help: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_list = false;
    for line in help.lines() {
        if !line.starts_with(' ') {
            in_list = line.trim_end() == "Commands:";
            continue;
        }
        // a command's name is indented by two; deeper lines continue its description
        if in_list && line.starts_with("  ") && !line.starts_with("   ") {
            if let Some(name) = line.split_whitespace().next() {
                if name != "help" {
                    out.push(name.to_owned());
                }
            }
        }
    }
    out
}

#[test]
fn every_option_of_every_subcommand_has_a_help_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut todo: Vec<Vec<String>> = vec![Vec::new()];
    let mut pages = 0;
    let mut silent = Vec::new();
    while let Some(path) = todo.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let o = tablemate(dir.path(), &args);
        assert!(o.status.success(), "{args:?}: {o:?}");
        let help = stdout(&o);
        pages += 1;
        for s in silent_options(&help) {
            silent.push(format!("tablemate {} {s}", path.join(" ")));
        }
        for sub in subcommands(&help) {
            let mut deeper = path.clone();
            deeper.push(sub);
            todo.push(deeper);
        }
    }
    // the walk went down to every family (game, whi, tournament clock, ...)
    assert!(pages > 80, "only {pages} help pages walked");
    assert!(
        silent.is_empty(),
        "{} options say nothing in --help:\n{}",
        silent.len(),
        silent.join("\n")
    );
}

#[test]
fn the_help_walker_finds_an_option_without_help() {
    let page = "Usage: x\n\nArguments:\n  <PLAYER>  \n  [CARD]...  The card\n\nOptions:\n      --game <GAME>  \n      --why          Also why\n  -h, --help\n          Print help\n";
    assert_eq!(silent_options(page), vec!["<PLAYER>", "--game <GAME>"]);
}

/// Splits a command line as a shell would for the README's commands: words, "double quotes".
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => word.push(c),
        }
    }
    if any || !word.is_empty() {
        out.push(word);
    }
    out
}

/// The commands of the README's command-line block, in order: comments dropped, `&&` split.
fn readme_commands() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("the README");
    let section = &readme[readme.find("## The command line").expect("the section")..];
    let start = section.find("```sh\n").expect("its command block") + 6;
    let end = section[start..].find("```").expect("the block ends");
    let block = &section[start..start + end];
    let mut out = Vec::new();
    for line in block.lines() {
        // a comment starts at a # outside quotes
        let mut quoted = false;
        let mut code = line;
        for (i, c) in line.char_indices() {
            match c {
                '"' => quoted = !quoted,
                '#' if !quoted => {
                    code = &line[..i];
                    break;
                }
                _ => {}
            }
        }
        for part in code.split("&&") {
            let part = part.trim();
            if !part.is_empty() {
                out.push(part.to_owned());
            }
        }
    }
    out
}

#[test]
fn the_readme_commands_run_in_order_on_a_fresh_data_folder() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let work = tempfile::tempdir().unwrap(); // `export --out standings/` writes here
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    // Not run: what needs more than this command line (a server until Ctrl+C, the players'
    // reports from their phones).
    let not_here = [
        "tournament serve",
        "tournament accept",
        "tournament reset",
        "tournament settle",
    ];
    let commands = readme_commands();
    assert!(commands.len() > 60, "{commands:#?}");
    let mut ran = 0;
    for command in &commands {
        let w = words(command);
        assert_eq!(
            w.first().map(String::as_str),
            Some("tablemate"),
            "{command}"
        );
        assert!(
            !command.contains(" | ") && !command.contains('|'),
            "`|` reads as a shell pipe: {command}"
        );
        assert!(
            !command.contains('['),
            "an optional part in brackets: {command}"
        );
        if not_here
            .iter()
            .any(|n| command.starts_with(&format!("tablemate {n}")))
        {
            continue;
        }
        let args: Vec<String> = w[1..]
            .iter()
            .map(|a| match a.as_str() {
                "EVENT" => "Winter Cup".to_owned(),
                a if a.starts_with("crates/") => root.join(a).display().to_string(),
                a => a.to_owned(),
            })
            .collect();
        let o = Command::new(env!("CARGO_BIN_EXE_tablemate"))
            .arg("--data-dir")
            .arg(&data)
            .args(&args)
            .current_dir(work.path())
            .env_remove("TABLEMATE_DATA_DIR")
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "README: `{command}` failed ({:?}): {}{}",
            o.status.code(),
            String::from_utf8_lossy(&o.stderr),
            stdout(&o)
        );
        ran += 1;
    }
    assert!(
        ran + not_here.len() >= commands.len(),
        "{ran} of {}",
        commands.len()
    );
    assert!(
        work.path().join("standings").is_dir(),
        "the export wrote its folder"
    );
}

#[test]
fn after_the_top_cut_the_winner_is_named_not_numbered() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ok = |args: &[&str]| {
        let o = tablemate(d, args);
        assert!(o.status.success(), "{args:?}: {o:?}");
        serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()
    };
    ok(&[
        "--json",
        "tournament",
        "new",
        "--name",
        "Cut",
        "--date",
        "2026-11-22",
        "--rounds",
        "1",
        "--top-cut",
        "2",
        "--seed",
        "42",
    ]);
    ok(&[
        "--json",
        "tournament",
        "register",
        "Cut",
        "Ann",
        "Ben",
        "Cleo",
        "Dora",
        "--people",
        "Vulca",
    ]);
    // round 1, then the final of the top two: seat A wins every table
    let mut winner = String::new();
    for _ in 0..2 {
        let round = ok(&["--json", "tournament", "pair", "Cut"]);
        let number = round["number"].as_u64().unwrap().to_string();
        for t in round["tables"].as_array().unwrap() {
            let table = t["table"].as_u64().unwrap().to_string();
            ok(&[
                "--json",
                "tournament",
                "result",
                "Cut",
                "--round",
                &number,
                "--table",
                &table,
                "--winner",
                "a",
                "--crystals",
                "5-1",
            ]);
            winner = t["a"]["name"].as_str().unwrap().to_owned();
        }
    }
    let o = tablemate(d, &["tournament", "pair", "Cut"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(&format!("{winner} won it")), "{err}");
    assert!(!err.contains('#'), "no entrant number: {err}");
}
