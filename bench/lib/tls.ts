// HTTPS with HTTP/2 for the screens' benchmarks (the transport a deployed portal is served with: docs/decisions/0125):
// one self-signed certificate per benchmark process (apps/api/scripts/self-signed-certificate.ts), trusted by this
// process's own requests (sign-in) and, by its key's hash, by the Chromium Lighthouse drives — no other certificate
// error is ignored.
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { writeSelfSignedCertificate } from '../../apps/api/scripts/self-signed-certificate.ts';

export type Transport = 'h1' | 'h2';

export interface BenchCertificate {
  /** The API's environment for HTTPS. */
  env: { TLS_CERT_FILE: string; TLS_KEY_FILE: string };
  /** base64 SHA-256 of the certificate's public key: Chromium's `--ignore-certificate-errors-spki-list`. */
  spki: string;
}

let made: Promise<BenchCertificate> | undefined;

/** This process's certificate (made on first use, in a temporary folder), trusted by its own fetch. */
export function benchCertificate(): Promise<BenchCertificate> {
  made ??= (async () => {
    const folder = await mkdtemp(join(tmpdir(), 'mp-bench-tls-'));
    const { certFile, keyFile } = await writeSelfSignedCertificate(folder);
    const pem = await readFile(certFile, 'utf8');
    setDefaultCACertificates([...getCACertificates('default'), pem]);
    const publicKey = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
    return {
      env: { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile },
      spki: createHash('sha256').update(publicKey).digest('base64'),
    };
  })();
  return made;
}

/**
 * The environment and origin of an API on `port` serving a portal build for Lighthouse over `transport` (HTTPS with
 * HTTP/2 for `h2`): no simulated card traffic, and access tokens good for an hour. Each run stores the same signed-in
 * session again; a run that found its access token expired would refresh it and rotate its refresh token, and the
 * next run's stored copy would then be a refresh token already used (the session ends: "signed out?").
 */
export async function transportEnv(transport: Transport, port: number) {
  const certificate = transport === 'h2' ? await benchCertificate() : undefined;
  const base = `${certificate ? 'https' : 'http'}://127.0.0.1:${port}`;
  return {
    base,
    env: {
      ...certificate?.env,
      PUBLIC_URL: base,
      PORTAL_ORIGIN: base,
      PSP_SIMULATOR_RATE: '0',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    },
    spki: certificate?.spki,
  };
}
