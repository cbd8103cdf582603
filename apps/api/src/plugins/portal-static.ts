import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Vite puts content-hashed files under assets/: they never change, so they may be cached for a year. */
const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9.]+$/;

/**
 * Serves the built portal (precompressed .br/.gz when present). Returns the SPA fallback, or undefined
 * when there is no build to serve.
 */
export async function registerPortalStatic(
  app: FastifyInstance,
  portalDist: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined> {
  if (!existsSync(join(portalDist, 'index.html'))) {
    app.log.warn(
      { portalDist },
      'no portal build found; serving the API only (run `npm run build -w apps/portal`)',
    );
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: portalDist,
    prefix: '/',
    wildcard: true,
    // A dot-file or dot-folder of the build (Vite's .vite/manifest.json) is no page: 404, as a missing file.
    dotfiles: 'ignore',
    preCompressed: true,
    index: ['index.html'],
    cacheControl: false,
    schemaHide: true,
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
}

/** SPA fallback applies to page navigations only: non-API GET/HEAD requests that accept HTML. */
export function wantsPortalPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}
