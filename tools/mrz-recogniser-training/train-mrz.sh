#!/usr/bin/env bash
# npm run models:train-mrz: trains the OCR-B MRZ recogniser from scratch and writes it where the document
# pipeline loads it. A Python venv with the pinned tools goes to .tools/train-venv (git-ignored). CPU only;
# ~35 min on 2 idle cores at the committed settings (the defaults of train.py). CI never runs this: it checks the committed file against its card.
set -euo pipefail
cd "$(dirname "$0")"
root="$(cd ../.. && pwd)"
venv="$root/.tools/train-venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet -r requirements.txt
if [ ! -f /usr/share/fonts/opentype/ocr-b/OCRB.otf ]; then
  echo "OCR-B font missing: apt-get install fonts-ocr-b" >&2
  exit 1
fi
out="$root/packages/document-intelligence/models/mrz-ocrb-recogniser.onnx"
"$venv/bin/python" train.py --out "$out" "$@"
