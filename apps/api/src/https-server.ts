import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { type Config, ConfigError } from './config.ts';

/**
 * Fastify's server options for HTTPS (TLS_CERT_FILE and TLS_KEY_FILE): HTTP/2, and HTTP/1.1 for a client without it
 * (TLS's ALPN decides). HTTP/2 carries a page's files and its first API calls over one connection instead of six
 * (docs/decisions/0125). A file that cannot be read, or a key that is not the certificate's, stops the start and
 * names its variable, as every other configuration error does; neither the key nor the certificate is ever logged.
 */
export function httpsServerOptions(tls: NonNullable<Config['tls']>) {
  const read = (variable: string, file: string): Buffer => {
    try {
      return readFileSync(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConfigError([{ variable, message: `cannot be read (${code}): ${file}` }]);
    }
  };
  const cert = read('TLS_CERT_FILE', tls.certFile);
  const key = read('TLS_KEY_FILE', tls.keyFile);
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    throw new ConfigError([
      {
        variable: 'TLS_KEY_FILE',
        message: `must be the PEM private key of TLS_CERT_FILE's PEM certificate (${(error as Error).message})`,
      },
    ]);
  }
  return { http2: true as const, https: { allowHTTP1: true, cert, key } };
}
