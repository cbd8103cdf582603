import { type CSSVariablesResolver, createTheme, type MantineThemeColors } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Filled colours use shade 8 in both schemes, and autoContrast writes on each the better of black and white:
  // with the threshold at 0.179 relative luminance (where black and white give the same contrast), every filled
  // badge, button and alert of any colour reaches at least 4.58:1 (WCAG AA, axe color-contrast). White on orange 7
  // (the staff override banner) was 3.0:1; white on indigo 6 4.1:1.
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.179,
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

const channels = (hex: string): [number, number, number] => {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

/** WCAG relative luminance of a #rrggbb colour. */
const luminance = (hex: string): number => {
  const [r, g, b] = channels(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG contrast ratio of two #rrggbb colours. */
export const contrast = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

const darken = (hex: string, amount: number): string =>
  `#${channels(hex)
    .map((channel) => Math.round(channel * (1 - amount)))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;

/** The lightest of the colour's shades 7–9, else shade 9 darkened in steps, that reaches 4.6:1 on `background`. */
function readableOn(shades: readonly string[], background: string): string {
  for (const shade of shades.slice(7)) if (contrast(shade, background) >= 4.6) return shade;
  const darkest = shades[9] as string;
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const candidate = darken(darkest, amount);
    if (contrast(candidate, background) >= 4.6) return candidate;
  }
  return '#000000';
}

/**
 * Coloured text in the light scheme, for every palette colour: the "light" variant (badges, alerts: Mantine writes
 * shade 9 on shade 2, only 2.7:1 for yellow and 3.8:1 for green) and coloured text (`c="red"`, negative money,
 * Mantine's shade 8 is 4.3:1 on a striped row) get a shade dark enough for 4.6:1 on their background.
 */
function readableColourVariables(colors: MantineThemeColors): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    if (name === 'dark' || !shades[2] || !shades[9]) continue;
    variables[`--mantine-color-${name}-light-color`] = readableOn(shades, shades[2]);
    variables[`--mantine-color-${name}-text`] = readableOn(shades, colors.gray[1] as string);
  }
  return variables;
}

/**
 * Coloured text in the dark scheme (`c="red"`, subtle buttons, links): Mantine's shade 4 is 3.8:1 for indigo on a
 * hovered row (dark 5); the darkest of shades 4 to 0 that reaches 4.6:1 there.
 */
function readableDarkColourVariables(colors: MantineThemeColors): Record<string, string> {
  const variables: Record<string, string> = {};
  const hovered = colors.dark[5] as string;
  for (const [name, shades] of Object.entries(colors)) {
    if (name === 'dark' || !shades[4]) continue;
    const shade = [4, 3, 2, 1, 0]
      .map((index) => shades[index] as string)
      .find((one) => contrast(one, hovered) >= 4.6);
    variables[`--mantine-color-${name}-text`] = shade ?? (shades[0] as string);
  }
  return variables;
}

/** "Dimmed" text at least 4.5:1 on the body and on cards in both schemes (Mantine's default is 3.3:1 in light). */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', ...readableColourVariables(resolved.colors) },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': `var(--mantine-color-${resolved.primaryColor}-text)`,
    ...readableDarkColourVariables(resolved.colors),
  },
});
