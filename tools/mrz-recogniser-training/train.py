"""Trains the OCR-B MRZ line recogniser (a small CNN with CTC over 37 symbols) on synthetic lines and exports it to ONNX.

    python train.py --out <file.onnx> [--seed 9303 --samples 28000 --held-out 1000 --epochs 4]   (the committed model's settings)

Reproducible from the seed: the synthetic lines (synth_lines.py), the weight initialisation and the batch order all
come from it; torch runs deterministic CPU kernels with a fixed thread count (bit-identical weights need the same
torch build and CPU). Prints progress and the held-out synthetic accuracy per epoch; writes the ONNX file, its card
(<name>.card.json: sha256, size, input/output, the run's figures) and the training figures (<out>.training.json).
No real image is used for training: the real development sets stay for measurement.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing as mp
import random
import sys
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn

import synth_lines

CLASSES = len(synth_lines.ALPHABET) + 1  # CTC blank first
DOWNSAMPLE = 4  # time steps are a quarter of the strip's width


class MrzRecogniser(nn.Module):
    """Input [N, 1, 32, W] grey in [-1, 1], W a multiple of 4; output [N, W/4, 38] log-probabilities (class 0 blank).

    The strip is first halved in width (an average of column pairs): at a 32-px height an MRZ glyph is 10-25 px
    wide, and 5-12 px keep OCR-B's O apart from its 0 while halving the work. Four convolution stages fold the
    height into 96 channels; two 1-D convolutions along the line give each time step its neighbours' context.
    """

    def __init__(self) -> None:
        super().__init__()

        def block(cin: int, cout: int, kernel=(3, 3), padding=(1, 1)) -> list[nn.Module]:
            return [nn.Conv2d(cin, cout, kernel, padding=padding, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]

        self.features = nn.Sequential(
            nn.AvgPool2d((1, 2), (1, 2)),                    # 32 x W/2
            *block(1, 16), nn.MaxPool2d(2, 2),               # 16 x W/4
            *block(16, 32), nn.MaxPool2d((2, 1), (2, 1)),    # 8 x W/4
            *block(32, 48), nn.MaxPool2d((2, 1), (2, 1)),    # 4 x W/4
            *block(48, 64), nn.MaxPool2d((2, 1), (2, 1)),    # 2 x W/4
            *block(64, 96, kernel=(2, 3), padding=(0, 1)),   # 1 x W/4
        )
        self.context = nn.Sequential(
            nn.Conv1d(96, 96, 3, padding=1), nn.ReLU(inplace=True),
            nn.Conv1d(96, 96, 3, padding=2, dilation=2), nn.ReLU(inplace=True),
        )
        self.classifier = nn.Conv1d(96, CLASSES, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        f = self.features(x).squeeze(2)  # N, 96, T
        f = f + self.context(f)
        return self.classifier(f).permute(0, 2, 1).log_softmax(-1)  # N, T, C


def _make(args: tuple[int, int]) -> list[tuple[np.ndarray, str]]:
    seed, count = args
    rng, np_rng = random.Random(seed), np.random.default_rng(seed)
    return [(s.image, s.text) for s in (synth_lines.sample(rng, np_rng) for _ in range(count))]


def make_set(seed: int, count: int, label: str, workers: int) -> list[tuple[np.ndarray, str]]:
    """`count` strips from `seed`, made in chunks of 500 (each chunk seeded from the set's seed and its index)."""
    chunks = [(seed * 100_003 + k, min(500, count - k * 500)) for k in range((count + 499) // 500)]
    out: list[tuple[np.ndarray, str]] = []
    start = time.time()
    with mp.get_context("fork").Pool(workers) as pool:
        for part in pool.imap(_make, chunks):
            out.extend(part)
            print(f"  {label}: {len(out)}/{count} strips ({time.time() - start:.0f} s)", flush=True)
    return out


def batches(data: list[tuple[np.ndarray, str]], batch_size: int, rng: random.Random):
    """Batches of similar widths (less padding), in random order."""
    order = sorted(range(len(data)), key=lambda i: data[i][0].shape[1] + rng.random() * 40)
    groups = [order[i:i + batch_size] for i in range(0, len(order), batch_size)]
    rng.shuffle(groups)
    for group in groups:
        yield to_tensor([data[i] for i in group])


def to_tensor(items: list[tuple[np.ndarray, str]]):
    width = max(img.shape[1] for img, _ in items)
    width = (width + DOWNSAMPLE - 1) // DOWNSAMPLE * DOWNSAMPLE
    x = np.zeros((len(items), 1, synth_lines.HEIGHT, width), dtype=np.float32)
    lengths, targets = [], []
    for k, (img, text) in enumerate(items):
        norm = img.astype(np.float32) / 127.5 - 1
        x[k, 0, :, : img.shape[1]] = norm
        x[k, 0, :, img.shape[1]:] = norm[:, -1:]  # pad with the strip's own last column
        lengths.append(width // DOWNSAMPLE)
        targets.extend(synth_lines.ALPHABET.index(c) + 1 for c in text)
    return (torch.from_numpy(x), torch.tensor(targets, dtype=torch.long),
            torch.tensor(lengths, dtype=torch.long), torch.tensor([len(t) for _, t in items], dtype=torch.long),
            [t for _, t in items])


def greedy(log_probs: torch.Tensor) -> list[str]:
    out = []
    for seq in log_probs.argmax(-1).tolist():
        text, prev = [], 0
        for c in seq:
            if c != 0 and c != prev:
                text.append(synth_lines.ALPHABET[c - 1])
            prev = c
        out.append("".join(text))
    return out


def evaluate(model: nn.Module, data: list[tuple[np.ndarray, str]]) -> dict[str, float]:
    model.eval()
    exact = chars = char_errors = 0
    with torch.no_grad():
        for x, _, _, _, texts in batches(data, 64, random.Random(0)):
            for got, want in zip(greedy(model(x)), texts):
                exact += got == want
                chars += len(want)
                char_errors += edit_distance(got, want)
    model.train()
    return {"lineExact": exact / len(data), "charErrorRate": char_errors / chars}


def edit_distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=9303)
    parser.add_argument("--samples", type=int, default=28000)
    parser.add_argument("--held-out", type=int, default=1000)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    torch.use_deterministic_algorithms(True)
    print(f"synthesising {args.samples} training and {args.held_out} held-out strips (seed {args.seed})", flush=True)
    train = make_set(args.seed, args.samples, "train", args.threads)
    held_out = make_set(args.seed + 1, args.held_out, "held-out", args.threads)

    model = MrzRecogniser()
    params = sum(p.numel() for p in model.parameters())
    print(f"model: {params} parameters", flush=True)
    steps_per_epoch = (len(train) + args.batch - 1) // args.batch
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps_per_epoch * args.epochs, pct_start=0.15)
    ctc = nn.CTCLoss(blank=0, zero_infinity=True)
    rng = random.Random(args.seed)
    started = time.time()
    history = []
    for epoch in range(args.epochs):
        running, step = 0.0, 0
        for x, targets, in_lengths, target_lengths, _ in batches(train, args.batch, rng):
            log_probs = model(x)
            loss = ctc(log_probs.permute(1, 0, 2), targets, in_lengths, target_lengths)
            optimiser.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            optimiser.step()
            schedule.step()
            running += loss.item()
            step += 1
            if step % 100 == 0:
                print(f"  epoch {epoch + 1}/{args.epochs} step {step}/{steps_per_epoch} loss {running / 100:.3f} "
                      f"({time.time() - started:.0f} s)", flush=True)
                running = 0.0
        figures = evaluate(model, held_out)
        history.append({"epoch": epoch + 1, **figures, "seconds": round(time.time() - started)})
        print(f"epoch {epoch + 1}: held-out line exact {figures['lineExact']:.4f}, CER {figures['charErrorRate']:.4f}", flush=True)

    model.eval()
    out = Path(args.out)
    dummy = torch.zeros(1, 1, synth_lines.HEIGHT, 400)
    torch.onnx.export(model, dummy, str(out), input_names=["strip"], output_names=["log_probs"],
                      dynamic_axes={"strip": {0: "batch", 3: "width"}, "log_probs": {0: "batch", 1: "steps"}},
                      opset_version=17, dynamo=False)
    digest = hashlib.sha256(out.read_bytes()).hexdigest()
    report = {
        "seed": args.seed, "samples": args.samples, "heldOut": args.held_out, "epochs": args.epochs, "batch": args.batch,
        "parameters": params, "history": history, "trainingSeconds": round(time.time() - started),
        "torch": torch.__version__, "python": sys.version.split()[0], "sha256": digest, "bytes": out.stat().st_size,
    }
    card = {
        "file": out.name, "sha256": digest, "bytes": out.stat().st_size, "alphabet": synth_lines.ALPHABET,
        "input": {"name": "strip", "height": synth_lines.HEIGHT, "widthMultiple": DOWNSAMPLE, "channels": 1,
                  "normalisation": "grey (ITU-R 601 luma) / 127.5 - 1"},
        "output": {"name": "log_probs", "shape": ["N", "W/4", CLASSES], "blank": 0},
        "training": report,
        "licence": "model: this repository's licence; font: OCR-B from Debian fonts-ocr-b (public domain)",
    }
    out.with_name(out.stem + ".card.json").write_text(json.dumps(card, indent=2) + "\n")
    print(f"wrote {out} ({out.stat().st_size} bytes, sha256 {digest})", flush=True)


if __name__ == "__main__":
    main()
