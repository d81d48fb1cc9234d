import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type ExtendComponent,
  localStorageColorSchemeManager,
  type MantineColorsTuple,
  type MenuFactory,
  type ModalFactory,
} from '@mantine/core';

/**
 * Mantine's palette with shades 8 and 9 darkened where they fall short of WCAG AA (4.5:1): shade 8
 * carries white text (filled buttons and badges) and is the text colour of `c="teal"`, shade 9 is
 * the text of light badges and alerts on shade 1. Shades 0 to 7 stay Mantine's.
 */
function darkened(mantine: MantineColorsTuple | undefined, shade8: string, shade9: string): MantineColorsTuple {
  return [...(mantine ?? []).slice(0, 8), shade8, shade9] as unknown as MantineColorsTuple;
}

/** Secondary text: 5.2:1 on white, 4.6:1 on the grey of striped rows (Mantine's gray.6 is 3.3:1). */
const DIMMED = '#676e76';

/**
 * The fields a dialog opens on: Mantine's focus trap focuses the first `[data-autofocus]` of a dialog,
 * and these components put the attribute on their own input (Input itself would put it on the
 * wrapper of a password field, which cannot take the focus).
 */
const FIELDS = [
  'TextInput',
  'PasswordInput',
  'NumberInput',
  'Textarea',
  'Select',
  'MultiSelect',
  'Autocomplete',
  'Radio',
  'Checkbox',
  'Switch',
];

// Components are extended by name, not with Component.extend: the theme is in the first download,
// and the components (a modal with its focus trap and floating-ui) would come with it.
export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: { light: 8, dark: 6 },
  colors: {
    red: darkened(DEFAULT_THEME.colors.red, '#de2323', '#c62929'),
    cyan: darkened(DEFAULT_THEME.colors.cyan, '#0b7d90', '#0b7285'),
    teal: darkened(DEFAULT_THEME.colors.teal, '#08825c', '#087a58'),
    green: darkened(DEFAULT_THEME.colors.green, '#278238', '#267b37'),
    lime: darkened(DEFAULT_THEME.colors.lime, '#4d7f0b', '#4c7a0b'),
    yellow: darkened(DEFAULT_THEME.colors.yellow, '#a76100', '#a95700'),
    orange: darkened(DEFAULT_THEME.colors.orange, '#c44b0a', '#bb3e0d'),
  },
  defaultRadius: 'md',
  // A person who asked the system for less motion gets dialogs, menus and fades without their transitions.
  respectReducedMotion: true,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Fermer la fenêtre' } },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    } satisfies ExtendComponent<ModalFactory>,
    // Mantine's focus placeholder in a menu is a focusable role=presentation element, which a menu
    // may not hold (axe, critical): the menu focuses its first item instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } } satisfies ExtendComponent<MenuFactory>,
    // A dialog opens on its first field, not on its close button (where a space typed at once would
    // close it). A dialog with no field keeps Mantine's rule: its own [data-autofocus] (a confirm
    // dialog's safe button), else its first button.
    ...Object.fromEntries(FIELDS.map((field) => [field, { defaultProps: { 'data-autofocus': true } }])),
  },
});

/** Light scheme colours the palette does not give: secondary text and error messages at 4.5:1 at least. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED, '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});

/** Where this browser remembers the last colour scheme applied (the account's preference). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'color_scheme' });
