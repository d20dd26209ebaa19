/**
 * Account e-mail (password reset, e-mail change): queued in the transactional outbox like
 * every other mail, so it is retried when the mail server is down.
 */
import { site } from "~/content/site";
import { EMAIL_LINK_HOURS, RESET_LINK_HOURS } from "~/lib/validation/account";
import type { Database } from "../db/client.server";
import { emailOutbox } from "../db/schema.server";
import { wakeOutbox } from "./outbox.server";

export interface AccountMail {
  to: string;
  subject: string;
  text: string;
}

export async function queueAccountMail(db: Database, mail: AccountMail) {
  await db.insert(emailOutbox).values({
    toAddress: mail.to,
    replyTo: site.email,
    subject: mail.subject,
    textBody: mail.text,
  });
  wakeOutbox();
}

const greeting = (name: string | null | undefined) => `Hi ${name?.trim() || "there"},`;

export function passwordResetMail(user: { email: string; name?: string | null }, url: string) {
  return {
    to: user.email,
    subject: `Reset your password — ${site.name}`,
    text: [
      greeting(user.name),
      "",
      `We received a request to reset the password of your ${site.name} portal account.`,
      `Open this link within ${RESET_LINK_HOURS} hour to choose a new password:`,
      "",
      url,
      "",
      "Resetting your password signs you out on every device.",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
      "",
      site.name,
    ].join("\n"),
  };
}

export { EMAIL_LINK_HOURS };

/** To the address being confirmed (a new address when changing it). */
export function confirmEmailMail(user: { email: string; name?: string | null }, url: string) {
  return {
    to: user.email,
    subject: `Confirm your e-mail address — ${site.name}`,
    text: [
      greeting(user.name),
      "",
      `Please confirm that ${user.email} is the e-mail address of your ${site.name} portal account.`,
      `Open this link within ${EMAIL_LINK_HOURS} hour:`,
      "",
      url,
      "",
      "If you did not ask for this, ignore this e-mail: nothing changes.",
      "",
      site.name,
    ].join("\n"),
  };
}

/**
 * To the account's own address, asked for in Settings (decision 034). Whoever made the account
 * chose its name and may not own the address, so the mail greets nobody by name and says
 * plainly what confirming does, for the address's owner to decide.
 */
export function addressConfirmMail(email: string, url: string) {
  return {
    to: email,
    subject: `Confirm your e-mail address — ${site.name}`,
    text: [
      "Hi there,",
      "",
      `Someone asked to confirm that ${email} is the address of their ${site.name} portal account.`,
      "Open this link only if you created that account yourself: confirming lets the account see what was sent to us from this address (contact messages, quote requests, invitations) and delete it with the account.",
      `Open this link within ${EMAIL_LINK_HOURS} hour to confirm:`,
      "",
      url,
      "",
      "If you did not create an account with us, do not open the link: nothing changes. Tell us by replying to this e-mail.",
      "",
      site.name,
    ].join("\n"),
  };
}

/**
 * To an address listed in ADMIN_EMAILS, after sign-up: opening the link proves the address and
 * makes the account an administrator.
 */
export function adminConfirmMail(user: { email: string; name?: string | null }, url: string) {
  return {
    to: user.email,
    subject: `Confirm your e-mail address — ${site.name}`,
    text: [
      greeting(user.name),
      "",
      `A ${site.name} portal account was created with ${user.email}, an address that is given the administrator role.`,
      `Open this link within ${EMAIL_LINK_HOURS} hour to confirm the address and make the account an administrator:`,
      "",
      url,
      "",
      "If you did not create this account, do not open the link: the account stays without the role. Tell us by replying to this e-mail.",
      "",
      site.name,
    ].join("\n"),
  };
}

/** To the current address when someone asks to move the account to another one. */
export function emailChangeNoticeMail(
  user: { email: string; name?: string | null },
  newEmail: string,
) {
  return {
    to: user.email,
    subject: `Your e-mail address is being changed — ${site.name}`,
    text: [
      greeting(user.name),
      "",
      `Someone signed in to your ${site.name} portal account asked to change its e-mail address to ${newEmail}.`,
      "The change happens only when the link sent to the new address is opened.",
      "",
      "If this was not you, sign in and change your password, and sign out your other sessions in Settings.",
      "",
      site.name,
    ].join("\n"),
  };
}
