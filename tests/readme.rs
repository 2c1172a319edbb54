//! The README is the crate's front page on a code host, on crates.io and (through build.rs)
//! on docs.rs. On a code host a rustdoc link such as ``[`kalah`]`` shows as literal brackets
//! unless the README defines it, so every one it uses must be defined, as a docs.rs address.
//! (build.rs leaves those definitions out of the crate docs, where rustdoc checks the same
//! names as intra-doc links: `cargo doc` with warnings denied, in `.ci/run`.)

use std::collections::BTreeSet;

const README: &str = include_str!("../README.md");
const DOCS: &str = "https://docs.rs/sowing/latest/sowing/";

/// The names of the ``[`name`]`` links a text uses, outside code blocks and link definitions.
fn links_used(text: &str) -> BTreeSet<&str> {
    let mut used = BTreeSet::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code || line.starts_with("[`") && line.contains("]: ") {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("[`") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find("`]") else { break };
            let name = &rest[..end];
            let after = &rest[end + 2..];
            // `[`x`](url)` and `[`x`][y]` carry their own target.
            if !after.starts_with('(') && !after.starts_with('[') {
                used.insert(name);
            }
            rest = after;
        }
    }
    used
}

#[test]
fn every_rustdoc_link_of_the_readme_is_defined_as_a_docs_rs_address() {
    let used = links_used(README);
    assert!(
        used.contains("kalah") && used.contains("GameRecord"),
        "{used:?}"
    );
    let mut defined = BTreeSet::new();
    for line in README.lines().filter(|l| l.starts_with("[`")) {
        let Some((name, url)) = line.split_once("`]: ") else {
            continue;
        };
        let name = &name[2..];
        assert!(
            url.starts_with(DOCS),
            "{name}: {url} is not a docs.rs address"
        );
        let page = &url[DOCS.len()..];
        // The page's path follows the name: `kalah::solve` lives under `kalah/solve/`, a
        // method or variant after a `#`.
        let last = name.rsplit("::").next().unwrap().trim_end_matches('!'); // a macro: `macro.name.html`
        assert!(
            page.ends_with(&format!("/{last}/index.html"))
                || page == format!("{last}/index.html")
                || page.contains(&format!(".{last}.html"))
                || page.ends_with(&format!(".{last}")),
            "{name}: {url} does not point at {last}"
        );
        defined.insert(name);
    }
    let undefined: Vec<_> = used.difference(&defined).collect();
    assert!(
        undefined.is_empty(),
        "README links without a definition: {undefined:?}"
    );
    let unused: Vec<_> = defined.difference(&used).collect();
    assert!(
        unused.is_empty(),
        "README link definitions nothing uses: {unused:?}"
    );
}
