//! Where a command writes, and writing a set of files all or nothing.
//!
//! **One rule for every output path.** A path a command writes to names either nothing yet
//! (a new file, in a folder that exists) or a regular file of the kind the command writes,
//! known by its first bytes ([`FileKind`]; no more than [`HEAD_BYTES`] of it are read). A
//! folder, a device, a FIFO, a socket, a link to nothing or a file of another kind is
//! never replaced: the command is refused and names what is there ([`WriteError::Refused`]).
//! A command that writes a folder of files (`report --out DIR`) makes that folder
//! ([`StagedFiles::make_folder`]); no command makes the folder of a file named to it.
//!
//! **All or nothing.** Each file is written whole to a temporary file beside it. Only when
//! every one has been written, and every destination checked again, are they moved into
//! place, each file they replace set aside until all are in; a failure on the way puts the
//! files set aside back, removes the temporary files (and any folder made for them), and
//! names the path that could not be written. Commands that write more than one file
//! (`report`, `scenarios`, `strength`) write through this, so an error never leaves a
//! half-updated set behind.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// How much of a file already at an output path is read to tell its kind.
pub const HEAD_BYTES: u64 = 512;

/// The kind of file a command writes, as recognised from the first bytes of one already
/// at its output path (which it then may replace).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileKind {
    /// What it is, for messages: "an SVG picture".
    pub what: &'static str,
    starts: Starts,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Starts {
    /// `<svg` within the first bytes, or an XML declaration first.
    Svg,
    /// A text that begins with these bytes (after any byte-order mark).
    Text(&'static str),
}

impl FileKind {
    /// An SVG picture (the pictures of `render`, `setup-sheet`, `scenarios`, `strength`).
    pub const SVG: FileKind = FileKind {
        what: "an SVG picture",
        starts: Starts::Svg,
    };

    /// A text file this program writes, known by how it begins.
    pub const fn text(what: &'static str, first: &'static str) -> FileKind {
        FileKind {
            what,
            starts: Starts::Text(first),
        }
    }

    /// Is `head` (the first [`HEAD_BYTES`] of a file, or all of a shorter one) the start
    /// of a file of this kind? An empty file is taken for one (nothing is lost by
    /// replacing it).
    pub fn recognises(&self, head: &[u8]) -> bool {
        let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
        if head.is_empty() {
            return true;
        }
        match self.starts {
            Starts::Svg => {
                let text = String::from_utf8_lossy(head);
                text.contains("<svg") || text.trim_start().starts_with("<?xml")
            }
            Starts::Text(first) => head.starts_with(first.as_bytes()),
        }
    }
}

/// What was found at an output path that is not to be replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    Folder,
    Device,
    Fifo,
    Socket,
    /// A symbolic link whose target does not exist.
    BrokenLink,
    /// A regular file, but not of the kind the command writes (its `what`).
    OtherKind(&'static str),
    /// A file that cannot be read to tell its kind (the reason).
    Unreadable(String),
}

impl std::fmt::Display for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Found::Folder => f.write_str("is a folder, not a file"),
            Found::Device => f.write_str("is a device, not a file"),
            Found::Fifo => f.write_str("is a FIFO (a named pipe), not a file"),
            Found::Socket => f.write_str("is a socket, not a file"),
            Found::BrokenLink => f.write_str("is a link to nothing"),
            Found::OtherKind(what) => write!(f, "already exists and is not {what}"),
            Found::Unreadable(why) => write!(f, "exists and cannot be read ({why})"),
        }
    }
}

/// Why files were not written. Nothing was changed on disk.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// Something is at the path that the command does not replace.
    #[error("{} {found}; it is left as it is: choose another name", .path.display())]
    Refused { path: PathBuf, found: Found },
    /// The folder the file would go in does not exist (it is not made).
    #[error("{}: the folder {} does not exist; nothing was written", .path.display(), .folder.display())]
    NoFolder { path: PathBuf, folder: PathBuf },
    /// Writing failed (a full disk, no permission); `reason` is the system's.
    #[error("{}: cannot write: {reason}{}", .path.display(), written_note(.written))]
    Io {
        path: PathBuf,
        reason: String,
        /// Files already in place when the failure came (only if putting back the files
        /// set aside failed too; empty otherwise).
        written: Vec<PathBuf>,
    },
}

fn written_note(written: &[PathBuf]) -> String {
    if written.is_empty() {
        String::new()
    } else {
        let names: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
        format!(" (already written: {})", names.join(", "))
    }
}

impl WriteError {
    /// Is this a refusal of what the command line named (a usage error), rather than a
    /// failure to write?
    pub fn is_refusal(&self) -> bool {
        matches!(
            self,
            WriteError::Refused { .. } | WriteError::NoFolder { .. }
        )
    }

    /// Writing `path` failed for `reason`.
    pub fn failed(path: &Path, reason: impl ToString) -> WriteError {
        WriteError::Io {
            path: path.to_path_buf(),
            reason: reason.to_string(),
            written: Vec::new(),
        }
    }

    fn io(path: &Path, e: &std::io::Error) -> WriteError {
        WriteError::failed(path, e)
    }
}

/// Checks that `path` may be written as a file of `kind` under the one rule (module
/// documentation): nothing there yet, in a folder that exists, or a regular file of that
/// kind. Reads at most [`HEAD_BYTES`] of a file there, and opens nothing but a regular file.
pub fn check_output(path: &Path, kind: FileKind) -> Result<(), WriteError> {
    let refused = |found| WriteError::Refused {
        path: path.to_path_buf(),
        found,
    };
    let meta = match std::fs::symlink_metadata(path) {
        Ok(link) if link.file_type().is_symlink() => match std::fs::metadata(path) {
            Ok(target) => target,
            Err(_) => return Err(refused(Found::BrokenLink)),
        },
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return match path.parent().filter(|p| !p.as_os_str().is_empty()) {
                Some(folder) if !folder.is_dir() => Err(WriteError::NoFolder {
                    path: path.to_path_buf(),
                    folder: folder.to_path_buf(),
                }),
                _ => Ok(()),
            };
        }
        Err(e) => return Err(refused(Found::Unreadable(e.to_string()))),
    };
    let file_type = meta.file_type();
    if !file_type.is_file() {
        return Err(refused(other_than_a_file(&file_type)));
    }
    let mut head = Vec::with_capacity(HEAD_BYTES as usize);
    File::open(path)
        .and_then(|f| f.take(HEAD_BYTES).read_to_end(&mut head))
        .map_err(|e| refused(Found::Unreadable(e.to_string())))?;
    if kind.recognises(&head) {
        Ok(())
    } else {
        Err(refused(Found::OtherKind(kind.what)))
    }
}

/// Checks that `dir` may be a folder a command writes its files into: nothing there yet
/// (its parent must exist) or a folder.
pub fn check_output_folder(dir: &Path) -> Result<(), WriteError> {
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(meta) => Err(WriteError::Refused {
            path: dir.to_path_buf(),
            found: match other_than_a_file(&meta.file_type()) {
                Found::OtherKind(_) => Found::OtherKind("a folder"),
                f => f,
            },
        }),
        Err(_) if std::fs::symlink_metadata(dir).is_ok() => Err(WriteError::Refused {
            path: dir.to_path_buf(),
            found: Found::BrokenLink,
        }),
        Err(_) => match dir.parent().filter(|p| !p.as_os_str().is_empty()) {
            Some(parent) if !parent.is_dir() => Err(WriteError::NoFolder {
                path: dir.to_path_buf(),
                folder: parent.to_path_buf(),
            }),
            _ => Ok(()),
        },
    }
}

#[cfg(unix)]
fn other_than_a_file(t: &std::fs::FileType) -> Found {
    use std::os::unix::fs::FileTypeExt;
    if t.is_dir() {
        Found::Folder
    } else if t.is_block_device() || t.is_char_device() {
        Found::Device
    } else if t.is_fifo() {
        Found::Fifo
    } else if t.is_socket() {
        Found::Socket
    } else {
        Found::OtherKind("a regular file")
    }
}

#[cfg(not(unix))]
fn other_than_a_file(t: &std::fs::FileType) -> Found {
    if t.is_dir() {
        Found::Folder
    } else {
        Found::OtherKind("a regular file")
    }
}

/// Writes the SVG picture `svg` to `out`, whole or not at all, under the one rule.
pub fn write_picture(out: &Path, svg: &str) -> Result<(), WriteError> {
    let mut staged = StagedFiles::new();
    staged.write(out, FileKind::SVG, svg.as_bytes())?;
    staged.commit().map(drop)
}

/// A file staged: where it goes, the temporary file holding it, what it must replace.
struct Staged {
    path: PathBuf,
    tmp: PathBuf,
    kind: FileKind,
}

/// Files being written, not yet in place.
#[derive(Default)]
pub struct StagedFiles {
    staged: Vec<Staged>,
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
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), WriteError> {
        self.out
            .write_all(bytes)
            .map_err(|e| WriteError::io(&self.path, &e))
    }

    /// Writes what is buffered; the file is then whole, waiting for
    /// [`StagedFiles::commit`].
    pub fn finish(mut self) -> Result<(), WriteError> {
        self.out.flush().map_err(|e| WriteError::io(&self.path, &e))
    }
}

impl StagedFiles {
    pub fn new() -> StagedFiles {
        StagedFiles::default()
    }

    /// Writes `bytes` as the text of `path`, a file of `kind`, to a temporary file for now.
    pub fn write(&mut self, path: &Path, kind: FileKind, bytes: &[u8]) -> Result<(), WriteError> {
        let mut w = self.create(path, kind)?;
        w.write(bytes)?;
        w.finish()
    }

    /// A temporary file that will become `path`, a file of `kind`, to write a piece at a
    /// time. Refused at once if `path` may not be written ([`check_output`]).
    pub fn create(&mut self, path: &Path, kind: FileKind) -> Result<StagedWriter, WriteError> {
        check_output(path, kind)?;
        let tmp = beside(path, "tmp")?;
        let file = File::create(&tmp).map_err(|e| WriteError::io(path, &e))?;
        self.staged.retain(|s| s.path != path);
        self.staged.push(Staged {
            path: path.to_path_buf(),
            tmp,
            kind,
        });
        Ok(StagedWriter {
            path: path.to_path_buf(),
            out: BufWriter::new(file),
        })
    }

    /// Makes the folder `dir` (and any missing folders above it) for files to come, unless
    /// it is there; a folder made is removed again if the files are not written. Something
    /// other than a folder where one must be is a failure to write, naming it (a folder a
    /// command line names is checked first, [`check_output_folder`]).
    pub fn make_folder(&mut self, dir: &Path) -> Result<(), WriteError> {
        if dir.is_dir() {
            return Ok(());
        }
        if let Some(a) = dir.ancestors().find(|a| {
            !a.as_os_str().is_empty() && std::fs::symlink_metadata(a).is_ok() && !a.is_dir()
        }) {
            return Err(WriteError::failed(
                dir,
                format!(
                    "cannot make the folder: {} is in the way, not a folder",
                    a.display()
                ),
            ));
        }
        // The folders that do not exist yet, outermost first.
        let mut missing: Vec<PathBuf> = dir
            .ancestors()
            .take_while(|a| !a.as_os_str().is_empty() && !a.exists())
            .map(Path::to_path_buf)
            .collect();
        missing.reverse();
        for d in missing {
            std::fs::create_dir(&d).map_err(|e| WriteError::io(&d, &e))?;
            self.made.push(d);
        }
        Ok(())
    }

    /// Puts every file in place; the paths written, in the order they were given. Every
    /// destination is checked again first; a file replaced is set aside until all are in,
    /// and put back if one cannot be moved, so that either every file is written or none.
    pub fn commit(mut self) -> Result<Vec<PathBuf>, WriteError> {
        for s in &self.staged {
            check_output(&s.path, s.kind)?;
        }
        // (index of the file moved in, the file it replaced, set aside)
        let mut moved: Vec<(usize, Option<PathBuf>)> = Vec::new();
        let mut failure = None;
        for (i, s) in self.staged.iter().enumerate() {
            let aside = if std::fs::symlink_metadata(&s.path).is_ok() {
                let aside = match beside(&s.path, "old") {
                    Ok(a) => a,
                    Err(e) => {
                        failure = Some(e);
                        break;
                    }
                };
                if let Err(e) = std::fs::rename(&s.path, &aside) {
                    failure = Some(WriteError::io(&s.path, &e));
                    break;
                }
                Some(aside)
            } else {
                None
            };
            if let Err(e) = std::fs::rename(&s.tmp, &s.path) {
                if let Some(a) = &aside {
                    let _ = std::fs::rename(a, &s.path);
                }
                failure = Some(WriteError::io(&s.path, &e));
                break;
            }
            moved.push((i, aside));
        }
        if let Some(mut failure) = failure {
            // Back as it was: each file moved in taken out again, the one it replaced put
            // back; whatever cannot be put back is named.
            let mut stuck = Vec::new();
            for (i, aside) in moved.into_iter().rev() {
                let path = &self.staged[i].path;
                let back = match &aside {
                    Some(a) => std::fs::rename(a, path),
                    None => std::fs::remove_file(path),
                };
                if back.is_err() {
                    stuck.push(path.clone());
                }
            }
            if let WriteError::Io { written, .. } = &mut failure {
                *written = stuck;
            }
            return Err(failure);
        }
        for (_, aside) in &moved {
            if let Some(a) = aside {
                let _ = std::fs::remove_file(a);
            }
        }
        self.committed = true;
        Ok(self.staged.iter().map(|s| s.path.clone()).collect())
    }
}

/// A hidden file beside `path` for the process to write in or set a file aside in:
/// `.NAME.PID.tmp`.
fn beside(path: &Path, what: &str) -> Result<PathBuf, WriteError> {
    let name = path.file_name().ok_or_else(|| WriteError::Refused {
        path: path.to_path_buf(),
        found: Found::Folder,
    })?;
    let mut hidden = std::ffi::OsString::from(".");
    hidden.push(name);
    hidden.push(format!(".{}.{what}", std::process::id()));
    Ok(path.with_file_name(hidden))
}

impl Drop for StagedFiles {
    fn drop(&mut self) {
        if self.committed {
            return;
        }
        for s in &self.staged {
            let _ = std::fs::remove_file(&s.tmp);
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

    const NOTE: FileKind = FileKind::text("a note", "note:");

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir()
            .join(format!("mars-attacks-staged-{}", std::process::id()))
            .join(name);
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn names_in(dir: &Path) -> Vec<String> {
        let mut left: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        left
    }

    #[test]
    fn files_are_in_place_only_when_all_were_written() {
        let dir = scratch("all");
        std::fs::write(dir.join("a.txt"), "note: old a").unwrap();
        let mut s = StagedFiles::new();
        s.write(&dir.join("a.txt"), NOTE, b"note: new a").unwrap();
        s.make_folder(&dir.join("sub/deeper")).unwrap();
        s.write(&dir.join("sub/deeper/b.txt"), NOTE, b"note: new b")
            .unwrap();
        // Not yet: the old text stays until the commit.
        assert_eq!(
            std::fs::read_to_string(dir.join("a.txt")).unwrap(),
            "note: old a"
        );
        let written = s.commit().unwrap();
        assert_eq!(written.len(), 2);
        assert_eq!(
            std::fs::read_to_string(dir.join("a.txt")).unwrap(),
            "note: new a"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("sub/deeper/b.txt")).unwrap(),
            "note: new b"
        );
        assert_eq!(
            names_in(&dir),
            ["a.txt", "sub"],
            "no file set aside is left"
        );
    }

    #[test]
    fn a_failure_leaves_everything_as_it_was_and_names_the_path() {
        let dir = scratch("fail");
        std::fs::write(dir.join("a.txt"), "note: old a").unwrap();
        // A file where a folder would have to be.
        std::fs::write(dir.join("blocker"), "").unwrap();
        let mut s = StagedFiles::new();
        s.write(&dir.join("a.txt"), NOTE, b"note: new a").unwrap();
        s.make_folder(&dir.join("new")).unwrap();
        s.write(&dir.join("new/c.txt"), NOTE, b"note: c").unwrap();
        let e = s.make_folder(&dir.join("blocker/sub")).unwrap_err();
        assert!(e.to_string().contains("blocker"), "{e}");
        drop(s);
        assert_eq!(
            std::fs::read_to_string(dir.join("a.txt")).unwrap(),
            "note: old a"
        );
        assert_eq!(
            names_in(&dir),
            ["a.txt", "blocker"],
            "no temporary file, no folder made"
        );
    }

    #[test]
    fn a_destination_that_turns_into_a_folder_before_the_commit_stops_every_file() {
        // The last of three files finds a folder where it goes: the first two, one of
        // them replacing a file, are not put in place either.
        let dir = scratch("late");
        std::fs::write(dir.join("a.txt"), "note: old a").unwrap();
        let mut s = StagedFiles::new();
        for name in ["a.txt", "b.txt", "c.txt"] {
            s.write(&dir.join(name), NOTE, b"note: new").unwrap();
        }
        std::fs::create_dir(dir.join("c.txt")).unwrap();
        let e = s.commit().unwrap_err();
        assert!(e.is_refusal(), "{e}");
        assert!(e.to_string().contains("c.txt is a folder"), "{e}");
        assert_eq!(
            std::fs::read_to_string(dir.join("a.txt")).unwrap(),
            "note: old a"
        );
        assert_eq!(names_in(&dir), ["a.txt", "c.txt"]);
    }

    #[test]
    fn a_move_that_fails_half_way_puts_back_the_files_already_moved() {
        // The second file's destination is taken by a folder between the check and the
        // move (a race): the first, already in place, is taken out again and the file it
        // replaced put back.
        let dir = scratch("race");
        std::fs::write(dir.join("a.txt"), "note: old a").unwrap();
        let mut s = StagedFiles::new();
        s.write(&dir.join("a.txt"), NOTE, b"note: new a").unwrap();
        s.write(&dir.join("b.txt"), NOTE, b"note: new b").unwrap();
        // What the check saw is gone by the move: its temporary file removed.
        std::fs::remove_file(&s.staged[1].tmp).unwrap();
        let e = s.commit().unwrap_err();
        assert!(!e.is_refusal(), "{e}");
        assert!(e.to_string().contains("b.txt: cannot write"), "{e}");
        assert_eq!(
            std::fs::read_to_string(dir.join("a.txt")).unwrap(),
            "note: old a"
        );
        assert_eq!(names_in(&dir), ["a.txt"]);
    }

    #[test]
    fn only_a_new_file_or_one_of_the_kind_written_is_replaced() {
        let dir = scratch("kinds");
        assert_eq!(check_output(&dir.join("new.svg"), FileKind::SVG), Ok(()));
        std::fs::write(dir.join("pic.svg"), "<?xml version=\"1.0\"?>\n<svg/>").unwrap();
        assert_eq!(check_output(&dir.join("pic.svg"), FileKind::SVG), Ok(()));
        std::fs::write(dir.join("notes.txt"), "my notes").unwrap();
        let refused = |p: &str, kind| match check_output(&dir.join(p), kind) {
            Err(WriteError::Refused { found, .. }) => found,
            other => panic!("{p}: {other:?}"),
        };
        assert_eq!(
            refused("notes.txt", FileKind::SVG),
            Found::OtherKind("an SVG picture")
        );
        assert_eq!(refused("notes.txt", NOTE), Found::OtherKind("a note"));
        assert_eq!(refused(".", NOTE), Found::Folder);
        assert_eq!(refused("/dev/null", NOTE), Found::Device);
        assert_eq!(refused("/dev/zero", FileKind::SVG), Found::Device);
        assert!(matches!(
            check_output(&dir.join("missing/new.svg"), FileKind::SVG),
            Err(WriteError::NoFolder { .. })
        ));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.join("gone"), dir.join("dangling")).unwrap();
            assert_eq!(refused("dangling", NOTE), Found::BrokenLink);
            let fifo = dir.join("fifo");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                assert_eq!(refused("fifo", NOTE), Found::Fifo);
            }
        }
        // A folder to write into: a folder or nothing; never a file or a device.
        assert_eq!(check_output_folder(&dir), Ok(()));
        assert_eq!(check_output_folder(&dir.join("new")), Ok(()));
        assert!(check_output_folder(&dir.join("notes.txt")).is_err());
        assert!(check_output_folder(Path::new("/dev/null")).is_err());
    }
}
