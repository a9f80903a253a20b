import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig, serviceSignerEnv, serviceVerifierEnv, z } from './index';

const der = (kind: 'ed25519' | 'rsa') => {
  const { publicKey, privateKey } =
    kind === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('rsa', { modulusLength: 1024 });
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
};

describe('service identity settings', () => {
  const schema = z.object({ ...serviceVerifierEnv, ...serviceSignerEnv });
  const ed = der('ed25519');
  const next = der('ed25519');

  it('takes Ed25519 keys, a caller twice while it rotates', () => {
    const env = {
      SERVICE_PUBLIC_KEYS: `gateway:${ed.publicKey}, biometrics:${ed.publicKey},biometrics:${next.publicKey}`,
      SERVICE_PRIVATE_KEY: ed.privateKey,
    };
    expect(loadConfig(schema, env)).toEqual(env);
  });

  it.each([
    ['missing', {}],
    ['an RSA public key', { SERVICE_PUBLIC_KEYS: `gateway:${der('rsa').publicKey}` }],
    ['no caller name', { SERVICE_PUBLIC_KEYS: ed.publicKey }],
    ['not base64 DER', { SERVICE_PUBLIC_KEYS: 'gateway:c2VjcmV0' }],
    ['a private key where the public one goes', { SERVICE_PUBLIC_KEYS: `gateway:${ed.privateKey}` }],
  ])('refuses to start with SERVICE_PUBLIC_KEYS %s', (_, env) => {
    expect(() => loadConfig(schema, { SERVICE_PRIVATE_KEY: ed.privateKey, ...env })).toThrow(ConfigError);
  });

  it('refuses a private key that is not Ed25519 and never prints it', () => {
    const rsa = der('rsa').privateKey;
    let message = '';
    try {
      loadConfig(schema, { SERVICE_PUBLIC_KEYS: `gateway:${ed.publicKey}`, SERVICE_PRIVATE_KEY: rsa }, ['SERVICE_PRIVATE_KEY']);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SERVICE_PRIVATE_KEY');
    expect(message).not.toContain(rsa.slice(0, 40));
  });
});
