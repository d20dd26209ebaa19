import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test, uniqueEmail } from "./fixtures";

/** The focused element's name as a user would hear it (aria-label, else its text). */
function focusedName(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement)) return "";
    return (el.getAttribute("aria-label") ?? el.innerText ?? "").replace(/\s+/g, " ").trim();
  });
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches; fails after `max`. */
async function tabTo(page: Page, name: string | RegExp, { back = false, max = 40 } = {}) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const current = await focusedName(page);
    if (typeof name === "string" ? current === name : name.test(current)) return;
    seen.push(current);
  }
  throw new Error(`Tab never reached ${name}; focus went through: ${seen.join(" | ")}`);
}

/** The focused element shows a focus indicator: an outline or a box-shadow ring. */
async function expectFocusVisible(page: Page) {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return {
      element: `${el.tagName.toLowerCase()} ${el.innerText?.slice(0, 30) ?? ""}`,
      focusVisible: el.matches(":focus-visible"),
      outlineStyle: s.outlineStyle,
      outlineWidth: s.outlineWidth,
      boxShadow: s.boxShadow,
    };
  });
  const outlined = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2;
  expect(
    style.focusVisible && (outlined || style.boxShadow !== "none"),
    JSON.stringify(style),
  ).toBe(true);
}

/** Tab and Shift+Tab keep cycling inside the dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press(key);
      expect(
        await dialog.evaluate((d) => d.contains(document.activeElement)),
        `${key} #${i + 1} left the dialog`,
      ).toBe(true);
    }
  }
}

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test("keyboard only: sign up, create a project, send and read a message, sign out", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await hydrated(page);

  // Home → Portal (→ /auth, as nobody is signed in).
  await tabTo(page, "Portal");
  await expect(page.getByRole("banner").getByRole("link", { name: "Portal" })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await hydrated(page); // the tabs answer keys once React has hydrated (decision 010)

  // The tabs: Tab reaches the selected tab, the arrow key moves to (and selects) Sign Up.
  await tabTo(page, "Sign In");
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  const signUpTab = page.getByRole("tab", { name: "Sign Up" });
  await expect(signUpTab).toBeFocused();
  await expect(signUpTab).toHaveAttribute("aria-selected", "true");
  await expectFocusVisible(page);

  await page.keyboard.press("Tab"); // the tab panel, then its first field
  await expect(page.getByRole("tabpanel", { name: "Sign Up" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Full Name")).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.type("Keabetswe Nkosi");
  await page.keyboard.press("Tab");
  await page.keyboard.type(uniqueEmail("keyboard"));
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type("secret-pass-1");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/portal$/);
  await expect(toasts(page).getByText("Success!")).toBeVisible();
  await expect(toasts(page)).toHaveAttribute("aria-live", "polite");
  await expect(page.getByRole("heading", { name: "Welcome back, Keabetswe Nkosi!" })).toBeVisible();

  // Projects through the sidebar.
  const sidebar = page.getByRole("navigation", { name: "Portal navigation" });
  await tabTo(page, "Projects");
  await expect(sidebar.getByRole("link", { name: "Projects" })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/portal\/projects$/);
  await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();

  // 'New Project': the dialog traps focus, Escape closes it and focus returns to the button.
  const newProject = page.getByRole("button", { name: "New Project" });
  await tabTo(page, "New Project");
  await expect(newProject).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create New Project" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Title *")).toBeFocused();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(newProject).toBeFocused();

  // Fill it in: title, description, status by the select's keys, progress by arrow keys.
  await page.keyboard.press("Space");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Title *")).toBeFocused();
  await page.keyboard.type("Keyboard-built chatbot");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Made without a mouse");
  await page.keyboard.press("Tab");
  const status = dialog.getByRole("combobox", { name: "Status" });
  await expect(status).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  const listbox = page.getByRole("listbox");
  await expect(listbox).toBeVisible();
  await expect(listbox.getByRole("option", { name: "Active" })).toBeFocused();
  // Radix moves the focus a task after each arrow key: a second key pressed before that would
  // start again from 'Active'. So each key waits for the focus it moved.
  await page.keyboard.press("ArrowDown");
  await expect(listbox.getByRole("option", { name: "Completed" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(listbox.getByRole("option", { name: "On Hold" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(listbox).toBeHidden();
  await expect(status).toBeFocused();
  await expect(status).toHaveText("On Hold");
  await page.keyboard.press("Tab"); // Priority stays at its default
  await expect(dialog.getByRole("combobox", { name: "Priority" })).toBeFocused();
  await page.keyboard.press("Tab");
  const slider = dialog.getByRole("slider", { name: "Progress" });
  await expect(slider).toBeFocused();
  await expectFocusVisible(page);
  for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuenow", "20");
  await expect(dialog.getByText("Progress: 20%")).toBeVisible();
  await tabTo(page, "Create", { max: 3 });
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");

  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText("Project created successfully")).toBeVisible();
  await expect(newProject).toBeFocused();
  const card = page.getByRole("listitem").filter({ hasText: "Keyboard-built chatbot" });
  await expect(card.getByText("On Hold")).toBeVisible();
  await expect(card.getByText("20%")).toBeVisible();

  // Messages through the sidebar (backwards from the page), then 'New Message'.
  await tabTo(page, "Messages", { back: true });
  await expect(sidebar.getByRole("link", { name: "Messages" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/portal\/messages$/);
  const newMessage = page.getByRole("button", { name: "New Message" });
  await tabTo(page, "New Message");
  await expect(newMessage).toBeFocused();
  await page.keyboard.press("Enter");
  const compose = page.getByRole("dialog", { name: "Send New Message" });
  await expect(compose).toBeVisible();
  await expect(compose.getByLabel("Subject *")).toBeFocused();
  await expectFocusTrapped(page, compose);
  await page.keyboard.press("Escape");
  await expect(compose).toBeHidden();
  await expect(newMessage).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(compose.getByLabel("Subject *")).toBeFocused();
  await page.keyboard.type("Typed, not clicked");
  await page.keyboard.press("Tab");
  await expect(compose.getByLabel("Message *")).toBeFocused();
  await page.keyboard.type("Everything here works from the keyboard.");
  // Past 'Project (optional)', 'Attach files (optional)' and Cancel.
  await tabTo(page, "Send", { max: 5 });
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  await expect(compose).toBeHidden();
  await expect(toasts(page).getByText("Message sent successfully")).toBeVisible();
  await expect(newMessage).toBeFocused();

  // Open it from the inbox.
  const item = page.getByRole("button", { name: /Typed, not clicked/ });
  await tabTo(page, /Typed, not clicked/);
  await expect(item).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  const details = page.getByRole("region", { name: "Conversation" });
  await expect(details.getByText("Everything here works from the keyboard.")).toBeVisible();
  await expect(item.getByText("New")).toHaveCount(0);

  // Sign out from the header.
  await tabTo(page, "Sign out", { back: true });
  await expect(page.getByRole("button", { name: "Sign out" })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
});

test("keyboard only: the delete confirmation traps focus and hands it back", async ({
  signedInPage: page,
}) => {
  await page.goto("/portal/projects");
  await hydrated(page);
  await page.getByRole("button", { name: "New Project" }).focus();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("dialog", { name: "Create New Project" }).getByLabel("Title *"),
  ).toBeFocused();
  await page.keyboard.type("Short-lived project");
  await page.keyboard.press("Enter");
  await expect(toasts(page).getByText("Project created successfully")).toBeVisible();

  const remove = page.getByRole("button", { name: "Delete Short-lived project" });
  await tabTo(page, "Delete Short-lived project");
  await expectFocusVisible(page);
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: "Delete project?" });
  await expect(confirm).toBeVisible();
  // The safe choice has the focus.
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectFocusTrapped(page, confirm);
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(remove).toBeFocused();

  await page.keyboard.press("Enter");
  await tabTo(page, "Delete", { max: 3 });
  await page.keyboard.press("Enter");
  await expect(toasts(page).getByText("Project deleted successfully")).toBeVisible();
  await expect(confirm).toBeHidden();
  // The card is gone, so focus goes to 'New Project' rather than being lost.
  await expect(page.getByRole("button", { name: "New Project" })).toBeFocused();
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("keyboard only: the portal's sidebar sheet opens, traps focus and closes with Escape", async ({
    signedInPage: page,
  }) => {
    await page.goto("/portal");
    await hydrated(page);
    const trigger = page.getByRole("button", { name: "Toggle Sidebar" });
    await tabTo(page, "Toggle Sidebar");
    await expect(trigger).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog", { name: "Navigation" });
    await expect(sheet).toBeVisible();
    // The modal sheet hides the rest of the page from assistive tech, the trigger included.
    await expect(page.locator("[data-sidebar=trigger]")).toHaveAttribute("aria-expanded", "true");
    await expectFocusTrapped(page, sheet);
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press("Enter");
    await tabTo(page, "Settings");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/portal\/settings$/);
    await expect(sheet).toBeHidden();
  });
});
