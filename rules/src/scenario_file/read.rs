//! Stage 1: walking the parsed TOML document into a [`ScenarioFile`]: unknown and missing
//! keys, values of the wrong type or out of range, squares, zones and wall runs.

use std::sync::Arc;

use serde_spanned::Spanned;
use toml::de::{DeTable, DeValue};

use crate::bitboard::Bitboard;
use crate::profile::{Abilities, Ability, Profile};
use crate::scenario::{Start, VpAwards};
use crate::scenario_file::place_error::PlaceError;
use crate::scenario_file::raw::{
    CountersFile, EntryFile, Field, MapFile, ModelFile, ScenarioFile, SideFile, Sp, VpSpans,
    WallFile, ZoneFile,
};
use crate::scenario_file::values::{
    EDGE_WORDS, Fields, KIND_WORDS, STYLE, Tbl, Value, did_you_mean, quote, read_array, read_bool,
    read_edge_word, read_key_int, read_key_text, read_side_word, read_str, read_table, read_word,
    wrong_type,
};
use crate::scenario_file::victory::{read_ends_game, read_entry, read_hold_window};
use crate::schema::{self, scenario as keys};
use crate::square::{Edge, Side, Square, SquareError};
use file_check::Sink;
use file_check::table::KeyName;

pub(super) fn read(sink: &mut Sink, doc: &Spanned<DeTable>) -> ScenarioFile {
    let root = Tbl::root(doc, Some(&keys::ROOT), &STYLE);
    root.check_keys(sink);
    let name = Field::from_option(root.req(
        sink,
        &keys::NAME,
        "the scenario's title",
        |s, p, v| read_key_text(s, &p, v, &keys::NAME),
    ));
    let description = root.opt(sink, &keys::DESCRIPTION, |s, p, v| {
        read_key_text(s, &p, v, &keys::DESCRIPTION)
    });
    let first_turn = Field::from_option(root.req(
        sink,
        &keys::FIRST_TURN,
        "the side that takes the first Turn of Round 1: \"humans\" or \"martians\"",
        read_side_word,
    ));
    let vp_target = root.opt(sink, &keys::VP_TARGET, |s, p, v| {
        read_key_int(s, &p, v, &keys::VP_TARGET)
    });
    let round_limit = root.opt(sink, &keys::ROUND_LIMIT, |s, p, v| {
        read_key_int(s, &p, v, &keys::ROUND_LIMIT).map(|n| Sp {
            value: n,
            span: v.span(),
        })
    });
    let deploy_first = root.opt(sink, &keys::DEPLOY_FIRST, read_side_word);
    let map = Field::from_option(root.req(
        sink,
        &keys::MAP,
        "a [map] table with the walls and blockers",
        read_map,
    ));
    let mut profiles = Vec::new();
    let mut profiles_invalid = false;
    if let Some(v) = root.get(keys::PROFILES.name) {
        match read_table(sink, keys::PROFILES.name, v, None) {
            Some(t) => {
                for (key, value) in t.entries() {
                    match read_profile(sink, &t, key, value) {
                        Some(p) => profiles.push(p),
                        None => profiles_invalid = true,
                    }
                }
            }
            None => profiles_invalid = true,
        }
    }
    let sides = Side::BOTH.map(|side| {
        let (key, what) = match side {
            Side::Humans => (&keys::HUMANS, "a [humans] table with the Humans' models"),
            Side::Martians => (
                &keys::MARTIANS,
                "a [martians] table with the Martians' models",
            ),
        };
        Field::from_option(root.req(sink, key, what, |s, p, v| read_side(s, side, p, v)))
    });
    let counters = root.opt(sink, &keys::COUNTERS, read_counters);
    let deck = root.opt(sink, &keys::DECK, |s, p, v| {
        read_word(s, &p, v, "a deck", &[("core", true), ("none", false)]).map(|w| {
            if w.value {
                crate::cards::core_deck()
            } else {
                Arc::new(crate::cards::Deck::empty())
            }
        })
    });
    let hand_size = root.opt(sink, &keys::HAND_SIZE, |s, p, v| {
        read_key_int(s, &p, v, &keys::HAND_SIZE)
    });
    ScenarioFile {
        name,
        description,
        first_turn,
        vp_target,
        round_limit,
        deploy_first,
        map,
        profiles,
        profiles_invalid,
        sides,
        counters,
        deck,
        hand_size,
    }
}

pub(super) fn read_map(sink: &mut Sink, path: String, v: &Value) -> Option<MapFile> {
    let t = read_table(sink, &path, v, Some(&keys::MAP_TABLE))?;
    t.check_keys(sink);
    let walls = t.opt(sink, &keys::WALLS, |s, p, v| {
        let arr = read_array(s, &p, v)?;
        let mut walls = Vec::with_capacity(arr.len());
        for (i, w) in arr.iter().enumerate() {
            walls.push(read_wall(s, format!("{p}[{i}]"), w));
        }
        Some(walls)
    });
    let blockers = t.opt(sink, &keys::BLOCKERS, |s, p, v| read_zones(s, &p, v));
    Some(MapFile {
        span: t.span.clone(),
        walls,
        blockers,
    })
}

pub(super) fn read_wall(sink: &mut Sink, path: String, v: &Value) -> WallFile {
    let mut wall = WallFile {
        path: path.clone(),
        edge: None,
        pieces: None,
        kind: None,
    };
    if let Some(s) = v.get_ref().as_str() {
        // A common slip: `walls = ["c3 north"]`.
        sink.error(
            &v.span(),
            format!(
                "{path}: expected a table like {{ edge = {}, kind = \"high\" }}, found a string",
                quote(s)
            ),
        );
        return wall;
    }
    let Some(t) = read_table(sink, &path, v, Some(&keys::WALL)) else {
        return wall;
    };
    t.check_keys(sink);
    wall.edge = t.req(
        sink,
        &keys::WALL_EDGE,
        "which edge carries the wall, like \"c3 north\" or \"d3-f3 north\"",
        |s, p, v| read_str(s, &p, v),
    );
    if let Some(edge) = &wall.edge {
        match parse_wall_edge(&edge.value) {
            Ok(pieces) => wall.pieces = Some(pieces),
            Err(why) => sink.error(
                &edge.span,
                format!("{path}.edge: wall {}: {why}", quote(&edge.value)),
            ),
        }
    }
    wall.kind = t
        .req(sink, &keys::WALL_KIND, "\"high\" or \"low\"", |s, p, v| {
            read_word(s, &p, v, "a wall kind", KIND_WORDS)
        })
        .map(|k| k.value);
    wall
}

/// An array of squares or rectangles.
pub(super) fn read_zones(sink: &mut Sink, path: &str, v: &Value) -> Option<Vec<ZoneFile>> {
    let arr = read_array(sink, path, v)?;
    let mut out = Vec::with_capacity(arr.len());
    for (i, z) in arr.iter().enumerate() {
        let p = format!("{path}[{i}]");
        let Some(s) = read_str(sink, &p, z) else {
            continue;
        };
        let squares = match parse_zone(&s.value) {
            Ok(bb) => Some(bb),
            Err(why) => {
                sink.error(&s.span, format!("{p}: {}: {why}", quote(&s.value)));
                None
            }
        };
        out.push(ZoneFile {
            path: p,
            text: s.value,
            span: s.span,
            squares,
        });
    }
    Some(out)
}

/// `[profiles.<key>]` (or a top-level table of a profiles file): `None` when the key
/// itself is unusable, otherwise the key and the profile if its values are all good.
pub(super) fn read_profile(
    sink: &mut Sink,
    parent: &Tbl,
    key: &KeyName,
    v: &Value,
) -> Option<(Sp<String>, Option<Profile>)> {
    let k: &str = key.get_ref();
    let path = parent.key_path(k);
    let key_ok = !k.is_empty()
        && k.chars().count() <= keys::MAX_PROFILE_KEY_CHARS
        && k.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if !key_ok {
        sink.error(
            &key.span(),
            format!(
                "{path}: a profile key is 1 to {} lowercase letters, \
                 digits, '-' or '_'",
                keys::MAX_PROFILE_KEY_CHARS
            ),
        );
    }
    let t = read_table(sink, &path, v, Some(&keys::PROFILE))?;
    t.check_keys(sink);
    let name = t.opt(sink, &keys::PROFILE_NAME, |s, p, v| {
        read_key_text(s, &p, v, &keys::PROFILE_NAME)
    });
    let mut value = |key: &schema::Key, what: &str| {
        let (lo, hi) = key.int_range();
        let what = format!("{what}, {lo} to {hi}");
        t.req(sink, key, &what, |s, p, v| read_key_int(s, &p, v, key))
    };
    let shoot = value(&keys::SHOOT, "the Shoot value (4 means 4+)");
    let fight = value(&keys::FIGHT, "the Fight value");
    let survive = value(&keys::SURVIVE, "the Survive value");
    let range = value(&keys::RANGE, "the Range in squares");
    let abilities = t.opt(sink, &keys::ABILITIES, |s, p, v| {
        let arr = read_array(s, &p, v)?;
        let mut set = Abilities::NONE;
        let mut ok = true;
        for (i, a) in arr.iter().enumerate() {
            let ap = format!("{p}[{i}]");
            let Some(name) = read_str(s, &ap, a) else {
                ok = false;
                continue;
            };
            match Ability::from_name(&name.value) {
                Some(ab) if set.has(ab) => {
                    s.warn(&name.span, format!("{ap}: \"{ab}\" is listed twice"));
                }
                Some(ab) => set = set.with(ab),
                None => {
                    ok = false;
                    let known: Vec<&str> = Ability::ALL.iter().map(|a| a.name()).collect();
                    s.error(
                        &name.span,
                        format!(
                            "{ap}: unknown ability {}{}; the abilities are {}",
                            quote(&name.value),
                            did_you_mean(&name.value, known.iter().copied()),
                            known.join(", ")
                        ),
                    );
                }
            }
        }
        ok.then_some(set)
    });
    let key_sp = Sp {
        value: k.to_string(),
        span: key.span(),
    };
    let profile = match (key_ok, shoot, fight, survive, range, &name, &abilities) {
        (true, Some(shoot), Some(fight), Some(survive), Some(range), n, a)
            if !n.is_invalid() && !a.is_invalid() =>
        {
            Some(Profile {
                key: k.to_string(),
                name: n.given().cloned().unwrap_or_else(|| k.to_string()),
                shoot,
                fight,
                survive,
                range,
                abilities: a.given().copied().unwrap_or(Abilities::NONE),
            })
        }
        _ => None,
    };
    Some((key_sp, profile))
}

pub(super) fn read_side(sink: &mut Sink, side: Side, path: String, v: &Value) -> Option<SideFile> {
    let t = read_table(sink, &path, v, Some(&keys::SIDE))?;
    t.check_keys(sink);
    let models = Field::from_option(t.req(
        sink,
        &keys::MODELS,
        "an array like [{ profile = \"soldier\", count = 8, start = \"enter\" }]",
        |s, p, v| {
            let arr = read_array(s, &p, v)?;
            if arr.is_empty() {
                s.error(
                    &v.span(),
                    format!("{p}: a side needs at least one model (R25: a side with no model on the table has lost)"),
                );
                return None;
            }
            let models = arr
                .iter()
                .enumerate()
                .filter_map(|(i, m)| read_model(s, format!("{p}[{i}]"), m))
                .collect();
            Some(Sp {
                value: models,
                span: v.span(),
            })
        },
    ));
    let deployment = t.opt(sink, &keys::DEPLOYMENT, |s, p, v| {
        read_zones(s, &p, v).map(|z| Sp {
            value: z,
            span: v.span(),
        })
    });
    let entry = t.opt(sink, &keys::ENTRY, |s, p, v| {
        let read_one = |s: &mut Sink, p: String, v: &Value| read_entry(s, p, v);
        match v.get_ref() {
            DeValue::Array(items) => {
                if items.is_empty() {
                    s.error(
                        &v.span(),
                        format!(
                            "{p}: an empty array; give at least one entry, like \
                             [{{ edge = \"south\", round = 1 }}]"
                        ),
                    );
                    return None;
                }
                if items.len() as i64 > keys::MAX_WAVES {
                    s.error(
                        &v.span(),
                        format!(
                            "{p}: {} entries; a side may have at most {}",
                            items.len(),
                            keys::MAX_WAVES
                        ),
                    );
                    return None;
                }
                let all: Vec<EntryFile> = items
                    .iter()
                    .enumerate()
                    .filter_map(|(i, item)| read_one(s, format!("{p}[{i}]"), item))
                    .collect();
                // An entry with errors was reported; the waves' numbering would be off.
                (all.len() == items.len()).then_some(all)
            }
            DeValue::Table(_) => read_one(s, p, v).map(|e| vec![e]),
            _ => {
                wrong_type(s, &p, v, "an entry table or an array of them");
                None
            }
        }
    });
    let exit = t.opt(sink, &keys::EXIT, read_edge_word);
    let mut vp = VpAwards::default();
    let mut vp_spans = VpSpans::default();
    if let Some(v) = t.get(keys::VP.name)
        && let Some(vt) = read_table(sink, &t.key_path(keys::VP.name), v, Some(&keys::VP_TABLE))
    {
        vt.check_keys(sink);
        let mut award = |key: &schema::Key| {
            let span = vt.get(key.name).map(|v| v.span());
            let n = vt
                .opt(sink, key, |s, p, v| read_key_int(s, &p, v, key))
                .given()
                .copied()
                .unwrap_or(0);
            (n, span)
        };
        vp.shoot_kill = award(&keys::VP_SHOOT_KILL).0;
        vp.fight_kill = award(&keys::VP_FIGHT_KILL).0;
        (vp.counter, vp_spans.counter) = award(&keys::VP_COUNTER);
        vp.counters_free = award(&keys::VP_COUNTERS_FREE).0;
        (vp.exit, vp_spans.exit) = award(&keys::VP_EXIT);
        (vp.objective, vp_spans.objective) = award(&keys::VP_OBJECTIVE);
    }
    let vp_target = t.opt(sink, &keys::SIDE_VP_TARGET, |s, p, v| {
        read_key_int(s, &p, v, &keys::SIDE_VP_TARGET)
    });
    let mut hold = Vec::new();
    let mut hold_spans = Vec::new();
    let mut hold_keys = Vec::new();
    if let Some(v) = t.get(keys::HOLD.name) {
        let path = t.key_path(keys::HOLD.name);
        if let Some(arr) = read_array(sink, &path, v) {
            for (i, item) in arr.iter().enumerate() {
                let p = format!("{path}[{i}]");
                let Some(h) = read_table(sink, &p, item, Some(&keys::HOLD_TABLE)) else {
                    continue;
                };
                h.check_keys(sink);
                let zone = h.req(
                    sink,
                    &keys::HOLD_ZONE,
                    "the squares to hold, like \"d4-e5\"",
                    |s, p, v| {
                        let text = read_str(s, &p, v)?;
                        match parse_zone(&text.value) {
                            Ok(bb) => Some(bb),
                            Err(why) => {
                                s.error(&text.span, format!("{p}: {}: {why}", quote(&text.value)));
                                None
                            }
                        }
                    },
                );
                let vp = h
                    .opt(sink, &keys::HOLD_VP, |s, p, v| {
                        read_key_int(s, &p, v, &keys::HOLD_VP)
                    })
                    .given()
                    .copied()
                    .unwrap_or(1);
                let (window, spans) = read_hold_window(sink, &h);
                if let (Some(zone), Some(window)) = (zone, window) {
                    hold.push(crate::scenario::Hold { zone, vp, ..window });
                    hold_spans.push((p.clone(), h.span.clone()));
                    hold_keys.push(spans);
                }
            }
        }
    }
    let survive_to = t.opt(sink, &keys::SURVIVE_TO, |s, p, v| {
        read_key_int(s, &p, v, &keys::SURVIVE_TO).map(|n| Sp {
            value: n,
            span: v.span(),
        })
    });
    Some(SideFile {
        side,
        span: t.span.clone(),
        models,
        deployment,
        entry,
        exit,
        vp,
        vp_spans,
        vp_target,
        hold,
        hold_spans,
        hold_keys,
        survive_to,
    })
}

pub(super) const START_HINT: &str = "\"deploy\", \"enter\" or a square like \"c4\"";

pub(super) fn read_model(sink: &mut Sink, path: String, v: &Value) -> Option<ModelFile> {
    let t = read_table(sink, &path, v, Some(&keys::MODEL))?;
    t.check_keys(sink);
    let profile = t.req(
        sink,
        &keys::PROFILE_REF,
        "a profile key such as \"soldier\" or \"martian\"",
        |s, p, v| read_str(s, &p, v),
    );
    let count = t.opt(sink, &keys::COUNT, |s, p, v| {
        read_key_int(s, &p, v, &keys::COUNT)
    });
    let start = t.req(
        sink,
        &keys::START,
        &format!("where the models start: {START_HINT}"),
        |s, p, v| {
            let text = read_str(s, &p, v)?;
            match parse_start(&text.value) {
                Ok(start) => Some(Sp {
                    value: start,
                    span: text.span,
                }),
                Err(why) => {
                    s.error(&text.span, format!("{p}: {why}"));
                    None
                }
            }
        },
    );
    let vp_killed = t.opt(sink, &keys::MODEL_VP_KILLED, |s, p, v| {
        read_key_int(s, &p, v, &keys::MODEL_VP_KILLED)
    });
    let vp_exit = t.opt(sink, &keys::MODEL_VP_EXIT, |s, p, v| {
        read_key_int(s, &p, v, &keys::MODEL_VP_EXIT)
    });
    let wave = t.opt(sink, &keys::WAVE, |s, p, v| {
        read_key_int(s, &p, v, &keys::WAVE).map(|n| Sp {
            value: n,
            span: v.span(),
        })
    });
    let may_exit = t.opt(sink, &keys::MAY_EXIT, |s, p, v| read_bool(s, &p, v));
    let ends_game = t.opt(sink, &keys::ENDS_GAME, read_ends_game);
    Some(ModelFile {
        path,
        span: t.span.clone(),
        profile,
        count,
        start,
        vp_killed,
        vp_exit,
        wave,
        may_exit,
        ends_game,
    })
}

pub(super) fn read_counters(sink: &mut Sink, path: String, v: &Value) -> Option<CountersFile> {
    let t = read_table(sink, &path, v, Some(&keys::COUNTERS_TABLE))?;
    t.check_keys(sink);
    let critters = t.opt(sink, &keys::CRITTERS, |s, p, v| {
        read_key_int(s, &p, v, &keys::CRITTERS)
    });
    let secrets = t.opt(sink, &keys::SECRETS, |s, p, v| {
        read_key_int(s, &p, v, &keys::SECRETS)
    });
    let objectives = t.opt(sink, &keys::OBJECTIVES, |s, p, v| {
        read_key_int(s, &p, v, &keys::OBJECTIVES)
    });
    let placed = t.opt(sink, &keys::PLACED, |s, p, v| {
        read_key_int(s, &p, v, &keys::PLACED).map(|n| Sp {
            value: n,
            span: v.span(),
        })
    });
    let zone = t.opt(sink, &keys::COUNTER_ZONE, |s, p, v| {
        let zones = read_zones(s, &p, v)?;
        if zones.is_empty() {
            s.error(
                &v.span(),
                format!(
                    "{p}: give at least one zone, like [\"c3-f6\"], or leave the key out to \
                     place the counters anywhere"
                ),
            );
            return None;
        }
        Some(Sp {
            value: zones,
            span: v.span(),
        })
    });
    Some(CountersFile {
        span: t.span.clone(),
        critters,
        secrets,
        objectives,
        placed,
        zone,
    })
}

// ===== squares, zones, walls =============================================================

pub(super) fn square(s: &str) -> Result<Square, PlaceError> {
    s.parse::<Square>().map_err(|e| match e {
        SquareError::Malformed(_) => PlaceError::NotASquare(s.to_string()),
        other => PlaceError::OffBoard(other),
    })
}

/// `c4` or a rectangle `a7-h8` (corners in any order), as a set of squares.
pub(super) fn parse_zone(s: &str) -> Result<Bitboard, PlaceError> {
    let s = s.trim();
    // Other ways of writing a rectangle, answered with the one the format uses.
    for sep in [":", "..", " to ", "_", "/", " "] {
        if let Some((a, b)) = s.split_once(sep)
            && square(a.trim()).is_ok()
            && square(b.trim()).is_ok()
        {
            return Err(PlaceError::ZoneSeparator(
                a.trim().to_string(),
                b.trim().to_string(),
            ));
        }
    }
    let Some((a, b)) = s.split_once('-') else {
        return square(s).map(Bitboard::single);
    };
    let (a, b) = (square(a)?, square(b)?);
    Ok(Bitboard::rect(
        a.col().min(b.col()),
        a.col().max(b.col()),
        a.row().min(b.row()),
        a.row().max(b.row()),
    ))
}

/// `"c3 north"` (one piece) or a straight run `"d3-f3 north"` (one piece per square).
pub(super) fn parse_wall_edge(s: &str) -> Result<Vec<(Square, Edge)>, PlaceError> {
    let mut words = s.split_whitespace();
    let (Some(squares), Some(side), None) = (words.next(), words.next(), words.next()) else {
        return Err(PlaceError::WallShape);
    };
    let side = EDGE_WORDS
        .iter()
        .find(|(w, _)| *w == side.to_ascii_lowercase())
        .map(|(_, e)| *e)
        .ok_or_else(|| PlaceError::NotASide(side.to_string()))?;
    let (a, b) = match squares.split_once('-') {
        Some((a, b)) => (square(a)?, square(b)?),
        None => {
            let a = square(squares)?;
            (a, a)
        }
    };
    let along_row = a.row() == b.row() && a.col() != b.col();
    let along_col = a.col() == b.col() && a.row() != b.row();
    if a != b && !along_row && !along_col {
        return Err(PlaceError::Crooked(a, b));
    }
    if along_row && matches!(side, Edge::East | Edge::West) {
        return Err(PlaceError::RowRunSide {
            from: a,
            to: b,
            side,
        });
    }
    if along_col && matches!(side, Edge::North | Edge::South) {
        return Err(PlaceError::ColumnRunSide {
            from: a,
            to: b,
            side,
        });
    }
    let mut pieces = Vec::new();
    for row in a.row().min(b.row())..=a.row().max(b.row()) {
        for col in a.col().min(b.col())..=a.col().max(b.col()) {
            let Some(sq) = Square::new(col, row) else {
                continue;
            };
            if sq.step(side.dir()).is_none() {
                return Err(PlaceError::BoardEdge { square: sq, side });
            }
            pieces.push((sq, side));
        }
    }
    Ok(pieces)
}

pub(super) fn parse_start(s: &str) -> Result<Start, PlaceError> {
    let t = s.trim().to_ascii_lowercase();
    match t.as_str() {
        "deploy" => return Ok(Start::Deploy),
        "enter" => return Ok(Start::Enter),
        _ => {}
    }
    let looks_like_square = {
        let mut c = t.chars();
        c.next().is_some_and(|c| c.is_ascii_alphabetic())
            && !c.as_str().is_empty()
            && c.as_str().chars().all(|c| c.is_ascii_digit())
    };
    if looks_like_square {
        return square(&t).map(Start::At);
    }
    Err(PlaceError::NotAStart(s.to_string()))
}

/// The same edge, named from the square south or west of it.
pub(super) fn canonical(sq: Square, edge: Edge) -> Option<(Square, Edge)> {
    match edge {
        Edge::North | Edge::East => Some((sq, edge)),
        Edge::South => sq.step(Edge::South.dir()).map(|s| (s, Edge::North)),
        Edge::West => sq.step(Edge::West.dir()).map(|s| (s, Edge::East)),
    }
}

pub(super) fn edge_index(sq: Square, edge: Edge) -> usize {
    sq.index() * 2 + usize::from(edge == Edge::East)
}

pub(super) fn describe_edge(sq: Square, edge: Edge) -> String {
    match sq.step(edge.dir()) {
        Some(other) => format!("the edge between {sq} and {other}"),
        None => format!("the {edge} side of {sq}"),
    }
}

pub(super) fn list_squares(bb: Bitboard) -> String {
    let all: Vec<String> = bb.iter().map(|s| s.to_string()).collect();
    if all.len() > 12 {
        format!("{} and {} more", all[..12].join(", "), all.len() - 12)
    } else {
        all.join(", ")
    }
}
