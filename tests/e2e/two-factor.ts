import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect } from "./fixtures";

/** Turn two-factor on in Settings with a real code from the key shown; returns app + backup codes. */
export async function turnOnTwoFactor(page: Page, password: string) {
  await page.goto("/portal/settings");
  const card = page.locator("#two-factor");
  await expect(card.getByTestId("two-factor-status")).toHaveText("Off");
  await card.getByLabel("Password", { exact: true }).fill(password);
  await card.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(
    card.getByRole("img", { name: "QR code to add this account to an authenticator app" }),
  ).toBeVisible();
  const key = ((await card.getByTestId("two-factor-key").textContent()) ?? "").replace(/\s/g, "");
  const totp = new TOTP({ secret: Secret.fromBase32(key) });
  await card.getByLabel("Authentication code").fill(totp.generate());
  await card.getByRole("button", { name: "Confirm and turn on" }).click();
  const codes = card.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const backupCodes = await codes.allTextContents();
  await expect(card.getByTestId("two-factor-status")).toHaveText("On");
  return { totp, backupCodes };
}
