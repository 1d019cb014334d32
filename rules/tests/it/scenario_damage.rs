//! Scenario files that are too big, badly encoded, truncated or damaged at random: each
//! fails cleanly with its reasons, never a panic.

use crate::common;

use common::TempDir;
use std::path::Path;

use rules::map::WallKind;
use rules::scenario_file::{
    Diagnostic, Loaded, MAX_DIAGNOSTICS, MAX_FILE_BYTES, Severity, load_scenario, parse_scenario,
};
use rules::{Bitboard, Edge, Side};

use crate::common::scenario_files::*;

// ----- size, encoding and damage ------------------------------------------------------

#[test]
fn a_50_mb_file_is_refused_before_it_is_read() {
    use std::io::Write;
    let dir = TempDir::new("scenarios-big");
    let path = dir.0.join("huge.toml");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    f.write_all(BASE.as_bytes()).unwrap();
    let line = format!("# {}\n", "x".repeat(1021));
    let total = 50 * 1024 * 1024;
    let mut written = BASE.len();
    while written < total {
        f.write_all(line.as_bytes()).unwrap();
        written += line.len();
    }
    f.flush().unwrap();
    drop(f);
    let size = std::fs::metadata(&path).unwrap().len();
    assert!(size >= total as u64);

    let started = std::time::Instant::now();
    let d = load_scenario(&path).unwrap_err();
    assert!(
        started.elapsed().as_secs() < 2,
        "refused without reading it"
    );
    assert_eq!(d.len(), 1, "{}", show(&d));
    assert_eq!((d[0].line, d[0].column), (1, 1));
    assert_eq!(
        d[0].message,
        format!("the file is {size} bytes; a scenario file may be at most 1048576 bytes (1 MiB)")
    );
    // The same guard on text handed over directly.
    let text = format!("{BASE}#{}\n", "x".repeat(MAX_FILE_BYTES as usize));
    let d = fails(&text);
    assert_eq!(d.len(), 1);
    assert!(
        d[0].message
            .contains("a scenario file may be at most 1048576 bytes")
    );
}

#[test]
fn a_file_of_exactly_the_limit_loads() {
    let mut text = BASE.to_string();
    while text.len() + 81 <= MAX_FILE_BYTES as usize {
        text.push_str(&format!("# {}\n", "x".repeat(78)));
    }
    text.push_str(&"#".repeat(MAX_FILE_BYTES as usize - text.len()));
    assert_eq!(text.len() as u64, MAX_FILE_BYTES);
    loads(&text);
    let dir = TempDir::new("scenarios-limit");
    let path = dir.0.join("limit.toml");
    std::fs::write(&path, &text).unwrap();
    load_scenario(&path).unwrap();
    text.push('#');
    std::fs::write(&path, &text).unwrap();
    let d = load_scenario(&path).unwrap_err();
    assert!(d[0].message.contains("1048577 bytes"), "{}", show(&d));
}

#[test]
fn files_that_cannot_be_read_say_why() {
    let dir = TempDir::new("scenarios-unreadable");
    let d = load_scenario(&dir.0.join("nope.toml")).unwrap_err();
    assert_eq!(d.len(), 1);
    assert!(
        d[0].message.starts_with("cannot read the scenario file:"),
        "{}",
        show(&d)
    );
    let d = load_scenario(&dir.0).unwrap_err();
    assert!(d[0].message.contains("is a directory"), "{}", show(&d));

    let path = dir.0.join("latin1.toml");
    std::fs::write(&path, b"name = \"Caf\xe9\"\nfirst_turn = \"humans\"\n").unwrap();
    let d = load_scenario(&path).unwrap_err();
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].line, d[0].column), (1, 12));
    assert!(
        d[0].message.contains("not UTF-8 text: byte 0xe9"),
        "{}",
        show(&d)
    );
    assert!(d[0].file.ends_with("latin1.toml"));
}

#[test]
fn deeply_nested_values_are_refused_without_overflowing_the_stack() {
    for depth in [100, 10_000, 100_000] {
        for (open, close) in [("[", "]"), ("{ a = ", " }")] {
            let text = base_with(
                "walls = [{ edge = \"c3 north\", kind = \"high\" }]",
                &format!("walls = {}1{}", open.repeat(depth), close.repeat(depth)),
            );
            let d = fails(&text);
            assert_eq!(d.len(), 1, "{}", show(&d));
            assert!(
                d[0].message.starts_with("TOML syntax error"),
                "{}",
                show(&d)
            );
        }
    }
    // Within the parser's limit, the nesting is read and found to be the wrong shape.
    let text = base_with(
        "walls = [{ edge = \"c3 north\", kind = \"high\" }]",
        &format!("walls = [{}1{}]", "[".repeat(60), "]".repeat(60)),
    );
    let d = fails(&text);
    assert_error(&d, "map.walls[0]: expected a table, found an array");
}

#[test]
fn a_flood_of_problems_is_cut_short() {
    let mut walls = String::from("walls = [\n");
    for _ in 0..20_000 {
        walls.push_str("  { edge = \"i9 north\", kind = \"high\" },\n");
    }
    walls.push(']');
    let text = base_with("walls = [{ edge = \"c3 north\", kind = \"high\" }]", &walls);
    assert!(text.len() < MAX_FILE_BYTES as usize);
    let started = std::time::Instant::now();
    let d = fails(&text);
    assert!(started.elapsed().as_secs() < 5);
    assert_eq!(d.len(), MAX_DIAGNOSTICS + 1);
    assert_eq!(
        d.last().unwrap().message,
        format!(
            "... and 19900 more problems not shown (19900 errors, 0 warnings; only the first \
             {MAX_DIAGNOSTICS} are listed)"
        )
    );
    assert_eq!((d[0].line, d[0].column), (6, 12));
}

/// xorshift64*: a small seeded generator, so the damage below is the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Whatever happened, the report is well formed.
fn check_report(text: &str, result: Result<Loaded, Vec<Diagnostic>>) -> bool {
    let lines = text.split('\n').count();
    let diags = match &result {
        Ok(l) => &l.warnings,
        Err(d) => {
            assert!(
                d.iter().any(|d| d.severity == Severity::Error),
                "{}",
                show(d)
            );
            d
        }
    };
    assert!(diags.len() <= MAX_DIAGNOSTICS + 1);
    for d in diags {
        assert!(d.line >= 1 && d.line <= lines, "{d} (of {lines} lines)");
        assert!(d.column >= 1, "{d}");
        assert!(!d.message.is_empty());
    }
    result.is_err()
}

#[test]
fn every_truncation_of_the_real_scenario_fails_cleanly() {
    let text = std::fs::read_to_string(root().join(WHOS_THERE)).unwrap();
    let mut failed = 0;
    let mut cuts = 0;
    for (i, _) in text.char_indices() {
        let cut = &text[..i];
        cuts += 1;
        if check_report(cut, parse_scenario("cut.toml", cut)) {
            failed += 1;
        }
    }
    // Only cuts near the end (in the optional [counters] table) can still load.
    assert!(failed > cuts * 9 / 10, "{failed} of {cuts} cuts failed");
    assert!(!check_report(&text, parse_scenario("whole.toml", &text)));
}

#[test]
fn random_damage_to_the_real_scenario_never_panics() {
    let text = std::fs::read_to_string(root().join(WHOS_THERE)).unwrap();
    let palette = b"[]{}=\"'#\n ,.-_0123456789abcdehijklmnorstuvwxyz\\\t\r\x00\xff\xe2";
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let mut failed = 0;
    let rounds = 3000;
    for _ in 0..rounds {
        let mut bytes = text.as_bytes().to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len());
            match rng.below(5) {
                0 => bytes[at] = palette[rng.below(palette.len())],
                1 => bytes[at] = rng.next() as u8,
                2 => {
                    bytes.remove(at);
                }
                3 => bytes.insert(at, palette[rng.below(palette.len())]),
                _ => {
                    let len = rng.below(40).min(bytes.len() - at);
                    let chunk: Vec<u8> = bytes[at..at + len].to_vec();
                    let to = rng.below(bytes.len());
                    bytes.splice(to..to, chunk);
                }
            }
        }
        let damaged = String::from_utf8_lossy(&bytes);
        if check_report(&damaged, parse_scenario("damaged.toml", &damaged)) {
            failed += 1;
        }
    }
    assert!(
        failed > rounds / 3,
        "only {failed} of {rounds} damaged files failed"
    );
}

#[test]
fn damaged_files_on_disk_fail_cleanly() {
    // Through load_scenario too, with bytes that are not UTF-8.
    let text = std::fs::read(root().join(WHOS_THERE)).unwrap();
    let dir = TempDir::new("scenarios-damaged");
    let path = dir.0.join("damaged.toml");
    let mut rng = Rng(42);
    for _ in 0..200 {
        let mut bytes = text.clone();
        for _ in 0..3 {
            let at = rng.below(bytes.len());
            bytes[at] = rng.next() as u8;
        }
        std::fs::write(&path, &bytes).unwrap();
        let shown = String::from_utf8_lossy(&bytes).into_owned();
        check_report(&shown, load_scenario(&path));
    }
}

#[test]
fn odd_but_valid_toml_shapes_are_accepted() {
    // Array-of-tables walls, dotted keys, literal strings, upper-case squares.
    let text = r#"name = 'Shapes'
first_turn = "martians"
map.blockers = ['H5']

[[map.walls]]
edge = "C3 North"
kind = "LOW"

[[map.walls]]
edge = "  d3-d5   east "
kind = "high"

[humans]
models = [{ profile = "soldier", start = "enter" }]
entry.edge = "s"
[martians]
models = [{ profile = "martian", count = 1, start = "deploy" }]
deployment = ["H8-A7"]
"#;
    let d = fails(text);
    // Edge names are words: the one-letter forms are not accepted.
    assert_error(&d, "humans.entry.edge: \"s\" is not a board edge");
    let s = loads(&text.replace("entry.edge = \"s\"", "entry.edge = \"south\"")).scenario;
    assert_eq!(s.map.walls().pieces().len(), 4);
    assert_eq!(
        s.map.walls().get(sq("c3"), Edge::North),
        Some(WallKind::Low)
    );
    assert_eq!(s.map.blockers(), Bitboard::single(sq("h5")));
    assert_eq!(
        s.sides[Side::Martians].deployment,
        Bitboard::rect(0, 7, 6, 7)
    );
    assert_eq!(s.deploy_order, vec![Side::Martians]);
}

#[test]
fn loading_twice_gives_the_same_scenario() {
    let a = load(WHOS_THERE).unwrap().scenario;
    let b = load(WHOS_THERE).unwrap().scenario;
    assert_eq!(a.models, b.models);
    assert_eq!(a.map.walls(), b.map.walls());
    assert_eq!(a.profiles, b.profiles);
    assert!(Path::new(&root().join(WHOS_THERE)).exists());
}
