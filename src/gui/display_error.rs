//! Why no window can open here ([`NoDisplay`]): no display server named by the
//! environment, or none answering where it says, each named with what was tried
//! ([`Tried`], [`NoServer`]).

use std::path::PathBuf;

/// No display server to open a window on; `Display` says so as a whole sentence, with
/// what to do instead.
#[derive(Debug, thiserror::Error)]
pub enum NoDisplay {
    /// Neither `DISPLAY` nor `WAYLAND_DISPLAY` is set.
    #[error("{}", super::NO_DISPLAY)]
    NoneNamed,
    /// The servers the environment names do not answer.
    #[error(
        "a window needs a graphical session, and no display server answers where the \
         environment says ({}); {}",
        tried_words(.0),
        super::COMMAND_LINE_WORKS
    )]
    NoneAnswers(Vec<Tried>),
}

/// A display server the environment names (`variable`=`value`) that did not answer.
#[derive(Debug, thiserror::Error)]
#[error("{variable}={value:?}: {why}")]
pub struct Tried {
    pub variable: &'static str,
    pub value: String,
    pub why: NoServer,
}

/// Why a display server named did not answer.
#[derive(Debug, thiserror::Error)]
pub enum NoServer {
    /// A Wayland display named without the folder its socket is in.
    #[error("XDG_RUNTIME_DIR, where its socket would be, is not set")]
    NoRuntimeDir,
    /// Nothing answers at the socket.
    #[error("{}: {error}", path.display())]
    Socket {
        path: PathBuf,
        #[source]
        error: std::io::Error,
    },
    /// `DISPLAY` is not `[host]:number`.
    #[error("not a display name (expected [host]:number, like :0)")]
    NotADisplayName,
    /// The host of `DISPLAY` is not found.
    #[error("{host}: {error}")]
    Resolve {
        host: String,
        #[source]
        error: std::io::Error,
    },
    /// The host of `DISPLAY` has no address.
    #[error("{host} has no address")]
    NoAddress { host: String },
    /// No X server answers on the host's port.
    #[error("{host}:{port}: {error}")]
    Tcp {
        host: String,
        port: u16,
        #[source]
        error: std::io::Error,
    },
}

fn tried_words(tried: &[Tried]) -> String {
    let words: Vec<String> = tried.iter().map(|t| t.to_string()).collect();
    words.join("; ")
}
