//! Tells the tests and benches whether the public level sets are beside the
//! checkout, in `../shared/levels`: when they are not, and
//! `BOARDKIT_REQUIRE_SHARED=1` does not require them, it sets the cfg
//! `no_shared_data`, under which the tests that read them are ignored. The
//! rule is the `shared-data` crate's (see its docs). The library never reads
//! the cfg, and this script never fails, so the packaged crate builds alone.

use std::path::PathBuf;

/// The folder the tests read, relative to the workspace's parent.
const NEEDS: &str = "shared/levels";

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let data = manifest.join("../../..").join(NEEDS);
    println!("cargo::rustc-check-cfg=cfg(no_shared_data)");
    println!("cargo::rerun-if-env-changed=BOARDKIT_REQUIRE_SHARED");
    if data.is_dir() {
        println!("cargo::rerun-if-changed={}", data.display());
    } else {
        // A missing path would rerun the script on every build.
        println!("cargo::rerun-if-changed=build.rs");
        if std::env::var("BOARDKIT_REQUIRE_SHARED").as_deref() != Ok("1") {
            println!("cargo::rustc-cfg=no_shared_data");
        }
    }
}
