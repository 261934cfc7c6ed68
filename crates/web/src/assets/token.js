// The server's token: a server started with --token refuses the API without it, and the
// page asks for it once, in a dialog; the API module keeps it in this browser and sends it.

import { onTokenNeeded } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** Shows the token dialog when the server asks; resolves to the token typed, or null when
 * the dialog was closed without one. */
export function askForTokens() {
  onTokenNeeded((wrong) => new Promise((resolve) => {
    const dialog = $("token-dialog");
    const input = $("token-input");
    $("token-error").textContent = wrong ? t("token_wrong") : "";
    input.value = "";
    const done = (value) => {
      $("token-form").removeEventListener("submit", submit);
      dialog.removeEventListener("close", closed);
      resolve(value);
    };
    const submit = (e) => {
      e.preventDefault();
      const value = input.value.trim();
      if (!value) return;
      dialog.close();
      done(value);
    };
    const closed = () => done(null);
    $("token-form").addEventListener("submit", submit);
    dialog.addEventListener("close", closed);
    if (!dialog.open) dialog.showModal();
    input.focus();
  }));
}
