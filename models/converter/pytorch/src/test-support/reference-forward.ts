import { type TorchTensor } from '../legacy-torch-reader';

/**
 * An independent, deliberately naive float64 forward pass of MiniFASNet written straight from
 * MiniFASNet.py's module definitions (Conv → BatchNorm2d(eval) → PReLU, residual Depth_Wise,
 * SEModule, Linear → BatchNorm1d → prob), with no folding. The converted ONNX graph must agree
 * with it; it shares nothing with the converter except the state_dict reader.
 */
interface Activation {
  c: number;
  h: number;
  w: number;
  data: Float64Array;
}

const EPS = 1e-5;

export class ReferenceMiniFasNet {
  constructor(private readonly tensors: Map<string, TorchTensor>) {}

  private t(name: string): TorchTensor {
    const tensor = this.tensors.get(`module.${name}`);
    if (!tensor) throw new Error(`missing module.${name}`);
    return tensor;
  }

  private has(name: string): boolean {
    return this.tensors.has(`module.${name}`);
  }

  private conv(x: Activation, name: string, stride: number, pad: number): Activation {
    const weight = this.t(`${name}.weight`);
    const wd = weight.data as Float64Array;
    const xd = x.data;
    const [outC, inPerGroup, kh, kw] = weight.shape;
    const groups = x.c / inPerGroup;
    const outPerGroup = outC / groups;
    const h = Math.floor((x.h + 2 * pad - kh) / stride) + 1;
    const w = Math.floor((x.w + 2 * pad - kw) / stride) + 1;
    const out = new Float64Array(outC * h * w);
    for (let o = 0; o < outC; o++) {
      const g = Math.floor(o / outPerGroup);
      for (let oy = 0; oy < h; oy++) {
        for (let ox = 0; ox < w; ox++) {
          let sum = 0;
          for (let i = 0; i < inPerGroup; i++) {
            const ic = g * inPerGroup + i;
            for (let ky = 0; ky < kh; ky++) {
              const iy = oy * stride - pad + ky;
              if (iy < 0 || iy >= x.h) continue;
              for (let kx = 0; kx < kw; kx++) {
                const ix = ox * stride - pad + kx;
                if (ix < 0 || ix >= x.w) continue;
                sum += xd[(ic * x.h + iy) * x.w + ix] * wd[((o * inPerGroup + i) * kh + ky) * kw + kx];
              }
            }
          }
          out[(o * h + oy) * w + ox] = sum;
        }
      }
    }
    return { c: outC, h, w, data: out };
  }

  private batchNorm(x: Activation, name: string): Activation {
    const [g, b, m, v] = ['weight', 'bias', 'running_mean', 'running_var'].map((k) => this.t(`${name}.${k}`).data);
    const out = new Float64Array(x.data.length);
    const plane = x.h * x.w;
    for (let c = 0; c < x.c; c++) {
      for (let i = 0; i < plane; i++) {
        out[c * plane + i] = ((x.data[c * plane + i] - Number(m[c])) / Math.sqrt(Number(v[c]) + EPS)) * Number(g[c]) + Number(b[c]);
      }
    }
    return { ...x, data: out };
  }

  private prelu(x: Activation, name: string): Activation {
    const a = this.t(`${name}.weight`).data;
    const plane = x.h * x.w;
    return { ...x, data: x.data.map((value, i) => (value >= 0 ? value : value * Number(a[Math.floor(i / plane)]))) };
  }

  private block(x: Activation, name: string, stride: number, pad: number): Activation {
    let out = this.batchNorm(this.conv(x, `${name}.conv`, stride, pad), `${name}.bn`);
    if (this.has(`${name}.prelu.weight`)) out = this.prelu(out, `${name}.prelu`);
    return out;
  }

  private se(x: Activation, name: string): Activation {
    const plane = x.h * x.w;
    const pooled = new Float64Array(x.c);
    for (let c = 0; c < x.c; c++) {
      let sum = 0;
      for (let i = 0; i < plane; i++) sum += x.data[c * plane + i];
      pooled[c] = sum / plane;
    }
    let s: Activation = { c: x.c, h: 1, w: 1, data: pooled };
    s = this.batchNorm(this.conv(s, `${name}.fc1`, 1, 0), `${name}.bn1`);
    s = { ...s, data: s.data.map((v) => Math.max(0, v)) };
    s = this.batchNorm(this.conv(s, `${name}.fc2`, 1, 0), `${name}.bn2`);
    const gate = s.data.map((v) => 1 / (1 + Math.exp(-v)));
    return { ...x, data: x.data.map((v, i) => v * gate[Math.floor(i / plane)]) };
  }

  private depthWise(x: Activation, name: string, stride: number, residual: boolean): Activation {
    let out = this.block(x, `${name}.conv`, 1, 0);
    out = this.block(out, `${name}.conv_dw`, stride, 1);
    out = this.block(out, `${name}.project`, 1, 0);
    if (!residual) return out;
    if (this.has(`${name}.se_module.fc1.weight`)) out = this.se(out, `${name}.se_module`);
    return { ...out, data: out.data.map((v, i) => v + x.data[i]) };
  }

  private stage(x: Activation, name: string): Activation {
    let out = x;
    for (let i = 0; this.has(`${name}.model.${i}.conv.conv.weight`); i++) out = this.depthWise(out, `${name}.model.${i}`, 1, true);
    return out;
  }

  private linear(x: Float64Array, name: string): Float64Array {
    const weight = this.t(`${name}.weight`);
    const wd = weight.data as Float64Array;
    const [outF, inF] = weight.shape;
    const out = new Float64Array(outF);
    for (let o = 0; o < outF; o++) {
      let sum = 0;
      for (let i = 0; i < inF; i++) sum += x[i] * wd[o * inF + i];
      out[o] = sum;
    }
    return out;
  }

  /** Logits for one CHW image. */
  forward(input: Float64Array, size: number): number[] {
    let x: Activation = { c: 3, h: size, w: size, data: input };
    x = this.block(x, 'conv1', 2, 1);
    x = this.block(x, 'conv2_dw', 1, 1);
    x = this.depthWise(x, 'conv_23', 2, false);
    x = this.stage(x, 'conv_3');
    x = this.depthWise(x, 'conv_34', 2, false);
    x = this.stage(x, 'conv_4');
    x = this.depthWise(x, 'conv_45', 2, false);
    x = this.stage(x, 'conv_5');
    x = this.block(x, 'conv_6_sep', 1, 0);
    x = this.block(x, 'conv_6_dw', 1, 0);
    let flat = this.linear(x.data, 'linear');
    flat = this.batchNorm({ c: flat.length, h: 1, w: 1, data: flat }, 'bn').data;
    return Array.from(this.linear(flat, 'prob'));
  }
}
