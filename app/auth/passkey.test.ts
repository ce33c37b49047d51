import { expect, test } from "vitest";
import { SoftAuthenticator } from "../../tests/support/soft-authenticator.ts";
import { storesPerTest } from "../../tests/support/store.ts";
import {
  finishRegistration,
  finishSignIn,
  registrationOptions,
  relyingParty,
  signInOptions,
} from "./passkey.server.ts";
import type { OwnerRecord } from "./types.ts";

// The passkey ceremonies against the store (SQLite in the unit project, PostgreSQL in the postgres
// one: vitest.config.ts), with a software authenticator built from the WebAuthn spec: what is stored, and each
// reason a registration or an assertion is refused.

const repo = storesPerTest();
const rp = relyingParty("https://shop.example");

/** The browser that ran the ceremony: it sends back the ceremony's cookie. */
const browser = (setCookie: string) =>
  new Request("https://shop.example/admin/passkey", { method: "POST", headers: { Cookie: setCookie.split(";")[0]! } });

async function owner(): Promise<OwnerRecord> {
  await repo.createOwnerSetup("setup-hash");
  await repo.claimOwnerSetup("setup-hash", "scrypt$4096$8$1$c2FsdA==$aGFzaA==", "JBSWY3DPEHPK3PXP");
  return (await repo.getOwner())!;
}

async function registered(authenticator = new SoftAuthenticator()) {
  const { options, setCookie } = await registrationOptions(repo, rp, "owner@example.com");
  const passkey = await finishRegistration(
    repo,
    rp,
    browser(setCookie),
    authenticator.register(options, rp.origin) as never,
  );
  expect(typeof passkey).toBe("object");
  return authenticator;
}

test("registration stores the credential (id, public key, counter, transports) and never the same challenge twice", async () => {
  const authenticator = new SoftAuthenticator();
  const { options, setCookie } = await registrationOptions(repo, rp, "owner@example.com");
  expect(options.rp.id).toBe("shop.example");
  expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
  // The user handle names nobody.
  expect(Buffer.from(options.user.id, "base64url").toString()).not.toContain("owner@");
  const answer = authenticator.register(options, rp.origin) as never;
  const stored = await finishRegistration(repo, rp, browser(setCookie), answer);
  expect(stored).toMatchObject({ id: authenticator.id, counter: 0, transports: ["internal"] });
  expect((await repo.listPasskeys()).map((passkey) => passkey.id)).toEqual([authenticator.id]);
  expect(await finishRegistration(repo, rp, browser(setCookie), answer)).toBe("expired");
  // The next registration excludes the key the authenticator already holds.
  expect((await registrationOptions(repo, rp, "owner@example.com")).options.excludeCredentials).toEqual([
    { id: authenticator.id, type: "public-key", transports: ["internal"] },
  ]);
});

test("registration is refused for another origin, or without the ceremony's cookie", async () => {
  const authenticator = new SoftAuthenticator();
  const first = await registrationOptions(repo, rp, "owner@example.com");
  expect(
    await finishRegistration(
      repo,
      rp,
      browser(first.setCookie),
      authenticator.register(first.options, "https://shop.example.evil") as never,
    ),
  ).toBe("invalid");
  const second = await registrationOptions(repo, rp, "owner@example.com");
  expect(
    await finishRegistration(
      repo,
      rp,
      new Request("https://shop.example/admin/passkey", { method: "POST" }),
      authenticator.register(second.options, rp.origin) as never,
    ),
  ).toBe("expired");
  expect(await repo.listPasskeys()).toEqual([]);
});

test("sign-in verifies the signature, user verification and a counter that moves on; the challenge serves once and expires", async () => {
  const me = await owner();
  const authenticator = await registered();

  const first = await signInOptions(repo, rp);
  expect(first.options.allowCredentials ?? []).toEqual([]);
  const answer = authenticator.assert(first.options, rp.origin) as never;
  expect(await finishSignIn(repo, rp, browser(first.setCookie), answer, me)).toMatchObject({ id: authenticator.id });
  expect((await repo.findPasskey(authenticator.id))!.counter).toBe(1);
  expect((await repo.findPasskey(authenticator.id))!.lastUsedAt).not.toBeNull();
  expect(await finishSignIn(repo, rp, browser(first.setCookie), answer, me)).toBe("expired");

  // A cloned authenticator (its counter behind the stored one).
  const cloned = await signInOptions(repo, rp);
  expect(
    await finishSignIn(
      repo,
      rp,
      browser(cloned.setCookie),
      authenticator.assertWithCounter(cloned.options, rp.origin, rp.rpID, 1) as never,
      me,
    ),
  ).toBe("invalid");

  // No user verification (presence alone is one factor, not two).
  authenticator.verifiesUser = false;
  const unverified = await signInOptions(repo, rp);
  expect(
    await finishSignIn(
      repo,
      rp,
      browser(unverified.setCookie),
      authenticator.assert(unverified.options, rp.origin) as never,
      me,
    ),
  ).toBe("invalid");
  authenticator.verifiesUser = true;

  // Signed for a look-alike site's RP ID.
  const phished = await signInOptions(repo, rp);
  expect(
    await finishSignIn(
      repo,
      rp,
      browser(phished.setCookie),
      authenticator.assert(phished.options, rp.origin, "shop-example.com") as never,
      me,
    ),
  ).toBe("invalid");

  // An expired challenge.
  const late = await signInOptions(repo, rp);
  const key = (await repo.db.selectFrom("webauthn_challenges").select("id").execute()).at(-1)!.id;
  await repo.db
    .updateTable("webauthn_challenges")
    .set({ expires_at: Date.now() - 1 })
    .where("id", "=", key)
    .execute();
  expect(
    await finishSignIn(repo, rp, browser(late.setCookie), authenticator.assert(late.options, rp.origin) as never, me),
  ).toBe("expired");

  // Still fine with a fresh one.
  const fresh = await signInOptions(repo, rp);
  expect(
    await finishSignIn(repo, rp, browser(fresh.setCookie), authenticator.assert(fresh.options, rp.origin) as never, me),
  ).toMatchObject({ id: authenticator.id });
});

test("no owner, or a key the site does not know: refused", async () => {
  const authenticator = await registered();
  const options = await signInOptions(repo, rp);
  expect(
    await finishSignIn(
      repo,
      rp,
      browser(options.setCookie),
      authenticator.assert(options.options, rp.origin) as never,
      undefined,
    ),
  ).toBe("invalid");
  const me = await owner();
  const stranger = new SoftAuthenticator();
  const again = await signInOptions(repo, rp);
  expect(
    await finishSignIn(repo, rp, browser(again.setCookie), stranger.assert(again.options, rp.origin) as never, me),
  ).toBe("invalid");
});
