/**
 * The workspace's client forms (decision 018, 022): a client's name, an invitation, the
 * Clients search, accepting an invitation, and the Settings switches. Shared by the browser and
 * the server.
 */
import { emailSchema, newPasswordSchema, signUpSchema } from "./auth";
import { hasNoBidiControl, hasNoLineBreak, isStorableText, notAllowed, oneLine } from "./text";
import { z } from "./zod";

export const CLIENT_NAME_MAX = 200;

/** A client's (company's) name: 'New client', rename, Settings → 'Company name'. */
export const clientNameSchema = z.object({
  name: z
    .string({ error: "Company name is required" })
    .trim()
    .min(1, "Company name is required")
    .max(CLIENT_NAME_MAX, `Company name must be less than ${CLIENT_NAME_MAX} characters`)
    .refine(isStorableText, notAllowed("Company name"))
    .refine(hasNoLineBreak, oneLine("Company name"))
    .refine(hasNoBidiControl, notAllowed("Company name")),
});
export type ClientNameInput = z.infer<typeof clientNameSchema>;

/**
 * 'Convert to client' after its preview (decisions 067 and 095): the client's name, whom to
 * invite (no one, the lead's address, or an address typed in: a WhatsApp lead has none), and
 * whether to create a first project, with its title and description.
 */
export const convertLeadSchema = z
  .object({
    name: clientNameSchema.shape.name,
    invite: z.enum(["none", "lead", "email"], { error: "Choose whom to invite" }),
    /** The address to invite when `invite` is 'email' (ignored otherwise). */
    inviteEmail: z.string().trim().max(255).optional(),
    createProject: z
      .enum(["on"], { error: "Choose whether to create a first project" })
      .optional()
      .transform((v) => v === "on"),
    title: z.string().trim().max(200, "Title must be less than 200 characters").optional(),
    description: z
      .string()
      .trim()
      .max(2000, "Description must be less than 2000 characters")
      .refine(isStorableText, notAllowed("Description"))
      .optional(),
  })
  .refine((v) => !v.createProject || (v.title ?? "").length > 0, {
    message: "Title is required",
    path: ["title"],
  })
  .refine((v) => v.invite !== "email" || (v.inviteEmail ?? "").length > 0, {
    message: "Enter the e-mail address to invite",
    path: ["inviteEmail"],
  })
  .refine((v) => v.invite !== "email" || emailSchema.safeParse(v.inviteEmail).success, {
    message: "Invalid email address",
    path: ["inviteEmail"],
  });
export type ConvertLeadInput = z.infer<typeof convertLeadSchema>;

/** The invited person's name, as sign-up holds it (it goes into a mail: one line). */
const personName = signUpSchema.shape.fullName
  .refine(hasNoLineBreak, oneLine("Name"))
  .refine(hasNoBidiControl, notAllowed("Name"));

/** The roles 'Invite team member' offers (decision 065), as the Team page names them. */
export const TEAM_ROLES = [
  { value: "team", label: "Team member" },
  { value: "admin", label: "Administrator" },
] as const;

/**
 * 'Invite contact' and 'Invite team member': who to invite, and (the team's) as what; an
 * invitation to the team that names no role makes an administrator, as before roles.
 */
export const inviteSchema = z.object({
  name: personName,
  email: emailSchema,
  role: z.enum(["team", "admin"], { error: "Choose a role" }).optional(),
});
export type InviteInput = z.infer<typeof inviteSchema>;

/** The Clients list's search (`?q=`): what is longer is cut, not refused. */
export const CLIENT_SEARCH_MAX = 100;
export function clientSearch(value: string | null | undefined): string {
  const q = (value ?? "").trim().slice(0, CLIENT_SEARCH_MAX);
  return isStorableText(q) ? q : "";
}

/** The invitation page's form for a new account: the person's name and a password. */
export const acceptInvitationSchema = z.object({
  fullName: personName,
  password: newPasswordSchema(),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** The invitation page's form for an existing account: its password. */
export const invitationSignInSchema = z.object({
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(128, "Password is required"),
});

/** How long an invitation link stays valid. */
export const INVITATION_DAYS = 7;

/** What the invitation pages and forms say (shown by the browser, decided by the server). */
export const INVITATION_TEXT = {
  invalid:
    "This invitation link is not valid. Check that you opened the whole link from the e-mail, or ask for a new invitation.",
  used: "This invitation has already been used. Sign in to open the portal.",
  expired: "This invitation has expired. Ask the person who invited you to send it again.",
  revoked: "This invitation was withdrawn. Ask the person who invited you for a new one.",
  accountExists:
    "An account with this e-mail address already exists. Sign in with it to accept the invitation.",
  unprovenAccount:
    "An account was made with this e-mail address, but the address was never confirmed, so it may not be yours.",
  claimCreates:
    "This invitation came to your address, which proves it is yours: your new account takes the address, and the unconfirmed account is closed.",
  wrongAccount:
    "This invitation is for another e-mail address. Sign out, then open the link again and sign in with the invited address.",
  adminAsContact:
    "You are an administrator: you already see every client. This invitation is for a client's contact.",
  rateLimited: "You've sent many invitations in the last hour. Please wait a while and try again.",
  tooSoon: "This invitation was sent a moment ago. Please wait a minute before sending it again.",
  notFound: "Invitation not found",
  alreadyAccepted: "This invitation has already been accepted.",
  alreadyRevoked: "This invitation has already been revoked.",
} as const;
