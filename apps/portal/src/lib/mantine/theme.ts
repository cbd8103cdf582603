import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 in light: white on indigo 6 is 4.1:1, under WCAG AA's 4.5:1 for button text (axe color-contrast).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    // Links are underlined: inside a sentence colour alone does not tell them apart (WCAG 1.4.1, axe).
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/** "Dimmed" text at least 4.5:1 on the body and on cards in both schemes (Mantine's default is 3.3:1 in light). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
