/** In-place iterative radix-2 FFT on separate real/imaginary arrays; n must be a power of two. */
export function fft1d(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const tr = re[i];
      re[i] = re[j];
      re[j] = tr;
      const ti = im[i];
      im[i] = im[j];
      im[j] = ti;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = (-2 * Math.PI) / len;
    const wRe = Math.cos(angle);
    const wIm = Math.sin(angle);
    for (let start = 0; start < n; start += len) {
      let curRe = 1;
      let curIm = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = start + k;
        const b = a + len / 2;
        const tRe = re[b] * curRe - im[b] * curIm;
        const tIm = re[b] * curIm + im[b] * curRe;
        re[b] = re[a] - tRe;
        im[b] = im[a] - tIm;
        re[a] += tRe;
        im[a] += tIm;
        const nextRe = curRe * wRe - curIm * wIm;
        curIm = curRe * wIm + curIm * wRe;
        curRe = nextRe;
      }
    }
  }
}

/** Power spectrum |F|² of an n×n real block (row-major), DC at index 0. */
export function powerSpectrum2d(block: Float64Array, n: number): Float64Array {
  const re = Float64Array.from(block);
  const im = new Float64Array(n * n);
  const rowRe = new Float64Array(n);
  const rowIm = new Float64Array(n);
  for (let pass = 0; pass < 2; pass++) {
    for (let line = 0; line < n; line++) {
      for (let k = 0; k < n; k++) {
        const idx = pass === 0 ? line * n + k : k * n + line;
        rowRe[k] = re[idx];
        rowIm[k] = im[idx];
      }
      fft1d(rowRe, rowIm);
      for (let k = 0; k < n; k++) {
        const idx = pass === 0 ? line * n + k : k * n + line;
        re[idx] = rowRe[k];
        im[idx] = rowIm[k];
      }
    }
  }
  const power = new Float64Array(n * n);
  for (let i = 0; i < power.length; i++) power[i] = re[i] * re[i] + im[i] * im[i];
  return power;
}
