//! A brain's work directory: as tournament managers arrange it, each brain is told a
//! writable folder of its own for the match (`INFO folder`), removed afterwards. (Its
//! process starts in its executable's folder: [`mnk_gomocup::manager::locate`].)

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folder_is_writable_and_removed_when_dropped() {
        let folder = ScratchFolder::create("T").unwrap();
        let path = folder.path().to_path_buf();
        std::fs::write(path.join("probe"), "x").unwrap();
        drop(folder);
        assert!(!path.exists());
    }
}
