import type { ComponentType } from 'react';
import { DevicePaletteSource } from '../../features/devices/components/device-palette-source.tsx';
import { StaffMerchantPaletteSource } from '../../features/merchants/components/staff-merchant-palette-source.tsx';
import { SitePaletteSource } from '../../features/sites/components/site-palette-source.tsx';
import { TransactionPaletteSource } from '../../features/transactions/components/transaction-palette-source.tsx';
import { isStaffUser } from '../../lib/session/session-store.ts';
import type { GuardBase } from '../guards/guard.ts';
import { ScreenSource } from './screen-source.tsx';

export interface PaletteSource {
  /** Stable key; also the order of the groups. */
  id: string;
  /** Gets the trimmed query and what the user may open (GuardBase); renders its group, or null. */
  Source: ComponentType<{ query: string; guardBase: GuardBase }>;
}

/**
 * The command palette's sources, in the order their groups show. To add one (e.g. a transaction by PSP reference):
 * write a component in your feature taking `PaletteSourceProps` (lib/command-palette/palette-source.ts) that fetches
 * through your feature's query options and renders `<Spotlight.ActionsGroup>` with one `<Spotlight.Action>` per hit,
 * or null when it has none; then add it here, gated by what the user may open (the same guards as the route).
 */
export function paletteSources(guardBase: GuardBase): PaletteSource[] {
  return [
    { id: 'screens', Source: ScreenSource },
    // Issue 10: a site by name, a device by serial or label, at the current merchant (the API narrows to the
    // sites the user may see).
    ...(guardBase.merchant
      ? [
          { id: 'sites', Source: SitePaletteSource },
          { id: 'devices', Source: DevicePaletteSource },
        ]
      : []),
    // The API answers only for transactions of the sites the user may list (404 or nothing otherwise).
    ...(guardBase.merchant ? [{ id: 'transactions', Source: TransactionPaletteSource }] : []),
    ...(isStaffUser(guardBase.user) ? [{ id: 'staff-merchants', Source: StaffMerchantPaletteSource }] : []),
  ];
}
