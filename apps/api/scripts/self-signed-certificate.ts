// A self-signed certificate for trying HTTPS with HTTP/2 locally (TLS_CERT_FILE, TLS_KEY_FILE; README), and for the
// tests and benchmarks that do: `npm run certificate -w apps/api -- <folder>` writes cert.pem and key.pem there,
// for localhost and 127.0.0.1, valid for 30 days. A browser warns about it; production uses a real certificate.
import { webcrypto } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
// @peculiar/x509 needs the Reflect metadata polyfill loaded before it.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

/** A P-256 key and a certificate for localhost and 127.0.0.1 signed by it, both PEM. */
export async function selfSignedCertificate(days = 30): Promise<{ cert: string; key: string }> {
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: now.toString(16),
    name: 'CN=localhost',
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + days * 86_400_000),
    signingAlgorithm: ALGORITHM,
    keys: keys as unknown as CryptoKeyPair,
    extensions: [
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
      ]),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  const key = `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)?.join('\n')}\n-----END PRIVATE KEY-----\n`;
  return { cert: certificate.toString('pem'), key };
}

/** Writes cert.pem and key.pem (the key readable by its owner only) into `folder`; answers their paths. */
export async function writeSelfSignedCertificate(folder: string) {
  const { cert, key } = await selfSignedCertificate();
  await mkdir(folder, { recursive: true });
  const certFile = join(folder, 'cert.pem');
  const keyFile = join(folder, 'key.pem');
  await writeFile(certFile, cert);
  await writeFile(keyFile, key, { mode: 0o600 });
  return { certFile, keyFile };
}

if (import.meta.main) {
  const folder = resolve(process.argv[2] ?? '.data/tls');
  const { certFile, keyFile } = await writeSelfSignedCertificate(folder);
  process.stdout.write(`TLS_CERT_FILE=${certFile} TLS_KEY_FILE=${keyFile}\n`);
}
