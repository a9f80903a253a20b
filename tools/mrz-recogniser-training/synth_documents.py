"""Whole synthetic MRZs (every line of one document) rendered as the recogniser's strips, for measuring decoding.

    python synth_documents.py <seed> <count> <out.jsonl>

One JSON line per document: {"lines": [...], "strips": [{"w", "h", "data": base64 grey bytes}]}, drawn by the
training set's own recipe (synth_lines.mrz_lines and render_sample: numbers with look-alike letters, 5 % with a
wrong check digit, the neighbouring lines at the strip's edges). measure_decoding.js reads them through the model
and the package's decoders. Seed 9305 is neither the training (9303) nor the held-out (9304) seed.
"""

from __future__ import annotations

import base64
import json
import random
import sys

import numpy as np

from synth_lines import mrz_lines, render_sample


def main() -> None:
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    with open(out, "w") as f:
        for _ in range(count):
            lines = mrz_lines(rng)
            strips = []
            for k, text in enumerate(lines):
                above = lines[k - 1] if k > 0 and rng.random() < 0.6 else None
                below = lines[k + 1] if k + 1 < len(lines) and rng.random() < 0.6 else None
                sample = render_sample(rng, np_rng, text, (above, below))
                h, w = sample.image.shape
                strips.append({"w": w, "h": h, "data": base64.b64encode(sample.image.tobytes()).decode()})
            f.write(json.dumps({"lines": lines, "strips": strips}) + "\n")


if __name__ == "__main__":
    main()
