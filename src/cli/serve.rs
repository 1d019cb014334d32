//! `mars-attacks serve [--load FILE [--seed N]]`: the rules as a forward model for bots,
//! one JSON request a line on standard input, one JSON answer a line on standard output
//! ([`crate::serve`], docs/bot-protocol.md). With `--load`, a scenario file (a new game from
//! `--seed`) or a saved game is the position `main` before the first request.

use std::io::BufRead;
use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use super::{CliError, Io};
use crate::serve::Server;

/// The longest request line read, in bytes (a `load` with the static game's sight table
/// is about 30 KB).
pub const MAX_REQUEST: usize = 16 << 20;

/// Arguments of `serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// A scenario file (a new game, set up from --seed) or a saved game (at its end) to
    /// load as the position `main` before the first request.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// The seed a scenario loaded with --load is set up from.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
}

/// Answers requests from standard input until it ends.
pub fn run(args: ServeArgs, io: &mut Io<'_>) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    serve_lines(args, &mut stdin.lock(), io)
}

/// Answers the requests of `input`, one a line, on `io.out`, each answer flushed at once.
pub fn serve_lines(
    args: ServeArgs,
    input: &mut dyn BufRead,
    io: &mut Io<'_>,
) -> Result<(), CliError> {
    let mut server = Server::new();
    if let Some(path) = &args.load {
        let key = match path.extension().and_then(|e| e.to_str()) {
            Some("toml") => "scenario",
            _ => "save",
        };
        let request = json!({
            "type": "load",
            key: path.display().to_string(),
            "seed": args.seed,
        });
        // Not a line of the input: the lines are numbered from the first one read.
        let answer = server.answer_line_at(0, &request.to_string());
        let v: serde_json::Value = serde_json::from_str(&answer).unwrap_or_default();
        if v["type"] == "error" {
            // The file is there (the command line's files are checked first), so it is an
            // invalid input file.
            writeln!(
                io.err,
                "error: --load {}: {}",
                path.display(),
                v["error"].as_str().unwrap_or("it does not load")
            )?;
            return Err(CliError::Invalid);
        }
        writeln!(io.out, "{answer}")?;
        io.out.flush()?;
    }
    let mut line = Vec::new();
    // Every line of the input counts, blank and skipped ones too: an error's `line` is
    // the line of the input it answers.
    let mut number = 0u64;
    loop {
        line.clear();
        let read = read_line(input, &mut line)?;
        if read == Read::End {
            return Ok(());
        }
        number += 1;
        let answer = match (read, std::str::from_utf8(&line)) {
            (Read::TooLong, _) => server.refuse_line_at(
                number,
                &format!("the request is longer than {MAX_REQUEST} bytes; it was skipped"),
            ),
            (_, Err(e)) => server.refuse_line_at(
                number,
                &format!("the request is not UTF-8 (byte {})", e.valid_up_to() + 1),
            ),
            (_, Ok(text)) => {
                let text = text.trim();
                if text.is_empty() {
                    continue;
                }
                server.answer_line_at(number, text)
            }
        };
        writeln!(io.out, "{answer}")?;
        io.out.flush()?;
    }
}

/// How reading a line ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Read {
    Line,
    /// Longer than [`MAX_REQUEST`]: the rest of it was read and dropped.
    TooLong,
    End,
}

/// Reads one line (without its newline) into `out`, keeping at most [`MAX_REQUEST`]
/// bytes of it.
fn read_line(input: &mut dyn BufRead, out: &mut Vec<u8>) -> Result<Read, CliError> {
    let mut any = false;
    let mut too_long = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(match (any, too_long) {
                (false, _) => Read::End,
                (true, true) => Read::TooLong,
                (true, false) => Read::Line,
            });
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|b| *b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if out.len() + chunk.len() > MAX_REQUEST {
            too_long = true;
            out.clear();
        } else if !too_long {
            out.extend_from_slice(chunk);
        }
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            return Ok(if too_long { Read::TooLong } else { Read::Line });
        }
    }
}
