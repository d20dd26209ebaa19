import { PASSWORD_MAX, PASSWORD_MIN } from "./auth-values";
import { isStorableText, notAllowed } from "./text";
import { z } from "./zod";

export { PASSWORD_MAX, PASSWORD_MIN };

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(255, "Email must be less than 255 characters")
  .pipe(z.email("Invalid email address"));

/** A password being chosen: the spec's minimum of 6. */
export function newPasswordSchema() {
  return z
    .string({ error: "Password is required" })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
}

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX),
});

export const signUpSchema = z.object({
  fullName: z
    .string({ error: "Full name is required" })
    .trim()
    .min(1, "Full name is required")
    .max(100, "Name must be less than 100 characters")
    .refine(isStorableText, notAllowed("Name")),
  email: emailSchema,
  password: newPasswordSchema(),
});

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
