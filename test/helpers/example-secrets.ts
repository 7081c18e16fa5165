/**
 * The variables examples/ names for its secrets, with test values. The examples carry no default
 * (a saved plan would store it), so every test that loads them sets these.
 */
export const BASIC_EXAMPLE_ENV: Readonly<Record<string, string>> = { TILL_ADMIN_PASSWORD: 'till-admin-pw-example' };

export const MULTI_FILE_EXAMPLE_ENV: Readonly<Record<string, string>> = {
  COFFEE_TILL_ADMIN: 'coffee-admin-pw-example',
  BAKERY_TILL_ADMIN: 'bakery-admin-pw-example',
  BAKERY_PASSCODE: '4821',
};

/** Every variable of every example, for a command given any of them. */
export const EXAMPLES_ENV: Readonly<Record<string, string>> = { ...BASIC_EXAMPLE_ENV, ...MULTI_FILE_EXAMPLE_ENV };
