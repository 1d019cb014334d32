//! Reading an input file: one rule for every file the program reads (a scenario, a deck,
//! a save, a results file, a balance file), whoever names it (the command line, a save, a
//! results file, a request to `serve`).
//!
//! - A folder is refused before anything is opened.
//! - A pipe is opened without waiting for a writer: a FIFO nobody writes to reads as
//!   empty at once instead of blocking, while a pipe with a writer (the shell's
//!   `--scenario <(...)`) is read to its end.
//! - Never more than the reader's cap is read, whatever the file claims or becomes (a
//!   device that never ends, `/dev/zero`, or a file still growing is cut off there and
//!   refused).

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// Why an input file was not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// Nothing is at the path.
    #[error("no such file")]
    Missing,
    /// A folder is at the path.
    #[error("this is a folder, not a file")]
    Folder,
    /// The file holds more than the reader takes.
    #[error("the file is more than {cap} bytes, the most this file may have")]
    TooLarge { cap: u64 },
    /// The system refused (no permission, an I/O error): its words.
    #[error("cannot read it: {0}")]
    Io(String),
}

/// Opens `path` for reading under the rule above (a pipe without waiting for a writer).
pub fn open_input(path: &Path) -> Result<File, ReadError> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::Missing,
        _ => ReadError::Io(e.to_string()),
    })?;
    let kind = meta.file_type();
    if kind.is_dir() {
        return Err(ReadError::Folder);
    }
    if is_fifo(&kind) {
        return open_fifo(path);
    }
    File::open(path).map_err(|e| ReadError::Io(e.to_string()))
}

#[cfg(unix)]
fn is_fifo(kind: &std::fs::FileType) -> bool {
    std::os::unix::fs::FileTypeExt::is_fifo(kind)
}

#[cfg(not(unix))]
fn is_fifo(_: &std::fs::FileType) -> bool {
    false
}

#[cfg(unix)]
fn open_fifo(path: &Path) -> Result<File, ReadError> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    // Opened without waiting for a writer, then read as usual: with no writer the read
    // ends at once (POSIX: no writer, end of file).
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| ReadError::Io(e.to_string()))?;
    // SAFETY: fcntl on a descriptor this function owns, with flags read from it.
    unsafe {
        let fd = f.as_raw_fd();
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) < 0 {
            return Err(ReadError::Io(std::io::Error::last_os_error().to_string()));
        }
    }
    Ok(f)
}

#[cfg(not(unix))]
fn open_fifo(path: &Path) -> Result<File, ReadError> {
    File::open(path).map_err(|e| ReadError::Io(e.to_string()))
}

/// The bytes of the input file at `path`, at most `cap` of them (more is refused).
pub fn read_capped(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    let f = open_input(path)?;
    if f.metadata().is_ok_and(|m| m.is_file() && m.len() > cap) {
        return Err(ReadError::TooLarge { cap });
    }
    let mut bytes = Vec::new();
    f.take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::Io(e.to_string()))?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge { cap });
    }
    Ok(bytes)
}

/// The bytes of the input file `path`, a `what` (`scenario file`, `deck file`) of at most
/// `cap` bytes, or why not as a diagnostic at its first line: a folder, too large,
/// unreadable. Never reads more than the cap, whatever the file is.
pub fn read_for_diagnostics(
    path: &Path,
    cap: u64,
    what: &str,
) -> Result<Vec<u8>, Vec<crate::Diagnostic>> {
    let fail = |message: String| {
        Err(vec![crate::Diagnostic {
            severity: crate::Severity::Error,
            file: path.display().to_string(),
            line: 1,
            column: 1,
            message,
        }])
    };
    let mib = if cap == 1 << 20 { " (1 MiB)" } else { "" };
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return fail(format!("this is a directory, not a {what}")),
        Ok(m) if m.is_file() && m.len() > cap => {
            return fail(format!(
                "the file is {} bytes; a {what} may be at most {cap} bytes{mib}",
                m.len()
            ));
        }
        Ok(_) => {}
        Err(e) => return fail(format!("cannot read the {what}: {e}")),
    }
    match read_capped(path, cap) {
        Ok(bytes) => Ok(bytes),
        Err(ReadError::TooLarge { .. }) => fail(format!(
            "the file is more than {cap} bytes; a {what} may be at most {cap} bytes{mib}"
        )),
        Err(e) => fail(format!("cannot read the {what}: {e}")),
    }
}

/// [`read_for_diagnostics`], as UTF-8 text.
pub fn read_text_for_diagnostics(
    path: &Path,
    cap: u64,
    what: &str,
) -> Result<String, Vec<crate::Diagnostic>> {
    let bytes = read_for_diagnostics(path, cap, what)?;
    String::from_utf8(bytes).map_err(|_| {
        vec![crate::Diagnostic {
            severity: crate::Severity::Error,
            file: path.display().to_string(),
            line: 1,
            column: 1,
            message: "the file is not UTF-8 text".into(),
        }]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch() -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("mars-attacks-read-file-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn no_folder_is_read_no_pipe_waited_on_and_nothing_past_the_cap() {
        let dir = scratch();
        let file = dir.join("a.txt");
        std::fs::write(&file, "12345").unwrap();
        assert_eq!(read_capped(&file, 5), Ok(b"12345".to_vec()));
        assert_eq!(read_capped(&file, 4), Err(ReadError::TooLarge { cap: 4 }));
        assert_eq!(read_capped(&dir.join("none"), 9), Err(ReadError::Missing));
        assert_eq!(read_capped(&dir, 9), Err(ReadError::Folder));
        assert_eq!(
            read_capped(Path::new("/dev/zero"), 9),
            Err(ReadError::TooLarge { cap: 9 })
        );
        // A FIFO nobody writes to reads as empty at once.
        let fifo = dir.join("fifo");
        if std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success())
        {
            assert_eq!(read_capped(&fifo, 9), Ok(Vec::new()));
        }
        // A pipe with a writer, as the shell's `<(...)` hands one over (its writer holds
        // it open from the start), is read to the writer's end however late it writes.
        let mut ends = [0; 2];
        // SAFETY: pipe fills the two descriptors it makes.
        assert_eq!(unsafe { libc::pipe(ends.as_mut_ptr()) }, 0);
        let writer = std::thread::spawn(move || {
            use std::io::Write;
            use std::os::fd::FromRawFd;
            std::thread::sleep(std::time::Duration::from_millis(50));
            // SAFETY: the write end is this thread's alone from here on.
            let mut w = unsafe { File::from_raw_fd(ends[1]) };
            w.write_all(b"from a pipe").unwrap();
        });
        let path = std::path::PathBuf::from(format!("/dev/fd/{}", ends[0]));
        let got = read_capped(&path, 99);
        writer.join().unwrap();
        // SAFETY: the read end is closed once, here.
        unsafe { libc::close(ends[0]) };
        assert_eq!(got, Ok(b"from a pipe".to_vec()));
    }
}
