import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyzeSelfie, euclideanDistance, type LivenessResult, MATCH_CALIBRATION } from '@kyc/face';
import { readCsv, SHARED_DATA_DIR } from './dev-data';
import { tarAtFar } from './roc';

/**
 * Accuracy floors on the real development sets, through the real ONNX models and the selfie path
 * an upload takes (analyzeSelfie: one decode, detection, landmarks, descriptor, liveness on the
 * detected box). The sets stay outside the repository (../shared/data); without them the test is
 * skipped locally and FAILS under CI=true, so a CI run cannot pass without measuring.
 *
 * The floors sit a little under what was measured when they were set (packages/face/README.md,
 * "Accuracy on the development sets"): a regression of more than a pair or two, or of more than
 * one or two bona fide photos, fails the build. Raise them when the figures improve.
 */

/** faces-real-dev TAR at FAR 1e-3, Euclidean distance: measured 100 % (132/132). Two genuine pairs of margin. */
const FACES_REAL_DEV_TAR_FLOOR = 0.98;
/** The shipped match threshold on faces-real-dev: measured TAR 100 % with 3 of 3,189 impostor pairs accepted. */
const LIBRARY_THRESHOLD_TAR_FLOOR = 0.98;
const LIBRARY_THRESHOLD_MAX_FAR = 1e-3;
/**
 * Liveness on the real bona fide photos (faces-real-dev's 82 + spoof-real-dev's 25): measured
 * BPCER 15.0 % (16 of 107: 15 refused by MiniFASNet, 1 face not found); ceiling two photos above.
 * Far from the 3 % target: the model refuses many web and studio photos (see the README).
 */
const REAL_LIVE_BPCER_CEILING = 18 / 107;
/** spoof-real-dev's 6 attacks: measured 5 refused (the phone replay img23 passes). */
const REAL_ATTACKS_REFUSED_FLOOR = 5;

const FACES_REAL_DEV = join(SHARED_DATA_DIR, 'faces-real-dev');
const SPOOF_REAL_DEV = join(SHARED_DATA_DIR, 'spoof-real-dev');
const present =
  existsSync(join(FACES_REAL_DEV, 'pairs.csv')) &&
  existsSync(join(FACES_REAL_DEV, 'identities.csv')) &&
  existsSync(join(SPOOF_REAL_DEV, 'labels.csv'));
const onCi = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';

interface Selfie {
  descriptor?: Float32Array;
  liveness?: LivenessResult;
  /** Why no liveness verdict (no face found, bad image). */
  outcome: string;
}

async function selfie(path: string): Promise<Selfie> {
  const result = await analyzeSelfie(readFileSync(path));
  if (result.kind !== 'analysed') return { outcome: result.kind };
  return {
    descriptor: result.face.face.embedding,
    liveness: result.liveness,
    outcome: result.liveness.isLive ? 'live' : `${result.liveness.reason}/${result.liveness.subReason}`,
  };
}

if (!present) {
  const message = `real development sets not found under ${SHARED_DATA_DIR} (faces-real-dev/pairs.csv, identities.csv, spoof-real-dev/labels.csv)`;
  if (onCi) {
    it('has the real development sets (required under CI)', () => {
      throw new Error(`${message}: CI must measure them`);
    });
  } else {
    console.warn(`${message}: accuracy floors skipped`);
    it.skip('accuracy floors on the real development sets', () => undefined);
  }
} else {
  describe('accuracy floors on the real development sets', () => {
    const faces = new Map<string, Selfie>();
    const spoofSet: Array<{ file: string; label: string; result: Selfie }> = [];

    beforeAll(async () => {
      for (const row of readCsv(join(FACES_REAL_DEV, 'identities.csv'))) faces.set(row.file, await selfie(join(FACES_REAL_DEV, row.file)));
      for (const row of readCsv(join(SPOOF_REAL_DEV, 'labels.csv')))
        spoofSet.push({ file: row.file, label: row.label, result: await selfie(resolve(SPOOF_REAL_DEV, row.file)) });
    }, 180_000);

    const pairScores = () => {
      const genuine: number[] = [];
      const impostor: number[] = [];
      for (const pair of readCsv(join(FACES_REAL_DEV, 'pairs.csv'))) {
        const a = faces.get(pair.img1)?.descriptor;
        const b = faces.get(pair.img2)?.descriptor;
        (pair.same === '1' ? genuine : impostor).push(a && b ? euclideanDistance(a, b) : Infinity);
      }
      return { genuine, impostor };
    };

    it(`faces-real-dev: TAR at FAR 1e-3 stays at or above ${FACES_REAL_DEV_TAR_FLOOR * 100} %`, () => {
      const { genuine, impostor } = pairScores();
      expect(genuine.length).toBe(132);
      expect(impostor.length).toBe(3189);
      expect(tarAtFar(genuine, impostor, 1e-3).tar).toBeGreaterThanOrEqual(FACES_REAL_DEV_TAR_FLOOR);
    });

    it(`faces-real-dev: the shipped threshold (${MATCH_CALIBRATION.threshold}) keeps FAR at or under 1e-3 and TAR at or above ${LIBRARY_THRESHOLD_TAR_FLOOR * 100} %`, () => {
      const { genuine, impostor } = pairScores();
      const accepted = (list: number[]) => list.filter((d) => d <= MATCH_CALIBRATION.threshold).length / list.length;
      expect(accepted(impostor)).toBeLessThanOrEqual(LIBRARY_THRESHOLD_MAX_FAR);
      expect(accepted(genuine)).toBeGreaterThanOrEqual(LIBRARY_THRESHOLD_TAR_FLOOR);
    });

    it(`liveness: BPCER on the real bona fide photos stays at or under ${(REAL_LIVE_BPCER_CEILING * 100).toFixed(1)} %, and no image-evidence cue refuses one`, () => {
      const live = [
        ...[...faces.entries()].map(([file, result]) => ({ name: `faces-real-dev/${file}`, result })),
        ...spoofSet.filter((s) => s.label === 'live').map((s) => ({ name: `spoof-real-dev/${s.file}`, result: s.result })),
      ];
      expect(live.length).toBe(107);
      const refused = live.filter((l) => !l.result.liveness?.isLive);
      const byCue = refused.filter((l) => l.result.liveness?.reason === 'SPOOF' && l.result.liveness.subReason !== 'MODEL');
      // The cues may veto only where they are right on real captures (fusion.ts): none of these is an attack.
      expect(byCue.map((l) => `${l.name} ${l.result.outcome}`)).toEqual([]);
      expect(refused.length / live.length).toBeLessThanOrEqual(REAL_LIVE_BPCER_CEILING);
    });

    it(`liveness: at least ${REAL_ATTACKS_REFUSED_FLOOR} of spoof-real-dev's 6 attacks are refused`, () => {
      const attacks = spoofSet.filter((s) => s.label === 'spoof');
      expect(attacks.length).toBe(6);
      const refused = attacks.filter((a) => !a.result.liveness?.isLive);
      expect(refused.length).toBeGreaterThanOrEqual(REAL_ATTACKS_REFUSED_FLOOR);
    });
  });
}
