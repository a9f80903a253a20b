import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe-core's WCAG 2.1 A/AA and best-practice rules on the page as it is now; answers the serious
 * and critical findings. axe is evaluated through the DevTools protocol, not added as a script
 * tag, so the page's CSP stays as strict as it is for users.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(AXE_SOURCE);
  const findings = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
  });
  return findings
    .filter((finding) => finding.impact === 'serious' || finding.impact === 'critical')
    .map((finding) => ({
      id: finding.id,
      impact: finding.impact,
      help: finding.help,
      targets: finding.nodes.map((node) => node.target.join(' ')),
    }));
}
