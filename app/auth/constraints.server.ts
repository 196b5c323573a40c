import { getZodConstraint } from '@conform-to/zod'
import { EmailOnlySchema, NewPasswordSchema, SignInSchema, SignUpSchema } from './schemas'

/**
 * Native HTML constraints (required, minLength, maxLength, ...) of the auth forms, derived once
 * from their zod schemas and sent with the page. The auth screens validate on the server (spec
 * section 5: "the server decides"), so no validation code ships to the browser; see ADR 006.
 */
export const AUTH_CONSTRAINTS = {
  signIn: getZodConstraint(SignInSchema),
  signUp: getZodConstraint(SignUpSchema),
  email: getZodConstraint(EmailOnlySchema),
  newPassword: getZodConstraint(NewPasswordSchema),
}
