// The demo world's people: who `npm start` seeds and prints. Free of imports, so that anything (the e2e suite,
// scripts) can import it without loading the API.

export interface DemoSignIn {
  who: string;
  email: string;
  /** Satisfies SPEC §5: 8+ characters with a digit, an upper-case and a lower-case letter. */
  password: string;
  firstName: string;
  lastName: string;
  /**
   * Issue 15: staff need a second factor, so the demo staff user has an authenticator app whose key (base32,
   * public like the demo passwords) `npm start` prints for adding to an app; the e2e suite computes codes from it.
   */
  totpSecret?: string;
}

/** Everyone the demo world lets sign in, in the order `npm start` prints them. */
export const DEMO_SIGN_INS = {
  staff: {
    who: 'Staff (provider)',
    email: 'staff@example.com',
    password: 'Staff-demo-2026',
    firstName: 'Alex',
    lastName: 'Staff',
    totpSecret: 'DEMOSTAFFTOTPKEYDEMOSTAFFTOTPKEY',
  },
  // Issue 15: staff without a second factor are sent to set one up before anything else opens; this one shows it.
  newStaff: {
    who: 'Staff, two-factor not set up yet',
    email: 'new.staff@example.com',
    password: 'Staff-demo-2026',
    firstName: 'Jordan',
    lastName: 'Newcomer',
  },
  gbOwner: {
    who: 'Owner, Brightwater Coffee Ltd (GB)',
    email: 'owner.gb@example.com',
    password: 'Owner-demo-2026',
    firstName: 'Olivia',
    lastName: 'Bennett',
  },
  gbManager: {
    who: 'Site manager, Brightwater Shoreditch (GB)',
    email: 'manager.gb@example.com',
    password: 'Manager-demo-2026',
    firstName: 'Sam',
    lastName: 'Patel',
  },
  frOwner: {
    who: 'Owner, Boulangerie Lumière SARL (FR)',
    email: 'owner.fr@example.com',
    password: 'Owner-demo-2026',
    firstName: 'Camille',
    lastName: 'Laurent',
  },
  frManager: {
    who: 'Site manager, Lumière Marais (FR)',
    email: 'manager.fr@example.com',
    password: 'Manager-demo-2026',
    firstName: 'Hugo',
    lastName: 'Moreau',
  },
  groupOwner: {
    who: 'Group owner, owner of both merchants',
    email: 'group.owner@example.com',
    password: 'Group-demo-2026',
    firstName: 'Morgan',
    lastName: 'Reyes',
  },
} as const satisfies Record<string, DemoSignIn>;
