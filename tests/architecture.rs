//! The layers ARCHITECTURE.md draws, kept by the compiler: each crate links
//! only the crates below it. These tests read the resolved dependency graph
//! (`cargo tree`, normal dependencies only) and fail when a crate reaches
//! past its layer, e.g. SQL or Discord leaking into the application.

use std::collections::BTreeSet;
use std::process::Command;

/// The packages `package` links (itself included), by name.
fn links(package: &str) -> BTreeSet<String> {
    let output = Command::new(env!("CARGO"))
        .args([
            "tree",
            "--offline",
            "-e",
            "normal",
            "--prefix",
            "none",
            "-p",
            package,
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        output.status.success(),
        "cargo tree -p {package}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let tree = String::from_utf8(output.stdout).unwrap();
    let names: BTreeSet<String> = tree
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_string)
        .collect();
    assert!(
        names.contains(package),
        "{package} not in its own tree:\n{tree}"
    );
    names
}

fn assert_links_none(package: &str, forbidden: &[&str]) {
    let links = links(package);
    let found: Vec<_> = forbidden
        .iter()
        .filter(|name| links.contains(**name))
        .collect();
    assert!(found.is_empty(), "{package} links {found:?}");
}

#[test]
fn the_application_links_neither_sql_nor_discord() {
    assert_links_none(
        "kiela-app",
        &[
            "sqlx",
            "sqlx-core",
            "serenity",
            "kiela-store",
            "kiela-discord",
        ],
    );
}

#[test]
fn the_store_does_not_link_discord() {
    assert_links_none("kiela-store", &["serenity", "kiela-discord"]);
    assert!(links("kiela-store").contains("sqlx"));
}

#[test]
fn only_the_discord_adapter_links_serenity() {
    assert!(links("kiela-discord").contains("serenity"));
    for package in [
        "kiela-rules",
        "kiela-ai",
        "kiela-render",
        "kiela-i18n",
        "kiela-tournament",
        "kiela-learn",
        "kiela-app",
        "kiela-store",
    ] {
        assert_links_none(package, &["serenity"]);
    }
}

#[test]
fn the_engine_and_the_pictures_know_no_database() {
    for package in [
        "kiela-rules",
        "kiela-ai",
        "kiela-render",
        "kiela-tournament",
        "kiela-learn",
    ] {
        assert_links_none(
            package,
            &["sqlx", "kiela-app", "kiela-store", "kiela-discord"],
        );
    }
}

#[test]
fn the_rules_link_only_fastrand_and_thiserror() {
    let links = links("kiela-rules");
    // serde only as the optional feature that lets the bot store its values.
    let ours: BTreeSet<&str> = [
        "kiela-rules",
        "fastrand",
        "thiserror",
        "thiserror-impl",
        "serde",
        "serde_core",
        "serde_derive",
    ]
    .into_iter()
    .collect();
    let others: Vec<_> = links
        .iter()
        .filter(|name| !ours.contains(name.as_str()))
        // thiserror's derive brings the proc-macro toolchain.
        .filter(|name| !["proc-macro2", "quote", "syn", "unicode-ident"].contains(&name.as_str()))
        .collect();
    assert!(others.is_empty(), "kiela-rules links {others:?}");
}
