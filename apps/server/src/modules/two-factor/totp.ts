import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
const PERIOD = 30;
const ISSUER = 'Candor';

function totpOf(secretBase32: string, label = '') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret, base32 (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the enrolment page shows once: the otpauth URI, as a QR code (SVG data URL) too. */
export async function describeSecret(secretBase32: string, username: string) {
  const uri = totpOf(secretBase32, username).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
  };
}

/**
 * The time step `code` belongs to, one step either side of now allowed for a clock that drifts,
 * or null when it matches none. The caller refuses a step already used (no replay).
 */
export function matchingStep(
  secretBase32: string,
  code: string,
  nowMs = Date.now(),
): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp: nowMs }) + delta;
}
