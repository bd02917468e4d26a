/**
 * The CSS variables MantineProvider writes at run time for our theme (those that differ from Mantine's
 * defaults), as a static stylesheet: theme-variables.css, imported with the entry so the server-rendered
 * HTML has the theme's colours and fonts before React runs. scripts/theme-variables.ts writes the file;
 * test/theme-variables.test.ts checks it still matches theme.ts.
 */
import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
import { theme } from './theme';

function withoutDefaults(input: ConvertCSSVariablesInput, defaults: ConvertCSSVariablesInput) {
  const pick = (values: Record<string, string>, base: Record<string, string>) =>
    Object.fromEntries(Object.entries(values).filter(([key, value]) => base[key] !== value));
  return {
    variables: pick(input.variables, defaults.variables),
    light: pick(input.light, defaults.light),
    dark: pick(input.dark, defaults.dark),
  };
}

export function themeVariablesCss(): string {
  const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const css = convertCssVariables(withoutDefaults(ours, defaults), ':root');
  return `/* Written by apps/web/scripts/theme-variables.ts from theme.ts: do not edit. */\n${css}\n`;
}
