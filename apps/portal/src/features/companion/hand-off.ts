import type { ResponseData } from '../../lib/api/operations.ts';

export type CompanionConfig = ResponseData<'getCompanionConfig'>;
export type CompanionPage = keyof CompanionConfig['links'];
export type Platform = 'ios' | 'android' | 'other';

/** Phones get the app; anything else (a laptop) is told to open the page on a phone. */
export function platformOf(userAgent: string): Platform {
  if (/android/i.test(userAgent)) return 'android';
  // iPadOS 13+ says "Macintosh" but has touch; the page cannot tell it from a Mac without touch, so only iPhone/iPad/iPod.
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return 'other';
}

export function storeUrlFor(platform: Platform, config: CompanionConfig): string | null {
  if (platform === 'ios') return config.appStoreUrl;
  if (platform === 'android') return config.playStoreUrl;
  return null;
}

export interface HandOffPlan {
  appLink: string;
  storeUrl: string | null;
  fallbackMs: number;
}

export interface HandOffEnvironment {
  /** Sends the browser somewhere (location.assign). */
  go(url: string): void;
  /** True once the page went to the background: the app opened over it. */
  isHidden(): boolean;
}

/**
 * Issue 14 §1: open the companion app, and when after `fallbackMs` the page is still in front (the app did not
 * open: not installed), go to the phone's app store instead. Returns a cancel function for unmount.
 */
export function startHandOff(plan: HandOffPlan, environment: HandOffEnvironment): () => void {
  environment.go(plan.appLink);
  const { storeUrl } = plan;
  if (!storeUrl) return () => {};
  const timer = setTimeout(() => {
    if (!environment.isHidden()) environment.go(storeUrl);
  }, plan.fallbackMs);
  return () => clearTimeout(timer);
}
