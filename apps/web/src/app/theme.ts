import { createTheme, InputWrapper, PasswordInput } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Labels stay exactly their text ("Email", not "Email *"): required fields are marked by the
    // `required` attribute, optional ones say so in their description.
    InputWrapper: InputWrapper.extend({ defaultProps: { withAsterisk: false } }),
    // The default name "Toggle password visibility" would also answer to the label "Password".
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show characters' } },
    }),
  },
});
