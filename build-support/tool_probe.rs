//! Shared by the build scripts of the crates whose end-to-end tests need an outside program
//! (tmux, Chromium and chromedriver). When one is missing and `CI` is not `true`, it sets a
//! cfg that marks those tests `#[ignore]` with the reason, so that a local run reports them as
//! ignored rather than as passed without running. Under `CI=true` the cfg is never set: the
//! tests run and fail, saying what is missing.

use std::path::{Path, PathBuf};

/// Declares `cfg(cfg)` and sets it when any of `programs` is missing outside CI. Each entry of
/// `programs` lists the names one program may have (`chromium` or `chromium-browser`).
pub fn declare(cfg: &str, programs: &[&[&str]]) {
    println!("cargo::rustc-check-cfg=cfg({cfg})");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=PATH");
    let dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).collect())
        .unwrap_or_default();
    let mut missing = false;
    for names in programs {
        match find(&dirs, names) {
            // Its removal or replacement is noticed through the file itself.
            Some(path) => println!("cargo::rerun-if-changed={}", path.display()),
            None => missing = true,
        }
    }
    if missing {
        // Installing the program adds it to one of these directories: watching them makes the
        // next build notice it without a `cargo clean`.
        for dir in dirs.iter().filter(|d| d.is_absolute() && d.is_dir()) {
            println!("cargo::rerun-if-changed={}", dir.display());
        }
        if std::env::var("CI").as_deref() != Ok("true") {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}

fn find(dirs: &[PathBuf], names: &[&str]) -> Option<PathBuf> {
    dirs.iter()
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|path| is_executable(path))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}
