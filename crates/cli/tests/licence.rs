//! The licence, MIT OR Apache-2.0: both texts at the workspace root, the
//! same licence named by every crate and by the Python package, and both
//! texts in the folder of everything that ships (cargo packages a crate's
//! folder only; the wheel takes its pyproject's `license-files`, which must
//! stay inside that folder).

// Test helpers outside #[test] functions fail loudly on purpose.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::{Path, PathBuf};

/// The licence every package declares.
const LICENCE: &str = "MIT OR Apache-2.0";

/// The licence texts.
const FILES: [&str; 2] = ["LICENSE-MIT", "LICENSE-APACHE"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_licence_texts_are_at_the_root() {
    let mit = read(&root().join("LICENSE-MIT"));
    assert!(mit.starts_with("MIT License\n\nCopyright (c) 2026 The boardkit developers\n"));
    assert!(mit.contains("THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND"));
    let apache = read(&root().join("LICENSE-APACHE"));
    assert!(apache.contains("Apache License") && apache.contains("Version 2.0, January 2004"));
    assert!(apache.contains("END OF TERMS AND CONDITIONS"));
    let workspace = read(&root().join("Cargo.toml"));
    assert!(workspace.contains(&format!("\nlicense = \"{LICENCE}\"\n")));
}

#[test]
fn everything_that_ships_carries_the_licence() {
    let texts: Vec<String> = FILES.iter().map(|f| read(&root().join(f))).collect();
    let mut shipped = Vec::new();
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let manifest = read(&dir.join("Cargo.toml"));
        assert!(
            manifest.contains("\nlicense.workspace = true\n")
                || manifest.contains(&format!("\nlicense = \"{LICENCE}\"\n")),
            "{name}/Cargo.toml: the licence is not {LICENCE}"
        );
        let pyproject = dir.join("pyproject.toml");
        if pyproject.exists() {
            let pyproject = read(&pyproject);
            assert!(pyproject.contains(&format!("\nlicense = \"{LICENCE}\"\n")));
            assert!(pyproject.contains("\nlicense-files = [\"LICENSE-MIT\", \"LICENSE-APACHE\"]\n"));
        } else if manifest.contains("\npublish = false\n") {
            continue;
        }
        for (file, text) in FILES.iter().zip(&texts) {
            assert_eq!(&read(&dir.join(file)), text, "{name}/{file}");
        }
        shipped.push(name);
    }
    shipped.sort();
    let expected = [
        "boardkit", "cache", "cli", "cover", "g2048", "grid", "python", "sokoban", "web", "yut",
    ];
    assert_eq!(shipped, expected);
}
