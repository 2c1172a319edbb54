//! The scripts under `scripts/`, run as a user would.

#![cfg(unix)]

use std::process::Command;

/// Without a CMancala the user built, the comparison says so and stops with status 2: it
/// neither runs a missing runner nor builds anything of another project.
#[test]
fn compare_cmancala_needs_a_cmancala_the_user_built() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/compare-cmancala.sh");
    let run = |vars: &[(&str, &str)]| {
        let mut cmd = Command::new("bash");
        cmd.arg(script).arg("2");
        for var in ["CMANCALA_BIN", "CMANCALA_COMMANDS", "CMANCALA_RUNNER"] {
            cmd.env_remove(var);
        }
        cmd.envs(vars.iter().copied());
        let out = cmd.output().expect("bash runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run(&[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no CMancala to compare with"), "{err}");
    let (code, err) = run(&[("CMANCALA_BIN", "/nonexistent/Mancala")]);
    assert_eq!(code, Some(2));
    assert!(err.contains("is not an executable file"), "{err}");
    let (code, err) = run(&[("CMANCALA_BIN", "/bin/sh")]);
    assert_eq!(code, Some(2));
    assert!(err.contains("needs CMANCALA_COMMANDS"), "{err}");
}

/// `scripts/adopt-network` on a copy of the checkout: adopting each embedded network again
/// writes its reference file as it is (the script's integer inference, independent of the
/// crate's, gives the values the crate's tests pin), and a network of another game is
/// refused with nothing written. Needs `python3` with numpy; says so and checks nothing
/// without them.
#[test]
fn adopt_network_regenerates_the_reference_values_the_tests_pin() {
    let root = env!("CARGO_MANIFEST_DIR");
    let numpy = Command::new("python3")
        .args(["-c", "import numpy"])
        .output();
    if !numpy.is_ok_and(|o| o.status.success()) {
        eprintln!("no python3 with numpy: scripts/adopt-network not run");
        return;
    }
    let copy = std::env::temp_dir().join(format!("sowing-adopt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy);
    std::fs::create_dir_all(copy.join("tests/data")).unwrap();
    let adopt = |game: &str, weights: &str| {
        Command::new("python3")
            .arg(format!("{root}/scripts/adopt-network"))
            .args([game, weights, "--root"])
            .arg(&copy)
            .output()
            .expect("python3 runs")
    };
    for game in ["toguz", "oware", "tsoro"] {
        std::fs::create_dir_all(copy.join("src").join(game)).unwrap();
        let net = format!("src/{game}/{game}.net");
        let reference = format!("tests/data/{game}-net-reference.txt");
        std::fs::copy(format!("{root}/{net}"), copy.join(&net)).unwrap();
        // Values all wrong: the script writes them again.
        let pinned = std::fs::read_to_string(format!("{root}/{reference}")).unwrap();
        let wrong: String = pinned
            .lines()
            .map(|l| match l.rsplit_once(' ') {
                Some((obs, _)) if !l.starts_with('#') => format!("{obs} 0\n"),
                _ => format!("{l}\n"),
            })
            .collect();
        std::fs::write(copy.join(&reference), &wrong).unwrap();
        let out = adopt(game, &format!("{root}/{net}"));
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            std::fs::read_to_string(copy.join(&reference)).unwrap(),
            pinned
        );
    }
    let before = std::fs::read(copy.join("src/toguz/toguz.net")).unwrap();
    let out = adopt("toguz", &format!("{root}/src/oware/oware.net"));
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("a network of oware, not of toguz"), "{err}");
    assert_eq!(
        std::fs::read(copy.join("src/toguz/toguz.net")).unwrap(),
        before
    );
    std::fs::remove_dir_all(&copy).unwrap();
}
