//! Independent jobs (games, levels) run on a pool of `--jobs` threads, with
//! a progress bar on stderr; the one runner the batch commands share.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::error::CliError;

/// A progress bar on stderr over `len` items named `unit` ("games",
/// "levels"), drawn only when stderr is a terminal, ticking twice a second.
pub fn bar(len: u64, unit: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let template = format!("{{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} {unit} {{msg}}");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.enable_steady_tick(Duration::from_millis(500));
    bar
}

/// Runs `work` on every item on `jobs` threads and returns the results in
/// the items' order, whatever order they finish in. The bar counts finished
/// items; `note` may set its message from a result (for example the last
/// game's tile).
pub fn run<T, R>(
    jobs: u64,
    unit: &str,
    items: &[T],
    work: impl Fn(&T) -> R + Sync,
    note: impl Fn(&R) -> Option<String> + Sync,
) -> Result<Vec<R>, CliError>
where
    T: Sync,
    R: Send,
{
    run_with(jobs, unit, items, || (), |(), item| work(item), note)
}

/// [`run`] where each thread first makes a state with `init` (a solver and
/// its tables, say) and `work` reuses it for every item that thread takes.
pub fn run_with<T, R, S>(
    jobs: u64,
    unit: &str,
    items: &[T],
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &T) -> R + Sync,
    note: impl Fn(&R) -> Option<String> + Sync,
) -> Result<Vec<R>, CliError>
where
    T: Sync,
    R: Send,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(usize::try_from(jobs).unwrap_or(1))
        .build()
        .map_err(|e| CliError::input(format!("cannot start {jobs} threads: {e}")))?;
    let bar = bar(items.len() as u64, unit);
    let results = pool.install(|| {
        items
            .par_iter()
            .map_init(&init, |state, item| {
                let result = work(state, item);
                if let Some(message) = note(&result) {
                    bar.set_message(message);
                }
                bar.inc(1);
                result
            })
            .collect()
    });
    bar.finish_and_clear();
    Ok(results)
}

/// The threads to use when a command has no `--jobs`: every core.
pub fn all_cores() -> u64 {
    std::thread::available_parallelism().map_or(1, |n| n.get() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_items_order_on_any_number_of_threads() {
        let items: Vec<u64> = (0..200).collect();
        for jobs in [1, 2, 7] {
            let squares = run(jobs, "items", &items, |&i| i * i, |_| None)
                .unwrap_or_else(|e| panic!("{}", e.message));
            assert_eq!(squares, items.iter().map(|i| i * i).collect::<Vec<_>>());
        }
    }

    #[test]
    fn each_thread_reuses_its_state() {
        let items: Vec<u64> = (0..100).collect();
        let made = std::sync::atomic::AtomicU64::new(0);
        let init = || {
            made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Vec::<u64>::new()
        };
        let seen = run_with(
            2,
            "items",
            &items,
            init,
            |buf, &i| {
                buf.push(i);
                i + 1
            },
            |_| None,
        )
        .unwrap_or_else(|e| panic!("{}", e.message));
        assert_eq!(seen, (1..=100).collect::<Vec<u64>>());
        assert!(made.load(std::sync::atomic::Ordering::Relaxed) >= 1);
    }
}
