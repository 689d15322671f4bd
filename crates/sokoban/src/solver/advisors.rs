//! FESS's advisors: each looks at all the children of one expanded position
//! and proposes at most one of them, a move that improves its feature. The
//! proposed moves weigh 0 in the search ([`super::fess`]), every other move
//! 1, so that a chain of advice is followed however long it is while every
//! other move stays one step more expensive.
//!
//! * The **packing** advisor proposes the child with the most boxes packed
//!   in plan, when that is more than the parent has.
//! * The **connectivity** advisor proposes the child with the fewest
//!   separate areas of free floor, when that is fewer than the parent has
//!   (a parent whose areas are unknown counts as having more than any
//!   child).
//! * The **hotspots** advisor proposes the child with the fewest pairs of
//!   boxes in each other's way ([`super::hotspots`]), when that is fewer
//!   than the parent has: a box moved out of a corridor or doorway that
//!   other boxes must pass.
//!
//! Ties go to the child with the least bound, then to the one generated
//! first. One proposal per advisor, not every improving move: measured on
//! XSokoban with FESS alone (60,000 nodes per level), this solved 47 levels
//! where every packing move weighing 0 and no connectivity advisor solved 46,
//! and the two sets differ (levels 24, 47 and 61 against 9 and 34). The
//! hotspots advisor took the portfolio from 56 to 61 levels at 10 s per
//! level, losing none.

use super::features::Features;

/// A child as the advisors see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    /// The child's features.
    pub(crate) features: Features,
    /// The child's bound.
    pub(crate) h: u16,
    /// The child's hotspot count ([`super::hotspots`]).
    pub(crate) hotspots: u16,
}

/// Marks in `free` (one flag per child, all false on entry) the children
/// of a position with features `parent` and `hotspots` that an advisor
/// proposes.
pub(crate) fn advise(parent: Features, hotspots: u16, children: &[Candidate], free: &mut [bool]) {
    let packing = best(children, |c| {
        (c.features.packing > parent.packing).then_some(u16::MAX - c.features.packing)
    });
    let parent_areas = match parent.areas {
        0 => u16::MAX,
        a => a,
    };
    let connectivity = best(children, |c| {
        (c.features.areas < parent_areas).then_some(c.features.areas)
    });
    let hot = best(children, |c| (c.hotspots < hotspots).then_some(c.hotspots));
    for i in [packing, connectivity, hot].into_iter().flatten() {
        if let Some(f) = free.get_mut(i) {
            *f = true;
        }
    }
}

/// The index of the child with the least `(key, bound)` among those with a
/// key, the first such child on ties.
fn best(children: &[Candidate], key: impl Fn(&Candidate) -> Option<u16>) -> Option<usize> {
    children
        .iter()
        .enumerate()
        .filter_map(|(i, c)| key(c).map(|k| ((k, c.h), i)))
        .min()
        .map(|(_, i)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn candidate(packing: u16, areas: u16, h: u16) -> Candidate {
        Candidate {
            features: Features { packing, areas },
            h,
            hotspots: 0,
        }
    }

    fn with_hotspots(c: Candidate, hotspots: u16) -> Candidate {
        Candidate { hotspots, ..c }
    }

    #[test]
    fn each_advisor_proposes_its_best_improving_child() {
        let parent = Features {
            packing: 2,
            areas: 3,
        };
        let children = [
            candidate(2, 3, 5), // improves nothing
            candidate(3, 4, 9), // packs one more
            candidate(4, 5, 8), // packs two more: the packing advisor's
            candidate(4, 5, 7), // the same with a lower bound: chosen
            candidate(2, 2, 6), // joins two areas
            candidate(1, 1, 9), // joins more, unpacking one: still chosen
        ];
        let mut free = [false; 6];
        advise(parent, 0, &children, &mut free);
        assert_eq!(free, [false, false, false, true, false, true]);
    }

    #[test]
    fn nothing_improves_nothing_is_free() {
        let parent = Features {
            packing: 2,
            areas: 1,
        };
        let children = [candidate(2, 1, 3), candidate(1, 2, 0)];
        let mut free = [false; 2];
        advise(parent, 0, &children, &mut free);
        assert_eq!(free, [false, false]);
    }

    #[test]
    fn the_hotspots_advisor_proposes_the_fewest_hotspots() {
        let parent = Features {
            packing: 1,
            areas: 1,
        };
        let children = [
            with_hotspots(candidate(1, 1, 3), 4), // as many as the parent
            with_hotspots(candidate(1, 1, 5), 2), // fewer
            with_hotspots(candidate(1, 1, 4), 1), // fewest: chosen
            with_hotspots(candidate(1, 1, 4), 1), // the same, generated later
        ];
        let mut free = [false; 4];
        advise(parent, 4, &children, &mut free);
        assert_eq!(free, [false, false, true, false]);
        let mut free = [false; 4];
        advise(parent, 1, &children, &mut free);
        assert_eq!(free, [false; 4]);
    }

    #[test]
    fn a_root_without_an_area_count_lets_the_fewest_areas_be_free() {
        let root = Features {
            packing: 0,
            areas: 0,
        };
        let children = [candidate(0, 3, 1), candidate(0, 2, 4), candidate(0, 2, 4)];
        let mut free = [false; 3];
        advise(root, 0, &children, &mut free);
        assert_eq!(free, [false, true, false]);
    }

    /// The advice by its definition: for each advisor, the improving
    /// children, of them those with the best value, of those the lowest
    /// bound, of those the first.
    fn reference(parent: Features, hotspots: u16, children: &[Candidate]) -> Vec<bool> {
        let mut free = vec![false; children.len()];
        // The packing advisor's value: more packed is better.
        let packing = |c: &Candidate| u16::MAX - c.features.packing;
        let packs: Vec<usize> = (0..children.len())
            .filter(|&i| children[i].features.packing > parent.packing)
            .collect();
        let limit = if parent.areas == 0 {
            u16::MAX
        } else {
            parent.areas
        };
        let areas = |c: &Candidate| c.features.areas;
        let joins: Vec<usize> = (0..children.len())
            .filter(|&i| children[i].features.areas < limit)
            .collect();
        let hot = |c: &Candidate| c.hotspots;
        let cools: Vec<usize> = (0..children.len())
            .filter(|&i| children[i].hotspots < hotspots)
            .collect();
        for i in [
            chosen(children, &packs, packing),
            chosen(children, &joins, areas),
            chosen(children, &cools, hot),
        ]
        .into_iter()
        .flatten()
        {
            free[i] = true;
        }
        free
    }

    /// Of the children `improving`, those with the least `value`, of those
    /// the lowest bound, of those the first.
    fn chosen(
        children: &[Candidate],
        improving: &[usize],
        value: impl Fn(&Candidate) -> u16,
    ) -> Option<usize> {
        let best = improving.iter().map(|&i| value(&children[i])).min()?;
        let top: Vec<usize> = improving
            .iter()
            .copied()
            .filter(|&i| value(&children[i]) == best)
            .collect();
        let h = top.iter().map(|&i| children[i].h).min()?;
        top.into_iter().find(|&i| children[i].h == h)
    }

    #[test]
    fn the_advice_matches_its_definition_on_random_children() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
        let mut proposed = 0;
        for _ in 0..5_000 {
            let parent = Features {
                packing: rng.gen_range(0..4),
                areas: rng.gen_range(0..4),
            };
            let hotspots = rng.gen_range(0..4);
            let n = rng.gen_range(0..8);
            let children: Vec<Candidate> = (0..n)
                .map(|_| {
                    let c = candidate(
                        rng.gen_range(0..5),
                        rng.gen_range(1..5),
                        rng.gen_range(0..4),
                    );
                    with_hotspots(c, rng.gen_range(0..5))
                })
                .collect();
            let mut free = vec![false; n];
            advise(parent, hotspots, &children, &mut free);
            assert_eq!(
                free,
                reference(parent, hotspots, &children),
                "{parent:?} {hotspots} {children:?}"
            );
            let count = free.iter().filter(|&&f| f).count();
            assert!(count <= 3);
            proposed += count;
        }
        assert!(proposed > 3_000, "{proposed}");
    }
}
