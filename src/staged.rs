//! Writing a set of files all or nothing: each is written whole to a temporary file beside
//! it, and only when every one has been written are they renamed into place. A failure
//! on the way removes the temporary files (and any folder made for them), leaves every
//! file as it was, and names the path that could not be written.
//!
//! Commands that write more than one file (`report`, `scenarios`) write through this, so
//! an error never leaves a half-updated set behind.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// Writes the SVG picture `svg` to `out`, whole or not at all. A file already there is
/// replaced only if it is an SVG picture; anything else there (a folder, another file) is
/// left as it is and named in the refusal.
pub fn write_picture(out: &Path, svg: &str) -> Result<(), PictureRefused> {
    if out.exists() {
        let head = std::fs::read(out)
            .map(|b| String::from_utf8_lossy(&b[..b.len().min(512)]).into_owned())
            .unwrap_or_default();
        if out.is_dir() || !(head.contains("<svg") || head.trim_start().starts_with("<?xml")) {
            return Err(PictureRefused::NotAPicture(out.to_path_buf()));
        }
    }
    let mut staged = StagedFiles::new();
    staged
        .write(out, svg.as_bytes())
        .and_then(|()| staged.commit())
        .map(drop)
        .map_err(PictureRefused::Write)
}

/// Why a picture was not written. Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PictureRefused {
    /// Something that is not an SVG picture is there already.
    #[error("{} already exists and is not an SVG picture; it is left as it is: choose another name", .0.display())]
    NotAPicture(PathBuf),
    /// The file could not be written (the reason names the path).
    #[error("{0}")]
    Write(String),
}

/// Files being written, not yet in place.
#[derive(Default)]
pub struct StagedFiles {
    /// (where the file goes, the temporary file holding it)
    staged: Vec<(PathBuf, PathBuf)>,
    /// Folders made for the files, deepest last, removed again on failure.
    made: Vec<PathBuf>,
    committed: bool,
}

/// A file of a [`StagedFiles`] written a piece at a time (one too long to hold in memory).
pub struct StagedWriter {
    path: PathBuf,
    out: BufWriter<File>,
}

impl StagedWriter {
    /// Writes `bytes`; an error names the file.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.out
            .write_all(bytes)
            .map_err(|e| cannot_write(&self.path, &e))
    }

    /// Writes what is buffered; the file is then whole, waiting for
    /// [`StagedFiles::commit`].
    pub fn finish(mut self) -> Result<(), String> {
        self.out.flush().map_err(|e| cannot_write(&self.path, &e))
    }
}

fn cannot_write(path: &Path, e: &dyn std::fmt::Display) -> String {
    format!("{}: cannot write: {e}", path.display())
}

impl StagedFiles {
    pub fn new() -> StagedFiles {
        StagedFiles::default()
    }

    /// Writes `bytes` as the text of `path`, to a temporary file for now.
    pub fn write(&mut self, path: &Path, bytes: &[u8]) -> Result<(), String> {
        let mut w = self.create(path)?;
        w.write(bytes)?;
        w.finish()
    }

    /// A temporary file that will become `path`, to write a piece at a time.
    pub fn create(&mut self, path: &Path) -> Result<StagedWriter, String> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            self.make_folder(parent)?;
        }
        let name = path
            .file_name()
            .ok_or_else(|| format!("{}: not a file name", path.display()))?;
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".{}.tmp", std::process::id()));
        let tmp = path.with_file_name(tmp_name);
        let file = File::create(&tmp).map_err(|e| cannot_write(path, &e))?;
        self.staged.push((path.to_path_buf(), tmp));
        Ok(StagedWriter {
            path: path.to_path_buf(),
            out: BufWriter::new(file),
        })
    }

    fn make_folder(&mut self, dir: &Path) -> Result<(), String> {
        if dir.is_dir() {
            return Ok(());
        }
        // The folders that do not exist yet, outermost first.
        let mut missing: Vec<PathBuf> = dir
            .ancestors()
            .take_while(|a| !a.as_os_str().is_empty() && !a.exists())
            .map(Path::to_path_buf)
            .collect();
        missing.reverse();
        for d in missing {
            std::fs::create_dir(&d)
                .map_err(|e| format!("{}: cannot make the folder: {e}", d.display()))?;
            self.made.push(d);
        }
        Ok(())
    }

    /// Puts every file in place; the paths written, in the order they were given.
    pub fn commit(mut self) -> Result<Vec<PathBuf>, String> {
        for i in 0..self.staged.len() {
            let (path, tmp) = &self.staged[i];
            if let Err(e) = std::fs::rename(tmp, path) {
                let path = path.display().to_string();
                let done: Vec<String> = self.staged[..i]
                    .iter()
                    .map(|(p, _)| p.display().to_string())
                    .collect();
                // The ones renamed are in place; the rest are removed by drop.
                self.staged.drain(..i);
                return Err(format!(
                    "{path}: cannot write: {e}{}",
                    if done.is_empty() {
                        String::new()
                    } else {
                        format!(" (already written: {})", done.join(", "))
                    }
                ));
            }
        }
        self.committed = true;
        Ok(self.staged.iter().map(|(p, _)| p.clone()).collect())
    }
}

impl Drop for StagedFiles {
    fn drop(&mut self) {
        if self.committed {
            return;
        }
        for (_, tmp) in &self.staged {
            let _ = std::fs::remove_file(tmp);
        }
        // Folders made for nothing: deepest first, and only when empty.
        for d in self.made.iter().rev() {
            let _ = std::fs::remove_dir(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir()
            .join(format!("mars-attacks-staged-{}", std::process::id()))
            .join(name);
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn files_are_in_place_only_when_all_were_written() {
        let dir = scratch("all");
        std::fs::write(dir.join("a.txt"), "old a").unwrap();
        let mut s = StagedFiles::new();
        s.write(&dir.join("a.txt"), b"new a").unwrap();
        s.write(&dir.join("sub/deeper/b.txt"), b"new b").unwrap();
        // Not yet: the old text stays until the commit.
        assert_eq!(std::fs::read_to_string(dir.join("a.txt")).unwrap(), "old a");
        let written = s.commit().unwrap();
        assert_eq!(written.len(), 2);
        assert_eq!(std::fs::read_to_string(dir.join("a.txt")).unwrap(), "new a");
        assert_eq!(
            std::fs::read_to_string(dir.join("sub/deeper/b.txt")).unwrap(),
            "new b"
        );
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 2, "no temporary file is left");
    }

    #[test]
    fn a_failure_leaves_everything_as_it_was_and_names_the_path() {
        let dir = scratch("fail");
        std::fs::write(dir.join("a.txt"), "old a").unwrap();
        // A file where a folder would have to be.
        std::fs::write(dir.join("blocker"), "").unwrap();
        let mut s = StagedFiles::new();
        s.write(&dir.join("a.txt"), b"new a").unwrap();
        s.write(&dir.join("new/c.txt"), b"c").unwrap();
        let e = s.write(&dir.join("blocker/b.txt"), b"b").unwrap_err();
        assert!(e.contains("blocker"), "{e}");
        drop(s);
        assert_eq!(std::fs::read_to_string(dir.join("a.txt")).unwrap(), "old a");
        let mut left: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(
            left,
            ["a.txt", "blocker"],
            "no temporary file, no folder made"
        );
    }
}
