//! Who plays each side of a hosted game ([`SeatPlan`]), the join codes of its seats
//! ([`SeatCodes`]), and the seats file kept beside the save so that a host restarted from
//! it hands out the same codes ([`seats_file_path`]). The file is written once, before
//! the game starts, never half-written, and readable by its owner only: a code is the
//! key to a seat.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use rules::{BySide, Side};
use skirmish_ai::bot::PlayerSpec;

use crate::code::JoinCode;
use crate::protocol::{PROTOCOL_VERSION, Seat};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatPlan {
    /// A person, at a table that joins with the seat's code: a remote one, or the host's
    /// own (a table on this machine joins over loopback like any other).
    Person,
    /// The AI, as a player spec the host's person chose (a client never picks one).
    Ai(PlayerSpec),
}

/// The join codes of a game: one for each side a person plays, one for spectators.
#[derive(Clone, Copy, Debug)]
pub struct SeatCodes {
    pub humans: Option<JoinCode>,
    pub martians: Option<JoinCode>,
    pub spectator: JoinCode,
}

impl SeatCodes {
    /// The code of `seat`, if it has one (a side the AI plays has none).
    pub fn of(&self, seat: Seat) -> Option<JoinCode> {
        match seat {
            Seat::Humans => self.humans,
            Seat::Martians => self.martians,
            Seat::Spectator => Some(self.spectator),
        }
    }

    /// The code of `side`'s seat, if a person plays it.
    pub fn of_side(&self, side: Side) -> Option<JoinCode> {
        self.of(Seat::of(side))
    }

    /// The seat whose code `code` is. Every code is compared, in constant time, whichever
    /// matches.
    pub fn seat_of(&self, code: &JoinCode) -> Option<Seat> {
        let mut found = None;
        for seat in Seat::ALL {
            let hit = self.of(seat).is_some_and(|c| c.matches(code));
            if hit && found.is_none() {
                found = Some(seat);
            }
        }
        found
    }

    /// The sides a person plays.
    pub fn people(&self) -> BySide<bool> {
        BySide::new(self.humans.is_some(), self.martians.is_some())
    }
}

/// The seats file of the game saved at `save`: `SAVE.seats.json` beside it.
pub fn seats_file_path(save: &Path) -> PathBuf {
    let mut p = save.as_os_str().to_owned();
    p.push(".seats.json");
    PathBuf::from(p)
}

/// The seats file's text.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatsFile {
    protocol: u32,
    humans: Option<JoinCode>,
    martians: Option<JoinCode>,
    spectator: JoinCode,
}

/// Why a seats file cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum SeatsFileError {
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} is not a seats file of this version: {source}", path.display())]
    NotSeats {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// The largest seats file read (a few hundred bytes are written).
const MAX_SEATS_FILE_BYTES: u64 = 64 * 1024;

/// Writes the codes to `path`: to a file beside it first, readable by its owner only,
/// which then takes its place.
pub(crate) fn write_seats_file(path: &Path, codes: &SeatCodes) -> Result<(), SeatsFileError> {
    let file = SeatsFile {
        protocol: PROTOCOL_VERSION,
        humans: codes.humans,
        martians: codes.martians,
        spectator: codes.spectator,
    };
    let text = serde_json::to_string_pretty(&file).unwrap_or_default() + "\n";
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".saving");
    let tmp = PathBuf::from(tmp);
    let write = |source| SeatsFileError::Write {
        path: path.to_path_buf(),
        source,
    };
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let result = options.open(&tmp).and_then(|mut f| {
        use std::io::Write;
        f.write_all(text.as_bytes())?;
        f.sync_all()
    });
    result
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            write(e)
        })
}

/// The codes of the seats file at `path`.
pub(crate) fn read_seats_file(path: &Path) -> Result<SeatCodes, SeatsFileError> {
    use std::io::Read;
    let read = |source| SeatsFileError::Read {
        path: path.to_path_buf(),
        source,
    };
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_SEATS_FILE_BYTES).read_to_string(&mut text))
        .map_err(read)?;
    let file: SeatsFile =
        serde_json::from_str(&text).map_err(|source| SeatsFileError::NotSeats {
            path: path.to_path_buf(),
            source,
        })?;
    Ok(SeatCodes {
        humans: file.humans,
        martians: file.martians,
        spectator: file.spectator,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::CodeSource;

    #[test]
    fn the_seats_file_reads_back_the_codes_it_was_written_with() {
        let dir = std::env::temp_dir().join(format!("ma-net-seats-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = seats_file_path(&dir.join("game.json"));
        assert!(path.ends_with("game.json.seats.json"));
        let c = CodeSource::Seeded(3).codes(2).unwrap();
        let codes = SeatCodes {
            humans: Some(c[0]),
            martians: None,
            spectator: c[1],
        };
        write_seats_file(&path, &codes).unwrap();
        let back = read_seats_file(&path).unwrap();
        assert_eq!(back.seat_of(&c[0]), Some(Seat::Humans));
        assert_eq!(back.seat_of(&c[1]), Some(Seat::Spectator));
        assert!(back.martians.is_none());
        assert_eq!(back.people(), BySide::new(true, false));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "only its owner reads it");
        }
        std::fs::write(&path, "{}").unwrap();
        let e = read_seats_file(&path).unwrap_err();
        assert!(e.to_string().contains("not a seats file"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
