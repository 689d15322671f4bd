//! The solver's exact behaviour, pinned: node-limited solves of a fixed set
//! of levels under a fixed set of configurations, compared with the node
//! counts, statuses and solutions recorded in `solver_golden.txt` beside
//! this file. Node-limited runs are deterministic (no time limit is set), so
//! any change to the search's order, pruning or limits shows up here; a
//! change meant to keep the search as it is must leave every line equal.
//!
//! Each line of the data file is
//! `set level config status nodes moves pushes lurd-hash`, where `set` is
//! `builtin`, `microban`, `xsokoban` or `boxoban`, `level` the level's index
//! in its set (from 0), `config` one of the names in [`configs`], and the
//! hash the FNV-1a 64 of the solution's LURD (`-` for the last three when
//! unsolved). Only these numbers are stored, never the levels: the shared
//! sets are read from `../shared/levels/`. Without that folder (a clone) the
//! test of every line is ignored, and a test of the built-in and handmade
//! lines alone runs in its place.
//!
//! To record the lines afresh (after a change that is meant to change the
//! search), run with `BOARDKIT_GOLDEN_RECORD=<file>`: the test then writes
//! the lines it computed to that file instead of comparing.

// Test helpers outside #[test] functions may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::collections::BTreeMap;
use std::fmt::Write as _;

use boardkit_sokoban::solver::{solve, Config, Optimize, Outcome, Strategy, Techniques};
use boardkit_sokoban::xsb::parse_collection;
use boardkit_sokoban::Level;

/// The recorded values.
const GOLDEN: &str = include_str!("solver_golden.txt");

/// A configuration by name: node-limited, never time-limited. The names
/// recorded before the FESS search existed run without it, so that their
/// lines pin the older strategies exactly.
fn config(name: &str) -> Config {
    let t = Techniques::default().with_fess(false);
    let base = Config::default().with_time_limit(None).with_techniques(t);
    match name {
        "fess-5000" => base
            .with_node_limit(Some(5000))
            .with_techniques(Techniques::default()),
        "parking-5000" => base.with_node_limit(Some(5000)).with_techniques(
            Techniques::default()
                .with_backward(false)
                .with_checked_advice(false),
        ),
        "checked-5000" => base.with_node_limit(Some(5000)).with_techniques(
            Techniques::default()
                .with_backward(false)
                .with_parking(false),
        ),
        "fess-alone-2000" => base
            .with_node_limit(Some(2000))
            .with_strategy(Strategy::Fess),
        "any-200" => base.with_node_limit(Some(200)),
        "any-5000" => base.with_node_limit(Some(5000)),
        "any-30000" => base.with_node_limit(Some(30_000)),
        "pushes-200" => base
            .with_node_limit(Some(200))
            .with_optimize(Optimize::Pushes),
        "pushes-5000" => base
            .with_node_limit(Some(5000))
            .with_optimize(Optimize::Pushes),
        "pushes-nocorrals" => base
            .with_node_limit(Some(5000))
            .with_optimize(Optimize::Pushes)
            .with_techniques(t.with_corrals(false)),
        "moves-5000" => base
            .with_node_limit(Some(5000))
            .with_optimize(Optimize::Moves),
        "nocorrals" => base
            .with_node_limit(Some(5000))
            .with_techniques(t.with_corrals(false)),
        "norooms" => base
            .with_node_limit(Some(5000))
            .with_techniques(t.with_goal_rooms(false)),
        "notunnels" => base
            .with_node_limit(Some(5000))
            .with_techniques(t.with_tunnels(false)),
        "nobackward" => base
            .with_node_limit(Some(5000))
            .with_techniques(t.with_backward(false)),
        "noareas" => base
            .with_node_limit(Some(5000))
            .with_techniques(t.with_areas(false)),
        "nobackward-30000" => base
            .with_node_limit(Some(30_000))
            .with_techniques(t.with_backward(false)),
        "noareas-30000" => base
            .with_node_limit(Some(30_000))
            .with_techniques(t.with_areas(false)),
        "memory-4m" => base
            .with_node_limit(Some(200_000))
            .with_memory_limit(4 << 20),
        "memory-2m" => base
            .with_node_limit(Some(200_000))
            .with_memory_limit(2 << 20),
        "pushes-memory-4m" => base
            .with_node_limit(Some(200_000))
            .with_memory_limit(4 << 20)
            .with_optimize(Optimize::Pushes),
        other => panic!("unknown configuration {other}"),
    }
}

/// Every technique switched off once.
const TECHNIQUES_OFF: [&str; 6] = [
    "nocorrals",
    "norooms",
    "notunnels",
    "nobackward",
    "noareas",
    "pushes-nocorrals",
];

/// The FESS search within the portfolio, alone, with the parking plans'
/// FESS searches and with the FESS search whose advisors pass over dead
/// ends (these side searches start at once without the backward search).
const FESS: [&str; 4] = [
    "fess-5000",
    "fess-alone-2000",
    "parking-5000",
    "checked-5000",
];

/// The runs: (set, how many of its first levels, configurations).
fn plan() -> Vec<(&'static str, usize, Vec<&'static str>)> {
    let basic = ["any-200", "any-5000", "pushes-200", "pushes-5000"];
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        basic.iter().chain(extra).copied().collect()
    };
    vec![
        (
            "builtin",
            12,
            with(&[TECHNIQUES_OFF.as_slice(), &["moves-5000"]].concat()),
        ),
        (
            "handmade",
            5,
            with(
                &[
                    TECHNIQUES_OFF.as_slice(),
                    &["moves-5000", "any-30000", "memory-4m", "pushes-memory-4m"],
                ]
                .concat(),
            ),
        ),
        ("microban", 40, with(&[])),
        (
            "microban",
            10,
            [TECHNIQUES_OFF.as_slice(), &["moves-5000"]].concat(),
        ),
        (
            "xsokoban",
            10,
            with(&[
                "any-30000",
                "nobackward-30000",
                "noareas-30000",
                "memory-2m",
            ]),
        ),
        ("xsokoban", 4, TECHNIQUES_OFF.to_vec()),
        ("xsokoban", 3, vec!["memory-4m", "pushes-memory-4m"]),
        ("boxoban", 10, vec!["any-200", "any-5000", "pushes-5000"]),
        ("builtin", 12, FESS.to_vec()),
        ("handmade", 5, FESS.to_vec()),
        ("microban", 20, FESS.to_vec()),
        ("xsokoban", 10, FESS.to_vec()),
        ("boxoban", 10, FESS.to_vec()),
    ]
}

/// The sets read from `../shared/levels/`.
const SHARED: [&str; 3] = ["microban", "xsokoban", "boxoban"];

/// The levels of a set.
fn levels(set: &str) -> Vec<Level> {
    let file = match set {
        "builtin" => return boardkit_sokoban::builtin::levels(),
        "handmade" => {
            return HANDMADE
                .iter()
                .map(|t| boardkit_sokoban::xsb::parse_level(t).unwrap())
                .collect()
        }
        "microban" => "levels/Microban_155.xsb",
        "xsokoban" => "levels/XSokoban_90.xsb",
        "boxoban" => "levels/boxoban-hard/000.txt",
        other => panic!("unknown set {other}"),
    };
    parse_collection(&shared_data::read(file)).unwrap()
}

/// Small levels made for this test: one solvable, the others without a
/// solution that only a search shows (the second open list, macros and
/// the fall-back search without them run out of states).
const HANDMADE: [&str; 5] = [
    "########\n#@$.$. #\n########\n",
    "#######\n#     #\n# $$$ #\n#  @  #\n#..#. #\n#######\n",
    "########\n# ..  ##\n## .   #\n#  $@  #\n##$#$  #\n##   # #\n########\n",
    "########\n#   #  #\n#  @  .#\n####   #\n# $ $$ #\n#   .#.#\n########\n",
    "########\n##   #@#\n#.   . #\n# #    #\n#   $$##\n#  .$  #\n########\n",
];

/// FNV-1a, 64 bits.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The recorded form of an outcome: `status nodes moves pushes hash`.
fn describe(outcome: &Outcome) -> String {
    let nodes = outcome.nodes();
    match outcome {
        Outcome::Solved { solution, .. } => format!(
            "solved {nodes} {} {} {:016x}",
            solution.moves,
            solution.pushes,
            fnv(&solution.lurd())
        ),
        Outcome::NoSolution { .. } => format!("nosolution {nodes} - - -"),
        Outcome::Unsolved { limit, .. } => {
            let limit = limit.to_string().replace(' ', "-");
            format!("unsolved:{limit} {nodes} - - -")
        }
        Outcome::Failed { failure, .. } => format!("failed:{failure:?} {nodes} - - -"),
        other => format!("other:{other:?}"),
    }
}

#[test]
#[cfg_attr(
    no_shared_data,
    ignore = "needs ../shared/levels beside the checkout (not in a clone)"
)]
fn node_counts_statuses_and_solutions_are_as_recorded() {
    check(true);
}

/// Without `../shared/levels/` the lines of the other sets are still checked.
#[test]
#[cfg(no_shared_data)]
fn without_the_shared_sets_the_builtin_and_handmade_lines_are_as_recorded() {
    check(false);
}

/// Runs the plan (with the shared sets or without them) and compares every
/// run with its recorded line, or records the lines.
fn check(with_shared: bool) {
    let expected: BTreeMap<String, String> = GOLDEN
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.splitn(4, ' ');
            let key: Vec<&str> = parts.by_ref().take(3).collect();
            (key.join(" "), parts.next().unwrap_or("").to_string())
        })
        .collect();
    let record = std::env::var("BOARDKIT_GOLDEN_RECORD").ok();
    let mut recorded = String::from(
        "# Recorded by tests/solver_golden.rs (see its docs): set level config status nodes moves pushes lurd-fnv64\n",
    );
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut sets: BTreeMap<&str, Vec<Level>> = BTreeMap::new();
    let mut done = std::collections::BTreeSet::new();
    for (set, count, names) in plan() {
        if !with_shared && SHARED.contains(&set) {
            continue;
        }
        let levels = sets.entry(set).or_insert_with(|| levels(set));
        for (index, level) in levels.iter().enumerate().take(count) {
            for name in &names {
                let key = format!("{set} {index} {name}");
                if !done.insert(key.clone()) {
                    continue;
                }
                let got = describe(&solve(level, &config(name)));
                writeln!(recorded, "{key} {got}").unwrap();
                checked += 1;
                match expected.get(&key) {
                    Some(want) if *want == got => {}
                    Some(want) => failures.push(format!("{key}: recorded {want}, now {got}")),
                    None => failures.push(format!("{key}: not recorded, now {got}")),
                }
            }
        }
    }
    if let Some(path) = record {
        std::fs::write(&path, recorded).unwrap();
        eprintln!("recorded {checked} lines to {path}");
        return;
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} runs differ from solver_golden.txt:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
