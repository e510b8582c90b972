#!/usr/bin/env python3
"""The installed package as an outside project uses it: `cmake --install` of this build into a
fresh prefix; tests/install/ (find_package(hlotrain CONFIG REQUIRED) and the guide's C++ example
linked to hlotrain::hlotrain) configured against that prefix alone, built, and run on a tiny
Fashion-MNIST (tests/docs/guide_data.py), where it trains, evaluates and exits 0.

    check_install.py --cmake CMAKE --generator GEN --build-dir BUILD --source-dir SRC
                     --api-source guide_api.cpp
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

VERSION_FILE = "lib/cmake/hlotrain/hlotrainConfigVersion.cmake"


def run(cmd, **kwargs):
    print("+ " + " ".join(cmd), flush=True)
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          **kwargs)
    if done.returncode != 0:
        sys.exit("check_install: exit %d from %s\n%s" % (done.returncode, cmd[0], done.stdout))
    return done.stdout


def main():
    ap = argparse.ArgumentParser()
    for flag in ("--cmake", "--generator", "--build-dir", "--source-dir", "--api-source"):
        ap.add_argument(flag, required=True)
    a = ap.parse_args()
    for name in ("build_dir", "source_dir", "api_source"):
        setattr(a, name, os.path.abspath(getattr(a, name)))
    sys.path.insert(0, os.path.join(a.source_dir, "tests", "docs"))
    import guide_data

    scratch = tempfile.mkdtemp(prefix="hlotrain_install_")
    try:
        prefix = os.path.join(scratch, "prefix")
        run([a.cmake, "--install", a.build_dir, "--prefix", prefix])
        for path in ("bin/hlotrain", "bin/hlotrain-visdrone-prep", "lib/libhlotrain_pjrt.so",
                     "lib/libhlotrain_train.a", "include/hlotrain/train/Trainer.h",
                     "include/hlotrain/lower/cpu/Executable.h",
                     "lib/cmake/hlotrain/hlotrainConfig.cmake", VERSION_FILE):
            if not os.path.exists(os.path.join(prefix, path)):
                sys.exit("check_install: the install has no " + path)
        line = run([os.path.join(prefix, "bin", "hlotrain"), "--version"])
        if not line.startswith("hlotrain 0."):
            sys.exit("check_install: hlotrain --version printed " + repr(line))

        project = os.path.join(scratch, "project")
        # Only the prefix: nothing of this tree's build is visible to the outside project.
        run([a.cmake, "-S", os.path.join(a.source_dir, "tests", "install"), "-B", project,
             "-G", a.generator, "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_PREFIX_PATH=" + prefix,
             "-DGUIDE_API_SOURCE=" + a.api_source])
        run([a.cmake, "--build", project])

        data = os.path.join(scratch, "fashion-mnist")
        guide_data.fashion_mnist(data)
        env = dict(os.environ, OMP_WAIT_POLICY=os.environ.get("OMP_WAIT_POLICY", "passive"))
        out = run([os.path.join(project, "my_train"), data], cwd=scratch, env=env)
        for needle in ("Small-CNN: ", "accuracy ", "checkpoint: "):
            if needle not in out:
                sys.exit("check_install: my_train printed no %r:\n%s" % (needle, out))
        print(out.strip().splitlines()[-1])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
