//! A bot program as a child process, in a process group of its own.
//!
//! Every exchange with it runs under one deadline: the message written to its standard
//! input and the line read back from its standard output. Its pipes are non-blocking and
//! waited on with `poll`, on the thread that plays, so no thread is left behind and a
//! program that stops reading can hold the engine no longer than its limit.
//!
//! Nothing is read from its output between exchanges: a program that writes without
//! being asked fills its pipe (the kernel's 64 KiB) and waits there, and its next
//! exchange fails with what it wrote. Its standard error is drained during exchanges into
//! the last [`STDERR_LINES`] lines, each kept to [`STDERR_WIDTH`] characters as it is read,
//! however long the line it writes.
//!
//! Ending the program ends its whole process group, so children it started (and that
//! kept its pipes open) do not outlive it; a program that moves its children into
//! sessions of their own must end them itself.

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use ai::Forfeit;

use super::ExecBot;

/// The longest line a bot may write, in bytes.
pub const MAX_LINE: usize = 1 << 20;
/// How many lines of the bot's standard error are kept.
pub const STDERR_LINES: usize = 10;
/// The longest standard error line kept, in characters; the rest of a longer line is
/// read and dropped.
pub const STDERR_WIDTH: usize = 300;

/// Why an exchange with a bot failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoAnswer {
    /// It gave no whole line within its time limit (and was stopped).
    Timeout(Duration),
    /// It did not read the message within its time limit: its input stayed full (it was
    /// stopped).
    NotReading(Duration),
    /// It exited (with this status, when known) or closed its output before answering.
    Closed(Option<String>),
    /// It wrote a line longer than [`MAX_LINE`] or not in UTF-8.
    BadLine(String),
    /// It wrote this before the message was sent: a bot writes only its answers.
    Unasked(String),
}

/// The last lines of a program's standard error, each kept to [`STDERR_WIDTH`]
/// characters whatever it writes.
#[derive(Default)]
struct StderrTail {
    lines: VecDeque<String>,
    /// The line being written, its bytes up to a cap.
    current: Vec<u8>,
}

impl StderrTail {
    /// At most this many bytes of a line are kept (four bytes a character at most).
    const LINE_BYTES: usize = STDERR_WIDTH * 4;

    fn feed(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let (part, rest, ended) = match bytes.iter().position(|b| *b == b'\n') {
                Some(i) => (&bytes[..i], &bytes[i + 1..], true),
                None => (bytes, &[][..], false),
            };
            let room = Self::LINE_BYTES.saturating_sub(self.current.len());
            self.current
                .extend_from_slice(&part[..part.len().min(room)]);
            if ended {
                let line = std::mem::take(&mut self.current);
                self.push(line);
            }
            bytes = rest;
        }
    }

    fn push(&mut self, line: Vec<u8>) {
        if self.lines.len() == STDERR_LINES {
            self.lines.pop_front();
        }
        self.lines.push_back(readable(&line));
    }

    /// The kept lines, the unfinished one last.
    fn lines(&self) -> Vec<String> {
        let mut out: Vec<String> = self.lines.iter().cloned().collect();
        if !self.current.is_empty() {
            if out.len() == STDERR_LINES {
                out.remove(0);
            }
            out.push(readable(&self.current));
        }
        out
    }
}

/// A line of standard error as text to show: control characters left out, cut to
/// [`STDERR_WIDTH`] characters.
fn readable(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .chars()
        .filter(|c| !c.is_control() || *c == '\t')
        .take(STDERR_WIDTH)
        .collect()
}

/// A running bot program.
pub struct BotProcess {
    child: Child,
    /// Set once the child has been reaped: its process group may no longer be signalled.
    reaped: bool,
    stdin: Option<ChildStdin>,
    stdout: Option<ChildStdout>,
    stderr: Option<ChildStderr>,
    /// Output read and not yet taken as a line (at most [`MAX_LINE`] and one read more).
    pending: Vec<u8>,
    tail: StderrTail,
}

/// How long [`BotProcess::stderr_tail`] waits for the last lines of a stopped program (a
/// process that left its group may keep its standard error open).
const STDERR_WAIT: Duration = Duration::from_millis(500);

/// The longest single wait on the pipes: how soon a program that exited is noticed
/// while one of its children still holds its output.
const POLL_SLICE: Duration = Duration::from_millis(20);

/// How long an exited program's output is still read for a last answer.
const LAST_WORDS: Duration = Duration::from_millis(100);

/// Bytes read from a pipe at a time.
const CHUNK: usize = 64 << 10;

impl BotProcess {
    /// Starts `bot` in a process group of its own, or says why it cannot be started.
    pub fn spawn(bot: &ExecBot) -> Result<BotProcess, Forfeit> {
        let (program, args) = bot.command.split_first().ok_or("the command is empty")?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        die_with_the_engine(&mut cmd);
        if let Some(dir) = &bot.dir {
            cmd.current_dir(dir);
        }
        let cannot = |e: &dyn std::fmt::Display| {
            let place = bot
                .dir
                .as_ref()
                .map(|d| format!(" in {}", d.display()))
                .unwrap_or_default();
            Forfeit::not_started(format!(
                "cannot start `{}`{place}: {e}",
                bot.command.join(" ")
            ))
        };
        let mut child = cmd.spawn().map_err(|e| cannot(&e))?;
        if let Ok(mut groups) = running().lock() {
            groups.push(child.id());
        }
        let p = BotProcess {
            stdin: child.stdin.take(),
            stdout: child.stdout.take(),
            stderr: child.stderr.take(),
            child,
            reaped: false,
            pending: Vec::new(),
            tail: StderrTail::default(),
        };
        let fds = [
            p.stdin.as_ref().map(AsRawFd::as_raw_fd),
            p.stdout.as_ref().map(AsRawFd::as_raw_fd),
            p.stderr.as_ref().map(AsRawFd::as_raw_fd),
        ];
        for fd in fds {
            let fd = fd.ok_or_else(|| cannot(&"a pipe to it is missing"))?;
            set_nonblocking(fd).map_err(|e| cannot(&e))?;
        }
        Ok(p)
    }

    /// Whether the program is still running (a kept program is looked at before it is
    /// given a new game).
    pub fn is_running(&self) -> bool {
        !self.has_exited()
    }

    /// The program's process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Writes `line` (a newline is added) and reads the line it answers with, both
    /// within `limit`; past it, the program is stopped.
    pub fn exchange(&mut self, line: &str, limit: Duration) -> Result<String, NoAnswer> {
        let start = Instant::now();
        let deadline = start + limit;
        self.refuse_unasked()?;
        self.write_line(line, start, deadline)?;
        self.read_line(start, deadline)
    }

    /// Writes `line` (a newline is added), a message that needs no answer, within
    /// `limit`; past it, the program is stopped.
    pub fn tell(&mut self, line: &str, limit: Duration) -> Result<(), NoAnswer> {
        let start = Instant::now();
        self.write_line(line, start, start + limit)
    }

    /// Fails if the program wrote anything since its last answer.
    fn refuse_unasked(&mut self) -> Result<(), NoAnswer> {
        self.read_available(false);
        if self.pending.is_empty() {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&self.pending[..self.pending.len().min(200)])
            .escape_debug()
            .to_string();
        Err(NoAnswer::Unasked(text))
    }

    fn write_line(
        &mut self,
        line: &str,
        start: Instant,
        deadline: Instant,
    ) -> Result<(), NoAnswer> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        let mut written = 0;
        while written < bytes.len() {
            let stdin = self.stdin.as_mut().ok_or(NoAnswer::Closed(None))?;
            match stdin.write(&bytes[written..]) {
                Ok(0) => return Err(self.closed()),
                Ok(n) => {
                    written += n;
                    continue;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                // A broken pipe: it exited or closed its input.
                Err(_) => return Err(self.closed()),
            }
            if Instant::now() >= deadline {
                self.stop();
                return Err(NoAnswer::NotReading(start.elapsed()));
            }
            if self.has_exited() {
                return Err(self.closed());
            }
            self.wait_for_pipes(true, deadline);
            // Read what it writes meanwhile, so that neither side waits on the other.
            self.read_available(true);
            if self.pending.len() > MAX_LINE {
                return Err(self.bad_line());
            }
        }
        Ok(())
    }

    fn read_line(&mut self, start: Instant, deadline: Instant) -> Result<String, NoAnswer> {
        let mut exited_at: Option<Instant> = None;
        loop {
            if let Some(i) = self.pending.iter().position(|b| *b == b'\n') {
                let mut line: Vec<u8> = self.pending.drain(..=i).collect();
                line.pop();
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                if line.len() > MAX_LINE {
                    return Err(self.bad_line());
                }
                return String::from_utf8(line).map_err(|_| {
                    self.stop();
                    NoAnswer::BadLine("it wrote a line that is not UTF-8".into())
                });
            }
            if self.pending.len() > MAX_LINE {
                return Err(self.bad_line());
            }
            if self.stdout.is_none() {
                return Err(self.closed());
            }
            let now = Instant::now();
            if let Some(at) = exited_at {
                // It exited and its group is ended: its last words are read, briefly.
                if now >= at + LAST_WORDS {
                    return Err(self.closed());
                }
            } else if now >= deadline {
                self.stop();
                return Err(NoAnswer::Timeout(start.elapsed()));
            } else if self.has_exited() {
                // A child of it may hold its output open: the group goes with it.
                self.end_group();
                exited_at = Some(now);
            }
            let until = match exited_at {
                Some(at) => at + LAST_WORDS,
                None => deadline,
            };
            self.wait_for_pipes(false, until);
            self.read_available(true);
        }
    }

    /// Reads what its output and standard error hold now, without waiting; with `all`
    /// false, only its output. Output past [`MAX_LINE`] and one read is left in the pipe.
    fn read_available(&mut self, all: bool) {
        let mut chunk = vec![0u8; CHUNK];
        if let Some(out) = self.stdout.as_mut() {
            loop {
                if self.pending.len() > MAX_LINE || self.pending.contains(&b'\n') {
                    break;
                }
                match out.read(&mut chunk) {
                    Ok(0) => {
                        self.stdout = None;
                        break;
                    }
                    Ok(n) => self.pending.extend_from_slice(&chunk[..n]),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                    Err(_) => {
                        self.stdout = None;
                        break;
                    }
                }
            }
        }
        if all {
            self.drain_stderr();
        }
    }

    /// Reads what its standard error holds now, keeping the tail. A program writing
    /// faster than it is read is read for one pass of the pipe at most.
    fn drain_stderr(&mut self) {
        let Some(err) = self.stderr.as_mut() else {
            return;
        };
        let mut chunk = vec![0u8; CHUNK];
        for _ in 0..16 {
            match err.read(&mut chunk) {
                Ok(0) => {
                    self.stderr = None;
                    return;
                }
                Ok(n) => self.tail.feed(&chunk[..n]),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(_) => {
                    self.stderr = None;
                    return;
                }
            }
        }
    }

    /// Waits until a pipe is ready (its input for writing when `writing`, its output or
    /// standard error for reading), `until` passes, or [`POLL_SLICE`] does.
    fn wait_for_pipes(&self, writing: bool, until: Instant) {
        let fd = |p: Option<RawFd>| p.unwrap_or(-1);
        let mut fds = [
            libc::pollfd {
                fd: if writing {
                    fd(self.stdin.as_ref().map(AsRawFd::as_raw_fd))
                } else {
                    -1
                },
                events: libc::POLLOUT,
                revents: 0,
            },
            libc::pollfd {
                fd: fd(self.stdout.as_ref().map(AsRawFd::as_raw_fd)),
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: fd(self.stderr.as_ref().map(AsRawFd::as_raw_fd)),
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        let wait = until
            .saturating_duration_since(Instant::now())
            .min(POLL_SLICE);
        // Rounded up, so that a wait of less than a millisecond still waits.
        let ms = wait.as_micros().div_ceil(1000) as libc::c_int;
        // SAFETY: `fds` is a valid array of pollfd for its length; negative descriptors
        // are ignored by poll. An error (EINTR) is a wait cut short.
        unsafe {
            libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms);
        }
    }

    /// The failure of a program that closed its pipes: whether and how it exited, once
    /// it is stopped.
    fn closed(&mut self) -> NoAnswer {
        let deadline = Instant::now() + LAST_WORDS;
        while !self.has_exited() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(2));
        }
        let status = self.exit_status();
        self.stop();
        NoAnswer::Closed(status)
    }

    fn bad_line(&mut self) -> NoAnswer {
        self.stop();
        self.pending.clear();
        NoAnswer::BadLine(format!("it wrote a line longer than {MAX_LINE} bytes"))
    }

    /// Whether the program itself has exited (it is not reaped, so its process group
    /// stays its own until [`BotProcess::stop`]).
    fn has_exited(&self) -> bool {
        if self.reaped {
            return true;
        }
        let pid = self.child.id() as libc::id_t;
        // SAFETY: a zeroed siginfo_t is valid; WNOWAIT leaves the child to be reaped.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            )
        };
        // SAFETY: si_pid is set by waitid when it found a child.
        r == 0 && unsafe { info.si_pid() } != 0
    }

    /// How it exited, in words, if it has.
    fn exit_status(&mut self) -> Option<String> {
        if !self.has_exited() {
            return None;
        }
        self.end_group();
        let status = self.reap()?;
        Some(match (status.code(), status.signal()) {
            (Some(code), _) => format!("status {code}"),
            (None, Some(sig)) => format!("signal {sig}"),
            _ => status.to_string(),
        })
    }

    /// Kills every process of its group (the program is not reaped yet, so the group's
    /// number is still its own).
    fn end_group(&mut self) {
        if self.reaped {
            return;
        }
        let pgid = self.child.id() as libc::pid_t;
        // SAFETY: signals the process group the program leads; no memory is touched.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }

    /// The last lines it wrote to its standard error. Stopped first, so that every line it
    /// wrote is in: the pipe is read until it closes (at most [`STDERR_WAIT`]).
    pub fn stderr_tail(&mut self) -> Vec<String> {
        self.stop();
        let until = Instant::now() + STDERR_WAIT;
        while self.stderr.is_some() && Instant::now() < until {
            self.wait_for_pipes(false, until);
            self.drain_stderr();
        }
        self.stderr = None;
        self.tail.lines()
    }

    /// Closes its input and gives it `grace` to exit, then ends its group.
    pub fn finish(&mut self, grace: Duration) {
        self.stdin = None;
        let until = Instant::now() + grace;
        while !self.has_exited() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        self.stop();
    }

    /// Stops it and its group now, and closes its input.
    pub fn stop(&mut self) {
        self.stdin = None;
        if self.reaped {
            return;
        }
        self.end_group();
        let _ = self.child.kill();
        let _ = self.reap();
    }

    /// Waits for the ended program, after which its group's number is no longer its own;
    /// how it ended.
    fn reap(&mut self) -> Option<std::process::ExitStatus> {
        let status = self.child.wait().ok();
        self.reaped = true;
        let pid = self.child.id();
        if let Ok(mut groups) = running().lock() {
            groups.retain(|p| *p != pid);
        }
        status
    }
}

/// The process groups of the programs started and not yet reaped.
fn running() -> &'static Mutex<Vec<u32>> {
    static GROUPS: OnceLock<Mutex<Vec<u32>>> = OnceLock::new();
    GROUPS.get_or_init(|| Mutex::new(Vec::new()))
}

/// Ends every program still running and its group: called as the engine exits, so that
/// no bot outlives it, even one whose game a closing window left under way.
pub fn end_all() {
    let Ok(groups) = running().lock() else {
        return;
    };
    for pid in groups.iter() {
        // SAFETY: each is the group of a child not yet reaped, so still its own.
        unsafe {
            libc::kill(-(*pid as libc::pid_t), libc::SIGKILL);
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Has the program killed when the engine thread that started it ends without stopping it
/// (a crash, an interrupt): its own process group keeps the terminal's signals from it.
#[cfg(target_os = "linux")]
fn die_with_the_engine(cmd: &mut Command) {
    // SAFETY: prctl is async-signal-safe and changes only the new process.
    unsafe {
        cmd.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_the_engine(_cmd: &mut Command) {}

fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor this process owns; no memory is touched.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stderr_tail_keeps_the_last_lines_each_cut_to_its_width() {
        let mut t = StderrTail::default();
        for i in 0..15 {
            t.feed(format!("line {i}\n").as_bytes());
        }
        let lines = t.lines();
        assert_eq!(lines.len(), STDERR_LINES);
        assert_eq!(lines[0], "line 5");
        // A line with no end, written in many pieces: one line of the kept width.
        let mut t = StderrTail::default();
        for _ in 0..1000 {
            t.feed(&[b'x'; 4096]);
        }
        assert!(t.current.len() <= StderrTail::LINE_BYTES);
        assert_eq!(t.lines(), vec!["x".repeat(STDERR_WIDTH)]);
        // A character split between two reads is whole again.
        let mut t = StderrTail::default();
        let e = "é".as_bytes();
        t.feed(&e[..1]);
        t.feed(&e[1..]);
        t.feed(b"\n");
        assert_eq!(t.lines(), vec!["é".to_string()]);
    }

    #[test]
    fn a_start_failure_is_told_from_a_program_that_failed() {
        let bot = ExecBot::parse(":./no-such-program-here").unwrap();
        let e = BotProcess::spawn(&bot).err().expect("it does not start");
        assert!(e.is_start_failure(), "{e}");
        assert!(
            e.reason
                .starts_with("cannot start `./no-such-program-here`"),
            "{e}"
        );
    }
}
