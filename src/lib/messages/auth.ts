/**
 * The reader account pages' texts (login, register, password reset, the header's user menu).
 * The spec's own messages stay in MESSAGES (reader.ts); these are the labels and notes the spec
 * leaves to us.
 */
export const AUTH = {
  loginTitle: 'Login',
  registerTitle: 'Create an account',
  forgotTitle: 'Forgot your password?',
  resetTitle: 'Set a new password',
  notVerifiedTitle: 'Please verify your email address',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  newsletterOptIn: 'Subscribe me to the ESG Africa newsletter',
  passwordHint: 'At least 6 characters.',
  logIn: 'Log in',
  loggingIn: 'Logging in...',
  register: 'Register',
  registering: 'Registering...',
  sendResetLink: 'Send reset link',
  sending: 'Sending...',
  resetPassword: 'Reset password',
  resetting: 'Resetting...',
  checkingLink: 'Checking your reset link...',
  noAccount: "Don't have an account?",
  registerLink: 'Register',
  forgotLink: 'Forgot your password?',
  haveAccount: 'Already have an account?',
  loginLink: 'Log in',
  requestNewLink: 'Request a new reset link',
  passwordRequired: 'Please enter your password.',
  emailConfirmed: 'Your email address is confirmed. You can now log in.',
  resetSent: (email: string): string =>
    `If an account exists for ${email}, we have sent a link to reset your password. Please check your inbox.`,
  resetDone: 'Your password has been reset. Redirecting you to the login page...',
  editProfile: 'Edit profile',
  profileLoadFailed: 'Your profile could not be loaded. Please try again.',
} as const;
