#!/usr/bin/env python3
"""Runs every shell command of docs/GUIDE.md, as the guide writes it.

    run_guide.py --source-dir SRC --bin-dir BUILD [--scratch DIR] [--keep] [--list] [--verbose]
                 [--keep-going] [--ci-file FILE] [--sanitized]

(ctest runs it as GuideCommands: `ctest -L docs --output-on-failure` in a build directory.)

The guide is the single source: this script reads its fenced blocks and runs them in order, in one
scratch working directory (so `.hlotrain/` and the files one block writes are there for the next),
each block as its own `bash` script. The block's info string says what the test does with it:

  ```sh                      run; every command must succeed (`set -euo pipefail`)
  ```sh exit=N               run; the block (one command) must exit with status N
  ```sh creates=P1,P2        run, then each path (after $VAR expansion) must exist
  ```sh skip-test: REASON    not run (installing packages, downloading data); REASON is required
  ```sh ci                   not run here: every command line of it must appear in .ci/run
  ```text expect             the output of the sh block before it must contain every line of this
                             one, numbers masked (digits vary with the data), `...` lines skipped
  ```cpp api                 the C++ example: tests/docs/CMakeLists.txt builds it as guide_api

Before the first block runs, the variables the guide asks users to set point at generated data in
the exact on-disk form of the real downloads (guide_data.py): FMNIST (a Fashion-MNIST folder),
DATA (an empty folder the guide's commands extract and prepare into), BUILD (the build directory),
PLUGIN (this build's libhlotrain_pjrt.so, standing in for JAX's CUDA plugin); the downloads the
skipped blocks would fetch lie in the working directory. `hlotrain` and the prep tools are the
build's (BUILD first on PATH).

Static checks, run in every mode: the conventions above; the guide's `apt-get install` line lists
exactly the packages scripts/test.sh installs.

A failing command fails the test naming the guide line, the command and its output. Exit codes: 0
every block passed; 1 one failed; 2 the guide breaks a convention; 77 (--sanitized) the static
checks passed and the commands were skipped (too slow under the sanitizers).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, HERE)

BLOCK_TIMEOUT_S = 600


class Block:
    def __init__(self, line, lang, attrs, text):
        self.line = line  # 1-based line of the first line inside the fence
        self.lang = lang
        self.attrs = attrs
        self.text = text
        self.output = ""

    def commands(self):
        """The block's command lines, continuation lines joined, comments and blanks dropped."""
        out, cur = [], ""
        for raw in self.text.splitlines():
            s = raw.strip()
            if not cur and (not s or s.startswith("#")):
                continue
            cur += (" " if cur else "") + s
            if cur.endswith("\\"):
                cur = cur[:-1].rstrip()
                continue
            out.append(cur)
            cur = ""
        if cur:
            out.append(cur)
        return out

    def first_command(self):
        cmds = self.commands()
        return cmds[0] if cmds else "(empty)"


class ConventionError(Exception):
    pass


def parse_blocks(path):
    blocks, lines = [], open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^```\s*(\S*)\s*(.*)$", lines[i])
        if not m:
            i += 1
            continue
        lang, attrs, start = m.group(1), m.group(2).strip(), i + 1
        j = start
        while j < len(lines) and lines[j].rstrip() != "```":
            j += 1
        if j == len(lines):
            raise ConventionError("%s:%d: unterminated code block" % (path, i + 1))
        blocks.append(Block(start + 1, lang, attrs, "\n".join(lines[start:j]) + "\n"))
        i = j + 1
    return blocks


def classify(guide, blocks):
    """Each sh block's mode: run, skip or ci, with its expected exit status and created paths."""
    n_api = 0
    prev_sh = None
    for b in blocks:
        where = "%s:%d" % (guide, b.line - 1)
        if b.lang == "sh":
            b.mode, b.exit, b.creates = "run", 0, []
            attrs = b.attrs
            if attrs.startswith("skip-test"):
                reason = attrs[len("skip-test"):].lstrip(":").strip()
                if not reason:
                    raise ConventionError(where + ": `sh skip-test` needs a reason")
                b.mode, b.reason = "skip", reason
            elif attrs == "ci":
                b.mode = "ci"
            else:
                for word in attrs.split():
                    if re.fullmatch(r"exit=\d+", word):
                        b.exit = int(word[5:])
                    elif word.startswith("creates="):
                        b.creates = [p for p in word[8:].split(",") if p]
                    else:
                        raise ConventionError("%s: unknown sh block attribute %r" % (where, word))
                if b.exit != 0 and len(b.commands()) != 1:
                    raise ConventionError(where + ": an `exit=N` block holds exactly one command")
            if not b.commands():
                raise ConventionError(where + ": empty sh block")
            prev_sh = b
        elif b.lang in ("bash", "shell", "console"):
            raise ConventionError(where + ": write shell blocks as ```sh (the test runs those)")
        elif b.lang == "text" and b.attrs == "expect":
            if prev_sh is None or prev_sh.mode != "run":
                raise ConventionError(where + ": `text expect` must follow a sh block that runs")
            b.of = prev_sh
        elif b.lang == "cpp" and b.attrs == "api":
            n_api += 1
        elif b.attrs:
            raise ConventionError("%s: unknown block attributes %r" % (where, b.attrs))
    if n_api != 1:
        raise ConventionError("%s: expected exactly one ```cpp api block, found %d" % (guide, n_api))


def apt_packages(text):
    """The packages of the first `apt-get install -y` command, continuation lines joined."""
    m = re.search(r"apt-get install -y((?:\\\n|[^\n])*)", text)
    if not m:
        return None
    words = " ".join(part.split("#")[0] for part in m.group(1).split("\\\n")).split()
    return sorted(w for w in words if not w.startswith("-"))


def static_checks(guide, blocks, source_dir, ci_file):
    with open(os.path.join(source_dir, "scripts", "test.sh")) as f:
        want = apt_packages(f.read())
    skipped = "".join(b.text for b in blocks if b.lang == "sh" and b.mode == "skip")
    got = apt_packages(skipped)
    if want is None:
        raise ConventionError("scripts/test.sh: no `apt-get install -y` line found")
    if got != want:
        raise ConventionError("%s: the apt-get install line lists %s, scripts/test.sh installs %s"
                              % (guide, " ".join(got or ["nothing"]), " ".join(want)))
    with open(ci_file) as f:
        ci = f.read()
    for b in blocks:
        if b.lang == "sh" and b.mode == "ci":
            for cmd in b.commands():
                cmd = re.sub(r"\s+#.*$", "", cmd)
                if cmd not in ci:
                    raise ConventionError("%s:%d: `%s` is marked `sh ci` but .ci/run does not run it"
                                          % (guide, b.line - 1, cmd))


def normalise(line):
    line = re.sub(r"\d[\d.,:%eE+-]*", "#", line.strip())
    return re.sub(r"\s+", " ", line)


def check_expect(guide, block):
    have = {normalise(l) for l in block.of.output.splitlines()}
    for k, line in enumerate(block.text.splitlines()):
        if not line.strip() or line.strip() == "...":
            continue
        if normalise(line) not in have:
            return "%s:%d: the output of `%s` (line %d) has no line like\n    %s" % (
                guide, block.line + k, block.of.first_command(), block.of.line - 1, line)
    return None


def run_block(guide, block, env, cwd):
    expect_fail = block.exit != 0
    prelude = ["set -uo pipefail" if expect_fail else "set -euo pipefail"]
    # LINENO counts from the script's first line; the block's first line follows the prelude.
    offset = block.line - (len(prelude) + 2)
    prelude.append("trap 'echo \"guide-test: exit $? at %s:$((LINENO + %d)): $BASH_COMMAND\" >&2'"
                   " ERR" % (guide, offset) if not expect_fail else ":")
    script = "\n".join(prelude) + "\n" + block.text
    t0 = time.monotonic()
    try:
        proc = subprocess.run(["bash", "-c", script], cwd=cwd, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=BLOCK_TIMEOUT_S)
        rc, out = proc.returncode, proc.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        rc, out = None, (e.stdout or b"").decode("utf-8", "replace")
    block.output = out
    return rc, out, time.monotonic() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--bin-dir", required=True, help="the build directory holding hlotrain")
    ap.add_argument("--guide", default=None, help="default SOURCE_DIR/docs/GUIDE.md")
    ap.add_argument("--scratch", default=None, help="default BIN_DIR/tests/docs/guide-scratch")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder after success")
    ap.add_argument("--list", action="store_true", help="list the blocks and what happens to each")
    ap.add_argument("--ci-file", default=None, help="default SOURCE_DIR/.ci/run")
    ap.add_argument("--verbose", action="store_true", help="print every block's output")
    ap.add_argument("--keep-going", action="store_true",
                    help="run every block after a failure too (later blocks may need earlier ones)")
    ap.add_argument("--sanitized", action="store_true",
                    help="a sanitizer build: static checks only, then exit 77")
    args = ap.parse_args()

    source_dir = os.path.abspath(args.source_dir)
    bin_dir = os.path.abspath(args.bin_dir)
    guide_path = os.path.abspath(args.guide or os.path.join(source_dir, "docs", "GUIDE.md"))
    guide = os.path.relpath(guide_path, source_dir)
    try:
        blocks = parse_blocks(guide_path)
        classify(guide, blocks)
        static_checks(guide, blocks, source_dir,
                      args.ci_file or os.path.join(source_dir, ".ci", "run"))
    except ConventionError as e:
        print("guide-test: " + str(e), file=sys.stderr)
        return 2

    sh = [b for b in blocks if b.lang == "sh"]
    if args.list:
        for b in sh:
            how = {"run": "run" + (" (exit %d)" % b.exit if b.exit else ""),
                   "skip": "skip: " + getattr(b, "reason", ""), "ci": "in .ci/run"}[b.mode]
            print("%s:%d  %-28s %s" % (guide, b.line - 1, how, b.first_command()))
        return 0
    n_skip = sum(b.mode == "skip" for b in sh)
    print("guide-test: %d sh blocks: %d run, %d in .ci/run, %d skipped (%s)" % (
        len(sh), sum(b.mode == "run" for b in sh), sum(b.mode == "ci" for b in sh), n_skip,
        "; ".join("line %d: %s" % (b.line - 1, b.reason) for b in sh if b.mode == "skip")))
    if args.sanitized:
        print("guide-test: sanitizer build: the guide's commands are not run (too slow)")
        return 77

    for tool in ("hlotrain", "hlotrain-imagenette-prep", "hlotrain-brats-prep",
                 "hlotrain-visdrone-prep"):
        if not os.access(os.path.join(bin_dir, tool), os.X_OK):
            print("guide-test: %s/%s not built" % (bin_dir, tool), file=sys.stderr)
            return 1

    scratch = os.path.abspath(args.scratch or os.path.join(bin_dir, "tests", "docs",
                                                           "guide-scratch"))
    shutil.rmtree(scratch, ignore_errors=True)
    work = os.path.join(scratch, "work")
    os.makedirs(work)
    import guide_data
    t0 = time.monotonic()
    guide_data.all_downloads(work, os.path.join(scratch, "fashion-mnist"))
    os.makedirs(os.path.join(scratch, "data"))
    print("guide-test: generated the downloads in %s (%.1f s)" % (work, time.monotonic() - t0))

    env = dict(os.environ)
    # /usr/bin before the rest: the python3 with numpy that the guide's snippets import
    env["PATH"] = bin_dir + ":/usr/bin:/bin:" + env.get("PATH", "")
    env.update({"BUILD": bin_dir, "DATA": os.path.join(scratch, "data"),
                "FMNIST": os.path.join(scratch, "fashion-mnist"),
                "PLUGIN": os.path.join(bin_dir, "libhlotrain_pjrt.so"),
                "HOME": os.path.join(scratch, "home")})
    env.setdefault("OMP_WAIT_POLICY", "passive")
    for var in ("HLOTRAIN_LOWERER", "PJRT_PLUGIN", "HLOTRAIN_EVAL_ONLY", "HLOTRAIN_INIT_DUMP"):
        env.pop(var, None)
    os.makedirs(env["HOME"])

    total = time.monotonic()
    failures = 0
    for b in blocks:
        if b.lang == "text" and b.attrs == "expect":
            problem = check_expect(guide, b)
            if problem:
                print("guide-test: FAILED: " + problem, file=sys.stderr)
                print("---- its output ----\n" + b.of.output, file=sys.stderr)
                failures += 1
                if not args.keep_going:
                    break
            continue
        if b.lang != "sh" or b.mode != "run":
            continue
        rc, out, dt = run_block(guide, b, env, work)
        print("guide-test: %s:%d %5.1f s  %s" % (guide, b.line - 1, dt, b.first_command()),
              flush=True)
        if args.verbose:
            print(out, flush=True)
        problem = None
        if rc is None:
            problem = "timed out after %d s" % BLOCK_TIMEOUT_S
        elif rc != b.exit:
            problem = "exit status %d, expected %d" % (rc, b.exit)
        else:
            for p in b.creates:
                full = os.path.join(work, expand(p, env))
                if not os.path.exists(full):
                    problem = "did not create %s (%s)" % (p, full)
                    break
        if problem:
            trapped = re.findall(r"^guide-test: exit \d+ at (\S+): (.*)$", out, re.M)
            what = ("`%s` at %s" % (trapped[-1][1], trapped[-1][0]) if trapped else
                    "the block at %s:%d (`%s`)" % (guide, b.line - 1, b.first_command()))
            print("guide-test: FAILED: %s: %s" % (what, problem), file=sys.stderr)
            print("---- its script ----\n" + b.text + "---- its output ----\n" + out,
                  file=sys.stderr)
            failures += 1
            if not args.keep_going:
                break
    if failures:
        print("guide-test: %d failure(s); the scratch folder is kept: %s" % (failures, scratch),
              file=sys.stderr)
        return 1
    print("guide-test: every command passed in %.1f s" % (time.monotonic() - total))
    if not args.keep:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


def expand(path, env):
    return re.sub(r"\$\{?(\w+)\}?", lambda m: env.get(m.group(1), m.group(0)), path)


if __name__ == "__main__":
    sys.exit(main())
