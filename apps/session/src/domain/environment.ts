/** A project environment. `test` is the project's test mode (sk_test_/pk_test_ keys). */
export type EnvironmentName = 'test' | 'sandbox' | 'live';

export const ENVIRONMENTS: readonly EnvironmentName[] = ['test', 'sandbox', 'live'];

export function isEnvironmentName(value: string): value is EnvironmentName {
  return (ENVIRONMENTS as readonly string[]).includes(value);
}
