#!/usr/bin/env python3
"""A language model trained side by side by hlotrain and by PyTorch on one text: the same model
(bench/peer_pytorch.py's torch.nn GPT), recipe, schedule and training windows, several seeds each,
and the validation loss each reaches, with its seed spread.

Both sides read the text as hlotrain does (FAMILIES.md 6): the sorted code points are the
vocabulary, the first floor(0.9 n) characters train and the rest validate. A training epoch takes
steps = floor(floor(n_train / T) / B) batches of windows at offsets drawn by FORMATS' Fisher-Yates
shuffle of every offset (seed = run seed + epoch), as hlotrain's trainer does, so each PyTorch step
sees exactly the batch hlotrain's step of that seed sees. The learning rate follows the recipe
(linear warmup over --warmup-steps, then cosine to floor x peak); AdamW decays the matrices and
`tok`, never biases, norms or `pos`. Validation is the mean cross-entropy over every position of
the non-overlapping windows o = 0, T, 2T, ... (the tail window's missing labels unscored).

hlotrain's He init draws from FORMATS' generator at fixed seeds, so its seed moves only the data
order; PyTorch's seed moves both its init and (through the same shuffle) the order. The spread
printed is max - min over seeds of the final validation bits per character.

  /usr/bin/python3 bench/lm_quality.py --hlotrain build/hlotrain --text fortunes.txt
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peer_pytorch  # noqa: E402

MASK = (1 << 64) - 1


def xorshift(s):
    s ^= (s << 13) & MASK
    s ^= s >> 7
    s ^= (s << 17) & MASK
    return s


def shuffle_order(n, seed):
    """FORMATS' Fisher-Yates: s = seed + 1, one xorshift step per swap from the end."""
    order = list(range(n))
    s = (seed + 1) & MASK
    for i in range(n - 1, 0, -1):
        s = xorshift(s)
        j = s % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def read_text(path):
    with open(path, "rb") as f:
        text = f.read().decode("utf-8")
    vocabulary = sorted(set(text))
    rank = {c: i for i, c in enumerate(vocabulary)}
    ids = [rank[c] for c in text]
    cut = len(ids) * 9 // 10
    return vocabulary, ids[:cut], ids[cut:]


def lr_at(step, total, peak, warmup, floor):
    if step < warmup:
        return peak * (step + 1) / warmup
    f = floor * peak
    return f + 0.5 * (1 + math.cos(math.pi * (step - warmup) / (total - warmup))) * (peak - f)


def torch_run(args, size, vocabulary, train, val, seed):
    import torch
    import torch.nn.functional as F

    torch.manual_seed(seed)
    torch.set_num_threads(os.cpu_count())
    width, heads, mlp, blocks = size
    model = peer_pytorch.gpt(len(vocabulary), args.context, width, heads, mlp, blocks)
    decays = lambda n, p: p.dim() > 1 and n != "pos"
    opt = torch.optim.AdamW(
        [{"params": [p for n, p in model.named_parameters() if decays(n, p)],
          "weight_decay": args.weight_decay},
         {"params": [p for n, p in model.named_parameters() if not decays(n, p)],
          "weight_decay": 0.0}],
        lr=args.lr, betas=(0.9, 0.999), eps=1e-8)
    stream = torch.tensor(train, dtype=torch.int64)
    t = args.context
    offsets = len(train) - t
    steps_per_epoch = (len(train) // t) // args.batch
    total = steps_per_epoch * args.epochs
    window = torch.arange(t)
    start = time.perf_counter()
    step = 0
    for epoch in range(args.epochs):
        order = shuffle_order(offsets, seed + epoch)
        for b in range(steps_per_epoch):
            o = torch.tensor(order[b * args.batch:(b + 1) * args.batch]).unsqueeze(1) + window
            x, y = stream[o], stream[o + 1]
            for group in opt.param_groups:
                group["lr"] = lr_at(step, total, args.lr, args.warmup_steps, args.lr_floor)
            loss = F.cross_entropy(model(x).reshape(-1, len(vocabulary)), y.reshape(-1))
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            step += 1
    seconds = time.perf_counter() - start
    model.eval()
    nats, count = 0.0, 0
    with torch.no_grad():
        v = torch.tensor(val, dtype=torch.int64)
        for o in range(0, len(val) - 1, t * 64):
            rows = []
            for r in range(o, min(o + t * 64, len(val) - 1), t):
                n = min(t, len(val) - 1 - r)
                rows.append((r, n))
            x = torch.zeros(len(rows), t, dtype=torch.int64)
            y = torch.full((len(rows), t), -100, dtype=torch.int64)
            for i, (r, n) in enumerate(rows):
                x[i, :n] = v[r:r + n]
                y[i, :n] = v[r + 1:r + 1 + n]
            logits = model(x).double()
            nats += F.cross_entropy(logits.reshape(-1, len(vocabulary)), y.reshape(-1),
                                    ignore_index=-100, reduction="sum").item()
            count += int((y != -100).sum())
    return {"loss": nats / count, "bits": nats / count / math.log(2), "seconds": seconds,
            "steps": total, "positions": count}


def hlotrain_run(args, seed, out):
    cmd = [args.hlotrain, "train", "--net", args.net, "--dataset", "text", "--data", args.text,
           "--epochs", str(args.epochs), "--eval-every", "0", "--checkpoint-every", "0",
           "--log-every", "0", "--seed", str(seed), "--artifacts", out, "--quiet"]
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                   env=dict(os.environ, OMP_WAIT_POLICY="passive"))
    seconds = time.perf_counter() - start
    prefix = args.net.replace("-", "_")
    with open(os.path.join(out, prefix + "_metrics.jsonl")) as f:
        records = [json.loads(line) for line in f]
    last = [r for r in records if r["type"] == "eval"][-1]
    steps = [r for r in records if r["type"] == "epoch"][-1]["step"]
    return {"loss": last["loss"], "bits": last["bits_per_char"], "seconds": seconds,
            "steps": steps, "positions": last["positions"]}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hlotrain", required=True)
    p.add_argument("--text", required=True, help="a UTF-8 text")
    p.add_argument("--net", default="gpt-nano", choices=sorted(peer_pytorch.GPTS))
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--seeds", default="0,1,2")
    p.add_argument("--json", help="also write the results here")
    args = p.parse_args()
    # The recipe `hlotrain list` shows for the LMs (nn/Transformer.cpp) and the net's context.
    args.batch, args.lr, args.warmup_steps, args.lr_floor, args.weight_decay = 32, 3e-3, 100, 0.1, 1e-4
    args.context = peer_pytorch.NETS[args.net][2]
    seeds = [int(s) for s in args.seeds.split(",")]
    vocabulary, train, val = read_text(args.text)
    print(f"{args.net} on {args.text}: {len(vocabulary)} characters, {len(train)} train, "
          f"{len(val)} val; {args.epochs} epochs; CPU {peer_pytorch.cpu_name()}", flush=True)
    results = {"hlotrain": [], "pytorch": []}
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            r = hlotrain_run(args, seed, os.path.join(tmp, str(seed)))
            results["hlotrain"].append(r)
            print(f"hlotrain seed {seed}: {r['bits']:.4f} bits/char ({r['loss']:.4f} nats) after "
                  f"{r['steps']} steps, {r['seconds']:.1f} s", flush=True)
            r = torch_run(args, peer_pytorch.GPTS[args.net], vocabulary, train, val, seed)
            results["pytorch"].append(r)
            print(f"pytorch  seed {seed}: {r['bits']:.4f} bits/char ({r['loss']:.4f} nats) after "
                  f"{r['steps']} steps, {r['seconds']:.1f} s", flush=True)
    for side, runs in results.items():
        bits = [r["bits"] for r in runs]
        print(f"{side}: mean {statistics.mean(bits):.4f} bits/char, spread "
              f"{max(bits) - min(bits):.4f} (min {min(bits):.4f}, max {max(bits):.4f})")
    gap = statistics.mean(r["bits"] for r in results["hlotrain"]) - statistics.mean(
        r["bits"] for r in results["pytorch"])
    print(f"hlotrain - pytorch: {gap:+.4f} bits/char")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
