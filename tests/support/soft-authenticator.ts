import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A software passkey authenticator for tests over HTTP: what a phone's platform authenticator
 * sends, built from the WebAuthn spec (https://www.w3.org/TR/webauthn-3/#sctn-authenticator-data):
 * a P-256 key pair, a "none" attestation, assertions signed over authenticatorData ‖ SHA-256(clientDataJSON),
 * user present and verified. Independent of the server's library (it only checks what this makes).
 */

/** The few CBOR items a COSE key and an attestation object need (RFC 8949). */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65_536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map)
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`cbor: unsupported ${typeof value}`);
}

const b64url = (bytes: Buffer) => bytes.toString("base64url");
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 };

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  userHandle: string | undefined;
  /** Whether the authenticator reports user verification (the screen lock); a security key may not. */
  verifiesUser = true;

  constructor() {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" }));
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: "jwk" });
    return cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() answered, as the browser serialises it (RegistrationResponseJSON). */
  register(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    origin: string,
    rpId = options.rp.id ?? new URL(origin).hostname,
  ) {
    this.userHandle = options.user.id;
    const counter = Buffer.alloc(4);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAGS.up | FLAGS.uv | FLAGS.at]),
      counter,
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** navigator.credentials.get() answered (AuthenticationResponseJSON); `rpId` lets a test sign for another site. */
  assert(
    options: { challenge: string; rpId?: string },
    origin: string,
    rpId = options.rpId ?? new URL(origin).hostname,
  ) {
    this.counter++;
    return this.assertWithCounter(options, origin, rpId, this.counter);
  }

  /** An assertion carrying a given signature counter (a cloned authenticator's would go backwards). */
  assertWithCounter(options: { challenge: string }, origin: string, rpId: string, signCount: number) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(signCount);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAGS.up | (this.verifiesUser ? FLAGS.uv : 0)]),
      counter,
    ]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, origin);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
