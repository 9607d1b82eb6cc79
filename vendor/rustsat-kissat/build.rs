#![warn(clippy::pedantic)]

use glob::glob;
#[cfg(any(feature = "bindgen", feature = "git"))]
use std::path::Path;
use std::{
    env,
    fs::{self, File},
    io::Write,
    path::PathBuf,
    process::Command,
    str,
};

macro_rules! check_env_var {
    ($var:expr) => {
        match env::var($var) {
            Err(env::VarError::NotPresent) => None,
            Ok(val) => Some(val),
            Err(err) => panic!("`{}` variable error: {err}", $var),
        }
    };
}

#[derive(Default, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Version {
    // Note: derived order makes top < bottom
    Sc2022Bulky,
    Sc2022Hyper,
    Sc2022Light,
    V300,
    V310,
    V311,
    V400,
    V401,
    V402,
    V403,
    #[default]
    V404,
}

/// Checks if the version was set manually via a feature
macro_rules! version_set_manually {
    () => {
        cfg!(any(
            // keep-sorted start
            feature = "sc2022-bulky",
            feature = "sc2022-hyper",
            feature = "sc2022-light",
            feature = "v3-0-0",
            feature = "v3-1-0",
            feature = "v3-1-1",
            feature = "v4-0-0",
            feature = "v4-0-1",
            feature = "v4-0-2",
            feature = "v4-0-3",
            feature = "v4-0-4",
            // keep-sorted end
        ))
    };
}

impl Version {
    fn determine() -> Self {
        if cfg!(feature = "v4-0-4") {
            Version::V404
        } else if cfg!(feature = "v4-0-3") {
            Version::V403
        } else if cfg!(feature = "v4-0-2") {
            Version::V402
        } else if cfg!(feature = "v4-0-1") {
            Version::V401
        } else if cfg!(feature = "v4-0-0") {
            Version::V400
        } else if cfg!(feature = "v3-1-1") {
            Version::V311
        } else if cfg!(feature = "v3-1-0") {
            Version::V310
        } else if cfg!(feature = "v3-0-0") {
            Version::V300
        } else if cfg!(feature = "sc2022-light") {
            Version::Sc2022Light
        } else if cfg!(feature = "sc2022-hyper") {
            Version::Sc2022Hyper
        } else if cfg!(feature = "sc2022-bulky") {
            Version::Sc2022Bulky
        } else {
            // default to newest version
            Version::default()
        }
    }

    fn reference(self) -> &'static str {
        match self {
            Version::Sc2022Bulky => "refs/tags/sc2022-bulky",
            Version::Sc2022Hyper => "refs/tags/sc2022-hyper",
            Version::Sc2022Light => "refs/tags/sc2022-light",
            Version::V300 => "refs/tags/rel-3.0.0",
            Version::V310 => "refs/tags/rel-3.1.0",
            Version::V311 => "refs/tags/rel-3.1.1",
            Version::V400 => "refs/tags/rel-4.0.0",
            Version::V401 => "refs/tags/rel-4.0.1",
            Version::V402 => "refs/tags/rel-4.0.2",
            Version::V403 => "refs/tags/rel-4.0.3",
            Version::V404 => "refs/tags/rel-4.0.4",
        }
    }
}

fn main() {
    let out_dir = env::var("OUT_DIR").unwrap();

    let version = Version::determine();

    // Build C library
    let kissat_src_dir = build(version);

    // Built solver is in out_dir
    println!("cargo:rustc-link-search={out_dir}");
    println!("cargo:rustc-link-search={out_dir}/lib");
    println!("cargo:rustc-link-lib=static=kissat");

    // Mark when to rerun the build script
    println!("cargo:rerun-if-changed={}/src", kissat_src_dir.display());
    println!("cargo:rerun-if-env-changed=KISSAT_SRC_DIR");

    // Rust FFI bindings. qspec's patch: bindgen (and so libclang) only with the
    // `bindgen` feature; by default the bindings shipped in `bindings/` are used.
    #[cfg(feature = "bindgen")]
    {
        let bindings = generate_bindings(&kissat_src_dir);
        bindings
            .write_to_file(PathBuf::from(&out_dir).join("bindings.rs"))
            .expect("Could not write ffi bindings");
        check_shipped_bindings(&bindings.to_string(), version);
    }
    #[cfg(not(feature = "bindgen"))]
    copy_shipped_bindings(version, &out_dir);
}

/// qspec's patch: the bindings that `generate_bindings` makes for the sources shipped in `csrc`
/// (the default version); no feature, define or profile changes them. They hold on every target:
/// `kissat.h` and `error.h` use only `int`, `unsigned`, `char *`, `void *`, an opaque struct and
/// function pointers, which bindgen writes as `std::os::raw` types, and there is no struct layout.
fn shipped_bindings() -> PathBuf {
    PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("bindings/kissat.rs")
}

/// qspec's patch: uses the shipped bindings instead of running bindgen, so that the crate builds
/// without libclang
#[cfg(not(feature = "bindgen"))]
fn copy_shipped_bindings(version: Version, out_dir: &str) {
    assert!(
        version == Version::default(),
        "rustsat-kissat (vendored by qspec) ships FFI bindings only for Kissat's default \
         version (the sources in `csrc`); {version:?} needs the `bindgen` feature (and libclang)"
    );
    if check_env_var!("KISSAT_SRC_DIR").is_some() {
        println!("cargo:warning=KISSAT_SRC_DIR is set but the shipped FFI bindings are those of the sources in `csrc`; enable the `bindgen` feature to generate them from KISSAT_SRC_DIR");
    }
    let shipped = shipped_bindings();
    println!("cargo:rerun-if-changed={}", shipped.display());
    fs::copy(&shipped, PathBuf::from(out_dir).join("bindings.rs"))
        .unwrap_or_else(|e| panic!("Could not copy ffi bindings {}: {e}", shipped.display()));
}

/// qspec's patch: with the `bindgen` feature, compares the bindings generated for the default
/// version with the shipped ones, and with `QSPEC_UPDATE_BINDINGS=1` writes the shipped ones
#[cfg(feature = "bindgen")]
fn check_shipped_bindings(generated: &str, version: Version) {
    println!("cargo:rerun-if-env-changed=QSPEC_UPDATE_BINDINGS");
    if version != Version::default() || check_env_var!("KISSAT_SRC_DIR").is_some() {
        return;
    }
    let update = check_env_var!("QSPEC_UPDATE_BINDINGS").is_some_and(|val| val == "1");
    let path = shipped_bindings();
    println!("cargo:rerun-if-changed={}", path.display());
    if fs::read_to_string(&path).is_ok_and(|shipped| shipped == generated) {
        return;
    }
    if update {
        fs::create_dir_all(path.parent().unwrap()).expect("Could not create bindings/");
        fs::write(&path, generated)
            .unwrap_or_else(|e| panic!("Could not write {}: {e}", path.display()));
        println!("cargo:warning=updated {}", path.display());
    } else {
        println!("cargo:warning={} differs from the bindings bindgen generates; run with QSPEC_UPDATE_BINDINGS=1 to update it", path.display());
    }
}

fn get_kissat_src(version: Version) -> PathBuf {
    if let Some(src_dir) = check_env_var!("KISSAT_SRC_DIR") {
        if version_set_manually!() {
            println!("cargo:warning=Both version feature and KISSAT_SRC_DIR. Will ignore version feature");
        }
        return PathBuf::from(src_dir);
    }

    if version == Version::default() {
        // the sources for the default version are included with the crate and do not need to be
        // cloned
        return PathBuf::from("csrc");
    }

    #[cfg(feature = "git")]
    {
        let mut kissat_src_dir = PathBuf::from(env::var("OUT_DIR").unwrap());
        kissat_src_dir.push("kissat");
        update_repo(
            &kissat_src_dir,
            "https://github.com/arminbiere/kissat.git",
            "master",
            version.reference(),
        );
        kissat_src_dir
    }
    #[cfg(not(feature = "git"))]
    unreachable!("non-default features enable the git feature")
}

/// Generates Rust FFI bindings
#[cfg(feature = "bindgen")]
fn generate_bindings(kissat_src_dir: &Path) -> bindgen::Bindings {
    bindgen::Builder::default()
        .rust_target("1.77.0".parse().unwrap()) // Set MSRV
        .header(
            kissat_src_dir
                .join("src")
                .join("kissat.h")
                .to_str()
                .unwrap(),
        )
        .header(kissat_src_dir.join("src").join("error.h").to_str().unwrap())
        .blocklist_function("kissat_copyright")
        .blocklist_function("kissat_build")
        .blocklist_function("kissat_banner")
        .blocklist_function("kissat_has_configuration")
        .blocklist_function("kissat_error")
        .blocklist_function("kissat_fatal")
        .blocklist_function("kissat_fatal_message_start")
        .blocklist_function("kissat_abort")
        .blocklist_function("kissat_set_prefix")
        .generate()
        .expect("Unable to generate ffi bindings")
}

fn build(version: Version) -> PathBuf {
    let kissat_src_dir = get_kissat_src(version);
    let kissat_dir_str = kissat_src_dir.to_str().unwrap();

    // We specify the build manually here instead of calling make for better portability
    let src_files = glob(&format!("{kissat_dir_str}/src/*.c"))
        .unwrap()
        .filter_map(|res| {
            if let Ok(p) = res {
                if let Some(name) = p.file_name() {
                    if name == "main.c"
                        || name == "application.c"
                        || name == "handle.c"
                        || name == "parse.c"
                        || name == "witness.c"
                    {
                        return None; // Filter out application files
                    }
                }
                Some(p)
            } else {
                None
            }
        });
    // Setup build configuration
    let mut kissat_build = cc::Build::new();
    if cfg!(feature = "debug") && env::var("PROFILE").unwrap() == "debug" {
        kissat_build
            .opt_level(0)
            // Silence warnings with newer GCC
            .define("_FORTIFY_SOURCE", Some("0"))
            .define("DEBUG", None)
            .warnings(true)
            .debug(true);
    } else {
        kissat_build
            .opt_level(3)
            .define("NDEBUG", None)
            .warnings(false);
    }
    #[cfg(feature = "safe")]
    kissat_build.define("SAFE", None); // --safe
    #[cfg(feature = "quiet")]
    kissat_build.define("QUIET", None); // --quiet

    // Generate build header
    let out_dir = PathBuf::from(env::var("OUT_DIR").unwrap());
    let mut build_header =
        File::create(out_dir.join("build.h")).expect("Could not create kissat build header");
    let mut kissat_version =
        fs::read_to_string(kissat_src_dir.join("VERSION")).expect("Cannot read kissat version");
    kissat_version.retain(|c| c != '\n');
    let (compiler_desc, compiler_flags) = get_compiler_description(&kissat_build.get_compiler());
    write!(
                build_header,
                "#define VERSION \"{}\"\n#define COMPILER \"{} {}\"\n#define ID \"{}\"\n#define BUILD \"{}\"\n#define DIR \"{}\"",
                kissat_version, compiler_desc, compiler_flags, version.reference(), chrono::Utc::now(), kissat_dir_str
            ).expect("Failed to write kissat build.h");
    // qspec's patch: CaDiCaL 2.2 (rustsat-cadical) links its own, different
    // `kitten`; give Kissat's global kitten symbols a prefix so both link.
    for symbol in KITTEN_SYMBOLS {
        kissat_build.define(symbol, Some(format!("kissat_{symbol}").as_str()));
    }
    // Build Kissat
    kissat_build
        .include(kissat_src_dir.join("src"))
        .include(out_dir)
        .warnings(false)
        .files(src_files)
        .compile("kissat");

    kissat_src_dir
}

/// The global symbols of Kissat's `kitten.c` that CaDiCaL 2.2's `kitten.c`
/// defines too (found with `nm -g --defined-only` on both archives).
const KITTEN_SYMBOLS: &[&str] = &[
    "completely_backtrack_to_root_level",
    "kitten_assume",
    "kitten_binary",
    "kitten_clause",
    "kitten_clause_with_id_and_exception",
    "kitten_clear",
    "kitten_compute_clausal_core",
    "kitten_embedded",
    "kitten_failed",
    "kitten_fixed",
    "kitten_flip_literal",
    "kitten_flip_phases",
    "kitten_no_ticks_limit",
    "kitten_randomize_phases",
    "kitten_release",
    "kitten_set_ticks_limit",
    "kitten_shrink_to_clausal_core",
    "kitten_shuffle_clauses",
    "kitten_solve",
    "kitten_status",
    "kitten_track_antecedents",
    "kitten_traverse_core_clauses",
    "kitten_traverse_core_ids",
    "kitten_unit",
    "kitten_value",
    "new_learned_klause",
];

/// Returns true if there were changes, false if not
#[cfg(feature = "git")]
fn update_repo(path: &Path, url: &str, branch: &str, reference: &str) -> bool {
    let mut changed = false;
    let repo = if let Ok(repo) = git2::Repository::open(path) {
        if repo.find_reference(reference).is_err() {
            // Fetch repo
            let mut remote = repo
                .find_remote("origin")
                .unwrap_or_else(|e| panic!("Expected remote \"origin\" in git repo {path:?}: {e}"));
            remote.fetch(&[branch], None, None).unwrap_or_else(|e| {
                panic!("Could not fetch \"origin/{branch}\" for git repo {path:?}: {e}")
            });
            drop(remote);
            changed = true;
        }
        repo
    } else {
        if path.exists() {
            fs::remove_dir_all(path).unwrap_or_else(|e| {
                panic!(
                    "Could not delete directory {}: {}",
                    path.to_str().unwrap(),
                    e
                )
            });
        };
        changed = true;
        git2::Repository::clone(url, path)
            .unwrap_or_else(|e| panic!("Could not clone repository {url}: {e}"))
    };
    let target_commit = repo
        .find_reference(reference)
        .expect("could not find specified reference")
        .peel_to_commit()
        .expect("could not peel to commit");
    repo.checkout_tree(
        target_commit.as_object(),
        Some(git2::build::CheckoutBuilder::new().force()),
    )
    .expect("could not checkout commit");
    repo.set_head_detached(target_commit.id())
        .expect("could not detach head");
    changed
}

/// Gets a description of the C(pp) compiler used and the used flags
fn get_compiler_description(compiler: &cc::Tool) -> (String, String) {
    let compiler_command = compiler.to_command();
    let mut first_line = true;
    let compiler_version = match Command::new(compiler_command.get_program())
        .arg("--version")
        .output()
    {
        Ok(output) => {
            let mut version = String::from_utf8(output.stdout).unwrap();
            version.retain(|c| {
                if first_line && c == '\n' {
                    first_line = false;
                    false
                } else {
                    first_line
                }
            });
            version
        }
        Err(_) => String::from(compiler_command.get_program().to_str().unwrap()),
    };
    let compiler_flags = compiler.cflags_env();
    (
        compiler_version,
        String::from(compiler_flags.to_str().unwrap()),
    )
}
