// Mantine-free on purpose: the logo is on /join and /signin (public shell, issue 2 §8) as well as in the app header.

interface LogoProps {
  /** Show "Merchant portal" next to the mark (hidden from narrow headers by the caller). */
  withWordmark?: boolean;
  /** The wordmark text, already translated. */
  name?: string;
  size?: number;
}

/** Our mark: a card with a green check (the same drawing as public/favicon.svg). Decorative: name the link around it. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      style={{ flex: 'none' }}
    >
      <rect width="32" height="32" rx="8" fill="#4263eb" />
      <rect x="6" y="9" width="20" height="14" rx="3" fill="none" stroke="#fff" strokeWidth="2.2" />
      <path d="M6 13.5h20" stroke="#fff" strokeWidth="2.2" />
      <path d="M11 18.5h4" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="22.5" cy="22.5" r="5.5" fill="#12b886" stroke="#4263eb" strokeWidth="1.6" />
      <path
        d="m20 22.6 1.7 1.7 3.1-3.3"
        fill="none"
        stroke="#fff"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The mark and, optionally, the product name beside it. */
export function Logo({ withWordmark = true, name, size = 32 }: LogoProps) {
  return (
    // At most as wide as its place: a long wordmark ("Portal de comercios" in a phone's header) ends in an ellipsis
    // instead of running on under the buttons beside it.
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem', minWidth: 0, maxWidth: '100%' }}
    >
      <LogoMark size={size} />
      {withWordmark && name && (
        <span
          style={{
            fontWeight: 700,
            fontSize: 'var(--mp-wordmark-size, 1.125rem)',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            minWidth: 0,
            color: 'inherit',
          }}
        >
          {name}
        </span>
      )}
    </span>
  );
}
