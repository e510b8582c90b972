#!/usr/bin/env python3
"""torchvision's state_dicts imported by `hlotrain eval --checkpoint model.npz` give torchvision's
logits (issue 36, FAMILIES.md 2.6). Needs PyTorch and torchvision, so it is not part of ctest: run
it where they are installed (python3-torch, python3-torchvision).

For each of the four torchvision nets at 10 classes: random weights, BatchNorm running statistics
and ConvNeXt layer scales (so every tensor matters), the state_dict saved as a user saves it
(np.savez of every entry in order; np.savez_compressed for one net, so deflated members are read
too), a val.bin of random images in our Imagenette format, `hlotrain eval --logits`, and
torchvision's logits in eval mode on the same normalised pixels. Prints the largest difference
relative to the largest logit; exits 1 if any is above --tolerance.

    /usr/bin/python3 tests/peers/torchvision_import.py --hlotrain build/hlotrain
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np
import torch
import torchvision.models as models

NETS = {
    "convnext-tiny": models.convnext_tiny,
    "efficientnet-b0": models.efficientnet_b0,
    "efficientnet-v2-s": models.efficientnet_v2_s,
    "mobilenetv3-large": models.mobilenet_v3_large,
}
MEAN = np.array([0.485, 0.456, 0.406], dtype=np.float32)
STD = np.array([0.229, 0.224, 0.225], dtype=np.float32)


def randomised(net, generator):
    with torch.no_grad():
        for name, p in net.named_parameters():
            if name.endswith("layer_scale"):
                p.uniform_(0.5, 1.5, generator=generator)
        for module in net.modules():
            if isinstance(module, torch.nn.BatchNorm2d):
                module.running_mean.normal_(0, 0.1, generator=generator)
                module.running_var.uniform_(0.5, 2.0, generator=generator)
                module.weight.uniform_(0.5, 1.5, generator=generator)
                module.bias.normal_(0, 0.1, generator=generator)
    return net.eval()


def write_val_bin(path, pixels, labels):
    with open(path, "wb") as f:
        f.write(np.uint32(len(labels)).tobytes())
        for label, image in zip(labels, pixels):
            f.write(np.uint8(label).tobytes())
            f.write(image.tobytes())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hlotrain", default="build/hlotrain")
    parser.add_argument("--images", type=int, default=4)
    parser.add_argument("--tolerance", type=float, default=1e-5,
                        help="largest |hlotrain - torchvision| / largest |logit| allowed")
    parser.add_argument("--nets", default=",".join(NETS))
    args = parser.parse_args()
    generator = torch.Generator().manual_seed(0)
    rng = np.random.default_rng(0)
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        pixels = rng.integers(0, 256, size=(args.images, 3, 224, 224), dtype=np.uint8)
        write_val_bin(os.path.join(tmp, "val.bin"), pixels, [0] * args.images)
        x = ((pixels.astype(np.float32) / np.float32(255) - MEAN[:, None, None])
             / STD[:, None, None]).astype(np.float32)
        for i, name in enumerate(args.nets.split(",")):
            torch.manual_seed(i)
            net = randomised(NETS[name](num_classes=10), generator)
            archive = os.path.join(tmp, name + ".npz")
            save = np.savez_compressed if name == "efficientnet-b0" else np.savez
            save(archive, **{k: v.numpy() for k, v in net.state_dict().items()})
            logits = os.path.join(tmp, name + "_logits.npy")
            subprocess.run([args.hlotrain, "eval", "--net", name, "--dataset", "imagenette",
                            "--data", tmp, "--checkpoint", archive, "--batch",
                            str(args.images), "--artifacts", tmp, "--logits", logits],
                           check=True, stdout=subprocess.DEVNULL)
            ours = np.load(logits)
            with torch.no_grad():
                theirs = net(torch.from_numpy(x)).numpy()
            relative = float(np.abs(ours - theirs).max() / np.abs(theirs).max())
            worst = max(worst, relative)
            print(f"{name:18s} {'savez_compressed' if save is np.savez_compressed else 'savez':16s}"
                  f" max |logit| {np.abs(theirs).max():9.4g}  max |difference| "
                  f"{np.abs(ours - theirs).max():9.3g}  relative {relative:.2e}", flush=True)
    print(f"worst relative difference {worst:.2e} (tolerance {args.tolerance:g})")
    return 0 if worst <= args.tolerance else 1


if __name__ == "__main__":
    sys.exit(main())
