import type { Page } from 'playwright-core';
import type { RunningStack } from '@kyc/stack';

export type OperatorRole = 'admin' | 'reviewer' | 'read_only';

/** The operator of a role that `npm start` made (and wrote to dev-credentials.json). */
export function dashboardOperator(stack: RunningStack, role: OperatorRole) {
  const found = stack.credentials.operators?.find((candidate) => candidate.role === role);
  if (!found) throw new Error(`npm start made no ${role} operator`);
  return found;
}

/** Signs in through the dashboard's own form, on a desktop-sized page, and waits for the shell to name the operator. */
export async function signInToDashboard(page: Page, stack: RunningStack, role: OperatorRole): Promise<void> {
  const operator = dashboardOperator(stack, role);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${stack.baseUrl}/dashboard`);
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('operator').filter({ hasText: operator.email }).waitFor();
}
