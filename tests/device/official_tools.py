"""StableHLO's own tools, as jaxlib ships them: what "valid StableHLO" means for our graphs.

Used on the device machine by check_emitted.py and lowerers_compile.py; needs jax.
"""

_CTX = []


def ir_context():
    """JAX's MLIR context (the StableHLO and CHLO dialects registered), made once."""
    from jax._src.interpreters import mlir as jmlir
    if not _CTX:
        _CTX.append(jmlir.make_ir_context())
    return _CTX[0]


def parse_and_verify(text):
    """StableHLO's parser and verifier on one module's text, then its portable artifact (the
    versioned VHLO form the official tools serialize, which refuses what it cannot express).
    Returns {"parse", "verify", "portable_artifact"}: "ok ..." or "error: ..." each."""
    from jaxlib.mlir.dialects import stablehlo as sh
    from jax._src.lib.mlir import ir
    rec = {"parse": None, "verify": None, "portable_artifact": None}
    with ir_context(), ir.Location.unknown():
        try:
            module = ir.Module.parse(text)
            rec["parse"] = "ok"
        except Exception as e:
            rec["parse"] = "error: %s" % str(e)[:2000]
            return rec
        try:
            rec["verify"] = "ok" if module.operation.verify() else "failed"
        except Exception as e:
            rec["verify"] = "error: %s" % str(e)[:2000]
        try:
            art = sh.serialize_portable_artifact_str(text, sh.get_current_version())
            rec["portable_artifact"] = "ok (%d bytes, version %s)" % (len(art),
                                                                     sh.get_current_version())
        except Exception as e:
            rec["portable_artifact"] = "error: %s" % str(e)[:500]
    return rec


def failures(rec):
    """parse_and_verify's checks that did not pass, as "check error" texts."""
    return ["%s %s" % (k, v) for k, v in rec.items() if not str(v).startswith("ok")]
