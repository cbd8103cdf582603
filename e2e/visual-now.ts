/**
 * The instant the visual suite's stack is seeded as of and its API clock starts at (SEED_DEMO_NOW, CLOCK_START),
 * and the browser's clock in that suite: a Monday at noon in London, so "today", the last 30 days and every date
 * on the screens are the same on every run.
 */
export const VISUAL_NOW = '2026-11-02T12:00:00.000Z';
