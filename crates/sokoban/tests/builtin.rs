//! Every built-in level is solvable: a stored solution solves it, with the
//! fewest moves. The fewest pushes are listed too (for the solver's tests).

use boardkit_sokoban::builtin::levels;
use boardkit_sokoban::lurd::{parse, verify, Status};

/// Title, a move-optimal solution, and the fewest pushes of any solution.
/// The solutions and both optima were found by exhaustive breadth-first
/// search over (worker, boxes) states, moves and pushes costed separately.
const SOLUTIONS: [(&str, &str, usize); 12] = [
    ("First push", "rRR", 2),
    ("Corner", "drrruullDDldR", 3),
    ("Detour", "uLulDLruulldD", 4),
    ("Two by two", "uurDldRRluRRurD", 6),
    ("Three in a row", "LLLUdrrruLLLruL", 8),
    ("Storage", "lllluuurRurDDullldddrrUR", 5),
    ("Pillar", "uulldRRRRDrdLLruuurDD", 5),
    ("Side door", "ldllluurDuluurDrrDrdLLL", 6),
    ("Crossroads", "uRuululDrrrurDlldddrruLdlU", 5),
    ("Chambers", "llddrUdrruulLLuurDldRRRUruL", 7),
    (
        "Long way round",
        "llluurrDurrRddllLuuluurrrDulllddrUluRddddrrruuLL",
        8,
    ),
    (
        "Quartet",
        "lLulUdrdrruulLuLLrrdLdrddlUUULrddrrUruLLLruL",
        15,
    ),
];

#[test]
fn every_built_in_level_is_solved_by_its_solution() {
    let levels = levels();
    assert_eq!(levels.len(), SOLUTIONS.len());
    let mut last_moves = 0;
    for (level, (title, solution, fewest_pushes)) in levels.iter().zip(SOLUTIONS) {
        assert_eq!(level.title(), Some(title));
        let v = verify(level, &parse(solution).unwrap());
        assert_eq!(v.status, Status::Solved, "{title}");
        assert_eq!(v.moves, solution.len());
        assert!(v.lowercase_pushes.is_empty() && v.uppercase_moves.is_empty());
        assert!(v.pushes >= fewest_pushes, "{title}");
        assert!(level.box_count() <= 4 && level.rows() <= 8 && level.cols() <= 9);
        // Rising difficulty, roughly: the fewest moves never drop by much.
        assert!(v.moves + 8 >= last_moves, "{title}");
        last_moves = v.moves;
    }
}
