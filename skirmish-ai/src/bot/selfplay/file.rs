//! A self-play file: what a run played and its games, written a game at a time.
//!
//! Layout (numbers little-endian):
//!
//! * 8 bytes `MASELF` and the format's version (`\0\x01`);
//! * the header: a `u32` length and that many bytes of JSON ([`Header`]: the run's seed,
//!   player, exploration, games, shard, scenarios by file and fingerprint, the search's
//!   fingerprint);
//! * then each game: a `u32` length, the CRC-32 of the bytes that follow, and the game
//!   compressed with DEFLATE. The game is its number, scenario index, ending, decisions,
//!   Rounds and positions; each position its decision number, side, value, the action
//!   played, the snapshot and the visits of each root action (actions as their text).
//!
//! A game is appended whole when it ends, so an interruption leaves at most a record cut
//! short at the end, which [`scan`] reports and a resumed run cuts off. Reading trusts
//! nothing: lengths are capped, text must be an action, a CRC that does not match is an
//! error naming the record.

use std::fs::File;
use std::io::{BufReader, Read, Write};
use std::path::Path;

use flate2::Compression;
use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use serde::{Deserialize, Serialize};

use super::{Ending, Position, SelfPlayGame, Visits};
use rules::{Action, Side};

/// The first bytes of a self-play file: `MASELF` and the format's version.
pub const MAGIC: &[u8; 8] = b"MASELF\x00\x01";

/// The longest header read, in bytes.
const MAX_HEADER: u32 = 1 << 20;

/// The longest game record read, in compressed bytes (a game of the guard's length with
/// every position kept is far less).
pub const MAX_RECORD: u32 = 64 << 20;

/// The most a game record is read out to, uncompressed.
const MAX_GAME: u64 = 256 << 20;

/// A scenario of the run, as the header names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeaderScenario {
    pub name: String,
    pub file: String,
    pub fingerprint: String,
}

/// What a run plays: a file resumed must be of the same run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub seed: u64,
    pub player: String,
    pub explore: f64,
    /// Games on each scenario.
    pub games: u32,
    /// The part of the run this file holds (`K/N`).
    pub shard: String,
    pub scenarios: Vec<HeaderScenario>,
    /// The fingerprint of the search that played (`bot::spec::search_fingerprint`).
    pub search: String,
}

impl Header {
    /// Is `other` the same run (the scenarios by fingerprint, wherever their files are)?
    pub fn same_run(&self, other: &Header) -> bool {
        let prints = |h: &Header| -> Vec<String> {
            h.scenarios.iter().map(|s| s.fingerprint.clone()).collect()
        };
        self.seed == other.seed
            && self.player == other.player
            && self.explore == other.explore
            && self.games == other.games
            && self.shard == other.shard
            && prints(self) == prints(other)
            && self.search == other.search
    }
}

pub use super::error::{HeaderDamage, ReadError, RecordDamage};

/// What a reading found besides the games.
#[derive(Clone, Debug, PartialEq)]
pub struct Scanned {
    pub header: Header,
    /// Whole game records read.
    pub games: u64,
    /// The length of the file up to the end of its last whole record.
    pub complete_len: u64,
    /// Whether a record was cut short at the end (an interrupted run).
    pub torn: bool,
}

/// Writes the file's magic and header.
pub fn write_header(out: &mut impl Write, header: &Header) -> std::io::Result<()> {
    let json = serde_json::to_vec(header).map_err(std::io::Error::other)?;
    out.write_all(MAGIC)?;
    out.write_all(&(json.len() as u32).to_le_bytes())?;
    out.write_all(&json)
}

/// The bytes of one game record: length, CRC and the compressed game.
pub fn record_bytes(game: &SelfPlayGame) -> Vec<u8> {
    let mut raw = Vec::with_capacity(4096 + game.positions.len() * 512);
    put_game(&mut raw, game);
    let mut z = DeflateEncoder::new(Vec::with_capacity(raw.len() / 4), Compression::new(6));
    // Writing to memory cannot fail.
    let _ = z.write_all(&raw);
    let data = z.finish().unwrap_or_default();
    let mut crc = flate2::Crc::new();
    crc.update(&data);
    let mut out = Vec::with_capacity(data.len() + 8);
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out.extend_from_slice(&crc.sum().to_le_bytes());
    out.extend_from_slice(&data);
    out
}

fn put_text(out: &mut Vec<u8>, text: &str) {
    let bytes = &text.as_bytes()[..text.len().min(255)];
    out.push(bytes.len() as u8);
    out.extend_from_slice(bytes);
}

fn put_game(out: &mut Vec<u8>, g: &SelfPlayGame) {
    out.extend_from_slice(&g.number.to_le_bytes());
    out.push(g.scenario);
    out.push(match g.ending {
        Ending::Won(Side::Humans) => 0,
        Ending::Won(Side::Martians) => 1,
        Ending::Draw => 2,
        Ending::Runaway => 3,
    });
    out.extend_from_slice(&g.decisions.to_le_bytes());
    out.extend_from_slice(&g.rounds.to_le_bytes());
    out.extend_from_slice(&(g.positions.len() as u32).to_le_bytes());
    for p in &g.positions {
        out.extend_from_slice(&p.decision.to_le_bytes());
        out.push(p.side.index() as u8);
        out.extend_from_slice(&p.value.to_le_bytes());
        put_text(out, &p.played.to_string());
        out.extend_from_slice(&(p.snapshot.len() as u32).to_le_bytes());
        out.extend_from_slice(&p.snapshot);
        out.extend_from_slice(&(p.visits.len() as u16).to_le_bytes());
        for v in &p.visits {
            put_text(out, &v.action.to_string());
            out.extend_from_slice(&v.visits.to_le_bytes());
        }
    }
}

/// Bytes being read back, every length checked.
struct Bytes<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], RecordDamage> {
        if self.b.len() - self.at < n {
            return Err(RecordDamage::Short(n - (self.b.len() - self.at)));
        }
        let s = &self.b[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, RecordDamage> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16, RecordDamage> {
        Ok(u16::from_le_bytes(
            self.take(2)?.try_into().unwrap_or_default(),
        ))
    }
    fn u32(&mut self) -> Result<u32, RecordDamage> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().unwrap_or_default(),
        ))
    }
    fn u64(&mut self) -> Result<u64, RecordDamage> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().unwrap_or_default(),
        ))
    }
    fn f32(&mut self) -> Result<f32, RecordDamage> {
        Ok(f32::from_le_bytes(
            self.take(4)?.try_into().unwrap_or_default(),
        ))
    }
    fn action(&mut self) -> Result<Action, RecordDamage> {
        let n = usize::from(self.u8()?);
        let text = std::str::from_utf8(self.take(n)?)?;
        text.parse::<Action>()
            .map_err(|why| RecordDamage::NotAnAction {
                text: text.to_string(),
                why,
            })
    }
}

fn get_game(raw: &[u8]) -> Result<SelfPlayGame, RecordDamage> {
    let mut r = Bytes { b: raw, at: 0 };
    let number = r.u64()?;
    let scenario = r.u8()?;
    let ending = match r.u8()? {
        0 => Ending::Won(Side::Humans),
        1 => Ending::Won(Side::Martians),
        2 => Ending::Draw,
        3 => Ending::Runaway,
        b => return Err(RecordDamage::Ending(b)),
    };
    let decisions = r.u32()?;
    let rounds = r.u16()?;
    let n = r.u32()?;
    if n > decisions {
        return Err(RecordDamage::Positions {
            positions: n,
            decisions,
        });
    }
    let mut positions = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let decision = r.u32()?;
        let side = match r.u8()? {
            0 => Side::Humans,
            1 => Side::Martians,
            b => return Err(RecordDamage::Side(b)),
        };
        let value = r.f32()?;
        let played = r.action()?;
        let len = r.u32()? as usize;
        let snapshot = r.take(len)?.to_vec();
        let k = r.u16()?;
        let mut visits = Vec::with_capacity(usize::from(k));
        for _ in 0..k {
            let action = r.action()?;
            visits.push(Visits {
                action,
                visits: r.u32()?,
            });
        }
        positions.push(Position {
            decision,
            side,
            snapshot,
            value,
            visits,
            played,
        });
    }
    if r.at != raw.len() {
        return Err(RecordDamage::Trailing(raw.len() - r.at));
    }
    Ok(SelfPlayGame {
        number,
        scenario,
        ending,
        decisions,
        rounds,
        positions,
    })
}

/// Reads the self-play file at `path` a game at a time, handing each to `each`; stops
/// early when `each` returns false. A record cut short at the end is reported, not an
/// error; a damaged one is.
pub fn scan(path: &Path, mut each: impl FnMut(SelfPlayGame) -> bool) -> Result<Scanned, ReadError> {
    let file = path.to_path_buf();
    let io = |e: String| ReadError::Io {
        file: file.clone(),
        why: e,
    };
    let f: File = file_check::read_file::open_input(path).map_err(|e| io(e.to_string()))?;
    let mut r = BufReader::with_capacity(1 << 16, f);
    let mut magic = [0u8; 8];
    if r.read_exact(&mut magic).is_err() || &magic != MAGIC {
        return Err(ReadError::NotSelfPlay { file });
    }
    let mut len = [0u8; 4];
    r.read_exact(&mut len)
        .map_err(|_| ReadError::NotSelfPlay { file: file.clone() })?;
    let n = u32::from_le_bytes(len);
    if n > MAX_HEADER {
        return Err(ReadError::Header {
            file,
            why: HeaderDamage::TooLong(n),
        });
    }
    let mut json = vec![0u8; n as usize];
    r.read_exact(&mut json).map_err(|e| io(e.to_string()))?;
    let header: Header = serde_json::from_slice(&json).map_err(|e| ReadError::Header {
        file: file.clone(),
        why: HeaderDamage::Json(e.to_string()),
    })?;
    let mut at = 12 + u64::from(n);
    let mut games = 0u64;
    let mut torn = false;
    loop {
        let mut head = [0u8; 8];
        match read_full(&mut r, &mut head).map_err(|e| io(e.to_string()))? {
            0 => break,
            8 => {}
            _ => {
                torn = true;
                break;
            }
        }
        let len = u32::from_le_bytes(head[..4].try_into().unwrap_or_default());
        let crc = u32::from_le_bytes(head[4..].try_into().unwrap_or_default());
        let damaged = |why: RecordDamage| ReadError::Damaged {
            file: file.clone(),
            index: games,
            at,
            why: Box::new(why),
        };
        if len > MAX_RECORD {
            return Err(damaged(RecordDamage::TooLong(len)));
        }
        let mut data = vec![0u8; len as usize];
        if read_full(&mut r, &mut data).map_err(|e| io(e.to_string()))? < data.len() {
            torn = true;
            break;
        }
        let mut sum = flate2::Crc::new();
        sum.update(&data);
        if sum.sum() != crc {
            return Err(damaged(RecordDamage::Crc));
        }
        let mut raw = Vec::new();
        DeflateDecoder::new(&data[..])
            .take(MAX_GAME)
            .read_to_end(&mut raw)
            .map_err(|e| damaged(RecordDamage::Inflate(e.to_string())))?;
        let game = get_game(&raw).map_err(damaged)?;
        at += 8 + u64::from(len);
        games += 1;
        if !each(game) {
            break;
        }
    }
    Ok(Scanned {
        header,
        games,
        complete_len: at,
        torn,
    })
}

/// Reads until `buf` is full or the input ends; how many bytes were read.
fn read_full(r: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> SelfPlayGame {
        SelfPlayGame {
            number: 7,
            scenario: 2,
            ending: Ending::Won(Side::Martians),
            decisions: 40,
            rounds: 5,
            positions: vec![Position {
                decision: 3,
                side: Side::Humans,
                snapshot: vec![1, 2, 3, 0, 0, 0],
                value: 0.625,
                visits: vec![
                    Visits {
                        action: "move c4".parse().unwrap(),
                        visits: 90,
                    },
                    Visits {
                        action: "activate m2".parse().unwrap(),
                        visits: 10,
                    },
                ],
                played: "move c4".parse().unwrap(),
            }],
        }
    }

    fn header() -> Header {
        Header {
            seed: 1,
            player: "mcts:200".into(),
            explore: 0.25,
            games: 10,
            shard: "1/1".into(),
            scenarios: Vec::new(),
            search: "x".into(),
        }
    }

    #[test]
    fn a_file_reads_back_game_for_game_and_a_cut_record_is_told_apart() {
        let dir =
            std::env::temp_dir().join(format!("mars-attacks-selfplay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.selfplay");
        let mut bytes = Vec::new();
        write_header(&mut bytes, &header()).unwrap();
        let one = record_bytes(&game());
        bytes.extend_from_slice(&one);
        bytes.extend_from_slice(&one);
        std::fs::write(&path, &bytes).unwrap();
        let mut seen = Vec::new();
        let s = scan(&path, |g| {
            seen.push(g);
            true
        })
        .unwrap();
        assert_eq!(seen, [game(), game()]);
        assert_eq!(
            (s.games, s.torn, s.complete_len),
            (2, false, bytes.len() as u64)
        );
        assert_eq!(s.header, header());
        // Cut in the middle of the second record: the first is whole.
        std::fs::write(&path, &bytes[..bytes.len() - 5]).unwrap();
        let s = scan(&path, |_| true).unwrap();
        assert_eq!((s.games, s.torn), (1, true));
        assert_eq!(s.complete_len, (bytes.len() - one.len()) as u64);
        // A flipped byte in the compressed data: the CRC names the record.
        let mut bad = bytes.clone();
        let last = bad.len() - 3;
        bad[last] ^= 0x40;
        std::fs::write(&path, &bad).unwrap();
        let e = scan(&path, |_| true).unwrap_err();
        assert!(e.to_string().contains("game record 1"), "{e}");
        std::fs::write(&path, b"not a self-play file").unwrap();
        assert!(matches!(
            scan(&path, |_| true),
            Err(ReadError::NotSelfPlay { .. })
        ));
    }
}
