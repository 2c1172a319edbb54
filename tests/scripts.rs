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
