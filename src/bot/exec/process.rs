//! A bot program as a child process: lines written to its standard input, lines read
//! from its standard output against a deadline, the last lines of its standard error kept
//! for the record. Dropping it stops the program.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::ExecBot;

/// The longest line a bot may write, in bytes.
pub const MAX_LINE: usize = 1 << 20;
/// How many lines of the bot's standard error are kept.
pub const STDERR_LINES: usize = 10;
/// The longest standard error line kept, in characters.
const STDERR_WIDTH: usize = 300;

/// Why a bot gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoAnswer {
    /// It ran past its time limit (and was stopped).
    Timeout(Duration),
    /// Its output closed: it exited or crashed.
    Closed,
    /// It wrote a line longer than [`MAX_LINE`] or not in UTF-8.
    BadLine(String),
}

/// A running bot program.
pub struct BotProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, String>>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The thread keeping [`BotProcess::stderr_tail`]; it ends when the program's standard
    /// error closes.
    stderr_reader: Option<JoinHandle<()>>,
}

/// How long [`BotProcess::stderr_tail`] waits for the last lines of a stopped program (a
/// child of the bot may keep its standard error open).
const STDERR_WAIT: Duration = Duration::from_millis(500);

impl BotProcess {
    /// Starts `bot`, or says why it cannot be started.
    pub fn spawn(bot: &ExecBot) -> Result<BotProcess, String> {
        let (program, args) = bot.command.split_first().ok_or("the command is empty")?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &bot.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd.spawn().map_err(|e| {
            let place = bot
                .dir
                .as_ref()
                .map(|d| format!(" in {}", d.display()))
                .unwrap_or_default();
            format!("cannot start `{}`{place}: {e}", bot.command.join(" "))
        })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or("no standard output")?;
        let stderr_pipe = child.stderr.take().ok_or("no standard error")?;
        let (tx, lines) = mpsc::channel();
        std::thread::Builder::new()
            .name("bot-stdout".into())
            .spawn(move || read_lines(stdout, tx))
            .map_err(|e| format!("cannot start a thread to read the bot: {e}"))?;
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = stderr.clone();
        let stderr_reader = std::thread::Builder::new()
            .name("bot-stderr".into())
            .spawn(move || keep_tail(stderr_pipe, tail))
            .map_err(|e| format!("cannot start a thread to read the bot: {e}"))?;
        Ok(BotProcess {
            child,
            stdin,
            lines,
            stderr,
            stderr_reader: Some(stderr_reader),
        })
    }

    /// Writes one line (a newline is added).
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("its input is closed")?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("cannot write to it: {e} (it has probably exited)"))
    }

    /// The next line it writes within `limit`; past it, the program is stopped.
    pub fn receive(&mut self, limit: Duration) -> Result<String, NoAnswer> {
        let start = Instant::now();
        match self.lines.recv_timeout(limit) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(why)) => Err(NoAnswer::BadLine(why)),
            Err(RecvTimeoutError::Timeout) => {
                self.stop();
                Err(NoAnswer::Timeout(start.elapsed()))
            }
            Err(RecvTimeoutError::Disconnected) => Err(NoAnswer::Closed),
        }
    }

    /// The last lines it wrote to its standard error. Stopped first, so that every line it
    /// wrote is in: the reader is waited for until the pipe closes (at most
    /// [`STDERR_WAIT`]).
    pub fn stderr_tail(&mut self) -> Vec<String> {
        self.stop();
        if let Some(reader) = self.stderr_reader.take() {
            let until = Instant::now() + STDERR_WAIT;
            while !reader.is_finished() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        self.stderr
            .lock()
            .map(|t| t.iter().cloned().collect())
            .unwrap_or_default()
    }

    /// Closes its input and gives it `grace` to exit, then stops it.
    pub fn finish(&mut self, grace: Duration) {
        self.stdin = None;
        let until = Instant::now() + grace;
        while Instant::now() < until {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.stop();
    }

    /// Stops it now.
    pub fn stop(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Sends each line of `from` (without its newline) until it closes or a line is bad.
fn read_lines(from: impl Read, tx: mpsc::Sender<Result<String, String>>) {
    let mut r = BufReader::new(from);
    loop {
        let mut buf = Vec::new();
        match r
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if buf.len() > MAX_LINE {
            let _ = tx.send(Err(format!("it wrote a line longer than {MAX_LINE} bytes")));
            return;
        }
        while buf.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
            buf.pop();
        }
        let line =
            String::from_utf8(buf).map_err(|_| "it wrote a line that is not UTF-8".to_string());
        let bad = line.is_err();
        if tx.send(line).is_err() || bad {
            return;
        }
    }
}

/// Keeps the last [`STDERR_LINES`] lines of `from`, each cut to a readable width.
fn keep_tail(from: impl Read, tail: Arc<Mutex<VecDeque<String>>>) {
    let r = BufReader::new(from);
    for line in r.split(b'\n') {
        let Ok(line) = line else { return };
        let text: String = String::from_utf8_lossy(&line)
            .chars()
            .filter(|c| !c.is_control() || *c == '\t')
            .take(STDERR_WIDTH)
            .collect();
        let Ok(mut t) = tail.lock() else { return };
        if t.len() == STDERR_LINES {
            t.pop_front();
        }
        t.push_back(text);
    }
}
