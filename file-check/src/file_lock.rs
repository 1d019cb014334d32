//! A file one process writes at a time: the run that appends to a results file or a
//! self-play file holds an advisory lock on it for as long as it has it open, so that a
//! second run resuming the same file is refused instead of writing the same games again.

use std::fs::File;

/// Takes `file`'s lock for this process (released when the file is closed); false when
/// another process holds it. Never waits.
#[cfg(unix)]
pub fn lock_for_this_run(file: &File) -> bool {
    use std::os::fd::AsRawFd;
    // SAFETY: flock on a descriptor the caller owns; LOCK_NB never blocks.
    unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) == 0 }
}

/// Takes `file`'s lock for this process: without advisory locks, always granted.
#[cfg(not(unix))]
pub fn lock_for_this_run(_: &File) -> bool {
    true
}
