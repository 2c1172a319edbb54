//! Issue 51's documentation defects: the Python test steps install every test dependency
//! (they once stopped at collection, `No module named 'hypothesis'`), and the OpenSpiel game
//! string's `;`/`:` form is said where users look, not only in the module's docs.
//!
//! The files are read at run time: the crate's package leaves out `.ci/` and `python/`, and
//! these tests then have nothing to check.

/// A file of the repository, or `None` outside a checkout (the crate's package).
fn read(path: &str) -> Option<String> {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).ok()
}

/// The packages `.ci/run` installs for the Python tests (`test_deps=(...)`).
fn test_deps(ci: &str) -> Vec<String> {
    let list = ci
        .lines()
        .find_map(|l| l.trim().strip_prefix("test_deps=("))
        .and_then(|l| l.strip_suffix(')'))
        .expect(".ci/run's test_deps");
    list.split_whitespace().map(str::to_string).collect()
}

/// The packages the `pip install` lines of a README's first `sh` block after `heading`
/// install, and whether the block then runs `pytest python/tests`.
fn installed(readme: &str, heading: &str) -> (Vec<String>, bool) {
    let section = readme.split(heading).nth(1).expect(heading);
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("the sh block");
    let mut packages = Vec::new();
    for line in block.lines() {
        let line = line.split('#').next().unwrap();
        if let Some(rest) = line.trim().strip_prefix("pip install ") {
            packages.extend(rest.split_whitespace().map(str::to_string));
        }
    }
    (packages, block.contains("pytest python/tests"))
}

#[test]
fn the_python_test_steps_install_every_test_dependency() {
    let (Some(ci), Some(readme), Some(python_readme)) =
        (read(".ci/run"), read("README.md"), read("python/README.md"))
    else {
        return;
    };
    let deps = test_deps(&ci);
    assert!(deps.contains(&"hypothesis".to_string()), "{deps:?}");
    for (name, readme, heading) in [
        ("README.md", &readme, "\n## Python\n"),
        ("python/README.md", &python_readme, "From a checkout"),
    ] {
        let (packages, runs) = installed(readme, heading);
        assert!(runs, "{name}: no pytest python/tests");
        assert!(
            packages.contains(&"./python".to_string()),
            "{name}: {packages:?}"
        );
        for dep in &deps {
            assert!(
                packages.contains(dep),
                "{name} does not install {dep}: {packages:?}"
            );
        }
    }
}

#[test]
fn the_openspiel_game_string_form_is_said_where_users_look() {
    let (Some(readme), Some(python_readme), Some(module)) = (
        read("README.md"),
        read("python/README.md"),
        read("python/sowing/openspiel.py"),
    ) else {
        return;
    };
    let example = "sowing_kalah(rules=kalah:pits:4;seeds:3)";
    assert!(python_readme.contains(example), "python/README.md");
    let python = readme.split("\n## Python\n").nth(1).unwrap();
    assert!(python.contains(example), "README.md's Python section");
    // `help(sowing.openspiel.register)`: the docstring of the call users make.
    let register = module
        .split("def register() -> None:")
        .nth(1)
        .and_then(|r| r.split("global _registered").next())
        .expect("register's docstring");
    assert!(register.contains(example), "{register}");
}
