import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Electric violet accent of the Falkenhost brand. */
const falken: MantineColorsTuple = [
  '#f3edff',
  '#e0d7fa',
  '#beabf0',
  '#9a7ce6',
  '#7b54de',
  '#683bd9',
  '#5f2fd8',
  '#4f23c0',
  '#451eac',
  '#3a1898',
];

/** Deep navy greys for the dark scheme (body is dark[7]). */
const dark: MantineColorsTuple = [
  '#d5d7e0',
  '#acaebf',
  '#8c8fa3',
  '#666980',
  '#4d4f66',
  '#34354a',
  '#2b2c3d',
  '#1d1e30',
  '#0c0d21',
  '#01010a',
];

/**
 * Mantine's red with darker shades 7-9: white text on the filled red (shade 7, hover 8) of the dark scheme
 * has 5.5:1 and 6.6:1 instead of Mantine's 3.8:1 and 4.5:1 (WCAG AA asks 4.5:1). Shades 0-6 are Mantine's.
 */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#fa5252',
  '#c92a2a',
  '#b02525',
  '#962020',
];

/**
 * An open list scrolls itself (global.css `.mantine-*-options`) instead of inside a ScrollArea: a listbox
 * that a combobox controls is then the scroll region, which its field already reaches by keyboard (axe
 * scrollable-region-focusable; a focusable viewport inside the listbox would break aria-required-children).
 */
const nativeScrollList = { withScrollArea: false };

/** How a disabled icon button looks on any background (theme `ActionIcon`). */
export const DISABLED_ICON_BUTTON = {
  opacity: 0.45,
  backgroundColor: 'transparent',
  borderStyle: 'dashed',
  borderColor: 'var(--mantine-color-dark-2)',
  color: 'var(--mantine-color-dark-1)',
  cursor: 'not-allowed',
} as const;

export const theme = createTheme({
  primaryColor: 'falken',
  // One shade in both schemes: `autoContrast` picks a filled colour's text by the light scheme's shade, so
  // the same shade keeps that choice true to the dark scheme's background (the app is always dark).
  primaryShade: 7,
  colors: { falken, dark, red },
  autoContrast: true,
  // Black or white text on a filled colour, whichever contrasts more (0.179 is where both are equal).
  luminanceThreshold: 0.179,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '800' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Mantine's own ring is one line of the primary colour (2:1 on the page, lost on a filled button): every
  // focusable Mantine part gets global.css's two-tone ring instead (decisions/440-two-tone-focus-ring.md).
  focusClassName: 'fh-focus',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg' } },
    Modal: {
      defaultProps: {
        centered: true,
        radius: 'lg',
        overlayProps: { backgroundOpacity: 0.6, blur: 3 },
        // Mantine draws the dialog's title bar as <header>, which axe counts as a second banner landmark
        // beside the page's own header (landmark-no-duplicate-banner); the dialog role names it already.
        attributes: { header: { role: 'presentation' } },
      },
      // Mantine sets the title at line-height 1: a title that wraps at 360 px (Czech, German, French) had
      // its lines touching (issue 44's screenshot walk).
      styles: { title: { lineHeight: 1.3 } },
    },
    // Mantine's focus placeholder is a child of role=menu that is no menu item (axe aria-required-children);
    // without it the keyboard opens a menu on its first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Mantine fills a disabled icon button with the dark scheme's disabled grey, the very colour of a
    // striped table row, so a staff row's disabled Delete looked like an enabled outline button there
    // (issue 44): dimmed, dashed and transparent on any row.
    ActionIcon: {
      styles: (_theme: unknown, props: { disabled?: boolean }) =>
        props.disabled ? { root: DISABLED_ICON_BUTTON } : {},
    },
    Select: { defaultProps: nativeScrollList },
    MultiSelect: { defaultProps: nativeScrollList },
    Autocomplete: { defaultProps: nativeScrollList },
    TagsInput: { defaultProps: nativeScrollList },
  },
});
