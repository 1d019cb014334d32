//! Whether a window can be opened, asked before one is: on Linux and the BSDs a display
//! server must be named by the environment (X11's `DISPLAY`, Wayland's `WAYLAND_DISPLAY`)
//! and answer at the socket it names. The table checks this before it starts anything,
//! programs playing a side included, and says in words what is missing instead of the
//! windowing library's error.

use std::net::{TcpStream, ToSocketAddrs};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::time::Duration;

pub use super::display_error::{NoDisplay, NoServer, Tried};

/// How long a display server on another host has to accept a connection.
const TCP_WAIT: Duration = Duration::from_secs(2);

/// Ok when a window can be opened; else what is missing, as a whole sentence.
pub fn check() -> Result<(), NoDisplay> {
    if !cfg!(any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "openbsd",
        target_os = "netbsd",
        target_os = "dragonfly"
    )) {
        return Ok(());
    }
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    // A socket handed over by the compositor: nothing to look up.
    if var("WAYLAND_SOCKET").is_some() {
        return Ok(());
    }
    let mut tried = Vec::new();
    if let Some(name) = var("WAYLAND_DISPLAY") {
        match wayland_answers(&name) {
            Ok(()) => return Ok(()),
            Err(why) => tried.push(Tried {
                variable: "WAYLAND_DISPLAY",
                value: name,
                why,
            }),
        }
    }
    if let Some(display) = var("DISPLAY") {
        match x11_answers(&display) {
            Ok(()) => return Ok(()),
            Err(why) => tried.push(Tried {
                variable: "DISPLAY",
                value: display,
                why,
            }),
        }
    }
    if tried.is_empty() {
        return Err(NoDisplay::NoneNamed);
    }
    Err(NoDisplay::NoneAnswers(tried))
}

fn wayland_answers(name: &str) -> Result<(), NoServer> {
    let path = if name.starts_with('/') {
        PathBuf::from(name)
    } else {
        let dir = std::env::var_os("XDG_RUNTIME_DIR")
            .filter(|d| !d.is_empty())
            .ok_or(NoServer::NoRuntimeDir)?;
        PathBuf::from(dir).join(name)
    };
    UnixStream::connect(&path)
        .map(drop)
        .map_err(|error| NoServer::Socket { path, error })
}

/// `[host]:display[.screen]`: a local socket when the host is empty or `unix` (or a
/// path), else TCP port 6000 + display on the host.
fn x11_answers(display: &str) -> Result<(), NoServer> {
    let bad = || NoServer::NotADisplayName;
    let (host, rest) = display.rsplit_once(':').ok_or_else(bad)?;
    let number: u16 = rest
        .split('.')
        .next()
        .and_then(|n| n.parse().ok())
        .filter(|n| *n < 1000)
        .ok_or_else(bad)?;
    if host.starts_with('/') {
        // A socket path given whole (some systems' launchers write these).
        let path = format!("{host}:{number}");
        return UnixStream::connect(&path)
            .map(drop)
            .map_err(|error| NoServer::Socket {
                path: path.into(),
                error,
            });
    }
    if host.is_empty() || host == "unix" {
        let path = format!("/tmp/.X11-unix/X{number}");
        return match UnixStream::connect(&path) {
            Ok(_) => Ok(()),
            Err(_) if abstract_socket_answers(&path) => Ok(()),
            Err(error) => Err(NoServer::Socket {
                path: path.into(),
                error,
            }),
        };
    }
    let port = 6000 + number;
    let addrs: Vec<_> = (host, port)
        .to_socket_addrs()
        .map_err(|error| NoServer::Resolve {
            host: host.to_string(),
            error,
        })?
        .collect();
    let mut last = NoServer::NoAddress {
        host: host.to_string(),
    };
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, TCP_WAIT) {
            Ok(_) => return Ok(()),
            Err(error) => {
                last = NoServer::Tcp {
                    host: host.to_string(),
                    port,
                    error,
                }
            }
        }
    }
    Err(last)
}

/// Linux X servers also listen on an abstract socket of the same name.
#[cfg(target_os = "linux")]
fn abstract_socket_answers(path: &str) -> bool {
    use std::os::linux::net::SocketAddrExt;
    std::os::unix::net::SocketAddr::from_abstract_name(path.as_bytes())
        .and_then(|addr| UnixStream::connect_addr(&addr))
        .is_ok()
}

#[cfg(not(target_os = "linux"))]
fn abstract_socket_answers(_path: &str) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_display_nobody_serves_is_named_with_what_was_tried() {
        let e = x11_answers(":987").unwrap_err().to_string();
        assert!(e.contains("/tmp/.X11-unix/X987"), "{e}");
        assert!(
            x11_answers("nonsense")
                .unwrap_err()
                .to_string()
                .contains("not a display name")
        );
        assert!(
            x11_answers(":x")
                .unwrap_err()
                .to_string()
                .contains("not a display name")
        );
    }
}
