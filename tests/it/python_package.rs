//! The Python package `python/mars_attacks` (the engine's `serve` as methods): its own
//! unittest suite, run with python3 against this build's binary.

use std::process::Command;

use crate::child::{BIN, root};

#[test]
fn the_python_package_passes_its_own_tests() {
    let out = Command::new("python3")
        .args([
            "-m",
            "unittest",
            "discover",
            "-s",
            "python/tests",
            "-t",
            "python",
        ])
        .current_dir(root())
        .env("MARS_ATTACKS", BIN)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs");
    let report = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{report}");
    // Every test ran: none skipped or missing.
    assert!(report.contains("Ran 13 tests"), "{report}");
}
