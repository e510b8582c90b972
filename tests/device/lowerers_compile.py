"""Compiles every emitted graph on XLA:CUDA with jaxlib's own PJRT client (device machine).

usage: lowerers_compile.py --manifest M.json --graphs DIR --out OUT.json [--workers N]
                           [--graph-timeout S] [--init-timeout S] [--budget-s S] [--logdir D]
                           [--platform cuda|cpu] [--fake]
       lowerers_compile.py --worker [--platform P] [--fake]                   (internal)

The graphs are the ones lowerers_prepare.sh emitted with `hlotrain emit` (manifest.json names
them; DIR is where graphs.tar.xz was unpacked). N worker processes (default 6; each may use 12%
of the GPU's memory, not preallocated) each start one jax client and take the graphs they are
handed, biggest first, one at a time: StableHLO's own parser, verifier and portable-artifact
serializer first (official_tools.py; a graph they refuse is reported "invalid"), then
`client.compile_and_load(text, devices, CompileOptions)` (the API of jaxlib 0.11,
`jaxlib/_jax/__init__.pyi`; older and newer spellings are tried when the call's signature does
not fit). A graph that takes longer than --graph-timeout gets its worker killed (a new one
takes over) and is reported as a timeout; a worker that dies (XLA aborts on some errors) is
reported with its exit code and its stderr. Results are written to OUT.json after every graph,
so whatever was done survives an outer timeout. --fake replaces jax with a stand-in (sleeps;
file names with FAKE_FAIL / FAKE_HANG / FAKE_CRASH fail, hang, abort) to test this here.
Exit 0 when every graph compiled, 1 otherwise.
"""
import argparse
import json
import os
import queue
import subprocess
import sys
import threading
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import official_tools  # noqa: E402  (imports jax only when called)


# ---------------------------------------------------------------------------------------------
# worker

_API = {"label": None}  # the compile call that fitted last time


def load_executable(client, devices, text):
    """Compiles StableHLO text on `client` for `devices`; returns (executable, the API used).
    The first call whose signature fits (no TypeError) is the API; any other error is the
    compiler's and is raised."""
    from jax._src.lib import xla_client as xc

    def options():
        try:  # what jax.jit itself passes (num replicas/partitions 1, the CUDA data dir)
            from jax._src import compiler
            return compiler.get_compile_options(num_replicas=1, num_partitions=1, backend=client)
        except Exception:
            return xc.CompileOptions()

    def device_list():
        return xc.DeviceList(tuple(devices))

    attempts = [
        ("compile_and_load(str, [device], options)",
         lambda t: client.compile_and_load(t, list(devices), options())),
        ("compile_and_load(bytes, [device], options)",
         lambda t: client.compile_and_load(t.encode(), list(devices), options())),
        ("compile_and_load(str, DeviceList, options)",
         lambda t: client.compile_and_load(t, device_list(), options())),
        ("compile(str, options)", lambda t: client.compile(t, options())),
        ("compile(str, DeviceList, options)",
         lambda t: client.compile(t, device_list(), options())),
    ]
    mismatches = []
    for label, call in sorted(attempts, key=lambda a: a[0] != _API["label"]):
        try:
            exe = call(text)
        except TypeError as e:
            mismatches.append("%s: %s" % (label, str(e).splitlines()[0][:300] if str(e) else e))
            continue
        _API["label"] = label
        return exe, label
    raise TypeError("no compile API fits: " + " | ".join(mismatches))


def _jax_compiler(platform):
    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    os.environ.setdefault("XLA_PYTHON_CLIENT_MEM_FRACTION", "0.12")
    os.environ["JAX_PLATFORMS"] = platform
    import jax
    import jaxlib

    devices = jax.devices()
    client = getattr(devices[0], "client", None)
    if client is None:
        try:
            from jax.extend.backend import get_backend
        except ImportError:
            from jax._src.xla_bridge import get_backend
        client = get_backend(platform)
    one = devices[:1]

    def compile_text(text):
        info = {"stablehlo": official_tools.parse_and_verify(text)}
        exe, label = load_executable(client, one, text)
        info["api"] = label
        try:
            stats = exe.get_compiled_memory_stats()
            info["temp_mb"] = round(stats.temp_size_in_bytes / 2**20, 1)
            info["argument_mb"] = round(stats.argument_size_in_bytes / 2**20, 1)
            info["alias_mb"] = round(stats.alias_size_in_bytes / 2**20, 1)
        except Exception:
            pass
        del exe
        return info

    env = {"jax": jax.__version__, "jaxlib": getattr(jaxlib, "__version__", "?"),
           "platform": devices[0].platform, "device_kind": devices[0].device_kind,
           "devices": len(devices), "client": type(client).__name__,
           "platform_version": getattr(client, "platform_version", "?")}
    return compile_text, env


def _fake_compiler():
    def compile_text(text):
        if "FAKE_CRASH" in text:
            sys.stderr.write("F0000 fake fatal check failed\n")
            sys.stderr.flush()
            os._exit(134)
        if "FAKE_HANG" in text:
            time.sleep(3600)
        time.sleep(min(len(text) / 2e6, 0.5))
        if "FAKE_FAIL" in text:
            raise RuntimeError("INVALID_ARGUMENT: fake compile error\nsecond line")
        return {"api": "fake"}
    return compile_text, {"fake": True, "platform": "fake"}


def worker(args):
    out = sys.stdout
    try:
        compile_text, env = _fake_compiler() if args.fake else _jax_compiler(args.platform)
        out.write(json.dumps({"ready": True, "env": env}) + "\n")
    except Exception:
        out.write(json.dumps({"ready": False, "error": traceback.format_exc()[-3000:]}) + "\n")
        out.flush()
        return 1
    out.flush()
    for line in sys.stdin:
        path = line.strip()
        if not path:
            continue
        rec = {"path": path}
        t0 = None
        try:
            with open(path) as fh:
                text = fh.read()
            t0 = time.perf_counter()
            rec.update(compile_text(text))
            rec["seconds"] = round(time.perf_counter() - t0, 3)
            bad = official_tools.failures(rec.get("stablehlo", {}))
            rec["status"] = "invalid" if bad else "ok"
            if bad:
                rec["error"] = "StableHLO's tools: " + "; ".join(bad)
        except Exception as e:
            rec["seconds"] = round(time.perf_counter() - t0, 3) if t0 is not None else None
            rec["status"] = "error"
            rec["error"] = ("%s: %s" % (type(e).__name__, e))[:4000]
        out.write(json.dumps(rec) + "\n")
        out.flush()
    return 0


# ---------------------------------------------------------------------------------------------
# parent

class Worker:
    count = 0

    def __init__(self, args, events, logdir):
        Worker.count += 1
        self.id = Worker.count
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--platform", args.platform]
        if args.fake:
            cmd.append("--fake")
        self.stderr_path = os.path.join(logdir, "compile_worker%d.stderr" % self.id)
        self.stderr = open(self.stderr_path, "w")
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, text=True, bufsize=1)
        self.started = time.time()
        self.ready = False
        self.start_failed = False
        self.task = None  # (name, path, start)
        threading.Thread(target=self._read, args=(events,), daemon=True).start()

    def _read(self, events):
        for line in self.proc.stdout:
            try:
                events.put((self, json.loads(line)))
            except ValueError:
                pass
        events.put((self, None))  # EOF: the worker exited

    def send(self, name, path):
        self.task = (name, path, time.time())
        self.proc.stdin.write(path + "\n")
        self.proc.stdin.flush()

    def kill(self):
        try:
            self.proc.kill()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass

    def stderr_tail(self, n=2000):
        self.stderr.flush()
        try:
            with open(self.stderr_path, errors="replace") as fh:
                return fh.read()[-n:]
        except OSError:
            return ""


def parent(args):
    t_start = time.time()
    deadline = t_start + args.budget_s
    with open(args.manifest) as fh:
        manifest = json.load(fh)
    tasks = []
    for net, rec in manifest["nets"].items():
        for g, rel in rec["graphs"].items():
            path = os.path.join(args.graphs, rel)
            size = os.path.getsize(path) if os.path.exists(path) else -1
            tasks.append(("%s/%s" % (net, g), path, size))
    tasks.sort(key=lambda t: -t[2])  # biggest first, so the long ones start early
    logdir = args.logdir or os.path.dirname(os.path.abspath(args.out))
    os.makedirs(logdir, exist_ok=True)
    result = {"env": None, "settings": {"workers": args.workers, "graph_timeout_s":
                                        args.graph_timeout, "budget_s": args.budget_s,
                                        "platform": args.platform, "fake": args.fake},
              "graphs": {}, "worker_errors": []}

    def save():
        result["wall_s"] = round(time.time() - t_start, 1)
        tmp = args.out + ".tmp"
        with open(tmp, "w") as fh:
            json.dump(result, fh, indent=1)
        os.replace(tmp, args.out)

    for name, path, size in tasks:
        if size < 0:
            result["graphs"][name] = {"status": "error", "error": "missing file " + path}
    pending = [t for t in tasks if t[2] >= 0]
    events = queue.Queue()
    workers = []
    failed_starts = 0

    def spawn():
        w = Worker(args, events, logdir)
        workers.append(w)
        return w

    for _ in range(min(args.workers, len(pending))):
        spawn()
    save()
    while (pending or any(w.task for w in workers)) and workers:
        now = time.time()
        if now > deadline:
            break
        # timeouts: a worker still starting, or a graph past its limit
        for w in list(workers):
            if not w.ready and now - w.started > args.init_timeout:
                result["worker_errors"].append("worker %d did not start in %ds: %s" % (
                    w.id, args.init_timeout, w.stderr_tail(1000)))
                w.kill()
                workers.remove(w)
            elif w.task and now - w.task[2] > args.graph_timeout:
                name = w.task[0]
                result["graphs"][name] = {"status": "timeout", "seconds": round(now - w.task[2], 1),
                                          "error": "killed after %ds" % args.graph_timeout}
                print("compile %-32s TIMEOUT after %ds" % (name, args.graph_timeout), flush=True)
                w.task = None
                w.kill()
                workers.remove(w)
                if pending:
                    spawn()
                save()
        if not workers:
            break
        try:
            w, msg = events.get(timeout=1.0)
        except queue.Empty:
            continue
        if w not in workers:
            continue
        if msg is None:  # the worker died
            w.proc.wait()
            code = w.proc.returncode
            if w.task:
                name = w.task[0]
                result["graphs"][name] = {"status": "crash", "seconds": round(time.time() -
                                                                              w.task[2], 1),
                                          "error": "worker exited %s: %s" % (code,
                                                                             w.stderr_tail())}
                print("compile %-32s CRASH (exit %s)" % (name, code), flush=True)
                w.task = None
            elif not w.ready and not w.start_failed:
                failed_starts += 1
                result["worker_errors"].append("worker %d exited %s before it was ready: %s" % (
                    w.id, code, w.stderr_tail(1500)))
            workers.remove(w)
            if pending and failed_starts < 3:
                spawn()
            save()
            continue
        if "ready" in msg:
            if not msg["ready"]:
                failed_starts += 1
                w.start_failed = True
                result["worker_errors"].append(msg.get("error", "?"))
                print("compile worker %d failed to start:\n%s" % (w.id, msg.get("error", "")[-1500:]),
                      flush=True)
                continue  # EOF follows
            w.ready = True
            if result["env"] is None:
                result["env"] = msg.get("env")
                print("compile: %s" % msg.get("env"), flush=True)
        else:
            name = w.task[0] if w.task else msg.get("path")
            rec = {k: v for k, v in msg.items() if k != "path"}
            rec["worker"] = w.id
            result["graphs"][name] = rec
            print("compile %-32s %-5s %7.2f s%s" % (
                name, rec["status"], rec.get("seconds") or 0,
                "" if rec["status"] == "ok" else "  " + rec.get("error", "")[:300].replace("\n", " ")),
                flush=True)
            w.task = None
            save()
        if w.ready and w.task is None and pending and w in workers:
            name, path, _ = pending.pop(0)
            w.send(name, path)
    for w in workers:
        if w.task:
            result["graphs"][w.task[0]] = {"status": "timeout", "error": "budget of %ds ran out"
                                           % args.budget_s}
        w.kill()
    why = "no time left" if time.time() > deadline else "no worker could start"
    if result["worker_errors"]:
        why += " (%s)" % result["worker_errors"][-1].strip().splitlines()[-1][:300]
    for name, path, _ in pending:
        result["graphs"].setdefault(name, {"status": "not run", "error": why})
    ok = [r for r in result["graphs"].values() if r["status"] == "ok"]
    result["counts"] = {"graphs": len(tasks), "ok": len(ok)}
    result["compile_seconds_total"] = round(sum(r.get("seconds") or 0 for r in ok), 2)
    save()
    print("compile: %d of %d graphs compiled (%.1f s compiling, %.1f s wall)" % (
        len(ok), len(tasks), result["compile_seconds_total"], time.time() - t_start), flush=True)
    return 0 if len(ok) == len(tasks) else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--worker", action="store_true")
    ap.add_argument("--platform", default="cuda")
    ap.add_argument("--fake", action="store_true")
    ap.add_argument("--manifest")
    ap.add_argument("--graphs")
    ap.add_argument("--out")
    ap.add_argument("--logdir", help="where the workers' stderr goes (default: beside --out)")
    ap.add_argument("--workers", type=int, default=6)
    ap.add_argument("--graph-timeout", type=float, default=150)
    ap.add_argument("--init-timeout", type=float, default=120)
    ap.add_argument("--budget-s", type=float, default=240)
    args = ap.parse_args()
    if args.worker:
        return worker(args)
    if not (args.manifest and args.graphs and args.out):
        ap.error("--manifest, --graphs and --out are required")
    return parent(args)


if __name__ == "__main__":
    sys.exit(main())
