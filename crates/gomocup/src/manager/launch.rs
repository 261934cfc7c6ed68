//! Where a brain runs, as tournament managers arrange it: its process starts in the folder
//! of its executable (brains load their tables and books from there by relative paths).

use std::path::{Path, PathBuf};

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

/// Why an executable could not be run, as a clause.
pub(super) fn spawn_failure(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "there is no such file".into(),
        std::io::ErrorKind::PermissionDenied => {
            "it cannot be run (permission denied: is it an executable file?)".into()
        }
        _ => format!("it cannot be run ({e})"),
    }
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
}
