// Passkeys in the back office (app/components/admin/admin-ui.tsx, PasskeyButton): the one step that
// needs JavaScript, since WebAuthn is a browser API. The button stays hidden without this script or
// without passkey support; every page keeps its password and code forms. The ceremony's options and
// answers travel as form posts to /admin/passkey (the site's one body reader), answers come as JSON.
(() => {
  if (window.__adminPasskey) return;
  window.__adminPasskey = true;
  if (!window.PublicKeyCredential || !navigator.credentials) return;

  const decode = (text) => {
    const base64 = text
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(text.length / 4) * 4, "=");
    return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)).buffer;
  };
  const encode = (buffer) =>
    btoa(String.fromCharCode(...new Uint8Array(buffer)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const withIds = (list) => (list || []).map((credential) => ({ ...credential, id: decode(credential.id) }));

  class Refused extends Error {}

  async function post(fields, failed) {
    const response = await fetch("/admin/passkey", {
      method: "POST",
      body: new URLSearchParams(fields),
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok || body.error) throw new Refused(body.error || failed);
    return body;
  }

  // A credential in the JSON shape the server reads (binary fields base64url), with its response's fields.
  const asJson = (credential, response) => ({
    id: credential.id,
    rawId: encode(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment || undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response,
  });

  async function register(failed) {
    const options = await post({ intent: "register-options" }, failed);
    const credential = await navigator.credentials.create({
      publicKey: {
        ...options,
        challenge: decode(options.challenge),
        user: { ...options.user, id: decode(options.user.id) },
        excludeCredentials: withIds(options.excludeCredentials),
      },
    });
    const answer = credential.response;
    const json = asJson(credential, {
      clientDataJSON: encode(answer.clientDataJSON),
      attestationObject: encode(answer.attestationObject),
      transports: answer.getTransports ? answer.getTransports() : [],
    });
    return post({ intent: "register", response: JSON.stringify(json) }, failed);
  }

  async function signIn(failed, returnTo) {
    const options = await post({ intent: "sign-in-options" }, failed);
    const credential = await navigator.credentials.get({
      publicKey: {
        ...options,
        challenge: decode(options.challenge),
        allowCredentials: withIds(options.allowCredentials),
      },
    });
    const answer = credential.response;
    const json = asJson(credential, {
      clientDataJSON: encode(answer.clientDataJSON),
      authenticatorData: encode(answer.authenticatorData),
      signature: encode(answer.signature),
      userHandle: answer.userHandle ? encode(answer.userHandle) : undefined,
    });
    return post({ intent: "sign-in", response: JSON.stringify(json), returnTo }, failed);
  }

  for (const box of document.querySelectorAll("[data-passkey]")) {
    const button = box.querySelector("button");
    const error = box.querySelector("[data-passkey-error]");
    box.hidden = false;
    button.addEventListener("click", async () => {
      const failed = box.dataset.failed || "";
      error.textContent = "";
      button.disabled = true;
      try {
        const done =
          box.dataset.passkey === "register"
            ? await register(failed)
            : await signIn(failed, box.dataset.returnTo || "");
        window.location.assign(done.redirect);
      } catch (problem) {
        // The server's words when it refused; the browser's cancel or timeout gets the page's own.
        error.textContent = problem instanceof Refused ? problem.message : failed;
        button.disabled = false;
      }
    });
  }
})();
