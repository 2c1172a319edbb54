//! Writes the crate's front page (`$OUT_DIR/README.md`, included by `src/lib.rs`) from
//! `README.md`, so that one README serves a code host, crates.io and docs.rs alike:
//! - the pictures (`![...](docs/...)`, paths relative to the repository) are left out, since
//!   docs.rs has no copy of the repository's files to show;
//! - the link definitions to docs.rs (``[`kalah`]: https://docs.rs/sowing/...``), which make
//!   the API names links on a code host, are left out, so that rustdoc resolves the same names
//!   as intra-doc links to the documentation being built (and checks them).

use std::env;
use std::fs;
use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=README.md");
    let readme = fs::read_to_string("README.md").expect("README.md is readable");
    let page: String = readme
        .lines()
        .filter(|line| {
            let line = line.trim_start();
            let picture = line.starts_with("![") && line.contains("](docs/");
            let docs_link = line.starts_with("[`") && line.contains("]: https://docs.rs/sowing/");
            !picture && !docs_link
        })
        .flat_map(|line| [line, "\n"])
        .collect();
    let out = Path::new(&env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("README.md");
    fs::write(out, page).expect("OUT_DIR is writable");
}
