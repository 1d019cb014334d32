//! The snapshot a version 2 bot may ask for in each decision (`"snapshot": true` in its
//! hello answer): the position as its side sees it ([`GameState::snapshot`]), as base64
//! text a bot hands back to `mars-attacks serve` unread. It holds nothing the side may
//! not see: the other hand is only a size, dealt afresh when `serve` loads it.

use std::sync::Arc;

use rand::RngCore;

use rules::scenario::Scenario;
use rules::state::SnapshotError;
use rules::{GameState, Side};

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why snapshot text does not load: not base64, or not a position of the scenario.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadSnapshotError {
    /// Character `number` (from 1) is not one of base64's.
    #[error("the snapshot is not base64: character {number} is `{}`", .found.escape_debug())]
    NotBase64 { number: usize, found: char },
    /// The bytes are not a snapshot of the scenario's.
    #[error(transparent)]
    Snapshot(#[from] SnapshotError),
}

/// The snapshot of `g` for `side`, as base64 text.
pub fn snapshot_of(g: &GameState, side: Side) -> String {
    base64(&g.snapshot(side))
}

/// The position a snapshot holds, in a game of `scenario`, the other hand dealt from
/// `rng`, and the side it is for.
pub fn load_snapshot<R: RngCore + ?Sized>(
    scenario: Arc<Scenario>,
    text: &str,
    rng: &mut R,
) -> Result<(GameState, Side), LoadSnapshotError> {
    let bytes = unbase64(text)?;
    Ok(GameState::from_snapshot(scenario, &bytes, rng)?)
}

/// Standard base64 with padding.
pub fn base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The bytes of standard base64 text (padding optional), or where it is not base64.
pub fn unbase64(text: &str) -> Result<Vec<u8>, LoadSnapshotError> {
    let text = text.trim_end_matches('=');
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for (i, c) in text.bytes().enumerate() {
        let v = ALPHABET
            .iter()
            .position(|a| *a == c)
            .ok_or(LoadSnapshotError::NotBase64 {
                number: i + 1,
                found: c as char,
            })?;
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_reads_back_what_it_writes() {
        assert_eq!(base64(b"Man"), "TWFu");
        assert_eq!(base64(b"Ma"), "TWE=");
        assert_eq!(base64(b"M"), "TQ==");
        for n in 0..40u8 {
            let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37)).collect();
            assert_eq!(unbase64(&base64(&bytes)).unwrap(), bytes);
        }
        assert!(
            unbase64("TW!u")
                .unwrap_err()
                .to_string()
                .contains("character 3")
        );
    }
}
