import { ConfigError, loadConfig, positiveInt, z } from './index';

describe(loadConfig.name, () => {
  const schema = z.object({ PORT: positiveInt().default(8080), API_SECRET: z.string().min(16), MODE: z.enum(['sync', 'queued']) });

  it('returns typed values with defaults', () => {
    expect(loadConfig(schema, { API_SECRET: 'x'.repeat(16), MODE: 'sync' })).toEqual({
      PORT: 8080,
      API_SECRET: 'x'.repeat(16),
      MODE: 'sync',
    });
  });

  it('lists every bad key at once and never shows a secret value', () => {
    try {
      loadConfig(schema, { PORT: '-1', API_SECRET: 'short-secret', MODE: 'fast' }, ['API_SECRET']);
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('MODE');
      expect(problems).toContain('API_SECRET');
      expect(problems).not.toContain('short-secret');
    }
  });
});
