//! The binary run as a child process, as a user would run it, and measured: its exit code,
//! its output, its peak resident memory and its wall time; and whether processes it
//! started are still alive after it.
#![allow(dead_code)]

use std::ffi::{OsStr, OsString};
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a finished child did: exit code (`None` when killed), output, peak resident size
/// and wall time.
pub struct Ran {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub peak_kib: u64,
    pub elapsed: Duration,
}

pub const BIN: &str = env!("CARGO_BIN_EXE_mars-attacks");

/// What the binary says when a command that opens a window finds no display: with the
/// desktop table (the `gui` feature) that a graphical session is needed; a build without
/// it says it has no table, display or not.
pub const NO_WINDOW: &str = if cfg!(feature = "gui") {
    "needs a graphical session"
} else {
    "this build has no desktop table"
};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch directory of this test's own under `suite`, emptied first.
pub fn scratch(suite: &str, name: &str) -> PathBuf {
    crate::common::scratch_dir(&format!("{suite}/{name}"))
}

/// The child's peak resident size so far, in KiB (`VmHWM` of /proc/PID/status: the high
/// water mark of the program's own memory since its exec, so nothing of the test
/// process that started it counts), or `None` once it has exited.
fn peak_so_far(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Whether the child has exited (without reaping it).
fn has_exited(pid: u32) -> bool {
    // SAFETY: a zeroed siginfo_t is valid; WNOWAIT leaves the child to be reaped later.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let r = unsafe {
        libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        )
    };
    r == 0 && unsafe { info.si_pid() } == pid as libc::pid_t
}

/// Whether process `pid` is alive (a zombie is not: it has ended).
pub fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command name in parentheses.
        Ok(stat) => stat
            .rfind(')')
            .and_then(|i| stat[i + 1..].split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X"),
        Err(_) => false,
    }
}

/// The process ids a bot fixture wrote into `dir` (one `PID.pid` file each).
pub fn pids_in(dir: &Path) -> Vec<u32> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| {
                let name = e.ok()?.file_name().to_string_lossy().into_owned();
                name.strip_suffix(".pid")?.parse().ok()
            })
            .collect()
        })
        .unwrap_or_default()
}

/// Whether process `pid` is alive and still one the bot fixtures start (a Python bot of
/// tests/fixtures/bots or the `sleep` child it leaves behind): on a busy machine an ended
/// fixture's process id can be taken by an unrelated process, which is neither a leak nor
/// anything a test may kill.
pub fn fixture_alive(pid: u32) -> bool {
    let Ok(cmdline) = std::fs::read(format!("/proc/{pid}/cmdline")) else {
        return false;
    };
    let args: Vec<String> = cmdline
        .split(|b| *b == 0)
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    let fixture = args.iter().any(|a| a.contains("fixtures/bots/"))
        || (args
            .first()
            .is_some_and(|a| a == "sleep" || a.ends_with("/sleep"))
            && args.get(1).is_some_and(|a| a == "600"));
    fixture && alive(pid)
}

/// Kills whichever of `pids` is still alive as a fixture's process (after a failed test)
/// and says which were.
pub fn survivors(pids: &[u32]) -> Vec<u32> {
    let alive: Vec<u32> = pids.iter().copied().filter(|p| fixture_alive(*p)).collect();
    for p in &alive {
        // SAFETY: signals a process this test's fixtures started.
        unsafe {
            libc::kill(*p as libc::pid_t, libc::SIGKILL);
        }
    }
    alive
}

/// A run of the binary being set up.
pub struct Run {
    args: Vec<OsString>,
    envs: Vec<(String, Option<String>)>,
    kill_after: Option<Duration>,
    open_files: Option<u64>,
    input: Option<Vec<u8>>,
}

impl Run {
    pub fn new<S: AsRef<OsStr>>(args: &[S]) -> Run {
        Run {
            args: args.iter().map(|a| a.as_ref().to_owned()).collect(),
            envs: Vec::new(),
            kill_after: None,
            open_files: None,
            input: None,
        }
    }

    /// Writes `input` to the child's standard input, then closes it (else it reads
    /// nothing).
    pub fn stdin(mut self, input: impl Into<Vec<u8>>) -> Run {
        self.input = Some(input.into());
        self
    }

    /// Sets (`Some`) or removes (`None`) an environment variable.
    pub fn env(mut self, key: &str, value: Option<&str>) -> Run {
        self.envs.push((key.into(), value.map(String::from)));
        self
    }

    /// Kills the child if it runs longer.
    pub fn kill_after(mut self, after: Duration) -> Run {
        self.kill_after = Some(after);
        self
    }

    /// Runs the child with at most this many open file descriptors.
    pub fn open_files(mut self, n: u64) -> Run {
        self.open_files = Some(n);
        self
    }

    /// Runs it from the repository's folder, measuring it.
    pub fn run(self) -> Ran {
        let mut cmd = Command::new(BIN);
        cmd.args(&self.args)
            .current_dir(root())
            .stdin(if self.input.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (k, v) in &self.envs {
            match v {
                Some(v) => cmd.env(k, v),
                None => cmd.env_remove(k),
            };
        }
        if let Some(n) = self.open_files {
            // SAFETY: setrlimit is async-signal-safe and changes only the child.
            unsafe {
                cmd.pre_exec(move || {
                    let lim = libc::rlimit {
                        rlim_cur: n,
                        rlim_max: n,
                    };
                    if libc::setrlimit(libc::RLIMIT_NOFILE, &lim) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
        let start = Instant::now();
        let mut child = cmd.spawn().expect("the binary runs");
        if let (Some(input), Some(mut stdin)) = (self.input, child.stdin.take()) {
            std::thread::spawn(move || {
                use std::io::Write;
                // A child that stops reading early closes the pipe: nothing to report.
                let _ = stdin.write_all(&input);
            });
        }
        let out = child.stdout.take().unwrap();
        let err = child.stderr.take().unwrap();
        // Read the pipes as the child writes, so it never blocks on a full pipe; keep at
        // most the first MiB of each.
        let keep = |mut from: Box<dyn Read + Send>| {
            std::thread::spawn(move || {
                let mut s = Vec::new();
                let mut buf = [0u8; 1 << 16];
                while let Ok(n) = from.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    if s.len() < 1 << 20 {
                        s.extend_from_slice(&buf[..n]);
                    }
                }
                String::from_utf8_lossy(&s).into_owned()
            })
        };
        let out_reader = keep(Box::new(out));
        let err_reader = keep(Box::new(err));
        // Watch the child's high water mark until it ends (or is killed): it only grows,
        // so the last reading is the peak, short of the last millisecond.
        let pid = child.id();
        let deadline = self.kill_after.map(|after| Instant::now() + after);
        let mut peak_kib = 0;
        while !has_exited(pid) {
            if let Some(kib) = peak_so_far(pid) {
                peak_kib = peak_kib.max(kib);
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                let _ = child.kill();
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        let status = child.wait().expect("the child is reaped");
        Ran {
            code: status.code(),
            stdout: out_reader.join().unwrap(),
            stderr: err_reader.join().unwrap(),
            peak_kib,
            elapsed: start.elapsed(),
        }
    }
}

/// Runs the binary with `args` and measures it.
pub fn run<S: AsRef<OsStr>>(args: &[S]) -> Ran {
    Run::new(args).run()
}

pub fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}
