//! The native module from Python: this build's `libmars_attacks_native` put beside the
//! package's Python files as `mars_attacks/_native.abi3.so` in a scratch folder, and the
//! tests in `tests/python` run there with python3.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The extension module this build made: beside the test itself, in `deps` (a test run
/// leaves it there; only a `cargo build` copies it up a folder).
fn native_library() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let name = if cfg!(target_os = "macos") {
        "libmars_attacks_native.dylib"
    } else {
        "libmars_attacks_native.so"
    };
    exe.parent().unwrap().join(name)
}

#[test]
fn the_native_module_passes_its_python_tests() {
    let library = native_library();
    assert!(library.exists(), "{} was built", library.display());
    let scratch = std::env::temp_dir().join(format!("mars-attacks-native-{}", std::process::id()));
    let package = scratch.join("mars_attacks");
    std::fs::create_dir_all(&package).unwrap();
    for entry in std::fs::read_dir(root().join("python/mars_attacks")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "py") {
            std::fs::copy(&path, package.join(path.file_name().unwrap())).unwrap();
        }
    }
    std::fs::copy(&library, package.join("_native.abi3.so")).unwrap();
    let out = Command::new("python3")
        .args(["-m", "unittest", "discover", "-s"])
        .arg(root().join("python-engine/tests/python"))
        .env("PYTHONPATH", &scratch)
        .env("MARS_ATTACKS_ROOT", root())
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs");
    let report = String::from_utf8_lossy(&out.stderr).to_string();
    std::fs::remove_dir_all(&scratch).ok();
    assert!(out.status.success(), "{report}");
    assert!(report.contains("Ran 19 tests"), "{report}");
}
