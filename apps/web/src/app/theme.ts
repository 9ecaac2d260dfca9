import {
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(
  a: [number, number, number],
  b: [number, number, number],
  amount: number,
): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount];
}

/** Ten shades around a partner hex colour; the colour itself is shade 6 (Mantine's light primary shade). */
function shadesOf(hex: string): MantineColorsTuple {
  const base = hexToRgb(hex);
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  const tints = [0.92, 0.8, 0.64, 0.46, 0.28, 0.12].map((amount) => toHex(mix(base, white, amount)));
  const shades = [0.12, 0.26, 0.4].map((amount) => toHex(mix(base, black, amount)));
  return [...tints, toHex(base), ...shades] as unknown as MantineColorsTuple;
}

/** The Mantine theme with the partner's primary colour (a Mantine colour name or a #rrggbb value). */
export function createAppTheme(primaryColor: string): MantineThemeOverride {
  const common = {
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    cursorType: 'pointer' as const,
  };
  if (primaryColor in DEFAULT_THEME.colors) return createTheme({ ...common, primaryColor });
  if (/^#[0-9a-f]{6}$/i.test(primaryColor)) {
    return createTheme({ ...common, colors: { brand: shadesOf(primaryColor) }, primaryColor: 'brand' });
  }
  return createTheme({ ...common, primaryColor: 'teal' });
}
