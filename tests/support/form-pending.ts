import { expect, type Locator, type Page } from "@playwright/test";

// A form that does not hydrate posts as a plain navigation, and Playwright cannot read a page whose
// navigation is under way: note the submit button as the post leaves (after public/forms.js's own
// submit handler, registered first) in sessionStorage, and read it on the next page.

export async function notePendingButton(form: Locator) {
  await form.evaluate((el) =>
    el.addEventListener("submit", () => {
      const button = el.querySelector<HTMLButtonElement>('button[type="submit"]')!;
      sessionStorage.setItem("form-pending", JSON.stringify({ disabled: button.disabled, text: button.textContent }));
    }),
  );
}

/** What notePendingButton saw as the form left: `{ disabled, text }`, or null. */
export async function pendingButton(page: Page): Promise<{ disabled: boolean; text: string } | null> {
  return JSON.parse((await page.evaluate(() => sessionStorage.getItem("form-pending"))) ?? "null");
}

/**
 * With JavaScript, waits until public/forms.js has taken the form over (it turns the browser's own
 * checks off): a click before the deferred script runs would meet the browser's bubble instead of
 * our messages, a race a loaded machine loses. Without JavaScript there is nothing to wait for.
 */
export async function formsScriptReady(form: Locator, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(form).toHaveAttribute("novalidate", "");
}
