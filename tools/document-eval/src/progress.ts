/** Where progress goes: a terminal rewrites one line in place, anything else (a CI log, a file) gets whole lines. */
export interface ProgressSink {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** Lines a log gets per run: one per tenth done, and the last. */
const LOG_STEPS = 10;

/**
 * Progress of one long loop. On a terminal, `label done/total` rewritten in place; in a log, a line each time
 * another tenth is done (never twice for one count, as two images of one document report the same count),
 * so a CI log holds ~10 readable lines instead of one line of hundreds of carriage returns.
 */
export function createProgress(
  label: string,
  sink: ProgressSink = process.stdout,
): { update: (done: number, total: number, extra?: string) => void; end: () => void } {
  let lastLogged = -1;
  let written = false;
  return {
    update(done, total, extra = '') {
      const text = `${label} ${done}/${total}${extra}`;
      written = true;
      if (sink.isTTY) {
        sink.write(`\r${text}`);
        return;
      }
      const step = Math.max(1, Math.ceil(total / LOG_STEPS));
      if (done !== lastLogged && (done % step === 0 || done === total)) {
        lastLogged = done;
        sink.write(`${text}\n`);
      }
    },
    end() {
      if (written && sink.isTTY) sink.write('\n');
    },
  };
}
