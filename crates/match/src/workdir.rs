//! Where a brain runs, as tournament managers arrange it: its process starts in the folder
//! of its executable (brains load their tables and books from there by relative paths), and
//! it is told a writable folder of its own for the match (`INFO folder`), removed afterwards.

use std::path::{Path, PathBuf};

/// A player's writable folder for the match: made on demand, removed when dropped.
#[derive(Debug)]
pub struct ScratchFolder {
    path: PathBuf,
}

impl ScratchFolder {
    /// A fresh, empty folder for player `label` ("A" or "B") of this process's match.
    pub fn create(label: &str) -> std::io::Result<ScratchFolder> {
        let path = std::env::temp_dir().join(format!(
            "mnk-match-{}-{}",
            std::process::id(),
            label.to_ascii_lowercase()
        ));
        // Left over from an earlier process with the same id: start empty.
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)?;
        Ok(ScratchFolder { path })
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for ScratchFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// The executable as an absolute path, and the folder to start it in: a path with a folder
/// in it is made absolute (so it still names the file once the working directory changes),
/// a bare name is looked up on `PATH` as a shell would. `None` when there is no such file.
pub fn locate(program: &Path) -> Option<(PathBuf, PathBuf)> {
    let found = if program.components().count() > 1 || program.is_absolute() {
        std::fs::canonicalize(program).ok()
    } else {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join(program))
                .find(|p| p.is_file())
                .and_then(|p| std::fs::canonicalize(p).ok())
        })
    }?;
    let folder = found.parent()?.to_path_buf();
    Some((found, folder))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relative_path_becomes_absolute_with_its_folder() {
        let (exe, folder) = locate(Path::new("./Cargo.toml")).unwrap();
        assert!(exe.is_absolute());
        assert_eq!(exe.parent(), Some(folder.as_path()));
        assert_eq!(exe.file_name().unwrap(), "Cargo.toml");
        assert!(locate(Path::new("./no-such-file-here")).is_none());
        assert!(locate(Path::new("no-such-program-on-path-mnk")).is_none());
    }

    #[test]
    fn the_folder_is_writable_and_removed_when_dropped() {
        let folder = ScratchFolder::create("T").unwrap();
        let path = folder.path().to_path_buf();
        std::fs::write(path.join("probe"), "x").unwrap();
        drop(folder);
        assert!(!path.exists());
    }
}
