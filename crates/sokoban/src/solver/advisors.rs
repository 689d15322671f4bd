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
//! * The **opener**, when no move packs a box, clears the way to the goals
//!   the plan fills next: of the moves that take a box no nearer to the
//!   nearest such goal (walking distance, boxes ignored) and add no area,
//!   it proposes one of the box that stood nearest, taken farthest.
//!
//! An advisor may be given a test for dead ends (see [`super::fess`]): a
//! child it chooses that fails it is passed over for its next choice.
//!
//! No advisor proposes a move that unpacks a box. Of the children an
//! advisor may propose it takes the best by the features in turn, as
//! Festival does: the most packed, then the fewest areas, the fewest
//! hotspot pairs, the least bound, and the first generated. With FESS alone
//! on XSokoban this solved 49 levels at 20,000 nodes per level (55 at
//! 60,000) where advisors that could unpack and broke ties by the bound
//! alone solved 46 (54).
//!
//! One proposal per advisor, not every improving move: measured on XSokoban
//! with FESS alone (60,000 nodes per level), this solved 47 levels where
//! every packing move weighing 0 and no connectivity advisor solved 46, and
//! the two sets differ (levels 24, 47 and 61 against 9 and 34). The
//! hotspots advisor took the portfolio from 56 to 61 levels at 10 s per
//! level, losing none. The opener took FESS alone at 10 s per level from 56
//! to 58, gaining the hard levels 21, 23, 52 and 85 (in the portfolio it
//! trades them for others: see BENCHMARKS.md, session 11).

use super::features::Features;

/// A child as the advisors see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    /// The child's features.
    pub(crate) features: Features,
    /// The child's hotspot count ([`super::hotspots`]).
    pub(crate) hotspots: u16,
    /// For the opener: how far (walking) the moved box stood from the
    /// nearest goal the plan fills next, and how far it stands after the
    /// move from that goal; `None` when there is no such goal or the move
    /// brings the box nearer.
    pub(crate) away: Option<(u16, u16)>,
}

/// An advisor's choice among the children that a filter (by index) lets
/// through.
type Chooser<'a> = dyn FnMut(&dyn Fn(usize) -> bool) -> Option<usize> + 'a;

/// Marks in `free` (one flag per child, all false on entry) the children
/// of a position with features `parent` and `hotspots` that an advisor
/// proposes. `bound(i)` is the bound of child `i`, asked only for the
/// children it decides between: those that tie on every feature. Each
/// advisor's choice `i` is tested with `dead(i)` (a dead end, by the tests
/// its expansion would make first) and passed over for the advisor's next
/// choice when it is one; `verdicts` (one per child, `None` on entry) keeps
/// the answers, so that no child is tested twice.
pub(crate) fn advise(
    parent: Features,
    hotspots: u16,
    children: &[Candidate],
    free: &mut [bool],
    verdicts: &mut [Option<bool>],
    mut dead: impl FnMut(usize) -> bool,
    mut bound: impl FnMut(usize) -> u16,
) {
    let keeps = |c: &Candidate| c.features.packing >= parent.packing;
    let mut alive = |choose: &mut Chooser<'_>| loop {
        let i = choose(&|i| verdicts.get(i).copied().flatten() != Some(true))?;
        let Some(slot) = verdicts.get_mut(i) else {
            break Some(i);
        };
        let verdict = *slot.get_or_insert_with(|| dead(i));
        if !verdict {
            break Some(i);
        }
    };
    let packing = alive(&mut |open| {
        best(
            children,
            |i, c| open(i) && c.features.packing > parent.packing,
            &mut bound,
        )
    });
    let parent_areas = match parent.areas {
        0 => u16::MAX,
        a => a,
    };
    let connectivity = alive(&mut |open| {
        best(
            children,
            |i, c| open(i) && keeps(c) && c.features.areas < parent_areas,
            &mut bound,
        )
    });
    let hot = alive(&mut |open| {
        best(
            children,
            |i, c| open(i) && keeps(c) && c.hotspots < hotspots,
            &mut bound,
        )
    });
    let opener = if packing.is_some() {
        None
    } else {
        alive(&mut |open| {
            children
                .iter()
                .enumerate()
                .filter(|&(i, c)| open(i) && keeps(c) && c.features.areas <= parent_areas)
                .filter_map(|(i, c)| c.away.map(|(from, to)| ((from, u16::MAX - to, i), i)))
                .min()
                .map(|(_, i)| i)
        })
    };
    for i in [packing, connectivity, hot, opener].into_iter().flatten() {
        if let Some(f) = free.get_mut(i) {
            *f = true;
        }
    }
}

/// The index of the best of the children for which `eligible` (index,
/// child) holds: the most packed, then the fewest areas, the fewest
/// hotspot pairs, the least `bound`, and the first generated.
fn best(
    children: &[Candidate],
    eligible: impl Fn(usize, &Candidate) -> bool,
    bound: &mut impl FnMut(usize) -> u16,
) -> Option<usize> {
    let key = |c: &Candidate| {
        (
            std::cmp::Reverse(c.features.packing),
            c.features.areas,
            c.hotspots,
        )
    };
    let top = children
        .iter()
        .enumerate()
        .filter(|&(i, c)| eligible(i, c))
        .map(|(_, c)| key(c))
        .min()?;
    let mut tied = children
        .iter()
        .enumerate()
        .filter(|&(i, c)| eligible(i, c) && key(c) == top)
        .map(|(i, _)| i);
    let first = tied.next()?;
    match tied.next() {
        None => Some(first),
        Some(second) => [first, second]
            .into_iter()
            .chain(tied)
            .min_by_key(|&i| (bound(i), i)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// A child and its bound.
    type Kid = (Candidate, u16);

    fn candidate(packing: u16, areas: u16, h: u16) -> Kid {
        let c = Candidate {
            features: Features { packing, areas },
            hotspots: 0,
            away: None,
        };
        (c, h)
    }

    fn with_hotspots((c, h): Kid, hotspots: u16) -> Kid {
        (Candidate { hotspots, ..c }, h)
    }

    /// [`advise`] on `kids`, their bounds asked for from the list; also
    /// checks that a bound is asked for only of children that tie with
    /// another on every feature.
    fn run(parent: Features, hotspots: u16, kids: &[Kid], free: &mut [bool]) {
        run_dead(parent, hotspots, kids, &vec![false; kids.len()], free);
    }

    /// [`run`] with the children marked in `dead` dead ends; also checks
    /// that no child is tested twice.
    fn run_dead(parent: Features, hotspots: u16, kids: &[Kid], dead: &[bool], free: &mut [bool]) {
        let children: Vec<Candidate> = kids.iter().map(|k| k.0).collect();
        let mut verdicts = vec![None; kids.len()];
        let mut tested = vec![false; kids.len()];
        advise(
            parent,
            hotspots,
            &children,
            free,
            &mut verdicts,
            |i| {
                assert!(!tested[i], "{i} tested twice");
                tested[i] = true;
                dead[i]
            },
            |i| {
                let c = children[i];
                let twins = children
                    .iter()
                    .filter(|d| d.features == c.features && d.hotspots == c.hotspots)
                    .count();
                assert!(twins > 1, "{i} {children:?}");
                kids[i].1
            },
        );
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
            candidate(2, 2, 6), // joins two areas: the connectivity advisor's
            candidate(1, 1, 9), // joins more, but unpacks one: never proposed
        ];
        let mut free = [false; 6];
        run(parent, 0, &children, &mut free);
        assert_eq!(free, [false, false, false, true, true, false]);
    }

    #[test]
    fn nothing_improves_nothing_is_free() {
        let parent = Features {
            packing: 2,
            areas: 1,
        };
        let children = [candidate(2, 1, 3), candidate(1, 2, 0)];
        let mut free = [false; 2];
        run(parent, 0, &children, &mut free);
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
        run(parent, 4, &children, &mut free);
        assert_eq!(free, [false, false, true, false]);
        let mut free = [false; 4];
        run(parent, 1, &children, &mut free);
        assert_eq!(free, [false; 4]);
    }

    #[test]
    fn the_opener_moves_the_box_nearest_the_next_goal_away_when_nothing_packs() {
        let parent = Features {
            packing: 1,
            areas: 2,
        };
        let away = |(c, h): Kid, from, to| {
            let c = Candidate {
                away: Some((from, to)),
                ..c
            };
            (c, h)
        };
        let children = [
            away(candidate(1, 2, 5), 3, 4), // a box farther from the goal
            away(candidate(1, 2, 5), 1, 2), // the nearest box, one step away
            away(candidate(1, 2, 6), 1, 5), // the same box, farther: chosen
            away(candidate(1, 3, 1), 1, 9), // adds an area
            away(candidate(0, 1, 1), 0, 9), // unpacks
            candidate(1, 2, 0),             // brings a box nearer
        ];
        let mut free = [false; 6];
        run(parent, 0, &children, &mut free);
        assert_eq!(free, [false, false, true, false, false, false]);
        // A child that packs silences the opener.
        let mut packs = children.to_vec();
        packs.push(candidate(2, 2, 9));
        let mut free = [false; 7];
        run(parent, 0, &packs, &mut free);
        assert_eq!(free, [false, false, false, false, false, false, true]);
    }

    #[test]
    fn a_root_without_an_area_count_lets_the_fewest_areas_be_free() {
        let root = Features {
            packing: 0,
            areas: 0,
        };
        let children = [candidate(0, 3, 1), candidate(0, 2, 4), candidate(0, 2, 4)];
        let mut free = [false; 3];
        run(root, 0, &children, &mut free);
        assert_eq!(free, [false, true, false]);
    }

    /// The advice by its definition: for each advisor, the improving
    /// children that unpack nothing, of them the most packed, of those the
    /// fewest areas, the fewest hotspot pairs, the lowest bound, the first.
    fn reference(parent: Features, hotspots: u16, children: &[Kid], dead: &[bool]) -> Vec<bool> {
        let mut free = vec![false; children.len()];
        let limit = if parent.areas == 0 {
            u16::MAX
        } else {
            parent.areas
        };
        let keeps = |i: &usize| children[*i].0.features.packing >= parent.packing;
        let alive: Vec<usize> = (0..children.len()).filter(|&i| !dead[i]).collect();
        let all = alive.iter().copied();
        let packs: Vec<usize> = all
            .clone()
            .filter(|&i| children[i].0.features.packing > parent.packing)
            .collect();
        let joins: Vec<usize> = all
            .clone()
            .filter(keeps)
            .filter(|&i| children[i].0.features.areas < limit)
            .collect();
        let cools: Vec<usize> = all
            .clone()
            .filter(keeps)
            .filter(|&i| children[i].0.hotspots < hotspots)
            .collect();
        // The opener, when nothing packs: of the moves that take a box
        // away from the next goal, unpacking nothing and adding no area,
        // the one whose box stood nearest, then ends farthest, then first.
        let opens: Vec<usize> = all
            .filter(keeps)
            .filter(|&i| children[i].0.features.areas <= limit && children[i].0.away.is_some())
            .collect();
        let mut opener = None;
        if packs.is_empty() {
            for &i in &opens {
                let key = |j: usize| children[j].0.away.map(|(f, t)| (f, std::cmp::Reverse(t)));
                if opener.is_none_or(|o| key(i) < key(o)) {
                    opener = Some(i);
                }
            }
        }
        let advice = [
            chosen(children, packs),
            chosen(children, joins),
            chosen(children, cools),
            opener,
        ];
        for i in advice.into_iter().flatten() {
            free[i] = true;
        }
        free
    }

    /// Of the children `top`, the most packed, then the fewest areas, the
    /// fewest hotspot pairs, the lowest bound, and the first.
    fn chosen(children: &[Kid], mut top: Vec<usize>) -> Option<usize> {
        let most = top.iter().map(|&i| children[i].0.features.packing).max()?;
        top.retain(|&i| children[i].0.features.packing == most);
        let keys: [fn(&Kid) -> u16; 3] = [|c| c.0.features.areas, |c| c.0.hotspots, |c| c.1];
        for key in keys {
            let least = top.iter().map(|&i| key(&children[i])).min()?;
            top.retain(|&i| key(&children[i]) == least);
        }
        top.first().copied()
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
            let children: Vec<Kid> = (0..n)
                .map(|_| {
                    let c = candidate(
                        rng.gen_range(0..5),
                        rng.gen_range(1..5),
                        rng.gen_range(0..4),
                    );
                    let away = rng
                        .gen_bool(0.5)
                        .then(|| (rng.gen_range(0..3), rng.gen_range(0..3)));
                    let (c, h) = with_hotspots(c, rng.gen_range(0..5));
                    (Candidate { away, ..c }, h)
                })
                .collect();
            // Half the time, some children are dead ends.
            let some_dead = rng.gen_bool(0.5);
            let dead: Vec<bool> = (0..n).map(|_| some_dead && rng.gen_bool(0.5)).collect();
            let mut free = vec![false; n];
            run_dead(parent, hotspots, &children, &dead, &mut free);
            assert_eq!(
                free,
                reference(parent, hotspots, &children, &dead),
                "{parent:?} {hotspots} {children:?} {dead:?}"
            );
            let count = free.iter().filter(|&&f| f).count();
            assert!(count <= 4);
            proposed += count;
        }
        assert!(proposed > 3_000, "{proposed}");
    }
}
