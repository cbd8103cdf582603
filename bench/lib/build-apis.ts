// The portal builds a diagnosis tool compares, each served by its own API on PGlite (ports `firstPort` + 1, + 2, …)
// with the demo owner signed in. Started into `into`, so the caller's `finally` stops those that did start.
import { DEMO_SIGN_INS } from '../../apps/api/src/db/demo/sign-ins.ts';
import { portalSession } from './lighthouse.ts';
import { type RunningApi, startApi } from './server.ts';
import { type Transport, transportEnv } from './tls.ts';

export interface BuildApi {
  name: string;
  api: RunningApi;
  base: string;
  session: unknown;
  /** The served certificate's key hash when over HTTPS with HTTP/2 (for lighthouseScreens' `trustSpki`). */
  spki: string | undefined;
}

export async function startBuildApis(
  builds: readonly { name: string; dist: string; transport?: Transport }[],
  firstPort: number,
  into: BuildApi[],
): Promise<void> {
  for (const [index, build] of builds.entries()) {
    const port = firstPort + 1 + index;
    const { base, env, spki } = await transportEnv(build.transport ?? 'h1', port);
    const api = await startApi({
      kind: 'pglite',
      port,
      env: { PORTAL_DIST: build.dist, ...env },
    });
    into.push({
      name: build.name,
      api,
      base,
      session: await portalSession(base, DEMO_SIGN_INS.gbOwner),
      spki,
    });
  }
}
