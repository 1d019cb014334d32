//! Fingerprints: short, stable hashes that say whether two things are the same, for
//! results that record what they were measured on (a scenario file, the search's settings)
//! and for seeds derived from names.

/// The fingerprint of a scenario file that results record: 16 hex digits of [`fnv1a`]
/// over what decides its games, the file read as TOML without its briefing
/// (`description`) and written back in one form, so that editing the briefing's prose, a
/// comment or the layout does not date what was measured on the file (the games are the
/// same: their seeds come from the scenario's name). Anything else changed, the name
/// included, changes it. Bytes that are not a TOML document are fingerprinted as they
/// are.
pub fn scenario_fingerprint(bytes: &[u8]) -> String {
    let rules = std::str::from_utf8(bytes)
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
        .map(|mut table| {
            table.remove("description");
            table.to_string()
        });
    bytes_fingerprint(rules.as_deref().map_or(bytes, str::as_bytes))
}

/// 16 hex digits of the [`fnv1a`] of `bytes`.
pub fn bytes_fingerprint(bytes: &[u8]) -> String {
    format!("{:016x}", fnv1a(bytes))
}

/// The 64-bit FNV-1a hash: stable across platforms and versions, for fingerprints and
/// seed derivation.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_the_reference_values() {
        // Published test vectors of 64-bit FNV-1a.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    /// What decides a scenario's games dates its measurements; its briefing, comments and
    /// layout do not.
    #[test]
    fn a_scenario_is_fingerprinted_by_what_decides_its_games() {
        let base = "# A comment\nname = \"Yard\"\ndescription = \"Hold the yard.\"\nvp_target = 5\n\n[map]\nwalls = []\n";
        let fp = scenario_fingerprint(base.as_bytes());
        for same in [
            base.replace("Hold the yard.", "Hold the yard until the bombers come."),
            base.replace("# A comment\n", ""),
            base.replace("vp_target = 5", "vp_target   =   5  # first to five"),
            base.replace("description = \"Hold the yard.\"\n", ""),
        ] {
            assert_eq!(scenario_fingerprint(same.as_bytes()), fp, "{same}");
        }
        for other in [
            base.replace("vp_target = 5", "vp_target = 6"),
            base.replace("Yard", "Yard 2"),
            base.replace("walls = []", "walls = []\nblockers = []"),
        ] {
            assert_ne!(scenario_fingerprint(other.as_bytes()), fp, "{other}");
        }
        // Not TOML: its bytes.
        let odd = [0xff, 0xfe, b'=', 0x00];
        assert_eq!(scenario_fingerprint(&odd), bytes_fingerprint(&odd));
        assert_eq!(
            scenario_fingerprint(b"name ="),
            bytes_fingerprint(b"name =")
        );
    }
}
