//! Whole-process time of `boardkit cover count` on a judge-sized input:
//! thirty 20 x 20 boards of 48 white cells each (within BOARDCOVER's 50),
//! grown from L-trominoes placed side by side from a fixed seed, so every
//! board has coverings.
//!
//! `cargo bench -p boardkit-cli --bench cover_process`

use std::io::Write;
use std::process::{Command, Stdio};

use criterion::{criterion_main, Criterion};

/// The L-tromino in its 4 rotations, cells relative to the first.
const L3: [[(isize, isize); 3]; 4] = [
    [(0, 0), (0, 1), (1, 0)],
    [(0, 0), (0, 1), (1, 1)],
    [(0, 0), (1, 0), (1, 1)],
    [(0, 0), (1, -1), (1, 0)],
];

fn judge_input() -> String {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        usize::try_from(state % n as u64).unwrap_or(0)
    };
    let mut text = String::from("30\n");
    for _ in 0..30 {
        let mut white = [[false; 20]; 20];
        let mut placed = 0;
        while placed < 16 {
            let shape = L3[next(4)];
            let (r, c) = (next(20) as isize, next(20) as isize);
            let cells: Vec<(usize, usize)> = shape
                .iter()
                .filter_map(|&(dr, dc)| {
                    let (rr, cc) = (usize::try_from(r + dr).ok()?, usize::try_from(c + dc).ok()?);
                    (rr < 20 && cc < 20).then_some((rr, cc))
                })
                .collect();
            let free = cells.len() == 3 && cells.iter().all(|&(a, b)| !white[a][b]);
            let touches = placed == 0
                || cells.iter().any(|&(a, b)| {
                    (a > 0 && white[a - 1][b])
                        || (a < 19 && white[a + 1][b])
                        || (b > 0 && white[a][b - 1])
                        || (b < 19 && white[a][b + 1])
                });
            if free && touches {
                for (a, b) in cells {
                    white[a][b] = true;
                }
                placed += 1;
            }
        }
        text.push_str("20 20\n");
        for row in white {
            text.extend(row.iter().map(|&w| if w { '.' } else { '#' }));
            text.push('\n');
        }
    }
    text
}

fn run(input: &str) -> Vec<u8> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardkit"))
        .args(["cover", "count"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| unreachable!("cannot start boardkit: {e}"));
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    child
        .wait_with_output()
        .map(|o| o.stdout)
        .unwrap_or_default()
}

fn process(c: &mut Criterion) {
    let input = judge_input();
    let out = run(&input);
    assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 30);
    let mut group = c.benchmark_group("cover_process");
    group.sample_size(50);
    group.bench_function("30 judge boards, whole process", |b| b.iter(|| run(&input)));
    group.finish();
}

// The macro-made functions carry no docs.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::process);
}
criterion_main!(group::benches);
