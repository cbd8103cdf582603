import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '../../app/query-client.ts';
import { pathTo } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/use-session.ts';

/**
 * Issue 15: a session ended elsewhere (the sessions list of another browser, a password reset, a disabled
 * account) is refused at this browser's next call; the refresh is refused too and the session store cleared.
 * The signed-in screen then goes to /signin at once instead of staying open without a session.
 */
export function useEndedSessionRedirect(): void {
  const session = useSession();
  const navigate = useNavigate();
  const hadSession = useRef(session !== null);
  useEffect(() => {
    if (session) {
      hadSession.current = true;
      return;
    }
    if (!hadSession.current) return;
    hadSession.current = false;
    queryClient.clear();
    void navigate(pathTo('sign-in'), { replace: true });
  }, [session, navigate]);
}
