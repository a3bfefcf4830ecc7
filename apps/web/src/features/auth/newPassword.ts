/** The server's shortest password (apps/server/src/auth/passwords.ts); checked here to answer at once. */
const MIN_PASSWORD_LENGTH = 8;

/** The checks of a form that sets a new password typed twice (a reset link, the account's password). */
export const newPasswordValidation = {
  password: (value: string) =>
    value.length >= MIN_PASSWORD_LENGTH ? null : `Use at least ${MIN_PASSWORD_LENGTH} characters`,
  repeat: (value: string, password: string) => (value === password ? null : 'The two passwords differ'),
};
