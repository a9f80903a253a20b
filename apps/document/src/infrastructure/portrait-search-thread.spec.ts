import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { generateDocument } from '@kyc/document-generator';
import { decodeImage } from '@kyc/face';
import { findPortraitFace } from './portrait-face-search';
import { PortraitSearchThread } from './portrait-search-thread';

const LIVE_SAMPLE = join(__dirname, '../../../../../shared/data/spoof-dev/image_T1.jpg');
// The worker runs compiled JavaScript: the package is built before its tests (npm test at the root).
const WORKER_SCRIPT = join(__dirname, '../../dist/infrastructure/portrait-search-worker.js');

describe('PortraitSearchThread', () => {
  let thread: PortraitSearchThread;
  beforeAll(() => {
    if (!existsSync(WORKER_SCRIPT)) throw new Error(`${WORKER_SCRIPT} is missing: build @kyc/document first`);
    thread = new PortraitSearchThread(WORKER_SCRIPT);
  });
  afterAll(() => thread.close());

  it('finds the same portrait as the search on the calling thread, leaving that thread free meanwhile', async () => {
    const portrait = await sharp(readFileSync(LIVE_SAMPLE)).rotate().jpeg({ quality: 90 }).toBuffer();
    const generated = await generateDocument({
      layout: 'classic',
      seed: 5,
      index: 0,
      documentType: 'passport',
      portrait,
      degrade: 'clean',
      referenceDate: '2026-11-23',
    });
    const decoded = await decodeImage(generated.images[0].jpeg);
    if (decoded.kind !== 'image') throw new Error('the generated page decodes');
    const here = await findPortraitFace(decoded.image);
    expect(here).toBeDefined();

    await thread.search(decoded.image); // starts the worker and its session
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 1);
    const there = await thread.search(decoded.image);
    clearInterval(timer);
    expect(there).toEqual(here);
    // Four detector runs (page + three strips) took place elsewhere: this thread's timers kept firing.
    expect(ticks).toBeGreaterThan(5);
  }, 60_000);

  it('lets a process exit once its searches are answered, and not before', async () => {
    // A process whose only work is one search: it must wait for the answer, then end on its own.
    const script = `const { PortraitSearchThread } = require(${JSON.stringify(join(__dirname, '../../dist/infrastructure/portrait-search-thread.js'))});
      new PortraitSearchThread(${JSON.stringify(WORKER_SCRIPT)}).search({ width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) })
        .then((face) => console.log('answered', face === undefined));`;
    const output = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['-e', script], { timeout: 30_000 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
    });
    expect(output.trim()).toBe('answered true');
  }, 40_000);

  it('fails the searches of a worker that dies, and starts a new one for the next', async () => {
    const broken = new PortraitSearchThread(join(__dirname, 'no-such-worker.js'));
    const page = { width: 8, height: 8, data: new Uint8Array(8 * 8 * 3) };
    await expect(broken.search(page)).rejects.toThrow();
    await expect(broken.search(page)).rejects.toThrow();
  });
});
