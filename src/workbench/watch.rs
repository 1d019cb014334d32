//! Knowing when the file under design is saved, through the `notify` crate (inotify,
//! FSEvents, ReadDirectoryChangesW: no polling by hand).
//!
//! Editors save in different ways: some write the file in place, some write a new file and
//! rename it over the old one (which replaces the file a watch on the file itself would
//! follow). So the watcher watches the file's folder and keeps the events that name the
//! file.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Duration;

use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};

/// Why a file cannot be watched.
#[derive(Debug, thiserror::Error)]
pub enum WatchError {
    /// The path names no file (it ends in `..` or is a root).
    #[error("{}: not a file name", .0.display())]
    NotAFileName(PathBuf),
    /// The system will not watch the file's folder.
    #[error("cannot watch {}: {error}", folder.display())]
    Watch {
        folder: PathBuf,
        #[source]
        error: notify::Error,
    },
}

/// Watches one file; [`FileWatcher::changed`] says whether it changed since last asked.
pub struct FileWatcher {
    // Kept alive: dropping it stops the watch.
    _watcher: RecommendedWatcher,
    events: Receiver<()>,
}

impl FileWatcher {
    /// Watch `file`; `wake` is called on every change (to wake a window that sleeps).
    pub fn new(file: &Path, wake: impl Fn() + Send + 'static) -> Result<FileWatcher, WatchError> {
        let name = file
            .file_name()
            .ok_or_else(|| WatchError::NotAFileName(file.to_path_buf()))?
            .to_os_string();
        let folder: PathBuf = match file.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let (tx, rx) = channel();
        let mut watcher = notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
            let Ok(event) = res else { return };
            if matches!(event.kind, EventKind::Access(_)) {
                return;
            }
            if event
                .paths
                .iter()
                .any(|p| p.file_name() == Some(name.as_os_str()))
            {
                // The receiver is gone only when the window is closing.
                let _ = tx.send(());
                wake();
            }
        })
        .map_err(|error| WatchError::Watch {
            folder: folder.clone(),
            error,
        })?;
        watcher
            .watch(&folder, RecursiveMode::NonRecursive)
            .map_err(|error| WatchError::Watch {
                folder: folder.clone(),
                error,
            })?;
        Ok(FileWatcher {
            _watcher: watcher,
            events: rx,
        })
    }

    /// Whether the file changed since the last call (all the events of one save count
    /// once).
    pub fn changed(&self) -> bool {
        let mut any = false;
        loop {
            match self.events.try_recv() {
                Ok(()) => any = true,
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return any,
            }
        }
    }

    /// Wait up to `limit` for a change (for tests and the command line).
    pub fn wait(&self, limit: Duration) -> bool {
        match self.events.recv_timeout(limit) {
            Ok(()) => {
                self.changed();
                true
            }
            Err(_) => false,
        }
    }
}
