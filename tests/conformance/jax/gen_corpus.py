#!/usr/bin/env python3
"""Generate a StableHLO conformance corpus written by JAX.

Usage (needs jax/jaxlib; run on the XLA CPU backend so expected values are
deterministic):

    JAX_PLATFORMS=cpu PYTHONUNBUFFERED=1 python3 gen_corpus.py OUTDIR

Writes OUTDIR/corpus.tar.gz (plus OUTDIR/manifest.json and OUTDIR/env.txt)
whose contents are:

    manifest.json          every case: inputs/outputs (dtype, shape),
                           comparison kind, ops seen, extra ops, errors
    env.txt                jax/jaxlib versions and the StableHLO python API
    gen.log                the generator's log
    cases/<case>.mlir          lowered.as_text() (pretty form, no locations)
    cases/<case>.generic.mlir  same module, MLIR generic op form
    cases/<case>.in<K>.npy     input K
    cases/<case>.out<K>.npy    expected output K (XLA CPU result)

Every case is built, lowered and run inside its own try/except; failures are
recorded in the manifest and never abort the run.
"""

import json
import os
import re
import shutil
import sys
import tarfile
import time
import traceback
import zlib

os.environ.setdefault("JAX_ENABLE_X64", "1")
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import numpy as np  # noqa: E402

T_START = time.time()
TIME_BUDGET_S = float(os.environ.get("GEN_BUDGET_S", "220"))
# absolute deadline (epoch seconds); shared by resumed processes via env
DEADLINE = float(os.environ.get("GEN_DEADLINE", T_START + TIME_BUDGET_S))
LOG_LINES = []


def log(*a):
    s = " ".join(str(x) for x in a)
    LOG_LINES.append(s)
    print(s, flush=True)


import jax  # noqa: E402
from jax import lax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

CONFIG_NOTES = []
for _k, _v in [("jax_enable_x64", True),
               ("jax_use_simplified_jaxpr_constants", False),
               ("jax_embedded_constants_max_bytes", 1 << 30)]:
    try:
        jax.config.update(_k, _v)
        CONFIG_NOTES.append("set %s=%r" % (_k, _v))
    except Exception as e:  # option may not exist in this version
        CONFIG_NOTES.append("could not set %s: %r" % (_k, e))

# ---------------------------------------------------------------------------
# dtypes and input generation
# ---------------------------------------------------------------------------
f32, f64 = np.float32, np.float64
i8, i16, i32, i64 = np.int8, np.int16, np.int32, np.int64
u8, u16, u32, u64 = np.uint8, np.uint16, np.uint32, np.uint64
b1 = np.bool_
FLOATS = [f32, f64]
SINTS = [i8, i16, i32, i64]
UINTS = [u8, u16, u32, u64]
INTS = SINTS + UINTS
NUMS = FLOATS + INTS

MLIR_NAME = {
    "float32": "f32", "float64": "f64", "int8": "i8", "int16": "i16",
    "int32": "i32", "int64": "i64", "uint8": "ui8", "uint16": "ui16",
    "uint32": "ui32", "uint64": "ui64", "bool": "i1",
}


def tn(dt):
    """Short type name used in case names."""
    return MLIR_NAME[np.dtype(dt).name]


# small ranges: products of two such values never overflow
INT_SMALL = {
    "int8": (-10, 10), "int16": (-150, 150), "int32": (-1000, 1000),
    "int64": (-100000, 100000), "uint8": (0, 15), "uint16": (0, 250),
    "uint32": (0, 60000), "uint64": (0, 1000000),
}


def rng_for(name):
    return np.random.default_rng(zlib.crc32(name.encode()))


def gen(rng, dt, shape, kind="normal"):
    dt = np.dtype(dt)
    shape = tuple(shape)
    if dt == np.bool_:
        return np.asarray(rng.random(shape) < 0.5, dtype=np.bool_)
    if dt.kind == "f":
        if isinstance(kind, tuple):
            v = rng.uniform(kind[0], kind[1], shape)
        elif kind == "normal":
            v = rng.standard_normal(shape) * 2.0
        elif kind == "pos":
            v = rng.uniform(0.1, 4.0, shape)
        elif kind == "nonzero":
            v = rng.uniform(0.5, 3.0, shape) * rng.choice([-1.0, 1.0], shape)
        elif kind == "unit":
            v = rng.uniform(-0.9, 0.9, shape)
        elif kind == "small01":
            v = rng.uniform(0.5, 1.5, shape)
        else:
            raise ValueError(kind)
        return np.asarray(v).astype(dt)
    info = np.iinfo(dt)
    signed = dt.kind == "i"
    if kind == "nonzero":
        v = rng.integers(1, 8, size=shape)
        if signed:
            v = v * rng.choice([-1, 1], shape)
        return np.asarray(v).astype(dt)
    if isinstance(kind, tuple):
        lo, hi = kind
    elif kind in ("normal", "small"):
        lo, hi = INT_SMALL[dt.name]
    elif kind == "pos":
        lo, hi = 0, INT_SMALL[dt.name][1]
    elif kind == "wide":
        lo, hi = int(info.min) + (1 if signed else 0), int(info.max)
    else:
        raise ValueError(kind)
    v = rng.integers(lo, hi, size=shape, dtype=dt, endpoint=True)
    return np.asarray(v, dtype=dt)


def with_equal(rng, a, b, frac=0.3):
    """Copy some elements of a into b so that equality comparisons hit."""
    b = np.array(b, copy=True)
    m = rng.random(a.shape) < frac
    b[m] = a[m]
    return b


# ---------------------------------------------------------------------------
# tolerances
# ---------------------------------------------------------------------------
TOL = {
    "float32": {"arith": (1e-6, 1e-6), "trans": (1e-5, 1e-5),
                "sum": (1e-5, 1e-5), "dot": (1e-4, 1e-4),
                "model": (1e-4, 1e-3)},
    "float64": {"arith": (1e-14, 1e-14), "trans": (1e-12, 1e-12),
                "sum": (1e-12, 1e-12), "dot": (1e-11, 1e-11),
                "model": (1e-10, 1e-9)},
}


def kind_for(level, outs):
    if level == "exact":
        return "exact"
    fl = [np.dtype(o.dtype).name for o in outs if np.dtype(o.dtype).kind == "f"]
    if not fl:
        return "exact"
    key = "float32" if "float32" in fl else "float64"
    atol, rtol = TOL[key][level]
    return {"atol": atol, "rtol": rtol}


# ---------------------------------------------------------------------------
# case registry
# ---------------------------------------------------------------------------
CASES = []
NAMES = set()
BUILD_ERRORS = []


def add(name, fn, inputs, level="exact", note=None, group=None):
    if name in NAMES:
        raise ValueError("duplicate case name " + name)
    NAMES.add(name)
    fn.__name__ = re.sub(r"\W", "_", name)
    CASES.append(dict(name=name, fn=fn, inputs=[np.asarray(a) for a in inputs],
                      level=level, note=note, group=group or group_of(name)))


MULTIWORD = ["reduce_window", "select_and_scatter", "dynamic_slice", "broadcast_in_dim",
             "dot_general", "log_plus_one", "integer_pow", "const_capture", "const_only",
             "const_prim", "multi_result"]


def group_of(name):
    for m in MULTIWORD:
        if name.startswith(m):
            return m
    return name.split("_")[0]


def builder(f):
    """Run a group builder; a failure only loses that group."""
    try:
        f()
    except Exception as e:
        BUILD_ERRORS.append({"builder": f.__name__, "error": repr(e),
                             "traceback": traceback.format_exc()[-2000:]})
        log("BUILD ERROR in", f.__name__, repr(e))
    return f


# ---------------------------------------------------------------------------
# helper primitives (for ops lax cannot emit directly)
# ---------------------------------------------------------------------------
def _get_primitive_cls():
    try:
        from jax.extend.core import Primitive
        return Primitive
    except Exception:
        from jax._src.core import Primitive
        return Primitive


def _get_shaped_array():
    try:
        from jax.core import ShapedArray
        return ShapedArray
    except Exception:
        from jax._src.core import ShapedArray
        return ShapedArray


_INT_POW = []


def int_power(x, y):
    """stablehlo.power on integer operands (lax.pow only takes float bases)."""
    if not _INT_POW:
        from jax.interpreters import mlir as jmlir
        from jax._src.lib.mlir.dialects import hlo
        p = _get_primitive_cls()("hlotrain_int_power")
        p.def_abstract_eval(lambda x, y: x)
        jmlir.register_lowering(p, lambda ctx, x, y: [hlo.power(x, y)])
        _INT_POW.append(p)
    return _INT_POW[0].bind(x, y)


_LOGISTIC = []


def hlo_logistic(x):
    """stablehlo.logistic (jax lowers lax.logistic to negate/exp/add/divide)."""
    if not _LOGISTIC:
        from jax.interpreters import mlir as jmlir
        from jax._src.lib.mlir.dialects import hlo
        p = _get_primitive_cls()("hlotrain_logistic")
        p.def_abstract_eval(lambda x: x)
        jmlir.register_lowering(p, lambda ctx, x: [hlo.logistic(x)])
        _LOGISTIC.append(p)
    return _LOGISTIC[0].bind(x)


class _HashableArray:
    def __init__(self, a):
        self.a = a

    def __hash__(self):
        return id(self)

    def __eq__(self, other):
        return self is other


_CONST_P = []


def embedded_const(a):
    """A stablehlo.constant emitted by JAX's own mlir.ir_constant."""
    if not _CONST_P:
        from jax.interpreters import mlir as jmlir
        SA = _get_shaped_array()
        p = _get_primitive_cls()("hlotrain_embed_const")
        p.def_abstract_eval(lambda *, val: SA(val.a.shape, val.a.dtype))

        try:
            ir_constant = jmlir.ir_constant
        except AttributeError:
            from jax._src.interpreters.mlir import ir_constant

        def rule(ctx, *, val):
            return [ir_constant(val.a)]
        jmlir.register_lowering(p, rule)
        _CONST_P.append(p)
    return _CONST_P[0].bind(val=_HashableArray(np.asarray(a)))


# ---------------------------------------------------------------------------
# case groups
# ---------------------------------------------------------------------------
@builder
def build_constants():
    r = rng_for("constants")
    c_hex = r.standard_normal((12, 12)).astype(f32)          # 144 > 100 -> hex
    c_dec = r.standard_normal((8, 8)).astype(f32)            # 64 -> decimal
    c_f64_hex = r.standard_normal((11, 11)).astype(f64)      # 121 -> hex
    c_i32_hex = r.integers(-1000, 1000, (16, 16)).astype(i32)
    c_i64_dec = r.integers(-10**12, 10**12, (4, 5)).astype(i64)
    c_u8_hex = r.integers(0, 256, (128,)).astype(u8)
    c_u64_dec = np.array([0, 1, 2**63, 2**64 - 1, 12345678901234567890], dtype=u64)
    c_bool_dec = (r.random((6, 5)) < 0.5)
    c_bool_hex = (r.random((12, 12)) < 0.5)
    splat = np.full((6, 6), 2.5, f32)
    splat_i = np.full((3, 4), -7, i32)

    x = gen(rng_for("const_capture_f32_hex"), f32, (12, 12))
    add("const_capture_f32_hex", lambda x: x + c_hex, [x], "arith")
    x = gen(rng_for("const_capture_f32_dec"), f32, (8, 8))
    add("const_capture_f32_dec", lambda x: x * c_dec, [x], "exact")
    x = gen(rng_for("const_capture_f64_hex"), f64, (11, 11))
    add("const_capture_f64_hex", lambda x: x - c_f64_hex, [x], "exact")
    x = gen(rng_for("const_capture_i32_hex"), i32, (16, 16))
    add("const_capture_i32_hex", lambda x: x + c_i32_hex, [x])
    x = gen(rng_for("const_capture_i64_dec"), i64, (4, 5))
    add("const_capture_i64_dec", lambda x: x + c_i64_dec, [x])
    x = gen(rng_for("const_capture_u8_hex"), u8, (128,), "wide")
    add("const_capture_u8_hex", lambda x: lax.bitwise_xor(x, c_u8_hex), [x])
    x = gen(rng_for("const_capture_u64_dec"), u64, (5,), "wide")
    add("const_capture_u64_dec", lambda x: lax.bitwise_xor(x, c_u64_dec), [x])
    x = gen(rng_for("const_capture_i1_dec"), b1, (6, 5))
    add("const_capture_i1_dec", lambda x: lax.bitwise_xor(x, c_bool_dec), [x])
    x = gen(rng_for("const_capture_i1_hex"), b1, (12, 12))
    add("const_capture_i1_hex", lambda x: lax.bitwise_and(x, c_bool_hex), [x])
    x = gen(rng_for("const_capture_f32_splat"), f32, (6, 6))
    add("const_capture_f32_splat", lambda x: x * splat, [x], "exact")
    x = gen(rng_for("const_capture_i32_splat"), i32, (3, 4))
    add("const_capture_i32_splat", lambda x: x * splat_i, [x])

    # zero-input functions returning constants
    add("const_only_f32_dec", lambda: c_dec, [])
    add("const_only_f32_hex", lambda: c_hex, [])
    special = np.array([0.0, -0.0, 1.0, -1.5, np.inf, -np.inf,
                        np.finfo(f32).max, np.finfo(f32).tiny,
                        1e-45, 3.14159265], dtype=f32)
    add("const_only_f32_special", lambda: special, [],
        note="contains -0.0, +-inf, max, smallest normal, a denormal")
    special64 = np.array([0.0, -0.0, np.inf, -np.inf, np.finfo(f64).max,
                          5e-324, 0.1, 1.0 / 3.0], dtype=f64)
    add("const_only_f64_special", lambda: special64, [])
    nan = np.array([np.nan, 1.0, -np.nan], dtype=f32)
    add("const_only_f32_nan", lambda: nan, [],
        note="contains NaN: compare with NaN == NaN")
    i64ext = np.array([np.iinfo(i64).min, -1, 0, 1, np.iinfo(i64).max], dtype=i64)
    add("const_only_i64_extremes", lambda: i64ext, [])
    i8all = np.arange(-128, 128, dtype=i8)
    add("const_only_i8_all", lambda: i8all, [])
    u16ext = np.array([0, 1, 32767, 32768, 65535], dtype=u16)
    add("const_only_ui16_extremes", lambda: u16ext, [])
    add("const_only_u64_dec", lambda: c_u64_dec, [])
    add("const_only_i1_hex", lambda: c_bool_hex, [])
    add("const_only_f32_splat", lambda: splat, [])
    add("const_only_scalar_f64", lambda: np.array(2.718281828459045, f64), [])
    add("const_only_scalar_i1", lambda: np.array(True), [])
    # constants emitted through JAX's own mlir.ir_constant (independent of
    # how jit treats closed-over numpy arrays in this jax version)
    x = gen(rng_for("const_prim_f32_hex"), f32, (12, 12))
    add("const_prim_f32_hex", lambda x: x + embedded_const(c_hex), [x], "arith")
    x = gen(rng_for("const_prim_i32_hex"), i32, (16, 16))
    add("const_prim_i32_hex", lambda x: x + embedded_const(c_i32_hex), [x])
    add("const_prim_f32_dec", lambda: embedded_const(c_dec), [])
    add("const_prim_f32_splat", lambda: embedded_const(splat), [])


@builder
def build_iota():
    add("iota_f32_1d", lambda: lax.iota(f32, 8), [])
    add("iota_i32_1d", lambda: lax.iota(i32, 6), [])
    add("iota_ui8_1d", lambda: lax.iota(u8, 5), [])
    add("iota_i64_bcast_d0", lambda: lax.broadcasted_iota(i64, (3, 4), 0), [])
    add("iota_f64_bcast_d1", lambda: lax.broadcasted_iota(f64, (3, 4), 1), [])
    add("iota_ui32_bcast_d2", lambda: lax.broadcasted_iota(u32, (2, 3, 4), 2), [])
    add("iota_i16_bcast_d1_r3", lambda: lax.broadcasted_iota(i16, (2, 3, 4), 1), [])
    x = gen(rng_for("iota_plus_input_f32"), f32, (4, 5))
    add("iota_plus_input_f32",
        lambda x: x + lax.broadcasted_iota(f32, (4, 5), 0) * 10.0, [x], "exact")


def _bin(name, op, dts, kinds=("normal", "normal"), level_float="exact",
         shape=(3, 4), prep=None):
    for dt in dts:
        cname = "%s_%s" % (name, tn(dt))
        r = rng_for(cname)
        a = gen(r, dt, shape, kinds[0])
        b = gen(r, dt, shape, kinds[1])
        if prep is not None:
            a, b = prep(r, dt, a, b)
        lvl = level_float if np.dtype(dt).kind == "f" else "exact"
        add(cname, (lambda op: lambda a, b: op(a, b))(op), [a, b], lvl)


def _un(name, op, dts, kind="normal", level_float="trans", shape=(3, 4)):
    for dt in dts:
        cname = "%s_%s" % (name, tn(dt))
        a = gen(rng_for(cname), dt, shape, kind)
        lvl = level_float if np.dtype(dt).kind == "f" else "exact"
        add(cname, (lambda op: lambda a: op(a))(op), [a], lvl)


def _sub_prep(r, dt, a, b):
    if np.dtype(dt).kind == "u":
        return np.maximum(a, b), np.minimum(a, b)
    return a, b


@builder
def build_elementwise():
    _bin("add", lax.add, NUMS)
    _bin("subtract", lax.sub, NUMS, prep=_sub_prep)
    _bin("multiply", lax.mul, NUMS)
    _bin("maximum", lax.max, NUMS, prep=lambda r, dt, a, b: (a, with_equal(r, a, b)))
    _bin("minimum", lax.min, NUMS, prep=lambda r, dt, a, b: (a, with_equal(r, a, b)))
    _bin("divide", lax.div, FLOATS, ("normal", "nonzero"), "arith")
    _bin("divide", lax.div, INTS, ("wide", "nonzero"))
    _bin("remainder", lax.rem, FLOATS, ("normal", "nonzero"), "arith")
    _bin("remainder", lax.rem, INTS, ("wide", "nonzero"))
    # explicit negative-operand integer division / remainder
    a = np.array([7, -7, 7, -7, 0, 5, -5, 1, -1, 9, -9, 100], dtype=i32)
    b = np.array([2, 2, -2, -2, 3, 7, 7, -3, 3, 4, -4, -7], dtype=i32)
    add("divide_i32_signs", lambda a, b: lax.div(a, b), [a, b])
    add("remainder_i32_signs", lambda a, b: lax.rem(a, b), [a, b])
    af = a.astype(f32) + np.float32(0.5)
    bf = b.astype(f32)
    add("remainder_f32_signs", lambda a, b: lax.rem(a, b), [af, bf], "arith")
    # scalars
    r = rng_for("add_scalar")
    add("add_f32_scalar", lambda a, b: a + b, [gen(r, f32, ()), gen(r, f32, ())])
    add("multiply_i64_scalar", lambda a, b: a * b, [gen(r, i64, ()), gen(r, i64, ())])
    # bitwise / logical
    for nm, op in [("and", lax.bitwise_and), ("or", lax.bitwise_or),
                   ("xor", lax.bitwise_xor)]:
        _bin(nm, op, INTS + [b1], ("wide", "wide"))
    bnot = getattr(lax, "bitwise_not", None) or getattr(lax, "not_")
    _un("not", bnot, INTS + [b1], "wide", "exact")
    # unary
    _un("negate", lax.neg, FLOATS + SINTS, "normal", "exact")
    _un("abs", lax.abs, FLOATS + SINTS, "normal", "exact")
    _un("sign", lax.sign, FLOATS + SINTS, "normal", "exact")
    for dt in FLOATS:
        a = gen(rng_for("sign_zero_" + tn(dt)), dt, (8,))
        a[:3] = [0.0, -0.0, 0.0]
        add("sign_zero_" + tn(dt), lambda a: lax.sign(a), [a])
    _un("exponential", lax.exp, FLOATS, (-5.0, 5.0))
    _un("log", lax.log, FLOATS, "pos")
    _un("log_plus_one", lax.log1p, FLOATS, (-0.6, 3.0))
    _un("sqrt", lax.sqrt, FLOATS, "pos", "arith")
    _un("rsqrt", lax.rsqrt, FLOATS, "pos")
    _un("tanh", lax.tanh, FLOATS, (-4.0, 4.0))
    _un("logistic", lax.logistic, FLOATS, (-8.0, 8.0))
    for dt in FLOATS:
        cname = "logistic_op_" + tn(dt)
        add(cname, lambda a: hlo_logistic(a), [gen(rng_for(cname), dt, (3, 4), (-8.0, 8.0))],
            "trans", note="stablehlo.logistic via a custom primitive lowering to hlo.logistic")
    # power
    for dt in FLOATS:
        cname = "power_" + tn(dt)
        r = rng_for(cname)
        add(cname, lambda a, b: lax.pow(a, b),
            [gen(r, dt, (3, 4), (0.2, 3.0)), gen(r, dt, (3, 4), (-2.0, 2.5))], "trans")
        cname = "power_%s_int_exponent" % tn(dt)
        r = rng_for(cname)
        add(cname, lambda a, b: lax.pow(a, b),
            [gen(r, dt, (3, 4), "nonzero"), gen(r, i32, (3, 4), (-3, 4))], "trans")
    for dt, base, ex in [(i32, (-4, 4), (0, 5)), (i64, (-9, 9), (0, 9)),
                         (i8, (-3, 3), (0, 4)), (u8, (0, 3), (0, 5)),
                         (u32, (0, 9), (0, 7))]:
        cname = "power_" + tn(dt)
        r = rng_for(cname)
        add(cname, lambda a, b: int_power(a, b),
            [gen(r, dt, (3, 4), base), gen(r, dt, (3, 4), ex)],
            note="integer stablehlo.power via a custom primitive lowering to hlo.power")
    for dt in [f32, i32]:
        cname = "integer_pow3_" + tn(dt)
        add(cname, lambda a: lax.integer_pow(a, 3),
            [gen(rng_for(cname), dt, (3, 4), "normal" if dt == f32 else (-20, 20))],
            "arith", note="lax.integer_pow expands to multiplies")


@builder
def build_clamp_select():
    for dt in [f32, f64, i32, i8, u8, u64]:
        cname = "clamp_scalar_" + tn(dt)
        r = rng_for(cname)
        x = gen(r, dt, (3, 4), "normal")
        if np.dtype(dt).kind == "f":
            lo, hi = np.array(-1.0, dt), np.array(1.5, dt)
        elif np.dtype(dt).kind == "u":
            lo, hi = np.array(3, dt), np.array(9, dt)
        else:
            lo, hi = np.array(-3, dt), np.array(5, dt)
        add(cname, lambda lo, x, hi: lax.clamp(lo, x, hi), [lo, x, hi])
        cname = "clamp_tensor_" + tn(dt)
        r = rng_for(cname)
        x = gen(r, dt, (3, 4), "normal")
        lo = gen(r, dt, (3, 4), "normal")
        hi = np.maximum(lo, gen(r, dt, (3, 4), "normal"))
        add(cname, lambda lo, x, hi: lax.clamp(lo, x, hi), [lo, x, hi])
    x = gen(rng_for("clamp_const_bounds_f32"), f32, (3, 4))
    add("clamp_const_bounds_f32", lambda x: lax.clamp(np.float32(-0.5), x, np.float32(0.5)), [x])
    for dt in [f32, f64, i32, u64, b1, i8]:
        cname = "select_full_" + tn(dt)
        r = rng_for(cname)
        add(cname, lambda p, a, b: lax.select(p, a, b),
            [gen(r, b1, (3, 4)), gen(r, dt, (3, 4)), gen(r, dt, (3, 4))])
    for dt in [f32, i32]:
        for pv in (True, False):
            cname = "select_scalar_pred_%s_%s" % (str(pv).lower(), tn(dt))
            r = rng_for(cname)
            add(cname, lambda p, a, b: lax.select(p, a, b),
                [np.array(pv), gen(r, dt, (3, 4)), gen(r, dt, (3, 4))])


@builder
def build_compare():
    dirs = [("eq", lax.eq), ("ne", lax.ne), ("lt", lax.lt), ("le", lax.le),
            ("gt", lax.gt), ("ge", lax.ge)]
    for dt in [f32, f64, i8, i32, i64, u8, u32, u64, b1]:
        for dn, op in dirs:
            cname = "compare_%s_%s" % (dn, tn(dt))
            r = rng_for(cname)
            kind = "normal" if np.dtype(dt).kind == "f" else "wide"
            a = gen(r, dt, (3, 4), kind)
            b = with_equal(r, a, gen(r, dt, (3, 4), kind))
            add(cname, (lambda op: lambda a, b: op(a, b))(op), [a, b])
    # float special values: +-0, inf
    a = np.array([0.0, -0.0, np.inf, -np.inf, 1.0, -1.0], dtype=f32)
    b = np.array([-0.0, 0.0, np.inf, np.inf, -np.inf, -1.0], dtype=f32)
    for dn, op in dirs:
        add("compare_%s_f32_special" % dn, (lambda op: lambda a, b: op(a, b))(op), [a, b])
    # scalar compare
    r = rng_for("compare_lt_i32_scalar")
    add("compare_lt_i32_scalar", lambda a, b: lax.lt(a, b),
        [gen(r, i32, ()), gen(r, i32, ())])


@builder
def build_convert():
    pairs = [
        # float -> int (in range, truncation toward zero)
        (f32, i32, (-1000.0, 1000.0)), (f32, i8, (-120.0, 120.0)),
        (f64, i64, (-1e12, 1e12)), (f32, u8, (0.0, 250.0)),
        (f64, u32, (0.0, 4e9)), (f32, i16, (-30000.0, 30000.0)),
        (f64, u64, (0.0, 1e15)), (f64, i32, (-2e9, 2e9)),
        (f32, u16, (0.0, 65000.0)), (f32, i64, (-1e9, 1e9)),
        # int -> float
        (i32, f32, "wide"), (i64, f64, (-2**52, 2**52)), (u8, f32, "wide"),
        (u64, f64, (0, 2**53)), (i8, f64, "wide"), (u32, f32, (0, 2**24)),
        (i16, f32, "wide"), (i64, f32, (-2**24, 2**24)),
        # int -> int, in range
        (i32, i8, (-128, 127)), (i8, i32, "wide"), (i16, i64, "wide"),
        (i64, i32, (-2**31, 2**31 - 1)), (u8, i32, "wide"), (i32, u8, (0, 255)),
        (u16, u32, "wide"), (u64, u8, (0, 255)), (i8, u8, (0, 127)),
        (u8, i8, (0, 127)), (i64, u64, (0, 2**63 - 1)), (u32, i64, "wide"),
        (u8, u64, "wide"), (i8, i64, "wide"), (u16, i16, (0, 32767)),
        # float <-> float
        (f32, f64, "normal"), (f64, f32, "normal"),
        # bool <-> numbers
        (b1, f32, None), (b1, i32, None), (b1, u8, None), (b1, f64, None),
        (b1, i64, None), (f32, b1, None), (i32, b1, None), (u8, b1, None),
        (f64, b1, None),
    ]
    for src, dst, kind in pairs:
        cname = "convert_%s_to_%s" % (tn(src), tn(dst))
        r = rng_for(cname)
        if np.dtype(src) == np.bool_:
            x = gen(r, src, (3, 4))
        elif np.dtype(dst) == np.bool_:
            x = gen(r, src, (3, 4), "normal")
            x.reshape(-1)[::3] = 0
        else:
            x = gen(r, src, (3, 4), kind)
        lvl = "arith" if (np.dtype(src).kind == "f" and np.dtype(dst).kind == "f") else "exact"
        if (src, dst) == (f32, f64):
            lvl = "exact"
        add(cname, (lambda d: lambda x: lax.convert_element_type(x, d))(dst), [x], lvl)
    # out-of-range integer conversions: XLA wraps (two's complement bits)
    for src, dst in [(i32, i8), (i32, u32), (u32, i32), (i64, u8), (u64, i64), (i8, u16)]:
        cname = "convert_wrap_%s_to_%s" % (tn(src), tn(dst))
        x = gen(rng_for(cname), src, (3, 4), "wide")
        add(cname, (lambda d: lambda x: lax.convert_element_type(x, d))(dst), [x],
            note="out-of-range integer conversion; XLA keeps the low bits (two's complement wrap)")


@builder
def build_shape_ops():
    specs = [
        ((3,), (2, 3), (1,)), ((3,), (3, 4), (0,)), ((1, 3), (4, 3), (0, 1)),
        ((), (2, 3), ()), ((2, 1, 4), (2, 3, 4, 5), (0, 1, 2)),
        ((4,), (2, 3, 4), (2,)), ((2, 1), (2, 5), (0, 1)), ((1,), (3, 2), (1,)),
    ]
    for k, (s, t, d) in enumerate(specs):
        for dt in ([f32, i32, b1, u8] if k < 4 else [f32]):
            cname = "broadcast_in_dim_%d_%s" % (k, tn(dt))
            x = gen(rng_for(cname), dt, s)
            add(cname, (lambda t, d: lambda x: lax.broadcast_in_dim(x, t, d))(t, d), [x])
    rs = [((2, 3, 4), (6, 4)), ((2, 3, 4), (24,)), ((4, 6), (2, 2, 2, 3)),
          ((1, 1), ()), ((), (1, 1, 1)), ((6,), (3, 2))]
    for k, (s, t) in enumerate(rs):
        for dt in [f32, i64]:
            cname = "reshape_%d_%s" % (k, tn(dt))
            x = gen(rng_for(cname), dt, s)
            add(cname, (lambda t: lambda x: lax.reshape(x, t))(t), [x])
    ts = [((3, 4), (1, 0)), ((2, 3, 4), (2, 0, 1)), ((2, 3, 4), (1, 0, 2)),
          ((2, 3, 4, 5), (0, 2, 3, 1)), ((2, 3, 4, 5), (3, 1, 0, 2)),
          ((2, 3, 4), (0, 1, 2))]
    for k, (s, p) in enumerate(ts):
        for dt in [f32, i32, u16]:
            cname = "transpose_%d_%s" % (k, tn(dt))
            x = gen(rng_for(cname), dt, s)
            add(cname, (lambda p: lambda x: lax.transpose(x, p))(p), [x])
    ss = [((6, 8), (1, 2), (5, 8), (2, 3)), ((6, 8), (0, 0), (6, 8), None),
          ((4, 5, 6), (1, 0, 2), (3, 5, 6), (1, 2, 3)), ((10,), (9,), (10,), None),
          ((7,), (0,), (7,), (3,)), ((4, 4), (2, 1), (4, 3), None)]
    for k, (s, st, li, sd) in enumerate(ss):
        for dt in [f32, i8]:
            cname = "slice_%d_%s" % (k, tn(dt))
            x = gen(rng_for(cname), dt, s)
            add(cname, (lambda st, li, sd: lambda x: lax.slice(x, st, li, sd))(st, li, sd), [x])
    # dynamic_slice, indices as scalar inputs
    for k, (i, j) in enumerate([(1, 2), (5, 7), (100, 100), (3, 0), (0, 4), (-1, -3), (-100, 2)]):
        cname = "dynamic_slice_%d_f32" % k
        x = gen(rng_for(cname), f32, (6, 8))
        add(cname, lambda x, i, j: lax.dynamic_slice(x, (i, j), (3, 4)),
            [x, np.array(i, i32), np.array(j, i32)],
            note="indices (%d,%d); jax normalizes negative indices, stablehlo clamps" % (i, j))
    for k, (i, j) in enumerate([(1, 2), (5, 7), (-2, -1)]):
        cname = "dynamic_slice_nonneg_%d_i32" % k
        x = gen(rng_for(cname), i32, (6, 8))

        def f(x, i, j):
            try:
                return lax.dynamic_slice(x, (i, j), (3, 4), allow_negative_indices=False)
            except TypeError:
                return lax.dynamic_slice(x, (i, j), (3, 4))
        add(cname, f, [x, np.array(i, i32), np.array(j, i32)],
            note="allow_negative_indices=False where supported")
    for idt in [i64, u32]:
        cname = "dynamic_slice_idx_%s" % tn(idt)
        x = gen(rng_for(cname), f32, (5, 5, 4))
        add(cname, lambda x, i, j, k: lax.dynamic_slice(x, (i, j, k), (2, 3, 4)),
            [x, np.array(2, idt), np.array(4, idt), np.array(1, idt)])
    # concatenate
    for dim, shapes in [(0, [(2, 3), (1, 3), (4, 3)]), (1, [(2, 1), (2, 3), (2, 2)])]:
        for dt in [f32, i32, b1]:
            cname = "concatenate_d%d_%s" % (dim, tn(dt))
            r = rng_for(cname)
            xs = [gen(r, dt, s) for s in shapes]
            add(cname, (lambda dim: lambda a, b, c: lax.concatenate([a, b, c], dim))(dim), xs)
    cname = "concatenate_d2_r3_f64"
    r = rng_for(cname)
    add(cname, lambda a, b, c: lax.concatenate([a, b, c], 2),
        [gen(r, f64, (2, 2, k)) for k in (1, 2, 3)])
    # pad
    pads = [[(1, 2, 0), (0, 1, 1)], [(-1, 2, 1), (2, -1, 0)],
            [(-2, -1, 2), (1, 1, 1)], [(0, 0, 0), (0, 0, 0)], [(0, 0, 3), (-3, -2, 1)]]
    for k, cfg in enumerate(pads):
        for dt in [f32, i32, u8]:
            cname = "pad_%d_%s" % (k, tn(dt))
            x = gen(rng_for(cname), dt, (3, 4))
            pv = np.array(-1 if np.dtype(dt).kind != "u" else 7, dt)
            add(cname, (lambda cfg, pv: lambda x: lax.pad(x, pv, cfg))(cfg, pv), [x])
    cname = "pad_value_input_f32"
    x = gen(rng_for(cname), f32, (2, 3, 2))
    add(cname, lambda x, v: lax.pad(x, v, [(1, 0, 1), (0, -1, 0), (2, 1, 0)]),
        [x, np.array(9.5, f32)])
    # reverse
    for k, (s, d) in enumerate([((5,), (0,)), ((3, 4), (0,)), ((3, 4), (1,)),
                                ((2, 3, 4), (0, 2)), ((2, 3, 4), (0, 1, 2))]):
        for dt in [f32, i64]:
            cname = "reverse_%d_%s" % (k, tn(dt))
            x = gen(rng_for(cname), dt, s)
            add(cname, (lambda d: lambda x: lax.rev(x, d))(d), [x])


@builder
def build_dot():
    specs = [
        ("matmul", (4, 5), (5, 3), (((1,), (0,)), ((), ()))),
        ("matmul_rhs_t", (4, 5), (3, 5), (((1,), (1,)), ((), ()))),
        ("batched", (2, 4, 5), (2, 5, 3), (((2,), (1,)), ((0,), (0,)))),
        ("batch_mid", (4, 2, 5), (5, 2, 3), (((2,), (0,)), ((1,), (1,)))),
        ("multi_contract", (2, 3, 4), (3, 4, 5), (((1, 2), (0, 1)), ((), ()))),
        ("vector", (7,), (7,), (((0,), (0,)), ((), ()))),
        ("matvec", (4, 6), (6,), (((1,), (0,)), ((), ()))),
        ("outer", (3,), (4,), (((), ()), ((), ()))),
        ("two_batch", (2, 3, 4, 5), (2, 3, 5, 2), (((3,), (2,)), ((0, 1), (0, 1)))),
    ]
    for nm, sa, sb, dn in specs:
        for dt in [f32, f64, i32]:
            cname = "dot_general_%s_%s" % (nm, tn(dt))
            r = rng_for(cname)
            a = gen(r, dt, sa, "normal" if dt != i32 else (-20, 20))
            b = gen(r, dt, sb, "normal" if dt != i32 else (-20, 20))
            add(cname, (lambda dn: lambda a, b: lax.dot_general(a, b, dn))(dn), [a, b], "dot")
    cname = "dot_general_precision_highest_f32"
    r = rng_for(cname)
    add(cname, lambda a, b: lax.dot_general(a, b, (((1,), (0,)), ((), ())),
                                            precision=lax.Precision.HIGHEST),
        [gen(r, f32, (3, 4)), gen(r, f32, (4, 2))], "dot")
    cname = "dot_general_i8_pref_i32"
    r = rng_for(cname)
    add(cname, lambda a, b: lax.dot_general(a, b, (((1,), (0,)), ((), ())),
                                            preferred_element_type=i32),
        [gen(r, i8, (3, 4), "wide"), gen(r, i8, (4, 2), "wide")])
    cname = "dot_general_f32_pref_f64"
    r = rng_for(cname)
    add(cname, lambda a, b: lax.dot_general(a, b, (((1,), (0,)), ((), ())),
                                            preferred_element_type=f64),
        [gen(r, f32, (3, 4)), gen(r, f32, (4, 2))], "dot")


@builder
def build_conv():
    C = lax.conv_general_dilated
    specs = [
        # name, lhs shape, rhs shape, kwargs
        ("nchw_valid", (2, 3, 7, 7), (4, 3, 3, 3),
         dict(window_strides=(1, 1), padding="VALID", dimension_numbers=("NCHW", "OIHW", "NCHW"))),
        ("nchw_stride_asym_pad", (2, 3, 7, 8), (4, 3, 3, 2),
         dict(window_strides=(2, 2), padding=((1, 2), (0, 1)), dimension_numbers=("NCHW", "OIHW", "NCHW"))),
        ("nchw_lhs_dilation", (1, 2, 4, 4), (3, 2, 3, 3),
         dict(window_strides=(1, 1), padding=((1, 1), (2, 0)), lhs_dilation=(2, 2),
              dimension_numbers=("NCHW", "OIHW", "NCHW"))),
        ("nchw_rhs_dilation", (2, 2, 8, 7), (3, 2, 3, 2),
         dict(window_strides=(1, 2), padding=((0, 0), (1, 1)), rhs_dilation=(2, 1),
              dimension_numbers=("NCHW", "OIHW", "NCHW"))),
        ("nchw_depthwise", (2, 3, 6, 6), (6, 1, 3, 3),
         dict(window_strides=(1, 1), padding="SAME", feature_group_count=3,
              dimension_numbers=("NCHW", "OIHW", "NCHW"))),
        ("nchw_groups2", (1, 4, 5, 5), (6, 2, 2, 2),
         dict(window_strides=(1, 1), padding="VALID", feature_group_count=2,
              dimension_numbers=("NCHW", "OIHW", "NCHW"))),
        ("nchw_batch_group", (4, 2, 5, 5), (6, 2, 3, 3),
         dict(window_strides=(1, 1), padding="VALID", batch_group_count=2,
              dimension_numbers=("NCHW", "OIHW", "NCHW"))),
        ("nhwc_same", (2, 7, 7, 3), (3, 3, 3, 4),
         dict(window_strides=(1, 1), padding="SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))),
        ("nhwc_stride2_pad", (2, 9, 8, 2), (3, 2, 2, 3),
         dict(window_strides=(2, 3), padding=((2, 1), (0, 2)), dimension_numbers=("NHWC", "HWIO", "NHWC"))),
        ("nhwc_all_dilations", (1, 5, 5, 2), (2, 2, 2, 2),
         dict(window_strides=(2, 1), padding=((1, 0), (0, 1)), lhs_dilation=(1, 2), rhs_dilation=(2, 2),
              dimension_numbers=("NHWC", "HWIO", "NHWC"))),
        ("1d_nch", (2, 3, 10), (4, 3, 3),
         dict(window_strides=(2,), padding=((2, 1),), dimension_numbers=("NCH", "OIH", "NCH"))),
        ("1d_nwc", (2, 9, 2), (4, 2, 3),
         dict(window_strides=(1,), padding="SAME", rhs_dilation=(2,), dimension_numbers=("NWC", "WIO", "NWC"))),
        ("nchw_neg_pad", (1, 2, 6, 6), (2, 2, 2, 2),
         dict(window_strides=(1, 1), padding=((-1, 0), (0, -1)), dimension_numbers=("NCHW", "OIHW", "NCHW"))),
    ]
    for k, (nm, sl, sr, kw) in enumerate(specs):
        dts = [f32, f64] if k in (0, 1, 2, 4, 6, 7, 10) else [f32]
        for dt in dts:
            cname = "convolution_%s_%s" % (nm, tn(dt))
            r = rng_for(cname)
            lhs = gen(r, dt, sl)
            rhs = gen(r, dt, sr)
            add(cname, (lambda kw: lambda l, rr: C(l, rr, **kw))(kw), [lhs, rhs], "dot",
                note=repr(kw))


@builder
def build_reduce():
    for dt in [f32, f64, i32, u8, i64]:
        for dims in [(1,), (0, 2), (0, 1, 2)]:
            cname = "reduce_add_%s_d%s" % (tn(dt), "".join(map(str, dims)))
            x = gen(rng_for(cname), dt, (3, 4, 5), "normal" if dt != u8 else (0, 4))
            add(cname, (lambda dims, dt: lambda x: lax.reduce(x, np.array(0, dt), lax.add, dims))(dims, dt),
                [x], "sum")
    for dt in [f32, i32]:
        cname = "reduce_mul_%s" % tn(dt)
        x = gen(rng_for(cname), dt, (3, 4), "small01" if dt == f32 else (-3, 3))
        add(cname, (lambda dt: lambda x: lax.reduce(x, np.array(1, dt), lax.mul, (1,)))(dt), [x], "sum")
    for dt in [f32, f64, i32, u16, i8]:
        for nm, op, init in [("max", lax.max, "min"), ("min", lax.min, "max")]:
            if np.dtype(dt).kind == "f":
                iv = np.array(-np.inf if init == "min" else np.inf, dt)
            else:
                info = np.iinfo(dt)
                iv = np.array(info.min if init == "min" else info.max, dt)
            for dims in [(0,), (0, 1)]:
                cname = "reduce_%s_%s_d%s" % (nm, tn(dt), "".join(map(str, dims)))
                x = gen(rng_for(cname), dt, (4, 5), "wide" if np.dtype(dt).kind != "f" else "normal")
                add(cname, (lambda op, iv, dims: lambda x: lax.reduce(x, iv, op, dims))(op, iv, dims), [x])
    for nm, op, iv in [("and", lax.bitwise_and, True), ("or", lax.bitwise_or, False)]:
        for dims in [(1,), (0, 1)]:
            cname = "reduce_%s_i1_d%s" % (nm, "".join(map(str, dims)))
            x = gen(rng_for(cname), b1, (4, 3))
            x[0, :] = iv  # make one row all-identity
            add(cname, (lambda op, iv, dims: lambda x: lax.reduce(x, np.array(iv), op, dims))(op, iv, dims), [x])
    # non-identity init value: generic reduce
    cname = "reduce_add_init5_f32"
    x = gen(rng_for(cname), f32, (3, 4))
    add(cname, lambda x: lax.reduce(x, np.float32(5.0), lax.add, (1,)), [x], "sum")
    cname = "reduce_init_input_f32"
    x = gen(rng_for(cname), f32, (3, 4))
    add(cname, lambda x, i: lax.reduce(x, i, lax.max, (0,)), [x, np.array(0.25, f32)])

    # variadic argmax-style reduce over (values, indices)
    def argmax_reduce(x):
        idx = lax.broadcasted_iota(i32, x.shape, 1)

        def comb(a, b):
            av, ai = a
            bv, bi = b
            pick_a = lax.bitwise_or(lax.gt(av, bv),
                                    lax.bitwise_and(lax.eq(av, bv), lax.lt(ai, bi)))
            return (lax.select(pick_a, av, bv), lax.select(pick_a, ai, bi))
        return lax.reduce((x, idx), (np.float32(-np.inf), np.int32(0)), comb, (1,))
    cname = "reduce_variadic_argmax_f32"
    x = gen(rng_for(cname), f32, (4, 6))
    x[1, 4] = x[1, 1] = 100.0   # tie -> lowest index
    add(cname, argmax_reduce, [x])

    def minmax(x):
        return lax.reduce((x, x), (np.int32(np.iinfo(i32).max), np.int32(np.iinfo(i32).min)),
                          lambda a, b: (lax.min(a[0], b[0]), lax.max(a[1], b[1])), (0,))
    cname = "reduce_variadic_minmax_i32"
    add(cname, minmax, [gen(rng_for(cname), i32, (5, 3), "wide")])
    cname = "argmax_lax_f32"
    x = gen(rng_for(cname), f32, (4, 6))
    add(cname, lambda x: lax.argmax(x, 1, i32), [x], note="lax.argmax")
    cname = "argmin_lax_i32"
    x = gen(rng_for(cname), i32, (5, 4))
    add(cname, lambda x: lax.argmin(x, 0, i32), [x], note="lax.argmin")


@builder
def build_reduce_window():
    RW = lax.reduce_window
    ninf = np.array(-np.inf, f32)
    specs = [
        ("max_pool2", f32, (1, 1, 8, 8), lax.max, ninf, (1, 1, 2, 2), (1, 1, 2, 2), "VALID", None, None),
        ("max_overlap_pad", f32, (2, 2, 7, 6), lax.max, ninf, (1, 1, 3, 3), (1, 1, 2, 2),
         ((0, 0), (0, 0), (1, 1), (1, 0)), None, None),
        ("add_pad", f32, (1, 2, 5, 5), lax.add, np.array(0, f32), (1, 1, 3, 3), (1, 1, 1, 1),
         ((0, 0), (0, 0), (1, 1), (1, 1)), None, None),
        ("add_base_dilation", f32, (1, 1, 4, 5), lax.add, np.array(0, f32), (1, 1, 2, 2), (1, 1, 1, 1),
         "VALID", (1, 1, 2, 2), None),
        ("max_window_dilation", f32, (1, 1, 7, 7), lax.max, ninf, (1, 1, 2, 3), (1, 1, 1, 2),
         "VALID", None, (1, 1, 2, 2)),
        ("add_i32_2d", i32, (6, 7), lax.add, np.array(0, i32), (3, 2), (2, 1), "VALID", None, None),
        ("max_i32_pad", i32, (5, 5), lax.max, np.array(np.iinfo(i32).min, i32), (2, 2), (2, 2),
         ((1, 0), (0, 1)), None, None),
        ("min_f64", f64, (6, 6), lax.min, np.array(np.inf, f64), (3, 3), (1, 1), "SAME", None, None),
        ("add_f64_all", f64, (2, 6, 5), lax.add, np.array(0, f64), (1, 2, 2), (1, 2, 1),
         ((0, 0), (1, 1), (0, 2)), (1, 1, 2), (1, 2, 1)),
        ("max_init0_f32", f32, (4, 6), lax.max, np.array(0, f32), (2, 2), (1, 2), "VALID", None, None),
        ("max_1d", f32, (9,), lax.max, ninf, (3,), (2,), ((1, 1),), None, None),
    ]
    for nm, dt, shape, op, iv, wd, ws, pad, bd, wdl in specs:
        cname = "reduce_window_%s_%s" % (nm, tn(dt))
        x = gen(rng_for(cname), dt, shape)
        lvl = "sum" if op is lax.add else "exact"
        add(cname, (lambda op, iv, wd, ws, pad, bd, wdl:
                    lambda x: RW(x, iv, op, wd, ws, pad, bd, wdl))(op, iv, wd, ws, pad, bd, wdl),
            [x], lvl, note="window=%s strides=%s padding=%s base_dilation=%s window_dilation=%s"
            % (wd, ws, pad, bd, wdl))


@builder
def build_select_and_scatter():
    def pool(x, wd, ws, pad):
        return lax.reduce_window(x, np.array(-np.inf, x.dtype), lax.max, wd, ws, pad)

    for nm, shape, wd, ws, pad in [
            ("pool2", (1, 1, 6, 6), (1, 1, 2, 2), (1, 1, 2, 2), "VALID"),
            ("overlap3s2_pad", (2, 2, 7, 7), (1, 1, 3, 3), (1, 1, 2, 2),
             ((0, 0), (0, 0), (1, 1), (1, 1))),
            ("2d", (5, 6), (2, 3), (1, 2), "VALID")]:
        for dt in [f32, f64]:
            cname = "select_and_scatter_grad_%s_%s" % (nm, tn(dt))
            r = rng_for(cname)
            x = gen(r, dt, shape)
            wshape = tuple(int(d) for d in jax.eval_shape(
                lambda x: pool(x, wd, ws, pad), jax.ShapeDtypeStruct(shape, dt)).shape)
            w = gen(r, dt, wshape)

            def make_g(wd, ws, pad):
                def g(x, w):
                    return jax.grad(lambda x: jnp.sum(pool(x, wd, ws, pad) * w))(x)
                return g
            add(cname, make_g(wd, ws, pad), [x, w], "sum", note="jax.grad of max pool")
    try:
        from jax._src.lax.windowed_reductions import _select_and_scatter_add
        cname = "select_and_scatter_add_direct_f32"
        r = rng_for(cname)
        x = gen(r, f32, (6, 6))
        s = gen(r, f32, (3, 3))
        add(cname, lambda s, x: _select_and_scatter_add(s, x, lax.ge_p, (2, 2), (2, 2),
                                                        ((0, 0), (0, 0))),
            [s, x], "sum", note="jax._src.lax.windowed_reductions._select_and_scatter_add")
    except Exception as e:
        BUILD_ERRORS.append({"builder": "select_and_scatter_direct", "error": repr(e)})


@builder
def build_calls_and_multi():
    @jax.jit
    def inner(a, b):
        return a * b + 1.0

    def outer(x, y):
        return inner(x, y) - inner(y, x)
    r = rng_for("call_nested_jit_f32")
    add("call_nested_jit_f32", outer, [gen(r, f32, (3, 4)), gen(r, f32, (3, 4))], "arith")

    def inner2(a):
        return a + a, a * a
    inner2_j = jax.jit(inner2, inline=False)

    def outer2(x):
        s, p = inner2_j(x)
        s2, p2 = inner2_j(p)
        return s + s2, p2
    r = rng_for("call_multi_result_i32")
    add("call_multi_result_i32", outer2, [gen(r, i32, (2, 3), (-10, 10))])

    @jax.jit
    def level2(a):
        return lax.neg(a)

    @jax.jit
    def level1(a):
        return level2(a) * 2.0 + level2(a + 1.0)

    r = rng_for("call_two_levels_f64")
    add("call_two_levels_f64", lambda x: level1(x) + 1.0, [gen(r, f64, (4,))], "arith")

    def multi(a, b):
        return a + b, a * b, lax.gt(a, b), lax.convert_element_type(a, i32)
    r = rng_for("multi_result_f32")
    add("multi_result_f32", multi, [gen(r, f32, (3, 4)), gen(r, f32, (3, 4))])

    def passthrough(a, b):
        return b, a
    r = rng_for("multi_result_passthrough")
    add("multi_result_passthrough", passthrough, [gen(r, i64, (2,)), gen(r, b1, (3,))])


def _softmax_ce(logits, labels, nclass):
    m = lax.stop_gradient(jnp.max(logits, axis=1, keepdims=True))
    lse = jnp.log(jnp.sum(jnp.exp(logits - m), axis=1, keepdims=True)) + m
    logp = logits - lse
    onehot = (labels[:, None] == lax.broadcasted_iota(labels.dtype, (1, nclass), 1))
    onehot = onehot.astype(logits.dtype)
    return -jnp.mean(jnp.sum(onehot * logp, axis=1))


@builder
def build_models():
    # (1) MLP train step: value_and_grad of softmax cross-entropy + SGD
    def mlp_step(x, labels, w1, bb1, w2, bb2):
        def loss_fn(w1, bb1, w2, bb2):
            h = jnp.maximum(jnp.dot(x, w1) + bb1, 0.0)
            logits = jnp.dot(h, w2) + bb2
            return _softmax_ce(logits, labels, 4)
        loss, g = jax.value_and_grad(loss_fn, argnums=(0, 1, 2, 3))(w1, bb1, w2, bb2)
        lr = 0.1
        return (loss, w1 - lr * g[0], bb1 - lr * g[1], w2 - lr * g[2], bb2 - lr * g[3])

    for dt in [f32, f64]:
        cname = "model_mlp_train_step_" + tn(dt)
        r = rng_for(cname)
        x = gen(r, dt, (8, 6))
        labels = gen(r, i32, (8,), (0, 3))
        w1 = (r.standard_normal((6, 16)) * 0.4).astype(dt)
        bb1 = (r.standard_normal((16,)) * 0.1).astype(dt)
        w2 = (r.standard_normal((16, 4)) * 0.3).astype(dt)
        bb2 = (r.standard_normal((4,)) * 0.1).astype(dt)
        add(cname, mlp_step, [x, labels, w1, bb1, w2, bb2], "model",
            note="outputs: loss, w1', b1', w2', b2' (SGD lr=0.1)")

    # (2) CNN train step with hand-written Adam
    def cnn_step(x, labels, t, wc, bc, wd, bd, mwc, mbc, mwd, mbd, vwc, vbc, vwd, vbd):
        def loss_fn(params):
            wc, bc, wd, bd = params
            y = lax.conv_general_dilated(x, wc, (1, 1), "SAME",
                                         dimension_numbers=("NCHW", "OIHW", "NCHW"))
            y = y + bc[None, :, None, None]
            y = jnp.maximum(y, 0.0)
            y = lax.reduce_window(y, np.array(-np.inf, y.dtype), lax.max,
                                  (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
            y = jnp.reshape(y, (y.shape[0], -1))
            logits = jnp.dot(y, wd) + bd
            return _softmax_ce(logits, labels, 10)
        params = (wc, bc, wd, bd)
        ms = (mwc, mbc, mwd, mbd)
        vs = (vwc, vbc, vwd, vbd)
        loss, g = jax.value_and_grad(loss_fn)(params)
        beta1, beta2, eps, lr = 0.9, 0.999, 1e-8, 1e-2
        new_p, new_m, new_v = [], [], []
        c1 = 1.0 - lax.pow(jnp.asarray(beta1, t.dtype), t)
        c2 = 1.0 - lax.pow(jnp.asarray(beta2, t.dtype), t)
        for p, m, v, gi in zip(params, ms, vs, g):
            m2 = beta1 * m + (1.0 - beta1) * gi
            v2 = beta2 * v + (1.0 - beta2) * gi * gi
            mhat = m2 / c1
            vhat = v2 / c2
            new_p.append(p - lr * mhat / (lax.sqrt(vhat) + eps))
            new_m.append(m2)
            new_v.append(v2)
        return tuple([loss] + new_p + new_m + new_v)

    for dt in [f32, f64]:
        cname = "model_cnn_adam_step_" + tn(dt)
        r = rng_for(cname)
        x = gen(r, dt, (4, 1, 12, 12))
        labels = gen(r, i32, (4,), (0, 9))
        t = np.array(3.0, dt)
        shapes = [(4, 1, 3, 3), (4,), (144, 10), (10,)]
        scales = [0.5, 0.1, 0.1, 0.1]
        params = [(r.standard_normal(s) * sc).astype(dt) for s, sc in zip(shapes, scales)]
        ms = [(r.standard_normal(s) * 0.01).astype(dt) for s in shapes]
        vs = [r.uniform(0.01, 0.1, s).astype(dt) for s in shapes]
        add(cname, cnn_step, [x, labels, t] + params + ms + vs, "model",
            note="conv3x3 SAME + relu + maxpool2 + dense + softmax CE; Adam t=3 "
                 "(m,v inputs nonzero). outputs: loss, 4 params, 4 m, 4 v")

    # (3) BatchNorm forward + gradient (vjp)
    def bn(x, gamma, beta):
        mean = jnp.mean(x, axis=(0, 2, 3), keepdims=True)
        var = jnp.mean(jnp.square(x - mean), axis=(0, 2, 3), keepdims=True)
        xhat = (x - mean) * lax.rsqrt(var + 1e-5)
        return gamma[None, :, None, None] * xhat + beta[None, :, None, None]

    def bn_fwd_bwd(x, gamma, beta, dy):
        y, vjp = jax.vjp(bn, x, gamma, beta)
        dx, dg, db = vjp(dy)
        return y, dx, dg, db

    for dt in [f32, f64]:
        cname = "model_batchnorm_fwd_bwd_" + tn(dt)
        r = rng_for(cname)
        x = gen(r, dt, (4, 3, 5, 5)) + np.asarray([1.0, -2.0, 0.5], dt)[None, :, None, None]
        add(cname, bn_fwd_bwd, [x.astype(dt), gen(r, dt, (3,), "small01"), gen(r, dt, (3,)),
                                gen(r, dt, (4, 3, 5, 5))], "model",
            note="outputs: y, dx, dgamma, dbeta")

    def bn_pure(x, gamma, beta):
        mean = jnp.mean(x, axis=(0, 2, 3), keepdims=True)
        d = x - mean
        var = jnp.mean(d * d, axis=(0, 2, 3), keepdims=True)
        xhat = d * lax.rsqrt(var + 1e-5)
        return gamma[None, :, None, None] * xhat + beta[None, :, None, None]

    def bn_pure_fwd_bwd(x, gamma, beta, dy):
        y, vjp = jax.vjp(bn_pure, x, gamma, beta)
        dx, dg, db = vjp(dy)
        return y, dx, dg, db

    for dt in [f32, f64]:
        cname = "model_batchnorm_pure_fwd_bwd_" + tn(dt)
        r = rng_for(cname)
        x = gen(r, dt, (4, 3, 5, 5)) + np.asarray([1.0, -2.0, 0.5], dt)[None, :, None, None]
        add(cname, bn_pure_fwd_bwd, [x.astype(dt), gen(r, dt, (3,), "small01"), gen(r, dt, (3,)),
                                     gen(r, dt, (4, 3, 5, 5))], "model",
            note="variance via d*d (no chlo.square). outputs: y, dx, dgamma, dbeta")

    def bn_loss_grad(x, gamma, beta, w):
        def loss(x, gamma, beta):
            return jnp.sum(bn(x, gamma, beta) * w)
        l, g = jax.value_and_grad(loss, argnums=(0, 1, 2))(x, gamma, beta)
        return (l,) + tuple(g)
    cname = "model_batchnorm_value_and_grad_f32"
    r = rng_for(cname)
    add(cname, bn_loss_grad, [gen(r, f32, (2, 3, 4, 4)), gen(r, f32, (3,), "small01"),
                              gen(r, f32, (3,)), gen(r, f32, (2, 3, 4, 4))], "model")


# ---------------------------------------------------------------------------
# op analysis
# ---------------------------------------------------------------------------
ALLOWED_OPS = set("stablehlo." + n for n in """
constant iota add subtract multiply divide remainder maximum minimum negate abs
sign exponential log log_plus_one sqrt rsqrt tanh logistic power clamp select
compare convert broadcast_in_dim reshape transpose slice dynamic_slice
concatenate pad reverse dot_general convolution reduce reduce_window
select_and_scatter and or not xor return""".split())
ALLOWED_OPS |= {"func.func", "func.call", "func.return", "builtin.module"}

GENERIC_OP_RE = re.compile(r'"([A-Za-z_][\w$]*\.[\w$.]+)"\s*\(')
PRETTY_OP_RE = re.compile(r"stablehlo\.\w+|chlo\.\w+|func\.\w+|\bcall\b")


def to_generic(ir_module):
    op = ir_module.operation
    try:
        return op.get_asm(print_generic_op_form=True, enable_debug_info=False)
    except TypeError:
        import io
        buf = io.StringIO()
        op.print(file=buf, print_generic_op_form=True)
        return buf.getvalue()


_PARSE_CTX = []


def reparse_check(text, generic):
    """Parse both forms back with JAX's MLIR context; verify; compare."""
    from jax._src.lib.mlir import ir
    if not _PARSE_CTX:
        from jax._src.interpreters import mlir as jmlir
        _PARSE_CTX.append(jmlir.make_ir_context())
    ctx = _PARSE_CTX[0]
    out = {}
    with ctx:
        m1 = ir.Module.parse(text)
        out["verify_pretty"] = bool(m1.operation.verify())
        m2 = ir.Module.parse(generic)
        out["verify_generic"] = bool(m2.operation.verify())
        p1 = m1.operation.get_asm(enable_debug_info=False)
        p2 = m2.operation.get_asm(enable_debug_info=False)
        out["generic_reparses_identically"] = (p1 == p2)
        out["pretty_reprint_identical"] = (p1.strip() == text.strip())
    return out


def main_arg_count(text):
    for line in text.splitlines():
        if re.search(r"func\.func\s+(public\s+)?@main\(", line):
            return len(set(re.findall(r"%arg\d+\s*:", line)))
    return None


def arr_info(a, fname):
    return {"file": fname, "dtype": np.dtype(a.dtype).name,
            "mlir_type": MLIR_NAME.get(np.dtype(a.dtype).name, np.dtype(a.dtype).name),
            "shape": list(a.shape)}


def run_case(c, casedir):
    name = c["name"]
    rec = {"name": name, "group": c["group"], "note": c["note"]}
    inputs = c["inputs"]
    rec["inputs"] = [arr_info(a, "%s.in%d.npy" % (name, k)) for k, a in enumerate(inputs)]
    jf = jax.jit(c["fn"], keep_unused=True)
    lowered = jf.lower(*inputs)
    text = lowered.as_text()
    if not text.endswith("\n"):
        text += "\n"
    generic = None
    try:
        generic = to_generic(lowered.compiler_ir("stablehlo"))
        if not generic.endswith("\n"):
            generic += "\n"
    except Exception as e:
        rec["generic_error"] = repr(e)
    compiled = lowered.compile()
    res = compiled(*inputs)
    outs = [np.asarray(o) for o in jax.tree_util.tree_leaves(res)]
    # write files only once everything succeeded
    with open(os.path.join(casedir, name + ".mlir"), "w") as fh:
        fh.write(text)
    if generic is not None:
        with open(os.path.join(casedir, name + ".generic.mlir"), "w") as fh:
            fh.write(generic)
    for k, a in enumerate(inputs):
        np.save(os.path.join(casedir, "%s.in%d.npy" % (name, k)), a)
    for k, a in enumerate(outs):
        np.save(os.path.join(casedir, "%s.out%d.npy" % (name, k)), a)
    rec["outputs"] = [arr_info(a, "%s.out%d.npy" % (name, k)) for k, a in enumerate(outs)]
    rec["mlir"] = name + ".mlir"
    rec["generic_mlir"] = (name + ".generic.mlir") if generic is not None else None
    rec["kind"] = kind_for(c["level"], outs)
    ops = sorted(set(GENERIC_OP_RE.findall(generic))) if generic else []
    rec["ops"] = ops
    rec["ops_pretty"] = sorted(set(PRETTY_OP_RE.findall(text)))
    basis = ops if ops else ["stablehlo." + o.split(".", 1)[1] if o.startswith("stablehlo.") else o
                             for o in rec["ops_pretty"] if o != "call"]
    extra = sorted(o for o in basis if o not in ALLOWED_OPS)
    if extra:
        rec["extra_ops"] = extra
    rec["has_call"] = "func.call" in ops or bool(re.search(r"\bcall @", text))
    rec["has_hex_constant"] = 'dense<"0x' in text
    rec["has_splat_constant"] = bool(re.search(r"dense<[^\[\"<>]+>\s*:\s*tensor<\d", text))
    rec["has_elided"] = "__elided__" in text or "dense_resource" in text
    nargs = main_arg_count(text)
    rec["main_num_args"] = nargs
    if nargs is not None and nargs != len(inputs):
        rec["arg_mismatch"] = "main has %d args but %d inputs were given" % (nargs, len(inputs))
    try:
        rec.update(reparse_check(text, generic if generic else text))
    except Exception as e:
        rec["reparse_error"] = repr(e)[:500]
    return rec


# ---------------------------------------------------------------------------
# cross-check with the StableHLO reference interpreter (eval_module)
# ---------------------------------------------------------------------------
def _to_attr(a):
    from jax._src.lib.mlir import ir
    a = np.array(a, order="C")  # (np.ascontiguousarray turns 0-d into 1-d)
    if a.ndim == 0:
        # DenseElementsAttr.get turns a 0-d array into tensor<1xT>: build a
        # rank-0 splat instead
        bits = a.dtype.itemsize * 8
        if a.dtype == np.bool_:
            elt, v = ir.IntegerType.get_signless(1), int(bool(a))
        elif a.dtype.kind == "f":
            elt = ir.F32Type.get() if a.dtype == np.float32 else ir.F64Type.get()
            return ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get([], elt),
                                                  ir.FloatAttr.get(elt, float(a)))
        elif a.dtype.kind == "u":
            elt, v = ir.IntegerType.get_unsigned(bits), int(a)
            if v >= 2 ** (bits - 1):
                v -= 2 ** bits
        else:
            elt, v = ir.IntegerType.get_signless(bits), int(a)
        return ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get([], elt),
                                              ir.IntegerAttr.get(elt, v))
    if a.dtype.kind == "u":
        return ir.DenseElementsAttr.get(a, signless=False)
    return ir.DenseElementsAttr.get(a)


def _from_attr(attr, want):
    from jax._src.lib.mlir import ir
    try:
        got = np.array(attr)
    except Exception:
        shape = list(ir.ShapedType(attr.type).shape)
        try:
            vals = list(ir.DenseIntElementsAttr(attr))
        except Exception:
            vals = list(ir.DenseFPElementsAttr(attr))
        got = np.array(vals).reshape(shape)
    if got.dtype != want.dtype:
        if got.dtype.itemsize == want.dtype.itemsize and got.dtype.kind in "iub" \
                and want.dtype.kind in "iub":
            got = got.view(want.dtype)
        else:
            got = got.astype(want.dtype)
    return got.reshape(want.shape)


def _compare(got, want, kind):
    if kind == "exact":
        if want.dtype.kind == "f":
            same = np.array_equal(got, want, equal_nan=True) and \
                np.array_equal(np.signbit(got), np.signbit(want))
        else:
            same = np.array_equal(got, want)
        if same:
            return None
    else:
        if np.allclose(got, want, atol=kind["atol"], rtol=kind["rtol"], equal_nan=True):
            return None
    if want.dtype.kind in "fiu" and want.size:
        with np.errstate(all="ignore"):
            d = np.abs(got.astype(np.float64) - want.astype(np.float64))
        return "max abs diff %.3g" % float(np.nanmax(d)) if d.size else "differs"
    return "differs"


def interp_check(rec, casedir):
    from jaxlib.mlir.dialects import stablehlo as sh
    from jax._src.lib.mlir import ir
    if not _PARSE_CTX:
        from jax._src.interpreters import mlir as jmlir
        _PARSE_CTX.append(jmlir.make_ir_context())
    text = open(os.path.join(casedir, rec["mlir"])).read()
    ins = [np.load(os.path.join(casedir, i["file"])) for i in rec["inputs"]]
    wants = [np.load(os.path.join(casedir, o["file"])) for o in rec["outputs"]]
    with _PARSE_CTX[0], ir.Location.unknown():
        m = ir.Module.parse(text)
        res = sh.eval_module(m, [_to_attr(a) for a in ins])
        res = list(res)
        if len(res) != len(wants):
            return "error: %d results, expected %d" % (len(res), len(wants))
        problems = []
        for k, (r, w) in enumerate(zip(res, wants)):
            got = _from_attr(r, w)
            why = _compare(got, w, rec["kind"])
            if why:
                problems.append("out%d: %s" % (k, why))
    return "match" if not problems else "mismatch: " + "; ".join(problems)


def run_interp_phase(records, casedir, work):
    """Phase 2, crash-safe like phase 1 (resumable via interp.partial.jsonl)."""
    ppath = os.path.join(work, "interp.partial.jsonl")
    cpath = os.path.join(work, "interp_current.txt")
    res = {}
    if os.path.exists(ppath):
        for line in open(ppath):
            try:
                d = json.loads(line)
                res[d["name"]] = d["interp"]
            except ValueError:
                pass
    if os.path.exists(cpath):
        cur = open(cpath).read().strip()
        if cur and cur not in res:
            res[cur] = "error: process crashed in eval_module"
            with open(ppath, "a") as fh:
                fh.write(json.dumps({"name": cur, "interp": res[cur]}) + "\n")
    out = open(ppath, "a")
    for r in records:
        if "error" in r or r["name"] in res:
            continue
        if any(not o.startswith(("stablehlo.", "func.", "builtin.")) for o in r.get("ops", [])):
            # the reference interpreter aborts the process on e.g. chlo ops
            res[r["name"]] = "skipped: module has non-StableHLO ops %s" % r.get("extra_ops")
            continue
        if time.time() > DEADLINE + 60:
            res[r["name"]] = "skipped: time budget"
            continue
        with open(cpath, "w") as fh:
            fh.write(r["name"])
        t0 = time.time()
        try:
            v = interp_check(r, casedir)
        except Exception as e:
            v = ("error: %s: %s" % (type(e).__name__, e))[:400]
        res[r["name"]] = v
        out.write(json.dumps({"name": r["name"], "interp": v}) + "\n")
        out.flush()
        if v != "match":
            log("INTERP %s: %s (%.2fs)" % (r["name"], v[:200], time.time() - t0))
    out.close()
    if os.path.exists(cpath):
        os.remove(cpath)
    for r in records:
        if r["name"] in res:
            r["reference_interpreter"] = res[r["name"]]
    return res


# ---------------------------------------------------------------------------
# environment report
# ---------------------------------------------------------------------------
def env_report(cases_by_name, casedir):
    import importlib
    L = []
    L.append("python: %s" % sys.version.replace("\n", " "))
    L.append("jax: %s" % jax.__version__)
    try:
        import jaxlib
        L.append("jaxlib: %s" % getattr(jaxlib, "__version__", "?"))
    except Exception as e:
        L.append("jaxlib: import failed %r" % e)
    try:
        from jax._src.lib import version_str as vs
        L.append("jax._src.lib.version_str: %s" % vs)
    except Exception:
        pass
    L.append("numpy: %s" % np.__version__)
    try:
        L.append("backend: %s devices: %s" % (jax.default_backend(), jax.devices()))
    except Exception as e:
        L.append("backend: %r" % e)
    L.append("config: " + "; ".join(CONFIG_NOTES))
    for k in ["jax_enable_x64", "jax_use_simplified_jaxpr_constants",
              "jax_embedded_constants_max_bytes"]:
        try:
            L.append("  %s = %r" % (k, getattr(jax.config, k)))
        except Exception as e:
            L.append("  %s: %r" % (k, e))
    interesting = re.compile(r"eval|interp|serial|verif|version|portable|compat|"
                             r"artifact|register|convert|translate", re.I)
    mods = ["jaxlib.mlir.dialects.stablehlo", "jax._src.lib.mlir.dialects.hlo",
            "jax._src.lib.mlir.dialects.stablehlo", "jaxlib.mlir.dialects.chlo",
            "jaxlib.mlir._mlir_libs._stablehlo", "jaxlib.mlir._mlir_libs",
            "jax._src.lib.mlir.dialects", "jax._src.lib.mlir", "jaxlib.mlir.passmanager",
            "jax.export", "jax._src.lib"]
    modobjs = {}
    for mn in mods:
        try:
            m = importlib.import_module(mn)
            modobjs[mn] = m
            names = [n for n in dir(m) if not n.startswith("__")]
            L.append("")
            L.append("== %s (file=%s)" % (mn, getattr(m, "__file__", None)))
            L.append("  interesting: " + " ".join(n for n in names if interesting.search(n)))
            L.append("  all(%d): %s" % (len(names), " ".join(names)))
        except Exception as e:
            L.append("")
            L.append("== %s: import failed: %r" % (mn, e))
    # try the interpreter / serialization helpers on the add_f32 case
    L.append("")
    L.append("== functional probes")
    sh = modobjs.get("jaxlib.mlir.dialects.stablehlo") or modobjs.get("jax._src.lib.mlir.dialects.hlo")
    probe = cases_by_name.get("add_f32")
    if sh is not None and probe is not None:
        text = probe["text"]
        for fn_name in ["get_current_version", "get_minimum_version", "get_api_version"]:
            if hasattr(sh, fn_name):
                try:
                    v = getattr(sh, fn_name)()
                    L.append("  %s() -> %r" % (fn_name, v))
                except Exception as e:
                    L.append("  %s() failed: %r" % (fn_name, e))
        if hasattr(sh, "serialize_portable_artifact"):
            try:
                ver = sh.get_current_version() if hasattr(sh, "get_current_version") else "1.0.0"
                try:
                    blob = sh.serialize_portable_artifact(text, ver)
                except TypeError:
                    from jax._src.lib.mlir import ir
                    from jax._src.interpreters import mlir as jmlir
                    with jmlir.make_ir_context():
                        blob = sh.serialize_portable_artifact(ir.Module.parse(text), ver)
                L.append("  serialize_portable_artifact(add_f32, %s) -> %d bytes" % (ver, len(blob)))
                if hasattr(sh, "deserialize_portable_artifact"):
                    try:
                        from jax._src.lib.mlir import ir
                        from jax._src.interpreters import mlir as jmlir
                        ctx = jmlir.make_ir_context()
                        try:
                            back = sh.deserialize_portable_artifact(ctx, blob)
                        except TypeError:
                            back = sh.deserialize_portable_artifact(blob)
                        L.append("  deserialize_portable_artifact -> %s" % str(back)[:300].replace("\n", " | "))
                    except Exception as e:
                        L.append("  deserialize_portable_artifact failed: %r" % e)
            except Exception as e:
                L.append("  serialize_portable_artifact failed: %r" % e)
        for ev in ["eval_module", "interpret", "evaluate"]:
            if hasattr(sh, ev):
                try:
                    from jax._src.lib.mlir import ir
                    from jax._src.interpreters import mlir as jmlir
                    with jmlir.make_ir_context(), ir.Location.unknown():
                        m = ir.Module.parse(text)
                        args = [_to_attr(a) for a in probe["inputs"]]
                        res = getattr(sh, ev)(m, args)
                        got = [np.array(x) for x in res]
                        ok = all(np.allclose(g, e) for g, e in zip(got, probe["outputs"]))
                        L.append("  %s(add_f32) -> %d results, matches XLA: %s" % (ev, len(got), ok))
                except Exception as e:
                    L.append("  %s(add_f32) failed: %r" % (ev, e))
            else:
                L.append("  %s: not present" % ev)
    else:
        L.append("  (no stablehlo module or no add_f32 case to probe)")
    # a pass manager round trip, e.g. for verification/canonicalization
    try:
        from jax._src.lib.mlir import ir, passmanager
        from jax._src.interpreters import mlir as jmlir
        with jmlir.make_ir_context():
            m = ir.Module.parse(probe["text"]) if probe else None
            if m is not None:
                for pipe in ["builtin.module(canonicalize)",
                             "builtin.module(func.func(chlo-legalize-to-stablehlo))",
                             "builtin.module(stablehlo-legalize-to-vhlo)"]:
                    try:
                        mm = ir.Module.parse(probe["text"])
                        passmanager.PassManager.parse(pipe).run(mm.operation)
                        L.append("  PassManager %s: ok" % pipe)
                    except Exception as e:
                        L.append("  PassManager %s: failed %r" % (pipe, str(e)[:200]))
    except Exception as e:
        L.append("  passmanager probe failed: %r" % e)
    return "\n".join(L) + "\n"


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------
def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else "out"
    os.makedirs(outdir, exist_ok=True)
    work = os.environ.get("GEN_WORKDIR", "/tmp/hlotrain_jax_corpus")
    casedir = os.path.join(work, "cases")
    partial_path = os.path.join(work, "manifest.partial.jsonl")
    current_path = os.path.join(work, "current.txt")
    resume = os.environ.get("GEN_RESUME", "0") == "1" and os.path.exists(partial_path)
    records = []
    done = set()
    if resume:
        # an earlier process died (e.g. an abort inside XLA): keep what it
        # recorded and mark the case it was running as crashed
        with open(partial_path) as fh:
            for line in fh:
                line = line.strip()
                if line:
                    try:
                        r = json.loads(line)
                    except ValueError:
                        continue
                    records.append(r)
                    done.add(r["name"])
        if os.path.exists(current_path):
            cur = open(current_path).read().strip()
            if cur and cur not in done:
                records.append({"name": cur, "group": group_of(cur),
                                "error": "process crashed while running this case"})
                done.add(cur)
                with open(partial_path, "a") as fh:
                    fh.write(json.dumps(records[-1]) + "\n")
        log("RESUME: %d cases already recorded" % len(records))
    else:
        if os.path.exists(work):
            shutil.rmtree(work)
        os.makedirs(casedir)
    log("jax", jax.__version__, "cases registered:", len(CASES), "build errors:", len(BUILD_ERRORS))
    log("config:", CONFIG_NOTES)
    probes = {}
    partial = open(partial_path, "a")
    # models, calls and constants first, so they are done even if time runs out
    prio = {"model": 0, "call": 1, "multi_result": 1, "const_capture": 2, "const_only": 2,
            "const_prim": 8}
    risky = {"convolution_nchw_neg_pad_f32", "select_and_scatter_add_direct_f32",
             "logistic_op_f32", "logistic_op_f64"}

    def order_key(c):
        if c["name"] in risky or "custom primitive" in (c["note"] or ""):
            return 9
        return prio.get(c["group"], 3)
    order = sorted(CASES, key=order_key)
    for i, c in enumerate(order):
        if c["name"] == "add_f32" and c["name"] in done:
            try:
                probes["add_f32"] = {
                    "text": open(os.path.join(casedir, "add_f32.mlir")).read(),
                    "inputs": c["inputs"],
                    "outputs": [np.load(os.path.join(casedir, "add_f32.out0.npy"))]}
            except Exception:
                pass
        if c["name"] in done:
            continue
        if time.time() > DEADLINE:
            rec = {"name": c["name"], "group": c["group"], "error": "skipped: time budget"}
        else:
            t0 = time.time()
            with open(current_path, "w") as fh:
                fh.write(c["name"])
            try:
                rec = run_case(c, casedir)
                if c["name"] == "add_f32":
                    probes["add_f32"] = {
                        "text": open(os.path.join(casedir, "add_f32.mlir")).read(),
                        "inputs": c["inputs"],
                        "outputs": [np.load(os.path.join(casedir, "add_f32.out0.npy"))]}
            except Exception as e:
                rec = {"name": c["name"], "group": c["group"], "note": c["note"],
                       "error": ("%s: %s" % (type(e).__name__, e))[:2000],
                       "traceback": traceback.format_exc()[-1500:]}
            rec["seconds"] = round(time.time() - t0, 3)
        records.append(rec)
        partial.write(json.dumps(rec) + "\n")
        partial.flush()
        status = "FAIL " + rec["error"][:160].replace("\n", " ") if "error" in rec else "ok"
        if rec.get("extra_ops"):
            status += " extra=" + ",".join(rec["extra_ops"])
        if rec.get("arg_mismatch"):
            status += " ARGMISMATCH"
        log("[%d/%d] %s: %s" % (i + 1, len(order), c["name"], status))
    partial.close()
    if os.path.exists(current_path):
        os.remove(current_path)
    # keep manifest order = registration order
    pos = {c["name"]: k for k, c in enumerate(CASES)}
    records.sort(key=lambda r: pos.get(r["name"], len(pos)))

    interp = {}
    try:
        interp = run_interp_phase(records, casedir, work)
    except Exception:
        log("interpreter phase failed: " + traceback.format_exc()[-800:])
    ok = [r for r in records if "error" not in r]
    failed = [r for r in records if "error" in r]
    extra_all = sorted(set(o for r in ok for o in r.get("extra_ops", [])))
    summary = {
        "num_cases": len(records), "num_ok": len(ok), "num_failed": len(failed),
        "failed": [{"name": r["name"], "error": r["error"][:300]} for r in failed],
        "build_errors": BUILD_ERRORS,
        "extra_ops_seen": extra_all,
        "cases_with_extra_ops": {r["name"]: r["extra_ops"] for r in ok if r.get("extra_ops")},
        "cases_with_call": [r["name"] for r in ok if r.get("has_call")],
        "cases_with_hex_constant": [r["name"] for r in ok if r.get("has_hex_constant")],
        "cases_with_splat_constant": [r["name"] for r in ok if r.get("has_splat_constant")],
        "cases_with_arg_mismatch": [r["name"] for r in ok if r.get("arg_mismatch")],
        "cases_with_reparse_problem": [r["name"] for r in ok if r.get("reparse_error") or
                                       r.get("generic_reparses_identically") is False],
        "all_ops_seen": sorted(set(o for r in ok for o in r.get("ops", []))),
        "reference_interpreter": {
            "match": sum(1 for v in interp.values() if v == "match"),
            "not_match": {k: v for k, v in interp.items() if v != "match"},
        },
        "seconds": round(time.time() - T_START, 1),
    }
    manifest = {
        "generator": "tests/conformance/jax/gen_corpus.py",
        "jax_version": jax.__version__,
        "expected_values": "XLA CPU backend (jax.jit(...).lower(...).compile())",
        "kind_semantics": "'exact': bitwise-equal values (NaN==NaN where present); "
                          "{atol, rtol}: |got-want| <= atol + rtol*|want| elementwise",
        "summary": summary,
        "cases": records,
    }
    with open(os.path.join(work, "manifest.json"), "w") as fh:
        json.dump(manifest, fh, indent=1, sort_keys=False)
    env_marker = os.path.join(work, "env_started")
    if os.path.exists(env_marker):
        env = "env report skipped: an earlier process crashed while writing it\n"
    else:
        open(env_marker, "w").close()
        try:
            env = env_report(probes, casedir)
        except Exception:
            env = "env report failed:\n" + traceback.format_exc()
    with open(os.path.join(work, "env.txt"), "w") as fh:
        fh.write(env)
    os.remove(env_marker)
    with open(os.path.join(work, "gen.log"), "a") as fh:
        fh.write("\n".join(LOG_LINES) + "\n")
    for fn in ["manifest.partial.jsonl", "interp.partial.jsonl"]:
        if os.path.exists(os.path.join(work, fn)):
            os.remove(os.path.join(work, fn))
    tpath = os.path.join(outdir, "corpus.tar.gz")
    with tarfile.open(tpath, "w:gz") as tf:
        for entry in sorted(os.listdir(work)):
            tf.add(os.path.join(work, entry), arcname=entry)
    for fn in ["manifest.json", "env.txt"]:
        shutil.copy(os.path.join(work, fn), os.path.join(outdir, fn))
    log("DONE: %d cases, %d ok, %d failed, extra ops %s, %.1fs, tar %d bytes"
        % (len(records), len(ok), len(failed), extra_all, time.time() - T_START,
           os.path.getsize(tpath)))


if __name__ == "__main__":
    main()
