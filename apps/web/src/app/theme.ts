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

export const theme = createTheme({
  primaryColor: 'falken',
  primaryShade: { light: 6, dark: 7 },
  colors: { falken, dark },
  autoContrast: true,
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '800' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg' } },
    Modal: {
      defaultProps: { centered: true, radius: 'lg', overlayProps: { backgroundOpacity: 0.6, blur: 3 } },
    },
  },
});
