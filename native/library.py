"""The compiled engine's library: its C sources, their build and their loading (cffi's
ABI mode: a plain shared library, no Python headers needed)."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
#: The C sources, one file an algorithm (engine.h says what mirrors what).
SOURCES = tuple(HERE / name for name in ("engine.h", "moves.c", "evaluate.c", "table.c", "search.c", "solver.h",
                                       "solver.c", "shallow.c", "stability.c"))
#: Where builds go (git-ignored, like every download and build).
BUILD = ROOT / ".cache" / "native"
#: -ffp-contract=off: no fused multiply-add, so doubles round as in Python;
#: -fno-semantic-interposition: calls inside the library may be inlined.
FLAGS = ("-O3", "-march=native", "-ffp-contract=off", "-fPIC", "-fno-semantic-interposition", "-shared",
         "-Wall", "-Werror")

CDEF = """
typedef struct rn_eval rn_eval;
typedef struct rn_search rn_search;
typedef struct rn_solver rn_solver;
uint64_t rn_moves(uint64_t p, uint64_t o);
uint64_t rn_flips(uint64_t p, uint64_t o, int sq);
uint64_t rn_perft(uint64_t p, uint64_t o, int depth, int passed);
rn_eval *rn_eval_new(const int16_t *numbers, const int *stage_of, int width,
                     const double *constant, int stages, double scale, int sign,
                     int count, const uint64_t *mask, const int *offset,
                     const uint16_t *digits, const int *digits_at);
void rn_eval_free(rn_eval *e);
double rn_evaluate(const rn_eval *e, uint64_t p, uint64_t o);
void rn_evaluate_many(const rn_eval *e, const uint64_t *p, const uint64_t *o, double *out,
                      long count);
rn_search *rn_search_new(const rn_eval *eval, int sign, const int *has_cut, const double *cut);
void rn_search_free(rn_search *s);
void rn_search_limits(rn_search *s, int64_t max_nodes, double deadline);
int64_t rn_search_nodes(const rn_search *s);
void rn_search_set_nodes(rn_search *s, int64_t nodes);
int64_t *rn_search_history(rn_search *s);
long rn_search_size(const rn_search *s);
void rn_search_share(rn_search *s, rn_search *with);
int rn_search_entry(const rn_search *s, uint64_t p, uint64_t o, int *depth, int *bound,
                    double *value, int *move);
int rn_pvs(rn_search *s, uint64_t p, uint64_t o, int depth, double alpha, double beta,
           double *out);
int rn_search_pv(const rn_search *s, uint64_t p, uint64_t o, int depth, int *line);
rn_solver *rn_solver_new(const rn_eval *eval, int sign, int stability);
void rn_solver_free(rn_solver *s);
void rn_solver_limits(rn_solver *s, double deadline);
int64_t rn_solver_nodes(const rn_solver *s);
void rn_solver_set_nodes(rn_solver *s, int64_t nodes);
int rn_solver_value(rn_solver *s, uint64_t p, uint64_t o, int alpha, int n, int *out);
int rn_solver_bounds(const rn_solver *s, uint64_t p, uint64_t o, int *lo, int *hi);
uint64_t stable_edges(uint64_t q, uint64_t r);
"""


def library_path() -> Path:
    """Returns where the build of this source with these flags is (or would be)."""
    digest = hashlib.sha256(b"".join(path.read_bytes() for path in SOURCES) +
                            " ".join(FLAGS).encode()).hexdigest()[:16]
    return BUILD / f"engine-{digest}.so"


def build() -> Path:
    """Compiles the C sources (if these are not built yet); returns the library's path.

    :raises RuntimeError: when there is no C compiler or the compilation fails.
    """
    target = library_path()
    if target.exists():
        return target
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        raise RuntimeError("no C compiler (cc, gcc or clang) on the PATH")
    BUILD.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".part")
    done = subprocess.run([compiler, *FLAGS, "-o", str(partial), *(str(p) for p in SOURCES if p.suffix == ".c")],
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"compiling the engine failed:\n{done.stderr}")
    partial.replace(target)
    return target


def load() -> tuple[Any, Any]:
    """Returns cffi's FFI and the loaded library (None when not built, or no cffi)."""
    try:
        import cffi  # type: ignore[import-untyped]
    except ImportError:
        return None, None
    path = library_path()
    if not path.exists():
        return None, None
    ffi = cffi.FFI()
    ffi.cdef(CDEF)
    return ffi, ffi.dlopen(str(path))


