import Intercom, { shutdown, update } from '@intercom/messenger-js-sdk';
import type { ChatAdapter, ChatPlacement, ChatUser } from '../../lib/chat/chat-port.ts';

/** Intercom Messenger with identity verification (user_hash from the API); imported lazily by chat-widget.tsx. */
export function createIntercomAdapter(appId: string): ChatAdapter {
  return {
    boot(user: ChatUser, placement: ChatPlacement) {
      Intercom({
        app_id: appId,
        user_id: user.userId,
        user_hash: user.userHash,
        email: user.email,
        name: user.name,
        ...(user.merchantId
          ? { company: { company_id: user.merchantId, name: user.merchantName ?? '' } }
          : {}),
        vertical_padding: placement.verticalPadding,
        hide_default_launcher: placement.hidden,
      });
    },
    update(placement: ChatPlacement) {
      update({ vertical_padding: placement.verticalPadding, hide_default_launcher: placement.hidden });
    },
    shutdown() {
      shutdown();
    },
  };
}
