/**
 * The customer-chat port (issue 14 §4). Two adapters:
 * - Intercom (`@intercom/messenger-js-sdk`, real vendor) when the API says an Intercom app id is configured;
 *   loaded lazily, only for a signed-in user, never on the public pages' first load.
 * - The built-in help panel (embedded default, features/chat/components/chat-widget.tsx) otherwise.
 * Either is shut down on sign-out (SPEC §4) through `shutdownChat`.
 */
export interface ChatUser {
  userId: string;
  userHash: string;
  email: string;
  name: string;
  merchantId: string | null;
  merchantName: string | null;
}

export interface ChatPlacement {
  hidden: boolean;
  /** Pixels between the launcher and the bottom of the window. */
  verticalPadding: number;
}

/** Intercom's default launcher sits 20 px from the bottom edge. */
export const DEFAULT_VERTICAL_PADDING = 20;

/** SPEC §9: hidden on /join when the window is 600 px wide or less; 100 px vertical padding on /join. */
export function chatPlacement(pathname: string, windowWidth: number): ChatPlacement {
  const onJoin = pathname === '/join' || pathname.startsWith('/join/');
  return {
    hidden: onJoin && windowWidth <= 600,
    verticalPadding: onJoin ? 100 : DEFAULT_VERTICAL_PADDING,
  };
}

export interface ChatAdapter {
  boot(user: ChatUser, placement: ChatPlacement): void;
  update(placement: ChatPlacement): void;
  shutdown(): void;
}

let active: ChatAdapter | null = null;

export function setActiveChat(adapter: ChatAdapter | null): void {
  active = adapter;
}

/** Sign-out: the chat forgets the user (Intercom ends its session and clears its cookies). */
export function shutdownChat(): void {
  active?.shutdown();
  active = null;
}
