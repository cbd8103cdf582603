import { ChatWidget } from '../../features/chat/components/chat-widget.tsx';
import { useMerchantContext } from '../../features/merchants/merchant-context.ts';
import { useSession } from '../../lib/session/use-session.ts';

/**
 * SPEC §1 and §9: the chat of a signed-in merchant user who opens /join (a public page), booted as the main layout
 * boots it (the session's user, the current merchant) and placed by SPEC §9's /join rule (chatPlacement). The
 * public layout loads this module only for a signed-in user on /join, so a signed-out visitor downloads none of it.
 */
export default function JoinChat() {
  const user = useSession()?.user ?? null;
  const { merchant } = useMerchantContext(user?.id ?? '');
  return <ChatWidget user={user} merchant={merchant} />;
}
